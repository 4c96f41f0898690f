"""Expert features (core/bot/features.py) on hand-made positions, and their numpy twin."""

from __future__ import annotations

import pytest

from core.bot import features as F
from core.position import Position

from .conftest import random_positions


def board(points: dict[int, int], bar: int = 0) -> list[int]:
    """A side from {point: checkers} in its own numbering."""
    side = [0] * 25
    for p, n in points.items():
        side[p - 1] = n
    side[24] = bar
    return side


def test_escapes_behind_a_full_prime_is_zero_and_grows_as_it_breaks() -> None:
    back = board({24: 2, 6: 5, 8: 3, 13: 5})
    prime = board({7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 3, 6: 2})  # their 7..12: our 18..13
    assert F.escapes(back, prime) == 0
    five = board({8: 2, 9: 2, 10: 2, 11: 2, 12: 3, 6: 4})  # their 8..12: our 17..13
    # from our 24, past our 13: 12 pips or more without landing on 13..17 (18 is open now)
    # 6-6 (18, 12), 4-4 (20, 16 blocked), 3-3 (21, 18, 15 blocked), 5-5 (19, 14 blocked)
    assert F.escapes(back, five) == 1
    assert F.escapes(back, board({13: 15})) == 36  # their 13 is our 12: nothing made on their side


def test_escapes_from_the_bar() -> None:
    # on the bar against their 1..5 points: only a 6 enters (our 19); their 8 (our 17) is made,
    # so we must land below 17
    them = board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 8: 5})
    us = board({6: 14}, bar=1)
    # 6-6: 19, 13 -> escapes; 6-3 / 3-6: the 3 cannot enter, 6 then 3: 19, 16 -> out
    # 6-2: 19, 17 blocked; 2 first cannot enter. 6-4: 19, 15 out; 6-5: 19, 14 out
    assert F.escapes(us, them) == 1 + 2 * 3


def test_hit_risk_counts_blocking_and_the_bar() -> None:
    them = board({24: 1, 6: 14})  # one back checker: our 1-point
    us = board({8: 1, 6: 14})  # a blot 7 away: no direct shot
    # 7 away: 1-6, 6-1, 2-5, 5-2, 3-4, 4-3 (no double makes 7); our made 6-point only
    # stops 5-then-2, and 2-then-5 lands on our 3
    shots, lost = F.hit_risk(us, them)
    assert shots == 6
    assert lost == pytest.approx(6 * 17 / 36)
    # make our 2 and 7: 1-6 and 6-1 must stop on one of them
    us_blocking = board({8: 1, 7: 2, 2: 2, 6: 10})
    assert F.hit_risk(us_blocking, them)[0] == 4
    # their checker on the bar must enter first: only bar checkers hit, from our point 0
    them_bar = board({6: 14}, bar=1)
    assert F.hit_risk(board({3: 1, 6: 14}), them_bar)[0] == 11 + 2 + 1  # a 3, 1-2 / 2-1, or 1-1
    assert F.hit_risk(board({6: 15}), them) == (0, 0.0)


def test_hit_risk_counts_the_most_advanced_blot_hit() -> None:
    them = board({24: 1, 6: 14})  # our 1-point
    us = board({2: 1, 12: 1, 6: 13})
    # every roll with a 1 hits our 2-point blot (23 pips); the 12-point blot adds rolls without a 1
    shots, lost = F.hit_risk(us, them)
    # rolls with a 1: 11; our 12 is 11 away: 5-6 and 6-5 (no double makes 11)
    assert shots == 11 + 2
    assert lost == pytest.approx((11 * 23 + 2 * 13) / 36)


def test_anchors_prime_timing_contact() -> None:
    us = board({20: 2, 21: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 3})
    assert F.anchors(us) == (2, 5)
    them_behind = board({23: 2, 6: 13})  # their 23: our 2, behind our 4..8 prime
    assert F.blocking_prime(us, them_behind) == 5
    them_past = board({15: 2, 6: 13})  # their 15: our 10, past the prime; our 20, 21 still ahead
    assert F.blocking_prime(us, them_past) == 2
    assert F.timing(us) == 2 * 14 + 2 * 15 + 2 * 1 + 3 * 2
    assert F.contact(us, them_behind) == 15  # all ours are above our 2-point
    assert F.contact(us, them_past) == 4  # only the anchors on our 20, 21
    race = Position(tuple(board({1: 15})), tuple(board({1: 15})))
    assert F.contact(race.player, race.opponent) == 0


def test_features_are_bounded(positions: list[Position]) -> None:
    for pos in positions:
        vals = F.side_features(pos.player, pos.opponent)
        assert len(vals) == F.NUM_FEATURES
        assert all(0.0 <= v <= 3.0 for v in vals), (pos, vals)


def test_numpy_twin_equals_pure_python() -> None:
    np = pytest.importorskip("numpy")
    from bot_training import npfeatures

    sample = random_positions(600, seed=23)
    side = np.array([p.player for p in sample])
    other = np.array([p.opponent for p in sample])
    got = npfeatures.features(side, other)
    want = np.array([F.side_features(p.player, p.opponent) + F.side_features(p.opponent, p.player) for p in sample])
    np.testing.assert_allclose(got, want, atol=1e-6)
    for k in range(F.NUM_FEATURES):  # each feature varies over the sample, so the check has teeth
        assert np.ptp(want[:, k]) > 0, F.FEATURE_NAMES[k]


def test_fitx_variants_start_from_the_same_untouched_net() -> None:
    np = pytest.importorskip("numpy")
    from bot_training.fitx import widen_inputs
    from bot_training.mlp import MLP

    start = MLP(5, 3, seed=2)
    snapshot = {k: v.copy() for k, v in start.state().items()}
    wide = widen_inputs(start, 2)
    x = np.random.default_rng(1).random((4, 7)).astype(np.float32)
    np.testing.assert_allclose(wide.forward(x), start.forward(x[:, :5]), rtol=1e-6)  # the added inputs start at 0
    wide.step(x, np.full((4, 5), 0.9, dtype=np.float32), 0.5)
    for key, value in start.state().items():
        np.testing.assert_array_equal(value, snapshot[key])


def test_fitx_widens_the_hidden_layer_without_changing_the_outputs() -> None:
    np = pytest.importorskip("numpy")
    from bot_training.fitx import widen_hidden
    from bot_training.mlp import MLP

    start = MLP(6, 3, seed=4)
    snapshot = {k: v.copy() for k, v in start.state().items()}
    wide = widen_hidden(start, 7, seed=1)
    assert wide.w1.shape == (6, 7) and wide.w2.shape == (7, 5)
    x = np.random.default_rng(2).random((5, 6)).astype(np.float32)
    np.testing.assert_allclose(wide.forward(x), start.forward(x), rtol=1e-6)
    assert np.ptp(wide.w1[:, 3:]) > 0  # the added units are not all alike (or they would learn alike)
    for _ in range(20):
        wide.step(x, np.full((5, 5), 0.9, dtype=np.float32), 0.5)
    assert np.abs(wide.w2[3:]).max() > 0  # the added units learn
    for key, value in start.state().items():
        np.testing.assert_array_equal(value, snapshot[key])
    with pytest.raises(ValueError, match="already has 3 hidden units"):
        widen_hidden(start, 2, seed=1)
