"""The output-row refit (``bot_training.outfit``) fits what it is given and keeps the rest."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from bot_training.batches import read_run  # noqa: E402
from bot_training.mlp import MLP, cross_entropy, sigmoid  # noqa: E402
from bot_training.outfit import refit_outputs  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_a_refit_recovers_shifted_gammon_rows_and_touches_nothing_else() -> None:
    rng = np.random.default_rng(5)
    start = MLP(12, 6, seed=3)
    start.w2 *= 10.0  # outputs far enough from one half for a shift to matter
    truth = MLP(12, 6)
    truth.load(start.state())
    truth.b2 = truth.b2 + np.array([0.0, 0.6, -0.8, 0.4, -0.5], dtype=np.float32)
    truth.w2 = truth.w2.copy()
    truth.w2[:, 3] *= 1.5
    x = rng.random((4000, 12)).astype(np.float32)
    y = rng.binomial(1, truth.forward(x)).astype(np.float64)  # outcomes, not probabilities
    fitted = refit_outputs(start, x[:3000], y[:3000])
    held, p_truth = x[3000:], truth.forward(x[3000:])
    for k in (1, 2, 3, 4):
        ce_start = cross_entropy(start.forward(held)[:, k], y[3000:, k])
        ce_fitted = cross_entropy(fitted.forward(held)[:, k], y[3000:, k])
        ce_truth = cross_entropy(p_truth[:, k], y[3000:, k])
        assert ce_fitted < ce_start
        assert ce_fitted - ce_truth < 0.25 * (ce_start - ce_truth)
        assert abs(fitted.forward(held)[:, k].mean() - p_truth[:, k].mean()) < 0.02
    assert np.array_equal(fitted.w1, start.w1) and np.array_equal(fitted.b1, start.b1)
    assert np.array_equal(fitted.w2[:, 0], start.w2[:, 0]) and fitted.b2[0] == start.b2[0]  # win untouched
    assert np.array_equal(sigmoid(x @ fitted.w1 + fitted.b1), start.hidden(x))


def test_the_ridge_holds_a_row_where_the_labels_say_nothing() -> None:
    start = MLP(8, 5, seed=1)
    x = np.random.default_rng(2).random((50, 8)).astype(np.float32)
    y = start.forward(x).astype(np.float64)  # labels equal to the net's own outputs
    fitted = refit_outputs(start, x, y)
    assert np.allclose(fitted.w2, start.w2, atol=1e-4) and np.allclose(fitted.b2, start.b2, atol=1e-4)


def test_the_command_writes_a_net_the_browser_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot_training import outfit
    from core.bot.evaluator import Evaluator
    from core.bot.net import Net
    from core.position import Position

    labels = tmp_path / "labels"
    labels.mkdir()
    kept = sorted((ROOT / "bot_training" / "labels").glob("*/spec.json"))[0].parent
    first = next(iter(read_run(str(kept)).values()))  # a kept round's first batch
    np.savez(labels / "batch_00000.npz", **first)
    out = tmp_path / "cal.json.gz"
    teacher = ROOT / "core" / "bot" / "weights" / "net_v2.json.gz"
    argv = ["outfit", "--net", str(teacher), "--labels", str(labels), "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    outfit.main()
    old, new = Net.from_json_bytes(teacher.read_bytes()), Net.from_json_bytes(out.read_bytes())
    assert (new.inputs, new.hidden, new.encoder_version) == (old.inputs, old.hidden, old.encoder_version)
    assert new.meta["training"]["history"][-1]["fit"] == "bot_training.outfit"
    start = Position.from_text("x 24:2 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:5")
    p_old, p_new = Evaluator(net=old).evaluate(start), Evaluator(net=new).evaluate(start)
    assert p_new[0] == pytest.approx(p_old[0], abs=2e-3)  # the win row is not refitted
    assert p_new != p_old
