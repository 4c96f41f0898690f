"""Arrows for diagrams: a play's journeys, from the core's steps or from written notation.

>>> arrows_from_notation("bar/22*/16", mover=1)
(ArrowView(start='bar', end=3, owner=1), ArrowView(start=3, end=9, owner=1))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.board.places import Place, from_mover


@dataclass(frozen=True, slots=True)
class ArrowView:
    """An arrow for a diagram: one checker's journey from ``start`` to ``end`` (player 0's numbering)."""

    start: Place
    end: Place
    owner: int


def arrows_from_steps(steps: Sequence[tuple[int, ...]], mover: int = 0) -> tuple[ArrowView, ...]:
    """One arrow per step of a play (the core's ``(from, to)`` steps, mover's numbering).

    A checker moving twice (``13/7`` with 4-2 as ``13/9 9/7``) gives one arrow per die.

    >>> arrows_from_steps([(13, 7), (8, 7)])
    (ArrowView(start=13, end=7, owner=0), ArrowView(start=8, end=7, owner=0))
    >>> arrows_from_steps([(25, 22)], mover=1)
    (ArrowView(start='bar', end=3, owner=1),)
    """
    return tuple(ArrowView(from_mover(s[0], mover), from_mover(s[1], mover), mover) for s in steps)


_JOURNEY = re.compile(r"^((?:bar|off|\d{1,2})\*?(?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def arrows_from_notation(text: str, mover: int = 0) -> tuple[ArrowView, ...]:
    """Arrows for a play written in gnubg's notation (``"13/7 8/7"``, ``"bar/22*/16"``, ``"6/2(2)"``).

    This only draws: it reads the journeys without checking that they are legal
    (use :func:`core.notation.parse_play` for that). A journey through an
    intermediate point gives one arrow per leg.

    >>> arrows_from_notation("13/7 8/7")
    (ArrowView(start=13, end=7, owner=0), ArrowView(start=8, end=7, owner=0))
    >>> len(arrows_from_notation("24/18(2)"))
    2
    """
    arrows: list[ArrowView] = []
    for word in text.lower().split():
        match = _JOURNEY.match(word)
        if match is None:
            raise ValueError(f"cannot read the play {text!r}: {word!r}")
        names = [part.rstrip("*") for part in match.group(1).split("/")]
        points = [25 if n == "bar" else 0 if n == "off" else int(n) for n in names]
        if any(not 0 <= p <= 25 for p in points):
            raise ValueError(f"cannot read the play {text!r}: {word!r}")
        legs = [(points[i], points[i + 1]) for i in range(len(points) - 1)]
        arrows.extend(arrows_from_steps(legs, mover) * int(match.group(2) or 1))
    return tuple(arrows)
