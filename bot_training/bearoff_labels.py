"""Exact labels for bear-offs, from the one-sided bear-off database, in the batch format.

    python -m bot_training.bearoff_labels --out bot_training/runs/bearoff --positions 20000 --seed 7

Where both sides have every checker home and each has borne off at least one, nobody can be
gammoned and the side on roll wins with the database's chance (``BearoffDB.win_probability``):
the label is ``(P(win), 0, 0, 0, 0)``, exact, for ``y`` and ``y1`` alike. The app reads these
positions from the database and never from the net, but the net still values the races that
lead into them; the rollout rounds rarely visit them (they sample back games four times as
often), and the net's estimates there drifted round after round (``tests/bot/test_bearoff.py``).
Added to a fit's ``--data``, these hold it in place. The positions are drawn like the game ones of
that test (more checkers on the low points) and half uniformly over the six points; seeded,
written as ``batch_*.npz`` files of 250 positions with ``source`` 2 (the database).
"""

from __future__ import annotations

import argparse
import os

import numpy as np

from core.bot.bearoff import BearoffDB

BATCH = 250
SOURCE_DATABASE = 2


def draw_side(rng: np.random.Generator) -> list[int]:
    """A home board of 1 to 14 checkers (at least one already borne off), as a 25-point side."""
    points = [0] * 25
    count = int(rng.integers(1, 15))
    skewed = rng.random() < 0.5
    for _ in range(count):
        point = min(5, int(rng.triangular(0, 1.5, 6))) if skewed else int(rng.integers(0, 6))
        points[point] += 1
    return points


def make(positions: int, seed: int, db: BearoffDB | None = None) -> dict[str, np.ndarray]:
    """``positions`` labelled bear-off positions (the batch files' keys)."""
    db = db or BearoffDB.load()
    rng = np.random.default_rng([seed, 2])
    onroll = np.zeros((positions, 25), dtype=np.int8)
    other = np.zeros((positions, 25), dtype=np.int8)
    y = np.zeros((positions, 5), dtype=np.float32)
    for k in range(positions):
        a, b = draw_side(rng), draw_side(rng)
        onroll[k], other[k] = a, b
        y[k, 0] = db.win_probability(a[:6], b[:6])
    return {"onroll": onroll, "other": other, "source": np.full(positions, SOURCE_DATABASE, dtype=np.int8),
            "y": y, "y1": y.copy()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--positions", type=int, default=20000, help="a multiple of 250")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    if args.positions <= 0 or args.positions % BATCH:
        raise SystemExit(f"--positions {args.positions}: expected a positive multiple of {BATCH}")
    data = make(args.positions, args.seed)
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.positions // BATCH):
        part = {key: value[i * BATCH : (i + 1) * BATCH] for key, value in data.items()}
        np.savez_compressed(os.path.join(args.out, f"batch_{i:05d}.npz"), **part)  # type: ignore[arg-type]  # numpy's stub types **kwds as one array-like
    print(f"{args.positions} bear-off positions in {args.out}; mean P(win) {data['y'][:, 0].mean():.3f}")


if __name__ == "__main__":
    main()
