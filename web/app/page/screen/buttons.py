"""What the page around the board shows: its phase, its buttons, keyboard moves between places.

Pure functions of the core's values; :mod:`app.page.app` applies them to the DOM.

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

from app.board.places import BAR, Place, from_mover, to_mover
from core.limits import MAX_MATCH_LENGTH
from core.match import Match

PagePhase = Literal["opening", "roll", "move", "double", "resign", "game-over", "match-over"]

BUTTONS = ("roll", "double", "take", "beaver", "pass", "undo", "confirm", "resign", "accept", "decline")
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
    ('take', 'pass')
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
        shown = ("take", "beaver", "pass") if "beaver" in actions else ("take", "pass")
        return Controls(shown, shown, None)
    if game.phase == "resign":
        return Controls(("accept", "decline"), ("accept", "decline"), None)
    turn = game.turn_in_progress
    if turn is not None and turn.legal_play_count == 0:
        return Controls(("pass", "resign"), ("pass", "resign"), "pass")
    enabled = tuple(name for name in ("undo", "confirm", "resign") if name in actions)
    return Controls(("undo", "confirm", "resign"), enabled, "confirm" if "confirm" in actions else None)


def read_match_length(text: str) -> int | None:
    """The match length typed in the new-match dialog, or ``None`` when it is not one.

    0 is a money session; the longest match is the core's :data:`~core.limits.MAX_MATCH_LENGTH`.

    >>> read_match_length("7"), read_match_length("0"), read_match_length("65"), read_match_length("x")
    (7, 0, None, None)
    """
    try:
        length = int(text)
    except ValueError:
        return None
    return length if 0 <= length <= MAX_MATCH_LENGTH else None


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


# -- the checkers a step moves (for the animation) -----------------------------------------
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


# -- moving the keyboard focus over the board ----------------------------------------------
Row = Literal["top", "bottom"]

_TOP: tuple[Place, ...] = (13, 14, 15, 16, 17, 18, "bar", 19, 20, 21, 22, 23, 24, "off")
_BOTTOM: tuple[Place, ...] = (12, 11, 10, 9, 8, 7, "bar", 6, 5, 4, 3, 2, 1, "off")


def row_of(place: Place, hint: Row = "bottom") -> Row:
    """The row a place is drawn in; the bar and the trays span both, so ``hint`` decides.

    >>> row_of(13), row_of(12), row_of("bar", "top")
    ('top', 'bottom', 'top')
    """
    if isinstance(place, int):
        return "top" if place >= 13 else "bottom"
    return hint


def neighbour(place: Place, key: str, *, flipped: bool = False, hint: Row = "bottom") -> Place | None:
    """The place the focus goes to from ``place`` with an arrow key (or Home/End), as drawn on screen.

    Points are numbered from player 0's side (13..24 along the top, 12..1 along the
    bottom, left to right, with the bar between the halves and the trays on the
    right); ``flipped`` mirrors the board.

    >>> neighbour(18, "ArrowRight"), neighbour("bar", "ArrowRight", hint="bottom"), neighbour(13, "ArrowDown")
    ('bar', 6, 12)
    >>> neighbour(1, "ArrowRight"), neighbour(13, "ArrowUp"), neighbour(13, "ArrowLeft", flipped=True)
    ('off', None, 14)
    >>> neighbour(12, "Home"), neighbour(12, "End", flipped=True)
    (12, 12)
    """
    row = row_of(place, hint)
    if key in ("ArrowUp", "ArrowDown"):
        if isinstance(place, str):
            return None
        if (key == "ArrowUp") == (row == "top"):
            return None
        return 25 - place
    line = _TOP if row == "top" else _BOTTOM
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


# -- forgiving taps on a small screen --------------------------------------------------------
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
