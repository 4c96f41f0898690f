"""Match equity: the Kazaross XG2 table (published), for matches up to 15 points.

Data from the "Kazaross XG2 25 point MET", Copyright (C) 2011 Neil Kazaross: "Table rolled
up to 9 point match by eXtreme Gammon. Then uses R/K MET which was rolled up to 15 and
extrapolated to 25 points"; transcribed for GNU Backgammon by Michael Petch
(``met/Kazaross-XG2.xml``, whose notice permits copying and distribution with or without
modification provided the copyright notice and this notice are preserved). Only the
first 15 rows and columns are kept, rounded to 5 decimals.

``PRE_CRAWFORD[a - 1][b - 1]``: chance of winning the match for a player who needs ``a``
points against one who needs ``b``, before the Crawford game. ``POST_CRAWFORD[a - 1]``:
for the trailer needing ``a`` against a leader needing 1, after the Crawford game.

>>> match_equity(1, 1)
0.5
>>> match_equity(3, 5)
0.64795
"""

from __future__ import annotations

import math

MAX_LENGTH = 15

# fmt: off
PRE_CRAWFORD: tuple[tuple[float, ...], ...] = (
    (0.50000, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250,
     0.94402, 0.95927, 0.96644, 0.97553, 0.97984, 0.98527, 0.98789),
    (0.32264, 0.50000, 0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539,
     0.90197, 0.92303, 0.93931, 0.95247, 0.96249, 0.97070, 0.97689),
    (0.24924, 0.40053, 0.50000, 0.57150, 0.64795, 0.71123, 0.76209, 0.80468,
     0.84017, 0.87064, 0.89442, 0.91483, 0.93070, 0.94443, 0.95493),
    (0.18564, 0.33130, 0.42850, 0.50000, 0.57732, 0.64285, 0.69924, 0.74577,
     0.78799, 0.82406, 0.85396, 0.87914, 0.90023, 0.91804, 0.93266),
    (0.15821, 0.25641, 0.35205, 0.42268, 0.50000, 0.56635, 0.62638, 0.67786,
     0.72540, 0.76706, 0.80273, 0.83365, 0.85993, 0.88287, 0.90201),
    (0.11269, 0.20060, 0.28877, 0.35715, 0.43365, 0.50000, 0.56261, 0.61636,
     0.66787, 0.71306, 0.75343, 0.78863, 0.81957, 0.84665, 0.87000),
    (0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.50000, 0.55480,
     0.60854, 0.65628, 0.70021, 0.73905, 0.77412, 0.80520, 0.83257),
    (0.06750, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.44520, 0.50000,
     0.55442, 0.60372, 0.64990, 0.69136, 0.72945, 0.76359, 0.79440),
    (0.05598, 0.09803, 0.15983, 0.21201, 0.27460, 0.33213, 0.39146, 0.44558,
     0.50000, 0.55020, 0.59793, 0.64148, 0.68212, 0.71893, 0.75281),
    (0.04072, 0.07697, 0.12936, 0.17594, 0.23295, 0.28694, 0.34372, 0.39628,
     0.44980, 0.50000, 0.54855, 0.59346, 0.63588, 0.67483, 0.71111),
    (0.03356, 0.06069, 0.10558, 0.14605, 0.19727, 0.24657, 0.29979, 0.35010,
     0.40207, 0.45145, 0.50000, 0.54555, 0.58924, 0.62974, 0.66793),
    (0.02447, 0.04753, 0.08517, 0.12086, 0.16635, 0.21137, 0.26095, 0.30864,
     0.35852, 0.40654, 0.45445, 0.50000, 0.54407, 0.58570, 0.62526),
    (0.02015, 0.03750, 0.06930, 0.09977, 0.14007, 0.18043, 0.22588, 0.27055,
     0.31788, 0.36412, 0.41076, 0.45593, 0.50000, 0.54194, 0.58254),
    (0.01473, 0.02930, 0.05557, 0.08196, 0.11713, 0.15335, 0.19480, 0.23641,
     0.28107, 0.32517, 0.37026, 0.41430, 0.45806, 0.50000, 0.54075),
    (0.01211, 0.02311, 0.04507, 0.06734, 0.09799, 0.13000, 0.16743, 0.20560,
     0.24719, 0.28889, 0.33207, 0.37474, 0.41746, 0.45925, 0.50000),
)
POST_CRAWFORD: tuple[float, ...] = (
    0.50000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906,
    0.06953, 0.06516, 0.04207, 0.03906, 0.02537, 0.02343, 0.01530,
)
# fmt: on


def match_equity(away: int, opp_away: int, post_crawford: bool = False) -> float:
    """Chance of winning the match needing ``away`` points against ``opp_away``.

    ``away <= 0`` is a won match, ``opp_away <= 0`` a lost one. ``post_crawford`` applies
    when one side needs 1 point and the Crawford game has been played.

    >>> match_equity(0, 3), match_equity(3, 0)
    (1.0, 0.0)
    >>> match_equity(2, 1, post_crawford=True)
    0.48803
    """
    if away <= 0:
        return 1.0
    if opp_away <= 0:
        return 0.0
    if away > MAX_LENGTH or opp_away > MAX_LENGTH:
        # beyond the table: a simple extrapolation by the difference in points needed
        d = opp_away - away
        return float(min(0.99, max(0.01, 0.5 + 0.4 * d / math.sqrt(away + opp_away))))
    if post_crawford and opp_away == 1:
        return POST_CRAWFORD[away - 1]
    if post_crawford and away == 1:
        return 1.0 - POST_CRAWFORD[opp_away - 1]
    return PRE_CRAWFORD[away - 1][opp_away - 1]
