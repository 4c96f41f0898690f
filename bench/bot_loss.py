"""Equity lost per move against GNU Backgammon 2-ply, by position class (not run in CI).

    python bench/bot_loss.py --positions 1500 --workers 2 --cache gnubg_hints.jsonl \
        [--levels 0-ply,advanced,strongest] [--classes fine|coarse] [--weights FILE]

Positions: sampled from games of a fixed net (``bot_training/weights/net_v1.json.gz``, 0-ply,
a tenth of its plays one of its top 3 at random) against itself and against pubeval (half the
games: the loose structures a weaker player leads to), each with a roll that allows two or
more distinct plays, spread evenly over the position classes, up to ``positions / classes``
each. ``--classes coarse``: ``contact``, ``race`` (no contact left), ``bearoff`` (both sides
in their home boards), as ``bench/bot_cube.py`` uses them. ``--classes fine`` (the default)
splits contact by what the issue names (:func:`fine_class`, first match wins): ``bar`` (the
side on roll has a checker on the bar), ``backgame`` (a side holds two or more points in
the other's home board), ``prime`` (a side has four or more made points in a row in front
of the other's rearmost checker), ``middle`` (any other contact); then ``race``, ``bearoff``.

GNU Backgammon rates the plays (``hint`` at 2-ply, cubeless, its own move filter: the
candidates within 0.16 of its 0-ply best are rated at 2-ply, the others keep their 0-ply
equity; ``--jacoby``: money play under the Jacoby rule with the cube centred, gnubg rating the
plays cubeful and our levels choosing as they do under the rule); ``--cache FILE`` keeps its
answers (JSON lines keyed by position ID and dice), so that a new net is measured on the same
cases without gnubg again. A level's loss on a case
is the equity of gnubg's choice (the first play of its hint) minus gnubg's equity of the level's
play (``core.bot.Bot``, the pure-Python bot the page runs; none below zero), in milli-equity;
the levels' plays are computed in ``--workers`` processes too. gnubg is only the yardstick
here: nothing is trained on it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

from _paths import ROOT
from gnubg_workers import GnubgWorkers, apply_gnubg_steps, open_cache  # noqa: E402

from bot_training.stats import mean_ci95  # noqa: E402
from core.bot import LEVELS, Bot, Evaluator, ScoreConfig, play_value  # noqa: E402
from core.bot.features import blocking_prime, is_back_game  # noqa: E402
from core.ids import MatchInfo, encode_gnubg_id  # noqa: E402
from core.moves import Play, legal_plays  # noqa: E402
from core.position import Position  # noqa: E402

CLASSES = ("contact", "race", "bearoff")
FINE_CLASSES = ("bar", "backgame", "prime", "middle", "race", "bearoff")
ZERO_PLY = "0-ply"
WORKER = r'''
import gnubg, sys, json
for c in ("set player 0 human", "set player 1 human", "set automatic roll off", "set automatic move off",
          "new session", "set display off"):
    gnubg.command(c)
gnubg.command("set evaluation chequerplay evaluation plies PLIES")
gnubg.command("set evaluation chequerplay evaluation cubeful CUBEFUL")
for line in sys.stdin:
    pid, a, b = line.split()
    gnubg.command(("set gnubgid " if ":" in pid else "set board ") + pid)
    gnubg.command("set dice %s %s" % (a, b))
    h = gnubg.hint(9999)
    out = [[[x for step in gnubg.parsemove(m["move"]) for x in step], m["equity"], m["context"]["plies"]]
           for m in h["hint"]]
    sys.stdout.write("@@ " + json.dumps(out) + "\n")
    sys.stdout.flush()
'''


class HintPool:
    """Several gnubg processes answering 'position-id d1 d2' with every play and its equity."""

    def __init__(self, n: int, plies: int, cubeful: bool = False) -> None:
        script = WORKER.replace("PLIES", str(int(plies))).replace("CUBEFUL", "on" if cubeful else "off")
        self.workers = GnubgWorkers(n, script, "gnubg-loss-")

    def hints(self, requests: list[tuple[str, int, int]]) -> list[list[tuple[tuple[int, ...], float, int]]]:
        answers = self.workers.ask([f"{pid} {a} {b}" for pid, a, b in requests], "@@ ")
        return [[(tuple(m[0]), float(m[1]), int(m[2])) for m in json.loads(line[3:])] for _, line in answers]

    def close(self) -> None:
        self.workers.close()


def position_class(pos: Position) -> str:
    """``bearoff`` (both sides home), ``race`` (no contact) or ``contact``."""
    if not any(pos.player[6:]) and not any(pos.opponent[6:]):
        return "bearoff"
    return "race" if pos.is_race() else "contact"


def fine_class(pos: Position) -> str:
    """:func:`position_class` with contact split into ``bar``, ``backgame``, ``prime`` and
    ``middle`` (see the module docstring; the first that applies).

    >>> fine_class(Position.initial())
    'middle'
    >>> fine_class(Position.from_text("x 24:2 22:2 13:4 8:3 6:4 / o 6:5 8:3 13:5 24:2"))
    'backgame'
    >>> fine_class(Position.from_text("x bar:1 13:5 8:3 6:4 24:2 / o 4:2 5:2 6:2 7:2 8:2 13:3 24:2"))
    'bar'
    >>> fine_class(Position.from_text("x 13:5 8:3 6:5 24:2 / o 4:2 5:2 6:2 7:2 8:2 13:3 24:2"))
    'prime'
    """
    coarse = position_class(pos)
    if coarse != "contact":
        return coarse
    if pos.player[24]:
        return "bar"
    if is_back_game(pos.player, pos.opponent):
        return "backgame"
    if max(blocking_prime(pos.player, pos.opponent), blocking_prime(pos.opponent, pos.player)) >= 4:
        return "prime"
    return "middle"


def sample_cases(n: int, seed: int, distinct_positions: bool = False, fine: bool = False,
                 max_batches: int = 50) -> list[tuple[Position, tuple[int, int]]]:
    """Up to ``n / classes`` distinct (position, roll) cases per class (:data:`CLASSES`, or
    :data:`FINE_CLASSES` when ``fine``), each roll with two or more plays (``distinct_positions``:
    each position once, whatever the roll)."""
    import numpy as np

    from bot_training.batches import LabelSpec, sample_positions, teacher_bot

    spec = LabelSpec(teacher=os.path.join(ROOT, "bot_training/weights/net_v1.json.gz"), positions=4000, games=32,
                     sample=0.25, pubeval=0.5, seed=seed)
    bot = teacher_bot(spec.teacher)
    rng = random.Random(seed)
    classes, classify = (FINE_CLASSES, fine_class) if fine else (CLASSES, position_class)
    per = math.ceil(n / len(classes))
    chosen: dict[str, list[tuple[Position, tuple[int, int]]]] = {c: [] for c in classes}
    seen: set[tuple[str, tuple[int, int] | None]] = set()
    batch = 0
    while any(len(v) < per for v in chosen.values()) and batch < max_batches:
        positions, _src = sample_positions(bot, spec, np.random.default_rng([seed, batch]))
        batch += 1
        for pos in positions:
            cls = classify(pos)
            if len(chosen[cls]) >= per:
                continue
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            key = (pos.to_id(), None if distinct_positions else dice)
            if key not in seen and len(legal_plays(pos, dice)) >= 2:
                seen.add(key)
                chosen[cls].append((pos, dice))
    return [case for c in classes for case in chosen[c]]


def rated_plays(pos: Position, plays: tuple[Play, ...],
                hint: list[tuple[tuple[int, ...], float, int]]) -> dict[tuple[tuple[int, ...], tuple[int, ...]], float]:
    """gnubg's equity of each of our plays, keyed by the resulting boards; checks that the sets agree."""
    rated = {apply_gnubg_steps(pos.player, pos.opponent, steps): eq for steps, eq, _plies in hint}
    ours = {(p.result.player, p.result.opponent) for p in plays}
    if set(rated) != ours:
        raise RuntimeError(f"gnubg's plays differ from ours in {pos.to_id()}: {len(rated)} vs {len(ours)}")
    return rated


