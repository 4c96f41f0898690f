"""The keyboard: Enter or Space chooses a board place, arrows move between places, Escape drops
the selection; anywhere on the page, R rolls, U undoes, C confirms, H asks for a hint (through their buttons).
"""

from __future__ import annotations

from typing import Any

from app.dom import el, js_value, place_of
from app.page.board_input.animation import focus_place
from app.page.board_input.focus_moves import Row, neighbour, row_of
from app.page.host import BoardInput
from app.page.step import Choose, Select

SHORTCUTS = {"r": "roll", "u": "undo", "c": "confirm", "h": "hint"}
"""Keys that press a game button (ids ``btn-<name>``) when it is shown and enabled."""


class BoardKeys:
    """The board's ``keydown`` and ``focusin`` listeners, and the page's shortcuts."""

    def __init__(self, host: BoardInput) -> None:
        self.host = host
        self.row_hint: Row = "bottom"  # the row last focused: the bar and trays span both

    def on_focus_in(self, event: Any) -> None:
        """A place took the focus: it becomes the board's one Tab stop (roving tabindex)."""
        place = place_of(event.target)
        if place is None:
            return
        self.row_hint = row_of(place, self.row_hint, turned=self.host.turned)
        group = js_value(event.target.closest("[data-point]"))
        if group is None or group.getAttribute("tabindex") is None:
            return
        for other in el("board").querySelectorAll('[data-point][tabindex="0"]'):
            other.setAttribute("tabindex", "-1")
        group.setAttribute("tabindex", "0")

    def on_key(self, event: Any) -> None:
        place = place_of(event.target)
        if place is None:
            return
        key = str(event.key)
        if key in ("Enter", " "):
            event.preventDefault()
            self.host.dispatch(Choose(place))
        elif key == "Escape" and self.host.selected is not None:
            event.preventDefault()
            self.host.dispatch(Select(None))
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            target = neighbour(place, key, flipped=self.host.flipped, hint=self.row_hint, turned=self.host.turned)
            event.preventDefault()
            if target is not None:
                focus_place(str(target))


def on_shortcut(event: Any) -> None:
    """The document's ``keydown``: a shortcut key clicks its button (not while typing in a form)."""
    if event.ctrlKey or event.metaKey or event.altKey or event.defaultPrevented:
        return
    target = js_value(event.target)
    in_form = target is not None and hasattr(target, "closest")
    if in_form and js_value(target.closest("input, select, textarea, dialog")) is not None:
        return
    name = SHORTCUTS.get(str(event.key).lower())
    if name is None:
        return
    button = el(f"btn-{name}")
    if not button.hidden and not button.disabled:
        event.preventDefault()
        button.click()
