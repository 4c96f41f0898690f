"""A game's state and the questions about it: what the board, the buttons and the rules ask.

:class:`GameBase` holds the fields of a :class:`~core.game.Game` (board, dice,
cube, offers, result, history) and answers what may be done now; the
actions that change it are :class:`~core.game.Game`'s, in :mod:`core.game`.

>>> from core.game import Game
>>> game = Game.new().opening_with(3, 1)
>>> game.player_to_act, game.legal_actions()
(0, ('step', 'play', 'resign'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, NoReturn, Self

from . import reasons
from .action import RESIGN_KINDS, Action, GameResult, ResignOffer, ResultKind
from .dice import Dice
from .errors import IllegalActionError, InvalidStateError
from .limits import MAX_CUBE
from .moves import Play, Step
from .position import BAR, CHECKERS, Position
from .setup import Setup
from .turn import Turn

__all__ = ["GameBase", "Phase"]

Phase = Literal["opening", "roll", "move", "double", "resign", "over"]


@dataclass(frozen=True)
class GameBase:
    """A game's fields and questions; :class:`~core.game.Game` adds the actions and the constructors.

    * ``position``: the board at the start of the current turn, seen by ``turn``
      (by player 0 in the opening phase; by the winner once over);
      :attr:`current_position` adds the steps made so far.
    * ``turn``: the player on roll (``None`` before the opening roll); during a
      double or resignation offer it stays the offering player, and
      :attr:`player_to_act` names who must answer.
    * ``turn_in_progress``: the partly played :class:`~core.turn.Turn` in phase ``move``
      (and while a resignation offered mid-turn waits).
    * ``cube`` (1..64, the value before doubling while a double is offered),
      ``cube_owner`` (``None`` = centred), ``cube_available`` (False in a 1-point
      match and the Crawford game), ``jacoby`` (money play with the Jacoby rule),
      ``beavers`` (money play where a doubled player may beaver: see :meth:`can_beaver`).
    * ``resign_offer``; ``declined_level``: the highest offer declined this turn.
    * ``result`` once over; ``actions``: the history; ``setup``: how a game from
      :meth:`from_position` started (``None`` for a game from the opening roll).
    """

    position: Position
    turn: int | None
    phase: Phase
    dice: Dice | None = None
    turn_in_progress: Turn | None = None
    cube: int = 1
    cube_owner: int | None = None
    cube_available: bool = True
    jacoby: bool = False
    resign_offer: ResignOffer | None = None
    declined_level: int = 0
    result: GameResult | None = None
    actions: tuple[Action, ...] = ()
    setup: Setup | None = None
    beavers: bool = False

    # -- what the board and the buttons need -------------------------------
    @property
    def player_to_act(self) -> int | None:
        """Who acts now: the player on roll, the one answering an offer, ``None`` (opening, over)."""
        if self.phase in ("double", "resign"):
            assert self.turn is not None
            return 1 - self.turn
        if self.phase in ("roll", "move"):
            return self.turn
        return None

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.phase == "over"

    @property
    def current_position(self) -> Position:
        """The board now, with the steps of the turn in progress made (seen by ``turn``)."""
        if self.turn_in_progress is not None:
            return self.turn_in_progress.position
        return self.position

    def board_for(self, player: int) -> Position:
        """The board now as ``player`` sees it (``board_for(0)``: what the bottom player sees).

        >>> from core.game import Game
        >>> game = Game.from_position(Position.from_text("x 6:2 / o 24:1"), 1)
        >>> game.board_for(0)
        Position.from_text('x 24:1 / o 6:2')
        """
        viewer = 0 if self.turn is None else self.turn
        board = self.current_position
        return board if player == viewer else board.swapped()

    def pip_counts(self) -> tuple[int, int]:
        """Pip counts of player 0 and player 1, steps made so far included.

        >>> from core.game import Game
        >>> Game.new().pip_counts()
        (167, 167)
        """
        return self.board_for(0).pip_count()

    def legal_plays(self) -> tuple[Play, ...]:
        """The legal plays of the roll to be played (empty outside phase ``move`` or when none)."""
        if self.phase != "move" or self.turn_in_progress is None:
            return ()
        plan = self.turn_in_progress.plan
        assert plan is not None
        return plan.plays

    def can_double(self) -> bool:
        """True when the player on roll may double now."""
        return (
            self.phase == "roll"
            and self.cube_available
            and self.cube_owner in (None, self.turn)
            and self.cube < MAX_CUBE
        )

    def can_beaver(self) -> bool:
        """True when the doubled player may beaver: take and at once redouble, keeping the cube.

        Money play with beavers only (:attr:`beavers`), and the cube may reach twice the
        offered value (at most :data:`~core.limits.MAX_CUBE`). The doubler may not refuse a
        beaver (raccoons are not supported).
        """
        return self.phase == "double" and self.beavers and self.cube * 4 <= MAX_CUBE

    def legal_actions(self) -> tuple[str, ...]:
        """The names of the methods allowed now (``step`` means ``step`` and ``auto_step``).

        >>> from core.game import Game
        >>> Game.new().legal_actions()
        ('opening',)
        """
        if self.phase == "opening":
            return ("opening",)
        if self.phase == "roll":
            return ("roll", "double", "resign") if self.can_double() else ("roll", "resign")
        if self.phase == "double":
            return ("take", "beaver", "drop") if self.can_beaver() else ("take", "drop")
        if self.phase == "resign":
            return ("accept", "decline")
        if self.phase == "move":
            turn = self.turn_in_progress
            assert turn is not None
            if turn.legal_play_count == 0:
                return ("pass_turn", "confirm", "play", "resign")
            names: list[str] = []
            if not turn.is_complete:
                names.append("step")
            if turn.steps:
                names.append("undo")
            if turn.is_complete:
                names.append("confirm")
            names += ["play", "resign"]
            return tuple(names)
        return ()

    def resign_levels(self, player: int | None = None) -> tuple[int, ...]:
        """The resignation levels that may be offered now (by ``player`` when given), lowest first.

        Only the player on roll may resign, before or while moving; after a
        declined offer only a higher one may follow in the same turn.

        >>> from core.game import Game
        >>> game = Game.new().opening_with(3, 1)
        >>> game.resign_levels(), game.resign(1).decline().resign_levels(), game.resign_levels(1)
        ((1, 2, 3), (2, 3), ())
        """
        if self.phase not in ("roll", "move") or (player is not None and player != self.turn):
            return ()
        return tuple(level for level in RESIGN_KINDS if level > self.declined_level)

    # -- checks ----------------------------------------------------------------
    def _refuse(self, what: str, reason: str, why: str = "") -> NoReturn:
        where = f"phase {self.phase}"
        if self.turn is not None:
            where += f", player {self.turn} on roll"
        raise IllegalActionError(f"{what} refused: {why or reasons.describe(reason)} ({where})", reason)

    def _check(self, what: str, phases: tuple[Phase, ...], by: int | None, actor: int | None) -> None:
        """Refuse ``what`` unless in one of ``phases`` and (when ``by`` is given) done by ``actor``."""
        if self.phase not in phases:
            if self.phase == "over":
                self._refuse(what, reasons.GAME_OVER)
            if phases in (("double",), ("resign",)):
                self._refuse(what, reasons.NO_OFFER)
            if self.phase in ("double", "resign"):
                self._refuse(what, reasons.OFFER_PENDING)
            if phases == ("move",):
                self._refuse(what, reasons.MUST_ROLL)
            if self.phase == "move" and "roll" in phases:
                self._refuse(what, reasons.ALREADY_ROLLED)
            self._refuse(what, reasons.NOT_NOW)
        if by is not None and by != actor:
            self._refuse(f"{what} by player {by}", reasons.NOT_YOUR_TURN, f"it is player {actor}'s move")

    def _mover(self) -> int:
        assert self.turn is not None
        return self.turn

    def _turn(self) -> Turn:
        assert self.turn_in_progress is not None
        return self.turn_in_progress

    def _evolve(self, **changes: Any) -> Self:
        """A copy with ``changes``: a faster :func:`dataclasses.replace` (nothing to re-validate)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def __repr__(self) -> str:
        dice = "" if self.dice is None else f" dice={self.dice[0]}{self.dice[1]}"
        owner = "centred" if self.cube_owner is None else f"player {self.cube_owner}"
        return (
            f"<Game {self.phase} turn={self.turn}{dice} cube={self.cube} ({owner}) "
            f"position={self.position.to_id()} actions={len(self.actions)}>"
        )


# -- helpers of core.game ----------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bear_off_result(winner: int, loser_side: tuple[int, ...]) -> ResultKind:
    """Single, gammon or backgammon, from the loser's checkers (loser's numbering)."""
    if sum(loser_side) < CHECKERS:
        return "single"
    if loser_side[BAR] or any(loser_side[18:24]):
        return "backgammon"
    return "gammon"


def _as_steps(steps: object) -> tuple[Step, ...] | None:
    """``steps`` as a tuple of (from, to) int pairs, or None when it is not one."""
    if not isinstance(steps, Sequence):
        return None
    out: list[Step] = []
    for item in steps:
        if not isinstance(item, Sequence) or len(item) != 2:
            return None
        s, t = item
        if not (_is_int(s) and _is_int(t) and 0 <= s <= 25 and 0 <= t <= 25):
            return None
        out.append((s, t))
    return tuple(out)


def _not_a_setup(value: object) -> NoReturn:
    raise InvalidStateError(f"set-up: {value!r} is not a Setup")