def zero_ply_play(bot: Bot, plays: tuple[Play, ...], jacoby: bool = False) -> Play:
    """The play the net rates best with no lookahead (the first generated on ties); ``jacoby``:
    money play under the Jacoby rule, the cube centred (valued as :meth:`Bot.rank_plays` does)."""
    scores = bot.evaluator.play_equities(plays, play_value(None, 1, jacoby))
    return plays[max(range(len(plays)), key=lambda i: (scores[i], -i))]


Hint = list[tuple[tuple[int, ...], float, int]]


def cached_hints(cases: list[tuple[Position, tuple[int, int]]], workers: int, plies: int,
                 cache: str | None, jacoby: bool = False) -> list[Hint]:
    """gnubg's rated plays for each case, from ``cache`` (JSON lines) where it has them; the
    others are asked of gnubg and appended to ``cache``. ``jacoby``: money play under the Jacoby
    rule, cube centred, gnubg's plays rated cubeful (kept apart in the cache)."""
    known: dict[tuple[str, int, int, int, bool], Hint] = {}
    if cache and os.path.exists(cache):
        with open_cache(cache, "r") as f:
            for line in f:
                rec = json.loads(line)
                key = (rec["id"], *rec["dice"], rec["plies"], rec.get("jacoby", False))
                known[key] = [(tuple(m[0]), m[1], m[2]) for m in rec["hint"]]
    keys = [(pos.to_id(), d[0], d[1], plies, jacoby) for pos, d in cases]
    missing = sorted({k for k in keys if k not in known})
    if missing:
        pool = HintPool(workers, plies, cubeful=jacoby)
        ask = {pos.to_id(): encode_gnubg_id(pos, MatchInfo(jacoby=True)) if jacoby else pos.to_id() for pos, _ in cases}
        try:
            answers = pool.hints([(ask[pid], a, b) for pid, a, b, _, _ in missing])
        finally:
            pool.close()
        for key, hint in zip(missing, answers):
            known[key] = hint
        if cache:
            with open_cache(cache, "a") as f:
                for key, hint in zip(missing, answers):
                    extra = {"jacoby": True} if jacoby else {}
                    f.write(json.dumps({"id": key[0], "dice": key[1:3], "plies": plies, "hint": hint, **extra}) + "\n")
    return [known[k] for k in keys]


