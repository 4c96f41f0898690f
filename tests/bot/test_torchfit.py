"""Fitting with PyTorch (bot_training/torchfit.py): the hand-written gradients' steps, and a fitted net
that the browser's evaluator reads back with the same outputs. Skipped where torch (the training
extra) is not installed."""

from __future__ import annotations

import pytest

from core.bot.encoding import ENCODERS
from core.bot.evaluator import Evaluator
from core.bot.net import Net, to_json_bytes
from tests.bot.conftest import random_positions

np = pytest.importorskip("numpy")
pytest.importorskip("torch")

from bot_training.fitx import fit_variant  # noqa: E402
from bot_training.mlp import MLP, sibling_push  # noqa: E402
from bot_training.torchfit import TorchFit  # noqa: E402


def _data(n: int, n_in: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = (rng.random((n, n_in)) < 0.2) * rng.random((n, n_in))
    y = rng.random((n, 5))
    y[:, 1:3] *= y[:, :1]
    return x.astype(np.float32), y.astype(np.float32)


def _weights(net: MLP) -> list[np.ndarray]:
    return [net.w1, net.b1, net.w2, net.b2]


def test_a_torch_step_is_the_hand_written_step() -> None:
    x, y = _data(64, 30, 1)
    hand, start = MLP(30, 12, seed=3), MLP(30, 12, seed=3)
    fit = TorchFit(start)
    hand.step(x, y, 0.5 / 64)
    fit.step(x, y, 0.5 / 64)
    for a, b, before in zip(_weights(hand), _weights(fit.sync()), _weights(MLP(30, 12, seed=3))):
        assert np.abs(a - before).max() > 1e-4  # the step moved the weights
        assert np.abs(a - b).max() < 1e-6


def test_a_torch_choice_step_is_the_hand_written_one() -> None:
    x, y = _data(40, 30, 2)
    decision = np.repeat(np.arange(10), 4)
    hand, start = MLP(30, 12, seed=4), MLP(30, 12, seed=4)
    fit = TorchFit(start)
    p = hand.forward(x).astype(np.float64)
    hand.push(x, sibling_push(p, y.astype(np.float64), decision, 2.0), 0.3)
    fit.push_siblings(x, y, decision, 2.0, 0.3)
    for a, b in zip(_weights(hand), _weights(fit.sync())):
        assert np.abs(a - b).max() < 1e-6


def test_a_fit_follows_the_same_path_either_way() -> None:
    x, y = _data(600, 30, 5)
    tr, val = np.arange(100, 600), np.arange(100)
    runs = {}
    for engine in ("numpy", "torch"):
        net = MLP(30, 12, seed=6)
        runs[engine] = (fit_variant(net, x, y, tr, val, 3, 32, 1.0, 0.1, seed=7, engine=engine), net)
    (h_np, n_np), (h_t, n_t) = runs["numpy"], runs["torch"]
    assert h_t[-1]["loss"] < h_t[0]["loss"] - 1e-3  # it learned
    assert [round(h["loss"], 5) for h in h_np] == [round(h["loss"], 5) for h in h_t]
    assert np.abs(n_np.w1 - n_t.w1).max() < 1e-5


def test_a_torch_fitted_net_exports_to_the_browsers_evaluator() -> None:
    encode, n_in = ENCODERS[2]
    positions = random_positions(120, seed=14)
    x = np.zeros((len(positions), n_in), dtype=np.float32)
    for k, pos in enumerate(positions):
        for i, v in encode(pos.player, pos.opponent):
            x[k, i] = v
    rng = np.random.default_rng(2)
    y = rng.random((len(positions), 5)).astype(np.float32) * 0.3
    fit = TorchFit(MLP(n_in, 16, seed=9))
    for _ in range(5):
        fit.step(x, y, 0.05)
    net = fit.sync()
    meta = {"inputs": n_in, "encoder": 2, "hidden": 16, "training": {"note": "test"}}
    browser = Net.from_json_bytes(to_json_bytes(net.w1, net.b1, net.w2, net.b2, meta))
    assert np.array_equal(np.array(browser.rows, dtype=np.float32), fit.w1.detach().numpy())
    assert np.array_equal(np.array(browser.out_rows, dtype=np.float32).T, fit.w2.detach().numpy())
    core = np.array([browser.evaluate(encode(p.player, p.opponent)) for p in positions])
    ours = fit.forward(x)
    ours[:, 1] = np.minimum(ours[:, 1], ours[:, 0])  # the browser's outputs made consistent, as it does
    ours[:, 2] = np.minimum(ours[:, 2], ours[:, 1])
    ours[:, 3] = np.minimum(ours[:, 3], 1 - ours[:, 0])
    ours[:, 4] = np.minimum(ours[:, 4], ours[:, 3])
    assert np.abs(core - ours).max() < 1e-6
    assert Evaluator(net=browser, use_bearoff=False).evaluate(positions[3]) == pytest.approx(tuple(core[3]))
