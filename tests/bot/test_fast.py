"""The compiled training engine (bot_training/fast.py) against the pure-Python core it stands in for.

Plays (the move-generation corpus, order included), every input of both encoders on positions of
every class of ``bot_training.classes``, the net's outputs to 1e-6 (with and without the
bear-off database, both encoders' nets), the 0-ply choices, and whole games and rollout trials
replayed through the core. Skipped where numba (the ``training`` extra) is not installed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.bot.encoding import ENCODERS
from core.bot.evaluator import Evaluator
from core.bot.net import Net, flip
from core.dice import ROLLS
from core.moves import legal_plays, legal_results, unpack
from core.position import Position
from tests.bot.conftest import random_positions, zero_ply_best
from tests.core.test_movegen_corpus import _rows

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from bot_training import fast  # noqa: E402
from bot_training.classes import CLASSES, position_class  # noqa: E402

V1 = Path(__file__).resolve().parents[2] / "bot_training" / "weights" / "net_v1.json.gz"


@pytest.fixture(scope="module")
def engine() -> fast.Engine:
    return fast.Engine()


def _random_side(rng: random.Random, other: list[int], lean: str) -> list[int]:
    """One side's 15 checkers spread at random (some off, some on the bar) on points the other
    side leaves free; ``lean`` piles them where a class lives (home boards, low points, a wall)."""
    side = [0] * 25
    left = 15 - rng.choice([0, 0, 0, rng.randint(1, 14)])
    side[24] = bar = min(left, rng.choice([0, 0, 0, 1, 2]))
    left -= bar
    zone = {"home": range(6), "low": range(3), "back": range(18, 24), "wall": range(rng.randint(3, 14), 24)}.get(
        lean, range(24))
    free = [i for i in zone if other[23 - i] == 0] or [i for i in range(24) if other[23 - i] == 0]
    while left:
        i = rng.choice(free[: rng.randint(1, len(free))] if lean == "wall" else free)
        n = min(left, rng.choice([1, 2, 2, 3]))
        if side[i] + n <= 15:
            side[i] += n
            left -= n
    return side


def class_positions(per_class: int, seed: int) -> list[Position]:
    """At least ``per_class`` positions of each class of :data:`bot_training.classes.CLASSES`, from
    random games and random boards."""
    rng = random.Random(seed)
    found: dict[str, list[Position]] = {c: [] for c in CLASSES}
    for pos in random_positions(400, seed):
        found[position_class(pos)].append(pos)
    while len(found["opening"]) < per_class:  # a few random plies from the start
        pos = Position.initial()
        for _ in range(rng.randint(1, 4)):
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            pos = (rng.choice(plays).result if plays else pos).swapped()
        found[position_class(pos)].append(pos)
    leans = ("any", "home", "low", "back", "wall")
    for _ in range(200_000):
        if min(len(v) for v in found.values()) >= per_class:
            break
        them = _random_side(rng, [0] * 25, rng.choice(leans))
        me = _random_side(rng, them, rng.choice(leans))
        if sum(me) == 0 or sum(them) == 0:
            continue
        pos = Position(tuple(me), tuple(them))
        group = found[position_class(pos)]
        if len(group) < per_class * 3:
            group.append(pos)
    short = {c: len(v) for c, v in found.items() if len(v) < per_class}
    assert not short, f"too few positions of these classes: {short}"
    return [p for c in CLASSES for p in found[c]]


@pytest.fixture(scope="module")
def positions_by_class() -> list[Position]:
    return class_positions(40, seed=5)


def _boards(positions: list[Position]) -> tuple[np.ndarray, np.ndarray]:
    return np.array([p.player for p in positions]), np.array([p.opponent for p in positions])


def test_plays_equal_the_cores_on_the_corpus(engine: fast.Engine) -> None:
    wrong = []
    for pid, d1, d2, count in _rows():
        pos = Position.from_id(pid)
        mine = engine.legal_results(pos, (d1, d2))
        core = [(unpack(board), hits) for board, hits in legal_results(pos, (d1, d2))]
        if mine != core or len(mine) != count:
            wrong.append(f"{pid} {d1}{d2}: {len(mine)} plays, the core {len(core)}, gnubg {count}")
    assert not wrong, f"{len(wrong)} cases differ:\n" + "\n".join(wrong[:20])


@pytest.mark.parametrize("version", [1, 2])
def test_every_input_equals_the_cores_encoder(engine: fast.Engine, version: int,
                                              positions_by_class: list[Position]) -> None:
    encode, n_inputs = ENCODERS[version]
    onroll, other = _boards(positions_by_class)
    mine = fast.encode_many(onroll, other, n_inputs, fast.tables())
    core = np.zeros_like(mine)
    for k, pos in enumerate(positions_by_class):
        for i, v in encode(pos.player, pos.opponent):
            core[k, i] = v
    diff = np.abs(mine - core)
    rows, cols = np.nonzero(diff > 1e-12)
    assert not len(rows), [(positions_by_class[r].to_id(), int(c), core[r, c], mine[r, c])
                           for r, c in zip(rows[:10], cols[:10])]
    assert (core != 0).sum(axis=0).astype(bool).sum() > 0.8 * n_inputs  # most inputs were exercised


@pytest.mark.parametrize("bearoff", [True, False])
def test_outputs_equal_the_cores_evaluator(engine: fast.Engine, bearoff: bool,
                                           positions_by_class: list[Position]) -> None:
    core = Evaluator(net=engine.net, use_bearoff=bearoff)
    mine = fast.Engine(engine.net, use_bearoff=bearoff).probs(*_boards(positions_by_class))
    want = np.array([core.evaluate(p) for p in positions_by_class])
    assert np.abs(mine - want).max() < 1e-6


def test_an_encoder_1_net_evaluates_as_the_core() -> None:
    net = Net.from_json_bytes(V1.read_bytes())
    assert net.encoder_version == 1
    positions = random_positions(200, seed=3)
    mine = fast.Engine(net).probs(*_boards(positions))
    want = np.array(Evaluator(net=net).evaluate_many(positions))
    assert np.abs(mine - want).max() < 1e-6


def test_choices_are_the_cores(engine: fast.Engine, positions_by_class: list[Position]) -> None:
    rng = random.Random(8)
    checked = 0
    for pos in positions_by_class:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        found = zero_ply_best(pos, dice)
        k = engine.choose(pos, dice)
        if found is None:
            assert k == -1
            continue
        assert legal_plays(pos, dice)[k] == found[1], (pos.to_id(), dice)
        checked += 1
    assert checked > 200


def _core_step(ev: Evaluator, pos: Position, dice: tuple[int, int]) -> Position:
    """The position after the core's 0-ply choice, the other side on roll."""
    found = zero_ply_best(pos, dice, ev)
    return found[1].result.swapped() if found else pos.swapped()


