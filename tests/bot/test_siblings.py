"""Labels for choosing (``bot_training.batches --label siblings``) and the choice loss of
``bot_training.fitx --pairs``: siblings are one roll's best plays, rolled out on common dice,
and the loss's gradient is the one its formula says."""

from __future__ import annotations

from typing import Any

import pytest

from core.moves import legal_plays
from core.position import Position

np = pytest.importorskip("numpy")

TEACHER = "bot_training/weights/net_v1.json.gz"
CONTACT = Position.from_text("x 24:2 13:4 8:3 6:4 5:2 / o 6:4 8:2 13:4 24:1 22:2 3:2")


def teacher() -> Any:
    from bot_training.batches import teacher_bot

    return teacher_bot(TEACHER)


def test_common_dice_give_twin_positions_the_same_label_and_fresh_dice_do_not() -> None:
    from bot_training.rollout import rollout_targets

    bot = teacher()
    twins = [CONTACT, CONTACT]
    same = rollout_targets(bot, twins, trials=3, horizon=3, rng=np.random.default_rng(5), common=True)
    np.testing.assert_array_equal(same[0], same[1])
    apart = rollout_targets(bot, twins, trials=3, horizon=3, rng=np.random.default_rng(5))
    assert np.abs(apart[0] - apart[1]).max() > 1e-4  # the rolls after the first differ


def test_common_dice_leave_the_rounds_labels_as_they_were() -> None:
    """``common`` is off by default and draws nothing extra then: the stored rounds stay reproducible."""
    from bot_training.rollout import rollout_targets

    bot = teacher()
    a = rollout_targets(bot, [CONTACT], trials=2, horizon=3, rng=np.random.default_rng(8))
    b = rollout_targets(bot, [CONTACT], trials=2, horizon=3, rng=np.random.default_rng(8), common=False)
    np.testing.assert_array_equal(a, b)


def test_a_decisions_siblings_are_its_rolls_best_plays_at_zero_ply() -> None:
    from bot_training.batches import sibling_decisions
    from bot_training.npbot import equity_of

    bot = teacher()
    positions = [CONTACT, Position.initial(), Position.from_text("x 1:1 / o 13:15")]
    rng = np.random.default_rng(3)
    dice = [tuple(int(v) for v in np.random.default_rng(3).integers(1, 7, size=2))]  # the first draw
    siblings, origin, rank = sibling_decisions(bot, positions, top=4, margin=0.2, rng=rng)
    # the bear-off that wins at once is no decision; the others keep 2 to 4 plays each
    assert 2 not in origin.tolist()
    for g in set(origin.tolist()):
        rows = np.flatnonzero(origin == g)
        assert 2 <= len(rows) <= 4
        assert rank[rows].tolist() == list(range(len(rows)))
        assert len({siblings[i] for i in rows}) == len(rows)
    # the first decision: every sibling is a legal result of one roll, ranked by the net's 0-ply
    rows = np.flatnonzero(origin == 0)
    results = {p.result.swapped() for p in legal_plays(CONTACT, dice[0])}
    assert all(siblings[i] in results for i in rows)
    kept = [siblings[i] for i in rows]
    values = -equity_of(bot.probs(np.array([p.player for p in kept]), np.array([p.opponent for p in kept])))
    assert values.tolist() == sorted(values.tolist(), reverse=True)
    assert values[0] - values[-1] <= 0.2 + 1e-9


def test_a_siblings_batch_numbers_its_decisions_within_the_run() -> None:
    from bot_training.batches import LabelSpec, label_batch

    spec = LabelSpec(teacher=TEACHER, label="siblings", seed=2, positions=6, games=4, sample=0.5, group=8,
                     top=3, margin=0.3, trials=2, horizon=2)
    d = label_batch(spec, 7)
    n = len(d["y"])
    assert n >= 2 and d["onroll"].shape == (n, 25) and d["y1"].shape == (n, 5)
    assert (d["decision"] // 100000 == 7).all()
    _, counts = np.unique(d["decision"], return_counts=True)
    assert counts.min() >= 2 and counts.max() <= 3
    assert d["rank"].min() == 0 and ((d["y"] >= -0.05) & (d["y"] <= 1.05)).all()


def test_the_choice_loss_gradient_matches_finite_differences() -> None:
    from bot_training.mlp import MLP, sibling_push, sibling_residuals

    rng = np.random.default_rng(1)
    net = MLP(6, 4, seed=2)
    net.w1, net.w2 = net.w1.astype(np.float64), net.w2.astype(np.float64)
    net.b1, net.b2 = net.b1.astype(np.float64), net.b2.astype(np.float64)
    x = rng.random((5, 6))
    t = rng.random((5, 5))
    decision = np.array([1, 1, 1, 4, 4])

    def loss() -> float:
        return float(0.5 * (sibling_residuals(net.forward(x), t, decision) ** 2).sum())

    d2 = sibling_push(net.forward(x), t, decision, 1.0)
    h = net.hidden(x)
    analytic = -(h.T @ d2)  # the loss's gradient with respect to w2
    numeric = np.zeros_like(net.w2)
    for i in range(net.w2.shape[0]):
        for j in range(net.w2.shape[1]):
            keep = net.w2[i, j]
            net.w2[i, j] = keep + 1e-6
            up = loss()
            net.w2[i, j] = keep - 1e-6
            down = loss()
            net.w2[i, j] = keep
            numeric[i, j] = (up - down) / 2e-6
    np.testing.assert_allclose(analytic, numeric, atol=1e-7)
    # a step along it lowers the loss
    before = loss()
    net.push(x, d2, 0.5)
    assert loss() < before


def test_residuals_ignore_a_decisions_level_and_see_its_order() -> None:
    from bot_training.mlp import sibling_residuals

    t = np.array([[0.6, 0.1, 0, 0.1, 0], [0.5, 0.1, 0, 0.1, 0]])
    shifted = t + np.array([0.1, 0, 0, 0, 0])
    assert np.abs(sibling_residuals(shifted, t, np.array([0, 0]))).max() < 1e-12
    swapped = t[::-1].copy()
    assert np.abs(sibling_residuals(swapped, t, np.array([0, 0]))).max() == pytest.approx(0.2)


def test_decisions_split_whole_and_by_seed() -> None:
    from bot_training.fitx import split_decisions

    decision = np.repeat(np.arange(40), 3)
    train, val = split_decisions(decision, 0.25, 1)
    assert len(val) == 10 and len(train) == 30
    for g in train + val:
        assert len(set(decision[g].tolist())) == 1 and len(g) == 3
    again, _ = split_decisions(decision, 0.25, 1)
    assert [g.tolist() for g in again] == [g.tolist() for g in train]
