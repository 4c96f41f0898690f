"""Equity lost per move and cube decisions on the varied evaluation set, by class, its tune and
held-out parts apart (issue #43).

    python bench/bot_varied.py [--run bench/data/varied/v1] [--cube-run bench/data/varied/cube1] \\
        [--levels 0-ply,advanced,strongest] [--workers 2] [--weights FILE] [--parts tune,heldout] \\
        [--no-cube] [--save FILE] [--record]

The set (``bot_training/varied.py``): positions from games of uneven strength (gnubg 0-ply with
noise at several levels, pubeval, our weaker levels, random openings), spread over the classes of
``bot_training/classes.py``, each with its roll and gnubg 2-ply's equity of every legal play
(kept in the run; no gnubg needed here). A level's loss on a case is the equity of gnubg's choice
minus gnubg's equity of the level's play (``core.bot.Bot``, the pure-Python bot the page runs; 0-ply:
the net's best play with no lookahead), never below zero, in milli-equity. ``gnubg 0-ply`` is
gnubg's own 0-ply choice, kept in the run, judged the same way.

**The cube** (``bot_training/varied_cube.py``): positions around the doubling window from the same
kind of games, each at money and at a match score, the cube centred, with gnubg 2-ply's cubeful
equities and proper action (and gnubg 0-ply's). Two answers are judged a position, as
``bench/bot_cube.py`` does: should the side on roll double, should the other side take; each is a
decision, so the agreement is double and take pooled (an optional double agrees either way), and
what a decision loses is gnubg 2-ply's equity of its answer below that of gnubg's (per unit of
cube, normalized in a match), in milli-equity. Ours: ``0-ply`` (the net's probabilities in the cube
model: the beginner and intermediate levels, their noise apart) and ``advanced, strongest`` (both
decide the cube the same way: two rolls ahead at the close calls, ``Level.cube_ply`` 2).

The ``tune`` and ``heldout`` parts are reported apart. The held-out part is read here only to
report (``final_report=True``): nothing may tune on it or choose a candidate by it; compare
candidate nets on ``--parts tune``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from _paths import ROOT  # (also puts the repository on sys.path)
from bot_loss import ZERO_PLY, level_plays  # noqa: E402

from bot_training.classes import CLASSES  # noqa: E402
from bot_training.stats import mean_ci95  # noqa: E402
from bot_training.varied import PARTS, Case, load_cases  # noqa: E402
from bot_training.varied_cube import Decision, load_decisions  # noqa: E402
from core.bot import LEVELS, Bot  # noqa: E402
from core.bot.evaluator import Evaluator  # noqa: E402
from core.bot.kinds import KIND_WEIGHTS, KINDS  # noqa: E402
from core.position import Position  # noqa: E402

GNUBG0 = "gnubg 0-ply"
CUBE_LEVELS = ("0-ply", "advanced, strongest")
"""Our cube deciders: the cube model on the net's probabilities, and two rolls ahead (``cube_ply`` 2)."""
CUBE_COLUMNS = ("money", "match")


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (:func:`bot_training.stats.mean_ci95`), rounded
    as the tables print it.

    >>> mean_ci([1.0, 3.0])
    (2.0, 1.96)
    """
    m, half = mean_ci95(xs)
    return m, round(half, 3)


class Memo:
    """Answers already computed, kept as JSON lines in ``path`` (``--cache``): each a key, the net it
    was computed with (a hash of the weights file) and its value; appended as chunks are done, so an
    interrupted run goes on where it stopped, and a grown set computes only its new cases. Remove
    the file when the levels' code changes (the key does not see the code)."""

    def __init__(self, path: str | None, weights: str | None) -> None:
        digest = hashlib.sha256()
        if weights:  # FILE, or KIND=FILE,... (a net per kind)
            for part in weights.split(","):
                digest.update(part.partition("=")[0].encode() if "=" in part else b"")
                with open(part.partition("=")[2] if "=" in part else part, "rb") as f:
                    digest.update(f.read())
        else:  # the shipped nets, every kind's
            folder = os.path.join(ROOT, "core", "bot", "weights")
            for kind in KINDS:
                shipped = os.path.join(folder, KIND_WEIGHTS[kind])
                if os.path.exists(shipped):
                    with open(shipped, "rb") as f:
                        digest.update(f.read())
        self.net = digest.hexdigest()[:16]
        self.path = path
        self.known: dict[str, Any] = {}
        if path and os.path.exists(path):
            with open(path) as f:
                for line in f:
                    row = json.loads(line)
                    if row["net"] == self.net:
                        self.known[row["key"]] = row["value"]

    def compute(self, keys: list[str], jobs: Callable[[list[int]], Any], worker: Callable[[Any], list[Any]],
                workers: int, chunk: int = 12) -> list[Any]:
        """The value of each key: known, or computed by ``worker`` on ``jobs(indices)`` for chunks
        of the missing ones, in ``workers`` processes (0: in this one)."""
        todo = [i for i, k in enumerate(keys) if k not in self.known]
        chunks = [todo[i : i + chunk] for i in range(0, len(todo), chunk)]
        if not chunks:
            return [self.known[k] for k in keys]
        with contextlib.ExitStack() as stack:
            if workers > 0:
                ex = stack.enter_context(ProcessPoolExecutor(workers))
                done = ex.map(worker, [jobs(c) for c in chunks])
            else:  # in this process
                done = map(worker, [jobs(c) for c in chunks])
            for idx, values in zip(chunks, done):
                rows = [(keys[i], v) for i, v in zip(idx, values)]
                self.known.update(rows)
                if self.path:
                    with open(self.path, "a") as f:
                        f.writelines(json.dumps({"key": k, "net": self.net, "value": v}) + "\n" for k, v in rows)
        return [self.known[k] for k in keys]


