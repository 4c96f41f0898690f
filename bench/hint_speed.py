"""How long a hint takes, in CPython and in Pyodide on Node (not run in CI).

    python bench/hint_speed.py [--positions 40] [--no-pyodide] [--depths 5:0.2,8:0.32]
    python bench/hint_speed.py --positions 40 --depths 5:0.2 --record   # and rewrite its RESULTS.md section

The positions are bot_speed.py's fixed set (pubeval self-play with seeded dice, two or more
legal plays), each as a money game. For each depth (``candidates:margin`` of
:class:`core.analysis.engine.Depth`; the first is the page's): the time of
:func:`core.analysis.hint.checker_hint` with a fresh engine (no table cached from an
earlier hint), and of :func:`core.analysis.hint.cube_hint` before the same roll; median,
95th percentile and maximum, in milliseconds. Weights loaded beforehand. On a shared machine
``--repeat N`` times each case N times and keeps its fastest (the least disturbed) run, and
``--cpu`` times the process's CPU instead of the wall clock (CPython: ``time.process_time``;
Pyodide: Node's ``process.cpuUsage()``, user + system, every thread of the process counted).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import _paths  # noqa: F401  (the imports below)

DEPTHS = "5:0.2,8:0.32"


def _summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
        "max_ms": round(times[-1], 1),
    }


def cpu_clock() -> Any:
    """Seconds of this process's CPU: Node's ``process.cpuUsage()`` inside Pyodide, else ``time.process_time``."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found, unused-ignore]

        def node_cpu() -> float:
            used = js.process.cpuUsage()
            return float(used.user + used.system) / 1e6

        return node_cpu
    return time.process_time


def measure(n: int = 40, depths: str = DEPTHS, repeat: int = 1, cpu: bool = False) -> dict[str, Any]:
    """Hint times (ms) per depth on ``n`` fixed positions (each case's fastest of ``repeat``):
    the wall clock, or the process's CPU time (``cpu``)."""
    clock = cpu_clock() if cpu else time.perf_counter
    from bot_speed import fixed_positions

    from core.analysis.engine import Depth, Engine
    from core.analysis.hint import checker_hint, cube_hint
    from core.game import Setup
    from core.match import Match

    cases = fixed_positions(n)
    matches = [Match.new(0, setup=Setup(pos, 0, dice)) for pos, dice in cases]
    before = [Match.new(0, setup=Setup(pos, 0)) for pos, _ in cases]
    checker_hint(matches[0])  # loads the weights and the bear-off database
    result: dict[str, Any] = {"positions": len(cases), "clock": "cpu" if cpu else "wall"}
    for spec in depths.split(","):
        count, margin = spec.split(":")
        depth = Depth(candidates=int(count), margin=float(margin))
        plays, cubes = [], []
        for match, start in zip(matches, before):
            play_ms, cube_ms = [], []
            for _ in range(repeat):
                t = clock()
                checker_hint(match, engine=Engine(depth=depth))
                play_ms.append((clock() - t) * 1000.0)
                t = clock()
                cube_hint(start, engine=Engine(depth=depth))
                cube_ms.append((clock() - t) * 1000.0)
            plays.append(min(play_ms))
            cubes.append(min(cube_ms))
        result[spec] = {"play": _summary(plays), "cube": _summary(cubes)}
    return result


def run_pyodide(n: int, depths: str, repeat: int = 1, cpu: bool = False) -> dict[str, Any]:
    from node_pyodide import run_measure

    return run_measure("bench/hint_speed.py", [n, depths, repeat, cpu])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--no-cpython", action="store_true")
    ap.add_argument("--depths", default=DEPTHS, help="comma-separated candidates:margin, the page's first")
    ap.add_argument("--repeat", type=int, default=1, help="time each case this many times, keep the fastest")
    ap.add_argument("--cpu", action="store_true", help="time the process's CPU, not the wall clock (a shared machine)")
    ap.add_argument("--record", action="store_true", help="rewrite section hint-speed of bench/RESULTS.md")
    args = ap.parse_args()
    res: dict[str, Any] = {}
    if not args.no_cpython:
        res["cpython"] = measure(args.positions, args.depths, args.repeat, args.cpu)
        print(json.dumps(res), flush=True)
    if not args.no_pyodide:
        res["pyodide"] = run_pyodide(args.positions, args.depths, args.repeat, args.cpu)
    print(json.dumps(res, indent=1))
    if args.record:
        record(res, args.depths)


def record(res: dict[str, Any], depths: str) -> None:
    """Rewrite section ``hint-speed`` of bench/RESULTS.md with these times (milliseconds)."""
    import results

    rows = []
    for spec in depths.split(","):
        cells: list[object] = [spec]
        for where in ("cpython", "pyodide"):
            got = res.get(where, {}).get(spec)
            cells += [got["play"]["median_ms"], got["play"]["p95_ms"], got["play"]["max_ms"],
                      got["cube"]["median_ms"], got["cube"]["max_ms"]] if got else ["-"] * 5
        rows.append(cells)
    head = ["depth", "CPython play median", "p95", "max", "cube median", "max",
            "Pyodide play median", "p95", "max", "cube median", "max"]
    clock = next(iter(res.values()))["clock"] if res else "wall"
    body = (f"A hint (`checker_hint`) and a cube hint (`cube_hint`) with a fresh engine; milliseconds, {clock} "
            "clock; the first depth is the page's.\n\n" + results.table(head, rows))
    results.record("hint-speed", "Hint speed", "issue #15: a hint at most 1 s median in Pyodide", body)


if __name__ == "__main__":
    main()