def test_self_play_games_replay_through_the_core(engine: fast.Engine) -> None:
    ev = Evaluator(net=engine.net)
    games = 3
    points, plies = engine.self_play(games, seed=4)
    dice = fast.self_play_dice(games, 4)
    for g in range(games):
        pos = Position.initial()
        for ply in range(int(plies[g])):
            d = (int(dice[g, ply]) // 6 + 1, int(dice[g, ply]) % 6 + 1)
            assert ply or d[0] != d[1]
            pos = _core_step(ev, pos, d)
        assert pos.is_game_over()
        winner_moved_first = plies[g] % 2 == 1
        loser = pos.player  # the side on roll after the last play lost
        pts = 1 if sum(loser) < 15 else 3 if loser[24] + sum(loser[18:24]) else 2
        assert points[g] == (pts if winner_moved_first else -pts)


def _one_ply_probs(ev: Evaluator, pos: Position) -> np.ndarray:
    """The core's 1-ply probabilities of ``pos`` (before its roll), the side on roll's view."""
    total = np.zeros(5)
    for roll in ROLLS:
        nxt = _core_step(ev, pos, roll.dice)
        total += roll.ways / 36.0 * np.array(flip(ev.evaluate(nxt)))
    return total


def test_a_rollout_of_one_roll_is_the_one_ply(engine: fast.Engine) -> None:
    ev = Evaluator(net=engine.net)
    pos = random_positions(60, seed=9)[50]
    want = _one_ply_probs(ev, pos)
    reduced = engine.rollout(pos, 7, horizon=1, reduce=True, seed=2)
    assert np.abs(reduced - want[None, :]).max() < 1e-6  # every trial: the luck of its roll removed
    plain = engine.rollout(pos, 36, horizon=1, reduce=False, seed=2)
    assert np.abs(plain.mean(axis=0) - want).max() < 1e-6  # 36 stratified first rolls: each roll once


def test_a_reduced_trial_replays_through_the_core(engine: fast.Engine) -> None:
    ev = Evaluator(net=engine.net)
    pos = random_positions(30, seed=12)[20]
    horizon, seed = 3, 6
    mine = engine.rollout(pos, 2, horizon=horizon, reduce=True, seed=seed)
    dice = fast.rollout_dice(2, horizon, seed)
    for t in range(2):
        estimate = np.zeros(5)
        previous = np.zeros(5)
        p = pos
        for s in range(horizon):
            expected = _one_ply_probs(ev, p)
            d = (int(dice[t, s]) // 6 + 1, int(dice[t, s]) % 6 + 1)
            p = _core_step(ev, p, d)
            chosen = np.array(flip(ev.evaluate(p)))
            if s % 2:
                expected, chosen = np.array(flip(tuple(expected))), np.array(flip(tuple(chosen)))
            estimate += expected - previous
            previous = chosen
            if sum(p.opponent) == 0:
                break
        assert np.abs(mine[t] - estimate).max() < 1e-6
