"""Hints for the match as it stands: the ranked plays of a roll, the cube actions, and the cost of an action.

The same evaluation as the analysis, read from one :class:`~core.analysis.decision.DecisionEval`
per decision, kept by the :class:`~core.analysis.engine.Engine`: every legal play at 0-ply, the best
few (``Depth.candidates`` within ``Depth.margin``) and any play asked for valued as the blend of
their 0-ply and 1-ply equities; cube actions one roll ahead, cubeful, and two rolls ahead at the
close calls, as the strongest bot decides them. So a hint, the tutor's warning, "Show the best" and
the analysis of the same decision give the same play the same equity at the same plies. Equities
are normalized (per unit of cube, cubeful at the score), as the analysis reports them. Each
``*_steps`` function is a generator that yields between slices of a few milliseconds (one roll of a
lookahead) and returns its answer, for a page that must stay responsive.

>>> from core.match import Match
>>> hint = checker_hint(Match.new(0).opening_with(3, 1))
>>> hint.plays[0].notation, hint.plays[0].loss
('8/5 6/5', 0.0)
>>> best = hint.plays[0]
>>> 0.5 < best.probs[0] < 0.6 and best.plies == 1
True
>>> cube = cube_hint(Match.new(0).opening_with(3, 1).play("8/5 6/5"))
>>> cube.kind, cube.best
('double', 'No double')
>>> grade = action_cost(Match.new(0).opening_with(3, 1), Action("play", 0, steps=((24, 21), (6, 5))))
>>> grade.best, grade.loss > 0.08
('8/5 6/5', True)
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Literal

from .. import reasons
from ..action import Action
from ..bot.evaluator import drive, flip
from ..bot.score import ScoreConfig
from ..errors import IllegalActionError
from ..match import Match
from ..moves import Play
from ..position import Position
from .decision import DecisionEval, checker_eval_steps, cube_eval, cube_eval_steps
from .engine import CubeGrade, Engine
from .equity import Probs
from .walk import Situation

__all__ = [
    "ActionCost",
    "CheckerHint",
    "CubeHint",
    "RankedPlay",
    "action_cost",
    "action_cost_steps",
    "checker_hint",
    "checker_hint_steps",
    "cube_hint",
    "cube_hint_steps",
    "position_hint_steps",
]

CubeKind = Literal["double", "take"]


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play of a hint: ``equity`` for the mover (normalized), ``loss`` against the
    best (>= 0), ``probs`` the mover's chances after it (win, win gammon, win backgammon, lose
    gammon, lose backgammon), ``plies`` 1 when looked at one roll deeper (blended), else 0."""

    play: Play
    notation: str
    equity: float
    loss: float
    probs: Probs
    plies: int


@dataclass(frozen=True, slots=True)
class CheckerHint:
    """Every legal play of the roll, best first (the player on roll's view, the score's scale)."""

    dice: tuple[int, int]
    player: int
    plays: tuple[RankedPlay, ...]
    decision: DecisionEval | None = field(default=None, compare=False, repr=False)
    """The evaluation it is read from (the one the tutor and the analysis read)."""

    def find(self, play: Play) -> RankedPlay | None:
        """The entry for ``play`` (the same resulting position), if any."""
        return next((r for r in self.plays if r.play == play), None)


