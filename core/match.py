"""A match to N points, or a money session, as an immutable value.

A :class:`Match` holds its settings (length, Crawford rule, Jacoby rule,
names) and every game so far as :class:`PlayedGame` entries, the current one
last. The game actions are forwarded to the current game and return a new
match. A finished game stays current -- for the game-over screen -- until
:meth:`Match.next_game` starts the next one.

* ``length`` 0 is a money session: no end but :meth:`Match.resign_match` (or
  :meth:`Match.lose_on_time`), the Jacoby rule optional (gammons count only once the cube is turned).
* A player whose clock runs out loses the whole match (:meth:`Match.lose_on_time`,
  see :mod:`core.clock`); like a match resignation, the score stays as the games made it.
* The **Crawford** game: the game right after a player first reaches
  ``length - 1`` has no cube; the cube is back afterwards. No cube at all in a
  1-point match.

>>> match = Match.new(3)
>>> match = match.opening_with(4, 2).play("8/4 6/4").double()
>>> match = match.drop()
>>> match.score, match.is_over
((0, 1), False)
>>> match = match.next_game()
>>> match.crawford, match.game.cube_available
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from . import reasons
from .dice import Rng
from .errors import IllegalActionError, InvalidStateError
from .game import Action, Game, Setup
from .ids import GameState, MatchInfo, Resignation
from .limits import MAX_MATCH_LENGTH
from .match_info import MAX_SCORE
from .moves import Play, Step
from .position import Position

__all__ = ["MAX_LENGTH", "MAX_MATCH_LENGTH", "Match", "PlayedGame"]

MAX_LENGTH = MAX_MATCH_LENGTH
"""The longest match (an alias of :data:`core.limits.MAX_MATCH_LENGTH`, kept for old imports)."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game of the match: the game, the score before it, and whether it is the Crawford game."""

    game: Game
    score_before: tuple[int, int]
    crawford: bool = False

    @property
    def score_after(self) -> tuple[int, int]:
        """The score once this game's result counts (the score before while it is not over)."""
        result = self.game.result
        if result is None:
            return self.score_before
        a, b = self.score_before
        return (a + result.points, b) if result.winner == 0 else (a, b + result.points)


