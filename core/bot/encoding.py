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


def kind_of(side: Sequence[int], other: Sequence[int]) -> str:
    """The kind of the position ``side`` on roll against ``other`` (own numberings, index 24 the bar):
    ``race``, ``crashed`` or ``contact``, as :mod:`core.bot.kinds` chooses the net."""
    s_t, o_t = _as_tuple(side), _as_tuple(other)
    s, o = _side(s_t), _side(o_t)
    if _race(s, o):
        return "race"
    if s.held >= 2 or o.held >= 2 or s_t[0] + s_t[1] + s_t[2] >= 6 or o_t[0] + o_t[1] + o_t[2] >= 6:
        return "crashed"
    return "contact"


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


# -- inputs by kind of position (issue #56) ----------------------------------------------------
# The crashed and race nets read encoder 2's inputs and a few of their own, appended after them, the
# side on roll's then the other's (so a net of encoder 2 extended with zero rows for them is the same
# net: each kind's net can start from the contact net and learn only what its kind adds).
#
# Crashed positions (back games, crunched boards: :func:`core.bot.kinds.kind_of`). The published
# descriptions these follow: H. Berliner, "Backgammon computer program beats world champion",
# Artificial Intelligence 14 (1980), whose BKG program rated positions by features such as the
# difficulty of entering from the bar and the freedom of movement left before a board must break;
# and the list of inputs of GNU Backgammon's crashed net in its documentation (entering ("enter"),
# timing and free pips, back-game anchors ("backg"), the board's spares). Written here from those
# descriptions, in our own terms, per side:
#
# * ``dance``: the chance of failing to enter a checker from the bar against the other's home board,
#   ``(points it holds there / 6) ** 2``;
# * ``deep``: checkers on the side's own 1, 2 and 3 points / 15 (how far its board has crunched);
# * ``spares``: checkers beyond two on its 4, 5 and 6 points / 10 (moves it can make without
#   breaking its best home points);
# * ``deep_anchors``: points held on the other's 1, 2 and 3 points / 3 (a back game's anchors);
# * ``outfield``: checkers on its 7 to 18 points / 15;
# * ``free_pips``: the pips of those outfield checkers to their home board / 100 (what it can play
#   while its back checkers wait: the back game's timing, without them).
#
# Races (no contact left). Published race counts: Tom Keith's count (pips, plus 2 for each checker
# beyond one on the 1 point, 1 for each beyond one on the 2 point, 1 for each beyond three on the 3
# point, 1 for each empty 4, 5 or 6 point; "Keith count", bkgm.com, 2004), Edward O. Thorp's count
# (pips, plus 2 per checker left, plus the checkers on the 1 point, less the home points occupied;
# Thorp, "Backgammon: The Optimal Strategy for the Pure Running Game", 1975), and the crossovers
# of the bear-in (each checker crosses a quadrant boundary for each 6-point quadrant between it and
# home, Robertie's "crossovers"); per side:
#
# * ``keith`` / 167; ``thorp`` / 200; ``crossovers`` / 30; ``outside``: checkers not yet home / 15;
# * ``unsaved``: while the side has borne off nothing, the pips its checkers still need to reach
#   home / 60 (what a gammon against it turns on); 0 once a checker is off.

CRASHED_NAMES = ("dance", "deep", "spares", "deep_anchors", "outfield", "free_pips")
RACE_NAMES = ("keith", "thorp", "crossovers", "outside", "unsaved")
KIND_INPUT = NUM_INPUTS_V2
"""Index of the first kind input of encoders 3 and 4 (after encoder 2's 223)."""
NUM_INPUTS_V3 = NUM_INPUTS_V2 + 2 * len(CRASHED_NAMES)  # 235
NUM_INPUTS_V4 = NUM_INPUTS_V2 + 2 * len(RACE_NAMES)  # 233


