"""The 95% intervals the benches and the training tools report, written once (standard library only).

Each is the normal approximation (z = 1.96): fine for the sample sizes the benches use (hundreds of
games or positions at least); none is a small-sample t interval.

>>> mean_ci95([1.0, 3.0])
(2.0, 1.9599...)
>>> proportion_ci95(45, 50)
(0.9, 0.08315...)
>>> ratio_ci95([2.0, 4.0, 3.0], [10, 20, 10])
(0.225, 0.0561...)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.96
"""The two-sided 95% quantile of the normal distribution (to the precision reported)."""


def mean_ci95(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (sample standard deviation).

    Fewer than two values: the half-width is 0 (one value), or both are NaN (none). Paired
    differences (one value per pair of games) are given as those differences.
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in values) / (n - 1))
    return mean, Z95 * sd / math.sqrt(n)


def proportion_ci95(hits: int, n: int) -> tuple[float, float]:
    """``hits`` out of ``n`` and the half-width of its 95% interval (Wald; never quite 0 at 0 or n)."""
    if n <= 0:
        return math.nan, math.nan
    p = hits / n
    return p, Z95 * math.sqrt(max(p * (1 - p), 1e-9) / n)


def ratio_ci95(totals: Sequence[float], counts: Sequence[int]) -> tuple[float, float]:
    """A pooled rate ``sum(totals) / sum(counts)`` over independent units (matches, games) and the
    half-width of its 95% interval (the ratio estimator's linearised variance). Fewer than two
    units: an infinite half-width."""
    if len(totals) != len(counts):
        raise ValueError("one count for each total")
    total, n = math.fsum(totals), sum(counts)
    rate = total / n if n else 0.0
    k = len(totals)
    if k < 2 or n == 0:
        return rate, math.inf
    var = math.fsum((x - rate * c) ** 2 for x, c in zip(totals, counts, strict=True)) / (k - 1)
    return rate, Z95 * math.sqrt(var / k) / (n / k)
