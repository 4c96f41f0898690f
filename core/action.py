"""What a game records and how it ends: actions, results, resignation offers.

:class:`Action` is one entry of a game's history (enough to replay it),
:class:`GameResult` how a game ended, :class:`ResignOffer` a resignation on
the table. :mod:`core.game` re-exports them all.

>>> str(Action("roll", 1, dice=(6, 5)))
'player 1 rolls 65'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .dice import Dice
from .moves import Step, hit_flags
from .notation import format_play

__all__ = ["RESIGN_KINDS", "Action", "ActionKind", "GameResult", "ResignOffer", "ResultKind", "WinHow"]

ResultKind = Literal["single", "gammon", "backgammon"]
WinHow = Literal["bear-off", "pass", "resign"]
ActionKind = Literal["opening", "roll", "play", "double", "take", "drop", "resign", "accept", "decline", "beaver"]

RESIGN_KINDS: dict[int, ResultKind] = {1: "single", 2: "gammon", 3: "backgammon"}
"""Resignation levels and what each gives up."""


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a game's history, enough to replay it.

    * ``opening``: ``player`` moves first; ``dice`` = (player 0's die, player 1's),
      ``ties`` = the values of the tied rolls before it.
    * ``roll``: ``dice`` in the order rolled.
    * ``play``: ``steps`` in the mover's numbering (25 = bar, 0 = off); empty when
      the roll could not be played. ``hits``: the points (mover's numbering) its
      steps hit, in the order hit -- a fact of the game that :class:`~core.game.Game`
      fills in when the play is made (a record needs only the steps: ``hits`` is
      left out of comparisons and of saves, and is worked out again on replay).
    * ``double`` / ``take`` / ``drop``; ``resign`` (``level`` 1..3) / ``accept`` / ``decline``.

    >>> str(Action("play", 0, steps=((8, 5), (6, 5))))
    'player 0 plays 8/5 6/5'
    >>> str(Action("play", 1, steps=((13, 7), (7, 3)), hits=(7,)))
    'player 1 plays 13/7*/3'
    """

    kind: ActionKind
    player: int
    dice: Dice | None = None
    steps: tuple[Step, ...] = ()
    level: int = 0
    ties: tuple[int, ...] = ()
    hits: tuple[int, ...] = field(default=(), compare=False)

    @property
    def step_hits(self) -> tuple[bool, ...]:
        """For each of ``steps``, whether it hit a blot (from ``hits``).

        >>> Action("play", 0, steps=((13, 7), (7, 3)), hits=(7,)).step_hits
        (True, False)
        """
        return hit_flags(self.steps, self.hits)

    def __str__(self) -> str:
        who = f"player {self.player}"
        if self.kind == "opening" and self.dice is not None:
            tied = "".join(f"{t}{t} tied, " for t in self.ties)
            return f"opening roll: {tied}{self.dice[0]} for player 0, {self.dice[1]} for player 1"
        if self.kind == "roll" and self.dice is not None:
            return f"{who} rolls {self.dice[0]}{self.dice[1]}"
        if self.kind == "play":
            return f"{who} plays {format_play(self.steps, self.hits)}" if self.steps else f"{who} cannot move"
        if self.kind == "resign":
            return f"{who} offers to resign a {RESIGN_KINDS.get(self.level, '?')}"
        words = {
            "double": "doubles", "take": "takes", "beaver": "beavers", "drop": "passes",
            "accept": "accepts", "decline": "declines",
        }  # fmt: skip
        return f"{who} {words.get(self.kind, self.kind)}"


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: ``points`` = multiplier x cube.

    ``kind`` is what happened on the board or what was resigned; with the
    Jacoby rule and a cube never turned, a gammon still says ``"gammon"`` but
    scores one point.
    """

    winner: int
    points: int
    kind: ResultKind
    how: WinHow

    @property
    def loser(self) -> int:
        """The other player."""
        return 1 - self.winner


@dataclass(frozen=True, slots=True)
class ResignOffer:
    """A resignation on the table: ``by`` offers to lose ``level`` (1 single, 2 gammon, 3 backgammon)."""

    level: int
    by: int

    @property
    def kind(self) -> ResultKind:
        """``"single"``, ``"gammon"`` or ``"backgammon"``."""
        return RESIGN_KINDS[self.level]