@lru_cache(maxsize=1 << 16)
def crashed_inputs(side: tuple[int, ...], other_home: int) -> tuple[float, ...]:
    """The crashed net's own inputs (:data:`CRASHED_NAMES`) of ``side`` (own numbering, 24: the bar),
    the other side holding ``other_home`` points of its home board.

    >>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    >>> [round(v, 3) for v in crashed_inputs(start, 1)]
    [0.028, 0.0, 0.3, 0.333, 0.533, 0.41]
    """
    outfield = sum(side[6:18])
    return (
        (other_home / 6.0) ** 2,
        (side[0] + side[1] + side[2]) / 15.0,
        sum(max(0, n - 2) for n in side[3:6]) / 10.0,
        sum(1 for n in side[21:24] if n >= 2) / 3.0,
        outfield / 15.0,
        sum(side[i] * (i - 5) for i in range(6, 18)) / 100.0,
    )


def keith_count(side: Sequence[int]) -> int:
    """Tom Keith's race count of ``side`` (own numbering, 24: the bar, 25 pips a checker).

    >>> keith_count((3, 3, 3) + (0,) * 22)  # 18 pips + 4 + 2 + 0 + 3 empty points
    27
    """
    pips = sum((i + 1) * n for i, n in enumerate(side[:24])) + 25 * side[24]
    return (pips + 2 * max(0, side[0] - 1) + max(0, side[1] - 1) + max(0, side[2] - 3)
            + sum(1 for n in side[3:6] if n == 0))


def thorp_count(side: Sequence[int]) -> int:
    """Edward O. Thorp's race count of ``side``: pips + 2 per checker left + the checkers on the
    1 point - the home points occupied.

    >>> thorp_count((3, 3, 3) + (0,) * 22)  # 18 + 18 + 3 - 3
    36
    """
    pips = sum((i + 1) * n for i, n in enumerate(side[:24])) + 25 * side[24]
    return pips + 2 * sum(side) + side[0] - sum(1 for n in side[:6] if n)


@lru_cache(maxsize=1 << 16)
def race_inputs(side: tuple[int, ...]) -> tuple[float, ...]:
    """The race net's own inputs (:data:`RACE_NAMES`) of ``side`` (own numbering, 24: the bar).

    >>> [round(v, 3) for v in race_inputs((3, 3, 3) + (0,) * 9 + (1,) + (0,) * 12)]  # 5 checkers off
    [0.24, 0.255, 0.067, 0.067, 0.0]
    >>> race_inputs((12, 0, 0, 0, 0, 0, 3) + (0,) * 18)[4] * 60  # none off: 3 pips to come home
    3.0
    """
    left = sum(side)
    cross = sum(n * min(i // 6, 4) for i, n in enumerate(side[:24])) + 4 * side[24]
    outside = left - sum(side[:6])
    unsaved = sum(side[i] * (i - 5) for i in range(6, 24)) + 19 * side[24] if left == 15 else 0
    return (keith_count(side) / 167.0, thorp_count(side) / 200.0, cross / 30.0, outside / 15.0, unsaved / 60.0)


def _extra(values: tuple[float, ...], base: int, out: list[tuple[int, float]]) -> None:
    for k, v in enumerate(values):
        if v:
            out.append((base + k, v))


def encode_v3(side: Sequence[int], other: Sequence[int]) -> list[tuple[int, float]]:
    """The crashed net's inputs (encoder 3): :func:`encode_v2`, then both sides' :func:`crashed_inputs`."""
    side, other = _as_tuple(side), _as_tuple(other)
    out = encode_v2(side, other)
    s_home = sum(1 for n in side[:6] if n >= 2)
    o_home = sum(1 for n in other[:6] if n >= 2)
    _extra(crashed_inputs(side, o_home), KIND_INPUT, out)
    _extra(crashed_inputs(other, s_home), KIND_INPUT + len(CRASHED_NAMES), out)
    return out


def encode_v4(side: Sequence[int], other: Sequence[int]) -> list[tuple[int, float]]:
    """The race net's inputs (encoder 4): :func:`encode_v2`, then both sides' :func:`race_inputs`."""
    side, other = _as_tuple(side), _as_tuple(other)
    out = encode_v2(side, other)
    _extra(race_inputs(side), KIND_INPUT, out)
    _extra(race_inputs(other), KIND_INPUT + len(RACE_NAMES), out)
    return out


ENCODERS[3] = (encode_v3, NUM_INPUTS_V3)
ENCODERS[4] = (encode_v4, NUM_INPUTS_V4)
