"""The numpy twin of :mod:`core.bot.features` (tested equal, position by position).

Boards are int arrays of shape (N, 25), each side in its own numbering.
"""

from __future__ import annotations

import numpy as np

from core.bot.features import _DIRECT, _HIT_WAYS, FEATURE_NAMES, NUM_FEATURES, ROLLS36

from .npenc import _popcount36

_POINTS = np.arange(1, 25)


def _rearmost(side: np.ndarray) -> np.ndarray:
    """Point of the rearmost checker (25: bar), 0 when none."""
    occ = side > 0
    idx = 24 - np.argmax(occ[:, ::-1], axis=1)
    out: np.ndarray = np.where(occ.any(axis=1), idx + 1, 0)
    return out


def _made_by_other(other: np.ndarray) -> np.ndarray:
    """(N, 26) bool: column r (1..24) is our point r held by the other side; 0 and 25 False."""
    made = np.zeros((other.shape[0], 26), dtype=bool)
    made[:, 1:25] = other[:, 23::-1] >= 2  # our r <-> their 25 - r, index 24 - r
    return made


def escapes(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    n = side.shape[0]
    p = _rearmost(side)
    made = _made_by_other(other)
    zone = made[:, 13:25] & (np.arange(13, 25)[None, :] < p[:, None])
    has = zone.any(axis=1)
    target = np.where(has, 13 + np.argmax(zone, axis=1), 0)
    rows = np.arange(n)
    count = np.zeros(n, dtype=np.int64)

    def blocked(q: np.ndarray) -> np.ndarray:
        b: np.ndarray = made[rows, np.clip(q, 0, 25)]
        return b

    for _bit, a, b in ROLLS36:
        if a == b:
            q = p.copy()
            alive = np.ones(n, dtype=bool)
            ok = np.zeros(n, dtype=bool)
            for _ in range(4):
                q = q - a
                alive &= ~blocked(q)
                free = alive & (q < target)
                ok |= free
                alive &= ~free
            count += ok
        else:
            ok = np.zeros(n, dtype=bool)
            for first, second in ((a, b), (b, a)):
                q = p - first
                ok |= ~blocked(q) & ((q < target) | ((q - second < target) & ~blocked(q - second)))
            count += ok
    out: np.ndarray = np.where(has & (p > 0), count, 36)
    return out


def _via_groups() -> tuple[tuple[tuple[tuple[int, ...], int], ...], ...]:
    """For each distance 1..24: (landing offsets on the way, mask of the rolls that land there),
    the ways of :data:`core.bot.features._HIT_WAYS` that pass over points, grouped by offsets."""
    out = []
    for ways in _HIT_WAYS:
        groups: dict[tuple[int, ...], int] = {}
        for bit, steps in ways:
            if steps:
                groups[steps] = groups.get(steps, 0) | (1 << bit)
        out.append(tuple(groups.items()))
    return tuple(out)


_VIA_GROUPS = _via_groups()


def hit_risk(side: np.ndarray, other: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(shots, expected pips lost) per row, as :func:`core.bot.features.hit_risk`.

    The 36 rolls are bits of one int64 a blot point: ``hits[:, p - 1]`` holds the rolls with
    which some checker of the other's reaches our point ``p`` (a blot), every landing on the
    way open. For each distance ``d`` only the (row, hitter ``q``) pairs with a blot on
    ``q + d`` are listed, and each way of covering ``d`` is checked on those pairs alone.
    """
    n = side.shape[0]
    blot = side[:, :24] == 1  # column p - 1 for our point p
    open_ = side[:, :24] < 2
    hitter = np.zeros((n, 25), dtype=bool)  # column q: our point q (0: their bar)
    hitter[:, 0] = other[:, 24] > 0
    hitter[:, 1:] = (other[:, 23::-1] > 0) & (other[:, 24] == 0)[:, None]
    hits = np.zeros((n, 24), dtype=np.int64)
    for d in range(1, 25):
        m = 25 - d  # hitters q = 0 .. 24 - d, blots p = q + d = d .. 24
        rows, q = np.nonzero(blot[:, d - 1:24] & hitter[:, :m])  # the few (row, hitter) pairs
        if len(rows) == 0:
            continue
        acc = np.full(len(rows), _DIRECT[d], dtype=np.int64)
        for steps, mask in _VIA_GROUPS[d]:
            ok = open_[rows, q + steps[0] - 1]
            for s in steps[1:]:  # lands on q + s: column q + s - 1
                ok = ok & open_[rows, q + s - 1]
            acc |= np.where(ok, mask, 0)
        hits[rows, q + d - 1] |= acc  # one pair a (row, blot) for a given distance
    covered = np.zeros(n, dtype=np.int64)
    lost = np.zeros(n, dtype=np.int64)
    for p in range(1, 25):  # from our 1-point up: each roll loses the most advanced blot it hits
        new = hits[:, p - 1] & ~covered
        lost += _popcount36(new) * (25 - p)
        covered |= new
    shots: np.ndarray = _popcount36(covered)
    return shots, lost / 36.0


def anchors(side: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    held = side[:, 18:24] >= 2  # our 19..24 = their 6..1
    count: np.ndarray = held.sum(axis=1)
    their = np.arange(6, 0, -1)
    front: np.ndarray = np.where(held, their[None, :], 0).max(axis=1)
    return count, front


def blocking_prime(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    s0 = 25 - _rearmost(other)
    made = (side[:, :24] >= 2) & (_POINTS[None, :] > s0[:, None])
    run = np.zeros(side.shape[0], dtype=np.int64)
    best = np.zeros(side.shape[0], dtype=np.int64)
    for i in range(24):
        run = (run + 1) * made[:, i]
        np.maximum(best, run, out=best)
    return best


def timing(side: np.ndarray) -> np.ndarray:
    out: np.ndarray = side[:, 6:24] @ np.arange(1, 19) + 19 * side[:, 24]
    return out


def contact(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    s0 = 25 - _rearmost(other)
    mask = np.arange(25)[None, :] >= s0[:, None]  # index i holds our point i + 1 > s0
    out: np.ndarray = (side * mask).sum(axis=1)
    return out


def side_features(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """(N, NUM_FEATURES) float32, as :func:`core.bot.features.side_features`."""
    side = side.astype(np.int64)
    other = other.astype(np.int64)
    x = np.empty((side.shape[0], NUM_FEATURES), dtype=np.float64)
    shots, lost = hit_risk(side, other)
    held, front = anchors(side)
    x[:, 0] = escapes(side, other) / 36.0
    x[:, 1] = shots / 36.0
    x[:, 2] = lost / 25.0
    x[:, 3] = held / 3.0
    x[:, 4] = front / 6.0
    x[:, 5] = blocking_prime(side, other) / 6.0
    x[:, 6] = timing(side) / 100.0
    x[:, 7] = contact(side, other) / 15.0
    return x.astype(np.float32)


def features(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """(N, 2 * NUM_FEATURES): the side on roll's features, then the other's."""
    return np.concatenate([side_features(side, other), side_features(other, side)], axis=1)


def feature_columns(names: list[str]) -> list[int]:
    """Columns of :func:`features` for these features (both sides).

    >>> feature_columns(["escapes", "contact"])
    [0, 7, 8, 15]
    """
    idx = [FEATURE_NAMES.index(n) for n in names]
    return idx + [NUM_FEATURES + i for i in idx]
