"""The compiled training engine (numba): move generation, the net's inputs, the net and self-play.

Everything a game needs between two rolls runs here as machine code, one game after another on
one core, with no Python object per play: the legal plays of a roll (the same plays, in the same
order, as :func:`core.moves.legal_results`), the inputs of :mod:`core.bot.encoding` (encoder 1 or
2, with the expert features of :mod:`core.bot.features`), the net of :mod:`core.bot.net`, the
0-ply evaluation of :class:`core.bot.evaluator.Evaluator` (exact results of finished games, no
gammon lost once a checker is off, the one-sided bear-off database when both sides bear off) and
the choice of the best play at 0-ply (ties: the first play generated, as the core), with a cache
of the positions met again (:data:`CACHE`). Tested equal to the core (``tests/bot/test_fast.py``):
plays, inputs, outputs to 1e-6, choices, whole games and rollout trials.

On top of them: :meth:`Engine.self_play`, whole games at 0-ply for both sides, and
:meth:`Engine.rollout`, rollouts of one position with or without the luck correction of
:mod:`bot_training.rollout` (the same estimate, written again here). Dice come from the caller
as ordered-roll indices (0..35: ``6 * (die1 - 1) + die2 - 1``), drawn by numpy from a seed, so
a run is deterministic and a test can replay any game through the core.

A side is packed as the core packs it (four bits a place), in two 64-bit words: places 0..14 in
the first, 15..24 (24: the bar) in the second, so no word's sign bit is ever used.

Numba is a dependency of the ``training`` extra only (``pip install .[training]``); nothing in
``core/`` or ``web/`` imports this module. The first call compiles (about a minute; numba
keeps the machine code in ``__pycache__``, later processes load it in about a second).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numba
import numpy as np

from core.bot.bearoff import BearoffDB, home_positions, rank
from core.bot.encoding import ENCODERS
from core.bot.net import Net
from core.dice import ROLLS
from core.position import Position

_F = TypeVar("_F", bound=Callable[..., Any])
Arrays = tuple[Any, ...]
"""A tuple of arrays handed to compiled code as one argument (a net's, the tables, the scratch space)."""


def njit(*, cache: bool = False, inline: str = "never", fastmath: bool = False) -> Callable[[_F], _F]:
    """numba's ``njit``, typed for mypy as leaving the function as written (its Python annotations
    describe what it computes; numba compiles it for the argument types of each call)."""
    return cast(Callable[[_F], _F], getattr(numba, "njit")(cache=cache, inline=inline, fastmath=fastmath))  # noqa: B009


CAP = 8192
"""Most distinct results (or intermediate states of a double) one roll may reach (gnubg allows 3,060 plays)."""
_HS = 1 << 15
CACHE = 1 << 17
"""Slots of an engine's evaluation cache (positions met again: the same play of the same roll in
many games, the same result of different rolls in a roll table), each a position and its 0-ply
probabilities, replaced when another position hashes there."""
_HMASK = _HS - 1
_MAX_INPUTS = 320
_BEAR_LEN = 40

# -- constant tables -----------------------------------------------------------------------


def _roll_masks() -> np.ndarray:
    """Distance 0..24 -> the 36-bit mask of ordered rolls that move one checker that far (encoder shots)."""
    masks = np.zeros(25, dtype=np.int64)
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
    return masks


def _hit_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For the blocked hits of :func:`core.bot.features.hit_risk`, written from its rules: for each
    distance 1..24, the rolls that cover it with one die (mask), and each way that lands on the way
    (the roll's bit, the landing offsets past the hitter as a mask), flattened with start indices."""
    direct = np.zeros(25, dtype=np.int64)
    ways: list[list[tuple[int, int]]] = [[] for _ in range(25)]
    for a in range(1, 7):
        for b in range(1, 7):
            bit = 1 << ((a - 1) * 6 + (b - 1))
            if a == b:
                for k in range(1, 5):
                    if k * a <= 24:
                        if k == 1:
                            direct[a] |= bit
                        else:
                            ways[k * a].append((bit, sum(1 << (i * a) for i in range(1, k))))
            else:
                direct[a] |= bit
                direct[b] |= bit
                if a + b <= 24:
                    ways[a + b].append((bit, 1 << a))
                    ways[a + b].append((bit, 1 << b))
    start = np.zeros(26, dtype=np.int64)
    bits: list[int] = []
    steps: list[int] = []
    for d in range(25):
        start[d] = len(bits)
        for bit, st in ways[d]:
            bits.append(bit)
            steps.append(st)
    start[25] = len(bits)
    return direct, start, np.array(bits, dtype=np.int64), np.array(steps, dtype=np.int64)


_ROLL_MASKS = _roll_masks()
_DIRECT, _VIA_START, _VIA_BIT, _VIA_STEPS = _hit_tables()
ROLL_DICE = np.array([r.dice for r in ROLLS], dtype=np.int64)
"""The 21 rolls of :data:`core.dice.ROLLS`, in its order, as (high die, low die)."""
ROLL_WAYS = np.array([r.ways for r in ROLLS], dtype=np.float64)
ORDERED_TO_ROLL = np.array([next(k for k, r in enumerate(ROLLS) if sorted(r.dice) == sorted((o // 6 + 1, o % 6 + 1)))
                            for o in range(36)], dtype=np.int64)
"""Ordered roll index (0..35) -> its index in :data:`core.dice.ROLLS`."""

# -- packed sides --------------------------------------------------------------------------


@njit(inline="always")
def _cnt(lo: int, hi: int, i: int) -> int:
    if i < 15:
        return (lo >> (4 * i)) & 15
    return (hi >> (4 * (i - 15))) & 15


@njit(inline="always")
def _sub(lo: int, hi: int, i: int) -> tuple[int, int]:
    if i < 15:
        return lo - (1 << (4 * i)), hi
    return lo, hi - (1 << (4 * (i - 15)))


@njit(inline="always")
def _add(lo: int, hi: int, i: int) -> tuple[int, int]:
    if i < 15:
        return lo + (1 << (4 * i)), hi
    return lo, hi + (1 << (4 * (i - 15)))


@njit(inline="always")
def _move(lo: int, hi: int, s: int, t: int) -> tuple[int, int]:
    lo, hi = _sub(lo, hi, s)
    if t >= 0:
        lo, hi = _add(lo, hi, t)
    return lo, hi


@njit(cache=True)
def pack2(side: np.ndarray) -> tuple[int, int]:
    """A side's 25 counts as the two words."""
    lo = 0
    hi = 0
    for i in range(15):
        lo |= side[i] << (4 * i)
    for i in range(15, 25):
        hi |= side[i] << (4 * (i - 15))
    return lo, hi


@njit(cache=True)
def unpack2(lo: int, hi: int, out: np.ndarray) -> None:
    for i in range(25):
        out[i] = _cnt(lo, hi, i)


@njit(inline="always")
def _slot(lo: int, hi: int, hits: int) -> int:
    h = lo * -7046029254386353131 + hi * 6364136223846793005 + hits * 1442695040888963407
    h ^= h >> 29
    h *= -4658895280553007687
    h ^= h >> 32
    return h & _HMASK


class Workspace:
    """Scratch arrays of the move generator (one per thread of work; reused call after call)."""

    def __init__(self) -> None:
        self.bufs = np.zeros((3, 4, CAP), dtype=np.int64)
        self.slots = np.zeros(_HS, dtype=np.int64)
        self.stamps = np.zeros(_HS, dtype=np.int64)
        self.gen = np.zeros(1, dtype=np.int64)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return (self.bufs, self.slots, self.stamps, self.gen)


@njit(inline="always")
def _find(buf: np.ndarray, lo: int, hi: int, hits: int, slots: np.ndarray, stamps: np.ndarray,
          gen: int) -> tuple[int, int]:
    """(row of the key in ``buf`` or -1, its hash slot)."""
    s = _slot(lo, hi, hits)
    while True:
        if stamps[s] != gen:
            return -1, s
        k = slots[s]
        if buf[0, k] == lo and buf[1, k] == hi and buf[2, k] == hits:
            return k, s
        s = (s + 1) & _HMASK


@njit(inline="always")
def _put(buf: np.ndarray, n: int, lo: int, hi: int, hits: int, top: int, slot: int, slots: np.ndarray,
         stamps: np.ndarray, gen: int) -> int:
    if n >= CAP:
        raise ValueError("too many distinct plays for the move generator's buffers")
    stamps[slot] = gen
    slots[slot] = n
    buf[0, n] = lo
    buf[1, n] = hi
    buf[2, n] = hits
    buf[3, n] = top
    return n + 1


@njit(inline="always")
def _add_new(buf: np.ndarray, n: int, lo: int, hi: int, hits: int, slots: np.ndarray, stamps: np.ndarray,
             gen: int) -> int:
    k, s = _find(buf, lo, hi, hits, slots, stamps, gen)
    if k >= 0:
        return n
    return _put(buf, n, lo, hi, hits, 0, s, slots, stamps, gen)


@njit(cache=True)
def _single_steps(lo: int, hi: int, d: int, blocked: np.ndarray, ss: np.ndarray, tt: np.ndarray) -> int:
    """:func:`core.moves.single_steps`: every legal single step with die ``d`` (t = -1: off)."""
    if _cnt(lo, hi, 24):
        t = 24 - d
        if blocked[t]:
            return 0
        ss[0] = 24
        tt[0] = t
        return 1
    s = 23
    while s >= 0 and _cnt(lo, hi, s) == 0:
        s -= 1
    all_home = True
    for i in range(6, 25):
        if _cnt(lo, hi, i):
            all_home = False
            break
    top = s
    n = 0
    while s >= 0:
        if _cnt(lo, hi, s):
            t = s - d
            if t >= 0:
                if not blocked[t]:
                    ss[n] = s
                    tt[n] = t
                    n += 1
            elif all_home and (t == -1 or s == top):
                ss[n] = s
                tt[n] = -1
                n += 1
        s -= 1
    return n


@njit(inline="always")
def _hit(blots: int, t: int) -> int:
    if t < 0:
        return 0
    return blots & (1 << t)


@njit(cache=True)
def legal(player: np.ndarray, opp: np.ndarray, d1: int, d2: int, bufs: np.ndarray,
          slots: np.ndarray, stamps: np.ndarray, genv: np.ndarray, out: np.ndarray) -> int:
    """The results of every legal play of ``player`` (on roll) against ``opp`` with dice ``d1, d2``:
    ``out[0:3, k]`` = the mover's side packed (two words) and the opponent's checkers hit (bit i:
    the mover's index i), in the order of :func:`core.moves.legal_results`; returns how many
    (0: the roll cannot be played). ``bufs, slots, stamps, genv``: a :class:`Workspace`."""
    a = bufs[0]
    b = bufs[1]
    c = bufs[2]
    blocked = np.zeros(24, dtype=np.bool_)
    blots = 0
    for i in range(24):
        n_o = opp[23 - i]
        if n_o >= 2:
            blocked[i] = True
        elif n_o == 1:
            blots |= 1 << i
    lo, hi = pack2(player)
    genv[0] += 1
    gen = genv[0]
    ss1 = np.empty(25, dtype=np.int64)
    tt1 = np.empty(25, dtype=np.int64)
    ss2 = np.empty(25, dtype=np.int64)
    tt2 = np.empty(25, dtype=np.int64)
    n = 0
    if d1 == d2:
        d = d1
        # doubles: states one step at a time, sources non-increasing (core.moves._doubles)
        cur = 0
        nf = 1
        a[0, 0] = lo
        a[1, 0] = hi
        a[2, 0] = 0
        a[3, 0] = 24
        nlast = 0
        for _ in range(4):
            fr = bufs[cur]
            nx = bufs[1 - cur]
            genv[0] += 1
            gen = genv[0]
            nn = 0
            for k in range(nf):
                m_lo = fr[0, k]
                m_hi = fr[1, k]
                hits = fr[2, k]
                top = fr[3, k]
                if _cnt(m_lo, m_hi, 24):
                    if top != 24:
                        continue
                    t = 24 - d
                    if blocked[t]:
                        continue
                    l2, h2 = _move(m_lo, m_hi, 24, t)
                    x2 = hits | _hit(blots, t)
                    j, sl = _find(nx, l2, h2, x2, slots, stamps, gen)
                    if j < 0:
                        nn = _put(nx, nn, l2, h2, x2, 24, sl, slots, stamps, gen)
                    continue
                if top == 24:
                    top = 23
                all_home = True
                for i in range(6, 25):
                    if _cnt(m_lo, m_hi, i):
                        all_home = False
                        break
                highest = 23
                while highest >= 0 and _cnt(m_lo, m_hi, highest) == 0:
                    highest -= 1
                s = min(top, highest)
                while s >= 0:
                    if _cnt(m_lo, m_hi, s):
                        t = s - d
                        ok = False
                        if t >= 0:
                            if not blocked[t]:
                                l2, h2 = _move(m_lo, m_hi, s, t)
                                x2 = hits | _hit(blots, t)
                                ok = True
                        elif all_home and (t == -1 or s == highest):
                            l2, h2 = _move(m_lo, m_hi, s, -1)
                            x2 = hits
                            ok = True
                        if ok:
                            j, sl = _find(nx, l2, h2, x2, slots, stamps, gen)
                            if j < 0:
                                nn = _put(nx, nn, l2, h2, x2, s, sl, slots, stamps, gen)
                            elif nx[3, j] < s:
                                nx[3, j] = s
                    s -= 1
            if nn == 0:
                break
            nlast = nn
            cur = 1 - cur
            nf = nn
        last = bufs[cur]
        for k in range(nlast):
            out[0, k] = last[0, k]
            out[1, k] = last[1, k]
            out[2, k] = last[2, k]
        return nlast
    big = max(d1, d2)
    small = min(d1, d2)
    outside = 0
    for i in range(6, 25):
        outside += _cnt(lo, hi, i)
    if outside >= 3 and _cnt(lo, hi, 24) == 0:
        # no bar, no bear-off: steps of different checkers commute (core.moves._two_dice_contact)
        n1 = _single_steps(lo, hi, big, blocked, ss1, tt1)
        n2 = _single_steps(lo, hi, small, blocked, ss2, tt2)
        for i1 in range(n1):
            s1 = ss1[i1]
            t1 = tt1[i1]
            l1, h1 = _move(lo, hi, s1, t1)
            x1 = _hit(blots, t1)
            more = _cnt(lo, hi, s1) > 1
            for i2 in range(n2):
                s2 = ss2[i2]
                t2 = tt2[i2]
                if s2 == s1 and not more:
                    continue
                l2, h2 = _move(l1, h1, s2, t2)
                n = _add_new(a, n, l2, h2, x1 | _hit(blots, t2), slots, stamps, gen)
            t2 = t1 - small
            if t2 >= 0 and not blocked[t2]:
                l2, h2 = _move(l1, h1, t1, t2)
                n = _add_new(a, n, l2, h2, x1 | _hit(blots, t2), slots, stamps, gen)
        for i2 in range(n2):
            s1 = ss2[i2]
            t1 = tt2[i2]
            t2 = t1 - big
            if t2 >= 0 and not blocked[t2]:
                l2, h2 = _move(lo, hi, s1, t2)
                n = _add_new(a, n, l2, h2, _hit(blots, t1) | _hit(blots, t2), slots, stamps, gen)
        if n == 0:
            if n1:
                for i1 in range(n1):
                    l1, h1 = _move(lo, hi, ss1[i1], tt1[i1])
                    n = _add_new(a, n, l1, h1, _hit(blots, tt1[i1]), slots, stamps, gen)
            else:
                for i2 in range(n2):
                    l1, h1 = _move(lo, hi, ss2[i2], tt2[i2])
                    n = _add_new(a, n, l1, h1, _hit(blots, tt2[i2]), slots, stamps, gen)
    else:
        # the general case: both orders of the dice (core.moves._two_dice_search)
        nb = 0
        ns = 0
        for order in range(2):
            da = big if order == 0 else small
            db = small if order == 0 else big
            n1 = _single_steps(lo, hi, da, blocked, ss1, tt1)
            for i1 in range(n1):
                s1 = ss1[i1]
                t1 = tt1[i1]
                l1, h1 = _move(lo, hi, s1, t1)
                x1 = _hit(blots, t1)
                n2 = _single_steps(l1, h1, db, blocked, ss2, tt2)
                if n2 == 0:
                    if order == 0:
                        b[0, nb] = l1
                        b[1, nb] = h1
                        b[2, nb] = x1
                        nb += 1
                    else:
                        c[0, ns] = l1
                        c[1, ns] = h1
                        c[2, ns] = x1
                        ns += 1
                for i2 in range(n2):
                    l2, h2 = _move(l1, h1, ss2[i2], tt2[i2])
                    n = _add_new(a, n, l2, h2, x1 | _hit(blots, tt2[i2]), slots, stamps, gen)
        if n == 0:
            src = b if nb else c
            n = nb if nb else ns
            for k in range(n):
                out[0, k] = src[0, k]
                out[1, k] = src[1, k]
                out[2, k] = src[2, k]
            return n
    for k in range(n):
        out[0, k] = a[0, k]
        out[1, k] = a[1, k]
        out[2, k] = a[2, k]
    return n


# -- the net's inputs (core.bot.encoding, core.bot.features) ---------------------------------


@njit(inline="always")
def _popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(inline="always")
def _rearmost(side: np.ndarray) -> int:
    for i in range(24, -1, -1):
        if side[i]:
            return i + 1
    return 0


@njit(cache=True)
def _escapes(p: int, other: np.ndarray) -> int:
    """:func:`core.bot.features.escapes_from` of a checker on our point ``p`` against ``other``."""
    made = np.zeros(26, dtype=np.bool_)
    target = 99
    for r in range(1, p):
        if other[24 - r] >= 2:
            made[r] = True
            if r >= 13 and r < target:
                target = r
    if target == 99:
        return 36
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
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
                for order in range(2):
                    first = a if order == 0 else b
                    second = b if order == 0 else a
                    q = p - first
                    if made[q]:
                        continue
                    if q < target or (q - second < target and not made[q - second]):
                        count += 1
                        break
    return count


@njit(cache=True)
def _hit_risk(side: np.ndarray, other: np.ndarray, direct: np.ndarray, via_start: np.ndarray,
              via_bit: np.ndarray, via_steps: np.ndarray) -> tuple[int, float]:
    """:func:`core.bot.features.hit_risk`: (rolls that hit a blot of ``side``, expected pips lost)."""
    top = 0
    for p in range(24, 0, -1):
        if side[p - 1] == 1:
            top = p
            break
    if top == 0:
        return 0, 0.0
    made = 0
    for r in range(1, top):
        if side[r - 1] >= 2:
            made |= 1 << r
    hitters = np.empty(25, dtype=np.int64)
    nh = 0
    if other[24]:
        hitters[0] = 0
        nh = 1
    else:
        for q in range(1, 25):  # our point q is the other's 25 - q, index 24 - q
            if other[24 - q] and q < top:
                hitters[nh] = q
                nh += 1
    covered = 0
    lost = 0.0
    for p in range(1, top + 1):
        if side[p - 1] != 1:
            continue
        mask = 0
        for h in range(nh):
            q = hitters[h]
            if q >= p:
                continue
            d = p - q
            mask |= direct[d]
            for w in range(via_start[d], via_start[d + 1]):
                bit = via_bit[w]
                if not (mask & bit) and not (made & (via_steps[w] << q)):
                    mask |= bit
        new = mask & ~covered
        if new:
            lost += _popcount(new) * (25 - p)
            covered |= new
    return _popcount(covered), lost / 36.0


@njit(inline="always")
def _push(idx: np.ndarray, val: np.ndarray, n: int, i: int, v: float) -> int:
    idx[n] = i
    val[n] = v
    return n + 1


@njit(cache=True)
def _side_block(side: np.ndarray, other: np.ndarray, base: int, roll_masks: np.ndarray, idx: np.ndarray,
                val: np.ndarray, n: int) -> int:
    """One side's 103 inputs of :mod:`core.bot.encoding` (nonzero ones appended), from ``base``."""
    on_board = 0
    pips = 0
    run = 0
    best = 0
    home = 0
    for i in range(24):
        c = side[i]
        if c:
            j = base + 4 * i
            n = _push(idx, val, n, j, 1.0)
            if c > 1:
                n = _push(idx, val, n, j + 1, 1.0)
                if c > 2:
                    n = _push(idx, val, n, j + 2, 1.0)
                    if c > 3:
                        n = _push(idx, val, n, j + 3, (c - 3) / 2.0)
            on_board += c
            pips += c * (i + 1)
        if c >= 2:
            run += 1
            if run > best:
                best = run
            if i < 6:
                home += 1
        else:
            run = 0
    bar = side[24]
    if bar:
        n = _push(idx, val, n, base + 96, bar / 2.0)
        on_board += bar
        pips += 25 * bar
    if on_board < 15:
        n = _push(idx, val, n, base + 97, (15 - on_board) / 15.0)
    if pips:
        n = _push(idx, val, n, base + 98, pips / 167.0)
    # shots, blocking ignored: the other's checkers at our points q (0: its bar) onto our blots
    mask = 0
    for p in range(1, 25):
        if side[p - 1] == 1:
            if other[24]:
                mask |= roll_masks[p]
            for q in range(1, p):
                if other[24 - q]:
                    mask |= roll_masks[p - q]
    if mask:
        n = _push(idx, val, n, base + 99, _popcount(mask) / 36.0)
    if home:
        n = _push(idx, val, n, base + 100, home / 6.0)
    if best:
        n = _push(idx, val, n, base + 101, best / 6.0)
    back = bar
    for i in range(18, 24):
        back += side[i]
    if back:
        n = _push(idx, val, n, base + 102, back / 5.0)
    return n


@njit(cache=True)
def _features(side: np.ndarray, other: np.ndarray, base: int, tabs: Arrays, idx: np.ndarray, val: np.ndarray,
              n: int) -> int:
    """:func:`core.bot.features.side_features` of ``side`` (nonzero ones appended), from ``base``."""
    p = _rearmost(side)
    esc = 36 if p == 0 else _escapes(p, other)
    if esc:
        n = _push(idx, val, n, base, esc / 36.0)
    shots, lost = _hit_risk(side, other, tabs[1], tabs[2], tabs[3], tabs[4])
    if shots:
        n = _push(idx, val, n, base + 1, shots / 36.0)
        n = _push(idx, val, n, base + 2, lost / 25.0)
    held = 0
    front = 0
    for r in range(19, 25):
        if side[r - 1] >= 2:
            held += 1
            if front == 0:
                front = 25 - r
    if held:
        n = _push(idx, val, n, base + 3, held / 3.0)
        n = _push(idx, val, n, base + 4, front / 6.0)
    s0 = 25 - _rearmost(other)
    if s0 < 25:
        run = 0
        best = 0
        near = 0
        for i in range(s0, 24):
            if side[i] >= 2:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
        for i in range(s0, 25):
            near += side[i]
        if best:
            n = _push(idx, val, n, base + 5, best / 6.0)
    timing = 19 * side[24]
    for i in range(6, 24):
        timing += side[i] * (i - 5)
    if timing:
        n = _push(idx, val, n, base + 6, timing / 100.0)
    if s0 < 25 and near:
        n = _push(idx, val, n, base + 7, near / 15.0)
    return n


@njit(cache=True)
def is_race(side: np.ndarray, other: np.ndarray) -> bool:
    """:func:`core.bot.encoding.is_race`."""
    a = _rearmost(side)
    b = _rearmost(other)
    return a == 0 or b == 0 or a + b < 25


@njit(cache=True)
def encode_sparse(side: np.ndarray, other: np.ndarray, with_features: bool, tabs: Arrays, idx: np.ndarray,
                  val: np.ndarray) -> int:
    """The nonzero inputs (``idx[:n]``, ``val[:n]``) of ``side`` on roll against ``other``: encoder 2
    with the features, encoder 1 without."""
    n = _side_block(side, other, 0, tabs[0], idx, val, 0)
    n = _side_block(other, side, 103, tabs[0], idx, val, n)
    if is_race(side, other):
        n = _push(idx, val, n, 206, 1.0)
    if with_features:
        n = _features(side, other, 207, tabs, idx, val, n)
        n = _features(other, side, 215, tabs, idx, val, n)
    return n


@njit(cache=True)
def encode_many(onroll: np.ndarray, other: np.ndarray, n_inputs: int, tabs: Arrays) -> np.ndarray:
    """Dense inputs (N, ``n_inputs``) of many positions (for tests and fitting)."""
    out = np.zeros((onroll.shape[0], n_inputs))
    idx = np.empty(_MAX_INPUTS, dtype=np.int64)
    val = np.empty(_MAX_INPUTS)
    for k in range(onroll.shape[0]):
        n = encode_sparse(onroll[k], other[k], n_inputs > 207, tabs, idx, val)
        for j in range(n):
            out[k, idx[j]] = val[j]
    return out


# -- the net and the 0-ply evaluation (core.bot.net, core.bot.evaluator) ------------------------


@njit(inline="always")
def _sig(z: float) -> float:
    if z < -40.0:
        return 0.0
    if z > 40.0:
        return 1.0
    return float(1.0 / (1.0 + np.exp(-z)))


@njit(cache=True, fastmath=True)
def _forward(idx: np.ndarray, val: np.ndarray, n: int, w1: np.ndarray, b1: np.ndarray, w2t: np.ndarray,
             b2: np.ndarray, hid: np.ndarray, p: np.ndarray) -> None:
    """The net's five outputs (``p``, made consistent) from sparse inputs."""
    nh = b1.shape[0]
    for j in range(nh):
        hid[j] = b1[j]
    for k in range(n):
        row = w1[idx[k]]
        v = val[k]
        for j in range(nh):
            hid[j] += v * row[j]
    for j in range(nh):
        hid[j] = _sig(hid[j])
    for o in range(5):
        s = b2[o]
        wo = w2t[o]
        for j in range(nh):
            s += hid[j] * wo[j]
        p[o] = _sig(s)
    _consistent(p)


@njit(inline="always")
def _consistent(p: np.ndarray) -> None:
    p[1] = min(p[1], p[0])
    p[2] = min(p[2], p[1])
    p[3] = min(p[3], 1.0 - p[0])
    p[4] = min(p[4], p[3])


@njit(cache=True)
def _bear_rank(side: np.ndarray, comb: np.ndarray) -> int:
    """:func:`core.bot.bearoff.rank` of a home board (15 checkers at most)."""
    r = 0
    left = 15
    for i in range(6):
        c = side[i]
        for v in range(c):
            r += comb[left - v + 5 - i, 5 - i]
        left -= c
    return r


@njit(cache=True)
def _bear_win(onroll: np.ndarray, other: np.ndarray, tails: np.ndarray, dists: np.ndarray, comb: np.ndarray) -> float:
    """:meth:`core.bot.bearoff.BearoffDB.win_probability`: the side on roll bears off first."""
    a = dists[_bear_rank(onroll, comb)]
    b = tails[_bear_rank(other, comb)]
    total = 0.0
    for k in range(a.shape[0]):
        if a[k]:
            total += a[k] * b[k]
    return min(1.0, max(0.0, total))


@njit(cache=True)
def probs0(onroll: np.ndarray, other: np.ndarray, net: Arrays, tabs: Arrays, bear: Arrays, use_bearoff: bool,
           idx: np.ndarray, val: np.ndarray, hid: np.ndarray, p: np.ndarray) -> None:
    """:meth:`core.bot.evaluator.Evaluator.evaluate` of a position (``onroll`` on roll) into ``p``."""
    s_on = 0
    s_ot = 0
    for i in range(25):
        s_on += onroll[i]
        s_ot += other[i]
    if s_on == 0 or s_ot == 0:
        loser = other if s_on == 0 else onroll
        g = 0.0
        bg = 0.0
        if (s_ot if s_on == 0 else s_on) == 15:
            g = 1.0
            back = loser[24]
            for i in range(18, 24):
                back += loser[i]
            if back > 0:
                bg = 1.0
        if s_on == 0:
            p[0] = 1.0
            p[1] = g
            p[2] = bg
            p[3] = 0.0
            p[4] = 0.0
        else:
            p[0] = 0.0
            p[1] = 0.0
            p[2] = 0.0
            p[3] = g
            p[4] = bg
        return
    w1, b1, w2t, b2 = net
    n = encode_sparse(onroll, other, w1.shape[0] > 207, tabs, idx, val)
    _forward(idx, val, n, w1, b1, w2t, b2, hid, p)
    if s_ot < 15:
        p[1] = 0.0
        p[2] = 0.0
    if s_on < 15:
        p[3] = 0.0
        p[4] = 0.0
    if use_bearoff:
        home = True
        for i in range(6, 25):
            if onroll[i] or other[i]:
                home = False
                break
        if home:
            p[0] = _bear_win(onroll, other, bear[0], bear[1], bear[2])
            _consistent(p)


@njit(inline="always")
def equity_of(p: np.ndarray) -> float:
    return float(2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4])


@njit(cache=True)
def probs_many(onroll: np.ndarray, other: np.ndarray, net: Arrays, tabs: Arrays, bear: Arrays,
               use_bearoff: bool) -> np.ndarray:
    """:func:`probs0` of many positions: (N, 5)."""
    out = np.empty((onroll.shape[0], 5))
    idx = np.empty(_MAX_INPUTS, dtype=np.int64)
    val = np.empty(_MAX_INPUTS)
    hid = np.empty(net[1].shape[0])
    p = np.empty(5)
    for k in range(onroll.shape[0]):
        probs0(onroll[k], other[k], net, tabs, bear, use_bearoff, idx, val, hid, p)
        out[k] = p
    return out


# -- playing: the best play at 0-ply, self-play, rollouts -----------------------------------------


@njit(cache=True)
def best_play(player: np.ndarray, opp: np.ndarray, d1: int, d2: int, ctx: Arrays, net: Arrays, tabs: Arrays,
              bear: Arrays, use_bearoff: bool, onroll_out: np.ndarray, mover_out: np.ndarray,
              p_out: np.ndarray) -> int:
    """The 0-ply choice of ``player`` (on roll) with dice ``d1, d2``: the play whose result leaves the
    opponent the least cubeless equity (ties: the first generated, as :class:`core.bot.Bot`).
    Writes the position it leads to (``onroll_out``: the opponent, hits applied, now on roll;
    ``mover_out``: the mover) and its probabilities for the opponent (``p_out``); returns the
    chosen play's index in :func:`legal` order, -1 when the roll cannot be played (the position
    is then handed over unchanged)."""
    bufs, slots, stamps, genv, out, idx, val, hid, onr, mov, p, ckeys, cvals = ctx
    n = legal(player, opp, d1, d2, bufs, slots, stamps, genv, out)
    if n == 0:
        for i in range(25):
            onroll_out[i] = opp[i]
            mover_out[i] = player[i]
        probs0(onroll_out, mover_out, net, tabs, bear, use_bearoff, idx, val, hid, p_out)
        return -1
    o_lo, o_hi = pack2(opp)
    best = -1
    best_v = 0.0
    for k in range(n):
        m_lo = out[0, k]
        m_hi = out[1, k]
        hits = out[2, k]
        a_lo = o_lo
        a_hi = o_hi
        if hits:
            for i in range(24):
                if (hits >> i) & 1:
                    a_lo, a_hi = _sub(a_lo, a_hi, 23 - i)
                    a_lo, a_hi = _add(a_lo, a_hi, 24)
        # the evaluation cache: one slot a hash of both sides, the four words its key
        c = _slot(a_lo ^ (m_hi << 20), a_hi ^ (m_lo << 7), m_lo + m_hi) & (ckeys.shape[0] - 1)
        if ckeys[c, 0] == a_lo and ckeys[c, 1] == a_hi and ckeys[c, 2] == m_lo and ckeys[c, 3] == m_hi:
            for i in range(5):
                p[i] = cvals[c, i]
        else:
            unpack2(m_lo, m_hi, mov)
            unpack2(a_lo, a_hi, onr)
            probs0(onr, mov, net, tabs, bear, use_bearoff, idx, val, hid, p)
            ckeys[c, 0] = a_lo
            ckeys[c, 1] = a_hi
            ckeys[c, 2] = m_lo
            ckeys[c, 3] = m_hi
            for i in range(5):
                cvals[c, i] = p[i]
        v = -equity_of(p)
        if best < 0 or v > best_v:
            best = k
            best_v = v
            unpack2(m_lo, m_hi, mover_out)
            unpack2(a_lo, a_hi, onroll_out)
            for i in range(5):
                p_out[i] = p[i]
    return best


@njit(inline="always")
def _flip_into(p: np.ndarray, q: np.ndarray) -> None:
    q[0] = 1.0 - p[0]
    q[1] = p[3]
    q[2] = p[4]
    q[3] = p[1]
    q[4] = p[2]


@njit(inline="always")
def _points(loser: np.ndarray) -> int:
    """Points won from ``loser`` when the other side has borne off its last checker."""
    s = 0
    back = loser[24]
    for i in range(25):
        s += loser[i]
    for i in range(18, 24):
        back += loser[i]
    if s < 15:
        return 1
    return 3 if back > 0 else 2


@njit(cache=True)
def self_play(dice: np.ndarray, start_player: np.ndarray, start_opp: np.ndarray, ctx: Arrays, net: Arrays,
              tabs: Arrays, bear: Arrays, use_bearoff: bool) -> tuple[np.ndarray, np.ndarray]:
    """Whole games at 0-ply for both sides, game ``g`` rolling ``dice[g]`` (ordered-roll indices).
    Returns the points won by the side on roll at the start of each game (0 when ``dice`` ran out
    first) and each game's plies."""
    g_n, n_plies = dice.shape
    result = np.zeros(g_n)
    plies = np.zeros(g_n, dtype=np.int64)
    player = np.empty(25, dtype=np.int64)
    opp = np.empty(25, dtype=np.int64)
    nxt_on = np.empty(25, dtype=np.int64)
    nxt_mv = np.empty(25, dtype=np.int64)
    p = np.empty(5)
    for g in range(g_n):
        for i in range(25):
            player[i] = start_player[i]
            opp[i] = start_opp[i]
        for ply in range(n_plies):
            r = dice[g, ply]
            best_play(player, opp, r // 6 + 1, r % 6 + 1, ctx, net, tabs, bear, use_bearoff, nxt_on, nxt_mv, p)
            plies[g] = ply + 1
            done = True
            for i in range(25):
                if nxt_mv[i]:
                    done = False
                    break
            if done:
                pts = _points(nxt_on)
                result[g] = pts if ply % 2 == 0 else -pts
                break
            for i in range(25):
                player[i] = nxt_on[i]
                opp[i] = nxt_mv[i]
    return result, plies


@njit(cache=True)
def _roll_table(player: np.ndarray, opp: np.ndarray, ctx: Arrays, net: Arrays, tabs: Arrays, bear: Arrays,
                use_bearoff: bool, roll_dice: np.ndarray, roll_ways: np.ndarray, expected: np.ndarray,
                per_roll: np.ndarray, boards: np.ndarray) -> None:
    """For each of the 21 rolls: the best play's probabilities for the mover (``per_roll[r]``) and
    the position it leads to (``boards[r, 0]`` on roll next, ``boards[r, 1]`` the mover); the
    1-ply probabilities ``expected`` (mover's view)."""
    p = np.empty(5)
    for o in range(5):
        expected[o] = 0.0
    for r in range(21):
        best_play(player, opp, roll_dice[r, 0], roll_dice[r, 1], ctx, net, tabs, bear, use_bearoff,
                  boards[r, 0], boards[r, 1], p)
        _flip_into(p, per_roll[r])
        for o in range(5):
            expected[o] += roll_ways[r] / 36.0 * per_roll[r, o]


@njit(cache=True)
def rollout(player: np.ndarray, opp: np.ndarray, dice: np.ndarray, horizon: int, reduce: bool, ctx: Arrays,
            net: Arrays, tabs: Arrays, bear: Arrays, use_bearoff: bool, roll_dice: np.ndarray, roll_ways: np.ndarray,
            ordered_to_roll: np.ndarray) -> np.ndarray:
    """Each trial's estimate (T, 5) for the side on roll of the position (before its roll), as
    :func:`bot_training.rollout.rollout_targets`: trial ``t`` rolls ``dice[t]`` (ordered-roll
    indices) for at most ``horizon`` rolls, both sides at 0-ply; ``reduce``: every roll's luck
    against the 21 rolls' average subtracted."""
    n_trials = dice.shape[0]
    est = np.zeros((n_trials, 5))
    prev = np.zeros(5)
    expected = np.empty(5)
    chosen = np.empty(5)
    per_roll = np.empty((21, 5))
    boards = np.empty((21, 2, 25), dtype=np.int64)
    root_exp = np.empty(5)
    root_per = np.empty((21, 5))
    root_boards = np.empty((21, 2, 25), dtype=np.int64)
    if reduce:
        _roll_table(player, opp, ctx, net, tabs, bear, use_bearoff, roll_dice, roll_ways, root_exp, root_per,
                    root_boards)
    pl = np.empty(25, dtype=np.int64)
    op = np.empty(25, dtype=np.int64)
    nxt_on = np.empty(25, dtype=np.int64)
    nxt_mv = np.empty(25, dtype=np.int64)
    p = np.empty(5)
    steps = min(horizon, dice.shape[1])
    for t in range(n_trials):
        for i in range(25):
            pl[i] = player[i]
            op[i] = opp[i]
        for s in range(steps):
            r = ordered_to_roll[dice[t, s]]
            if reduce:
                if s == 0:
                    expected[:] = root_exp
                    chosen[:] = root_per[r]
                    nxt_on[:] = root_boards[r, 0]
                    nxt_mv[:] = root_boards[r, 1]
                else:
                    _roll_table(pl, op, ctx, net, tabs, bear, use_bearoff, roll_dice, roll_ways, expected,
                                per_roll, boards)
                    chosen[:] = per_roll[r]
                    nxt_on[:] = boards[r, 0]
                    nxt_mv[:] = boards[r, 1]
            else:
                best_play(pl, op, roll_dice[r, 0], roll_dice[r, 1], ctx, net, tabs, bear, use_bearoff, nxt_on,
                          nxt_mv, p)
                _flip_into(p, chosen)
            if s % 2:  # the root's opponent moved: back to the root's view
                _flip_into(expected, p)
                expected[:] = p
                _flip_into(chosen, p)
                chosen[:] = p
            if reduce:
                for o in range(5):
                    est[t, o] += expected[o] - (prev[o] if s else 0.0)
                    prev[o] = chosen[o]
            else:
                est[t] = chosen
            over = True
            for i in range(25):
                if nxt_mv[i]:
                    over = False
                    break
            if over:
                break
            pl[:] = nxt_on
            op[:] = nxt_mv
    return est


# -- the Python side ----------------------------------------------------------------------------


def net_arrays(net: Net) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A browser-format net as the engine's arrays: w1 (inputs, hidden), b1, w2 transposed (5, hidden), b2."""
    return (np.ascontiguousarray(np.array(net.rows, dtype=np.float64)), np.array(net.bias, dtype=np.float64),
            np.ascontiguousarray(np.array(net.out_rows, dtype=np.float64)), np.array(net.out_bias, dtype=np.float64))


def bearoff_arrays(db: BearoffDB) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The one-sided database as dense arrays: (tails, distributions, binomial table), rows in
    :func:`core.bot.bearoff.rank` order; ``tails[k, n]``: the chance of needing ``n`` rolls or more."""
    homes = list(home_positions())
    dists = np.zeros((len(homes), _BEAR_LEN))
    for home in homes:
        d = db.rolls(home)
        if len(d) >= _BEAR_LEN:
            raise ValueError(f"bear-off distribution of {len(d)} rolls: more than {_BEAR_LEN - 1}")
        dists[rank(home), : len(d)] = d
    tails = np.zeros_like(dists)
    for m in range(_BEAR_LEN - 2, -1, -1):
        tails[:, m] = tails[:, m + 1] + dists[:, m]
    comb = np.zeros((21, 6), dtype=np.int64)
    for n in range(21):
        for k in range(6):
            comb[n, k] = math.comb(n, k)
    return tails, dists, comb


_BEAR_CACHE: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _shipped_bearoff() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if 0 not in _BEAR_CACHE:
        _BEAR_CACHE[0] = bearoff_arrays(BearoffDB.load())
    return _BEAR_CACHE[0]


def tables() -> tuple[np.ndarray, ...]:
    """The constant tables the inputs need (roll masks, the blocked hits' ways)."""
    return (_ROLL_MASKS, _DIRECT, _VIA_START, _VIA_BIT, _VIA_STEPS)


def board(side: Sequence[int]) -> np.ndarray:
    return np.array(side, dtype=np.int64)


class Engine:
    """The compiled engine on one net: 0-ply evaluation, choices, self-play and rollouts.

    ``use_bearoff``: as :class:`core.bot.evaluator.Evaluator`'s (the database's race chances when
    both sides bear off)."""

    def __init__(self, net: Net | None = None, use_bearoff: bool = True, bearoff: BearoffDB | None = None) -> None:
        self.net = net if net is not None else Net.load()
        if self.net.inputs != ENCODERS[self.net.encoder_version][1] or self.net.inputs not in (207, 223):
            raise ValueError(f"a net of {self.net.inputs} inputs: the engine knows encoders 1 and 2")
        self.arrays = net_arrays(self.net)
        self.use_bearoff = use_bearoff
        self.bear = bearoff_arrays(bearoff) if bearoff is not None else _shipped_bearoff()
        self.tabs = tables()
        self.ws = Workspace()
        hidden = self.net.hidden
        self.ctx: Arrays = (*self.ws.arrays(), np.zeros((3, CAP), dtype=np.int64),
                                     np.empty(_MAX_INPUTS, dtype=np.int64), np.empty(_MAX_INPUTS), np.empty(hidden),
                                     np.empty(25, dtype=np.int64), np.empty(25, dtype=np.int64), np.empty(5),
                                     np.full((CACHE, 4), -1, dtype=np.int64), np.zeros((CACHE, 5)))

    # -- single calls (tests, tools) ------------------------------------------------------------
    def legal_results(self, position: Position, dice: tuple[int, int]) -> list[tuple[tuple[int, ...], int]]:
        """The mover's side after each legal play and the hits mask, in :func:`core.moves.legal_results` order."""
        out = np.zeros((3, CAP), dtype=np.int64)
        n = legal(board(position.player), board(position.opponent), dice[0], dice[1], *self.ws.arrays(), out)
        side = np.zeros(25, dtype=np.int64)
        found = []
        for k in range(n):
            unpack2(out[0, k], out[1, k], side)
            found.append((tuple(side.tolist()), int(out[2, k])))
        return found

    def encode(self, onroll: np.ndarray, other: np.ndarray) -> np.ndarray:
        """Dense inputs (N, inputs) of the net's encoder, ``onroll`` on roll (each side's own numbering)."""
        out: np.ndarray = encode_many(np.asarray(onroll, dtype=np.int64), np.asarray(other, dtype=np.int64),
                                      self.net.inputs, self.tabs)
        return out

    def probs(self, onroll: np.ndarray, other: np.ndarray) -> np.ndarray:
        """0-ply probabilities (N, 5) for the side on roll, as :meth:`core.bot.evaluator.Evaluator.evaluate`."""
        out: np.ndarray = probs_many(np.asarray(onroll, dtype=np.int64), np.asarray(other, dtype=np.int64),
                                     self.arrays, self.tabs, self.bear, self.use_bearoff)
        return out

    def choose(self, position: Position, dice: tuple[int, int]) -> int:
        """Index (in :func:`core.moves.legal_plays` order) of the 0-ply choice; -1: no legal play."""
        on = np.empty(25, dtype=np.int64)
        mv = np.empty(25, dtype=np.int64)
        p = np.empty(5)
        k: int = best_play(board(position.player), board(position.opponent), dice[0], dice[1], self.ctx, self.arrays,
                           self.tabs, self.bear, self.use_bearoff, on, mv, p)
        return k

    # -- many games -----------------------------------------------------------------------------
    def self_play(self, games: int, seed: int = 0, max_plies: int = 400,
                  start: Position | None = None) -> tuple[np.ndarray, np.ndarray]:
        """``games`` whole games at 0-ply from ``start`` (the opening: its first roll never a
        double): (points won by the side on roll at the start, plies) per game."""
        dice = self_play_dice(games, seed, max_plies, opening=start is None)
        pos = start if start is not None else Position.initial()
        res, plies = self_play(dice, board(pos.player), board(pos.opponent), self.ctx, self.arrays, self.tabs,
                               self.bear, self.use_bearoff)
        return res, plies

    def rollout(self, position: Position, trials: int, horizon: int = 400, reduce: bool = True,
                seed: int = 0) -> np.ndarray:
        """Each trial's estimate (trials, 5) for the side on roll of ``position`` (before its roll):
        the first roll stratified (trial ``i`` the ``i % 36``-th of a seeded order of the 36),
        ``horizon`` rolls at most, ``reduce``: the luck correction of :mod:`bot_training.rollout`."""
        return self.rollout_dice(position, rollout_dice(trials, min(horizon, 400), seed), horizon, reduce)

    def rollout_dice(self, position: Position, dice: np.ndarray, horizon: int, reduce: bool = True) -> np.ndarray:
        """:meth:`rollout` on given dice: ``dice[t]`` the ordered-roll indices (0..35) of trial ``t``."""
        est: np.ndarray = rollout(board(position.player), board(position.opponent), dice, horizon, reduce, self.ctx,
                                  self.arrays, self.tabs, self.bear, self.use_bearoff, ROLL_DICE, ROLL_WAYS,
                                  ORDERED_TO_ROLL)
        return est


def self_play_dice(games: int, seed: int, max_plies: int = 400, opening: bool = True) -> np.ndarray:
    """Ordered-roll indices (games, max_plies), seeded; ``opening``: each game's first roll not a double."""
    rng = np.random.default_rng([seed, games, max_plies])
    dice = rng.integers(0, 36, size=(games, max_plies), dtype=np.int64)
    if opening:
        first = rng.integers(0, 30, size=games)
        # the 30 non-doubles in order: skip the doubles' indices 0, 7, 14, 21, 28, 35
        non_doubles = np.array([o for o in range(36) if o // 6 != o % 6], dtype=np.int64)
        dice[:, 0] = non_doubles[first]
    return dice


def rollout_dice(trials: int, steps: int, seed: int) -> np.ndarray:
    """Ordered-roll indices (trials, steps): the first roll stratified over the 36, the rest seeded."""
    rng = np.random.default_rng([seed, trials, steps])
    first = rng.permutation(36)
    dice = rng.integers(0, 36, size=(trials, steps), dtype=np.int64)
    dice[:, 0] = first[np.arange(trials) % 36]
    return dice
