"""The checkers a step moves, for the animation (pure): the mover's, and a blot hit on the way."""

from __future__ import annotations

from app.board.places import BAR, Place, from_mover, to_mover
from core.match import Match

Moved = tuple[tuple[int, Place, Place], ...]
"""Checkers that move: ``(owner, from, to)`` in player 0's numbering."""


def checkers_moved(match: Match, start: Place, end: Place | None) -> Moved:
    """The checkers a step from ``start`` moves: the mover's, and a hit blot to the bar (the core says which).

    ``end=None``: the step the core would choose for ``start`` (a click on the selected checker).

    >>> from core.game import Setup
    >>> from core.position import Position
    >>> match = Match.new(3).opening_with(3, 1)
    >>> checkers_moved(match, 8, 5), checkers_moved(match, 6, None)
    (((0, 8, 5),), ((0, 6, 3),))
    >>> blot = Match.new(3, setup=Setup(Position.from_text("x 13:2 / o 14:1"), 0, (2, 1)))
    >>> checkers_moved(blot, 13, 11)
    ((0, 13, 11), (1, 11, 'bar'))
    """
    game = match.game
    mover = game.turn or 0
    turn = game.turn_in_progress
    if end is None and turn is not None:
        steps = [to for s, to, _ in turn.next_steps() if s == to_mover(start, mover)]
        if not steps:
            return ()
        end = from_mover(steps[0], mover)
    assert end is not None
    moves: list[tuple[int, Place, Place]] = [(mover, start, end)]
    route = () if turn is None else turn.routes(to_mover(start, mover)).get(to_mover(end, mover), ())
    if len(route) > 1 and turn is not None:  # by the sum of the dice: every blot hit on the way goes to the bar
        hits = turn.move(to_mover(start, mover), to_mover(end, mover)).hits[len(turn.hits) :]
        moves.extend((1 - mover, from_mover(h, mover), BAR) for h in hits)
    elif turn is not None and turn.would_hit(to_mover(end, mover)):
        moves.append((1 - mover, end, BAR))
    return tuple(moves)
