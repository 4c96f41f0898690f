"""Throughput of legal-play generation: Videau's core against other generators.

Run from the repository root:

    python bench/movegen.py            # CPython, bgsage (C++), gym-backgammon, and Pyodide on Node
    python bench/movegen.py --record   # the same, and rewrite the section in bench/RESULTS.md

The corpus is fixed: ``tests/data/movegen_corpus.txt`` (10,000 cases of a
Position ID and a roll, drawn from seeded random games and synthetic bar and
bear-off positions; its last column is the number of distinct results that GNU
Backgammon lists). Each generator gets the same cases in its own board format,
converted before timing. A case counts once whatever the number of plays.
Numbers are the median of several rounds; the machine is a shared 2-core box,
so only the ratios measured in one run are comparable.

bgsage (PyPI, C++ ``possible_moves``) and gym-backgammon (PyPI, its pure-Python
rules file) are measured only when installed: ``pip install bgsage gym-backgammon``.
gym-backgammon returns move sequences, not distinct positions, and is known to
miss some doubles bear-offs: its figures are for speed only.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import Position, legal_plays  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "movegen_corpus.txt"
ROUNDS = 5


def load_corpus() -> list[tuple[Position, tuple[int, int], int]]:
    cases = []
    for line in CORPUS.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pid, d1, d2, count = line.split()[:4]
        cases.append((Position.from_id(pid), (int(d1), int(d2)), int(count)))
    return cases


def rate(run: Callable[[], None], n: int, rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return n / statistics.median(times)


def bench_core(cases: list[tuple[Position, tuple[int, int], int]]) -> dict[str, Any]:
    wrong = sum(1 for p, d, count in cases if len(legal_plays(p, d)) != count)

    def run() -> None:
        for p, d, _ in cases:
            legal_plays(p, d)

    doubles = [c for c in cases if c[1][0] == c[1][1]]

    def run_doubles() -> None:
        for p, d, _ in doubles:
            legal_plays(p, d)

    total = rate(run, len(cases))
    return {
        "cases_per_s": total,
        "doubles_share_of_time": (len(doubles) / rate(run_doubles, len(doubles))) / (len(cases) / total),
        "doubles_share_of_cases": len(doubles) / len(cases),
        "count_mismatches_vs_gnubg": wrong,
    }


def bench_bgsage(cases: list[tuple[Position, tuple[int, int], int]]) -> dict[str, Any] | None:
    try:
        import bgsage
    except ImportError:
        return None

    def board(p: Position) -> list[int]:
        b = [0] * 26
        for i in range(24):
            b[i + 1] = p.player[i] - p.opponent[23 - i]
        b[25] = p.player[24]
        b[0] = -p.opponent[24]
        return b

    boards = [(board(p), d[0], d[1], count) for p, d, count in cases]
    # bgsage returns the unchanged board when no play exists; we return nothing
    wrong = sum(1 for b, d1, d2, count in boards if len(bgsage.possible_moves(b, d1, d2)) != max(count, 1))
    moves = bgsage.possible_moves

    def run() -> None:
        for b, d1, d2, _ in boards:
            moves(b, d1, d2)

    return {"cases_per_s": rate(run, len(cases)), "count_mismatches_vs_gnubg": wrong}


def bench_gym(cases: list[tuple[Position, tuple[int, int], int]]) -> dict[str, Any] | None:
    # only its rules file: the package's __init__ pulls in gym and pyglet for rendering
    import importlib.util

    spec = importlib.util.find_spec("gym_backgammon")
    if spec is None or not spec.submodule_search_locations:
        return None
    rules = Path(list(spec.submodule_search_locations)[0]) / "envs" / "backgammon.py"
    rules_spec = importlib.util.spec_from_file_location("gym_backgammon_rules", rules)
    if rules_spec is None or rules_spec.loader is None:
        return None
    module = importlib.util.module_from_spec(rules_spec)
    rules_spec.loader.exec_module(module)
    BLACK, WHITE, Backgammon = module.BLACK, module.WHITE, module.Backgammon
    games = []
    for p, d, _ in cases:
        game = Backgammon()
        board: list[tuple[int, int | None]] = [(0, None)] * 24
        for i in range(24):
            if p.player[i]:
                board[i] = (p.player[i], WHITE)
            if p.opponent[23 - i]:
                board[i] = (p.opponent[23 - i], BLACK)
        game.board = board
        game.bar = [p.player[24], p.opponent[24]]
        game.off = [15 - sum(p.player), 15 - sum(p.opponent)]
        game.players_positions = game.get_players_positions()
        games.append((game, d))

    def run() -> None:
        for game, d in games:
            game.get_valid_plays(WHITE, d)

    return {"cases_per_s": rate(run, len(cases), rounds=1)}


def bench_pyodide() -> dict[str, Any] | None:
    runner = ROOT / "bench" / "run_in_pyodide.mjs"
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        return None
    out = subprocess.run(
        ["node", str(runner), "bench/movegen.py", "--core-only"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            return dict(json.loads(line))
    print("Pyodide run failed:", out.stdout[-2000:], out.stderr[-2000:], file=sys.stderr)
    return None


def main() -> None:
    cases = load_corpus()
    if "--core-only" in sys.argv:
        result = bench_core(cases)
        result["python"] = sys.version.split()[0]
        print(json.dumps(result))
        return
    results: dict[str, Any] = {"cases": len(cases), "cpython": bench_core(cases)}
    results["cpython"]["python"] = sys.version.split()[0]
    results["bgsage"] = bench_bgsage(cases)
    results["gym_backgammon"] = bench_gym(cases)
    results["pyodide"] = bench_pyodide()
    ours = results["cpython"]["cases_per_s"]
    lines = [
        f"corpus: {len(cases)} cases ({CORPUS.relative_to(ROOT)}), median of {ROUNDS} rounds",
        f"Videau core, CPython {results['cpython']['python']}: {ours:,.0f} cases/s "
        f"(doubles: {results['cpython']['doubles_share_of_cases']:.0%} of cases, "
        f"{results['cpython']['doubles_share_of_time']:.0%} of time; "
        f"count mismatches vs gnubg: {results['cpython']['count_mismatches_vs_gnubg']})",
    ]
    if results["pyodide"]:
        py = results["pyodide"]["cases_per_s"]
        lines.append(
            f"Videau core, Pyodide {results['pyodide']['python']} on Node: {py:,.0f} cases/s "
            f"({py / ours:.2f}x CPython)"
        )
    if results["bgsage"]:
        bg = results["bgsage"]["cases_per_s"]
        lines.append(
            f"bgsage C++ possible_moves: {bg:,.0f} cases/s; Videau/bgsage = {ours / bg:.2f}x "
            f"(count mismatches vs gnubg: {results['bgsage']['count_mismatches_vs_gnubg']})"
        )
    if results["gym_backgammon"]:
        gym = results["gym_backgammon"]["cases_per_s"]
        lines.append(f"gym-backgammon (pure Python): {gym:,.0f} cases/s; Videau/gym = {ours / gym:.1f}x")
    print("\n".join(lines))
    if "--record" in sys.argv:
        record(lines)


def record(lines: list[str]) -> None:
    """Rewrite section ``movegen`` of bench/RESULTS.md with this report."""
    import results

    goal = "issue #2: at least 0.2x bgsage's C++ in CPython (the fastest of the compared generators)"
    results.record("movegen", "Move generation", goal, results.code_block("\n".join(lines)))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
