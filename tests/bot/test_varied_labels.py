"""Labels from varied play on the compiled engine (bot_training/varied_labels.py): seeded batches,
legal positions spread over the classes, labels that are probabilities and the engine's own
rollouts. Skipped where numba (the training extra) is not installed."""

from __future__ import annotations

import pytest

from core.position import Position

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from bot_training import varied_labels as vl  # noqa: E402
from bot_training.batches import load_labels, run_tasks  # noqa: E402
from bot_training.classes import CLASSES, position_class  # noqa: E402

SPEC = vl.VariedLabelSpec(positions=16, games=12, trials=3, horizon=2, hard_trials=4, hard_horizon=3, seed=9)


def test_a_batch_is_the_same_whoever_makes_it_and_holds_what_it_says(tmp_path) -> None:  # type: ignore[no-untyped-def]
    a = vl.label_batch(SPEC, 4)
    b = vl.label_batch(SPEC, 4)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert not np.array_equal(a["onroll"], vl.label_batch(SPEC, 5)["onroll"])  # another batch, other games
    assert len(a["y"]) == SPEC.positions
    for on, ot, c in zip(a["onroll"].tolist(), a["other"].tolist(), a["cls"].tolist()):
        pos = Position(tuple(on), tuple(ot))  # checked: 15 checkers a side, no shared point
        assert not pos.is_game_over()
        assert CLASSES[c] == position_class(pos)
    hard = sum(CLASSES[c] in vl.HARD for c in a["cls"])
    assert hard >= SPEC.hard_share * SPEC.positions  # the anchor keepers make them common enough
    # probabilities, but for the luck corrections of deep rollouts (tests/bot/test_kept_labels.py's slack)
    y = a["y"]
    assert np.isfinite(y).all() and y.min() > -0.25 and y.max() < 1.25
    assert y[:, 0].min() > -0.05 and y[:, 0].max() < 1.05
    assert (a["y1"] >= 0).all() and (a["y1"] <= 1).all()  # the 1-ply: exact probabilities
    # the 1-ply label: the engine's roll table (a rollout of one roll with the luck correction)
    eng = vl.teacher_engine(SPEC.teacher)
    pos = Position(tuple(a["onroll"][0].tolist()), tuple(a["other"][0].tolist()))
    assert np.abs(a["y1"][0] - eng.rollout(pos, 1, horizon=1, reduce=True)[0]).max() < 1e-6
    run_tasks(vl.run_task, SPEC, str(tmp_path), [4])
    assert np.array_equal(load_labels([str(tmp_path)])["y"], a["y"])
