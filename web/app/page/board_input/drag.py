"""The pointer on the board: a click chooses a place; a press on a movable checker that moves
past a few pixels drags it, and the drop steps it (or says why not).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyscript import document, window

from app.board.places import Place, parse_place
from app.dom import create_once, el, js_value, place_of
from app.page.board_input.animation import svg_scale, top_checker, with_ring
from app.page.board_input.tap import Box, forgiving_place
from app.page.host import BoardInput
from app.page.step import Choose, Drop, Select

DRAG_THRESHOLD_PX = 6


@dataclass
class Drag:
    """A pointer pressed on a checker at ``place``: a drag once it moves past the threshold.
    Shared by the board (:class:`BoardPointer`) and the position editor (``#ed-board``)."""

    place: Place
    pointer: int
    x: float
    y: float
    started: bool = False
    elements: tuple[Any, ...] = ()

    @classmethod
    def pressed(cls, place: Place, event: Any) -> Drag:
        """A press of ``event``'s pointer at ``place``."""
        return cls(place, int(event.pointerId), float(event.clientX), float(event.clientY))

    def offset(self, event: Any) -> tuple[float, float] | None:
        """How far the pointer has moved since the press; None for another pointer, or while a
        press not yet started has moved less than :data:`DRAG_THRESHOLD_PX`."""
        if int(event.pointerId) != self.pointer:
            return None
        dx, dy = float(event.clientX) - self.x, float(event.clientY) - self.y
        if not self.started and dx * dx + dy * dy < DRAG_THRESHOLD_PX * DRAG_THRESHOLD_PX:
            return None
        return dx, dy

    def lift(self, elements: Any, board_id: str) -> None:
        """Start the drag of ``elements`` (the checker, and its ring if any): drawn last in
        ``#board_id``'s drawing (above every other checker), marked dragged; the board
        captures the pointer."""
        self.started = True
        svg = js_value(el(board_id).querySelector("svg"))
        for item in elements:
            item.classList.add("checker--dragged")
            svg.appendChild(item)
        self.elements = tuple(elements)
        el(board_id).setPointerCapture(self.pointer)

    def follow(self, event: Any, dx: float, dy: float, board_id: str) -> None:
        """Move the lifted elements with the pointer (``dx``, ``dy`` screen pixels)."""
        scale = svg_scale(board_id)
        for item in self.elements:
            item.setAttribute("transform", f"translate({dx / scale:.1f} {dy / scale:.1f})")
        event.preventDefault()


class ClickGuard:
    """The click that ends a drag is not a choice: :meth:`arm` at the drop, and
    :meth:`swallow` is true for that click only (cleared after the event either way)."""

    def __init__(self) -> None:
        self.armed = False

    def arm(self) -> None:
        self.armed = True
        window.setTimeout(create_once(self._clear), 0)

    def swallow(self) -> bool:
        armed, self.armed = self.armed, False
        return armed

    def _clear(self) -> None:
        self.armed = False


def drop_place(event: Any) -> Place | None:
    """The place under the pointer where ``event`` happened (not its target: the pointer is captured)."""
    return place_of(js_value(document.elementFromPoint(event.clientX, event.clientY)))


class BoardPointer:
    """The board's click and pointer listeners."""

    def __init__(self, host: BoardInput) -> None:
        self.host = host
        self.drag: Drag | None = None
        self.click_guard = ClickGuard()
        self.pointer_type = "mouse"  # of the last press: taps are forgiving, clicks exact
        self.refused: Place | None = None
        """The player's own place pressed that has no move: dragged away, it is explained as a click is."""

    def on_click(self, event: Any) -> None:
        if self.click_guard.swallow():
            return
        place = place_of(event.target)
        view = self.host.view
        exact = place is not None and view is not None and view.owns(place, view.mover)  # a refusal to explain
        if self.pointer_type in ("touch", "pen") and not exact:  # a finger is wider than a point: the nearest usable
            place = forgiving_place(place, self._targets(), float(event.clientX), float(event.clientY))
        if place is not None:
            self.host.dispatch(Choose(place))

    def _targets(self) -> dict[Place, Box]:
        """The columns, on screen, of the places a tap may use now: lit destinations, movable checkers."""
        view = self.host.view
        if view is None:
            return {}
        out: dict[Place, Box] = {}
        for group in el("board").querySelectorAll("[data-dest][data-point], [data-movable], [data-selected]"):
            place = parse_place(str(group.dataset.point))
            hit = js_value(group.querySelector(".hit"))
            if place is None or hit is None:
                continue
            box = hit.getBoundingClientRect()
            out[place] = (float(box.left), float(box.top), float(box.right), float(box.bottom))
        return out

    def on_down(self, event: Any) -> None:
        self.pointer_type = str(event.pointerType or "mouse")
        view = self.host.view
        if event.button != 0 or not event.isPrimary or view is None:
            return
        place = place_of(event.target)
        self.refused = None
        if place is not None and place in view.movable:
            self.drag = Drag.pressed(place, event)
        elif place is not None and view.movable and view.owns(place, view.mover):  # its turn, at this screen
            self.refused = place

    def on_move(self, event: Any) -> None:
        drag = self.drag
        moved = drag.offset(event) if drag is not None else None
        if drag is None or moved is None:
            return
        if not drag.started:
            self.host.dispatch(Select(drag.place))
            view = self.host.view
            assert view is not None
            element = top_checker(drag.place, view.mover)
            if element is None:
                self.drag = None
                return
            drag.lift(with_ring(element), "board")
        drag.follow(event, *moved, "board")

    def on_up(self, event: Any) -> None:
        drag, self.drag = self.drag, None
        refused, self.refused = self.refused, None
        if refused is not None and self.host.selected is None and drop_place(event) != refused:
            self.host.dispatch(Choose(refused))  # released elsewhere: no click follows to say why it cannot move
            return
        if drag is None or not drag.started:
            return
        self.click_guard.arm()
        place = drop_place(event)
        view = self.host.view
        if place is not None and view is not None and place in view.dests:
            self.host.dispatch(Drop(drag.place, place))
        elif place != drag.place and place is not None:
            self.host.dispatch(Choose(place))  # says why not
        else:
            self.host.redraw()

    def on_cancel(self, _event: Any) -> None:
        if self.drag is not None and self.drag.started:
            self.drag = None
            self.host.redraw()
        self.drag = None
