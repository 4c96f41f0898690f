"""Match analysis (core.analysis) against GNU Backgammon's 2-ply analysis, and its speed.

    python bench/analysis.py                       # the committed set (tests/data/analysis)
    python bench/analysis.py --make DIR --seeds 201-212   # gnubg plays and analyses more matches into DIR
    python bench/analysis.py --folder DIR          # figures on DIR's matches, and timings
    python bench/analysis.py --weights NET.json.gz --no-cli   # a candidate net instead of the shipped one
    python bench/analysis.py --folder bench/data/analysis --no-cli --record   # the figure of bench/RESULTS.md

The matches are gnubg's self-play at 0-ply with chequer-play noise (each player its own),
analysed by gnubg at 2-ply (``tests/gnubg/analysis_script.py``); the figures (issue #15's
statistical agreement) are computed by ``tests/gnubg/test_analysis_vs_gnubg.py``'s ``compare`` and
``figures``, whose tests check fixed answers only (gnubg's worst plays marked and named). Speed: the command line
(``python -m core.analysis FILE --json``) on each match, wall time, in CPython.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.analysis import analyse_match  # noqa: E402
from core.bot.evaluator import Evaluator  # noqa: E402
from core.bot.net import Net  # noqa: E402
from core.record import parse_mat  # noqa: E402
from tests.gnubg.test_analysis_vs_gnubg import (  # noqa: E402
    DATA,
    Row,
    compare,
    figures,
    make_matches,
    player_rates,
)

NOISES = [(0.01, 0.06), (0.04, 0.12), (0.08, 0.02), (0.0, 0.04), (0.12, 0.06), (0.03, 0.03)]
LENGTHS = [7, 7, 5, 5, 3, 3, 0, 0, 7, 5, 3, 0]


def specs(first: int, last: int) -> list[tuple[int, int, float, float]]:
    """Seeds ``first..last``: lengths and noises cycle through LENGTHS and NOISES."""
    out = []
    for k, seed in enumerate(range(first, last + 1)):
        n0, n1 = NOISES[k % len(NOISES)]
        out.append((seed, LENGTHS[k % len(LENGTHS)], n0, n1))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", type=Path, default=DATA)
    parser.add_argument("--make", type=Path, help="generate matches with gnubg into this folder first")
    parser.add_argument("--seeds", default="201-212")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--no-cli", action="store_true", help="time analyse_match in-process instead of the CLI")
    parser.add_argument("--save", type=Path, help="write the rows and rates as JSON (to pool runs)")
    parser.add_argument("--pool", type=Path, nargs="*", help="print the figures of saved runs together")
    parser.add_argument("--weights", type=Path, help="a weights file to measure instead of the shipped net")
    parser.add_argument("--only", default="", help="only the .mat files whose name contains one of these (a,b,c)")
    parser.add_argument("--record", action="store_true", help="rewrite section analysis-agreement of bench/RESULTS.md")
    args = parser.parse_args()
    if args.pool:
        saved = [json.loads(p.read_text()) for p in args.pool]
        pooled = figures([Row(**r) for s in saved for r in s["rows"]], [tuple(r) for s in saved for r in s["rates"]])
        print("\n".join(pooled.lines()))
        return
    folder = args.folder
    if args.make:
        first, _, last = args.seeds.partition("-")
        make_matches(specs(int(first), int(last or first)), args.make, processes=args.processes)
        folder = args.make
    wanted = args.only.split(",")
    paths = sorted(p for p in folder.glob("*.mat") if any(w in p.name for w in wanted))
    evaluator = None
    if args.weights:
        if not args.no_cli:
            parser.error("--weights measures in-process only: add --no-cli")
        evaluator = Evaluator(net=Net.from_json_bytes(args.weights.read_bytes()))
    rows: list[Row] = []
    rates: list[tuple[float, float]] = []
    timings = []
    for mat in paths:
        record = json.loads(mat.with_suffix(".gnubg.json").read_text())
        match = parse_mat(mat.read_text())
        started, cpu = time.perf_counter(), time.process_time()
        analysis = analyse_match(match, evaluator=evaluator)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        if not args.no_cli:
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "core.analysis", str(mat), "--json"], cwd=ROOT,
                           stdout=subprocess.DEVNULL, check=True)
            seconds = time.perf_counter() - started
        rows += compare(mat.name, match, analysis, record)
        theirs = player_rates(record)
        for g, s in zip(theirs, analysis.summary):
            rates.append((g, s.error_rate))
        counted = sum(1 for d in analysis.decisions if d.counted)
        timings.append((mat.name, match.length, len(match.games), counted, seconds))
        print(f"{mat.name}: {len(match.games)} games, {counted} decisions, {seconds:.1f} s "
              f"(in-process: CPU {cpu:.1f} s); error rates "
              f"gnubg {theirs[0]:.1f} / {theirs[1]:.1f}, ours {analysis.summary[0].error_rate:.1f} / "
              f"{analysis.summary[1].error_rate:.1f} mEMG", flush=True)
    result = figures(rows, rates)
    if args.save:
        args.save.write_text(json.dumps({"rows": [vars(r) for r in rows], "rates": rates}))
    import results

    with results.printed() as out:
        print()
        print(f"{len(paths)} matches from {folder}")
        print("\n".join(result.lines()))
        sevens = [t for t in timings if t[1] == 7]
        if sevens:
            worst = max(sevens, key=lambda t: t[4])
            print(f"7-point matches: {len(sevens)}, command line {min(t[4] for t in sevens):.1f} to {worst[4]:.1f} s "
                  f"(the slowest: {worst[2]} games, {worst[3]} decisions)")
        per = sum(t[4] for t in timings) / max(1, sum(t[3] for t in timings))
        print(f"time per decision: {1000 * per:.0f} ms")

    if args.record:
        goal = ("issue #15: against GNU Backgammon 2-ply's analysis, the Spearman of the losses at least 0.6; of "
                "gnubg's blunders (loss >= 0.08) at least 80% marked at least 0.04; the same best play where gnubg's "
                "loss is at least 0.02 on at least 60%; the players' error rates ordered alike (Spearman >= 0.7)")
        results.record("analysis-agreement", "Match analysis against GNU Backgammon 2-ply", goal,
                       results.code_block(out.getvalue()))

if __name__ == "__main__":
    main()
