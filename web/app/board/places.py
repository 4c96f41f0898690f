"""Places on the board, in the page's numbering and the core's.

Places are numbered from player 0's side: ``1``..``24``, ``"bar"`` and ``"off"``.
Player 0's point ``p`` is player 1's point ``25 - p``; the core speaks the mover's
numbering (``25`` = bar, ``0`` = off): :func:`to_mover` and :func:`from_mover` convert.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from core.position import Position

Place: TypeAlias = int | str
"""A place on the board: a point 1..24 in player 0's numbering, ``"bar"`` or ``"off"``."""


BAR: Literal["bar"] = "bar"


OFF: Literal["off"] = "off"


def to_mover(place: Place, mover: int) -> int:
    """The core's number for ``place`` seen by ``mover`` (25 = bar, 0 = off).

    >>> to_mover(13, 1), to_mover("bar", 1), to_mover("off", 0)
    (12, 25, 0)
    """
    if place == BAR:
        return 25
    if place == OFF:
        return 0
    if not isinstance(place, int) or not 1 <= place <= 24:
        raise ValueError(f"no such place: {place!r}")
    return place if mover == 0 else 25 - place


def from_mover(point: int, mover: int) -> Place:
    """The place of the core's ``point`` (mover's numbering) in player 0's numbering.

    >>> from_mover(12, 1), from_mover(25, 1), from_mover(0, 1)
    (13, 'bar', 'off')
    """
    if point == 25:
        return BAR
    if point == 0:
        return OFF
    if not 1 <= point <= 24:
        raise ValueError(f"no such point: {point!r}")
    return point if mover == 0 else 25 - point


def parse_place(text: str) -> Place | None:
    """Read a ``data-point`` attribute: ``"13"`` -> ``13``, ``"bar"``, ``"off"``; ``None`` if invalid.

    >>> parse_place("13"), parse_place("bar"), parse_place("25")
    (13, 'bar', None)
    """
    text = text.strip().lower()
    if text in (BAR, OFF):
        return text
    if text.isdigit() and 1 <= int(text) <= 24:
        return int(text)
    return None


def board_for_player0(position: Position, mover: int) -> Position:
    """The position seen from player 0, given one seen from ``mover``."""
    return position if mover == 0 else position.swapped()


def display_number(point: int, viewer: int) -> int:
    """Player 0's point ``point`` as ``viewer`` numbers it."""
    return point if viewer == 0 else 25 - point
