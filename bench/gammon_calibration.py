"""The net's chances against the outcomes of its own games (issue #16; not run in CI).

    python bench/gammon_calibration.py --games 10000 --seed 2 [--weights FILE]

Plays ``--games`` games of the net against itself from the opening position, both sides at
0-ply (the numpy twin of the browser's evaluation, :mod:`bot_training.npbot`), all games side by
side with :func:`bot_training.match.play_match` (seeded dice, each game its own: with the same
net on both sides, a duplicate-dice pair would be one game played twice). Before every roll it
keeps the net's five chances for the side on roll; when the game ends, what happened to that
side. A well-calibrated net's mean chance of a gammon equals the share of gammons in the games
it plays itself: the ratio ``actual / predicted`` of each output is printed for contact and race positions, and by the
side on roll's winning chance. Our own games only: nothing here comes from GNU Backgammon.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _paths import ROOT  # noqa: F401  (puts the repository on the path)

from bot_training import engine
from bot_training.match import play_match
from bot_training.npbot import NumpyBot, shipped_twin, twin_of
from core.bot.encoding import is_race
from core.bot.net import Net
from core.position import Position

OUTPUTS = ("win", "gammon won", "backgammon won", "gammon lost", "backgammon lost")
WIN_BINS = ((0.0, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.85), (0.85, 1.0001))


def self_play(bot: NumpyBot, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every position before a roll of ``games`` self-play games (:func:`bot_training.match.play_match`,
    both sides the net at 0-ply): the net's chances (N, 5) for the side on roll, whether there was
    contact (N,), and the outcome for that side (N, 5) as 0/1."""
    game_of: list[np.ndarray] = []
    first_on_roll: list[np.ndarray] = []  # whether the side that moved first is on roll
    chances: list[np.ndarray] = []
    contact: list[np.ndarray] = []

    def observe(ids: np.ndarray, positions: list[Position], a_moves: np.ndarray) -> None:
        keep = ids < games
        kept = [p for p, k in zip(positions, keep.tolist()) if k]
        if kept:
            chances.append(bot.probs(np.array([p.player for p in kept]), np.array([p.opponent for p in kept])))
            contact.append(np.array([not is_race(p.player, p.opponent) for p in kept]))
            game_of.append(ids[keep])
            first_on_roll.append(a_moves[keep])

    def zero_ply(c: engine.Candidates, rows: np.ndarray, _race: np.ndarray) -> np.ndarray:
        return bot.zero_ply(c, rows)

    points = play_match(zero_ply, zero_ply, (games + 1) // 2, seed=seed, observe=observe, duplicate=False)
    g_all, a_all = np.concatenate(game_of), np.concatenate(first_on_roll)
    mine = np.where(a_all, points[g_all], -points[g_all])  # the final points for the side on roll
    outcome = np.stack([mine > 0, mine >= 2, mine >= 3, mine <= -2, mine <= -3], axis=1).astype(np.float64)
    return np.concatenate(chances), np.concatenate(contact), outcome


def ratios(predicted: np.ndarray, outcome: np.ndarray) -> str:
    """``actual / predicted`` of each output; ``-`` where the net gives it under 0.1% on average."""
    mean = predicted.mean(axis=0)
    return " ".join(f"{o / p:6.3f}" if p >= 0.001 else "     -" for o, p in zip(outcome.mean(axis=0), mean))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--weights", help="a weights file (default: the shipped net)")
    args = ap.parse_args()
    bot = shipped_twin()
    if args.weights:
        with open(args.weights, "rb") as raw:
            bot = twin_of(Net.from_json_bytes(raw.read()))
    t0 = time.time()
    predicted, contact, outcome = self_play(bot, args.games, args.seed)
    print(f"{args.games} self-play games at 0-ply (seed {args.seed}, {time.time() - t0:.0f} s), "
          f"{len(predicted)} positions before a roll")
    print("mean chance predicted / share in the games, then ratio actual / predicted; outputs: " + ", ".join(OUTPUTS))
    for name, mask in (("contact", contact), ("race", ~contact)):
        p, o = predicted[mask], outcome[mask]
        print(f"{name} ({mask.sum()}): predicted {np.round(p.mean(axis=0), 4)} actual {np.round(o.mean(axis=0), 4)}")
        print(f"  ratio {ratios(p, o)}")
        for lo, hi in WIN_BINS:
            m = (p[:, 0] >= lo) & (p[:, 0] < hi)
            if m.any():
                print(f"  win chance {lo:.2f}-{min(hi, 1.0):.2f} ({m.sum()}): ratio {ratios(p[m], o[m])}")


if __name__ == "__main__":
    main()