def losses(cases: list[Case], levels: list[str], workers: int, weights: str | None,
           memo: Memo | None = None) -> dict[str, list[float]]:
    """Each level's loss on each case (mEq), and gnubg 0-ply's, in the cases' order."""
    out: dict[str, list[float]] = {GNUBG0: [1000.0 * c.loss(c.plays[c.best0]) for c in cases]}
    memo = memo or Memo(None, weights)
    ids = [(c.position.to_id(), c.dice[0], c.dice[1]) for c in cases]
    for lv in levels:
        keys = [f"play {pid} {a}{b} {lv}" for pid, a, b in ids]
        chosen = memo.compute(keys, functools.partial(_play_job, lv, ids, weights), _level_boards, workers)
        out[lv] = [1000.0 * c.loss((tuple(b[0]), tuple(b[1]))) for c, b in zip(cases, chosen)]
    return out


def _play_job(lv: str, ids: list[tuple[str, int, int]], weights: str | None,
              idx: list[int]) -> tuple[list[str], list[tuple[str, int, int]], str | None, bool]:
    return [lv], [ids[i] for i in idx], weights, False


def _level_boards(job: tuple[list[str], list[tuple[str, int, int]], str | None, bool]) -> list[list[list[int]]]:
    """The boards one level's plays leave (a process's share), as JSON values."""
    (lv,) = job[0]
    return [[list(row[lv][0]), list(row[lv][1])] for row in level_plays(job)]


def judge(d: Decision, double: bool, take: bool) -> tuple[float, float]:
    """(agreement, mEq lost) per decision of the answers ``double`` and ``take`` on ``d`` against
    gnubg 2-ply: the share of the two decisions answered as gnubg does (0, 0.5 or 1), and their mean
    loss by its equities.

    >>> from bot_training.varied_cube import CubeAnswer
    >>> from core.position import Position
    >>> g = CubeAnswer(0.60, 0.70, 1.0, "Double, take")
    >>> d = Decision(Position.initial(), "opening", "gnubg", "pubeval", 0, 0, 0, g, g)
    >>> [[round(x, 3) for x in judge(d, dbl, take)] for dbl, take in ((True, True), (False, True), (False, False))]
    [[1.0, 0.0], [0.5, 50.0], [0.0, 200.0]]
    """
    g = d.deep
    dc, tc = g.costs(double, take)
    agree = ((double == g.double or g.optional) + (take == g.take)) / 2
    return agree, 1000.0 * (dc + tc) / 2


def our_cube(job: tuple[list[Decision], str | None]) -> list[dict[str, list[bool]]]:
    """Each of our cube deciders' (double, take) on each decision (a process's share)."""
    decisions, weights = job
    evaluator = Evaluator.from_weights(weights) if weights else None
    zero, deep = Bot(level="intermediate", evaluator=evaluator), Bot(level="strongest", evaluator=evaluator)
    out = []
    for d in decisions:
        row = {}
        for name, bot, ply in ((CUBE_LEVELS[0], zero, 0), (CUBE_LEVELS[1], deep, deep.level.cube_ply)):
            c = bot.cube_decision(d.position, d.score, ply=ply)
            row[name] = [c.double, c.take]
        out.append(row)
    return out


def cube_figures(decisions: list[Decision], workers: int, weights: str | None,
                 memo: Memo | None = None) -> dict[str, list[tuple[float, float]]]:
    """Each cube decider's (agreement, mEq lost) on each decision, gnubg 0-ply's too, in order."""
    out = {GNUBG0: [judge(d, d.zero.double, d.zero.take) for d in decisions]}
    memo = memo or Memo(None, weights)
    keys = [f"cube {d.position.to_id()} {d.length} {d.away} {d.opp_away}" for d in decisions]
    chosen = memo.compute(keys, lambda idx: ([decisions[i] for i in idx], weights), our_cube, workers)
    for name in CUBE_LEVELS:
        out[name] = [judge(d, *answers[name]) for d, answers in zip(decisions, chosen)]
    return out


