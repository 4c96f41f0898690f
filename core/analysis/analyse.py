"""Grade every decision of a match, with marks, luck, error rates and ratings.

Thresholds, from GNU Backgammon's manual (the FAQ "What do ! and ? mean?" and the section on
match statistics, https://www.gnu.org/software/gnubg/manual/, also installed as
``/usr/share/doc/gnubg/gnubg.html``), in normalized equity per unit of cube:

* marks: doubtful from 0.04, bad from 0.08, very bad from 0.16 (:data:`MARKS`);
* luck: lucky from +0.3, very lucky above +0.6, unlucky from -0.3, very unlucky below -0.6;
* error rate per decision = total error / (unforced moves + close or actual cube decisions);
  we count a cube decision when the player doubled or took/passed, or when doubling would
  have cost less than a very bad error (0.16), so every missed double counts;
* rating by error rate per decision, in thousandths (mEMG): Supernatural under 2, World class
  under 5, Expert under 8, Advanced under 12, Intermediate under 18, Casual player under 26,
  Beginner under 35, Awful! from 35 (:data:`RATINGS`).

>>> rating(4.1), rating(40.0)
('World class', 'Awful!')
>>> mark(0.05), mark(0.2), mark(0.01)
('doubtful', 'very bad', '')
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from ..bot.evaluator import Evaluator
from ..match import Match
from .decision import DecisionEval, checker_grade_steps, cube_eval_steps
from .engine import CheckerGrade, Depth, Engine
from .walk import Moment, MomentKind, walk_match

__all__ = [
    "MARKS",
    "RATINGS",
    "Decision",
    "MatchAnalysis",
    "PlayerSummary",
    "analyse_match",
    "analysis_steps",
    "decision_count",
    "luck_mark",
    "mark",
    "merge_decisions",
    "moments_steps",
    "rating",
]

Mark = Literal["", "doubtful", "bad", "very bad"]

MARKS: tuple[tuple[float, Mark], ...] = ((0.16, "very bad"), (0.08, "bad"), (0.04, "doubtful"))
"""(lowest loss, mark), worst first: gnubg's default thresholds."""

RATINGS: tuple[tuple[float, str], ...] = (
    (2.0, "Supernatural"),
    (5.0, "World class"),
    (8.0, "Expert"),
    (12.0, "Advanced"),
    (18.0, "Intermediate"),
    (26.0, "Casual player"),
    (35.0, "Beginner"),
)
"""(error rate in mEMG below which, rating): gnubg's table; ``"Awful!"`` above the last."""

VERY_BAD = MARKS[0][0]


def mark(loss: float) -> Mark:
    """The mark of a loss (equity per unit of cube): ``""``, doubtful, bad or very bad."""
    for threshold, name in MARKS:
        if loss >= threshold:
            return name
    return ""


def luck_mark(luck: float) -> str:
    """``"very lucky"``, ``"lucky"``, ``"unlucky"``, ``"very unlucky"`` or ``""``.

    >>> luck_mark(0.45), luck_mark(-0.7), luck_mark(0.1)
    ('lucky', 'very unlucky', '')
    """
    if luck > 0.6:
        return "very lucky"
    if luck >= 0.3:
        return "lucky"
    if luck < -0.6:
        return "very unlucky"
    if luck <= -0.3:
        return "unlucky"
    return ""


def rating(error_rate: float) -> str:
    """The rating for an error rate per decision in mEMG (gnubg's scale)."""
    for limit, name in RATINGS:
        if error_rate < limit:
            return name
    return "Awful!"


