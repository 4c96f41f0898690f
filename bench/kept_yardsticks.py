"""Whether the gnubg answers kept in ``bench/data/gnubg`` are still the bench's own samples, every one.

    python bench/kept_yardsticks.py        # about 50 s of CPU

The kept files (the yardsticks of ``bench/bot_loss.py``, ``bench/bot_cube.py`` and
``bench/label_quality.py``) hold the positions those benches sample with their seed, in order. This
script samples them again in full and compares; it exits with status 1 and names each file that
differs. ``tests/bot/test_kept_yardsticks.py`` runs the same comparison on the first batch of each
sample only (``max_batches=1``: each class's share a prefix of the kept one), to stay quick, and
checks every kept answer's consistency; re-run this script after a change to the sampling
(``bench/bot_loss.sample_cases``, ``bot_training.batches.sample_positions``) or to the teacher net.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import _paths  # noqa: F401  (the imports below)
from bot_loss import CLASSES, FINE_CLASSES, fine_class, position_class, sample_cases  # noqa: E402
from gnubg_workers import open_cache  # noqa: E402

from core.ids import decode_gnubg_id  # noqa: E402
from core.position import Position  # noqa: E402

KEPT = Path(__file__).resolve().parent / "data" / "gnubg"

CUBE_SETS = ((2000, 78), (6000, 79))
"""The cube yardsticks kept: ``bench/bot_cube.py --positions N --seed S`` (the second one holds
2,158 money positions near a decision, the issue's "at least 2,000")."""

HINT_SETS = ("hints_2ply_1500_seed77", "hints_jacoby_2ply_1500_seed77")
"""The chequer-play yardsticks kept: ``bench/bot_loss.py`` (1,500 cases, seed 77), without and with
the Jacoby rule."""


def read(name: str) -> list[dict[str, Any]]:
    """The rows of the kept file ``name`` (JSON lines, gzipped)."""
    with open_cache(str(KEPT / name), "r") as f:
        return [json.loads(line) for line in f]


def kept_cube_positions(n: int, seed: int) -> list[Position]:
    """The positions of the cube set ``(n, seed)``, in the order of its money file."""
    return [decode_gnubg_id(r["id"])[0] for r in read(f"cube_money_2ply_{n}_seed{seed}.jsonl.gz")]


def _by_class(ids: list[tuple[str, Any]], classes: tuple[str, ...], classify: Any) -> dict[str, list[tuple[str, Any]]]:
    out: dict[str, list[tuple[str, Any]]] = {c: [] for c in classes}
    for key in ids:
        out[classify(Position.from_id(key[0]))].append(key)
    return out


def cube_differences(n: int, seed: int, max_batches: int | None = None) -> list[str]:
    """How the kept cube set ``(n, seed)`` differs from the bench's sample (empty: it does not).

    ``max_batches=None`` samples in full and compares the whole list. A number samples only that
    many batches: each class's cases must then begin that class's share of the kept list, and the
    kept list must hold the classes one after the other, in :data:`CLASSES` order.
    """
    name = f"cube_money_2ply_{n}_seed{seed}.jsonl.gz"
    kept = [(p.to_id(), None) for p in kept_cube_positions(n, seed)]
    cases = sample_cases(n, seed, distinct_positions=True, max_batches=50 if max_batches is None else max_batches)
    sampled = [(pos.to_id(), None) for pos, _dice in cases]
    if max_batches is None:
        return [] if kept == sampled else [f"{name}: not the {len(sampled)} positions the bench samples"]
    kept_classes = _by_class(kept, CLASSES, position_class)
    if kept != [k for c in CLASSES for k in kept_classes[c]]:
        return [f"{name}: its positions are not grouped by class ({', '.join(CLASSES)})"]
    return [f"{name}: the {c} positions do not begin as the bench samples them"
            for c, cases in _by_class(sampled, CLASSES, position_class).items()
            if kept_classes[c][: len(cases)] != cases]


def hint_differences(name: str, max_batches: int | None = None) -> list[str]:
    """How the kept hints ``name`` differ from ``bench/bot_loss.py``'s cases (empty: they do not);
    the file holds them sorted by position ID and roll. ``max_batches``: only that many batches
    sampled, whose cases must all be kept."""
    kept = [(r["id"], (r["dice"][0], r["dice"][1])) for r in read(f"{name}.jsonl.gz")]
    cases = sample_cases(1500, 77, fine=True, max_batches=200 if max_batches is None else max_batches)
    sampled = sorted((pos.to_id(), dice) for pos, dice in cases)
    if max_batches is None:
        return [] if kept == sampled else [f"{name}: not the {len(sampled)} cases the bench samples"]
    missing = set(sampled) - set(kept)
    kept_classes = _by_class(kept, FINE_CLASSES, fine_class)
    return ([f"{name}: {len(missing)} of the bench's first cases are not kept"] if missing else []) + [
        f"{name}: {len(v)} {c} cases (expected at most 250)" for c, v in kept_classes.items() if len(v) > 250]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.parse_args(argv)
    start = time.process_time()
    problems: list[str] = []
    for n, seed in CUBE_SETS:
        problems += cube_differences(n, seed)
    for name in HINT_SETS:
        problems += hint_differences(name)
    for line in problems:
        print(line)
    sets = len(CUBE_SETS) + len(HINT_SETS)
    print(f"{sets - len(problems)} of {sets} kept sets are the bench's samples "
          f"({time.process_time() - start:.0f} s of CPU)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
