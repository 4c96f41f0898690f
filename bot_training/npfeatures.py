"""The numpy twin of :mod:`core.bot.features` (tested equal, position by position).

Boards are int arrays of shape (N, 25), each side in its own numbering.
"""

from __future__ import annotations

import numpy as np

from core.bot.features import _HIT_WAYS, FEATURE_NAMES, NUM_FEATURES, ROLLS36

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


def hit_risk(side: np.ndarray, other: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = side.shape[0]
    blot = side[:, :24] == 1  # column p - 1 for our point p
    open_ = side[:, :24] < 2
    hitter = np.zeros((n, 25), dtype=bool)  # column q: our point q (0: their bar)
    hitter[:, 0] = other[:, 24] > 0
    hitter[:, 1:] = (other[:, 23::-1] > 0) & (other[:, 24] == 0)[:, None]
    hit = np.zeros((n, 36, 24), dtype=bool)  # [row, roll, blot point - 1]
    for d in range(1, 25):
        cols = np.arange(0, 25 - d)  # hitter q; blot p = q + d
        base = blot[:, cols + d - 1] & hitter[:, cols]
        if not base.any():
            continue
        for bit, steps in _HIT_WAYS[d]:
            ok = base
            for s in steps:
                ok = ok & open_[:, cols + s - 1]
            hit[:, bit, cols + d - 1] |= ok
    any_hit = hit.any(axis=2)
    first = np.argmax(hit, axis=2)  # lowest blot point hit (the most pips lost)
    loss = np.where(any_hit, 24 - first, 0)  # 25 - p with p = first + 1
    shots: np.ndarray = any_hit.sum(axis=1)
    lost: np.ndarray = loss.sum(axis=1) / 36.0
    return shots, lost


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
