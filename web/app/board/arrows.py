"""Arrows for diagrams: a play's journeys, from the core's steps or from written notation.

>>> arrows_from_notation("bar/22*/16", mover=1)
(ArrowView(start='bar', end=3, owner=1), ArrowView(start=3, end=9, owner=1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.board.places import Place, from_mover
from core.notation import parse_journeys


@dataclass(frozen=True, slots=True, repr=False)
class ArrowView:
    """An arrow for a diagram: one checker's journey from ``start`` to ``end`` (player 0's numbering).

    ``style``: ``""`` (the owner's colour), ``"played"`` (a play made, dashed) or ``"best"`` (the
    best play, solid): a review draws both on one board (:mod:`app.records.review`)."""

    start: Place
    end: Place
    owner: int
    style: str = ""

    def __repr__(self) -> str:
        """What rebuilds it; ``style`` only when set.

        >>> ArrowView(13, 7, 0, "best")
        ArrowView(start=13, end=7, owner=0, style='best')
        """
        style = f", style={self.style!r}" if self.style else ""
        return f"ArrowView(start={self.start!r}, end={self.end!r}, owner={self.owner}{style})"


def arrows_from_steps(steps: Sequence[tuple[int, ...]], mover: int = 0) -> tuple[ArrowView, ...]:
    """One arrow per step of a play (the core's ``(from, to)`` steps, mover's numbering).

    A checker moving twice (``13/7`` with 4-2 as ``13/9 9/7``) gives one arrow per die.

    >>> arrows_from_steps([(13, 7), (8, 7)])
    (ArrowView(start=13, end=7, owner=0), ArrowView(start=8, end=7, owner=0))
    >>> arrows_from_steps([(25, 22)], mover=1)
    (ArrowView(start='bar', end=3, owner=1),)
    """
    return tuple(ArrowView(from_mover(s[0], mover), from_mover(s[1], mover), mover) for s in steps)


def arrows_from_notation(text: str, mover: int = 0) -> tuple[ArrowView, ...]:
    """Arrows for a play written in gnubg's notation (``"13/7 8/7"``, ``"bar/22*/16"``, ``"6/2(2)"``).

    This only draws: the core reads the journeys (:func:`core.notation.parse_journeys`,
    the syntax :func:`core.notation.parse_play` reads) without checking that they are
    legal. A journey through an intermediate point gives one arrow per leg. Raises
    :class:`core.errors.InvalidNotationError` for text that is not notation.

    >>> arrows_from_notation("13/7 8/7")
    (ArrowView(start=13, end=7, owner=0), ArrowView(start=8, end=7, owner=0))
    >>> len(arrows_from_notation("24/18(2)"))
    2
    """
    legs = [leg for points in parse_journeys(text) for leg in zip(points, points[1:])]
    return arrows_from_steps(legs, mover)
