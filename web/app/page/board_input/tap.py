"""Forgiving taps on a small screen (pure): the place a finger meant."""

from __future__ import annotations

from app.board.places import Place

TAP_SLACK_PX = 12
"""How far (CSS pixels) beside a place's column a finger may land and still choose it."""

Box = tuple[float, float, float, float]
"""A place's column on screen: left, top, right, bottom."""


def forgiving_place(
    tapped: Place | None, targets: dict[Place, Box], x: float, y: float, slack: float = TAP_SLACK_PX
) -> Place | None:
    """The place a finger meant: ``tapped`` when it can be used (it is in ``targets``), else the
    target whose column is nearest the tap sideways, within ``slack`` pixels, and spans its height.

    ``targets``: the places a tap may use now (movable checkers, lit destinations), with their columns.

    >>> columns = {5: (100.0, 0.0, 124.0, 200.0), 8: (200.0, 0.0, 224.0, 200.0)}
    >>> forgiving_place(6, columns, 130.0, 50.0), forgiving_place(5, columns, 110.0, 50.0)
    (5, 5)
    >>> forgiving_place(6, columns, 160.0, 50.0), forgiving_place(6, columns, 130.0, 250.0)
    (6, 6)
    """
    if tapped in targets:
        return tapped
    best: tuple[float, Place] | None = None
    for place, (left, top, right, bottom) in targets.items():
        if not top <= y <= bottom:
            continue
        gap = left - x if x < left else x - right if x > right else 0.0
        if gap <= slack and (best is None or gap < best[0]):
            best = (gap, place)
    return tapped if best is None else best[1]
