"""Videau's rules core: tournament backgammon as small, typed, immutable values.

>>> from core import Position, legal_plays
>>> len(legal_plays(Position.initial(), (3, 1)))
16
"""

from __future__ import annotations

from .dice import Roll
from .errors import (
    AmbiguousPlayError,
    BackgammonError,
    IllegalActionError,
    IllegalPlayError,
    InvalidClockError,
    InvalidIdError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidStateError,
)
from .game import Action, Game, GameResult, Setup
from .match import Match
from .moves import Play, Step, legal_plays
from .notation import format_play, parse_play
from .position import Position
from .turn import Turn

__all__ = [
    "Action",
    "AmbiguousPlayError",
    "BackgammonError",
    "Game",
    "GameResult",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidClockError",
    "InvalidIdError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidStateError",
    "Match",
    "Play",
    "Position",
    "Roll",
    "Setup",
    "Step",
    "Turn",
    "format_play",
    "legal_plays",
    "parse_play",
]
