"""The page holds still while playing (#46): with clocks on, a Roll and a move do not scroll the
board away, on a laptop (1280x800) and on a phone (390x844).

The board is sized to leave room on the screen for what sits below it (the clocks when shown,
the notice, the buttons): a button below the fold would be scrolled to at every Roll (as the
browser does to reach it, and as Playwright's click does here), taking points 13-24 off the
screen while the clock runs.
"""

from __future__ import annotations

from typing import Any

import pytest
from match_helpers import button, open_app, play_turn, wait_phase
from playwright.sync_api import Page, expect

SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=sorted(SCREENS))
def browser_context_args(browser_context_args: dict[str, Any], request: pytest.FixtureRequest) -> dict[str, Any]:
    return {**browser_context_args, "viewport": SCREENS[request.param]}


def start_with_clocks(page: Page) -> None:
    open_app(page, "?seed=24&lang=en")
    dialog = page.locator("#new-match-dialog")
    if not dialog.is_visible():
        button(page, "New match").click()
    expect(dialog).to_be_visible()
    page.locator("#nm-opponent").select_option("human")
    page.locator("#nm-name0").fill("Ann")
    page.locator("#nm-name1").fill("Bob")
    page.locator("#nm-length").fill("3")
    page.locator("#nm-clock").select_option("move90")
    page.locator("#nm-start").click()
    expect(dialog).to_be_hidden()
    wait_phase(page, "opening")


def board_top(page: Page) -> dict[str, float]:
    where: dict[str, float] = page.evaluate(
        "() => ({y: window.scrollY, top: document.getElementById('board').getBoundingClientRect().top})"
    )
    return where


def controls_on_screen(page: Page) -> bool:
    """True when every shown game button lies inside the window (none to scroll to)."""
    inside: bool = page.evaluate(
        "() => [...document.querySelectorAll('#controls .btn')].filter(b => !b.hidden)"
        ".every(b => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })"
    )
    return inside


def test_with_clocks_a_roll_and_a_move_do_not_scroll_the_board(page: Page) -> None:
    start_with_clocks(page)
    expect(page.locator("#clocks")).to_be_visible()
    before = board_top(page)
    assert before["top"] >= 0  # the whole board's top on screen
    assert controls_on_screen(page)
    button(page, "Roll").click()
    wait_phase(page, "move")
    expect(page.locator(".clock--running")).to_have_count(1)
    assert board_top(page) == before
    assert controls_on_screen(page)
    play_turn(page)  # the move by clicks on the board, then Confirm
    wait_phase(page, "roll")
    assert board_top(page) == before
    button(page, "Roll").click()
    wait_phase(page, "move")
    assert board_top(page) == before
    assert controls_on_screen(page)
