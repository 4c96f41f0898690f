from __future__ import annotations

import pytest

from core.bot.encoding import ENCODERS, NUM_INPUTS, encode, encode_dense, is_race, shots
from core.bot.net import Net
from core.moves import legal_plays
from core.position import Position


def test_weights_load_with_the_expected_shape() -> None:
    net = Net.load()
    assert net.inputs == ENCODERS[net.encoder_version][1]
    assert len(net.rows) == net.inputs
    assert all(len(r) == net.hidden for r in net.rows)
    assert len(net.out_rows) == 5
    assert all(len(r) == net.hidden for r in net.out_rows)
    assert net.meta["training"]["games"] > 0
    assert "settings" in net.meta["training"]


def test_incremental_equals_full_evaluation(positions: list[Position]) -> None:
    net = Net.load()
    pos = positions[40]
    plays = legal_plays(pos, (6, 4)) or legal_plays(pos, (1, 1))
    encs = [net.encode(p.result.swapped().player, p.result.swapped().opponent) for p in plays]
    many = net.evaluate_many(encs)
    for enc, out in zip(encs, many):
        assert net.evaluate(enc) == pytest.approx(out, abs=1e-9)


def _dense_reference(net: Net, enc: list[tuple[int, float]]) -> tuple[float, ...]:
    """The net written out in floats, unit by unit, with no packing and no caching."""
    x = [0.0] * net.inputs
    for i, v in enc:
        x[i] = v
    pre = [net.bias[j] + sum(x[i] * net.rows[i][j] for i in range(net.inputs) if x[i]) for j in range(net.hidden)]
    return net.output(pre)


def test_packed_evaluation_equals_the_plain_float_sum(positions: list[Position]) -> None:
    """The packed-integer hidden layer (negative lanes included) gives the float sum's outputs."""
    net = Net.load()
    checked = 0
    lanes_below_zero = 0
    for pos in positions[::15]:
        for dice in ((6, 4), (2, 2), (5, 1)):
            plays = legal_plays(pos, dice)
            encs = [net.encode(p.result.swapped().player, p.result.swapped().opponent) for p in plays]
            for enc, out in zip(encs, net.evaluate_many(encs)):
                assert out == pytest.approx(_dense_reference(net, enc), abs=1e-9)
                lanes_below_zero += sum(1 for z in net.preactivation(enc) if z < 0)
                checked += 1
    assert checked > 100 and lanes_below_zero > 0


def test_encoding_basics() -> None:
    start = Position.initial()
    x = encode_dense(start.player, start.opponent)
    assert len(x) == NUM_INPUTS
    assert x[5 * 4] == 1.0
    assert x[5 * 4 + 3] == 1.0
    assert not is_race(start.player, start.opponent)
    race = Position.from_text("x 6:2 / o 6:2")
    assert is_race(race.player, race.opponent)


def test_shots_direct_and_indirect() -> None:
    blot6 = (0,) * 5 + (1,) + (0,) * 19
    # a hitter 6 pips away: 11 rolls with a 6, plus 5-1, 4-2 (2 ways each), 3-3, 2-2 = 17
    bar = (0,) * 24 + (1,)
    assert shots(blot6, bar) == 17
    # no blots, no shots
    assert shots((0,) * 5 + (2,) + (0,) * 19, bar) == 0


def test_numpy_encoder_and_net_match_pure_python(positions: list[Position]) -> None:
    numpy = pytest.importorskip("numpy")
    from bot_training import npenc
    from bot_training.mlp import MLP, consistent

    a = numpy.array([p.player for p in positions])
    b = numpy.array([p.opponent for p in positions])
    x = npenc.encode(a, b)
    dense = numpy.array([encode_dense(p.player, p.opponent) for p in positions], dtype=numpy.float32)
    assert numpy.abs(x - dense).max() < 1e-6

    net = Net.load()
    mlp = MLP(NUM_INPUTS, net.hidden)  # the base inputs' rows of the shipped net, as an encoder-1 net
    mlp.w1 = numpy.array(net.rows[:NUM_INPUTS], dtype=numpy.float32)
    mlp.b1 = numpy.array(net.bias, dtype=numpy.float32)
    mlp.w2 = numpy.array(net.out_rows, dtype=numpy.float32).T.copy()
    mlp.b2 = numpy.array(net.out_bias, dtype=numpy.float32)
    y = consistent(mlp.forward(x))
    pure = numpy.array([net.evaluate(encode(p.player, p.opponent)) for p in positions])  # inputs past 207: zero
    assert numpy.abs(y - pure).max() < 1e-5