@dataclass(frozen=True, slots=True)
class CubeHint:
    """The cube actions for the player on roll (``kind="double"``, before rolling) or for the
    player doubled (``kind="take"``): ``no_double``, ``double_take``, ``double_pass`` from the
    doubler's side, per unit of cube; ``probs`` the deciding player's 1-ply chances (the taker's
    for a take); ``decision`` the options from the deciding player's side (for a take: take and
    pass, the taker's equities). ``best``: ``"Double"``/``"No double"`` or ``"Take"``/``"Pass"``;
    ``player``: who decides."""

    kind: CubeKind
    player: int
    no_double: float
    double_take: float
    double_pass: float
    probs: Probs
    decision: DecisionEval | None = field(default=None, compare=False, repr=False)

    @property
    def evaluation(self) -> DecisionEval:
        """The options from the deciding player's side (``decision``, or made from the equities).

        >>> hint = CubeHint("take", 1, 0.5, 0.9, 1.0, (0.3, 0.05, 0.0, 0.1, 0.0))
        >>> [(o.what, o.equity) for o in hint.evaluation.options], round(hint.evaluation.options[0].probs[0], 3)
        ([('Take', -0.9), ('Pass', -1.0)], 0.3)
        """
        if self.decision is not None:
            return self.decision
        doubler = self.probs if self.kind == "double" else flip(self.probs)
        return cube_eval(self.kind, self.player, self.grade, doubler)

    @property
    def grade(self) -> CubeGrade:
        """The three equities as the analysis grades them (one statement of the cube's logic)."""
        return CubeGrade(self.no_double, self.double_take, self.double_pass)

    @property
    def should_double(self) -> bool:
        """Doubling is worth more than not (whatever the answer)."""
        return self.grade.should_double

    @property
    def should_take(self) -> bool:
        """Taking loses less than passing."""
        return self.grade.should_take

    @property
    def best(self) -> str:
        if self.kind == "double":
            return "Double" if self.should_double else "No double"
        return "Take" if self.should_take else "Pass"

    def loss(self, action: str) -> float:
        """What ``action`` (``"double"``, ``"no double"``, ``"take"``, ``"pass"``) gives up, >= 0.

        >>> hint = CubeHint("take", 1, 0.5, 0.9, 1.0, (0.3, 0.05, 0.0, 0.1, 0.0))
        >>> round(hint.loss("take"), 3), round(hint.loss("pass"), 3)
        (0.0, 0.1)
        """
        return self.evaluation.loss(action)


@dataclass(frozen=True, slots=True)
class ActionCost:
    """What an action costs: ``loss`` (>= 0, normalized per unit of cube), the ``best`` action's
    words (notation, or ``"Double"``, ``"No double"``, ``"Take"``, ``"Pass"``), and the hint
    it comes from (a :class:`CheckerHint` for a play, a :class:`CubeHint` for a cube action)."""

    kind: Literal["move", "double", "take"]
    played: str
    best: str
    loss: float
    hint: CheckerHint | CubeHint


# -- chequer plays --------------------------------------------------------------------------------
def _situation_now(match: Match, player: int) -> Situation:
    return ScoreConfig.from_match(match, player)


def checker_hint_steps(
    match: Match, *, engine: Engine | None = None, include: Play | None = None
) -> Generator[None, None, CheckerHint]:
    """Rank every legal play of the roll in ``match`` (phase ``move``), in slices.

    ``include``: a play to look at as deeply as the best ones whatever its 0-ply rank (the
    play a player made, for :func:`action_cost_steps`). Raises
    :class:`~core.errors.IllegalActionError` outside a move.
    """
    game = match.game
    if game.phase != "move" or game.dice is None or game.turn is None:
        raise IllegalActionError(f"a hint for a play needs a roll to play (phase {game.phase!r})", reasons.NOT_NOW)
    situation = _situation_now(match, game.turn)
    hint = yield from position_hint_steps(
        game.position, game.dice, situation, player=game.turn, engine=engine, include=include
    )
    return hint


def position_hint_steps(
    position: Position,
    dice: tuple[int, int],
    situation: Situation | None = None,
    *,
    player: int = 0,
    engine: Engine | None = None,
    include: Play | None = None,
) -> Generator[None, None, CheckerHint]:
    """:func:`checker_hint_steps` for a position outside a match (a diagram, a quiz):
    ``position`` seen by the player on roll (``player``), ``situation`` the cube and score
    from that player's side (money play with a centred cube by default).

    >>> from core.position import Position
    >>> hint = drive(position_hint_steps(Position.initial(), (6, 5)))
    >>> hint.plays[0].notation
    '24/13'
    """
    engine = engine if engine is not None else Engine()
    ev = yield from checker_eval_steps(engine, position, dice, situation, player=player, include=include)
    plays = tuple(
        RankedPlay(o.play, o.what, o.equity, o.loss, o.probs, o.plies) for o in ev.options if o.play and o.probs
    )
    return CheckerHint(dice, player, plays, ev)


