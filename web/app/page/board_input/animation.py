"""Motion on the board: the keyboard focus kept across redraws, and checkers sliding to their new place.

The SVG is drawn again on every change (:mod:`app.board.render`); these helpers find its
elements by their ``data-point`` / ``data-checker`` attributes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from app.board.places import Place
from app.dom import el, js_object, js_value
from app.page.board_input.moved import Moved
from app.page.browser import reduced_motion

ANIMATION_MS = 220

Centres = dict[int, tuple[float, float]]
"""Screen centres of the moving checkers before a redraw, by their index in a :data:`Moved`."""


def animate() -> bool:
    """True unless the reader asked for less motion."""
    return not reduced_motion()


def focused_place() -> str | None:
    """The ``data-point`` of the board place holding the keyboard focus, if any."""
    active = js_value(document.activeElement)
    if active is None or not el("board").contains(active):
        return None
    group = js_value(active.closest("[data-point]"))
    return None if group is None else str(group.dataset.point)


def focus_place(place: str) -> None:
    """Move the keyboard focus to the board place ``place`` (a ``data-point`` value)."""
    element = js_value(el("board").querySelector(f'[data-point="{place}"]'))
    if element is not None:
        element.focus(js_object({"preventScroll": True}))


def board_keeps_focus(button: Any, action: Callable[[], object]) -> Callable[[], None]:
    """``action`` of a game button, after which the keyboard focus goes to the board when the
    button it was on is gone (Roll, Confirm, Undo hide once used): a keyboard player goes on from
    the board instead of from the top of the page (#46)."""

    def pressed() -> None:
        action()
        active = js_value(document.activeElement)
        lost = active is None or active == document.body or active == button
        if lost and (button.hidden or button.disabled):
            place = js_value(el("board").querySelector('[tabindex="0"]'))
            if place is not None:
                place.focus(js_object({"preventScroll": True}))

    return pressed


def top_checker(place: Place, owner: int, board_id: str = "board") -> Any:
    """The element of ``owner``'s last checker drawn at ``place`` (the top of the stack) in ``#board_id``, if any."""
    group = js_value(el(board_id).querySelector(f'[data-point="{place}"]'))
    if group is None:
        return None
    checkers = group.querySelectorAll(f'[data-checker][data-owner="{owner}"]')
    return checkers.item(checkers.length - 1) if checkers.length else None


def with_ring(checker: Any) -> list[Any]:
    """A checker's circle and the ring drawn just after it (render.py draws them as siblings)."""
    ring = js_value(checker.nextElementSibling)
    if ring is not None and ring.classList.contains("checker__ring"):
        return [checker, ring]
    return [checker]


def svg_scale(board_id: str = "board") -> float:
    """Screen pixels per SVG unit of the drawing in ``#board_id`` (1 when unknown)."""
    svg = js_value(el(board_id).querySelector("svg"))
    matrix = js_value(svg.getScreenCTM()) if svg is not None else None
    return float(matrix.a) if matrix is not None and matrix.a else 1.0


def checker_centres(moves: Moved) -> Centres:
    """Where the checkers about to move are on screen now (before the redraw)."""
    centres = {}
    for i, (owner, start, _) in enumerate(moves):
        element = top_checker(start, owner)
        if element is not None:
            box = element.getBoundingClientRect()
            centres[i] = (box.x + box.width / 2, box.y + box.height / 2)
    return centres


def animate_moves(moves: Moved, before: Centres) -> None:
    """Slide each moved checker from where it was (``before``) to where the redraw put it."""
    scale = svg_scale()
    for i, (owner, _, end) in enumerate(moves):
        if i not in before:
            continue
        element = top_checker(end, owner)
        if element is None:
            continue
        box = element.getBoundingClientRect()
        dx = (before[i][0] - (box.x + box.width / 2)) / scale
        dy = (before[i][1] - (box.y + box.height / 2)) / scale
        frames = js_object([{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"}, {"transform": "none"}])
        timing = js_object({"duration": ANIMATION_MS, "easing": "ease-out"})
        for item in with_ring(element):
            item.animate(frames, timing)
