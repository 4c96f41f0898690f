"""A game set up at a position: what :meth:`core.game.Game.from_setup` rebuilds it from.

A :class:`Setup` is saved with a game that did not start from the opening
roll (a position pasted as a gnubg ID or an XGID, a tutorial's diagram), so
that the game can be replayed. :meth:`Setup.checked` refuses a set-up that
no game can reach, with :class:`~core.errors.InvalidStateError`.

>>> from core.position import Position
>>> Setup(Position.initial(), 0, (3, 1)).checked().dice
(3, 1)
>>> Setup(Position.initial(), 0, cube=3).checked()
Traceback (most recent call last):
...
core.errors.InvalidStateError: set-up: cube 3 is not a power of two from 1 to 64
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import reasons
from .dice import Dice, check_dice
from .errors import BackgammonError, InvalidStateError
from .limits import MAX_CUBE
from .position import Position

__all__ = ["Setup"]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Setup:
    """How a game set up at a position started: board (seen by ``turn``), dice, cube and offers.

    * ``dice``: the player on roll has rolled them (``None``: about to roll);
    * ``cube`` and ``cube_owner`` (``None`` = centred);
    * ``double_offered``: the other player must answer a double (cube before doubling);
    * ``resignation`` (1..3): the other player must answer that offer.
    """

    position: Position
    turn: int
    dice: Dice | None = None
    cube: int = 1
    cube_owner: int | None = None
    double_offered: bool = False
    resignation: int = 0

    def checked(self, *, cube_available: bool = True) -> Setup:
        """This set-up with its dice as a checked pair; raises ``InvalidStateError`` if no game reaches it.

        ``cube_available=False`` (a 1-point match, the Crawford game) also
        refuses a cube that is not at 1.
        """
        position, turn, cube, owner = self.position, self.turn, self.cube, self.cube_owner
        if not isinstance(position, Position):
            raise InvalidStateError(f"set-up: {position!r} is not a Position", reasons.SETUP_IMPOSSIBLE)
        if turn not in (0, 1) or not _is_int(turn):
            raise InvalidStateError(f"set-up: turn {turn!r} is not 0 or 1", reasons.SETUP_IMPOSSIBLE)
        if position.is_game_over():
            raise InvalidStateError(f"set-up: position {position.to_id()} is already over", reasons.SETUP_IMPOSSIBLE)
        rolled: Dice | None = None
        if self.dice is not None:
            try:
                rolled = check_dice(self.dice)
            except BackgammonError as exc:
                raise InvalidStateError(f"set-up: {exc}", reasons.SETUP_IMPOSSIBLE) from None
        if not _is_int(cube) or not 1 <= cube <= MAX_CUBE or cube & (cube - 1):
            raise InvalidStateError(
                f"set-up: cube {cube!r} is not a power of two from 1 to {MAX_CUBE}", reasons.SETUP_IMPOSSIBLE
            )
        if owner not in (None, 0, 1) or isinstance(owner, bool):
            raise InvalidStateError(f"set-up: cube owner {owner!r} is not None, 0 or 1", reasons.SETUP_IMPOSSIBLE)
        if (owner is None) != (cube == 1):
            raise InvalidStateError(
                f"set-up: a cube at {cube} must be {'owned' if cube > 1 else 'centred'}", reasons.SETUP_IMPOSSIBLE
            )
        if not cube_available and cube != 1:
            raise InvalidStateError(f"set-up: the cube is out of play but shows {cube}", reasons.SETUP_IMPOSSIBLE)
        if not _is_int(self.resignation) or not 0 <= self.resignation <= 3:
            raise InvalidStateError(f"set-up: resignation {self.resignation!r} is not 0..3", reasons.SETUP_IMPOSSIBLE)
        if self.double_offered and (rolled is not None or self.resignation):
            raise InvalidStateError("set-up: a double is offered only before rolling, with no resignation on offer")
        return replace(self, dice=rolled, double_offered=bool(self.double_offered))
