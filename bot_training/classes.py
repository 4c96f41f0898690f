"""What kind of position a position is, for reporting figures by class (issue #43).

:func:`position_class` gives one of :data:`CLASSES`, the first that applies, in this order:

* ``bearoff``: no contact, and every checker of both sides in its home board (or off);
* ``race``: no contact left;
* ``bar``: the side on roll has a checker on the bar;
* ``backgame``: a side holds two or more points in the other's home board;
* ``crunched``: a side has six or more checkers on its own 1, 2 and 3 points while contact
  remains (a board that has had to break: the learner's timing positions);
* ``prime``: a side has four or more made points in a row in front of the other's rearmost
  checker;
* ``opening``: both sides still near the start: at least 140 pips each and at least 10 checkers
  each on its starting points (2 on the 24, 5 on the 13, 3 on the 8, 5 on the 6, counted up to
  those numbers);
* ``middle``: any other contact position.

The classes partition the positions (every position gets exactly one), so a mean over the
classes weighted by their counts is the overall mean. Pure functions of the position (seen by
the side on roll), built on :mod:`core.bot.features`; nothing in ``core/`` or ``web/`` imports it.

    >>> position_class(Position.initial())
    'opening'
"""

from __future__ import annotations

from collections.abc import Sequence

from core.bot.features import blocking_prime, is_back_game
from core.position import Position

CLASSES = ("bearoff", "race", "bar", "backgame", "crunched", "prime", "opening", "middle")
_START = {23: 2, 12: 5, 7: 3, 5: 5}  # index (point - 1) -> checkers there at the start


def pips(side: Sequence[int]) -> int:
    """The side's pip count (index 24, the bar, counts 25).

    >>> pips(Position.initial().player)
    167
    """
    return sum((i + 1) * n for i, n in enumerate(side))


def on_start_points(side: Sequence[int]) -> int:
    """How many of the side's checkers are on its starting points, each point counted up to its
    starting number.

    >>> on_start_points(Position.initial().player)
    15
    """
    return sum(min(side[i], n) for i, n in _START.items())


def crunched(side: Sequence[int]) -> bool:
    """Whether six or more of the side's checkers lie on its 1, 2 and 3 points."""
    return side[0] + side[1] + side[2] >= 6


def position_class(pos: Position) -> str:
    """The class of ``pos`` (see the module's notes; the first that applies)."""
    me, them = pos.player, pos.opponent
    if pos.is_race():
        return "bearoff" if not any(me[6:]) and not any(them[6:]) else "race"
    if me[24]:
        return "bar"
    if is_back_game(me, them):
        return "backgame"
    if crunched(me) or crunched(them):
        return "crunched"
    if max(blocking_prime(me, them), blocking_prime(them, me)) >= 4:
        return "prime"
    if min(pips(me), pips(them)) >= 140 and min(on_start_points(me), on_start_points(them)) >= 10:
        return "opening"
    return "middle"
