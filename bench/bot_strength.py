"""Strength of the browser bot: cubeless money games against pubeval and GNU Backgammon 0-ply.

    python bench/bot_strength.py pubeval --level advanced --games 10000
    python bench/bot_strength.py pubeval --level strongest --games 2000
    python bench/bot_strength.py gnubg --level advanced --games 2000 --workers 6
    # long runs in parts (one process per core), then pooled
    python bench/bot_strength.py pubeval --level strongest --games 5000 --seed 41001 --save a.npy
    python bench/bot_strength.py pubeval --level strongest --games 5000 --seed 41002 --save b.npy
    python bench/bot_strength.py pool a.npy b.npy
    # the yardstick itself: GNU Backgammon 0-ply in the bot's seat, on the same dice as a bot run
    python bench/bot_strength.py pubeval --player gnubg --games 2000 --seed 911 --workers 2

The bot is played through its numpy twin (:mod:`bot_training.npbot`: the same net, bear-off
database and lookahead; ``tests/bot/test_numpy_twin.py`` checks that it picks the same
plays as :class:`core.bot.Bot`). Duplicate dice: each dice sequence is played twice with
the sides swapped, and the 95% confidence interval is computed over the pairs. gnubg plays
with its own 0-ply evaluation (``findbestmove``); we only read its choice of move.
Not run in CI.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import _paths  # noqa: F401  (the imports below)
import numpy as np  # noqa: E402
from gnubg_workers import GnubgWorkers, apply_gnubg_steps  # noqa: E402

from bot_training import engine, match  # noqa: E402
from bot_training.npbot import twin_of  # noqa: E402
from core.bot.net import DEFAULT_WEIGHTS, Net  # noqa: E402

WORKER = r'''
import gnubg, sys
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new session")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("set display off")
for line in sys.stdin:
    pid, a, b = line.split()
    gnubg.command("set board " + pid)
    gnubg.command("set dice %s %s" % (a, b))
    mv = gnubg.findbestmove(gnubg.positionfromid(pid))
    sys.stdout.write("@@ " + " ".join(map(str, mv)) + "\n")
    sys.stdout.flush()
'''


class GnubgPool:
    """Several gnubg processes, each answering 'position-id d1 d2' with its 0-ply best move."""

    def __init__(self, n: int) -> None:
        self.workers = GnubgWorkers(n, WORKER, "gnubg-bench-")

    def best_moves(self, requests: list[tuple[str, int, int]]) -> list[tuple[int, ...]]:
        n = len(self.workers)
        for k, (pid, a, b) in enumerate(requests):
            self.workers.send(k % n, f"{pid} {a} {b}", flush=False)
        self.workers.flush()
        out: list[tuple[int, ...]] = [()] * len(requests)
        for k in range(len(requests)):
            _, line = self.workers.read_until(k % n, "@@")
            out[k] = tuple(int(v) for v in line.split()[1:])
        return out

    def close(self) -> None:
        self.workers.close()


def gnubg_scorer(pool: GnubgPool) -> match.Scorer:
    def score(c: engine.Candidates, rows: np.ndarray, race_before: np.ndarray) -> np.ndarray:
        games = np.unique(c.game[rows])
        reqs, which = [], []
        for g in games:
            if c.seg[g + 1] - c.seg[g] < 2:
                continue
            pos, dice = c.positions[g], c.dice[g]
            reqs.append((pos.to_id(), dice[0], dice[1]))
            which.append(g)
        out = np.zeros(len(rows))
        if not reqs:
            return out
        moves = pool.best_moves(reqs)
        row_of = {int(r): k for k, r in enumerate(rows)}
        for g, mv in zip(which, moves):
            pos = c.positions[g]
            me, opp = apply_gnubg_steps(pos.player, pos.opponent, mv)
            seg = range(c.seg[g], c.seg[g + 1])
            hit = [r for r in seg if tuple(c.mover[r]) == me and tuple(c.onroll[r]) == opp]
            if len(hit) != 1:
                raise RuntimeError(f"gnubg move {mv} for {pos.to_id()} {c.dice[g]} matches {len(hit)} plays")
            out[row_of[hit[0]]] = 1.0
        return out

    return score


def report(res: np.ndarray) -> str:
    """ppg with its interval, wins, and the share of gammons (and backgammons) won and lost."""
    return f"{match.summary(res)}; gammons+bg won {np.mean(res >= 2):.3f} lost {np.mean(res <= -2):.3f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("opponent", choices=["pubeval", "gnubg", "pool"], help="pool: pool the --save files given")
    ap.add_argument("files", nargs="*", help="with pool: results saved by --save (distinct seeds)")
    ap.add_argument("--player", choices=["bot", "gnubg"], default="bot",
                    help="the side measured: our bot, or GNU Backgammon 0-ply (to read the goals on this harness)")
    ap.add_argument("--level", default="advanced")
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--workers", type=int, default=6)
    ap.add_argument("--seed", type=int, default=20240)
    ap.add_argument("--save", help="write the points of every game (numpy .npy, duplicate pairs adjacent)")
    ap.add_argument("--weights", default=DEFAULT_WEIGHTS,
                    help="a weights file: a path, or a name in core/bot/weights/ (default: the shipped net)")
    ap.add_argument("--record", action="store_true",
                    help="rewrite section strength-LEVEL-OPPONENT of bench/RESULTS.md (not with pool)")
    args = ap.parse_args()
    if args.record and args.opponent == "pool":
        ap.error("--record: a pooled figure has no one command that reproduces it; record each run")
    if args.opponent == "pool":
        if not args.files:
            ap.error("pool needs the .npy files written by --save")
        res = np.concatenate([np.load(f) for f in args.files])
        print(f"pooled {len(args.files)} runs: {report(res)}")
        return
    if args.files:
        ap.error("files are only read by pool")
    if os.path.isfile(args.weights):
        with open(args.weights, "rb") as f:
            net = Net.from_json_bytes(f.read())
    else:
        net = Net.load(args.weights)
    twin = twin_of(net)
    meta = net.meta["training"]
    t = time.time()
    pool = None
    if args.player == "gnubg" and args.opponent == "gnubg":
        ap.error("--player gnubg plays against pubeval")
    if args.opponent == "pubeval":
        other: match.Scorer = match.pubeval_scorer
    else:
        pool = GnubgPool(args.workers)
        other = gnubg_scorer(pool)
    if args.player == "gnubg":
        pool = GnubgPool(args.workers)
        measured = gnubg_scorer(pool)
    else:
        measured = twin.scorer(args.level)
    try:
        res = match.play_match(measured, other, args.games // 2, seed=args.seed,
                               batch=256 if args.opponent == "pubeval" else 128,
                               progress=lambda r: print(f"  {len(r)} games: {r.mean():+.3f} ppg, "
                                                        f"{time.time() - t:.0f} s", file=sys.stderr, flush=True))
    finally:
        if pool:
            pool.close()
    if args.save:
        np.save(args.save, res)
    if args.player == "gnubg":
        line = f"GNU Backgammon 0-ply vs {args.opponent}: {report(res)}; {time.time() - t:.0f} s"
    else:
        line = (f"level {args.level} vs {args.opponent}: {report(res)}; weights {args.weights} after "
                f"{meta['games']} training games; {time.time() - t:.0f} s")
    print(line)
    if args.record:
        record(args.player, args.level, args.opponent, args.games, line)


GOALS = {
    ("strongest", "pubeval"): "issue #16: the strongest level at least +0.56 ppg against pubeval over 10,000 games "
    "(the goal +0.64)",
    ("strongest", "gnubg"): "issue #16: the strongest level at least -0.05 ppg against GNU Backgammon 0-ply over "
    "2,000 games (the goal an even score or better)",
    ("advanced", "pubeval"): "issue #16: the default level at least +0.40 ppg against pubeval",
}


def record(player: str, level: str, opponent: str, games: int, line: str) -> None:
    """Rewrite section ``strength-LEVEL-OPPONENT`` of bench/RESULTS.md with this result."""
    import results

    who = "gnubg" if player == "gnubg" else level
    goal = GOALS.get((who, opponent), "a reference point for the goals above (no goal of its own)")
    results.record(f"strength-{who}-{opponent}", f"Strength: {who} against {opponent}, {games:,} games", goal,
                   "Cubeless money games, duplicate dice, the 95% interval over the pairs:\n\n"
                   + results.code_block(line))


if __name__ == "__main__":
    main()
