"""Neural-net inputs for a position, seen from the player on roll.

The inputs follow the field's style (TD-Gammon's published encoding) plus a few
expert features. For each side, in that side's own numbering, a block of
:data:`SIDE_INPUTS` values:

* 24 points x 4 units, truncated unary: ``n >= 1``, ``n >= 2``, ``n >= 3``,
  ``(n - 3) / 2`` when ``n > 3``;
* checkers on the bar / 2, checkers borne off / 15;
* pip count / 167;
* shots: how many of the 36 rolls let the other side hit one of this side's
  blots (direct or indirect, blocking ignored), / 36;
* home-board points made / 6; longest run of made points / 6;
* back checkers (on the other side's home board or the bar) / 5.

The side on roll's block comes first, then the other side's, then one unit that
is 1 in a pure race (no contact left). The input vector is sparse: :func:`encode`
returns only the nonzero ``(index, value)`` pairs.

Encoder version 2 (:func:`encode_v2`) appends the expert features of
:mod:`core.bot.features` (:data:`~core.bot.features.FEATURE_NAMES`), the side on
roll's then the other side's, after those 207 inputs. A weights file names the
encoder its net was trained with (:data:`ENCODERS`).

>>> from core.position import Position
>>> pairs = encode(Position.initial().player, Position.initial().opponent)
>>> len(pairs), NUM_INPUTS
(34, 207)
>>> len(encode_v2(Position.initial().player, Position.initial().opponent)), ENCODERS[2][1]
(46, 223)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .features import NUM_FEATURES, side_features

POINT_UNITS = 4
SIDE_INPUTS = 24 * POINT_UNITS + 7  # 103
NUM_INPUTS = 2 * SIDE_INPUTS + 1  # 207
RACE_INPUT = 2 * SIDE_INPUTS

# offsets inside a side's block
BAR_INPUT = 96
OFF_INPUT = 97
PIPS_INPUT = 98
SHOTS_INPUT = 99
HOME_INPUT = 100
PRIME_INPUT = 101
BACK_INPUT = 102


def _roll_masks() -> tuple[int, ...]:
    """For each distance 0..24, the set (36-bit mask) of ordered rolls that move one checker that far."""
    masks = [0] * 25
    for a in range(1, 7):
        for b in range(1, 7):
            bit = 1 << ((a - 1) * 6 + (b - 1))
            reach = {a, b}
            if a == b:
                reach |= {2 * a, 3 * a, 4 * a}
            else:
                reach.add(a + b)
            for d in reach:
                if d <= 24:
                    masks[d] |= bit
    return tuple(masks)


ROLL_MASKS = _roll_masks()


def shots(side: Sequence[int], other: Sequence[int]) -> int:
    """How many of the 36 rolls let ``other`` hit a blot of ``side`` (blocking ignored).

    Both sides in their own numbering; ``other``'s point ``j`` is ``side``'s ``25 - j``,
    its bar is ``side``'s point 0.

    >>> shots((0,) * 5 + (1,) + (0,) * 19, (0,) * 24 + (1,))  # a blot on our 6, one on their bar
    17
    """
    mask = 0
    blots = [p for p in range(1, 25) if side[p - 1] == 1]
    if not blots:
        return 0
    hitters = [24 - j for j in range(24) if other[j]]  # side's point numbers
    if other[24]:
        hitters.append(0)
    for p in blots:
        for q in hitters:
            if q < p:
                mask |= ROLL_MASKS[p - q]
    return mask.bit_count()


def _side_features(side: Sequence[int], other: Sequence[int], base: int, out: list[tuple[int, float]]) -> None:
    """Append the nonzero inputs of one side's block (starting at ``base``)."""
    on_board = 0
    pips = 0
    run = best = home = 0
    for i in range(24):
        n = side[i]
        if n:
            j = base + 4 * i
            out.append((j, 1.0))
            if n > 1:
                out.append((j + 1, 1.0))
                if n > 2:
                    out.append((j + 2, 1.0))
                    if n > 3:
                        out.append((j + 3, (n - 3) / 2.0))
            on_board += n
            pips += n * (i + 1)
        if n >= 2:
            run += 1
            if run > best:
                best = run
            if i < 6:
                home += 1
        else:
            run = 0
    bar = side[24]
    if bar:
        out.append((base + BAR_INPUT, bar / 2.0))
        on_board += bar
        pips += 25 * bar
    if on_board < 15:
        out.append((base + OFF_INPUT, (15 - on_board) / 15.0))
    if pips:
        out.append((base + PIPS_INPUT, pips / 167.0))
    s = shots(side, other)
    if s:
        out.append((base + SHOTS_INPUT, s / 36.0))
    if home:
        out.append((base + HOME_INPUT, home / 6.0))
    if best:
        out.append((base + PRIME_INPUT, best / 6.0))
    back = bar + sum(side[18:24])
    if back:
        out.append((base + BACK_INPUT, back / 5.0))


def is_race(side: Sequence[int], other: Sequence[int]) -> bool:
    """True when no contact is left (each side's checkers have all passed the other's)."""
    a = max((i for i in range(25) if side[i]), default=-1)
    b = max((i for i in range(25) if other[i]), default=-1)
    if a < 0 or b < 0:
        return True
    return a + b < 23


def encode(side: Sequence[int], other: Sequence[int]) -> list[tuple[int, float]]:
    """Nonzero inputs ``(index, value)`` for ``side`` on roll against ``other`` (own numberings)."""
    out: list[tuple[int, float]] = []
    _side_features(side, other, 0, out)
    _side_features(other, side, SIDE_INPUTS, out)
    if is_race(side, other):
        out.append((RACE_INPUT, 1.0))
    return out


def encode_dense(side: Sequence[int], other: Sequence[int]) -> list[float]:
    """The full input vector (for tests and tools)."""
    x = [0.0] * NUM_INPUTS
    for i, v in encode(side, other):
        x[i] = v
    return x


FEATURE_INPUT = NUM_INPUTS
"""Index of the first expert feature in encoder version 2 (the side on roll's, then the other's)."""
NUM_INPUTS_V2 = NUM_INPUTS + 2 * NUM_FEATURES  # 223


def encode_v2(side: Sequence[int], other: Sequence[int]) -> list[tuple[int, float]]:
    """:func:`encode` followed by both sides' expert features (encoder version 2), nonzero pairs only."""
    out = encode(side, other)
    k = FEATURE_INPUT
    for v in side_features(side, other):
        if v:
            out.append((k, v))
        k += 1
    for v in side_features(other, side):
        if v:
            out.append((k, v))
        k += 1
    return out


Encoder = Callable[[Sequence[int], Sequence[int]], list[tuple[int, float]]]
ENCODERS: dict[int, tuple[Encoder, int]] = {1: (encode, NUM_INPUTS), 2: (encode_v2, NUM_INPUTS_V2)}
"""Encoder version -> (encoding function, number of inputs)."""
