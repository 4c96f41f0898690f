"""Undo by whole gestures: a click, a drop or a key that moved one checker by the sum of the dice
is taken back whole, as it was made (#46).

The core's turn is a list of steps (:attr:`core.turn.Turn.steps`), one die each; a move by the sum
is several steps (:meth:`core.match.Match.move`). What made them is the page's knowledge: this
module keeps where each gesture of the turn in progress began, and :meth:`Gestures.undo` takes
back the steps since the last one. A turn it did not see (another tab's, one loaded from storage)
is taken back a step at a time, as before.

>>> from core.match import Match
>>> gestures = Gestures()
>>> rolled = Match.new(3).opening_with(6, 1)
>>> gestures = gestures.follow(rolled, rolled)
>>> moved = rolled.move(13, 6)  # by the sum: two steps, 13/7/6
>>> gestures = gestures.follow(rolled, moved)
>>> len(moved.game.turn_in_progress.steps), len(gestures.undo(moved).game.turn_in_progress.steps)
(2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from core.dice import Dice
from core.match import Match
from core.position import Position

TurnKey = tuple[int, int, Position, Dice]
"""A turn in progress: the count of games and of the game's actions, the position and dice it began with."""


def turn_key(match: Match) -> TurnKey | None:
    """Which turn is in progress in ``match`` (``None``: no turn is being moved)."""
    game, turn = match.game, match.game.turn_in_progress
    return None if turn is None else (len(match.games), len(game.actions), turn.start_position, turn.dice)


def steps_made(match: Match) -> int:
    """How many steps the turn in progress holds (0 when none is)."""
    turn = match.game.turn_in_progress
    return 0 if turn is None else len(turn.steps)


@dataclass(frozen=True)
class Gestures:
    """Where each gesture of the turn in progress began (its count of steps before it); a value."""

    turn: TurnKey | None = None
    starts: tuple[int, ...] = ()

    def follow(self, before: Match, after: Match) -> Gestures:
        """After one transition of the page's match (``before`` → ``after``), by one gesture of the player."""
        key = turn_key(after)
        starts = self.starts if key == self.turn else ()
        if key is None:
            return Gestures(key, starts)
        made = steps_made(after)
        starts = tuple(start for start in starts if start < made)  # what an undo took back
        already = steps_made(before) if turn_key(before) == key else 0
        if made > already:
            starts += (already,)
        return Gestures(key, starts)

    def undo(self, match: Match) -> Match:
        """``match`` with the last gesture of its turn taken back (one step when it is unknown).

        Raises :class:`~core.errors.IllegalActionError` as :meth:`core.match.Match.undo` does when
        there is nothing to take back.
        """
        made = steps_made(match)
        start = self.starts[-1] if turn_key(match) == self.turn and self.starts else made - 1
        for _ in range(max(1, made - start)):
            match = match.undo()
        return match
