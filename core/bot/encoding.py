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

Both encoders work from a cached summary of each side alone (its point inputs, blots, made
points, anchors, timing, where it stands): the candidate plays of a move leave one side as it
was and reach many sides more than once, so most of the work is done once per distinct side.

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
from functools import lru_cache
from operator import mul
from typing import NamedTuple

from .features import NUM_FEATURES, escapes_from, hit_risk_of, rearmost

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


class _Side(NamedTuple):
    """What the encoding needs of one side alone, computed once per distinct side (cached):
    most candidate plays of a move leave one side as it was, and many reach the same sides."""

    raw: tuple[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...]]
    """The side's block without its shots input, at base 0 and at base :data:`SIDE_INPUTS`."""
    blots: tuple[int, ...]
    """Points (own numbers, ascending) holding one checker."""
    made: tuple[int, ...]
    """Points (own numbers, ascending) holding two or more."""
    attack: tuple[int, ...]
    """The other side's point numbers this side's checkers stand on, ascending (0: the bar)."""
    rearmost: int
    """The rearmost checker's point (25: the bar; 0: none left)."""
    held: int
    """Points held in the other side's home board (anchors)."""
    advanced: int
    """The most advanced anchor as the other side's point number (1..6), 0 when none."""
    timing: float
    """:func:`core.bot.features.timing`, scaled as the feature input (/ 100)."""


@lru_cache(maxsize=1 << 16)
def _side(side: tuple[int, ...]) -> _Side:
    pairs: list[tuple[int, float]] = []
    on_board = pips = run = best = home = 0
    blots: list[int] = []
    made: list[int] = []
    for i in range(24):
        n = side[i]
        if n:
            j = 4 * i
            pairs.append((j, 1.0))
            if n > 1:
                pairs.append((j + 1, 1.0))
                if n > 2:
                    pairs.append((j + 2, 1.0))
                    if n > 3:
                        pairs.append((j + 3, (n - 3) / 2.0))
            on_board += n
            pips += n * (i + 1)
            if n == 1:
                blots.append(i + 1)
        if n >= 2:
            made.append(i + 1)
            run += 1
            if run > best:
                best = run
            if i < 6:
                home += 1
        else:
            run = 0
    bar = side[24]
    if bar:
        pairs.append((BAR_INPUT, bar / 2.0))
        on_board += bar
        pips += 25 * bar
    if on_board < 15:
        pairs.append((OFF_INPUT, (15 - on_board) / 15.0))
    if pips:
        pairs.append((PIPS_INPUT, pips / 167.0))
    if home:
        pairs.append((HOME_INPUT, home / 6.0))
    if best:
        pairs.append((PRIME_INPUT, best / 6.0))
    back = bar + sum(side[18:24])
    if back:
        pairs.append((BACK_INPUT, back / 5.0))
    attack = sorted(25 - r for r in range(1, 25) if side[r - 1])
    if bar:
        attack.insert(0, 0)
    held = [r for r in made if r >= 19]
    return _Side(
        raw=(tuple(pairs), tuple([(j + SIDE_INPUTS, v) for j, v in pairs])),
        blots=tuple(blots),
        made=tuple(made),
        attack=tuple(attack),
        rearmost=rearmost(side),
        held=len(held),
        advanced=25 - held[0] if held else 0,
        timing=(sum(map(mul, side[6:24], range(1, 19))) + 19 * bar) / 100.0,
    )


@lru_cache(maxsize=1 << 16)
def _shots(blots: tuple[int, ...], attack: tuple[int, ...]) -> int:
    """:func:`shots` from the blots and the other side's checkers (our numbers, 0: its bar)."""
    mask = 0
    for p in blots:
        for q in attack:
            if q >= p:
                break
            mask |= ROLL_MASKS[p - q]
    return mask.bit_count()


def _block(s: _Side, o: _Side, upper: int, out: list[tuple[int, float]]) -> None:
    """Append one side's block (``upper``: 0 for the side on roll, 1 for the other)."""
    out += s.raw[upper]
    if s.blots and o.attack:
        n = _shots(s.blots, o.attack)
        if n:
            out.append((SIDE_INPUTS * upper + SHOTS_INPUT, n / 36.0))


