"""Nets by kind of position (issue #56): the one place that chooses (core/bot/kinds.py), the kinds'
own inputs (encoders 3 and 4), and the evaluator rating each position with its kind's net, loading
each net on the first position of its kind."""

from __future__ import annotations

import base64
import random
from array import array

import pytest

from bot_training.classes import crunched, position_class
from core.bot.encoding import (
    ENCODERS,
    KIND_INPUT,
    encode_v2,
    encode_v3,
    encode_v4,
    keith_count,
    thorp_count,
)
from core.bot.evaluator import Evaluator
from core.bot.features import is_back_game
from core.bot.kinds import KIND_WEIGHTS, KINDS, kind_of
from core.bot.net import FORMAT_VERSION, Net
from core.position import Position
from tests.bot.conftest import random_positions


def random_net(version: int, hidden: int, seed: int) -> Net:
    """A net of encoder ``version`` with random weights (distinct nets give distinct outputs)."""
    rng = random.Random(seed)
    n_in = ENCODERS[version][1]

    def floats(n: int) -> str:
        return base64.b64encode(array("f", [rng.gauss(0.0, 0.3) for _ in range(n)]).tobytes()).decode()

    return Net({"version": FORMAT_VERSION, "encoder": version, "inputs": n_in, "hidden": hidden,
                "w1": floats(n_in * hidden), "b1": floats(hidden), "w2": floats(hidden * 5), "b2": floats(5)})


@pytest.fixture(scope="module")
def mixed() -> list[Position]:
    return random_positions(600, seed=56)


def test_the_kind_is_the_classes_of_the_varied_set(mixed: list[Position]) -> None:
    seen = set()
    for pos in mixed:
        cls = position_class(pos)
        if cls in ("race", "bearoff"):
            want = "race"
        elif is_back_game(pos.player, pos.opponent) or crunched(pos.player) or crunched(pos.opponent):
            want = "crashed"
        else:
            want = "contact"
        assert kind_of(pos.player, pos.opponent) == want, pos.to_id()
        seen.add(want)
    assert seen == set(KINDS)  # the sample holds every kind


def test_the_kind_inputs_follow_encoder_2(mixed: list[Position]) -> None:
    for pos in mixed[::7]:
        v2 = encode_v2(pos.player, pos.opponent)
        for enc in (encode_v3, encode_v4):
            out = enc(pos.player, pos.opponent)
            assert out[: len(v2)] == v2
            assert all(i >= KIND_INPUT for i, _ in out[len(v2) :])


def test_the_published_race_counts() -> None:
    # all 15 on the 1 point: 15 pips + 2 x 14 wasted + 3 empty high points (Keith); + 30 + 15 - 1 (Thorp)
    side = (15,) + (0,) * 24
    assert keith_count(side) == 15 + 28 + 3
    assert thorp_count(side) == 15 + 30 + 15 - 1


def test_each_kind_is_rated_by_its_own_net(mixed: list[Position]) -> None:
    nets = {"contact": random_net(2, 6, 1), "crashed": random_net(3, 6, 2), "race": random_net(4, 6, 3)}
    ev = Evaluator(nets=nets)
    got = ev.evaluate_many(mixed)
    alone = {kind: Evaluator(net=net) for kind, net in nets.items()}
    for pos, probs in zip(mixed, got):
        kind = kind_of(pos.player, pos.opponent)
        assert probs == alone[kind].evaluate(pos)
        others = [k for k in KINDS if k != kind]
        if sum(pos.player) == sum(pos.opponent) == 15:  # the nets' own outputs (no database, no gammon rule)
            assert all(alone[k].evaluate(pos) != probs for k in others)


def test_a_kind_without_a_net_is_rated_by_the_contact_net(mixed: list[Position]) -> None:
    contact = random_net(2, 6, 4)
    ev = Evaluator(nets={"contact": contact, "race": random_net(4, 6, 5)})
    crashed = [p for p in mixed if kind_of(p.player, p.opponent) == "crashed"]
    assert ev.evaluate_many(crashed) == Evaluator(net=contact).evaluate_many(crashed)


def test_nets_load_on_the_first_position_of_their_kind() -> None:
    ev = Evaluator()
    ev.evaluate(Position.initial())
    assert ev.loaded_kinds() == {"contact"}
    race = Position.from_text("x 6:3 5:3 4:3 3:3 2:3 / o 6:3 5:3 4:3 3:3 2:3")
    assert kind_of(race.player, race.opponent) == "race"
    ev.evaluate(race)
    assert ev.loaded_kinds() == {"contact", "race"}
    shipped = Net.shipped(KIND_WEIGHTS["race"])
    assert (ev.net_for("race") is ev.net) != shipped  # the race net when shipped, else the contact net


def test_a_net_of_the_wrong_inputs_is_refused() -> None:
    with pytest.raises(ValueError, match="a race net reads encoder 2 or 4, this one encoder 3"):
        Evaluator(nets={"race": random_net(3, 4, 6)})
    with pytest.raises(ValueError, match="unknown kind of position 'backgame'"):
        Evaluator(nets={"backgame": random_net(2, 4, 6)})


def test_weights_named_by_kind(tmp_path: object) -> None:
    with pytest.raises(ValueError, match=r"weights 'bogus=x.json.gz': expected FILE or KIND=FILE"):
        Evaluator.from_weights("bogus=x.json.gz")