@dataclass(frozen=True, slots=True)
class Decision:
    """One graded decision. ``loss`` is the equity given up per unit of cube (>= 0).

    ``played``/``best``: notation for a move; ``"Double"``/``"No double"`` and
    ``"Take"``/``"Pass"`` for cube actions. ``equities``: (option, equity, plies) from the deciding
    player's side, read from ``evaluation`` (the :class:`~core.analysis.decision.DecisionEval` the
    hints share): for a move, every play best first; for a double, no double / double-take /
    double-pass (the doubler's side); for a take, take / pass (the taker's side). ``luck``: the
    roll's luck (moves only). ``counted``: part of the error rate (an unforced move, or a close or
    actual cube decision). ``win``: the deciding player's cubeless winning chances before the roll
    (1-ply; for a take, the taker's).
    """

    game: int
    move: int
    player: int
    kind: MomentKind
    dice: tuple[int, int] | None
    played: str
    best: str
    loss: float
    mark: Mark
    counted: bool = True
    luck: float | None = None
    equities: tuple[tuple[str, float, int], ...] = ()
    cube: int = 1
    win: float | None = None
    evaluation: DecisionEval | None = field(default=None, compare=False, repr=False)


@dataclass(slots=True)
class PlayerSummary:
    """Totals for one player: decisions counted, total loss, luck, error rate (mEMG) and rating."""

    player: int
    name: str
    decisions: int = 0
    moves: int = 0
    cube_decisions: int = 0
    total_loss: float = 0.0
    checker_loss: float = 0.0
    cube_loss: float = 0.0
    luck: float = 0.0
    rolls: int = 0
    marks: dict[str, int] = field(default_factory=lambda: {"doubtful": 0, "bad": 0, "very bad": 0})

    @property
    def error_rate(self) -> float:
        """Thousandths of an equity lost per decision counted (mEMG)."""
        return 1000.0 * self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def rating(self) -> str:
        """The rating in gnubg's words (:func:`rating`)."""
        return rating(self.error_rate)

    def add(self, decision: Decision) -> None:
        if decision.luck is not None:
            self.luck += decision.luck
            self.rolls += 1
        if not decision.counted:
            return
        self.decisions += 1
        self.total_loss += decision.loss
        if decision.kind == "move":
            self.moves += 1
            self.checker_loss += decision.loss
        else:
            self.cube_decisions += 1
            self.cube_loss += decision.loss
        if decision.mark:
            self.marks[decision.mark] += 1


@dataclass(frozen=True, slots=True)
class MatchAnalysis:
    """Every decision graded (``decisions``, in order) and one :class:`PlayerSummary` per player."""

    players: tuple[str, str]
    length: int
    decisions: tuple[Decision, ...]
    summary: tuple[PlayerSummary, PlayerSummary]


Progress = Decision | None
"""What :func:`analysis_steps` yields: a graded decision, or ``None`` between slices of work."""


def decision_count(match: Match) -> int:
    """How many decisions :func:`analysis_steps` grades in ``match`` (what a progress bar counts to).

    Quick: it replays the record, evaluating nothing.

    >>> from core.match import Match
    >>> decision_count(Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/14"))
    3
    """
    return sum(1 for _ in walk_match(match))


def analysis_steps(
    match: Match, *, depth: Depth | None = None, evaluator: Evaluator | None = None
) -> Generator[Progress, None, MatchAnalysis]:
    """Analyse ``match`` in slices: yields ``None`` every few milliseconds of work and each
    :class:`Decision` once graded (luck included); returns the :class:`MatchAnalysis`.

    A page resumes it between frames and shows each decision as it comes.
    """
    engine = Engine(evaluator, depth)
    decisions = yield from moments_steps(engine, walk_match(match))
    return merge_decisions(match, decisions)


def moments_steps(engine: Engine, moments: Iterable[Moment]) -> Generator[Progress, None, list[Decision]]:
    """Grade ``moments`` (some of :func:`~core.analysis.walk.walk_match`'s, in order) with
    ``engine``: yields as :func:`analysis_steps` does, returns their decisions in order.

    Each decision is graded as if it were the first: the engine's chequer evaluations are
    forgotten between moments (its roll tables are kept: they are the same whoever asks), so
    a position met twice in a match is graded the same both times, and any part of a match
    graded apart (:mod:`core.analysis.split`, the page's workers) gives the same decisions.
    """
    decisions: list[Decision] = []
    for moment in moments:
        engine.decisions.clear()
        decision = yield from _grade_steps(engine, moment)
        if decision is None:
            continue
        win = yield from engine.winning_steps(moment)
        decision = replace(decision, win=win)
        decisions.append(decision)
        yield decision
    return decisions


