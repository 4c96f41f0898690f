"""The numpy twin of :mod:`core.bot.features` (tested equal, position by position).

Boards are int arrays of shape (N, 25), each side in its own numbering.
"""

from __future__ import annotations

import numpy as np

from core.bot.features import FEATURE_NAMES, NUM_FEATURES

from .npenc import ROLLS21, bits, longest_run

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
    made_bits = bits(made)  # bit r: our point r held by the other side
    count = np.zeros(n, dtype=np.int64)

    def open_(q: np.ndarray) -> np.ndarray:
        b: np.ndarray = ((made_bits >> np.clip(q, 0, 25)) & 1) == 0
        return b

    for a, b, ways in ROLLS21:  # a non-double's two orders give the same answer: counted twice
        if a == b:
            q = p.copy()
            alive = np.ones(n, dtype=bool)
            ok = np.zeros(n, dtype=bool)
            for _ in range(4):
                q = q - a
                alive &= open_(q)
                free = alive & (q < target)
                ok |= free
                alive &= ~free
        else:
            ok = np.zeros(n, dtype=bool)
            for first, second in ((a, b), (b, a)):
                q = p - first
                ok |= open_(q) & ((q < target) | ((q - second < target) & open_(q - second)))
        count += ways * ok
    out: np.ndarray = np.where(has & (p > 0), count, 36)
    return out


def hit_risk(side: np.ndarray, other: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(shots, expected pips lost) per row, as :func:`core.bot.features.hit_risk`.

    Roll by roll on bit masks of our points (bit ``r``: our point ``r``; their bar is 0): the
    points the other's checkers reach with the roll, each landing on the way open (not made by
    us), met with our blots; the roll loses the pips of the lowest blot it hits (``25 - p``).
    """
    n = side.shape[0]
    blots = bits(side[:, :24] == 1) << 1
    made = bits(side[:, :24] >= 2) << 1
    on_bar = other[:, 24] > 0
    # a bar checker must enter first: then only the bar hits
    hitters = np.where(on_bar, 1, bits(other[:, 23::-1] > 0) << 1)
    shots = np.zeros(n, dtype=np.int64)
    lost = np.zeros(n, dtype=np.int64)
    for a, b, ways in ROLLS21:
        if a == b:
            reach = np.zeros(n, dtype=np.int64)
            step = hitters
            for _ in range(4):
                step = step << a
                reach |= step
                step = step & ~made  # only from an open point does the checker go on
        else:
            ra, rb = hitters << a, hitters << b
            reach = ra | rb | ((ra & ~made) << b) | ((rb & ~made) << a)
        hit = reach & blots
        any_hit = hit != 0
        lowest = np.frexp((hit & -hit).astype(np.float64))[1] - 1  # our point of the lowest blot hit
        shots += ways * any_hit
        lost += np.where(any_hit, ways * (25 - lowest), 0)
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
    return longest_run(bits(made))


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
