"""Fast batched cubeless money matches between numpy players (benchmarks, checkpoint checks).

Duplicate dice: game pair ``k`` uses one dice sequence twice, with the players
swapping who moves first, which removes much of the luck from the comparison.

    python -m bot_training.match --snapshot bot_training/runs/r1/ckpt.pkl --games 4000
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import numpy as np

from core.bot.pubeval import CONTACT_WEIGHTS, RACE_WEIGHTS
from core.position import Position

from . import engine, npenc
from .checkpoints import load_ckpt
from .mlp import MLP, equity, gammon_rules
from .stats import mean_ci95

Scorer = Callable[[engine.Candidates, np.ndarray, np.ndarray], np.ndarray]
"""(candidates, rows, race-before-move per row) -> score per row, higher is better for the mover."""

PUBEVAL_RACE = np.array(RACE_WEIGHTS, dtype=np.float64)
"""Pubeval's race and contact weights (core.bot.pubeval), as numpy rows."""
PUBEVAL_CONTACT = np.array(CONTACT_WEIGHTS, dtype=np.float64)


def pubeval_inputs(mover: np.ndarray, other: np.ndarray) -> np.ndarray:
    n = mover.shape[0]
    x = np.zeros((n, 122))
    blk = x[:, :120].reshape(n, 24, 5)
    m = mover[:, 23::-1]  # block k = point 24 - k
    o = other[:, :24]  # the other's idx k is our point 24 - k
    blk[:, :, 0] = (m == 0) & (o == 1)
    blk[:, :, 1] = m == 1
    blk[:, :, 2] = m >= 2
    blk[:, :, 3] = m == 3
    blk[:, :, 4] = np.where(m >= 4, (m - 3) / 2.0, 0.0)
    x[:, 120] = other[:, 24] / 2.0
    x[:, 121] = (15 - mover.sum(axis=1)) / 15.0
    return x


def pubeval_scorer(c: engine.Candidates, rows: np.ndarray, race_before: np.ndarray) -> np.ndarray:
    x = pubeval_inputs(c.mover[rows], c.onroll[rows])
    s = np.where(race_before, x @ PUBEVAL_RACE, x @ PUBEVAL_CONTACT)
    return np.where(c.mover[rows].sum(axis=1) == 0, 1e9, s)


def net_scorer(net: MLP) -> Scorer:
    def score(c: engine.Candidates, rows: np.ndarray, race_before: np.ndarray) -> np.ndarray:
        x = npenc.encode(c.onroll[rows], c.mover[rows])
        return -equity(gammon_rules(net.forward(x), c.onroll[rows], c.mover[rows]))

    return score


Observer = Callable[[np.ndarray, list[Position], np.ndarray], None]
"""(game numbers, their positions before the roll, whether ``a`` is on roll in each) -> None."""


def play_match(a: Scorer, b: Scorer, pairs: int, seed: int = 12345, batch: int = 256,
               progress: Callable[[np.ndarray], None] | None = None,
               observe: Observer | None = None, duplicate: bool = True) -> np.ndarray:
    """Points won by ``a`` in each of ``2 * pairs`` games (duplicate dice: games ``2k`` and ``2k + 1``
    roll the same dice, ``a`` moving first in the even one; ``duplicate=False`` gives every game
    dice of its own, for self-play, where a duplicate pair would be one game played twice).

    ``progress``, if given, is called after each batch with the results so far; ``observe``, at
    every turn with the games still going, before their roll is played."""
    max_plies = 400
    results = np.zeros(2 * pairs)
    init = Position.initial()
    for start in range(0, 2 * pairs, batch):
        ids = np.arange(start, min(2 * pairs, start + batch))
        G = len(ids)
        dice = np.empty((G, max_plies, 2), dtype=np.int64)
        for j, gid in enumerate(ids):
            r = np.random.default_rng([seed, int(gid) // 2] if duplicate else [seed, int(gid), 1])
            d = r.integers(1, 7, size=(max_plies, 2))
            while d[0, 0] == d[0, 1]:
                d[0] = r.integers(1, 7, size=2)
            dice[j] = d
        a_first = ids % 2 == 0
        pos = [init] * G
        active = np.ones(G, dtype=bool)
        ply = 0
        while active.any():
            act = np.flatnonzero(active)
            c = engine.candidates([pos[g] for g in act], [(int(dice[g, ply, 0]), int(dice[g, ply, 1])) for g in act])
            race_before = np.array([npenc.race(np.array([pos[g].player]), np.array([pos[g].opponent]))[0] for g in act])
            a_moves = (ply % 2 == 0) == a_first[act]  # per active game
            if observe:
                observe(ids[act], [pos[g] for g in act], a_moves)
            row_is_a = a_moves[c.game]
            score = np.empty(len(c.game))
            ra, rb = np.flatnonzero(row_is_a), np.flatnonzero(~row_is_a)
            if len(ra):
                score[ra] = a(c, ra, race_before[c.game[ra]])
            if len(rb):
                score[rb] = b(c, rb, race_before[c.game[rb]])
            best = engine.segment_argmax(score, c.seg)
            finished, pts = engine.terminal_values(c.onroll[best], c.mover[best])
            for k, g in enumerate(act):
                if finished[k]:
                    results[ids[g]] = pts[k] if a_moves[k] else -pts[k]
                    active[g] = False
                else:
                    pos[g] = engine.to_position(c.onroll[best[k]], c.mover[best[k]])
            ply += 1
            if ply >= max_plies:
                break
        if progress:
            progress(results[: ids[-1] + 1])
    return results


def summary(res: np.ndarray) -> str:
    pair = res.reshape(-1, 2).mean(axis=1)  # duplicate pairs are the independent units
    m, ci = mean_ci95(pair.tolist())
    win = (res > 0).mean()
    return f"{m:+.3f} ppg ± {ci:.3f} (95% CI, {len(res)} games, {len(pair)} duplicate pairs), wins {win:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--snapshot", required=True)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args()
    net, _ = load_ckpt(args.snapshot)
    res = play_match(net_scorer(net), pubeval_scorer, args.games // 2, seed=args.seed)
    print(args.snapshot, summary(res), flush=True)


if __name__ == "__main__":
    main()
