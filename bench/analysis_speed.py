"""Speed of the match analysis (issue #15): a 7-point match in CPython and in Pyodide on Node.

    python bench/analysis_speed.py                    # the page's and the command line's depths
    python bench/analysis_speed.py --depths 5:0.2,3:0.12,1:0.08 --no-pyodide
    python bench/analysis_speed.py --here ...         # measure in this interpreter only (what Pyodide runs)

The match: ``bench/data/selfplay_302_7pt.mat`` (gnubg played itself with noise: 4 games, a typical
7-pointer). The Pyodide figures per decision feed
:data:`core.analysis.engine.PAGE_SECONDS_PER_DECISION`, from which the page picks its depth
(:func:`core.analysis.page_depth`). For each depth (``CANDIDATES:MARGIN:CUBE_MARGIN``, see
:class:`core.analysis.Depth`) it drives :func:`core.analysis.analysis_steps` as the page does (all
of it, slices included) and prints the total time and the median and slowest time per decision; then
it times the command line (``python -m core.analysis FILE --json``, a fresh process). Times are
given both by the wall clock and by CPU time (the machine is shared): ``time.process_time`` in
CPython, Node's ``process.cpuUsage()`` in Pyodide. Not run by the tests.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MATCH = ROOT / "bench" / "data" / "selfplay_302_7pt.mat"


def parse_depths(text: str) -> list[tuple[int, float, float]]:
    """``"5:0.2,1:0.08:0"`` -> ``[(5, 0.2, 0.25), (1, 0.08, 0.0)]``: candidates, margin and the
    cube's close-call margin (:attr:`core.analysis.Depth.cube_margin`, 0.25 when left out)."""
    out = []
    for part in text.split(","):
        count, margin, cube = (part.split(":") + ["", ""])[:3]
        out.append((int(count), float(margin or 0.2), float(cube or 0.25)))
    return out


def depth_spec(candidates: int, margin: float, cube_margin: float) -> str:
    """The ``--depths`` form of a depth (see :func:`parse_depths`)."""
    return f"{candidates}:{margin}:{cube_margin}"


def cpu_seconds() -> float:
    """This process's CPU time: ``time.process_time`` in CPython; in Pyodide on Node, Node's
    ``process.cpuUsage()`` (Pyodide's own ``process_time`` follows the wall clock)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        usage = js.process.cpuUsage()
        return float(usage.user + usage.system) / 1e6
    return time.process_time()


def measure(path: Path, depths: list[tuple[int, float, float]]) -> list[dict[str, Any]]:
    """Drive analysis_steps at each depth; times in seconds."""
    from core.analysis import Depth, analysis_steps
    from core.bot.evaluator import Evaluator
    from core.record import parse_mat

    match = parse_mat(path.read_text())
    Evaluator.shared()  # loading the net is not the analysis (the page loads it once)
    results = []
    for candidates, margin, cube_margin in depths:
        steps = analysis_steps(match, depth=Depth(candidates=candidates, margin=margin, cube_margin=cube_margin))
        per: list[float] = []
        wall, cpu = time.perf_counter(), cpu_seconds()
        last = wall
        while True:
            try:
                item = next(steps)
            except StopIteration as done:
                analysis = done.value
                break
            if item is not None:
                now = time.perf_counter()
                per.append(now - last)
                last = now
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        counted = sum(1 for d in analysis.decisions if d.counted)
        results.append({
            "depth": depth_spec(candidates, margin, cube_margin),
            "decisions": len(analysis.decisions),
            "counted": counted,
            "wall_s": round(wall, 2),
            "cpu_s": round(cpu, 2),
            "median_ms": round(1000 * statistics.median(per), 1),
            "max_ms": round(1000 * max(per), 1),
            "error_rates": [round(s.error_rate, 1) for s in analysis.summary],
        })
    return results


def run_cli(path: Path) -> dict[str, float]:
    """The command line on ``path``: wall and CPU seconds of the child process."""
    import resource  # not in Pyodide

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "core.analysis", str(path), "--json"], cwd=ROOT,
                   stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(wall, 2), "cpu_s": round(cpu, 2)}


def run_pyodide(path: Path, depths: str) -> list[dict[str, Any]]:
    """This script inside Pyodide on Node (``bench/run_in_pyodide.mjs``)."""
    rel = path.resolve().relative_to(ROOT)
    proc = subprocess.run(
        ["node", "bench/run_in_pyodide.mjs", "bench/analysis_speed.py", "--here", "--mat", str(rel),
         "--depths", depths],
        cwd=ROOT, capture_output=True, text=True, timeout=3600,
    )
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            found: list[dict[str, Any]] = json.loads(line[7:])
            return found
    raise RuntimeError(f"Pyodide run failed:\n{proc.stdout}\n{proc.stderr}")


def show(where: str, rows: list[dict[str, Any]]) -> None:
    for r in rows:
        print(f"{where:8} depth {r['depth']:>12}: {r['decisions']} decisions ({r['counted']} counted), "
              f"total {r['wall_s']:.1f} s wall, {r['cpu_s']:.1f} s CPU; per decision median {r['median_ms']:.0f} ms,"
              f" max {r['max_ms']:.0f} ms; error rates {r['error_rates']}", flush=True)


def main() -> None:
    from core.analysis import Depth, decision_count, page_depth
    from core.analysis.engine import PAGE_SECONDS_PER_DECISION
    from core.record import parse_mat

    default = Depth()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mat", type=Path, default=MATCH)
    ap.add_argument("--depths", default=",".join(depth_spec(d.candidates, d.margin, d.cube_margin)
                                                 for d, _ in PAGE_SECONDS_PER_DECISION))
    ap.add_argument("--here", action="store_true", help="measure in this interpreter only, print one RESULT line")
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--no-cli", action="store_true")
    ap.add_argument("--record", action="store_true", help="rewrite section analysis-speed of bench/RESULTS.md")
    args = ap.parse_args()
    path = args.mat if args.mat.is_absolute() else ROOT / args.mat
    depths = parse_depths(args.depths)
    if args.here:
        print("RESULT " + json.dumps(measure(path, depths)), flush=True)
        return
    import results

    with results.printed() as out:
        count = decision_count(parse_mat(path.read_text()))
        chosen = page_depth(count)
        print(f"{path.name}: {count} decisions, the page's depth for it "
              f"{depth_spec(chosen.candidates, chosen.margin, chosen.cube_margin)}; "
              f"Python {sys.version.split()[0]}", flush=True)
        show("CPython", measure(path, depths))
        if not args.no_cli:
            cli = run_cli(path)
            print(f"command line (depth {depth_spec(default.candidates, default.margin, default.cube_margin)}): "
                  f"{cli['wall_s']:.1f} s wall, "
                  f"{cli['cpu_s']:.1f} s CPU", flush=True)
        if not args.no_pyodide:
            show("Pyodide", run_pyodide(path, args.depths))

    if args.record:
        goal = ("issue #15: the 380-decision 7-pointer analysed in at most 60 s on the command line and in the page "
                "(Pyodide); the Pyodide figures per decision feed core.analysis.engine.PAGE_SECONDS_PER_DECISION")
        results.record("analysis-speed", "Match analysis speed", goal, results.code_block(out.getvalue()))

if __name__ == "__main__":
    main()
