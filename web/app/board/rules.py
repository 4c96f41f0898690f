"""The few rules the page computes itself, each in one place, until the core answers them.

Today only the hit rule: a checker landing on a point that holds a lone opposing checker
(a blot) hits it. The move list, the replay and the embed mark hits with ``*``
(:func:`hit_points`); the page's animation sends the hit checker to the bar
(:func:`blot_hit`). The core decides every move; these only describe one.

>>> blot = [0] * 25
>>> blot[24 - 5] = 1  # the other player's lone checker on their 20 point: the mover's 5 point
>>> hit_points(blot, [(8, 5), (6, 5)])
(5,)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.board.places import Place
from app.board.view import BoardView


def hit_points(opponent: Sequence[int], steps: Iterable[Sequence[int]]) -> tuple[int, ...]:
    """Points (mover's numbering) where ``steps`` (``(from, to, ...)``) land on an opposing blot.

    ``opponent``: the other player's counts from their own side (point ``p`` of the mover
    is their ``25 - p``), before the first step; a blot hit once is gone for the next steps.
    """
    board = list(opponent)
    hits = []
    for step in steps:
        to = step[1]
        if 1 <= to <= 24 and board[24 - to] == 1:
            board[24 - to] = 0
            hits.append(to)
    return tuple(hits)


def blot_hit(view: BoardView, end: Place, mover: int) -> bool:
    """True when ``mover`` landing on ``end`` (player 0's numbering) hits: one checker of the other player stands there.

    >>> from core.match import Match
    >>> from app.board.view import build_view
    >>> view = build_view(Match.new(3).opening_with(3, 1))
    >>> blot_hit(view, 24, 0), blot_hit(view, 5, 0)
    (False, False)
    """
    if not isinstance(end, int):
        return False
    point = view.point(end)
    return point.owner == 1 - mover and point.count == 1
