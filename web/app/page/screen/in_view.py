"""Where the eye is: what the page brings into view, and the board's top kept there (#59).

Whenever the page changes what it shows (a link opened or refused, a hint, a hint's row chosen,
the best play shown), it scrolls the least that shows what changed, and never so far that the
board's top leaves the screen: on a phone (390x844) the board and the buttons under it fill
most of the screen, so a panel under them is shown as far as it fits, never at the board's cost.

The sums live in :func:`app.page.screen.scroll.scroll_needed` (pure); :func:`bring_into_view` reads the
DOM and scrolls.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from app.dom import el, js_object, js_value
from app.page.screen.scroll import MARGIN, scroll_needed


def bring_into_view(*elements: Any) -> None:
    """Scroll the least that shows ``elements`` (from the first's top to the last's bottom; none: only
    the board's top), the board's top kept in view."""
    board = el("board").getBoundingClientRect()
    boxes = [
        js_value(e).getBoundingClientRect()
        for e in elements
        if js_value(e) is not None and not getattr(e, "hidden", False)
    ]
    boxes = [box for box in boxes if float(box.height) > 0]  # inside a hidden parent: nothing to show
    if boxes:
        top, bottom = min(float(b.top) for b in boxes), max(float(b.bottom) for b in boxes)
    else:
        top = bottom = max(float(board.top), MARGIN)
    need = scroll_needed(top, bottom, float(board.top), float(window.innerHeight))
    if need:
        window.scrollBy(js_object({"top": need, "behavior": "instant"}))


def focus_quietly(element: Any) -> bool:
    """Move the keyboard focus to ``element`` without scrolling; False when there is none to focus."""
    element = js_value(element)
    if element is None or getattr(element, "hidden", False) or getattr(element, "disabled", False):  # SVG: neither
        return False
    element.focus(js_object({"preventScroll": True}))
    return True


def focus_next_step() -> None:
    """The keyboard focus on what comes next (#59): the game's stressed button (Roll, Confirm, Pass...),
    else the board's place that takes the focus; never left on ``<body>``, and no scroll."""
    button = js_value(document.querySelector("#controls .is-next:not([hidden]):not([disabled])"))
    if button is not None and focus_quietly(button):
        return
    focus_quietly(el("board").querySelector('[tabindex="0"]'))
