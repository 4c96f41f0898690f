"""The page's automatic steps (pure): a forced move played, a complete turn ended (options), and a
roll that cannot be played passed by itself after a pause (#59)."""

from __future__ import annotations

from core.match import Match


def follow_up(match: Match, *, auto_confirm: bool, auto_forced: bool) -> Match:
    """The options' automatic steps after an action: play a forced move, end a complete turn.

    A roll with no legal play is not passed here: the page shows the roll for
    :data:`PASS_PAUSE_MS`, then passes (:func:`forced_pass`).

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


PASS_PAUSE_MS = 1600
"""How long a roll that cannot be played stays on the board before the page passes for the player:
long enough to read the dice and "White cannot move 6-6: the turn passes"."""


def forced_pass(match: Match) -> bool:
    """True when the player on roll has rolled and no checker can move: the page passes for him.

    >>> from core.game import Setup
    >>> from core.position import Position
    >>> closed = Position.from_text("x 25:2 13:5 8:3 6:5 / o 1:2 2:2 3:2 4:2 5:2 6:3 13:2")
    >>> forced_pass(Match.new(3, setup=Setup(closed, 0, (6, 6))))
    True
    >>> forced_pass(Match.new(3).opening_with(3, 1))
    False
    """
    game = match.game
    turn = game.turn_in_progress
    return not match.is_over and game.phase == "move" and turn is not None and turn.legal_play_count == 0