def merge_decisions(match: Match, decisions: Iterable[Decision]) -> MatchAnalysis:
    """The :class:`MatchAnalysis` of ``match`` from its graded decisions, in match order."""
    summary = (PlayerSummary(0, match.names[0]), PlayerSummary(1, match.names[1]))
    kept = tuple(decisions)
    for decision in kept:
        summary[decision.player].add(decision)
    return MatchAnalysis(match.names, match.length, kept, summary)


def analyse_match(
    match: Match,
    *,
    depth: Depth | None = None,
    evaluator: Evaluator | None = None,
    on_decision: Callable[[Decision], None] | None = None,
) -> MatchAnalysis:
    """Analyse ``match`` at once; ``on_decision`` (if any) sees each decision as it is graded.

    >>> from core.match import Match
    >>> match = Match.new(0, names=("Ann", "Bob")).opening_with(3, 1).play("24/21 6/5")
    >>> analysis = analyse_match(match)
    >>> d = analysis.decisions[0]
    >>> (d.played, d.best, d.loss > 0.08, d.mark in ("bad", "very bad"))
    ('24/21 6/5', '8/5 6/5', True, True)
    """
    steps = analysis_steps(match, depth=depth, evaluator=evaluator)
    while True:
        try:
            item = next(steps)
        except StopIteration as done:
            result: MatchAnalysis = done.value
            return result
        if item is not None and on_decision is not None:
            on_decision(item)


def _grade_steps(engine: Engine, moment: Moment) -> Generator[None, None, Decision | None]:
    cube = moment.situation.cube
    if moment.kind == "move":
        luck = yield from engine.luck_steps(moment)
        grade: CheckerGrade | None = yield from checker_grade_steps(engine, moment)
        assert moment.dice is not None
        if grade is None:  # a forced play (or none): luck only
            from ..notation import format_play

            text = format_play(moment.steps) if moment.steps else ""
            return Decision(
                moment.game,
                moment.index,
                moment.player,
                "move",
                moment.dice,
                text,
                text,
                0.0,
                "",
                counted=False,
                luck=luck,
                cube=cube,
            )
        return Decision(
            moment.game,
            moment.index,
            moment.player,
            "move",
            moment.dice,
            grade.played,
            grade.best,
            grade.loss,
            mark(grade.loss),
            luck=luck,
            equities=grade.ranked,
            cube=cube,
            evaluation=grade.evaluation,
        )
    kind: Literal["double", "take"] = "double" if moment.kind == "double" else "take"
    ev = yield from cube_eval_steps(engine, moment.position, moment.situation, kind, moment.player)
    cube_grade = ev.cube
    assert cube_grade is not None
    equities = tuple((o.what, o.equity, o.plies) for o in ev.options)
    if moment.kind == "double":
        best_value = cube_grade.best_for_doubler
        double_value = min(cube_grade.double_take, cube_grade.double_pass)
        loss = ev.loss("double" if moment.doubled else "no double")
        counted = moment.doubled or best_value - double_value < VERY_BAD
        return Decision(
            moment.game,
            moment.index,
            moment.player,
            "double",
            None,
            "Double" if moment.doubled else "No double",
            ev.best_action,
            loss,
            mark(loss),
            counted=counted,
            equities=equities,
            cube=cube,
            evaluation=ev,
        )
    loss = ev.loss("take" if moment.took else "pass")
    return Decision(
        moment.game,
        moment.index,
        moment.player,
        "take",
        None,
        "Take" if moment.took else "Pass",
        ev.best_action,
        loss,
        mark(loss),
        equities=equities,
        cube=cube,
        evaluation=ev,
    )
