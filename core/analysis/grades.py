"""What the analysis says of one decision: a graded chequer play and a cube decision's equities.

Kept apart from :mod:`core.analysis.engine` so that :mod:`core.analysis.decision`, which the
engine calls, can name them without importing the engine back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bot.cube import decide


@dataclass(frozen=True, slots=True)
class CheckerGrade:
    """A graded chequer play: ``ranked`` = (notation, equity, plies) best first, the play made included."""

    played: str
    best: str
    loss: float
    played_equity: float
    best_equity: float
    ranked: tuple[tuple[str, float, int], ...]
    legal: int
    evaluation: Any = field(default=None, compare=False, repr=False)
    """The :class:`core.analysis.decision.DecisionEval` it is read from."""


@dataclass(frozen=True, slots=True)
class CubeGrade:
    """Cube equities for the side on roll (per unit of cube): no double, double/take, double/pass."""

    no_double: float
    double_take: float
    double_pass: float

    @property
    def best_for_doubler(self) -> float:
        return max(self.no_double, min(self.double_take, self.double_pass))

    @property
    def should_double(self) -> bool:
        """As the bot decides (:func:`core.bot.cube.decide`): a double that gains nothing and
        loses nothing is made.

        >>> CubeGrade(1.0, 2.0, 1.0).should_double     # a certain win, no gammons: double, pass
        True
        """
        return decide(self.no_double, self.double_take, self.double_pass).double

    @property
    def should_take(self) -> bool:
        return decide(self.no_double, self.double_take, self.double_pass).take
