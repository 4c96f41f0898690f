"""A finger on a phone (390x844, touch), with real touch input: the DevTools protocol's
``Input.dispatchTouchEvent`` goes through the browser's own input pipeline (touch-action,
scrolling, long-press), where synthetic pointer events (``match_helpers.touch_drag``) do not.

Seed 24 opens 6-4 for White (the bottom player), who moves first.
"""

from __future__ import annotations

from typing import Any

import pytest
from match_helpers import board_state, dice_state, open_app, start_match, turn_state, wait_phase
from playwright.sync_api import CDPSession, Page, expect

STEPS = 8  # finger moves between the press and the lift


class Finger:
    """One finger on the page, through the DevTools protocol."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp: CDPSession = page.context.new_cdp_session(page)

    def _send(self, kind: str, points: list[dict[str, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Press at ``start``, move in :data:`STEPS` steps to ``end``, lift."""
        self._send("touchStart", [{"x": start[0], "y": start[1]}])
        for i in range(1, STEPS + 1):
            x = start[0] + (end[0] - start[0]) * i / STEPS
            y = start[1] + (end[1] - start[1]) * i / STEPS
            self._send("touchMove", [{"x": x, "y": y}])
        self._send("touchEnd", [])

    def tap(self, at: tuple[float, float]) -> None:
        self._send("touchStart", [{"x": at[0], "y": at[1]}])
        self._send("touchEnd", [])

    def long_press(self, at: tuple[float, float], ms: int = 1200) -> None:
        self._send("touchStart", [{"x": at[0], "y": at[1]}])
        self.page.wait_for_timeout(ms)  # a long press is made of time: nothing else to wait on
        self._send("touchEnd", [])


def middle(box: dict[str, float] | None) -> tuple[float, float]:
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def top_checker(page: Page, place: str) -> tuple[float, float]:
    return middle(page.locator(f'#board [data-point="{place}"] [data-checker]').last.bounding_box())


def column(page: Page, place: str) -> tuple[float, float]:
    return middle(page.locator(f'#board [data-point="{place}"] .hit').bounding_box())


def opening_64(page: Page, lang: str) -> None:
    """A two-human match, the opening 6-4 rolled, the page in ``lang``."""
    open_app(page, "?seed=24&lang=en")
    start_match(page, 3, ("Ann", "Bob"))
    if lang == "fr":
        page.locator("#btn-lang").click()
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.locator("#btn-roll").click()
    wait_phase(page, "move")
    assert sorted(d[0] for d in dice_state(page)) == ["4", "6"]


def record_pointers(page: Page) -> None:
    """Count, on the page, the board's pointer cancels and the scrolls (what a lost drag shows)."""
    page.evaluate(
        """() => {
          window.__touch = {cancels: 0, scrolls: 0, menus: 0};
          document.getElementById('board').addEventListener('pointercancel', () => window.__touch.cancels++);
          window.addEventListener('scroll', () => window.__touch.scrolls++);
          window.addEventListener('contextmenu', (e) => { if (!e.defaultPrevented) window.__touch.menus++; });
        }"""
    )


def recorded(page: Page) -> dict[str, int]:
    counts: dict[str, int] = page.evaluate("() => window.__touch")
    return counts


def board_styles(page: Page) -> dict[str, Any]:
    styles: dict[str, Any] = page.evaluate(
        """() => {
          const style = (sel) => getComputedStyle(document.querySelector(sel));
          return {
            svg: style('#board svg').touchAction,
            checker: style('#board [data-checker]').touchAction,
            point: style('#board [data-point="12"] .hit').touchAction,
            select: style('#board svg').userSelect,
          };
        }"""
    )
    return styles


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_finger_drags_a_checker_by_one_die(touch_page: Page, lang: str) -> None:
    page = touch_page
    opening_64(page, lang)
    record_pointers(page)
    Finger(page).drag(top_checker(page, "24"), column(page, "18"))
    expect(page.locator('#board [data-point="18"] [data-checker]')).to_have_count(1)
    assert board_state(page)["24"] == [1, 0]
    assert [d[2] for d in dice_state(page)].count(True) == 1
    assert recorded(page) == {"cancels": 0, "scrolls": 0, "menus": 0}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_finger_moves_a_checker_by_the_sum(touch_page: Page, lang: str) -> None:
    page = touch_page
    opening_64(page, lang)
    record_pointers(page)
    Finger(page).drag(top_checker(page, "24"), column(page, "14"))
    expect(page.locator('#board [data-point="14"] [data-checker]')).to_have_count(1)
    after = board_state(page)
    assert after["24"] == [1, 0] and after["18"] == [0, 0] and after["20"] == [0, 0]
    assert [d[2] for d in dice_state(page)] == [True, True]
    assert turn_state(page)["confirm"]
    assert recorded(page)["cancels"] == 0


def test_the_board_keeps_the_finger_taps_and_ignores_a_long_press(touch_page: Page) -> None:
    page = touch_page
    opening_64(page, "en")
    styles = board_styles(page)
    # the browser must not take a finger on the board for a scroll or a zoom, anywhere on it
    assert styles["svg"] == "none" and styles["checker"] == "none" and styles["point"] == "none", styles
    assert styles["select"] == "none", styles
    record_pointers(page)
    finger = Finger(page)
    finger.long_press(top_checker(page, "13"))
    assert recorded(page)["menus"] == 0
    assert page.evaluate("() => String(window.getSelection())") == ""  # no selection
    # headless Chromium opens no menu on a long press: the menu's event, as a phone sends it after
    # one, is refused on the board for a finger and left alone for a mouse (its right click)
    menu_js = """(kind) => {
      const target = document.querySelector('#board [data-point="13"] [data-checker]');
      const event = new PointerEvent('contextmenu', {bubbles: true, cancelable: true, pointerType: kind});
      target.dispatchEvent(event);
      return event.defaultPrevented;
    }"""
    assert page.evaluate(menu_js, "touch") is True
    assert page.evaluate(menu_js, "mouse") is False
    # a tap picks, a tap on a lit point moves
    finger.tap(top_checker(page, "24"))
    page.wait_for_function("() => document.querySelector('#board [data-selected]') !== null")
    assert turn_state(page)["selected"] == "24"
    finger.tap(column(page, "20"))
    expect(page.locator('#board [data-point="20"] [data-checker]')).to_have_count(1)
    assert recorded(page)["cancels"] == 0