def _as_tuple(side: Sequence[int]) -> tuple[int, ...]:
    return side if type(side) is tuple else tuple(side)


def _race(s: _Side, o: _Side) -> bool:
    # no contact: a side has no checker left, or each side's rearmost has passed the other's
    return not s.rearmost or not o.rearmost or s.rearmost + o.rearmost < 25


def is_race(side: Sequence[int], other: Sequence[int]) -> bool:
    """True when no contact is left (each side's checkers have all passed the other's)."""
    return _race(_side(_as_tuple(side)), _side(_as_tuple(other)))


def _encode(s: _Side, o: _Side) -> list[tuple[int, float]]:
    out: list[tuple[int, float]] = []
    _block(s, o, 0, out)
    _block(o, s, 1, out)
    if _race(s, o):
        out.append((RACE_INPUT, 1.0))
    return out


def encode(side: Sequence[int], other: Sequence[int]) -> list[tuple[int, float]]:
    """Nonzero inputs ``(index, value)`` for ``side`` on roll against ``other`` (own numberings)."""
    return _encode(_side(_as_tuple(side)), _side(_as_tuple(other)))


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
    """:func:`encode` followed by both sides' expert features (encoder version 2), nonzero pairs only.

    The features are :func:`core.bot.features.side_features`, computed here from the cached
    per-side summaries (tests check both ways agree)."""
    side, other = _as_tuple(side), _as_tuple(other)
    s, o = _side(side), _side(other)
    out = _encode(s, o)
    _features(s, o, side, FEATURE_INPUT, out)
    _features(o, s, other, FEATURE_INPUT + NUM_FEATURES, out)
    return out


def _features(s: _Side, o: _Side, side: tuple[int, ...], base: int, out: list[tuple[int, float]]) -> None:
    """Append the nonzero expert features of side ``s`` (``side`` its counts) against ``o``."""
    p = s.rearmost
    esc = _escapes_against(p, o.made) if p and o.made else 36
    if esc:
        out.append((base, esc / 36.0))
    if s.blots and o.attack:
        hits, lost = _risk(s.blots, o.attack, s.made)
        if hits:
            out.append((base + 1, hits / 36.0))
            out.append((base + 2, lost / 25.0))
    if s.held:
        out.append((base + 3, s.held / 3.0))
        out.append((base + 4, s.advanced / 6.0))
    s0 = 25 - o.rearmost  # our point number of the other's rearmost checker (0: its bar)
    best = _prime_above(s.made, s0) if s0 < 25 and s.made else 0
    if best:
        out.append((base + 5, best / 6.0))
    if s.timing:
        out.append((base + 6, s.timing))
    near = sum(side[s0:25]) if s0 < 25 else 0
    if near:
        out.append((base + 7, near / 15.0))


@lru_cache(maxsize=1 << 16)
def _escapes_against(p: int, other_made: tuple[int, ...]) -> int:
    """:func:`core.bot.features.escapes` of a checker on our point ``p`` against the other's made points."""
    return escapes_from(p, tuple(sorted(25 - m for m in other_made if 25 - m < p)))


@lru_cache(maxsize=1 << 16)
def _risk(blots: tuple[int, ...], attack: tuple[int, ...], made: tuple[int, ...]) -> tuple[int, float]:
    """:func:`core.bot.features.hit_risk` from the cached summaries of both sides."""
    top = blots[-1]
    hitters = (0,) if attack[0] == 0 else tuple([q for q in attack if q < top])
    return hit_risk_of(blots, hitters, tuple([r for r in made if r < top]))


@lru_cache(maxsize=1 << 16)
def _prime_above(made: tuple[int, ...], s0: int) -> int:
    """The longest run of consecutive points in ``made`` above point ``s0``."""
    run = best = 0
    last = -1
    for r in made:
        if r <= s0:
            continue
        run = run + 1 if r == last + 1 else 1
        last = r
        if run > best:
            best = run
    return best


Encoder = Callable[[Sequence[int], Sequence[int]], list[tuple[int, float]]]
ENCODERS: dict[int, tuple[Encoder, int]] = {1: (encode, NUM_INPUTS), 2: (encode_v2, NUM_INPUTS_V2)}
"""Encoder version -> (encoding function, number of inputs)."""
