"""What a gnubg Match ID or an XGID says besides the board: :class:`MatchInfo`.

Players are **absolute**: ``0`` is drawn at the bottom, ``1`` at the top (see
:mod:`core.ids` for how they map onto gnubg's and XG's numbering).

>>> MatchInfo(match_length=7, score=(2, 4), dice=(5, 2)).score
(2, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from . import reasons
from .errors import InvalidIdError
from .limits import MAX_MATCH_LENGTH

__all__ = ["ID_MAX_CUBE", "MAX_SCORE", "GameState", "MatchInfo", "Resignation"]

ID_MAX_CUBE = 4096
"""The largest cube a gnubg ID or an XGID may name (gnubg's ``MAX_CUBE``; a Match ID could say 2**15).

A limit of the formats, not of the game: :data:`core.limits.MAX_CUBE` is the game's."""
MAX_SCORE = (1 << 15) - 1
"""The largest score a Match ID can hold (15 bits), e.g. in a long money session."""


class _Enum(IntEnum):
    def __repr__(self) -> str:  # rebuilds the value: GameState.PLAYING
        return f"{type(self).__name__}.{self.name}"


class GameState(_Enum):
    """Where the game stands (Match ID bits 9-11; an XGID is always ``PLAYING``)."""

    NOT_STARTED = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


class Resignation(_Enum):
    """A resignation on offer (Match ID bits 14-15): what the resigning player gives up."""

    NONE = 0
    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_power_of_two(value: int) -> bool:
    return value >= 1 and value & (value - 1) == 0


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """Everything but the board that a Match ID or an XGID carries.

    Players are absolute: ``0`` at the bottom, ``1`` at the top (see the
    module docstring for how they map onto gnubg's and XG's numbering).

    * ``cube``: 1, 2, 4 ... 4096; ``cube_owner``: ``None`` when centred.
    * ``on_roll``: the player who rolls or rolled (the :class:`Position` is
      seen from this side); ``turn``: the player who must act now -- the
      other one only while a double or a resignation waits for an answer
      (the resigning player is then ``1 - turn``).
    * ``dice``: the roll in the order given, ``None`` before rolling.
    * ``match_length``: 0 for money play; ``score``: (player 0, player 1),
      at most the match length.
    * ``crawford``: this game is the Crawford game, so a score is one point
      away and the cube stays at 1, centred.
    * ``jacoby`` and ``beavers``: money play rules (a Match ID carries only
      the Jacoby rule, an XGID both).
    * ``double_offered``; ``resignation`` and ``game_state`` (only a Match ID
      carries these two).
    * ``max_cube``: XG's cube limit (only an XGID carries it; gnubg ignores it).

    Inconsistent fields raise :class:`InvalidIdError`:

    >>> MatchInfo(on_roll=1)
    Traceback (most recent call last):
    ...
    core.errors.InvalidIdError: MatchInfo: turn 0 differs from on_roll 1 with no double or resignation on offer
    """

    cube: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    turn: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    double_offered: bool = False
    resignation: Resignation = Resignation.NONE
    game_state: GameState = GameState.PLAYING
    max_cube: int = 1024

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise InvalidIdError(f"MatchInfo: {problem}", reasons.ID_IMPOSSIBLE)
        # Plain ints become the enums (frozen: set through object).
        object.__setattr__(self, "resignation", Resignation(self.resignation))
        object.__setattr__(self, "game_state", GameState(self.game_state))

    def _problem(self) -> str:
        """What is wrong with these fields, or ``""``."""
        if not _is_int(self.cube) or not _is_power_of_two(self.cube) or self.cube > ID_MAX_CUBE:
            return f"cube {self.cube!r} is not a power of two from 1 to {ID_MAX_CUBE}"
        if self.cube_owner not in (None, 0, 1) or isinstance(self.cube_owner, bool):
            return f"cube_owner {self.cube_owner!r} is not None, 0 or 1"
        for name in ("on_roll", "turn"):
            value = getattr(self, name)
            if value not in (0, 1) or isinstance(value, bool):
                return f"{name} {value!r} is not 0 or 1"
        if self.dice is not None and not (
            isinstance(self.dice, tuple) and len(self.dice) == 2 and all(_is_int(d) and 1 <= d <= 6 for d in self.dice)
        ):
            return f"dice {self.dice!r} are not None or two numbers from 1 to 6"
        if not _is_int(self.match_length) or not 0 <= self.match_length <= MAX_MATCH_LENGTH:
            return f"match_length {self.match_length!r} is not from 0 (money) to {MAX_MATCH_LENGTH}"
        top = self.match_length or MAX_SCORE
        if not (isinstance(self.score, tuple) and len(self.score) == 2 and all(_is_int(s) for s in self.score)):
            return f"score {self.score!r} is not a pair of numbers"
        if not all(0 <= s <= top for s in self.score):
            return f"score {self.score!r} out of range 0..{top}"
        for name in ("crawford", "jacoby", "beavers", "double_offered"):
            if not isinstance(getattr(self, name), bool):
                return f"{name} {getattr(self, name)!r} is not a bool"
        if self.crawford:
            if self.match_length - 1 not in self.score or self.match_length < 2:
                return f"no Crawford game at {self.score[0]}-{self.score[1]} of a {self.match_length}-point match"
            if self.cube != 1 or self.cube_owner is not None or self.double_offered:
                return "no doubling in the Crawford game: the cube stays at 1, centred"
        if (self.jacoby or self.beavers) and self.match_length:
            return "the Jacoby and beaver rules apply to money play only"
        if not _is_int(self.resignation) or not 0 <= self.resignation <= 3:
            return f"resignation {self.resignation!r} is not 0..3"
        if not _is_int(self.game_state) or not 0 <= self.game_state <= 4:
            return f"game_state {self.game_state!r} is not 0..4"
        if not _is_int(self.max_cube) or not _is_power_of_two(self.max_cube) or self.max_cube > 1 << 15:
            return f"max_cube {self.max_cube!r} is not a power of two from 1 to {1 << 15}"
        if self.double_offered:
            if self.dice is not None:
                return f"a double is on offer but the dice {self.dice} are rolled"
            if self.turn == self.on_roll:
                return "a double is on offer: turn must be the player who answers it, not on_roll"
        elif self.game_state == GameState.PLAYING and not self.resignation and self.turn != self.on_roll:
            return f"turn {self.turn} differs from on_roll {self.on_roll} with no double or resignation on offer"
        return ""
