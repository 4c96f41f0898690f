"""Batched candidate generation for many games at once (training and benchmarks).

For each game, :func:`candidates` lists the legal plays' results as numpy boards,
seen from the side that will be on roll next (the mover's opponent), so one
forward pass of a net scores the candidates of all games together.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.moves import legal_results, pack
from core.position import Position


def unpack_boards(boards: Sequence[int]) -> np.ndarray:
    """Packed sides (4 bits per place, 25 places) -> (N, 25) int64 counts."""
    raw = np.frombuffer(b"".join(b.to_bytes(13, "little") for b in boards), dtype=np.uint8).reshape(-1, 13)
    out = np.empty((raw.shape[0], 26), dtype=np.int64)
    out[:, 0::2] = raw & 15
    out[:, 1::2] = raw >> 4
    return out[:, :25]


def hit_bits(hits: Sequence[int]) -> np.ndarray:
    """Hit masks (bit i = mover's index i) -> (N, 24) int64."""
    raw = np.frombuffer(b"".join(h.to_bytes(3, "little") for h in hits), dtype=np.uint8).reshape(-1, 3)
    return np.unpackbits(raw, axis=1, bitorder="little").astype(np.int64)


class Candidates:
    """All candidates of a batch of games: ``seg[g]:seg[g+1]`` are game g's rows.

    ``onroll`` / ``mover``: (N, 25) boards of the next side on roll (the mover's
    opponent, hits applied) and of the mover after its play.
    ``counts[g]``: game g's legal plays (0 when the roll cannot be played: its one row is then
    the position unchanged).
    """

    __slots__ = ("onroll", "mover", "seg", "counts", "game", "positions", "dice")

    def __init__(self, onroll: np.ndarray, mover: np.ndarray, seg: np.ndarray, counts: np.ndarray,
                 game: np.ndarray, positions: Sequence[Position] = (), dice: Sequence[tuple[int, int]] = ()) -> None:
        self.onroll, self.mover, self.seg, self.counts, self.game = onroll, mover, seg, counts, game
        self.positions, self.dice = positions, dice


def candidates(positions: Sequence[Position], dice: Sequence[tuple[int, int]]) -> Candidates:
    boards: list[int] = []
    hits: list[int] = []
    counts = []
    for pos, d in zip(positions, dice):
        found = legal_results(pos, d)  # the plays of core.moves.legal_plays, without the Play objects
        if found:
            for board, hit in found:
                boards.append(board)
                hits.append(hit)
            counts.append(len(found))
        else:
            boards.append(pack(pos.player))
            hits.append(0)
            counts.append(0)
    n_plays = np.array(counts)
    rows = np.maximum(n_plays, 1)
    game = np.repeat(np.arange(len(positions)), rows)
    mover = unpack_boards(boards)
    opp = np.array([p.opponent for p in positions], dtype=np.int64)[game]
    hb = hit_bits(hits)
    if hb.any():
        opp[:, :24] -= hb[:, ::-1]
        opp[:, 24] += hb.sum(axis=1)
    seg = np.concatenate([[0], np.cumsum(rows)])
    return Candidates(opp, mover, seg, n_plays, game, positions, dice)


def terminal_values(onroll: np.ndarray, mover: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(finished, points for the mover) per candidate: 1, 2 (gammon) or 3 (backgammon) when finished."""
    finished = mover.sum(axis=1) == 0
    opp_off = 15 - onroll.sum(axis=1)
    gammon = opp_off == 0
    # backgammon: the loser still has checkers on the bar or in the winner's home board
    # (the winner's points 1..6 are the loser's 19..24)
    bg = gammon & ((onroll[:, 18:25].sum(axis=1)) > 0)
    pts = np.where(finished, 1 + gammon + bg, 0)
    return finished, pts


def segment_argmax(values: np.ndarray, seg: np.ndarray) -> np.ndarray:
    """Index (into ``values``) of the maximum of each segment."""
    n = len(seg) - 1
    seg_max = np.maximum.reduceat(values, seg[:-1])
    is_max = values >= np.repeat(seg_max, np.diff(seg))
    idx = np.flatnonzero(is_max)
    first = np.searchsorted(idx, seg[:-1])
    return idx[first[:n]]


def to_position(onroll_row: np.ndarray, mover_row: np.ndarray) -> Position:
    """The next position (next side on roll) from two board rows."""
    return Position.unchecked(tuple(onroll_row.tolist()), tuple(mover_row.tolist()))
