"""The options' automatic steps after an action (pure): a forced move played, a complete turn ended."""

from __future__ import annotations

from core.match import Match


def follow_up(match: Match, *, auto_confirm: bool, auto_forced: bool) -> Match:
    """The options' automatic steps after an action: play a forced move, end a complete turn.

    A roll with no legal play is never passed automatically: the page announces it and
    waits for a click.

    >>> from core.match import Match
    >>> game = Match.new(3).opening_with(3, 1).step(8, 5).step(6, 5)
    >>> follow_up(game, auto_confirm=True, auto_forced=False).game.phase
    'roll'
    >>> from core.game import Setup
    >>> from core.position import Position
    >>> forced = Match.new(3, setup=Setup(Position.from_text("x 6:1 / o 1:1"), 0, (6, 5)))
    >>> follow_up(forced, auto_confirm=False, auto_forced=True).game.turn_in_progress.is_complete
    True
    """
    game = match.game
    turn = game.turn_in_progress
    if match.is_over or game.phase != "move" or turn is None:
        return match
    plays = game.legal_plays()
    if auto_forced and not turn.steps and len(plays) == 1:
        for start, end in plays[0].steps:
            match = match.step(start, end)
        turn = match.game.turn_in_progress
    if auto_confirm and turn is not None and turn.legal_play_count and turn.is_complete:
        match = match.confirm()
    return match
