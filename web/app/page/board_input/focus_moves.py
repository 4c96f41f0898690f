"""Moving the keyboard focus over the board (pure): the row a place is in, the place an arrow key reaches."""

from __future__ import annotations

from typing import Literal

from app.board.places import Place

Row = Literal["top", "bottom"]

_TOP: tuple[Place, ...] = (13, 14, 15, 16, 17, 18, "bar", 19, 20, 21, 22, 23, 24, "off")
_BOTTOM: tuple[Place, ...] = (12, 11, 10, 9, 8, 7, "bar", 6, 5, 4, 3, 2, 1, "off")


def row_of(place: Place, hint: Row = "bottom", *, turned: bool = False) -> Row:
    """The row a place is drawn in; the bar and the trays span both, so ``hint`` decides.

    ``turned``: the board drawn from player 1's seat (13..24 along the bottom).

    >>> row_of(13), row_of(12), row_of("bar", "top"), row_of(13, turned=True)
    ('top', 'bottom', 'top', 'bottom')
    """
    if isinstance(place, int):
        return "top" if (place >= 13) != turned else "bottom"
    return hint


def neighbour(
    place: Place, key: str, *, flipped: bool = False, hint: Row = "bottom", turned: bool = False
) -> Place | None:
    """The place the focus goes to from ``place`` with an arrow key (or Home/End), as drawn on screen.

    Points are numbered from player 0's side (13..24 along the top, 12..1 along the
    bottom, left to right, with the bar between the halves and the trays on the
    right); ``flipped`` mirrors the board left to right, ``turned`` top to bottom.

    >>> neighbour(18, "ArrowRight"), neighbour("bar", "ArrowRight", hint="bottom"), neighbour(13, "ArrowDown")
    ('bar', 6, 12)
    >>> neighbour(1, "ArrowRight"), neighbour(13, "ArrowUp"), neighbour(13, "ArrowLeft", flipped=True)
    ('off', None, 14)
    >>> neighbour(12, "Home"), neighbour(12, "End", flipped=True)
    (12, 12)
    >>> neighbour(13, "ArrowUp", turned=True), neighbour(13, "ArrowRight", turned=True)
    (12, 14)
    """
    row = row_of(place, hint, turned=turned)
    if key in ("ArrowUp", "ArrowDown"):
        if isinstance(place, str):
            return None
        if (key == "ArrowUp") == (row == "top"):
            return None
        return 25 - place
    line = _TOP if (row == "top") != turned else _BOTTOM
    if flipped:
        line = tuple(reversed(line))
    if key == "Home":
        return line[0]
    if key == "End":
        return line[-1]
    if key not in ("ArrowLeft", "ArrowRight"):
        return None
    i = line.index(place)
    j = i + (1 if key == "ArrowRight" else -1)
    return line[j] if 0 <= j < len(line) else None
