"""Equity lost per move on the varied evaluation set, by class, its tune and held-out parts apart (issue #43).

    python bench/bot_varied.py [--run bench/data/varied/v1] [--levels 0-ply,advanced,strongest] \\
        [--workers 2] [--weights FILE] [--parts tune,heldout] [--save FILE] [--record]

The set (``bot_training/varied.py``): positions from games of uneven strength (gnubg 0-ply with
noise at several levels, pubeval, our weaker levels, random openings), spread over the classes of
``bot_training/classes.py``, each with its roll and gnubg 2-ply's equity of every legal play
(kept in the run; no gnubg needed here). A level's loss on a case is the equity of gnubg's choice
minus gnubg's equity of the level's play (``core.bot.Bot``, the pure-Python bot the page runs; 0-ply:
the net's best play with no lookahead), never below zero, in milli-equity. ``gnubg 0-ply`` is
gnubg's own 0-ply choice, kept in the run, judged the same way.

The ``tune`` and ``heldout`` parts are reported apart. The held-out part is read here only to
report (``final_report=True``): nothing may tune on it or choose a candidate by it; compare
candidate nets on ``--parts tune``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from _paths import ROOT  # noqa: F401  (puts the repository on sys.path)
from bot_loss import ZERO_PLY, level_plays  # noqa: E402

from bot_training.classes import CLASSES  # noqa: E402
from bot_training.varied import PARTS, Case, load_cases  # noqa: E402
from core.bot import LEVELS  # noqa: E402

GNUBG0 = "gnubg 0-ply"


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (0 for fewer than two values).

    >>> mean_ci([1.0, 3.0])
    (2.0, 1.96)
    """
    if not xs:
        return math.nan, math.nan
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, round(1.96 * sd / math.sqrt(len(xs)), 3)


def losses(cases: list[Case], levels: list[str], workers: int, weights: str | None) -> dict[str, list[float]]:
    """Each level's loss on each case (mEq), and gnubg 0-ply's, in the cases' order."""
    out: dict[str, list[float]] = {GNUBG0: [1000.0 * c.loss(c.plays[c.best0]) for c in cases]}
    if not levels:
        return out
    ids = [(c.position.to_id(), c.dice[0], c.dice[1]) for c in cases]
    n = max(1, workers)
    with ProcessPoolExecutor(n) as ex:
        shares = list(ex.map(level_plays, [(levels, ids[k::n], weights, False) for k in range(n)]))
    chosen = [shares[i % n][i // n] for i in range(len(ids))]
    for lv in levels:
        out[lv] = [1000.0 * c.loss(boards[lv]) for c, boards in zip(cases, chosen)]
    return out


def cell(xs: list[float], ci: bool) -> str:
    m, h = mean_ci(xs)
    if math.isnan(m):
        return "-"
    return f"{m:.1f} ± {h:.1f}" if ci else f"{m:.1f}"


def report(parts: dict[str, list[Case]], figures: dict[str, dict[str, list[float]]], names: list[str]) -> str:
    """One Markdown table: a row of counts, then a row per player; each cell 'tune / held-out'."""
    order = list(parts)
    rows: list[list[str]] = [["cases"] + [" / ".join(str(sum(c.cls == k for c in parts[p])) for p in order)
                                          for k in CLASSES] + [" / ".join(str(len(parts[p])) for p in order)]]
    for name in names:
        row = [f"**{name}**" if name == "strongest" else name]
        for k in (*CLASSES, "all"):
            per = []
            for p in order:
                xs = [x for c, x in zip(parts[p], figures[p][name]) if k == "all" or c.cls == k]
                per.append(cell(xs, ci=k in ("all", "backgame")))
            row.append(" / ".join(per))
        rows.append(row)
    header = ["mEq a move, " + " / ".join("held-out" if p == "heldout" else p for p in order), *CLASSES, "all"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="append", help="a varied run's folder (several: repeat); "
                    "default bench/data/varied/v1")
    ap.add_argument("--levels", default="0-ply,advanced,strongest",
                    help="bot levels, and 0-ply: the net's best play with no lookahead ('' for none)")
    ap.add_argument("--parts", default=",".join(PARTS), help="tune, heldout or both (tune,heldout)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--weights", help="a weights file to measure instead of the shipped net")
    ap.add_argument("--save", help="write every case's losses as JSON lines")
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
    if args.record and wanted != list(PARTS):
        ap.error("--record reports both parts: leave --parts out")
    t0 = time.time()
    # the held-out part is read to report it, never to choose (bot_training.varied.load_cases)
    parts = {p: load_cases(runs, p, final_report=True) for p in wanted}
    figures = {p: losses(parts[p], levels, args.workers, args.weights) for p in wanted}
    names = [*levels, GNUBG0]
    if args.save:
        with open(args.save, "w") as f:
            for p in wanted:
                for i, c in enumerate(parts[p]):
                    row = {"id": c.position.to_id(), "dice": c.dice, "class": c.cls, "part": p,
                           "mover": c.mover, **{n: round(figures[p][n][i], 2) for n in names}}
                    f.write(json.dumps(row) + "\n")
    table = report(parts, figures, names)
    print(f"{' + '.join(runs)}: mEq lost per move against gnubg 2-ply's choice ({time.time() - t0:.0f} s)")
    print(table)
    if args.record:
        import results

        goal = ("issue #43: on the varied held-out part, the strongest level at most 6 mEq a move overall and at most "
                "12 in back games (gnubg 2-ply's ratings of every legal play; tune on the tune part only)")
        results.record("loss-varied", "Equity lost per move on the varied set, by class", goal, table)
    print(f"done in {time.time() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
