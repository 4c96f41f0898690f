"""Encoder version 2 (the base inputs and the expert features): the browser's pure Python
evaluation against its numpy twin (``bot_training``), on a net with these inputs."""

from __future__ import annotations

import pytest

from core.bot import Bot
from core.bot.encoding import ENCODERS, FEATURE_INPUT, NUM_INPUTS, encode, encode_v2
from core.bot.evaluator import Evaluator
from core.bot.features import NUM_FEATURES, side_features
from core.bot.net import Net, to_json_bytes
from core.moves import legal_plays
from core.position import Position
from tests.bot.twin_check import assert_same_plays

np = pytest.importorskip("numpy")


def _dense(pairs: list[tuple[int, float]], n: int) -> list[float]:
    x = [0.0] * n
    for i, v in pairs:
        x[i] = v
    return x


def test_encode_v2_is_the_base_inputs_then_both_sides_features(positions: list[Position]) -> None:
    n = ENCODERS[2][1]
    assert n == NUM_INPUTS + 2 * NUM_FEATURES
    for pos in positions[::25]:
        x = _dense(encode_v2(pos.player, pos.opponent), n)
        assert x[:NUM_INPUTS] == _dense(encode(pos.player, pos.opponent), NUM_INPUTS)
        assert x[FEATURE_INPUT : FEATURE_INPUT + NUM_FEATURES] == side_features(pos.player, pos.opponent)
        assert x[FEATURE_INPUT + NUM_FEATURES :] == side_features(pos.opponent, pos.player)


@pytest.fixture(scope="module")
def net_v2() -> Net:
    """The shipped net's base-input weights plus random weights for the 16 feature inputs
    (so that the features change its choices), as an encoder-2 weights file."""
    from bot_training.checkpoints import mlp_from_net

    mlp = mlp_from_net(Net.load())
    rng = np.random.default_rng(5)
    w1 = np.concatenate([mlp.w1[:NUM_INPUTS], rng.standard_normal((2 * NUM_FEATURES, mlp.w1.shape[1])) * 0.5])
    meta = {"inputs": ENCODERS[2][1], "encoder": 2, "hidden": mlp.w1.shape[1], "training": {"games": 0}}
    return Net.from_json_bytes(to_json_bytes(w1.astype(np.float32), mlp.b1, mlp.w2, mlp.b2, meta))


def test_numpy_twin_inputs_and_outputs_equal_the_browser(net_v2: Net, positions: list[Position]) -> None:
    from bot_training.npbot import twin_of

    twin = twin_of(net_v2)
    a = np.array([p.player for p in positions])
    b = np.array([p.opponent for p in positions])
    x = twin.inputs(a, b)
    dense = np.array([_dense(encode_v2(p.player, p.opponent), ENCODERS[2][1]) for p in positions])
    assert x.shape == dense.shape
    assert np.abs(x - dense).max() < 1e-6
    live = [k for k, p in enumerate(positions) if not p.is_game_over()]
    ev = Evaluator(net=net_v2)
    pure = np.array(ev.evaluate_many([positions[k] for k in live]))
    got = twin.probs(a[live], b[live])
    assert np.abs(got - pure).max() < 1e-5


def test_incremental_equals_full_evaluation_v2(net_v2: Net, positions: list[Position]) -> None:
    pos = positions[60]
    plays = legal_plays(pos, (5, 3)) or legal_plays(pos, (2, 2))
    encs = [net_v2.encode(p.result.swapped().player, p.result.swapped().opponent) for p in plays]
    for enc, out in zip(encs, net_v2.evaluate_many(encs)):
        assert net_v2.evaluate(enc) == pytest.approx(out, abs=1e-9)


@pytest.mark.parametrize(("level", "count"), [("advanced", 30), ("strongest", 4)])
def test_numpy_twin_picks_the_browsers_plays_v2(net_v2: Net, level: str, count: int, positions: list[Position]) -> None:
    from bot_training.npbot import twin_of

    bot = Bot(level=level, evaluator=Evaluator(net=net_v2))
    assert_same_plays(twin_of(net_v2).scorer(level), bot, positions[1::2], 23, count)


def test_weights_name_their_encoder() -> None:
    net = Net.load()
    assert net.encoder_version in ENCODERS
    assert net.inputs == ENCODERS[net.encoder_version][1]
    w = np.zeros((NUM_INPUTS, 2), dtype=np.float32)
    zeros = (np.zeros(2, dtype=np.float32), np.zeros((2, 5), dtype=np.float32), np.zeros(5, dtype=np.float32))
    with pytest.raises(ValueError, match="encoder 2 has 223"):
        Net.from_json_bytes(to_json_bytes(w, *zeros, {"inputs": NUM_INPUTS, "encoder": 2, "hidden": 2}))
    with pytest.raises(ValueError, match="encoder 7"):
        Net.from_json_bytes(to_json_bytes(w, *zeros, {"inputs": NUM_INPUTS, "encoder": 7, "hidden": 2}))
    v1 = Net.from_json_bytes(to_json_bytes(w, *zeros, {"inputs": NUM_INPUTS, "hidden": 2}))
    assert v1.encoder_version == 1  # files written before encoder versions
