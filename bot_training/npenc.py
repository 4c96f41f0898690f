"""Vectorized (numpy) version of :mod:`core.bot.encoding`, for training and benchmarks.

Boards are int arrays of shape (N, 25) in each side's own numbering. The tests check
that :func:`encode` equals the pure-Python encoder input for input.
"""

from __future__ import annotations

import numpy as np

from core.bot.encoding import NUM_INPUTS, SIDE_INPUTS

_POINT_NUM = np.arange(1, 25, dtype=np.float32)
# the 36 rolls as (a, b, ways): each non-double once (a > b), counted for both its orders
ROLLS21 = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(1, a + 1))


def bits(cols: np.ndarray) -> np.ndarray:
    """(N, k) bool, k <= 32 -> (N,) int64 with bit ``j`` set where column ``j`` is."""
    packed = np.packbits(cols, axis=1, bitorder="little").astype(np.int64)
    out = np.zeros(cols.shape[0], dtype=np.int64)
    for byte in range(packed.shape[1]):
        out |= packed[:, byte] << (8 * byte)
    return out


def longest_run(m: np.ndarray) -> np.ndarray:
    """Length of the longest run of set bits of each int64 (as many passes as the longest run)."""
    m = m.copy()
    run = np.zeros(m.shape[0], dtype=np.int64)
    while m.any():
        run += m != 0
        m &= m >> 1
    return run


def shots(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Rolls (of 36) that let ``other`` hit a blot of ``side``, blocking ignored; shape (N,).

    Roll by roll on bit masks of ``side``'s points (bit ``p``: its point ``p``; the other's bar
    is 0): the points one checker of the other's reaches with the roll, met with the blots."""
    count = np.zeros(side.shape[0], dtype=np.int64)
    blot = side[:, :24] == 1  # side's points 1..24
    if not blot.any():
        return count
    blots = bits(blot) << 1
    # the other's checkers at side's points q: 0 (its bar) and 1..24 (its index 24 - q)
    hitters = bits(other[:, 23::-1] > 0) << 1 | (other[:, 24] > 0)
    for a, b, ways in ROLLS21:
        if a == b:
            reach = hitters << a | hitters << 2 * a | hitters << 3 * a | hitters << 4 * a
        else:
            reach = hitters << a | hitters << b | hitters << (a + b)
        count += ways * ((reach & blots) != 0)
    return count


# a point's four inputs by its checker count (0..15): one, two, three or more, the rest halved
_POINT_INPUTS = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3.0, 0.0) / 2.0] for n in range(16)], dtype=np.float32)


def _side_block(side: np.ndarray, other: np.ndarray, x: np.ndarray, base: int) -> None:
    pts = side[:, :24]
    n = pts.astype(np.float32)
    x[:, base : base + 96] = _POINT_INPUTS[pts].reshape(-1, 96)
    bar = side[:, 24].astype(np.float32)
    on_board = side.sum(axis=1)
    x[:, base + 96] = bar / 2.0
    x[:, base + 97] = (15 - on_board) / 15.0
    x[:, base + 98] = (n @ _POINT_NUM + 25.0 * bar) / 167.0
    x[:, base + 99] = shots(side, other) / 36.0
    made = pts >= 2
    x[:, base + 100] = made[:, :6].sum(axis=1) / 6.0
    x[:, base + 101] = longest_run(bits(made)) / 6.0
    x[:, base + 102] = (side[:, 24] + pts[:, 18:24].sum(axis=1)) / 5.0


def highest(side: np.ndarray) -> np.ndarray:
    """Index of the rearmost checker (24 = bar), -1 for none."""
    occ = side > 0
    idx = 24 - np.argmax(occ[:, ::-1], axis=1)
    return np.where(occ.any(axis=1), idx, -1)


def race(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    a, b = highest(side), highest(other)
    out: np.ndarray = (a < 0) | (b < 0) | (a + b < 23)
    return out


def encode(side: np.ndarray, other: np.ndarray, extra: int = 0) -> np.ndarray:
    """Inputs (N, NUM_INPUTS) float32 for ``side`` on roll against ``other``; ``extra`` more
    columns of zeros after them (room for the expert features, filled by the caller)."""
    x = np.zeros((side.shape[0], NUM_INPUTS + extra), dtype=np.float32)
    _side_block(side, other, x, 0)
    _side_block(other, side, x, SIDE_INPUTS)
    x[:, 2 * SIDE_INPUTS] = race(side, other)
    return x
