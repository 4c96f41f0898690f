"""``bench/gammon_calibration.py``: the net's chances set against the outcomes of its own games."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from gammon_calibration import ratios, self_play  # noqa: E402

from bot_training.npbot import shipped_twin  # noqa: E402
from core.position import Position  # noqa: E402


@pytest.fixture(scope="module")
def one_game() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return self_play(shipped_twin(), games=1, seed=5)


def test_one_game_alternates_sides_and_its_outcome_is_one_result(one_game: tuple[np.ndarray, ...]) -> None:
    chances, contact, outcome = one_game
    n = len(chances)
    assert n > 10 and chances.shape == (n, 5) and outcome.shape == (n, 5) and contact.shape == (n,)
    # the side on roll alternates, so the winner's rows and the loser's rows alternate
    won = outcome[:, 0]
    assert set(won.tolist()) == {0.0, 1.0}
    assert np.all(won[1:] != won[:-1])
    # one result for the whole game: gammons and backgammons the same on each side's rows
    winner_rows, loser_rows = outcome[won == 1], outcome[won == 0]
    assert np.all(winner_rows == winner_rows[0]) and np.all(loser_rows == loser_rows[0])
    assert np.array_equal(winner_rows[0, 1:3], loser_rows[0, 3:5])  # what one side won, the other lost
    assert winner_rows[0, 3:].sum() == 0 and loser_rows[0, :3].sum() == 0
    # the opening position has contact, and once the game is a race it stays one
    assert contact[0]
    assert np.all(contact[1:] <= contact[:-1])
    # the chances kept before the opening roll are the net's own
    start = Position.initial()
    assert np.allclose(chances[0], shipped_twin().probs(np.array([start.player]), np.array([start.opponent]))[0])


def test_the_outcomes_are_proper_and_the_games_repeat_with_their_seed() -> None:
    chances, contact, outcome = self_play(shipped_twin(), games=6, seed=11)
    assert np.all((outcome[:, 2] <= outcome[:, 1]) & (outcome[:, 1] <= outcome[:, 0]))  # bg => gammon => win
    assert np.all((outcome[:, 4] <= outcome[:, 3]) & (outcome[:, 3] <= 1 - outcome[:, 0]))
    assert np.all((chances >= -1e-9) & (chances <= 1 + 1e-9))
    assert contact.any()
    # the same seed plays the same games
    again = self_play(shipped_twin(), games=6, seed=11)
    assert all(np.array_equal(a, b) for a, b in zip((chances, contact, outcome), again))


def test_every_game_is_its_own() -> None:
    # the same net on both sides: games sharing their dice would be one game played twice, their
    # positions (kept turn by turn, the two games' rows side by side) the same two by two
    chances, _, _ = self_play(shipped_twin(), games=2, seed=11)
    assert np.array_equal(chances[0], chances[1])  # both open from the initial position
    assert len(chances) % 2 or not np.array_equal(chances[0::2], chances[1::2])


def test_ratios_reads_actual_over_predicted_and_skips_outputs_the_net_never_gives() -> None:
    predicted = np.array([[0.5, 0.1, 0.0, 0.2, 0.0], [0.7, 0.3, 0.0, 0.0, 0.0]])
    outcome = np.array([[1.0, 0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 0.0, 0.0, 0.0]])
    assert ratios(predicted, outcome).split() == ["1.667", "2.500", "-", "0.000", "-"]