@dataclass(frozen=True, slots=True)
class Match:
    """A match (``length`` >= 1) or money session (``length == 0``); build with :meth:`new`."""

    length: int
    games: tuple[PlayedGame, ...]
    crawford_rule: bool = True
    jacoby: bool = False
    names: tuple[str, str] = ("Bottom", "Top")
    resigned_by: int | None = None
    beavers: bool = False
    out_of_time: int | None = None
    """The player who lost the match on time (see :meth:`lose_on_time`)."""

    # -- construction ---------------------------------------------------------
    @classmethod
    def new(
        cls,
        length: int = 0,
        *,
        crawford_rule: bool = True,
        jacoby: bool = False,
        beavers: bool = False,
        names: Sequence[str] = ("Bottom", "Top"),
        score: Sequence[int] = (0, 0),
        crawford_game: bool = False,
        setup: Setup | None = None,
    ) -> Match:
        """Start a match or money session, its first game waiting for the opening roll.

        ``score`` and ``crawford_game`` start it at a given score (the first game
        being the Crawford game or not); ``setup`` starts the first game at a set
        position instead (see :meth:`~core.game.Game.from_position`). Raises
        :class:`~core.errors.InvalidStateError` for settings that make no match.

        >>> Match.new(1).game.cube_available, Match.new(0, jacoby=True).game.jacoby
        (False, True)

        ``beavers`` (money play only): a doubled player may beaver (see :meth:`beaver`).

        >>> Match.new(0, beavers=True).beavers
        True
        """
        if not _is_int(length) or not 0 <= length <= MAX_MATCH_LENGTH:
            raise InvalidStateError(f"match length {length!r}: 0 (money) to {MAX_MATCH_LENGTH} points expected")
        for name, flag in (
            ("crawford_rule", crawford_rule),
            ("jacoby", jacoby),
            ("beavers", beavers),
            ("crawford_game", crawford_game),
        ):
            if not isinstance(flag, bool):
                raise InvalidStateError(f"{name} {flag!r} is not a bool")
        if isinstance(names, str) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise InvalidStateError(f"names {names!r}: two strings expected")
        if len(score) != 2 or not all(_is_int(s) and s >= 0 for s in score):
            raise InvalidStateError(f"score {score!r}: two numbers >= 0 expected")
        start = (score[0], score[1])
        if length and max(start) >= length:
            raise InvalidStateError(f"score {start}: the match to {length} is already over")
        one_away = max(start) == length - 1 > min(start)
        if crawford_game and not (crawford_rule and length > 1 and one_away):
            raise InvalidStateError(f"score {start} in a match to {length}: not a Crawford game")
        if jacoby and length:
            raise InvalidStateError(f"the Jacoby rule applies to money play only, not to a match to {length}")
        if beavers and length:
            raise InvalidStateError(f"beavers are played in money sessions only, not in a match to {length}")
        match = cls(length, (), crawford_rule, jacoby, (names[0], names[1]), beavers=beavers)
        game = match._fresh_game(crawford_game, setup)
        return replace(match, games=(PlayedGame(game, start, crawford_game),))

    @classmethod
    def from_info(
        cls,
        position: Position,
        info: MatchInfo,
        *,
        crawford_rule: bool = True,
        names: Sequence[str] = ("Bottom", "Top"),
    ) -> Match:
        """A match set up from a decoded gnubg ID or XGID (``position`` seen by ``info.on_roll``).

        >>> from core.ids import decode_xgid
        >>> match = Match.from_info(*decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10"))
        >>> match.score, match.game.cube, match.game.cube_owner, match.game.dice
        ((2, 4), 2, 0, (5, 2))
        """
        if info.game_state == GameState.NOT_STARTED:
            return cls.new(
                info.match_length,
                crawford_rule=crawford_rule,
                jacoby=info.jacoby,
                beavers=info.beavers,
                names=names,
                score=info.score,
                crawford_game=info.crawford,
            )
        if info.game_state != GameState.PLAYING:
            raise InvalidStateError(f"the game of {info} is already over")
        # A resignation with the player on roll to answer it was offered by the other player (gnubg's
        # IDs name who must act): the set-up is the game before that offer, made after it.
        off_turn = bool(info.resignation) and info.turn == info.on_roll
        resignation = 0 if off_turn else int(info.resignation)
        setup = Setup(position, info.on_roll, info.dice, info.cube, info.cube_owner, info.double_offered, resignation)
        match = cls.new(
            info.match_length,
            crawford_rule=crawford_rule,
            jacoby=info.jacoby,
            beavers=info.beavers,
            names=names,
            score=info.score,
            crawford_game=info.crawford,
            setup=setup,
        )
        return match.resign(int(info.resignation), by=1 - info.on_roll) if off_turn else match

    def _fresh_game(self, crawford: bool, setup: Setup | None = None) -> Game:
        cube_available = self.length != 1 and not crawford
        if setup is None:
            return Game.new(cube_available=cube_available, jacoby=self.jacoby, beavers=self.beavers)
        return Game.from_setup(setup, cube_available=cube_available, jacoby=self.jacoby, beavers=self.beavers)

    # -- state ------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The current game (the last one, kept once over until :meth:`next_game`)."""
        return self.games[-1].game

    @property
    def crawford(self) -> bool:
        """True when the current game is the Crawford game."""
        return self.games[-1].crawford

    @property
    def post_crawford(self) -> bool:
        """True in the games after the Crawford game: a player is 1 away and the cube is back.

        >>> Match.new(3, score=(2, 0), crawford_game=True).post_crawford
        False
        >>> Match.new(3, score=(2, 1)).post_crawford
        True
        """
        return self.crawford_rule and self.length > 1 and not self.crawford and min(self.away()) == 1

    @property
    def is_money(self) -> bool:
        """True for a money session (``length == 0``)."""
        return self.length == 0

    @property
    def score(self) -> tuple[int, int]:
        """Points of player 0 and player 1, the current game's result included once it is over."""
        return self.games[-1].score_after

    @property
    def games_played(self) -> tuple[PlayedGame, ...]:
        """The finished games."""
        return tuple(g for g in self.games if g.game.is_over)

    def start_of(self, played: PlayedGame) -> Match:
        """A match standing where ``played`` (one of this match's games) began.

        Same settings, score, Crawford game and set-up, no history: what a replay, the
        analysis or a record walks forward from, one action at a time.

        >>> match = Match.new(3).opening_with(3, 1).play("8/5 6/5")
        >>> start = match.start_of(match.games[0])
        >>> start.score, len(start.game.actions), start.length
        ((0, 0), 0, 3)
        """
        return Match.new(
            self.length,
            crawford_rule=self.crawford_rule,
            jacoby=self.jacoby,
            beavers=self.beavers,
            names=self.names,
            score=played.score_before,
            crawford_game=played.crawford,
            setup=played.game.setup,
        )

    @property
    def is_over(self) -> bool:
        """True once a player has reached ``length``, resigned the match or ran out of time."""
        if self.resigned_by is not None or self.out_of_time is not None:
            return True
        return self.length > 0 and max(self.score) >= self.length

    @property
    def winner(self) -> int | None:
        """The winner of the match once over (the other player after a match resignation or a loss on time)."""
        if self.resigned_by is not None:
            return 1 - self.resigned_by
        if self.out_of_time is not None:
            return 1 - self.out_of_time
        if not self.is_over:
            return None
        return 0 if self.score[0] >= self.length else 1

    def away(self) -> tuple[int, int]:
        """Points each player still needs (matches only; ``(0, 0)`` in money play).

        >>> Match.new(7, score=(2, 5)).away()
        (5, 2)
        """
        if not self.length:
            return (0, 0)
        return max(self.length - self.score[0], 0), max(self.length - self.score[1], 0)

    def legal_actions(self) -> tuple[str, ...]:
        """The current game's actions, ``next_game`` between games, ``resign_match``; nothing once over."""
        if self.is_over:
            return ()
        if self.game.is_over:
            return ("next_game", "resign_match")
        return self.game.legal_actions() + ("resign_match",)

    def resign_levels(self, player: int | None = None) -> tuple[int, ...]:
        """The resignation levels that may be offered now (by ``player`` when given), lowest first.

        After a declined offer only a higher one may follow in the same turn
        (see :meth:`~core.game.Game.resign_levels`); nothing once the
        game or the match is over.

        >>> match = Match.new(3).opening_with(3, 1)
        >>> match.resign_levels(), match.resign(1).decline().resign_levels(0)
        ((1, 2, 3), (2, 3))
        """
        if self.is_over:
            return ()
        return self.game.resign_levels(player)

    # -- the match's own actions ----------------------------------------------
    def _refuse(self, what: str, reason: str, why: str = "") -> IllegalActionError:
        return IllegalActionError(f"{what} refused: {why or reasons.describe(reason)}", reason)

    def next_game(self, rng: Rng | None = None) -> Match:
        """Start the next game once the current one is over; with ``rng`` roll its opening too.

        The game right after a player first reaches ``length - 1`` is the
        Crawford game (with the Crawford rule).
        """
        if self.is_over:
            raise self._refuse("next game", reasons.MATCH_OVER)
        if not self.game.is_over:
            raise self._refuse("next game", reasons.NOT_NOW, "the current game is not over")
        before, after = self.games[-1].score_before, self.score
        n = self.length
        crawford = self.crawford_rule and n > 1 and max(after) == n - 1 and max(before) < n - 1
        entry = PlayedGame(self._fresh_game(crawford), after, crawford)
        match = replace(self, games=self.games + (entry,))
        return match.opening(rng) if rng is not None else match

    def resign_match(self, player: int) -> Match:
        """``player`` gives up the whole match (or ends the money session); the other player wins."""
        if player not in (0, 1) or not _is_int(player):
            raise self._refuse(f"match resignation by {player!r}", reasons.NOT_YOUR_TURN, "no such player")
        if self.is_over:
            raise self._refuse(f"match resignation by player {player}", reasons.MATCH_OVER)
        return replace(self, resigned_by=player)

    def lose_on_time(self, player: int) -> Match:
        """``player``'s time ran out: the other player wins the match (ends the money session).

        The game in progress stays as it was, unscored: the score is the games' score.

        >>> match = Match.new(5, score=(3, 1)).opening_with(6, 1).lose_on_time(0)
        >>> match.is_over, match.winner, match.score, match.legal_actions()
        (True, 1, (3, 1), ())
        """
        if player not in (0, 1) or not _is_int(player):
            raise self._refuse(f"loss on time by {player!r}", reasons.NOT_YOUR_TURN, "no such player")
        if self.is_over:
            raise self._refuse(f"loss on time by player {player}", reasons.MATCH_OVER)
        return replace(self, out_of_time=player)

    # -- the game's actions, forwarded -------------------------------------------
    def _live(self, what: str) -> Game:
        if self.is_over:
            raise self._refuse(what, reasons.MATCH_OVER)
        return self.game

    def _with(self, game: Game) -> Match:
        last = self.games[-1]
        entry = PlayedGame(game, last.score_before, last.crawford)
        return replace(self, games=self.games[:-1] + (entry,))

    def opening(self, rng: Rng) -> Match:
        """See :meth:`Game.opening`."""
        return self._with(self._live("opening").opening(rng))

    def opening_with(self, die0: int, die1: int, *, ties: Sequence[int] = ()) -> Match:
        """See :meth:`Game.opening_with`."""
        return self._with(self._live("opening").opening_with(die0, die1, ties=ties))

    def roll(self, rng: Rng, *, by: int | None = None) -> Match:
        """See :meth:`Game.roll`."""
        return self._with(self._live("roll").roll(rng, by=by))

    def roll_with(self, dice: Sequence[int], *, by: int | None = None) -> Match:
        """See :meth:`Game.roll_with`."""
        return self._with(self._live("roll").roll_with(dice, by=by))

    def double(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.double`."""
        return self._with(self._live("double").double(by=by))

    def take(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.take`."""
        return self._with(self._live("take").take(by=by))

    def beaver(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.beaver` (money sessions with beavers only)."""
        return self._with(self._live("beaver").beaver(by=by))

    def drop(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.drop`."""
        return self._with(self._live("drop").drop(by=by))

    def step(self, from_point: int, to_point: int, *, by: int | None = None) -> Match:
        """See :meth:`Game.step`."""
        return self._with(self._live("step").step(from_point, to_point, by=by))

    def move(self, from_point: int, to_point: int, *, by: int | None = None) -> Match:
        """See :meth:`Game.move`."""
        return self._with(self._live("step").move(from_point, to_point, by=by))

    def auto_step(self, from_point: int, *, by: int | None = None) -> Match:
        """See :meth:`Game.auto_step`."""
        return self._with(self._live("step").auto_step(from_point, by=by))

    def undo(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.undo`."""
        return self._with(self._live("undo").undo(by=by))

    def undo_all(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.undo_all`."""
        return self._with(self._live("undo").undo_all(by=by))

    def confirm(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.confirm`."""
        return self._with(self._live("confirm").confirm(by=by))

    def play(self, play: Play | str | Sequence[Step], *, by: int | None = None) -> Match:
        """See :meth:`Game.play`."""
        return self._with(self._live("play").play(play, by=by))

    def pass_turn(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.pass_turn`."""
        return self._with(self._live("pass").pass_turn(by=by))

    def resign(self, level: int = 1, *, by: int | None = None) -> Match:
        """See :meth:`Game.resign` (one game; :meth:`resign_match` gives up the match)."""
        return self._with(self._live("resign").resign(level, by=by))

    def accept(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.accept`."""
        return self._with(self._live("accept").accept(by=by))

    def decline(self, *, by: int | None = None) -> Match:
        """See :meth:`Game.decline`."""
        return self._with(self._live("decline").decline(by=by))

    def apply(self, action: Action) -> Match:
        """See :meth:`Game.apply`: a recorded action done again on the current game."""
        if action.kind == "accept" and self.game.is_over:
            return self  # the accept of a backgammon resignation, done with it
        return self._with(self._live(f"replay of {action}").apply(action))

    # -- IDs ------------------------------------------------------------------------
    def match_info(self) -> MatchInfo:
        """Cube, turn, dice, score, length and Crawford for a gnubg Match ID or an XGID.

        The board to go with it is ``match.game.position``: seen by the player on
        roll, at the start of the turn (IDs carry no half-played turn).

        >>> from core.ids import encode_xgid
        >>> match = Match.new(7).opening_with(5, 2)
        >>> encode_xgid(match.game.position, match.match_info())
        'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:6'
        """
        game = self.game
        on_roll = 0 if game.turn is None else game.turn
        acting = game.player_to_act
        top = self.length or MAX_SCORE
        score = (min(self.score[0], top), min(self.score[1], top))
        if game.phase == "opening":
            state = GameState.NOT_STARTED
        elif game.result is None:
            state = GameState.PLAYING
        else:
            state = {"bear-off": GameState.OVER, "resign": GameState.RESIGNED, "pass": GameState.DROPPED}[
                game.result.how
            ]
        offer = game.resign_offer if game.phase == "resign" else None
        return MatchInfo(
            cube=game.cube,
            cube_owner=game.cube_owner,
            on_roll=on_roll,
            turn=on_roll if acting is None else acting,
            dice=game.dice,
            match_length=self.length,
            score=score,
            crawford=self.crawford,
            jacoby=self.jacoby,
            beavers=self.beavers,
            double_offered=game.phase == "double",
            resignation=Resignation(offer.level) if offer is not None else Resignation.NONE,
            game_state=state,
            max_cube=64,
        )

    def __repr__(self) -> str:
        kind = f"match to {self.length}" if self.length else "money session"
        return f"<Match {kind} score={self.score} games={len(self.games)} {self.game!r}>"
