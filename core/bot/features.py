"""Expert features of a position, for the net's inputs (pure Python, stdlib only).

Written from the published descriptions of the field (Berliner's BKG and the features
that TD-Gammon's successors added to the raw board), not from any program's code. Each
function takes two sides in their own numbering, as :class:`core.position.Position`
stores them: ``side[i]`` is the count on the side's point ``i + 1`` and ``side[24]`` its
bar; the other side's point ``j`` is ``side``'s point ``25 - j``. A side moves from
its 24-point towards its 1-point; a point with two or more checkers is *made* and
blocks the other side.

* :func:`escapes`: rolls (of 36) that let the rearmost checker get past the other
  side's made points ahead of it (its blockade);
* :func:`hit_risk`: rolls that hit one of the side's blots with blocking taken into
  account, and the pips the side expects to lose to those hits;
* :func:`anchors`: points held in the other's home board, and how far forward;
* :func:`blocking_prime`: the longest run of made points that the other's rearmost
  checker still has to pass;
* :func:`timing`: pips the side can still play before all its checkers are home;
* :func:`contact`: the side's checkers not yet past the other's rearmost checker.

:func:`side_features` gathers them, scaled to about 0..1, as :data:`FEATURE_NAMES`.

>>> from core.position import Position
>>> start = Position.initial()
>>> [round(v, 3) for v in side_features(start.player, start.opponent)]
[0.417, 0.0, 0.0, 0.333, 0.167, 0.167, 0.77, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import mul

FEATURE_NAMES = (
    "escapes",
    "shots",
    "pips_lost",
    "anchors",
    "advanced_anchor",
    "blocking_prime",
    "timing",
    "contact",
)
NUM_FEATURES = len(FEATURE_NAMES)


def _rolls() -> tuple[tuple[int, int, int], ...]:
    """The 36 ordered rolls as (bit, die 1, die 2); bit ``(a - 1) * 6 + (b - 1)``."""
    return tuple(((a - 1) * 6 + (b - 1), a, b) for a in range(1, 7) for b in range(1, 7))


ROLLS36 = _rolls()


def _hit_ways() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """For each distance 1..24: (roll bit, intermediate landing offsets) of every way one checker covers it."""
    ways: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(25)]
    for bit, a, b in ROLLS36:
        if a == b:
            for k in range(1, 5):
                if k * a <= 24:
                    ways[k * a].append((bit, tuple(i * a for i in range(1, k))))
        else:
            ways[a].append((bit, ()))
            ways[b].append((bit, ()))
            ways[a + b].append((bit, (a,)))
            ways[a + b].append((bit, (b,)))
    return tuple(tuple(w) for w in ways)


_HIT_WAYS = _hit_ways()
# the same, split: rolls that cover the distance with one die (no landing on the way), and the
# ways that land on the way (checked against blocks), as bit masks
_DIRECT = tuple(sum(1 << bit for bit, steps in set(ways) if not steps) for ways in _HIT_WAYS)
# ... and with the landing offsets on the way as a bit mask (bit s: lands s pips past the hitter)
_VIA_MASKS = tuple(tuple((1 << bit, sum(1 << s for s in steps)) for bit, steps in ways if steps) for ways in _HIT_WAYS)


def _made_by_other(other: Sequence[int]) -> list[bool]:
    """``made[r]`` for ``side``'s point r (1..24): the other side holds it (index 0 unused)."""
    return [False] + [other[24 - r] >= 2 for r in range(1, 25)]


def rearmost(side: Sequence[int]) -> int:
    """The side's rearmost checker: its point (25 for the bar), 0 when none is left.

    >>> rearmost([0] * 12 + [2] + [0] * 12), rearmost([0] * 24 + [1]), rearmost([0] * 25)
    (13, 25, 0)
    """
    for i in range(24, -1, -1):
        if side[i]:
            return i + 1
    return 0


