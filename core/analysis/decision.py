"""One evaluation of a decision, shared by the hint, the tutor, "Show the best" and the analysis.

A :class:`DecisionEval` prices every option of one decision from the deciding player's side:

* a chequer play (``kind="move"``): every legal play at 0-ply, the best few (``Depth.candidates``
  within ``Depth.margin`` at 0-ply) and any play asked for (the play made) looked at one roll
  deeper and valued as the blend of their 0-ply and 1-ply values (:class:`~.engine.Depth`); each
  option says at how many plies it is priced (``plies``). The options in order of value, each at
  the deepest it was priced at (#59), so the equities read in order down the list; a play whose
  0-ply value beats the best deeper value is looked at deeper too, so the best is a deep play;
* a cube decision before the roll (``kind="double"``, the player on roll decides): no double,
  double/take, double/pass, from the doubler's side;
* the answer to a double (``kind="take"``, the player doubled decides): take and pass from the
  *taker's* side, with the taker's chances.

The value of a play priced deeper depends only on the position, the roll, the cube and score and
the blend, never on who asks or on which other plays were looked at, and the :class:`~.engine.Engine`
keeps the evaluation of each decision (:func:`checker_eval_steps`): a play asked for later (the
tutor pricing the play made after a hint) is added to the same evaluation. So the same play at the
same position is given the same equity and loss by every part of the coach, at the plies it states.

>>> from core.position import Position
>>> from .engine import Engine
>>> from ..bot.evaluator import drive
>>> engine = Engine()
>>> ev = drive(checker_eval_steps(engine, Position.initial(), (3, 1)))
>>> ev.best.what, ev.best.loss, ev.best.plies
('8/5 6/5', 0.0, 1)
>>> again = drive(checker_eval_steps(engine, Position.initial(), (3, 1)))
>>> again.options == ev.options
True
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ..bot.evaluator import flip
from ..moves import Play, legal_plays
from ..notation import format_play
from ..position import Position
from ..turn import Turn
from .equity import Probs, Scale
from .grades import CheckerGrade, CubeGrade
from .walk import Moment, Situation

if TYPE_CHECKING:
    from .engine import Engine

__all__ = [
    "CUBE_DOUBLE",
    "CUBE_TAKE",
    "DecisionEval",
    "DecisionKind",
    "Option",
    "checker_eval_steps",
    "cube_eval",
    "cube_eval_steps",
]

DecisionKind = Literal["move", "double", "take"]

CUBE_DOUBLE = ("No double", "Double, take", "Double, pass")
"""The options of a decision to double, in their usual order (the doubler's side)."""

CUBE_TAKE = ("Take", "Pass")
"""The options of the answer to a double (the taker's side)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a decision: ``what`` (a play's notation, or one of :data:`CUBE_DOUBLE`,
    :data:`CUBE_TAKE`), its ``equity`` for the deciding player (normalized, per unit of cube),
    its ``loss`` against the best (>= 0), the ``plies`` it is priced at (a play: 0, or 1 for the
    blend of 0 and 1; a cube action: 1 one roll ahead, 2 two rolls ahead), the deciding player's
    chances (``probs``: after the play; before the roll for a cube action, on the first option
    only) and the ``play`` itself for a chequer play."""

    what: str
    equity: float
    loss: float
    plies: int
    probs: Probs | None = None
    play: Play | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class DecisionEval:
    """Every option of one decision (see the module docstring): ``player`` decides; ``best`` is
    the option to take; ``options`` best first for a play, in their usual order for the cube
    (:data:`CUBE_DOUBLE`, :data:`CUBE_TAKE`); ``cube``: the three cube equities from the
    doubler's side (cube decisions only)."""

    kind: DecisionKind
    player: int
    options: tuple[Option, ...]
    best_what: str
    dice: tuple[int, int] | None = None
    cube: CubeGrade | None = None

    @property
    def best(self) -> Option:
        """The best option (for a double, the row of the double's proper answer when doubling)."""
        found = self.find(self.best_what)
        assert found is not None
        return found

    @property
    def best_action(self) -> str:
        """The best action in the core's words: a notation, ``"Double"``/``"No double"``,
        ``"Take"``/``"Pass"``."""
        if self.kind == "double":
            return "No double" if self.best_what == "No double" else "Double"
        return self.best_what

    def find(self, what: str) -> Option | None:
        """The option named ``what``, if any."""
        return next((o for o in self.options if o.what == what), None)

    def find_play(self, play: Play) -> Option | None:
        """The option of ``play`` (the same resulting position), if any."""
        return next((o for o in self.options if o.play == play), None)

    def loss(self, action: str) -> float:
        """What ``action`` gives up, >= 0: a play's notation, or ``"double"``, ``"no double"``,
        ``"take"``, ``"pass"`` (any case)."""
        said = action.lower()
        if self.kind == "double":
            grade = self.cube
            assert grade is not None
            doubled = min(grade.double_take, grade.double_pass)
            return max(0.0, grade.best_for_doubler - (doubled if said == "double" else grade.no_double))
        option = self.find(("Take" if said == "take" else "Pass") if self.kind == "take" else action)
        if option is None:
            raise KeyError(f"no option {action!r} in this decision")
        return option.loss


# -- chequer plays --------------------------------------------------------------------------------
@dataclass(slots=True)
class _Plays:
    """What the engine keeps of a chequer decision: the plays, their 0-ply values and chances,
    and the deeper values of those looked at deeper."""

    plays: tuple[Play, ...]
    shallow: list[float]
    probs: list[Probs]
    deep: dict[int, float]
    deep_probs: dict[int, Probs]


def checker_eval_steps(
    engine: Engine,
    position: Position,
    dice: tuple[int, int],
    situation: Situation | None = None,
    *,
    player: int = 0,
    include: Play | None = None,
) -> Generator[None, None, DecisionEval]:
    """The evaluation of the play of ``dice`` in ``position`` (seen by the player on roll,
    ``player``; ``situation`` the cube and score from that side, money with a centred cube by
    default), in slices (yields after each roll looked at). ``include``: a play to price deeper
    whatever its 0-ply rank. Kept in ``engine``: asking again adds to the same evaluation."""
    situation = situation if situation is not None else Situation()
    key = (position, (max(dice), min(dice)), situation)
    state: _Plays | None = engine.decisions.get(key)
    opp = Scale(situation.swapped())
    depth = engine.depth
    todo: list[int] = []
    if state is None:
        plays = legal_plays(position, dice)
        after = engine.evaluator.evaluate_many([p.result.swapped() for p in plays])  # opponent on roll
        state = _Plays(plays, [-opp.cubeful(p) for p in after], [flip(p) for p in after], {}, {})
        if len(plays) > 1:
            order = sorted(range(len(plays)), key=lambda i: -state.shallow[i])
            best0 = state.shallow[order[0]]
            todo = [i for i in order[: depth.candidates] if state.shallow[i] >= best0 - depth.margin]
        if len(engine.decisions) > 5000:
            engine.decisions.clear()
        engine.decisions[key] = state
    if include is not None and len(state.plays) > 1:
        extra = next((i for i, p in enumerate(state.plays) if p == include), None)
        if extra is not None and extra not in state.deep and extra not in todo:
            todo.append(extra)
    b = depth.blend
    while todo:
        for i in todo:
            table = yield from engine.roll_table_steps(state.plays[i].result.swapped(), opp)
            avg = engine.average(table)  # the opponent's 1-ply chances
            state.deep[i] = (1.0 - b) * -opp.cubeful(avg) + b * state.shallow[i]
            one, zero = flip(avg), state.probs[i]
            state.deep_probs[i] = (
                (1.0 - b) * one[0] + b * zero[0],
                (1.0 - b) * one[1] + b * zero[1],
                (1.0 - b) * one[2] + b * zero[2],
                (1.0 - b) * one[3] + b * zero[3],
                (1.0 - b) * one[4] + b * zero[4],
            )
        todo = _closing(state)
    return _checker_eval(state, player, (max(dice), min(dice)))


def _closing(state: _Plays) -> list[int]:
    """The plays to look at deeper before the ranking (#59): a play priced at 0-ply alone whose value
    beats the best deeper-priced one is looked at deeper too (best first), so that the best is
    always a play looked at one roll deeper."""
    if not state.deep:
        return []
    top = max(state.deep.values())
    above = sorted((i for i in range(len(state.plays)) if i not in state.deep and state.shallow[i] > top),
                   key=lambda i: -state.shallow[i])  # fmt: skip
    return above[:1]


def _checker_eval(state: _Plays, player: int, dice: tuple[int, int]) -> DecisionEval:
    plays = state.plays
    if not plays:
        return DecisionEval("move", player, (), "", dice)

    # each play by its best evaluation (#59): the equities read in order down the list, whatever
    # depth each is priced at (a tie goes to the deeper); the best is a deeper one (_closing)
    def value_of(i: int) -> float:
        return state.deep[i] if i in state.deep else state.shallow[i]

    ranked = sorted(range(len(plays)), key=lambda i: (-value_of(i), i not in state.deep))
    best = value_of(ranked[0])
    options = []
    for i in ranked:
        deep = i in state.deep
        value = state.deep[i] if deep else state.shallow[i]
        probs = state.deep_probs[i] if deep else state.probs[i]
        options.append(Option(format_play(plays[i]), value, max(0.0, best - value), int(deep), probs, plays[i]))
    return DecisionEval("move", player, tuple(options), options[0].what, dice)


# -- cube actions -----------------------------------------------------------------------------------
def cube_eval_steps(
    engine: Engine, position: Position, situation: Situation, kind: Literal["double", "take"], player: int
) -> Generator[None, None, DecisionEval]:
    """The evaluation of a cube decision: ``position`` and ``situation`` seen by the player on
    roll (the doubler); ``kind`` ``"double"`` (``player``, on roll, may double) or ``"take"``
    (``player``, doubled, takes or passes: the options from the taker's side)."""
    scale = Scale(situation)
    table = yield from engine.roll_table_steps(position, scale)
    probs = engine.average(table)  # the doubler's 1-ply chances
    nd, dt, dp, plies = yield from engine.cube_plies_steps(position, scale, table)
    return cube_eval(kind, player, CubeGrade(nd, dt, dp), probs, plies)


def cube_eval(
    kind: Literal["double", "take"], player: int, grade: CubeGrade, probs: Probs, plies: int = 1
) -> DecisionEval:
    """The options of a cube decision from its equities (``grade``, the doubler's side) and the
    doubler's chances ``probs``: from the deciding player's side (for a take, the taker's).

    >>> ev = cube_eval("take", 1, CubeGrade(0.5, 0.9, 1.0), (0.7, 0.1, 0.0, 0.05, 0.0))
    >>> [(o.what, o.equity, round(o.loss, 3)) for o in ev.options], ev.best_action, round(ev.options[0].probs[0], 3)
    ([('Take', -0.9, 0.0), ('Pass', -1.0, 0.1)], 'Take', 0.3)
    """
    nd, dt, dp = grade.no_double, grade.double_take, grade.double_pass
    if kind == "double":
        best = grade.best_for_doubler
        doubled = min(dt, dp)
        options = (
            Option(CUBE_DOUBLE[0], nd, max(0.0, best - nd), plies, probs),
            Option(CUBE_DOUBLE[1], dt, max(0.0, best - doubled), plies),
            Option(CUBE_DOUBLE[2], dp, max(0.0, best - doubled), plies),
        )
        if not grade.should_double:
            best_what = CUBE_DOUBLE[0]
        else:
            best_what = CUBE_DOUBLE[1] if grade.should_take else CUBE_DOUBLE[2]
        return DecisionEval("double", player, options, best_what, cube=grade)
    take, drop = -dt, -dp
    top = max(take, drop)
    answers = (
        Option(CUBE_TAKE[0], take, max(0.0, top - take), plies, flip(probs)),
        Option(CUBE_TAKE[1], drop, max(0.0, top - drop), plies),
    )
    return DecisionEval("take", player, answers, "Take" if grade.should_take else "Pass", cube=grade)


def checker_grade_steps(engine: Engine, moment: Moment) -> Generator[None, None, CheckerGrade | None]:
    """Grade the play of ``moment`` (a ``"move"``); ``None`` when the roll left no choice.

    The play made is priced as deeply as the best ones (:func:`checker_eval_steps`, the
    evaluation the hints share)."""
    assert moment.dice is not None
    position = moment.position
    plays = legal_plays(position, moment.dice)
    if len(plays) < 2:
        return None
    played = plays[_find_play(position, moment.dice, moment.steps, plays)]
    ev = yield from checker_eval_steps(
        engine, position, moment.dice, moment.situation, player=moment.player, include=played
    )
    mine = ev.find_play(played)
    assert mine is not None
    best = ev.best
    return CheckerGrade(
        played=mine.what,
        best=best.what,
        loss=mine.loss,
        played_equity=mine.equity,
        best_equity=best.equity,
        ranked=tuple((o.what, o.equity, o.plies) for o in ev.options),
        legal=len(plays),
        evaluation=ev,
    )


def _find_play(
    position: Position, dice: tuple[int, int], steps: tuple[tuple[int, int], ...], plays: tuple[Play, ...]
) -> int:
    for i, play in enumerate(plays):
        if play.steps == steps:
            return i
    turn = Turn.start(position, dice)
    for s, t in steps:
        turn = turn.step(s, t)
    key = turn.play().key
    return next(i for i, play in enumerate(plays) if play.key == key)
