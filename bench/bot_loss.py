"""Equity lost per move against GNU Backgammon 2-ply, by position class (not run in CI).

    python bench/bot_loss.py --positions 1500 --workers 4 [--levels advanced,strongest]

Positions: sampled from games of the shipped net (0-ply, a tenth of its plays one of its
top 3 at random) against itself and against pubeval (half the games), each with a roll
that allows two or more distinct plays; then spread over three classes, up to
``positions / 3`` each: ``contact``, ``race`` (no contact left) and ``bearoff`` (both sides
in their home boards). GNU Backgammon rates the plays (``hint`` at 2-ply, cubeless, its
own move filter: the candidates within 0.16 of its 0-ply best are rated at 2-ply, the
others keep their 0-ply equity); a level's loss on a position is gnubg's best equity
minus gnubg's equity of the level's play (``core.bot.Bot``, the pure-Python bot the page
runs), in milli-equity. gnubg is only the yardstick here: nothing is trained on it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
BENCH = os.path.dirname(os.path.abspath(__file__))
if BENCH not in sys.path:
    sys.path.insert(0, BENCH)

from gnubg_workers import GnubgWorkers, apply_gnubg_steps  # noqa: E402

from core.bot import LEVELS, Bot  # noqa: E402
from core.moves import Play, legal_plays  # noqa: E402
from core.position import Position  # noqa: E402

CLASSES = ("contact", "race", "bearoff")
ZERO_PLY = "0-ply"
WORKER = r'''
import gnubg, sys, json
for c in ("set player 0 human", "set player 1 human", "set automatic roll off", "set automatic move off",
          "new session", "set display off"):
    gnubg.command(c)
gnubg.command("set evaluation chequerplay evaluation plies PLIES")
gnubg.command("set evaluation chequerplay evaluation cubeful off")
for line in sys.stdin:
    pid, a, b = line.split()
    gnubg.command("set board " + pid)
    gnubg.command("set dice %s %s" % (a, b))
    h = gnubg.hint(9999)
    out = [[[x for step in gnubg.parsemove(m["move"]) for x in step], m["equity"], m["context"]["plies"]]
           for m in h["hint"]]
    sys.stdout.write("@@ " + json.dumps(out) + "\n")
    sys.stdout.flush()
'''


class HintPool:
    """Several gnubg processes answering 'position-id d1 d2' with every play and its equity."""

    def __init__(self, n: int, plies: int) -> None:
        self.workers = GnubgWorkers(n, WORKER.replace("PLIES", str(int(plies))), "gnubg-loss-")

    def hints(self, requests: list[tuple[str, int, int]]) -> list[list[tuple[tuple[int, ...], float, int]]]:
        n = len(self.workers)
        out: list[list[tuple[tuple[int, ...], float, int]]] = []
        for start in range(0, len(requests), n):
            chunk = requests[start : start + n]
            for k, (pid, a, b) in enumerate(chunk):
                self.workers.send(k, f"{pid} {a} {b}")
            for k in range(len(chunk)):
                _, line = self.workers.read_until(k, "@@ ")
                out.append([(tuple(m[0]), float(m[1]), int(m[2])) for m in json.loads(line[3:])])
        return out

    def close(self) -> None:
        self.workers.close()


def position_class(pos: Position) -> str:
    """``bearoff`` (both sides home), ``race`` (no contact) or ``contact``."""
    if not any(pos.player[6:]) and not any(pos.opponent[6:]):
        return "bearoff"
    return "race" if pos.is_race() else "contact"


def sample_cases(n: int, seed: int, distinct_positions: bool = False) -> list[tuple[Position, tuple[int, int]]]:
    """Up to ``n / 3`` distinct (position, roll) cases per class, each roll with two or more plays
    (``distinct_positions``: each position once, whatever the roll)."""
    import numpy as np

    from bot_training.batches import LabelSpec, sample_positions, teacher_bot

    spec = LabelSpec(teacher=os.path.join(ROOT, "bot_training/weights/net_v1.json.gz"), positions=4000, games=32,
                     sample=0.25, pubeval=0.5, seed=seed)
    bot = teacher_bot(spec.teacher)
    rng = random.Random(seed)
    per = math.ceil(n / len(CLASSES))
    chosen: dict[str, list[tuple[Position, tuple[int, int]]]] = {c: [] for c in CLASSES}
    seen: set[tuple[str, tuple[int, int] | None]] = set()
    batch = 0
    while any(len(v) < per for v in chosen.values()) and batch < 50:
        positions, _src = sample_positions(bot, spec, np.random.default_rng([seed, batch]))
        batch += 1
        for pos in positions:
            cls = position_class(pos)
            if len(chosen[cls]) >= per:
                continue
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            key = (pos.to_id(), None if distinct_positions else dice)
            if key not in seen and len(legal_plays(pos, dice)) >= 2:
                seen.add(key)
                chosen[cls].append((pos, dice))
    return [case for c in CLASSES for case in chosen[c]]


def rated_plays(pos: Position, plays: tuple[Play, ...],
                hint: list[tuple[tuple[int, ...], float, int]]) -> dict[tuple[tuple[int, ...], tuple[int, ...]], float]:
    """gnubg's equity of each of our plays, keyed by the resulting boards; checks that the sets agree."""
    rated = {apply_gnubg_steps(pos.player, pos.opponent, steps): eq for steps, eq, _plies in hint}
    ours = {(p.result.player, p.result.opponent) for p in plays}
    if set(rated) != ours:
        raise RuntimeError(f"gnubg's plays differ from ours in {pos.to_id()}: {len(rated)} vs {len(ours)}")
    return rated


