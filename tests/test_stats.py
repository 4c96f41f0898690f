"""The 95% intervals written once (bot_training/stats.py, #57), checked against the standard library."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from bot_training.stats import Z95, mean_ci95, proportion_ci95, ratio_ci95


def test_the_mean_s_interval_is_the_normal_one_over_the_sample_deviation() -> None:
    values = [random.Random(3).gauss(1.0, 2.0) for _ in range(400)]
    mean, half = mean_ci95(values)
    assert mean == pytest.approx(statistics.fmean(values))
    assert half == pytest.approx(Z95 * statistics.stdev(values) / math.sqrt(len(values)))
    assert mean_ci95([5.0]) == (5.0, 0.0) and all(math.isnan(x) for x in mean_ci95([]))


def test_a_proportion_s_interval_and_its_edges() -> None:
    p, half = proportion_ci95(90, 100)
    assert p == 0.9 and half == pytest.approx(Z95 * math.sqrt(0.9 * 0.1 / 100))
    assert proportion_ci95(0, 50)[1] > 0  # never a zero-width interval at the edge
    assert all(math.isnan(x) for x in proportion_ci95(0, 0))


def test_a_ratio_of_equal_units_is_the_mean_of_their_rates() -> None:
    rates = [0.1, 0.3, 0.2, 0.4]
    rate, half = ratio_ci95([r * 10 for r in rates], [10] * 4)
    mean, mean_half = mean_ci95(rates)
    assert rate == pytest.approx(mean) and half == pytest.approx(mean_half)
    assert ratio_ci95([1.0], [4]) == (0.25, math.inf)
    with pytest.raises(ValueError, match="one count for each total"):
        ratio_ci95([1.0, 2.0], [1])