Boards = tuple[tuple[int, ...], tuple[int, ...]]


def level_plays(job: tuple[list[str], list[tuple[str, int, int]], str | None, bool]) -> list[dict[str, Boards]]:
    """For each (position ID, dice) case, the resulting board of each level's play (a process's
    share); ``weights``: a weights file instead of the shipped net; ``jacoby``: money play under
    the Jacoby rule, cube centred."""
    levels, cases, weights, jacoby = job
    evaluator = Evaluator.from_weights(weights) if weights else None  # FILE, or KIND=FILE,... (a net per kind)
    bots = {lv: Bot(level=lv if lv != ZERO_PLY else "beginner", evaluator=evaluator) for lv in levels}
    out = []
    for pid, a, b in cases:
        pos = Position.from_id(pid)
        plays = legal_plays(pos, (a, b))
        row: dict[str, Boards] = {}
        for lv, bot in bots.items():
            if lv == ZERO_PLY:
                play = zero_ply_play(bot, plays, jacoby)
            else:
                play = bot.choose_play(pos, (a, b), ScoreConfig(jacoby=jacoby))
            row[lv] = (play.result.player, play.result.opponent)
        out.append(row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=1500)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--levels", default="0-ply,advanced,strongest",
                    help="bot levels, and 0-ply: the net's best play with no lookahead")
    ap.add_argument("--classes", choices=("fine", "coarse"), default="fine")
    ap.add_argument("--cache", help="keep gnubg's rated plays in this JSON-lines file (read, then appended)")
    ap.add_argument("--save", help="write every case's losses as JSON lines")
    ap.add_argument("--weights", help="a weights file to measure instead of the shipped net")
    ap.add_argument("--jacoby", action="store_true",
                    help="money play under the Jacoby rule, cube centred: gnubg's plays rated cubeful")
    ap.add_argument("--record", action="store_true",
                    help="rewrite section loss-money (or loss-jacoby) of bench/RESULTS.md")
    args = ap.parse_args()
    levels = args.levels.split(",")
    unknown = [lv for lv in levels if lv not in LEVELS and lv != ZERO_PLY]
    if unknown:
        ap.error(f"unknown level(s) {', '.join(unknown)}: expected some of {', '.join(sorted(LEVELS))}")
    fine = args.classes == "fine"
    classes, classify = (FINE_CLASSES, fine_class) if fine else (CLASSES, position_class)
    t0 = time.time()
    cases = sample_cases(args.positions, args.seed, fine=fine, max_batches=200 if fine else 50)
    print(f"{len(cases)} cases sampled in {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    hints = cached_hints(cases, args.workers, args.plies, args.cache, args.jacoby)
    print(f"gnubg {args.plies}-ply hints in {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    from concurrent.futures import ProcessPoolExecutor

    ids = [(pos.to_id(), d[0], d[1]) for pos, d in cases]
    n = max(1, args.workers)
    with ProcessPoolExecutor(n) as ex:
        shares = list(ex.map(level_plays, [(levels, ids[k::n], args.weights, args.jacoby) for k in range(n)]))
    chosen = [shares[i % n][i // n] for i in range(len(ids))]
    losses: dict[str, dict[str, list[float]]] = {lv: {c: [] for c in classes} for lv in levels}
    rows = []
    for (pos, dice), hint, boards in zip(cases, hints, chosen):
        rated = rated_plays(pos, legal_plays(pos, dice), hint)
        # gnubg's choice: the first play its hint lists, rated at the full depth. A play its filter
        # kept at 0-ply can show a higher (0-ply) equity (6 of the 1,500 cases, by up to 16 mEq):
        # not a better play, so no play loses less than nothing
        best = hint[0][1]
        cls = classify(pos)
        row: dict[str, object] = {"id": pos.to_id(), "dice": dice, "class": cls}
        for lv in levels:
            loss = 1000.0 * max(0.0, best - rated[boards[lv]])
            losses[lv][cls].append(loss)
            row[lv] = round(loss, 2)
        rows.append(row)
    if args.save:
        with open(args.save, "w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    report: list[str] = []

    def say(line: str) -> None:
        print(line)
        report.append(line)

    rules = ", Jacoby rule, cube centred, gnubg cubeful" if args.jacoby else ""
    say(f"mEq lost per move vs gnubg {args.plies}-ply ({len(cases)} cases, seed {args.seed}{rules}, "
          f"{time.time() - t0:.0f} s)")
    for lv in levels:
        parts = []
        everything = [x for c in classes for x in losses[lv][c]]
        for name, xs in [(c, losses[lv][c]) for c in classes] + [("all", everything)]:
            if len(xs) > 1:
                m, half = mean_ci95(xs)
                parts.append(f"{name} {m:.1f} ± {half:.1f} ({len(xs)})")
        say(f"  {lv}: " + "; ".join(parts))
    if args.record:
        import results

        name = "loss-jacoby" if args.jacoby else "loss-money"
        goal = ("issue #16: on at least 1,500 positions from varied games, judged by GNU Backgammon 2-ply's equities "
                "of every legal play, the strongest level's mean loss at most 8 mEq a move (goal 4), by class")
        results.record(name, "Equity lost per move against GNU Backgammon 2-ply" + (" (Jacoby rule)" if args.jacoby
                       else ""), goal, results.code_block("\n".join(report)))


if __name__ == "__main__":
    main()
