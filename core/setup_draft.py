"""A position being set up by hand: any board, the player on roll, dice, cube and score -- and why it is illegal.

A :class:`SetupDraft` is what the position editor edits: it may hold a set-up that no
game can reach (a 16th checker, a score past the match length...), so that the editor
can say what is wrong instead of refusing to show it. :meth:`SetupDraft.problems`
lists what is wrong as :class:`SetupProblem` values, each with a stable ``reason``
code (the ``SETUP_*`` constants; the page translates them) and the numbers to quote;
:meth:`SetupDraft.checked` raises :class:`IllegalSetupError` for the first one.
A draft without problems becomes a gnubg ID, an XGID or a :class:`~core.match.Match`.

Players are absolute, as in :class:`~core.ids.MatchInfo`: ``0`` is drawn at the bottom
(White), ``1`` at the top (Black). ``sides[p]`` holds player ``p``'s checkers in ``p``'s
own numbering, as a :class:`~core.position.Position` side does: index 0..23 for points
1..24, index 24 for the bar. Borne-off checkers are the rest: ``15 - on the board``.
The editing methods speak the player's own numbering too: points ``1..24``, ``25`` the
bar, ``0`` the trays (borne off).

>>> draft = SetupDraft.initial().with_match(5, (2, 3))
>>> draft.gnubg_id()
'4HPwATDgc/ABMA:cAmgADAAEAAE'
>>> draft = draft.remove(0, 6).add(0, 25)
>>> draft.on_bar(0), draft.borne_off(0), draft.xgid()
(1, 0, 'XGID=-b----D-C---eE---c-e----BA:0:0:1:00:2:3:0:5:6')
>>> draft.with_match(5, (5, 3)).checked()
Traceback (most recent call last):
...
core.setup_draft.IllegalSetupError: set-up: White's score 5 reaches the match length 5
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import InvalidStateError
from .ids import MatchInfo, encode_gnubg_id, encode_xgid
from .limits import MAX_CUBE, MAX_MATCH_LENGTH
from .match import Match
from .match_info import MAX_SCORE
from .position import BAR, CHECKERS, POINTS, Position

__all__ = [
    "SETUP_REASONS",
    "IllegalSetupError",
    "SetupDraft",
    "SetupProblem",
]

# -- reasons (stable codes, translated by the page) ----------------------------------------------
SETUP_TOO_MANY = "setup-too-many-checkers"
SETUP_BOTH_COLOURS = "setup-both-colours"
SETUP_NO_CHECKER = "setup-no-checker"
SETUP_ALL_OFF = "setup-all-borne-off"
SETUP_DICE = "setup-bad-dice"
SETUP_CUBE_VALUE = "setup-cube-value"
SETUP_CUBE_OWNED_AT_1 = "setup-cube-owned-at-1"
SETUP_CUBE_CENTRED = "setup-cube-centred"
SETUP_CUBE_OUT_OF_PLAY = "setup-cube-out-of-play"
SETUP_LENGTH = "setup-match-length"
SETUP_BAD_SCORE = "setup-bad-score"
SETUP_SCORE_OVER = "setup-score-over"
SETUP_CRAWFORD_MONEY = "setup-crawford-money"
SETUP_CRAWFORD_SCORE = "setup-crawford-score"
SETUP_MONEY_RULES = "setup-money-rules-in-match"

_ENGLISH = {
    SETUP_TOO_MANY: "{player} has {value} checkers: at most 15",
    SETUP_BOTH_COLOURS: "point {point} would hold checkers of both colours",
    SETUP_NO_CHECKER: "{player} has no checker on point {point}",
    SETUP_ALL_OFF: "{player} has borne off all 15 checkers: that game is over",
    SETUP_DICE: "dice {value} are not two numbers from 1 to 6",
    SETUP_CUBE_VALUE: "cube {value} is not a power of two from 1 to {limit}",
    SETUP_CUBE_OWNED_AT_1: "a cube at 1 is in the centre: nobody owns it",
    SETUP_CUBE_CENTRED: "a cube at {value} has been turned: one player owns it",
    SETUP_CUBE_OUT_OF_PLAY: "the cube is out of play in this game (1-point match or Crawford game) but shows {value}",
    SETUP_LENGTH: "match length {value} is not from 0 (money) to {limit}",
    SETUP_BAD_SCORE: "{player}'s score {value} is not a number from 0 to {limit}",
    SETUP_SCORE_OVER: "{player}'s score {value} reaches the match length {limit}",
    SETUP_CRAWFORD_MONEY: "a money session has no Crawford game",
    SETUP_CRAWFORD_SCORE: "no Crawford game at {value}: exactly one player must be 1 point from winning the {limit}",
    SETUP_MONEY_RULES: "the Jacoby and beaver rules are for money sessions only",
}

SETUP_REASONS = tuple(_ENGLISH)
"""Every reason code a :class:`SetupProblem` may carry."""

_COLOURS = ("White", "Black")


@dataclass(frozen=True, slots=True)
class SetupProblem:
    """One thing wrong with a set-up: a ``reason`` code and what to quote.

    ``player`` (absolute), ``point`` (player 0's numbering, 1..24), ``value`` (a count,
    a cube, a score; the dice and the score as text "5-2") and ``limit`` are set when
    the reason uses them.

    >>> SetupProblem(SETUP_TOO_MANY, player=1, value=16).describe()
    'Black has 16 checkers: at most 15'
    """

    reason: str
    player: int | None = None
    point: int | None = None
    value: int | str | None = None
    limit: int | None = None

    def describe(self) -> str:
        """The English sentence (the page has its own, in French and English)."""
        player = _COLOURS[self.player] if self.player is not None else ""
        return _ENGLISH[self.reason].format(player=player, point=self.point, value=self.value, limit=self.limit)


class IllegalSetupError(InvalidStateError):
    """A set-up that no game can be played on from; ``problem`` says why (``reason`` is its code)."""

    def __init__(self, problem: SetupProblem) -> None:
        super().__init__(f"set-up: {problem.describe()}", problem.reason)
        self.problem = problem


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, tuple) or len(value) != 25 or not all(_is_int(n) and n >= 0 for n in value):
        raise InvalidStateError(f"set-up: {name} is not 25 counts >= 0 (points 1..24 and the bar)")
    return value


EMPTY_SIDE = (0,) * 25


@dataclass(frozen=True, slots=True)
class SetupDraft:
    """A set-up as the editor holds it, legal or not (see the module docstring).

    * ``sides``: each player's checkers in their own numbering (25 counts, the bar last);
    * ``on_roll``: the player who rolls, or has rolled ``dice`` (``None``: about to roll);
    * ``cube`` and ``cube_owner`` (``None``: centred);
    * ``match_length`` (0: money), ``score`` (player 0, player 1), ``crawford``: this
      game is the Crawford game; ``jacoby`` and ``beavers``: money session rules.

    Change it with the editing methods or :func:`dataclasses.replace`; a malformed
    field (not a number at all) raises :class:`~core.errors.InvalidStateError` at once.
    """

    sides: tuple[tuple[int, ...], tuple[int, ...]]
    on_roll: int = 0
    dice: tuple[int, int] | None = None
    cube: int = 1
    cube_owner: int | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.sides, tuple) or len(self.sides) != 2:
            raise InvalidStateError("set-up: sides is not a pair")
        _side(self.sides[0], "White's side")
        _side(self.sides[1], "Black's side")
        if self.on_roll not in (0, 1) or not _is_int(self.on_roll):
            raise InvalidStateError(f"set-up: on_roll {self.on_roll!r} is not 0 or 1")
        if self.cube_owner not in (None, 0, 1) or isinstance(self.cube_owner, bool):
            raise InvalidStateError(f"set-up: cube owner {self.cube_owner!r} is not None, 0 or 1")
        numbers = (self.cube, self.match_length, *self.score) if isinstance(self.score, tuple) else ()
        if len(numbers) != 4 or not all(_is_int(n) for n in numbers):
            raise InvalidStateError("set-up: cube, match length and score must be whole numbers")
        if self.dice is not None and not (isinstance(self.dice, tuple) and len(self.dice) == 2):
            raise InvalidStateError(f"set-up: dice {self.dice!r} are not None or a pair")
        for name in ("crawford", "jacoby", "beavers"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidStateError(f"set-up: {name} is not a bool")

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def initial(cls) -> SetupDraft:
        """The starting position, White on roll, money play.

        >>> SetupDraft.initial().position() == Position.initial()
        True
        """
        start = Position.initial()
        return cls((start.player, start.opponent))

    @classmethod
    def empty(cls) -> SetupDraft:
        """No checker on the board (every one borne off: add some before it is legal).

        >>> SetupDraft.empty().borne_off(1), SetupDraft.empty().problems()[0].reason
        (15, 'setup-all-borne-off')
        """
        return cls((EMPTY_SIDE, EMPTY_SIDE))

    @classmethod
    def from_info(cls, position: Position, info: MatchInfo) -> SetupDraft:
        """The set-up a decoded gnubg ID or XGID names (``position`` seen by ``info.on_roll``).

        An offer on the table (a double, a resignation) is left out: the editor sets
        up a player about to roll or to move.

        >>> from core.ids import decode_xgid
        >>> draft = SetupDraft.from_info(*decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:31:2:4:0:7:10"))
        >>> draft.on_roll, draft.dice, draft.cube, draft.cube_owner, draft.score, draft.match_length
        (1, (3, 1), 2, 1, (2, 4), 7)
        """
        own = (position.player, position.opponent) if info.on_roll == 0 else (position.opponent, position.player)
        return cls(
            own,
            info.on_roll,
            info.dice,
            info.cube,
            info.cube_owner,
            info.match_length,
            info.score,
            info.crawford,
            info.jacoby,
            info.beavers,
        )

    @classmethod
    def from_match(cls, match: Match) -> SetupDraft:
        """The current position of ``match``, at the start of the turn (as its IDs name it).

        >>> SetupDraft.from_match(Match.new(7).opening_with(5, 2)).dice
        (5, 2)
        """
        return cls.from_info(match.game.position, match.match_info())

    # -- the board ---------------------------------------------------------------------------
    def on_board(self, player: int) -> int:
        """How many checkers ``player`` has on the points and the bar."""
        return sum(self.sides[player])

    def on_bar(self, player: int) -> int:
        """How many checkers ``player`` has on the bar."""
        return self.sides[player][BAR]

    def borne_off(self, player: int) -> int:
        """How many checkers ``player`` has borne off (negative when more than 15 are on the board)."""
        return CHECKERS - self.on_board(player)

    def count(self, player: int, point: int) -> int:
        """``player``'s checkers on ``point`` (their numbering; 25 = bar, 0 = borne off).

        >>> SetupDraft.initial().count(1, 13), SetupDraft.initial().count(0, 0)
        (5, 0)
        """
        _check_point(point, allow_off=True)
        return self.borne_off(player) if point == 0 else self.sides[player][point - 1]

    def add(self, player: int, point: int) -> SetupDraft:
        """One more checker of ``player`` on ``point`` (their numbering, 25 = bar): taken from the trays.

        Refused (:class:`IllegalSetupError`) when all 15 are already on the board, or when
        the point holds the other colour.

        >>> SetupDraft.empty().add(1, 6).count(1, 6)
        1
        >>> SetupDraft.initial().add(0, 19)
        Traceback (most recent call last):
        ...
        core.setup_draft.IllegalSetupError: set-up: point 19 would hold checkers of both colours
        """
        _check_player(player)
        _check_point(point)
        if point != 25 and self.sides[1 - player][24 - point]:
            raise IllegalSetupError(SetupProblem(SETUP_BOTH_COLOURS, point=point if player == 0 else 25 - point))
        if self.on_board(player) >= CHECKERS:
            raise IllegalSetupError(SetupProblem(SETUP_TOO_MANY, player=player, value=self.on_board(player) + 1))
        return self._set(player, point, self.sides[player][point - 1] + 1)

    def remove(self, player: int, point: int) -> SetupDraft:
        """One checker of ``player`` fewer on ``point`` (their numbering, 25 = bar): it goes to the trays.

        >>> SetupDraft.initial().remove(0, 24).count(0, 0)
        1
        >>> SetupDraft.initial().remove(0, 23)
        Traceback (most recent call last):
        ...
        core.setup_draft.IllegalSetupError: set-up: White has no checker on point 23
        """
        _check_player(player)
        _check_point(point)
        if not self.sides[player][point - 1]:
            shown = point if player == 0 else 25 - point
            raise IllegalSetupError(SetupProblem(SETUP_NO_CHECKER, player=player, point=shown))
        return self._set(player, point, self.sides[player][point - 1] - 1)

    def move(self, player: int, start: int, end: int) -> SetupDraft:
        """Move one checker of ``player`` from ``start`` to ``end`` (their numbering; 25 bar, 0 trays).

        From the trays it is :meth:`add`, to them :meth:`remove`.

        >>> draft = SetupDraft.initial().move(0, 6, 0).move(0, 0, 25).move(0, 25, 3)
        >>> draft.count(0, 6), draft.count(0, 3), draft.borne_off(0)
        (4, 1, 0)
        """
        _check_point(start, allow_off=True)
        _check_point(end, allow_off=True)
        if start == end:
            return self
        if start == 0:
            return self.add(player, end)
        moved = self.remove(player, start)
        return moved if end == 0 else moved.add(player, end)

    def _set(self, player: int, point: int, count: int) -> SetupDraft:
        side = list(self.sides[player])
        side[point - 1] = count
        sides = (tuple(side), self.sides[1]) if player == 0 else (self.sides[0], tuple(side))
        return replace(self, sides=sides)

    def swapped(self) -> SetupDraft:
        """The colours exchanged: board, player on roll, cube owner and score.

        >>> draft = SetupDraft.empty().add(0, 6).with_cube(2, 0)
        >>> swapped = draft.swapped()
        >>> swapped.count(1, 6), swapped.cube_owner, swapped.swapped() == draft
        (1, 1, True)
        """
        owner = None if self.cube_owner is None else 1 - self.cube_owner
        return replace(
            self,
            sides=(self.sides[1], self.sides[0]),
            on_roll=1 - self.on_roll,
            cube_owner=owner,
            score=(self.score[1], self.score[0]),
        )

    # -- the rest of the set-up --------------------------------------------------------------
    def with_turn(self, on_roll: int, dice: tuple[int, int] | None = None) -> SetupDraft:
        """``on_roll`` to roll (``dice`` ``None``) or to play ``dice``."""
        return replace(self, on_roll=on_roll, dice=dice)

    def with_cube(self, cube: int, owner: int | None = None) -> SetupDraft:
        """The cube at ``cube``, owned by ``owner`` (``None``: centred)."""
        return replace(self, cube=cube, cube_owner=owner)

    def with_match(
        self,
        length: int,
        score: tuple[int, int] = (0, 0),
        *,
        crawford: bool = False,
        jacoby: bool = False,
        beavers: bool = False,
    ) -> SetupDraft:
        """A match to ``length`` at ``score`` (``crawford``: the Crawford game), or money play (``length`` 0)."""
        return replace(self, match_length=length, score=score, crawford=crawford, jacoby=jacoby, beavers=beavers)

    # -- is it legal? ------------------------------------------------------------------------
    def problems(self) -> tuple[SetupProblem, ...]:
        """Everything that keeps this set-up from being played on, board first; ``()`` when legal.

        >>> SetupDraft.initial().problems()
        ()
        >>> [p.reason for p in SetupDraft.initial().with_cube(1, 0).with_match(3, (1, 3)).problems()]
        ['setup-cube-owned-at-1', 'setup-score-over']
        """
        found: list[SetupProblem] = []
        for player in (0, 1):
            if self.on_board(player) > CHECKERS:
                found.append(SetupProblem(SETUP_TOO_MANY, player=player, value=self.on_board(player)))
        for point in range(1, POINTS + 1):
            if self.sides[0][point - 1] and self.sides[1][24 - point]:
                found.append(SetupProblem(SETUP_BOTH_COLOURS, point=point))
        for player in (0, 1):
            if self.on_board(player) == 0:
                found.append(SetupProblem(SETUP_ALL_OFF, player=player))
        if self.dice is not None and not all(_is_int(d) and 1 <= d <= 6 for d in self.dice):
            found.append(SetupProblem(SETUP_DICE, value="-".join(str(d) for d in self.dice)))
        found.extend(self._cube_problems())
        found.extend(self._match_problems())
        return tuple(found)

    def _cube_problems(self) -> list[SetupProblem]:
        cube, owner = self.cube, self.cube_owner
        if not 1 <= cube <= MAX_CUBE or cube & (cube - 1):
            return [SetupProblem(SETUP_CUBE_VALUE, value=cube, limit=MAX_CUBE)]
        out: list[SetupProblem] = []
        if cube == 1 and owner is not None:
            out.append(SetupProblem(SETUP_CUBE_OWNED_AT_1, player=owner))
        if cube > 1 and owner is None:
            out.append(SetupProblem(SETUP_CUBE_CENTRED, value=cube))
        if cube > 1 and (self.match_length == 1 or self.crawford):
            out.append(SetupProblem(SETUP_CUBE_OUT_OF_PLAY, value=cube))
        return out

    def _match_problems(self) -> list[SetupProblem]:
        length, score = self.match_length, self.score
        if not 0 <= length <= MAX_MATCH_LENGTH:
            return [SetupProblem(SETUP_LENGTH, value=length, limit=MAX_MATCH_LENGTH)]
        out: list[SetupProblem] = []
        for player in (0, 1):
            if not 0 <= score[player] <= MAX_SCORE:
                out.append(SetupProblem(SETUP_BAD_SCORE, player=player, value=score[player], limit=MAX_SCORE))
            elif length and score[player] >= length:
                out.append(SetupProblem(SETUP_SCORE_OVER, player=player, value=score[player], limit=length))
        if out:
            return out
        if self.crawford and not length:
            out.append(SetupProblem(SETUP_CRAWFORD_MONEY))
        elif self.crawford and not (length > 1 and max(score) == length - 1 > min(score)):
            out.append(SetupProblem(SETUP_CRAWFORD_SCORE, value=f"{score[0]}-{score[1]}", limit=length))
        if length and (self.jacoby or self.beavers):
            out.append(SetupProblem(SETUP_MONEY_RULES))
        return out

    def checked(self) -> SetupDraft:
        """This draft when it is legal; else raises :class:`IllegalSetupError` for its first problem.

        >>> SetupDraft.empty().checked()
        Traceback (most recent call last):
        ...
        core.setup_draft.IllegalSetupError: set-up: White has borne off all 15 checkers: that game is over
        """
        problems = self.problems()
        if problems:
            raise IllegalSetupError(problems[0])
        return self

    # -- what a legal draft becomes ------------------------------------------------------------
    def position(self) -> Position:
        """The board seen by the player on roll (checked: raises :class:`IllegalSetupError`)."""
        sides = self.checked().sides
        return Position(sides[self.on_roll], sides[1 - self.on_roll])

    def match_info(self) -> MatchInfo:
        """Cube, turn, dice, score and rules for the IDs (checked: raises :class:`IllegalSetupError`)."""
        self.checked()
        return MatchInfo(
            cube=self.cube,
            cube_owner=self.cube_owner,
            on_roll=self.on_roll,
            turn=self.on_roll,
            dice=self.dice,
            match_length=self.match_length,
            score=self.score,
            crawford=self.crawford,
            jacoby=self.jacoby,
            beavers=self.beavers,
            max_cube=MAX_CUBE,
        )

    def xgid(self) -> str:
        """The XGID of this set-up (checked: raises :class:`IllegalSetupError`).

        >>> SetupDraft.initial().with_turn(1, (6, 5)).xgid()
        'XGID=-b----E-C---eE---c-e----B-:0:0:-1:65:0:0:0:0:6'
        """
        return encode_xgid(self.position(), self.match_info())

    def gnubg_id(self) -> str:
        """The gnubg ``PositionID:MatchID`` of this set-up (checked: raises :class:`IllegalSetupError`).

        >>> SetupDraft.initial().gnubg_id()
        '4HPwATDgc/ABMA:cAkAAAAAAAAE'
        """
        return encode_gnubg_id(self.position(), self.match_info())

    def to_match(self, *, names: tuple[str, str] = ("Bottom", "Top")) -> Match:
        """A new match (or money session) whose first game starts at this set-up.

        >>> match = SetupDraft.empty().add(0, 2).add(1, 5).with_turn(1, (4, 1)).with_match(5, (4, 2)).to_match()
        >>> match.game.turn, match.game.dice, match.score, match.crawford
        (1, (4, 1), (4, 2), False)
        """
        return Match.from_info(self.position(), self.match_info(), names=names)


def _check_player(player: int) -> None:
    if player not in (0, 1) or not _is_int(player):
        raise InvalidStateError(f"set-up: player {player!r} is not 0 or 1")


def _check_point(point: int, *, allow_off: bool = False) -> None:
    if not _is_int(point) or not (0 if allow_off else 1) <= point <= 25:
        raise InvalidStateError(f"set-up: point {point!r} is not {'0' if allow_off else '1'}..25")
