"""The game's buttons and the phase the page shows: pure functions of the core's values.

:mod:`app.page.app` applies them to the DOM (through :mod:`app.page.screen.page_view`).

>>> from core.match import Match
>>> match = Match.new(3)
>>> page_phase(match), controls_for(match).visible
('opening', ('roll',))
>>> match = match.opening_with(3, 1)
>>> page_phase(match), controls_for(match).visible, controls_for(match).enabled
('move', ('undo', 'confirm', 'resign'), ('resign',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.match import Match

PagePhase = Literal["opening", "roll", "move", "double", "resign", "game-over", "match-over"]

BUTTONS = ("roll", "double", "take", "beaver", "drop", "pass", "undo", "confirm", "resign", "accept", "decline")
"""The game's buttons, in the order they appear (ids ``btn-<name>``)."""


def page_phase(match: Match) -> PagePhase:
    """The phase the page shows (``document.body.dataset.phase``): the core's, with "over" split in two.

    >>> page_phase(Match.new(1).opening_with(3, 1).resign(3))
    'match-over'
    >>> page_phase(Match.new(3).opening_with(3, 1).resign(1).accept())
    'game-over'
    """
    if match.is_over:
        return "match-over"
    phase = match.game.phase
    if phase == "over":
        return "game-over"
    return phase


@dataclass(frozen=True, slots=True)
class Controls:
    """Buttons to show, those enabled among them, and the one to stress (the expected next click)."""

    visible: tuple[str, ...]
    enabled: tuple[str, ...]
    primary: str | None


def controls_for(match: Match, *, waiting: bool = False) -> Controls:
    """The buttons for the match as it stands; none while ``waiting`` (the computer is to act).

    Undo and Confirm stay in place (disabled) during a move, so the buttons do not jump.

    >>> from core.match import Match
    >>> game = Match.new(3).opening_with(3, 1).step(8, 5).step(6, 5)
    >>> controls_for(game).enabled, controls_for(game).primary
    (('undo', 'confirm', 'resign'), 'confirm')
    >>> controls_for(game.confirm()).visible
    ('roll', 'double', 'resign')
    >>> controls_for(game.confirm().double()).visible
    ('take', 'drop')
    """
    game = match.game
    if waiting or match.is_over or game.is_over:
        return Controls((), (), None)
    actions = match.legal_actions()
    if game.phase == "opening":
        return Controls(("roll",), ("roll",), "roll")
    if game.phase == "roll":
        shown = ("roll", "double", "resign") if "double" in actions else ("roll", "resign")
        return Controls(shown, shown, "roll")
    if game.phase == "double":
        shown = ("take", "beaver", "drop") if "beaver" in actions else ("take", "drop")  # not "pass": that is a turn
        return Controls(shown, shown, None)
    if game.phase == "resign":
        return Controls(("accept", "decline"), ("accept", "decline"), None)
    turn = game.turn_in_progress
    if turn is not None and turn.legal_play_count == 0:
        return Controls(("pass", "resign"), ("pass", "resign"), "pass")
    enabled = tuple(name for name in ("undo", "confirm", "resign") if name in actions)
    return Controls(("undo", "confirm", "resign"), enabled, "confirm" if "confirm" in actions else None)
