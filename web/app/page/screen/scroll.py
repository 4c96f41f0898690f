"""How far to scroll so that something shows, the board's top kept on screen (pure; #59).

:mod:`app.page.screen.in_view` reads the DOM and scrolls by it.
"""

from __future__ import annotations

MARGIN = 8  # px kept between what is brought into view and the screen's edge


def scroll_needed(top: float, bottom: float, board_top: float, height: float, *, margin: float = MARGIN) -> float:
    """How far to scroll down (negative: up) so that ``top``..``bottom`` shows in a screen of ``height``.

    Coordinates are the viewport's (``getBoundingClientRect``). The least scroll that shows the
    target whole (its top first when it is taller than the screen); a scroll down stops where the
    board's top (``board_top``) would leave the screen, and a board above the screen comes back.

    >>> scroll_needed(100, 200, 50, 800)  # in view already
    0
    >>> scroll_needed(700, 900, 200, 800)  # below: the least, 108 px
    108
    >>> scroll_needed(700, 900, 30, 800)  # but never past the board's top
    22
    >>> scroll_needed(-300, -100, 200, 800)  # above (an alert over the board): up to it
    -308
    >>> scroll_needed(100, 200, -220, 800)  # the board scrolled away: back to its top
    -228
    """
    need: float = 0
    if bottom + margin > height:
        need = min(bottom + margin - height, top - margin)
    elif top - margin < 0:
        need = top - margin
    if need > 0:
        need = max(0, min(need, board_top - margin if board_top > margin else 0))
    if board_top - need < 0:  # the board's top above the screen: it comes back first
        need = board_top - margin
    return need
