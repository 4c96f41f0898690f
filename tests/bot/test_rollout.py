"""Truncated rollouts with variance reduction (``bot_training.rollout``), the ``rollout`` label kind."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from core.position import Position

np = pytest.importorskip("numpy")

TEACHER = "bot_training/weights/net_v1.json.gz"
CONTACT = [
    Position.from_id("4HPwATDgc/ABMA"),
    Position.from_text("x 24:2 13:4 8:3 6:4 5:2 / o 6:4 8:2 13:4 24:1 22:2 3:2"),
    Position.from_text("x bar:1 20:2 13:3 8:2 6:4 4:3 / o bar:1 24:2 13:4 8:2 7:2 6:3 3:1"),
]


def teacher():  # type: ignore[no-untyped-def]
    from bot_training.batches import teacher_bot

    return teacher_bot(TEACHER)


def equity(p):  # type: ignore[no-untyped-def]
    from bot_training.npbot import equity_of

    return equity_of(p)


def test_one_roll_deep_is_the_one_ply_label_with_or_without_the_correction() -> None:
    from bot_training.distill import one_ply_targets
    from bot_training.rollout import rollout_targets

    bot = teacher()
    one = one_ply_targets(bot, CONTACT)
    # with the luck removed, every trial is the position's 1-ply value, whatever the dice
    got = rollout_targets(bot, CONTACT, trials=5, horizon=1, rng=np.random.default_rng(9))
    np.testing.assert_allclose(got, one, atol=1e-6)
    # without it, 36 trials take each ordered first roll once: their mean is the 1-ply value too
    plain = rollout_targets(bot, CONTACT, trials=36, horizon=1, rng=np.random.default_rng(9), reduce=False)
    np.testing.assert_allclose(plain, one, atol=1e-6)
    # ... and fewer trials see only some rolls
    few = rollout_targets(bot, CONTACT, trials=5, horizon=1, rng=np.random.default_rng(9), reduce=False)
    assert np.abs(few - one).max() > 1e-3


def test_a_game_that_ends_is_scored_exactly() -> None:
    from bot_training.rollout import rollout_targets

    bot = teacher()
    # every roll bears the last checker off; the other side has borne none off, and none is in
    # our home board: a gammon, not a backgammon
    won = Position.from_text("x 1:1 / o 13:15")
    for reduce in (True, False):
        got = rollout_targets(bot, [won], trials=3, horizon=6, rng=np.random.default_rng(1), reduce=reduce)
        np.testing.assert_allclose(got[0], [1.0, 1.0, 0.0, 0.0, 0.0])
    # two checkers on the 1-point: any roll wins (a double too); the other side lost a backgammon
    back = Position.from_text("x 1:2 / o 2:1 20:14")
    got = rollout_targets(bot, [back], trials=3, horizon=4, rng=np.random.default_rng(1))
    np.testing.assert_allclose(got[0], [1.0, 1.0, 1.0, 0.0, 0.0])


def test_the_same_seed_gives_the_same_labels_and_the_correction_cuts_the_noise() -> None:
    from bot_training.rollout import rollout_targets

    bot = teacher()

    def labels(seed: int, reduce: bool):  # type: ignore[no-untyped-def]
        return rollout_targets(bot, CONTACT, trials=6, horizon=3, rng=np.random.default_rng(seed), reduce=reduce)

    np.testing.assert_array_equal(labels(4, True), labels(4, True))
    reduced = np.array([equity(labels(seed, True)) for seed in range(6)])
    plain = np.array([equity(labels(seed, False)) for seed in range(6)])
    assert reduced.std(axis=0).max() > 0  # the dice matter beyond the first roll
    # the luck of the dice, most of a rollout's noise, is gone: the estimates vary far less
    assert reduced.std(axis=0).mean() < 0.5 * plain.std(axis=0).mean()


def test_bad_settings_are_named() -> None:
    from bot_training.batches import LabelSpec
    from bot_training.rollout import rollout_targets

    with pytest.raises(ValueError, match="trials and horizon must be positive: 0, 4"):
        rollout_targets(teacher(), CONTACT, trials=0, horizon=4)
    with pytest.raises(ValueError, match="horizon must be positive"):
        LabelSpec(teacher=TEACHER, label="rollout", horizon=0)


def test_a_rollout_run_writes_both_labels_and_resumes(tmp_path: Path) -> None:
    from bot_training.batches import LabelSpec, run_batches
    from bot_training.distill import one_ply_targets

    spec = LabelSpec(teacher=TEACHER, label="rollout", seed=5, positions=6, games=3, sample=0.5, trials=4,
                     horizon=2)
    (path,) = run_batches(spec, str(tmp_path / "r"), range(1))
    with np.load(path) as f:
        data = {k: f[k] for k in f.files}
    assert data["y"].shape == data["y1"].shape == (6, 5)
    positions = [Position(tuple(int(v) for v in a), tuple(int(v) for v in b))
                 for a, b in zip(data["onroll"], data["other"])]
    np.testing.assert_allclose(data["y1"], one_ply_targets(teacher(), positions), atol=1e-5)
    assert not np.allclose(data["y"], data["y1"], atol=1e-4)  # two rolls deep is another label
    # the same batch again (another folder): the same labels
    (again,) = run_batches(spec, str(tmp_path / "again"), range(1))
    with np.load(again) as f:
        np.testing.assert_array_equal(f["y"], data["y"])
    # a run of other settings in the same folder is refused
    with pytest.raises(ValueError, match="other settings"):
        run_batches(dataclasses.replace(spec, horizon=3), str(tmp_path / "r"), range(1))
