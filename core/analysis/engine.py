"""The evaluations behind the analysis: roll tables, chequer plays, cube actions and luck.

Everything rests on one building block, the *roll table* of a position (side on roll, before
its roll): for each of the 21 rolls, the play the side would choose at 0-ply (highest cubeless
equity at the score, :meth:`~core.analysis.equity.Scale.cubeless`) and the probabilities it
leaves. From a roll table come

* the cube decisions, one roll ahead: each roll's reply valued with the cube as each action
  leaves it, the opponent acting on it in turn (:meth:`Engine.cube_equities`); at the close calls
  two rolls ahead, as the default and strongest levels decide (:meth:`Engine.cube_equities_steps`:
  the hints and the tutor always, the analysis at its depth's ``cube_margin``), and the
  position's 1-ply probabilities (the table's average) for the chances shown;
* the luck of each roll (0-ply cubeful equity of the roll's best play against the average over
  the rolls, as gnubg's luck analysis does by default);
* the 1-ply value of a play (the average of the *opponent's* roll table after it).

Tables are cached by position and score, so the 1-ply value of the play actually made is also
the next turn's luck and cube table. A chequer play is graded by ranking every legal play at
0-ply, then looking 1 ply deeper at the best few (``Depth.candidates`` within
``Depth.margin``) and at the play made, each valued as the blend of its 0-ply and 1-ply values
(:class:`Depth`); the loss is the best such value minus the value of the play made. All work
comes in slices (``*_steps`` generators that yield between rolls).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, cast

from ..bot import LEVELS, decision_margin
from ..bot.cube import CubeDecision, cube_life
from ..bot.cube_ahead import Exact, Replies, as_replies, deeper_replies, match_decision_ahead, money_decision_ahead
from ..bot.evaluator import Evaluator, flip
from ..dice import ROLLS
from ..position import Position
from .equity import Probs, Scale
from .grades import CheckerGrade, CubeGrade
from .walk import Moment

__all__ = ["PAGE_DEPTH", "CheckerGrade", "CubeGrade", "Depth", "Engine", "page_depth"]

Steps = Generator[None, None, "RollTable"]
RollTable = tuple[tuple[int, Probs, Position], ...]
"""(ways, probabilities after the roll's best play, seen by the side that rolled, and the
position it leaves, the other side on roll), per roll."""


@dataclass(frozen=True, slots=True)
class Depth:
    """How hard the analysis looks: 1-ply on the best ``candidates`` plays within ``margin``
    of the best at 0-ply (and always on the play made).

    The value of a play looked at more deeply is ``blend`` x its 0-ply value + (1 - ``blend``)
    x its 1-ply value: averaging an even and an odd depth cancels part of each one's bias.
    Measured against gnubg's 2-ply on 60 kept matches (``bench/data/analysis``, 1,590 chequer
    decisions where gnubg's loss is 0.02 or more) with the round-9 net, our best play equals
    gnubg's on 58% of them at a blend of 0.2, 56% at 0.5 and 53% at 0-ply alone; 5 candidates
    within 0.2 found about as many as 8 within 0.4, in less time.
    """

    candidates: int = 5
    margin: float = 0.2
    blend: float = 0.2
    cube_margin: float = LEVELS["strongest"].cube_margin
    """A cube decision whose one-roll answer is within this of changing is valued two rolls ahead,
    as the levels value it (the strongest level's :attr:`core.bot.Level.cube_margin`; 0: one roll
    ahead only, the page's lightest depth, for long matches)."""


PAGE_SECONDS_PER_DECISION: tuple[tuple[Depth, float], ...] = (
    (Depth(), 0.116),
    (Depth(candidates=2, margin=0.1), 0.088),
    (Depth(candidates=1, margin=0.08), 0.080),
    (Depth(candidates=1, margin=0.08, cube_margin=0.0), 0.059),
)
"""Seconds of analysis per decision in Pyodide (CPU time on Node, ``bench/analysis_speed.py`` on
a 7-point match of 380 decisions, 2026-12-06, the round-11d net), strongest depth first."""

PAGE_BUDGET_S = 54.0
"""The time the page aims at: the 60 s goal for a 7-point match, less a tenth for the yields."""

PAGE_DEPTH = PAGE_SECONDS_PER_DECISION[-1][0]
"""The lightest depth the page uses (a long match)."""


def page_depth(decisions: int, budget: float = PAGE_BUDGET_S) -> Depth:
    """The strongest depth whose measured cost in Pyodide lets ``decisions`` fit in ``budget``
    seconds (:data:`PAGE_DEPTH`, the lightest, when none does).

    >>> page_depth(100) == Depth(), page_depth(500).candidates, page_depth(1000) == PAGE_DEPTH
    (True, 2, True)
    """
    for depth, seconds in PAGE_SECONDS_PER_DECISION:
        if decisions * seconds <= budget:
            return depth
    return PAGE_DEPTH


class Engine:
    """Evaluates what :func:`~core.analysis.walk.walk_match` yields (see the module docstring)."""

    def __init__(self, evaluator: Evaluator | None = None, depth: Depth | None = None) -> None:
        self.evaluator = evaluator if evaluator is not None else Evaluator.shared()
        self.depth = depth if depth is not None else Depth()
        self._tables: dict[tuple[Position, tuple[float, ...]], RollTable] = {}
        self.decisions: dict[Any, Any] = {}
        """The chequer decisions evaluated (:func:`core.analysis.decision.checker_eval_steps`), so
        that a hint, the tutor and "Show the best" share one evaluation of each."""

    # -- roll tables ------------------------------------------------------------------
    def roll_table_steps(self, position: Position, scale: Scale) -> Steps:
        """The roll table of ``position`` (side on roll) at ``scale``: yields after each roll."""
        key = (position, scale.weights)
        cached = self._tables.get(key)
        if cached is not None:
            return cached
        replies = yield from self.evaluator.replies_steps(position, scale.cubeless)
        table = tuple((ways, flip(p), after) for ways, after, p in replies)
        if len(self._tables) > 20000:
            self._tables.clear()
        self._tables[key] = table
        return table

    @staticmethod
    def average(table: RollTable, flipped: bool = False) -> Probs:
        """The table's 1-ply probabilities (``flipped``: seen by the other side)."""
        sums = [0.0] * 5
        for ways, p, _ in table:
            for i in range(5):
                sums[i] += ways * p[i]
        avg = (sums[0] / 36.0, sums[1] / 36.0, sums[2] / 36.0, sums[3] / 36.0, sums[4] / 36.0)
        return flip(avg) if flipped else avg

    # -- cube and luck -------------------------------------------------------------------
    def cube_steps(self, moment: Moment) -> Generator[None, None, CubeGrade]:
        """Cube equities before the roll of the player on roll in ``moment`` (one roll ahead, two
        at the close calls within the depth's ``cube_margin``)."""
        scale = Scale(moment.situation)
        table = yield from self.roll_table_steps(moment.position, scale)
        nd, dt, dp = yield from self.cube_equities_steps(moment.position, scale, table)
        return CubeGrade(nd, dt, dp)

    def cube_equities(
        self,
        position: Position,
        scale: Scale,
        table: RollTable,
        deeper: list[Replies | None] | None = None,
    ) -> tuple[float, float, float]:
        """(no double, double/take, double/pass) for the side on roll, in ``scale``'s units, as the
        levels decide one roll ahead: exact at the end of a bear-off
        (:class:`core.bot.bearoff_cube.ExactBearoff`), else one roll ahead, cubeful, from the roll
        ``table`` (:func:`core.bot.cube_ahead.money_decision_ahead`,
        :func:`core.bot.cube_ahead.match_decision_ahead`; ``deeper``: two rolls ahead, as there);
        where the bot's models do not apply (a dead cube, a score the table does not resolve), the
        scale's cube action on the table's 1-ply probabilities."""
        modelled, ms = scale.bot_score()
        s = scale.situation
        if not modelled:
            return scale.cube_action(self.average(table), cube_life(position.player, position.opponent))
        exact = self.evaluator.exact_cube(position, s.owner, ms, s.cube)
        if exact is None:
            replies = as_replies([(w, q, flip(p)) for w, p, q in table])
            known = cast(Exact, self.evaluator.exact_cube)
            if ms is None:
                exact = money_decision_ahead(replies, s.owner, s.jacoby, known, deeper)
            else:
                exact = match_decision_ahead(replies, ms, s.cube, s.owner, known, deeper)
        return exact.no_double, exact.double_take, exact.double_pass

    def cube_equities_steps(
        self, position: Position, scale: Scale, table: RollTable
    ) -> Generator[None, None, tuple[float, float, float]]:
        """:meth:`cube_plies_steps` without the plies."""
        nd, dt, dp, _ = yield from self.cube_plies_steps(position, scale, table)
        return nd, dt, dp

    def cube_plies_steps(
        self, position: Position, scale: Scale, table: RollTable
    ) -> Generator[None, None, tuple[float, float, float, int]]:
        """:meth:`cube_equities`, looking one roll deeper at a close call as the levels do: where
        the answer from ``table`` is within the depth's ``cube_margin`` of changing
        (:func:`core.bot.decision_margin`), the equities come two rolls ahead, each roll's position
        followed by its own 21 rolls (:meth:`~core.bot.evaluator.Evaluator.replies_each_steps`,
        the strongest level's ``deep_keep``), as :meth:`core.bot.Bot.cube_decision` decides.
        The hints, the tutor and the analysis use it. Yields after each roll. The last value: how
        many rolls ahead the equities look (1 or 2)."""
        nd, dt, dp = self.cube_equities(position, scale, table)
        if decision_margin(CubeDecision(False, True, nd, dt, dp)) >= self.depth.cube_margin:
            return nd, dt, dp, 1
        keep = LEVELS["strongest"].deep_keep
        leaves = yield from self.evaluator.replies_each_steps([after for _, _, after in table], keep)
        nd, dt, dp = self.cube_equities(position, scale, table, deeper_replies(leaves))
        return nd, dt, dp, 2

    def winning_steps(self, moment: Moment) -> Generator[None, None, float]:
        """The deciding player's cubeless winning chances before the roll (1-ply, the table the
        luck and cube grades use, so nearly free); for a ``"take"``, the taker's chances."""
        table = yield from self.roll_table_steps(moment.position, Scale(moment.situation))
        win = self.average(table)[0]
        return 1.0 - win if moment.kind == "take" else win

    def luck_steps(self, moment: Moment) -> Generator[None, None, float]:
        """The roll's equity against the average roll (0-ply cubeful, per unit of cube)."""
        assert moment.dice is not None
        scale = Scale(moment.situation)
        opp = Scale(moment.situation.swapped())
        table = yield from self.roll_table_steps(moment.position, scale)
        values = [-opp.cubeful(flip(p)) for _, p, _ in table]
        high, low = max(moment.dice), min(moment.dice)
        here = next(v for roll, v in zip(ROLLS, values) if roll.high == high and roll.low == low)
        if moment.opening:  # no double can open a game
            pairs = [(roll.ways, v) for roll, v in zip(ROLLS, values) if roll.high != roll.low]
        else:
            pairs = [(roll.ways, v) for roll, v in zip(ROLLS, values)]
        mean = sum(w * v for w, v in pairs) / sum(w for w, _ in pairs)
        return here - mean