def escapes(side: Sequence[int], other: Sequence[int]) -> int:
    """Rolls (of 36) with which ``side``'s rearmost checker, moving alone, gets past every
    point the other side has made on its half of the board (its home and outer boards,
    our points 13..24) ahead of the checker, landing only on open points.

    36 when nothing blocks it (no made point of the other's there, ahead of the checker).

    >>> empty = [0] * 25
    >>> back = list(empty); back[23] = 1                 # one checker on our 24-point
    >>> wall = list(empty)
    >>> for j in (2, 3, 4, 5, 6, 7): wall[j - 1] = 2     # their 2..7 points: our 23..18, a full prime
    >>> escapes(back, wall)
    0
    >>> wall[2 - 1] = 0                                  # open their 2-point (our 23): 1 then 6 jumps out
    >>> escapes(back, wall)
    2
    >>> escapes(back, empty)
    36
    """
    # a checker that still has made points ahead of it is on our 14..25 and moves at most
    # 24 pips, always stopping on a point >= 1 on the way out: only the made points below it count
    p = rearmost(side)
    if p == 0:
        return 36
    return escapes_from(p, tuple([r for r in range(1, p) if other[24 - r] >= 2]))


@lru_cache(maxsize=1 << 15)
def escapes_from(p: int, made_below: tuple[int, ...]) -> int:
    """:func:`escapes` of a checker on point ``p`` with the other's made points ``made_below``
    (our numbers, all below ``p``); cached, as a move's candidates share most of their blockades.

    >>> escapes_from(24, (18, 19, 20, 21, 22, 23)), escapes_from(24, (18, 19, 20, 21, 22)), escapes_from(24, ())
    (0, 2, 36)
    """
    ahead = [r for r in made_below if r >= 13]
    if not ahead:
        return 36
    target = min(ahead)  # land below this point
    made = [False] * 26
    for r in made_below:
        made[r] = True
    count = 0
    for _bit, a, b in ROLLS36:
        if a == b:
            q = p
            for _ in range(4):
                q -= a
                if made[q]:
                    break
                if q < target:
                    count += 1
                    break
        else:
            for first, second in ((a, b), (b, a)):
                q = p - first
                if made[q]:
                    continue
                if q < target or (q - second < target and not made[q - second]):
                    count += 1
                    break
    return count


def hit_risk(side: Sequence[int], other: Sequence[int]) -> tuple[int, float]:
    """(rolls of 36 that let the other side hit one of ``side``'s blots, expected pips lost).

    A hit moves one checker of the other's (its bar counts as our point 0) onto the blot,
    each landing point on the way open (not made by ``side``); a bar checker can hit only
    where it enters. The pips lost on a roll are those of the most advanced blot hit
    (a blot on our point ``p`` goes back to the bar: ``25 - p`` pips); the expectation is
    over the 36 rolls.

    >>> side = [0] * 25; side[5] = 1                     # a blot on our 6-point
    >>> other = [0] * 25; other[24 - 1] = 1              # one checker on their 24 (our 1)
    >>> hit_risk(side, other)                            # 5 away: 11 direct and 4 combined rolls
    (15, 7.916...)
    >>> side[2] = side[3] = 2                            # make our 3 and 4: a 2-3 must stop on one of them
    >>> hit_risk(side, other)[0]
    13
    """
    blots = tuple([p for p in range(1, 25) if side[p - 1] == 1])
    if not blots:
        return 0, 0.0
    if other[24]:
        hitters: tuple[int, ...] = (0,)  # the other must enter first: only its bar checkers hit
    else:
        hitters = tuple([25 - j for j in range(1, 25) if other[j - 1] and 25 - j < blots[-1]])  # our numbers
    blocks = tuple([r for r in range(1, blots[-1]) if side[r - 1] >= 2])
    return hit_risk_of(blots, hitters, blocks)


@lru_cache(maxsize=1 << 16)
def hit_risk_of(blots: tuple[int, ...], hitters: tuple[int, ...], blocks: tuple[int, ...]) -> tuple[int, float]:
    """:func:`hit_risk` from the blots, the hitters' points and the side's made points, all in
    ``side``'s numbers, ascending (a hitter on the bar is point 0); cached.

    >>> hit_risk_of((6,), (1,), ())
    (15, 7.916...)
    >>> hit_risk_of((6,), (1,), (3, 4))[0]
    13
    """
    made = 0  # bit r: our point r is made
    for r in blocks:
        made |= 1 << r
    covered = 0
    lost = 0.0
    for p in blots:  # from our 1-point up: the most advanced blot (most pips to lose) first
        mask = 0
        for q in hitters:
            if q >= p:
                continue
            d = p - q
            mask |= _DIRECT[d]
            for bit, steps in _VIA_MASKS[d]:
                if not mask & bit and not made & (steps << q):
                    mask |= bit
        new = mask & ~covered
        if new:
            lost += new.bit_count() * (25 - p)
            covered |= new
    return covered.bit_count(), lost / 36.0


