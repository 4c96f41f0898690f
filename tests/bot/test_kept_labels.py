"""The label runs kept in the repository (``bot_training/labels/``) hold what their specs say.

A run there is kept packed (one ``batches.npz`` a round, ``bot_training.batches.pack_run``) and
may go on from session to session (rerunning its command skips the batches already done), so
its batches are checked as data: every batch readable and well formed, positions
legal, labels finite probabilities, and the 1-ply labels (``y1``) of a few positions equal to
the teacher's 1-ply in the pure-Python core. A rollout label differs from the 1-ply label by
what four more rolls found, so the two stay close on average.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from core.bot.evaluator import Evaluator
from core.bot.net import Net
from core.position import Position

from .conftest import one_ply_equity

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[2]
RUNS = sorted(p.parent for p in (ROOT / "bot_training" / "labels").glob("*/spec.json"))


def test_there_is_a_kept_run() -> None:
    assert RUNS, "bot_training/labels/ holds no run (a folder with spec.json)"


@pytest.mark.parametrize("run", RUNS, ids=lambda p: p.name)
def test_a_kept_run_is_well_formed_and_its_one_ply_labels_are_the_teachers(run: Path) -> None:
    from bot_training.batches import PACK, LabelSpec, load_labels, read_run
    from bot_training.npbot import equity_of

    fields = json.loads((run / "spec.json").read_text())
    if fields.get("kind") == "varied-labels":
        # bot_training/varied_labels.py (numba, not needed here): its rollouts, 8 rolls deep at most
        spec = SimpleNamespace(**fields)
        label, horizon = "rollout", max(spec.horizon, spec.hard_horizon)
    else:
        spec = LabelSpec(**fields)
        label, horizon = spec.label, spec.horizon
    assert (run / PACK).exists(), f"{run}: not packed (python -m bot_training.batches ... --pack)"
    batches = read_run(str(run))
    assert batches, f"{run}: no batch written"
    rows = 0
    for batch, d in batches.items():
        n = len(d["onroll"])
        rows += n
        assert all(len(a) == n for a in d.values()), f"batch {batch}: arrays of unequal lengths"
        if label != "siblings":
            assert n == spec.positions, f"batch {batch}: {n} positions"
            continue
        # siblings: decisions of 2 to ``top`` plays, numbered by the batch, at most one a position
        decision = d["decision"]
        assert (decision // 100000 == batch).all() and (decision % 100000 < spec.positions).all(), batch
        _, first, counts = np.unique(decision, return_index=True, return_counts=True)
        assert counts.min() >= 2 and counts.max() <= spec.top, f"batch {batch}: decisions of {set(counts.tolist())}"
        assert (d["rank"][first] == 0).all() and len(d["y"]) == n
    data = load_labels([str(run)])
    onroll, other, y = data["onroll"].astype(np.int64), data["other"].astype(np.int64), data["y"]
    assert onroll.shape == other.shape == (rows, 25)
    assert (onroll >= 0).all() and (other >= 0).all()
    assert (onroll.sum(axis=1) <= 15).all() and (other.sum(axis=1) <= 15).all()
    assert (onroll.sum(axis=1) > 0).all() and (other.sum(axis=1) > 0).all()  # no finished game
    # probabilities; a variance-reduced rollout (its luck subtracted) can overshoot [0, 1] a little
    # (round 8: 2 of its million values by more than 0.01, the largest 0.024), 1-ply labels cannot
    # deeper rollouts subtract more luck over more rolls, so overshoot more, in the gammon columns:
    # the race run (8 rolls; a gammon near 0 or 1 in many races) 0.4% of its gammon values by more
    # than 0.01, 22 of 13,250 rows by more than 0.05, the largest 1.21
    deep = label == "rollout" and horizon > 4
    slack = 0.01 if label == "ply1" else 0.25 if deep else 0.05
    assert np.isfinite(y).all() and y.min() > -slack and y.max() < 1 + slack
    assert y[:, 0].min() > -0.05 and y[:, 0].max() < 1.05  # winning chances stay close in any run
    assert ((y < -0.01) | (y > 1.01)).mean() < (1e-2 if deep else 1e-4)
    assert (y[:, 1] <= y[:, 0] + slack).all() and (y[:, 3] <= 1 - y[:, 0] + slack).all()  # gammons within wins
    with open(ROOT / spec.teacher, "rb") as fh:
        ev = Evaluator(net=Net.from_json_bytes(fh.read()))
    y1 = data.get("y1", y)
    for k in np.linspace(0, len(y) - 1, 4).astype(int).tolist():
        pos = Position(tuple(onroll[k].tolist()), tuple(other[k].tolist()))
        assert equity_of(y1[k : k + 1].astype(np.float64))[0] == pytest.approx(one_ply_equity(pos, ev), abs=3e-4)
    if label != "ply1":
        gap = np.abs(equity_of(y.astype(np.float64)) - equity_of(y1.astype(np.float64)))
        # a varied run: half its rows back games and crunched boards rolled 8 rolls deep, where the
        # net's 1-ply is furthest from the result (v1's first 56 batches: 0.061 on average)
        bound = 0.1 if fields.get("kind") == "varied-labels" else 0.06
        assert gap.mean() < bound, f"{run.name}: {label} labels {gap.mean():.3f} from the 1-ply on average"