def every_kth_position(decisions: list[Decision], k: int) -> list[Decision]:
    """The decisions of every ``k``-th position (in the order first met), each at all of its scores:
    a subset that keeps money and match alike (every 2nd decision would keep only one score).

    >>> from bot_training.varied_cube import CubeAnswer
    >>> from core.position import Position
    >>> g = CubeAnswer(0.1, -0.4, 1.0, "No double, take")
    >>> p, q, r = (Position.from_text(t) for t in ("x 1:3 2:3 / o 1:2 6:4", "x 1:3 / o 1:2", "x 2:2 / o 3:1"))
    >>> ds = [Decision(pos, "bearoff", "gnubg", "gnubg", n, n, n, g, g) for pos in (p, q, r) for n in (0, 5)]
    >>> [(d.position in (p, r), d.length) for d in every_kth_position(ds, 2)]
    [(True, 0), (True, 5), (True, 0), (True, 5)]
    """
    order: dict[Position, int] = {}
    for d in decisions:
        order.setdefault(d.position, len(order))
    return [d for d in decisions if order[d.position] % k == 0]


def cube_cell(xs: list[tuple[float, float]]) -> str:
    """Agreement and mEq lost per decision, means over ``xs``.

    >>> cube_cell([(1.0, 0.0), (0.5, 30.0)]), cube_cell([])
    ('75.0% 15.0', '-')
    """
    if not xs:
        return "-"
    return f"{100 * sum(a for a, _ in xs) / len(xs):.1f}% {sum(c for _, c in xs) / len(xs):.1f}"


def cell(xs: list[float], ci: bool) -> str:
    m, h = mean_ci(xs)
    if math.isnan(m):
        return "-"
    return f"{m:.1f} ± {h:.1f}" if ci else f"{m:.1f}"


def _in(k: str, cls: str, kind: str | None = None) -> bool:
    return k in ("all", cls, kind)


