"""Vectorized (numpy) version of :mod:`core.bot.encoding`, for training and benchmarks.

Boards are int arrays of shape (N, 25) in each side's own numbering. The tests check
that :func:`encode` equals the pure-Python encoder input for input.
"""

from __future__ import annotations

import numpy as np

from core.bot.encoding import NUM_INPUTS, ROLL_MASKS, SIDE_INPUTS

_MASKS = np.array(ROLL_MASKS, dtype=np.int64)
_POINT_NUM = np.arange(1, 25, dtype=np.float32)


def _popcount36(m: np.ndarray) -> np.ndarray:
    c = np.zeros(m.shape, dtype=np.int64)
    for shift in range(0, 40, 8):
        c += _POP8[(m >> shift) & 255]
    return c


_POP8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def shots(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Rolls (of 36) that let ``other`` hit a blot of ``side``, blocking ignored; shape (N,)."""
    blot = side[:, :24] == 1  # side's points 1..24
    # other's checkers at side's points q = 0..23: q = 0 is other's bar, q >= 1 is other's idx 24 - q
    occ = np.empty((side.shape[0], 24), dtype=bool)
    occ[:, 0] = other[:, 24] > 0
    occ[:, 1:] = other[:, 23:0:-1] > 0
    mask = np.zeros(side.shape[0], dtype=np.int64)
    if not blot.any():
        return mask
    for d in range(1, 25):
        hit = (blot[:, d - 1 : 24] & occ[:, 0 : 25 - d]).any(axis=1)
        mask |= np.where(hit, _MASKS[d], 0)
    return _popcount36(mask)


def _side_block(side: np.ndarray, other: np.ndarray, x: np.ndarray, base: int) -> None:
    pts = side[:, :24]
    n = pts.astype(np.float32)
    blk = x[:, base : base + 96].reshape(-1, 24, 4)
    blk[:, :, 0] = pts >= 1
    blk[:, :, 1] = pts >= 2
    blk[:, :, 2] = pts >= 3
    blk[:, :, 3] = np.maximum(n - 3.0, 0.0) / 2.0
    bar = side[:, 24].astype(np.float32)
    on_board = side.sum(axis=1)
    x[:, base + 96] = bar / 2.0
    x[:, base + 97] = (15 - on_board) / 15.0
    x[:, base + 98] = (n @ _POINT_NUM + 25.0 * bar) / 167.0
    x[:, base + 99] = shots(side, other) / 36.0
    made = pts >= 2
    x[:, base + 100] = made[:, :6].sum(axis=1) / 6.0
    run = np.zeros(side.shape[0], dtype=np.int64)
    best = np.zeros(side.shape[0], dtype=np.int64)
    for i in range(24):
        run = (run + 1) * made[:, i]
        np.maximum(best, run, out=best)
    x[:, base + 101] = best / 6.0
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


def encode(side: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Inputs (N, NUM_INPUTS) float32 for ``side`` on roll against ``other``."""
    x = np.zeros((side.shape[0], NUM_INPUTS), dtype=np.float32)
    _side_block(side, other, x, 0)
    _side_block(other, side, x, SIDE_INPUTS)
    x[:, 2 * SIDE_INPUTS] = race(side, other)
    return x