def anchors(side: Sequence[int]) -> tuple[int, int]:
    """(points the side holds in the other's home board, the most advanced of them as the
    other's point number 1..6, 0 when none).

    >>> side = [0] * 25; side[19] = 2; side[23] = 2       # our 20 and 24: their 5 and 1
    >>> anchors(side)
    (2, 5)
    """
    held = [25 - r for r in range(19, 25) if side[r - 1] >= 2]
    return len(held), max(held, default=0)


def is_back_game(player: Sequence[int], opponent: Sequence[int]) -> bool:
    """Whether either side holds two or more points in the other's home board (a back game).

    >>> side = [0] * 25; side[19] = 2; side[23] = 2       # our 20 and 24: their 5 and 1
    >>> is_back_game(side, [0] * 25), is_back_game([0] * 25, side)
    (True, True)
    >>> is_back_game([0] * 25, [0] * 25)
    False
    """
    return anchors(player)[0] >= 2 or anchors(opponent)[0] >= 2


def blocking_prime(side: Sequence[int], other: Sequence[int]) -> int:
    """The longest run of ``side``'s made points that the other's rearmost checker still has to pass.

    >>> side = [0] * 25
    >>> for r in (4, 5, 6, 7, 8): side[r - 1] = 2          # a 5-prime on our 4..8
    >>> other = [0] * 25; other[22] = 2                     # their 23 (our 2): behind it
    >>> blocking_prime(side, other)
    5
    >>> other = [0] * 25; other[18] = 2                     # their 19 (our 6): past our 4, 5
    >>> blocking_prime(side, other)
    2
    """
    s0 = 25 - rearmost(other)  # our point number of the other's rearmost checker (0: bar)
    if s0 >= 25:
        return 0
    run = best = 0
    for r in range(s0 + 1, 25):
        if side[r - 1] >= 2:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def timing(side: Sequence[int]) -> int:
    """Pips the side can play before every checker is in its home board (bar: 19 each).

    >>> timing([0] * 7 + [3] + [0] * 17)                    # three on the 8-point
    6
    """
    return sum(side[i] * (i - 5) for i in range(6, 24)) + 19 * side[24]


def contact(side: Sequence[int], other: Sequence[int]) -> int:
    """The side's checkers that have not yet passed the other's rearmost checker (0 in a race).

    >>> from core.position import Position
    >>> start = Position.initial()
    >>> contact(start.player, start.opponent)
    15
    """
    s0 = 25 - rearmost(other)
    return sum(side[s0:25]) if s0 < 25 else 0


def side_features(side: Sequence[int], other: Sequence[int]) -> list[float]:
    """:data:`FEATURE_NAMES` for ``side``, scaled to about 0..1 (the functions above, sharing their work)."""
    shots, lost = hit_risk(side, other)
    p = rearmost(side)
    esc = 36 if p == 0 else escapes_from(p, tuple([r for r in range(1, p) if other[24 - r] >= 2]))
    held = [r for r in range(19, 25) if side[r - 1] >= 2]  # our 19..24: their 6..1
    s0 = 25 - rearmost(other)  # our point number of the other's rearmost checker (0: bar)
    best = 0
    if s0 < 25:
        run = 0
        for n in side[s0:24]:
            if n >= 2:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
    return [
        esc / 36.0,
        shots / 36.0,
        lost / 25.0,
        len(held) / 3.0,
        (25 - held[0] if held else 0) / 6.0,
        best / 6.0,
        (sum(map(mul, side[6:24], _TIMING_PIPS)) + 19 * side[24]) / 100.0,
        (sum(side[s0:25]) if s0 < 25 else 0) / 15.0,
    ]


_TIMING_PIPS = range(1, 19)
