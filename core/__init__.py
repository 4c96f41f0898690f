"""Videau's rules core: tournament backgammon as small, typed, immutable values.

>>> from core import Position, legal_plays
>>> len(legal_plays(Position.initial(), (3, 1)))
16
"""

from __future__ import annotations

from .errors import (
    AmbiguousPlayError,
    BackgammonError,
    IllegalActionError,
    IllegalPlayError,
    InvalidIdError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidStateError,
)
from .position import Position

__all__ = [
    "AmbiguousPlayError",
    "BackgammonError",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidIdError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRecordError",
    "InvalidStateError",
    "Position",
]