def report(parts: dict[str, list[Case]], figures: dict[str, dict[str, list[float]]], names: list[str],
           cube: dict[str, list[Decision]] | None = None,
           cube_figs: dict[str, dict[str, list[tuple[float, float]]]] | None = None) -> str:
    """One Markdown table, each cell 'tune / held-out': a row per player, mEq a move by class; then,
    with ``cube``, a row per cube decider, agreement and mEq a decision by class (money and match
    apart in the last columns). The header gives each column's counts: cases (moves), then cube
    decisions (each cube position at money and a match score)."""
    order = list(parts)
    corder = list(cube or {})
    columns = (*CLASSES, "all", *(CUBE_COLUMNS if cube else ()))

    def count(k: str) -> str:
        moves = " / ".join(str(sum(_in(k, c.cls) for c in parts[p])) for p in order)
        decisions = " / ".join(str(sum(_in(k, d.cls, d.kind) for d in (cube or {})[p])) for p in corder)
        if k in CUBE_COLUMNS:
            return f"{k} (cube {decisions})"
        return f"{k} ({moves}" + (f"; cube {decisions})" if cube else ")")

    rows: list[list[str]] = []
    for name in names:
        row = [f"**{name}**" if name == "strongest" else name]
        for k in columns:
            if k in CUBE_COLUMNS:
                row.append("")
                continue
            per = []
            for p in order:
                xs = [x for c, x in zip(parts[p], figures[p][name]) if _in(k, c.cls)]
                per.append(cell(xs, ci=k in ("all", "backgame")))
            row.append(" / ".join(per))
        rows.append(row)
    if cube and cube_figs:
        for name in (*CUBE_LEVELS, GNUBG0):
            label = f"cube: **{name}**" if name == CUBE_LEVELS[1] else f"cube: {name}"
            rows.append([label] + [" / ".join(cube_cell([x for d, x in zip(cube[p], cube_figs[p][name])
                                                         if _in(k, d.cls, d.kind)]) for p in corder)
                                   for k in columns])
    header = ["mEq a move (cube: agreement, mEq a decision), "
              + " / ".join("held-out" if p == "heldout" else p for p in order), *(count(k) for k in columns)]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="append", help="a varied run's folder (several: repeat); "
                    "default bench/data/varied/v1")
    ap.add_argument("--cube-run", action="append", help="a varied cube run's folder (several: repeat); "
                    "default bench/data/varied/cube1")
    ap.add_argument("--no-cube", action="store_true", help="the chequer plays only")
    ap.add_argument("--levels", default="0-ply,advanced,strongest",
                    help="bot levels, and 0-ply: the net's best play with no lookahead ('' for none)")
    ap.add_argument("--parts", default=",".join(PARTS), help="tune, heldout or both (tune,heldout)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tune-every", type=int, default=1, metavar="K",
                    help="the tune part's every K-th case and cube decision only (in the set's order), where "
                    "time is short")
    ap.add_argument("--heldout-every", type=int, default=1, metavar="K",
                    help="the same for the held-out part (every K-th, so 4 measures a subset of 2's)")
    ap.add_argument("--weights", help="weights to measure instead of the shipped nets: FILE (one net for every "
                    "kind of position) or KIND=FILE[,KIND=FILE...] (a net per kind, core.bot.kinds)")
    ap.add_argument("--save", help="write every case's losses as JSON lines")
    ap.add_argument("--cache", help="our levels' answers kept between runs, JSON lines (read, then appended): "
                    "a grown set computes only its new cases (class Memo)")
    ap.add_argument("--record", action="store_true", help="rewrite section loss-varied of bench/RESULTS.md")
    args = ap.parse_args()
    runs = args.run or ["bench/data/varied/v1"]
    levels = [lv for lv in args.levels.split(",") if lv]
    unknown = [lv for lv in levels if lv not in LEVELS and lv != ZERO_PLY]
    if unknown:
        ap.error(f"unknown level(s) {', '.join(unknown)}: expected some of {', '.join(sorted(LEVELS))} or 0-ply")
    wanted = args.parts.split(",")
    if not wanted or any(p not in PARTS for p in wanted):
        ap.error(f"--parts {args.parts!r}: expected tune, heldout or tune,heldout")
    if args.record and (wanted != list(PARTS) or args.no_cube):
        ap.error("--record reports both parts and the cube: leave --parts and --no-cube out")
    t0 = time.time()
    # the held-out part is read to report it, never to choose (bot_training.varied.load_cases)
    parts = {p: load_cases(runs, p, final_report=True) for p in wanted}
    every = {"tune": args.tune_every, "heldout": args.heldout_every}
    if min(every.values()) < 1:
        ap.error("--tune-every and --heldout-every must be 1 or more")
    parts = {p: cases[:: every[p]] for p, cases in parts.items()}
    memo = Memo(args.cache, args.weights)
    figures = {p: losses(parts[p], levels, args.workers, args.weights, memo) for p in wanted}
    names = [*levels, GNUBG0]
    cube: dict[str, list[Decision]] | None = None
    cube_figs: dict[str, dict[str, list[tuple[float, float]]]] | None = None
    if not args.no_cube:
        cube_runs = args.cube_run or ["bench/data/varied/cube1"]
        cube = {p: load_decisions(cube_runs, p, final_report=True) for p in wanted}
        cube = {p: every_kth_position(decisions, every[p]) for p, decisions in cube.items()}
        cube_figs = {p: cube_figures(cube[p], args.workers, args.weights, memo) for p in wanted}
    if args.save:
        with open(args.save, "w") as f:
            for p in wanted:
                for i, c in enumerate(parts[p]):
                    row = {"id": c.position.to_id(), "dice": c.dice, "class": c.cls, "part": p,
                           "mover": c.mover, **{n: round(figures[p][n][i], 2) for n in names}}
                    f.write(json.dumps(row) + "\n")
            for p, decisions in (cube or {}).items():
                assert cube_figs is not None
                for i, d in enumerate(decisions):
                    crow = {"id": d.position.to_id(), "length": d.length, "away": d.away, "opp_away": d.opp_away,
                            "class": d.cls, "part": p, "gnubg": d.deep.action,
                            **{n: [round(x, 2) for x in cube_figs[p][n][i]] for n in (*CUBE_LEVELS, GNUBG0)}}
                    f.write(json.dumps(crow) + "\n")
    table = report(parts, figures, names, cube, cube_figs)
    if max(every.values()) > 1:
        said = {p: p.replace("heldout", "held-out") + (f" (1 in {k})" if k > 1 else "") for p, k in every.items()}
        table = table.replace(" tune / held-out", f" {said['tune']} / {said['heldout']}", 1)
    print(f"{' + '.join(runs)}: mEq lost per move against gnubg 2-ply's choice ({time.time() - t0:.0f} s)")
    print(table)
    if args.record:
        import results

        goal = ("issue #43: on the varied held-out part, the strongest level at most 6 mEq a move overall and at most "
                "12 in back games; its cube decisions (double and take pooled) at least 90% as gnubg 2-ply's on money "
                "positions around the window (tune on the tune part only)")
        results.record("loss-varied", "Equity lost per move and cube decisions on the varied set, by class", goal,
                       table)
    print(f"done in {time.time() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
