"""One game of backgammon as a state machine of immutable values.

Every action returns a new :class:`Game` or raises
:class:`~core.errors.IllegalActionError` whose ``reason`` (see
:mod:`core.reasons`) says which rule forbids it. Players are absolute:
``0`` is drawn at the bottom, ``1`` at the top. ``position`` is always seen
by the player whose turn it is (``turn``); :meth:`Game.board_for` turns it
for either player.

Phases and the actions that leave them::

    opening --opening--> move              (the higher die plays both numbers)
    roll    --roll-----> move
    roll    --double---> double            (before rolling, cube centred or owned)
    double  --take-----> roll              (cube x2, owned by the taker; the doubler rolls)
    double  --drop-----> over              (the doubler wins the cube before doubling)
    move    --step / auto_step / undo / undo_all--> move
    move    --confirm / play / pass_turn--> roll (the other player) or over (all borne off)
    roll, move --resign--> resign          (by either player; a backgammon resignation is accepted at once)
    resign  --accept---> over
    resign  --decline--> roll or move      (only a higher offer may follow this turn)

>>> game = Game.new().opening_with(3, 1)
>>> game.phase, game.turn, game.dice
('move', 0, (3, 1))
>>> game = game.step(8, 5).step(6, 5).confirm()
>>> game.phase, game.turn, game.legal_actions()
('roll', 1, ('roll', 'double', 'resign'))
>>> game = game.double()
>>> game.player_to_act, game.legal_actions()
(0, ('take', 'drop'))
>>> game.drop().result
GameResult(winner=1, points=1, kind='single', how='pass')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, NoReturn, Self

from . import reasons
from .action import RESIGN_KINDS, Action, ActionKind, GameResult, ResignOffer, ResultKind, WinHow
from .dice import Dice, OpeningRoll, Rng, check_dice, opening_roll, roll
from .errors import BackgammonError, IllegalActionError, IllegalPlayError, InvalidStateError
from .limits import MAX_CUBE
from .moves import Play, Step
from .notation import parse_play
from .position import BAR, CHECKERS, Position
from .setup import Setup
from .turn import Turn

__all__ = [
    "MAX_CUBE",
    "RESIGN_KINDS",
    "Action",
    "ActionKind",
    "Game",
    "GameResult",
    "Phase",
    "ResignOffer",
    "ResultKind",
    "Setup",
    "WinHow",
]

Phase = Literal["opening", "roll", "move", "double", "resign", "over"]

_MULTIPLIER: dict[ResultKind, int] = {"single": 1, "gammon": 2, "backgammon": 3}


@dataclass(frozen=True)
class Game:
    """One game: board, dice, cube, offers, result and history, the questions about what is
    allowed now, and the actions that change it. Build with :meth:`new`, :meth:`from_position`
    or :meth:`from_setup`.

    * ``position``: the board at the start of the current turn, seen by ``turn``
      (by player 0 in the opening phase; by the winner once over);
      :attr:`current_position` adds the steps made so far.
    * ``turn``: the player on roll (``None`` before the opening roll); during a
      double offer it stays the doubler, during a resignation offer the player on roll
      (the offer's ``by`` may be either player), and :attr:`player_to_act` names who must answer.
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
        if self.phase == "resign":
            assert self.resign_offer is not None
            return 1 - self.resign_offer.by
        if self.phase == "double":
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

        Either player may offer to resign while a turn is on (before its roll or during its move),
        on his turn or on the other's, as GNU Backgammon, FIBS and Backgammon Galaxy allow; after a
        declined offer only a higher one may follow in the same turn.

        >>> from core.game import Game
        >>> game = Game.new().opening_with(3, 1)
        >>> game.resign_levels(), game.resign(1).decline().resign_levels(), game.resign_levels(1)
        ((1, 2, 3), (2, 3), (1, 2, 3))
        """
        if self.phase not in ("roll", "move") or (player is not None and player not in (0, 1)):
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

    # -- construction ------------------------------------------------------
    @classmethod
    def new(cls, *, cube_available: bool = True, jacoby: bool = False, beavers: bool = False) -> Game:
        """A game in the starting position, waiting for the opening roll.

        >>> Game.new().phase
        'opening'
        """
        return cls(Position.initial(), None, "opening", cube_available=cube_available, jacoby=jacoby, beavers=beavers)

    @classmethod
    def from_position(
        cls,
        position: Position,
        turn: int,
        dice: Sequence[int] | None = None,
        *,
        cube: int = 1,
        cube_owner: int | None = None,
        cube_available: bool = True,
        jacoby: bool = False,
        double_offered: bool = False,
        resignation: int = 0,
    ) -> Game:
        """A game set up at ``position`` (seen by ``turn``), e.g. from a gnubg ID or an XGID.

        With ``dice`` the player on roll is to move; with ``double_offered`` the
        other player must answer a double (cube value before doubling); with
        ``resignation`` (1..3) the other player must answer that offer.
        Raises :class:`~core.errors.InvalidStateError` for a set-up no game can reach.

        >>> game = Game.from_position(Position.from_text("x 6:2 / o 24:1"), 1, (6, 6))
        >>> game.phase, game.turn, game.play("6/off(2)").result
        ('move', 1, GameResult(winner=1, points=1, kind='single', how='bear-off'))
        """
        dice_pair: Any = dice  # checked by Setup.checked
        setup = Setup(position, turn, dice_pair, cube, cube_owner, double_offered, resignation)
        return cls.from_setup(setup, cube_available=cube_available, jacoby=jacoby)

    @classmethod
    def from_setup(
        cls, setup: Setup, *, cube_available: bool = True, jacoby: bool = False, beavers: bool = False
    ) -> Game:
        """The game a :class:`~core.setup.Setup` describes: the one way a set-up game is built.

        Raises :class:`~core.errors.InvalidStateError` for a set-up no game can reach.

        >>> game = Game.from_setup(Setup(Position.from_text("x 6:2 / o 24:1"), 1, (6, 6)))
        >>> game.phase, game.turn, game.setup == Setup(Position.from_text("x 6:2 / o 24:1"), 1, (6, 6))
        ('move', 1, True)
        """
        setup = setup.checked(cube_available=cube_available) if isinstance(setup, Setup) else _not_a_setup(setup)
        position, turn, rolled = setup.position, setup.turn, setup.dice
        game = cls(
            position,
            turn,
            "roll",
            cube=setup.cube,
            cube_owner=setup.cube_owner,
            cube_available=cube_available,
            jacoby=jacoby,
            setup=setup,
            beavers=beavers,
        )
        if rolled is not None:
            game = game._evolve(phase="move", dice=rolled, turn_in_progress=Turn.start(position, rolled))
        if setup.double_offered:
            if not game.can_double():
                raise InvalidStateError(
                    f"set-up: player {turn} may not double (cube {setup.cube}, owner {setup.cube_owner})"
                )
            game = game._evolve(phase="double")
        if setup.resignation:
            game = game._evolve(phase="resign", resign_offer=ResignOffer(setup.resignation, turn))
        return game

    # -- the opening and the dice ---------------------------------------------
    def opening(self, rng: Rng) -> Game:
        """Roll the opening: one die each, ties rolled again; the higher die plays both numbers."""
        self._check("opening roll", ("opening",), None, None)
        return self._open(opening_roll(rng))

    def opening_with(self, die0: int, die1: int, *, ties: Sequence[int] = ()) -> Game:
        """The opening with given dice: ``die0`` for player 0, ``die1`` for player 1 (they must differ).

        >>> Game.new().opening_with(2, 6).turn
        1
        """
        self._check("opening roll", ("opening",), None, None)
        try:
            opening = OpeningRoll(check_dice((die0, die1)), tuple(ties))
        except BackgammonError as exc:
            self._refuse(f"opening roll {die0!r}-{die1!r}", reasons.INVALID_DICE, str(exc))
        return self._open(opening)

    def _open(self, opening: OpeningRoll) -> Game:
        first = opening.first
        position = self.position if first == 0 else self.position.swapped()
        dice = opening.roll
        action = Action("opening", first, dice=opening.dice, ties=opening.ties)
        return self._evolve(
            position=position,
            turn=first,
            phase="move",
            dice=dice,
            turn_in_progress=Turn.start(position, dice),
            actions=self.actions + (action,),
        )

    def roll(self, rng: Rng, *, by: int | None = None) -> Game:
        """Roll the dice (player on roll, before moving)."""
        self._check("roll", ("roll",), by, self.turn)
        return self._rolled(roll(rng))

    def roll_with(self, dice: Sequence[int], *, by: int | None = None) -> Game:
        """Roll given dice (for replays, tests and set-ups).

        >>> Game.new().opening_with(3, 1).roll_with((6, 6)).turn
        Traceback (most recent call last):
        ...
        core.errors.IllegalActionError: roll refused: you may only do that before rolling (phase move, player 0 on roll)
        """
        self._check("roll", ("roll",), by, self.turn)
        try:
            rolled = check_dice(dice)
        except BackgammonError as exc:
            self._refuse(f"roll {dice!r}", reasons.INVALID_DICE, str(exc))
        return self._rolled(rolled)

    def _rolled(self, dice: Dice) -> Game:
        mover = self._mover()
        return self._evolve(
            phase="move",
            dice=dice,
            turn_in_progress=Turn.start(self.position, dice),
            actions=self.actions + (Action("roll", mover, dice=dice),),
        )

    # -- the cube ----------------------------------------------------------------
    def double(self, *, by: int | None = None) -> Game:
        """Offer the cube at twice its value (before rolling; cube available and centred or owned)."""
        self._check("double", ("roll",), by, self.turn)
        mover = self._mover()
        if not self.cube_available:
            self._refuse(f"double by player {mover}", reasons.CUBE_UNAVAILABLE)
        if self.cube_owner not in (None, mover):
            self._refuse(f"double by player {mover}", reasons.CUBE_NOT_YOURS, f"player {self.cube_owner} owns the cube")
        if self.cube >= MAX_CUBE:
            self._refuse(f"double by player {mover}", reasons.CUBE_AT_MAX)
        return self._evolve(phase="double", actions=self.actions + (Action("double", mover),))

    def take(self, *, by: int | None = None) -> Game:
        """Accept the double: the cube doubles and the taker owns it; the doubler rolls."""
        taker = 1 - self._mover() if self.turn is not None else None
        self._check("take", ("double",), by, taker)
        assert taker is not None
        return self._evolve(
            phase="roll", cube=self.cube * 2, cube_owner=taker, actions=self.actions + (Action("take", taker),)
        )

    def beaver(self, *, by: int | None = None) -> Game:
        """Take and at once redouble (money play with beavers): the cube goes to twice the
        offered value, owned by the beaverer, and the doubler rolls (no raccoons: see :meth:`can_beaver`).

        >>> game = Game.new(beavers=True).opening_with(3, 1).play("8/5 6/5").double().beaver()
        >>> game.cube, game.cube_owner, game.phase, game.turn
        (4, 0, 'roll', 1)
        """
        taker = 1 - self._mover() if self.turn is not None else None
        self._check("beaver", ("double",), by, taker)
        assert taker is not None
        if not self.beavers:
            self._refuse(f"beaver by player {taker}", reasons.NO_BEAVERS)
        if self.cube * 4 > MAX_CUBE:
            self._refuse(f"beaver by player {taker}", reasons.CUBE_AT_MAX)
        action = Action("beaver", taker)
        return self._evolve(phase="roll", cube=self.cube * 4, cube_owner=taker, actions=self.actions + (action,))

    def drop(self, *, by: int | None = None) -> Game:
        """Refuse the double (pass): the doubler wins the cube's value before doubling."""
        dropper = 1 - self._mover() if self.turn is not None else None
        self._check("drop", ("double",), by, dropper)
        assert dropper is not None
        result = GameResult(1 - dropper, self.cube, "single", "pass")
        return self._evolve(phase="over", result=result, actions=self.actions + (Action("drop", dropper),))

    # -- moving --------------------------------------------------------------------
    def step(self, from_point: int, to_point: int, *, by: int | None = None) -> Game:
        """Move one checker (mover's numbering: 25 = bar, 0 = off); the turn stays open until :meth:`confirm`."""
        self._check(f"step {from_point}/{to_point}", ("move",), by, self.turn)
        try:
            return self._evolve(turn_in_progress=self._turn().step(from_point, to_point))
        except IllegalPlayError as exc:
            raise IllegalActionError(str(exc), exc.reason) from None

    def move(self, from_point: int, to_point: int, *, by: int | None = None) -> Game:
        """Move one checker by one die or by the sum of several (see :meth:`Turn.move`): a step each."""
        self._check(f"move {from_point}/{to_point}", ("move",), by, self.turn)
        try:
            return self._evolve(turn_in_progress=self._turn().move(from_point, to_point))
        except IllegalPlayError as exc:
            raise IllegalActionError(str(exc), exc.reason) from None

    def auto_step(self, from_point: int, *, by: int | None = None) -> Game:
        """Move the checker on ``from_point`` by the higher usable die (the other if only that works)."""
        self._check(f"step from {from_point}", ("move",), by, self.turn)
        try:
            return self._evolve(turn_in_progress=self._turn().auto_step(from_point))
        except IllegalPlayError as exc:
            raise IllegalActionError(str(exc), exc.reason) from None

    def undo(self, *, by: int | None = None) -> Game:
        """Take back the last step of the turn."""
        self._check("undo", ("move",), by, self.turn)
        if not self._turn().steps:
            self._refuse("undo", reasons.NOT_NOW, "no step to take back")
        return self._evolve(turn_in_progress=self._turn().undo())

    def undo_all(self, *, by: int | None = None) -> Game:
        """Take back every step of the turn."""
        self._check("undo", ("move",), by, self.turn)
        if not self._turn().steps:
            self._refuse("undo", reasons.NOT_NOW, "no step to take back")
        return self._evolve(turn_in_progress=self._turn().undo_all())

    def confirm(self, *, by: int | None = None) -> Game:
        """End the turn once its steps form a whole legal play (or at once when the roll has no play)."""
        self._check("confirm", ("move",), by, self.turn)
        turn = self._turn()
        if turn.legal_play_count == 0:
            return self._played(())
        if not turn.is_complete:
            self._refuse("confirm", reasons.TURN_NOT_COMPLETE, f"{reasons.describe(turn.unfinished_reason())}")
        return self._played(turn.play())

    def pass_turn(self, *, by: int | None = None) -> Game:
        """End a turn whose roll has no legal play."""
        self._check("pass", ("move",), by, self.turn)
        if self._turn().legal_play_count:
            self._refuse("pass", reasons.MUST_PLAY)
        return self._played(())

    no_play = pass_turn

    def play(self, play: Play | str | Sequence[Step], *, by: int | None = None) -> Game:
        """Play a whole roll at once: a :class:`~core.moves.Play`, notation (``"8/5 6/5"``) or steps.

        Steps made with :meth:`step` are replaced. ``()`` ends a roll that has no
        legal play. Notation that is not notation or is ambiguous raises
        :class:`~core.errors.InvalidNotationError` / :class:`~core.errors.AmbiguousPlayError`.

        >>> Game.new().opening_with(3, 1).play("8/5 6/5").turn
        1
        """
        self._check("play", ("move",), by, self.turn)
        turn = self._turn()
        plan = turn.plan
        assert plan is not None
        if isinstance(play, Play):
            if play.position != turn.start_position or play.key not in plan.keys:
                self._refuse(f"play {play!r}", reasons.ILLEGAL_PLAY)
            return self._played(play)
        if isinstance(play, str):
            try:
                return self._played(parse_play(turn.start_position, turn.dice, play))
            except IllegalPlayError as exc:
                raise IllegalActionError(str(exc), exc.reason) from None
        steps = _as_steps(play)
        if steps is None:
            self._refuse(f"play {play!r}", reasons.ILLEGAL_PLAY, "steps are (from, to) pairs of points 0..25")
        if not steps:
            if plan.plays:
                self._refuse("play of no move", reasons.MUST_PLAY)
            return self._played(())
        for candidate in plan.plays:
            if candidate.steps == steps:
                return self._played(candidate)
        walk = turn.undo_all()
        try:
            for s, t in steps:
                walk = walk.step(s, t)
        except IllegalPlayError as exc:
            raise IllegalActionError(f"play {steps}: {exc}", exc.reason) from None
        if not walk.is_complete:
            self._refuse(f"play {steps}", walk.unfinished_reason())
        return self._played(walk.play())

    def _played(self, play: Play | tuple[()]) -> Game:
        mover = self._mover()
        if isinstance(play, Play):
            steps, after = play.steps, play.result
            hits = tuple(t for (_, t), hit in zip(steps, play.step_hits) if hit)
        else:
            steps, after, hits = (), self.position, ()
        actions = self.actions + (Action("play", mover, steps=steps, hits=hits),)
        if not any(after.player):
            kind = _bear_off_result(mover, after.opponent)
            result = GameResult(mover, self._points(kind), kind, "bear-off")
            return self._evolve(
                position=after,
                phase="over",
                dice=None,
                turn_in_progress=None,
                result=result,
                actions=actions,
                resign_offer=None,
            )
        return self._evolve(
            position=after.swapped(),
            turn=1 - mover,
            phase="roll",
            dice=None,
            turn_in_progress=None,
            declined_level=0,
            actions=actions,
        )

    def _points(self, kind: ResultKind) -> int:
        multiplier = 1 if self.jacoby and self.cube == 1 else _MULTIPLIER[kind]
        return multiplier * self.cube

    # -- resignation ------------------------------------------------------------
    def resign(self, level: int = 1, *, by: int | None = None) -> Game:
        """Offer to resign: 1 single, 2 gammon, 3 backgammon, by ``by`` (the player on roll when ``None``).

        Either player may offer while a turn is on, before its roll or during its move: the player on
        roll, or the other one (after his own play, or while the player on roll moves), as GNU
        Backgammon's ``resign``, FIBS and Backgammon Galaxy allow; the other player answers. A declined
        offer gives the turn back where it was. A backgammon resignation gives the most a game can
        give, so it is accepted at once (the rules text: "sera automatiquement acceptée").

        >>> off_turn = Game.new().opening_with(3, 1).play("8/5 6/5").resign(1, by=0)
        >>> off_turn.turn, off_turn.player_to_act, off_turn.decline().phase
        (1, 1, 'roll')

        >>> game = Game.new().opening_with(3, 1).resign(2)
        >>> game.phase, game.player_to_act
        ('resign', 1)
        >>> game.decline().resign(1)
        Traceback (most recent call last):
        ...
        core.errors.IllegalActionError: resign a single refused: after a declined offer only a higher one ...
        """
        if level not in RESIGN_KINDS or not _is_int(level):
            if self.phase == "over":
                self._refuse("resign", reasons.GAME_OVER)
            self._refuse(f"resign level {level!r}", reasons.INVALID_RESIGN)
        what = f"resign a {RESIGN_KINDS[level]}"
        self._check(what, ("roll", "move"), None, None)
        if by is not None and (not _is_int(by) or by not in (0, 1)):
            self._refuse(f"{what} by {by!r}", reasons.NOT_YOUR_TURN, "no such player")
        mover = self._mover() if by is None else by
        if level <= self.declined_level:
            self._refuse(what, reasons.RESIGN_NOT_HIGHER)
        game = self._evolve(
            phase="resign",
            resign_offer=ResignOffer(level, mover),
            actions=self.actions + (Action("resign", mover, level=level),),
        )
        return game.accept() if level == 3 else game

    def accept(self, *, by: int | None = None) -> Game:
        """Accept the resignation offered: win its level x the cube."""
        answering = self.player_to_act if self.phase == "resign" else None
        self._check("accept", ("resign",), by, answering)
        offer = self.resign_offer
        assert offer is not None
        assert answering is not None
        result = GameResult(answering, self._points(offer.kind), offer.kind, "resign")
        return self._evolve(
            phase="over",
            result=result,
            dice=None,
            turn_in_progress=None,
            actions=self.actions + (Action("accept", answering),),
        )

    def decline(self, *, by: int | None = None) -> Game:
        """Decline the resignation offered: play on; only a higher offer may follow this turn."""
        answering = self.player_to_act if self.phase == "resign" else None
        self._check("decline", ("resign",), by, answering)
        offer = self.resign_offer
        assert offer is not None
        assert answering is not None
        return self._evolve(
            phase="move" if self.turn_in_progress is not None else "roll",
            resign_offer=None,
            declined_level=max(self.declined_level, offer.level),
            actions=self.actions + (Action("decline", answering),),
        )

    def apply(self, action: Action) -> Game:
        """Do a recorded action again, with the dice and steps it records (replays, imports).

        The ``accept`` that follows a backgammon resignation in a log is already
        done by :meth:`resign`, so it leaves the game as it is.

        >>> game = Game.new().opening_with(3, 1).play("8/5 6/5")
        >>> replayed = Game.new()
        >>> for action in game.actions:
        ...     replayed = replayed.apply(action)
        >>> replayed == game
        True
        """
        kind, by = action.kind, action.player
        if kind == "opening":
            assert action.dice is not None
            return self.opening_with(action.dice[0], action.dice[1], ties=action.ties)
        if kind == "roll":
            assert action.dice is not None
            return self.roll_with(action.dice, by=by)
        if kind == "play":
            return self.play(action.steps, by=by)
        if kind == "resign":
            return self.resign(action.level, by=by)
        if kind == "double":
            return self.double(by=by)
        if kind == "take":
            return self.take(by=by)
        if kind == "drop":
            return self.drop(by=by)
        if kind == "beaver":
            return self.beaver(by=by)
        if kind == "accept":
            return self if self.is_over else self.accept(by=by)
        return self.decline(by=by)


# -- helpers ----------------------------------------------------------------------


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