def zero_ply_play(bot: Bot, plays: tuple[Play, ...]) -> Play:
    """The play the net rates best with no lookahead (the first generated on ties)."""
    scores = bot.evaluator.play_equities(plays)
    return plays[max(range(len(plays)), key=lambda i: (scores[i], -i))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=1500)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--levels", default="0-ply,advanced,strongest",
                    help="bot levels, and 0-ply: the net's best play with no lookahead")
    ap.add_argument("--save", help="write every case's losses as JSON lines")
    args = ap.parse_args()
    levels = args.levels.split(",")
    unknown = [lv for lv in levels if lv not in LEVELS and lv != ZERO_PLY]
    if unknown:
        ap.error(f"unknown level(s) {', '.join(unknown)}: expected some of {', '.join(sorted(LEVELS))}")
    t0 = time.time()
    cases = sample_cases(args.positions, args.seed)
    print(f"{len(cases)} cases sampled in {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    pool = HintPool(args.workers, args.plies)
    try:
        hints = pool.hints([(pos.to_id(), d[0], d[1]) for pos, d in cases])
    finally:
        pool.close()
    print(f"gnubg {args.plies}-ply hints in {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    bots = {lv: Bot(level=lv if lv != ZERO_PLY else "beginner") for lv in levels}
    losses: dict[str, dict[str, list[float]]] = {lv: {c: [] for c in CLASSES} for lv in levels}
    rows = []
    for (pos, dice), hint in zip(cases, hints):
        plays = legal_plays(pos, dice)
        rated = rated_plays(pos, plays, hint)
        best = max(rated.values())
        row: dict[str, object] = {"id": pos.to_id(), "dice": dice, "class": position_class(pos)}
        for lv, bot in bots.items():
            play = zero_ply_play(bot, plays) if lv == ZERO_PLY else bot.choose_play(pos, dice)
            loss = 1000.0 * (best - rated[(play.result.player, play.result.opponent)])
            losses[lv][position_class(pos)].append(loss)
            row[lv] = round(loss, 2)
        rows.append(row)
    if args.save:
        with open(args.save, "w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    print(f"mEq lost per move vs gnubg {args.plies}-ply ({len(cases)} cases, seed {args.seed}, "
          f"{time.time() - t0:.0f} s)")
    for lv in levels:
        parts = []
        everything = [x for c in CLASSES for x in losses[lv][c]]
        for name, xs in [(c, losses[lv][c]) for c in CLASSES] + [("all", everything)]:
            if len(xs) > 1:
                m = sum(xs) / len(xs)
                sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
                parts.append(f"{name} {m:.1f} ± {1.96 * sd / math.sqrt(len(xs)):.1f} ({len(xs)})")
        print(f"  {lv}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
