"""Bot move times per level, in CPython and in Pyodide on Node (not run in CI).

    python bench/bot_speed.py [--positions 60] [--no-pyodide] [--levels advanced,strongest] [--weights net.json.gz]
    python bench/bot_speed.py --positions 60 --record   # and rewrite section bot-speed of bench/RESULTS.md

The positions are a fixed set: pubeval playing itself with seeded dice, every third
position of several games, with the next roll. Times are for ``Bot.choose_play``
(weights already loaded), median and 95th percentile, in milliseconds; then ``cube_*``: the
level's cube decision before the roll (``Bot.should_double``, money, cube centred) on the same
positions, median and slowest.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.position import Position

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

LEVELS = ("beginner", "intermediate", "advanced", "strongest")


def fixed_positions(n: int, seed: int = 2024) -> list[tuple[Position, tuple[int, int]]]:
    from core.bot.pubeval import PubEval
    from core.moves import legal_plays
    from core.position import Position

    rng = random.Random(seed)
    player = PubEval()
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < n:
        pos = Position.initial()
        ply = 0
        while not pos.is_game_over() and len(out) < n:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if ply % 3 == 1 and len(legal_plays(pos, dice)) > 1:
                out.append((pos, dice))
            if legal_plays(pos, dice):
                pos = player.choose_play(pos, dice).result
            pos = pos.swapped()
            ply += 1
    return out


def measure(n: int = 60, levels: tuple[str, ...] = LEVELS, cpu: bool = False, weights: str = "") -> dict[str, Any]:
    """Move times per level (ms); ``cpu``: this process's CPU time instead of the wall clock
    (for a machine shared with other jobs); ``weights``: a file of ``core/bot/weights`` other than the default."""
    clock = time.process_time if cpu else time.perf_counter
    from core.bot import Bot
    from core.bot.evaluator import Evaluator
    from core.bot.net import DEFAULT_WEIGHTS, Net

    evaluator = Evaluator(net=Net.load(weights)) if weights else None  # None: the shipped weights

    cases = fixed_positions(n)
    result: dict[str, Any] = {}
    for level in levels:
        bot = Bot(level=level, rng=random.Random(1).random, evaluator=evaluator)
        bot.choose_play(*cases[0])  # loads the weights
        times = []
        for pos, dice in cases:
            t = clock()
            bot.choose_play(pos, dice)
            times.append((clock() - t) * 1000.0)
        times.sort()
        cube_times = []
        for pos, _ in cases:
            t = clock()
            bot.should_double(pos)
            cube_times.append((clock() - t) * 1000.0)
        cube_times.sort()
        result[level] = {
            "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
            "max_ms": round(times[-1], 1),
            "cube_median_ms": round(statistics.median(cube_times), 1),
            "cube_max_ms": round(cube_times[-1], 1),
        }
    t = time.perf_counter()
    from core.bot.bearoff import BearoffDB

    Net.load(weights or DEFAULT_WEIGHTS)
    BearoffDB.load()
    result["load_ms"] = round((time.perf_counter() - t) * 1000.0, 1)
    return result


def run_pyodide(n: int, levels: tuple[str, ...] = LEVELS, cpu: bool = False, weights: str = "") -> dict[str, Any]:
    from node_pyodide import run_measure

    return run_measure("bench/bot_speed.py", [n, list(levels), cpu, weights])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--no-pyodide", action="store_true")
    ap.add_argument("--cpu", action="store_true",
                    help="CPython: time each move by the process's CPU time (on a shared machine), not the wall clock")
    ap.add_argument("--levels", default=",".join(LEVELS), help="comma-separated, e.g. advanced,strongest")
    ap.add_argument("--weights", default="", help="a weights file in core/bot/weights/ (default: the shipped net)")
    ap.add_argument("--record", action="store_true", help="rewrite section bot-speed of bench/RESULTS.md")
    args = ap.parse_args()
    levels = tuple(args.levels.split(","))
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        ap.error(f"unknown level(s) {', '.join(unknown)}: expected some of {', '.join(LEVELS)}")
    res = {"cpython": measure(args.positions, levels, args.cpu, args.weights)}
    print(json.dumps(res), flush=True)
    if not args.no_pyodide:
        # wall clock: Pyodide's process_time is not CPU time
        res["pyodide"] = run_pyodide(args.positions, levels, weights=args.weights)
    print(json.dumps(res, indent=1))
    if args.record:
        record(res, levels, args.positions)


GOAL = ("issue #16: default level (advanced) median at most 150 ms in Pyodide; the strongest level's "
        "slowest move at most 1.5 s")


def record(res: dict[str, Any], levels: tuple[str, ...], n: int) -> None:
    """Rewrite section ``bot-speed`` of bench/RESULTS.md with these times (milliseconds)."""
    import results

    rows = []
    for level in levels:
        cp, py = res["cpython"][level], res.get("pyodide", {}).get(level)
        cells = [level, cp["median_ms"], cp["max_ms"]]
        cells += [py["median_ms"], py["p95_ms"], py["max_ms"], f"{py['cube_median_ms']} / {py['cube_max_ms']}"] \
            if py else ["-"] * 4
        rows.append(cells)
    head = ["level", "CPython median", "CPython max", "Pyodide median", "Pyodide p95", "Pyodide max",
            "cube decision, Pyodide median / max"]
    body = (f"`Bot.choose_play` on {n} fixed positions, then each level's cube decision; milliseconds. "
            f"Loading the net and the bear-off database: {res['cpython']['load_ms']} ms (CPython).\n\n"
            + results.table(head, rows))
    results.record("bot-speed", "Bot speed", GOAL, body)


if __name__ == "__main__":
    main()