def checker_hint(match: Match, *, engine: Engine | None = None) -> CheckerHint:
    """:func:`checker_hint_steps` at once."""
    return drive(checker_hint_steps(match, engine=engine))


# -- cube actions -----------------------------------------------------------------------------------
def cube_hint_steps(match: Match, *, engine: Engine | None = None) -> Generator[None, None, CubeHint]:
    """The cube hint: before a roll when the player on roll may double (``"double"``), or for the
    player doubled (``"take"``: take and pass from the taker's side). Raises
    :class:`~core.errors.IllegalActionError` otherwise."""
    game = match.game
    engine = engine if engine is not None else Engine()
    if game.phase == "roll" and game.can_double() and game.turn is not None:
        kind: CubeKind = "double"
        doubler = decider = game.turn
    elif game.phase == "double" and game.turn is not None:
        kind, doubler, decider = "take", game.turn, 1 - game.turn
    else:
        raise IllegalActionError(f"no cube decision to hint now (phase {game.phase!r})", reasons.NOT_NOW)
    ev = yield from cube_eval_steps(engine, game.position, _situation_now(match, doubler), kind, decider)
    grade = ev.cube
    assert grade is not None
    first = ev.options[0].probs
    assert first is not None
    return CubeHint(kind, decider, grade.no_double, grade.double_take, grade.double_pass, first, ev)


def cube_hint(match: Match, *, engine: Engine | None = None) -> CubeHint:
    """:func:`cube_hint_steps` at once."""
    return drive(cube_hint_steps(match, engine=engine))


# -- the cost of an action (the tutor) ------------------------------------------------------------
def action_cost_steps(
    match: Match, action: Action, *, engine: Engine | None = None
) -> Generator[None, None, ActionCost | None]:
    """What ``action`` would cost if applied to ``match`` now: a play (``"play"`` with its
    steps), a double, a take, a beaver (judged as the take it includes) or a pass (``"drop"``).
    ``None`` for any other action, and for a play the roll forced (no choice).
    """
    game = match.game
    kind = action.kind
    if kind == "play":
        if game.phase != "move" or game.dice is None:
            return None
        play = _play_of(game.position, game.dice, action.steps)
        if play is None:
            return None
        hint = yield from checker_hint_steps(match, engine=engine, include=play)
        entry = hint.find(play)
        if len(hint.plays) < 2 or entry is None:
            return None
        return ActionCost("move", entry.notation, hint.plays[0].notation, entry.loss, hint)
    if kind == "double" or (kind == "roll" and game.phase == "roll" and game.can_double()):
        cube = yield from cube_hint_steps(match, engine=engine)
        said = "double" if kind == "double" else "no double"
        return ActionCost("double", said.capitalize(), cube.best, cube.loss(said), cube)
    if kind in ("take", "beaver", "drop") and game.phase == "double":
        cube = yield from cube_hint_steps(match, engine=engine)
        said = "pass" if kind == "drop" else "take"
        return ActionCost("take", said.capitalize(), cube.best, cube.loss(said), cube)
    return None


def action_cost(match: Match, action: Action, *, engine: Engine | None = None) -> ActionCost | None:
    """:func:`action_cost_steps` at once."""
    return drive(action_cost_steps(match, action, engine=engine))


def _play_of(position: Position, dice: tuple[int, int], steps: tuple[tuple[int, int], ...]) -> Play | None:
    """The legal play those steps make (by the position they leave), if any."""
    from ..turn import Turn

    try:
        turn = Turn.start(position, dice)
        for s, t in steps:
            turn = turn.step(s, t)
        return turn.play()
    except (IllegalActionError, ValueError):
        return None
