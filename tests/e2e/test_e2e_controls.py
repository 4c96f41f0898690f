"""The page's controls: language, keyboard play, drag and drop, options, the board's labels."""

from __future__ import annotations

import re

from e2e_helpers import wait_ready
from match_helpers import (
    board_state,
    button,
    open_app,
    play_turn,
    start_computer_match,
    start_match,
    turn_state,
    wait_phase,
)
from playwright.sync_api import Page, expect


def _active_point(page: Page) -> str | None:
    value = page.evaluate("() => (document.activeElement.closest('[data-point]') || {dataset: {}}).dataset.point")
    return None if value is None else str(value)


def test_language_from_the_url_switchable_and_remembered(page: Page) -> None:
    open_app(page, "?seed=2&lang=en")
    start_match(page, 3)
    for name in ("Roll", "New match"):
        expect(button(page, name)).to_be_visible()
    expect(page.locator('#board [data-point="13"]')).to_have_attribute("aria-label", re.compile(r"^point \d+, "))

    button(page, "Français").click()
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    for name in ("Lancer", "Nouveau match", "English"):
        expect(button(page, name)).to_be_visible()
    expect(page.locator('#board [data-point="13"]')).to_have_attribute("aria-label", re.compile(r"^case \d+, "))
    button(page, "Lancer").click()
    wait_phase(page, "move")
    for name in ("Annuler", "Valider", "Abandonner"):
        expect(button(page, name)).to_be_visible()

    page.reload()  # the choice is remembered (and the URL's ?lang= follows it)
    wait_ready(page)
    expect(button(page, "Valider")).to_be_visible()
    page.goto("./?lang=en")
    wait_ready(page)
    expect(button(page, "Confirm")).to_be_visible()


def test_the_whole_turn_from_the_keyboard(page: Page) -> None:
    open_app(page, "?seed=6&lang=en")
    start_match(page, 3)
    page.locator("body").press("r")  # shortcut: roll
    wait_phase(page, "move")

    page.locator('#board [data-point="13"]').focus()
    page.keyboard.press("ArrowRight")
    assert _active_point(page) == "14"
    page.keyboard.press("ArrowDown")
    assert _active_point(page) == "11"
    page.keyboard.press("ArrowLeft")
    assert _active_point(page) == "12"

    while turn_state(page)["phase"] == "move" and turn_state(page)["movable"]:
        start = turn_state(page)["movable"][0]
        page.locator(f'#board [data-point="{start}"]').focus()
        page.keyboard.press("Enter")
        state = turn_state(page)
        assert state["selected"] == start
        assert _active_point(page) == start  # focus survives the redraw
        page.locator(f'#board [data-point="{state["dests"][0]}"]').focus()
        page.keyboard.press(" ")
        assert turn_state(page)["selected"] is None
    page.locator("body").press("c")  # shortcut: confirm
    wait_phase(page, "roll")
    assert page.locator("#move-list li").count() == 1


def test_drag_and_drop_a_checker(page: Page) -> None:
    open_app(page, "?seed=6&lang=en")
    start_match(page, 3)
    button(page, "Roll").click()
    wait_phase(page, "move")
    start = turn_state(page)["movable"][0]
    board = board_state(page)
    checker = page.locator(f'#board [data-point="{start}"] [data-checker]').last
    box = checker.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)  # past the threshold: a drag, the destinations light up
    state = turn_state(page)
    assert state["selected"] == start
    assert state["dests"]
    dest = state["dests"][0]
    target = page.locator(f'#board [data-point="{dest}"]').bounding_box()
    assert target is not None
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=4)
    page.mouse.up()
    after = board_state(page)
    assert after != board
    assert sum(after[start]) == sum(board[start]) - 1
    assert turn_state(page)["selected"] is None
    assert page.evaluate("() => document.querySelectorAll('#board .checker--dragged').length") == 0


def test_options_end_the_turn_automatically_and_flip_the_board(page: Page) -> None:
    open_app(page, "?seed=6&lang=en")
    start_match(page, 3)
    page.get_by_label("End the turn automatically when the move is complete").check()
    button(page, "Roll").click()
    while turn_state(page)["phase"] == "move":
        state = turn_state(page)
        start = state["movable"][0]
        page.locator(f'#board [data-point="{start}"]').click()
        page.locator(f'#board [data-point="{turn_state(page)["dests"][0]}"]').click()
    assert turn_state(page)["phase"] == "roll"  # no Confirm needed

    board = board_state(page)
    left_before = page.locator('#board [data-point="13"]').bounding_box()
    button(page, "Flip board").click()
    left_after = page.locator('#board [data-point="13"]').bounding_box()
    assert left_before is not None
    assert left_after is not None
    assert left_after["x"] > left_before["x"]  # point 13 moved to the right-hand side
    assert board_state(page) == board
    page.reload()
    wait_ready(page)
    expect(page.get_by_label("End the turn automatically when the move is complete")).to_be_checked()
    assert page.locator("#board svg.board--flipped").count() == 1


def test_a_refused_click_says_why(page: Page) -> None:
    open_app(page, "?seed=6&lang=en")
    start_match(page, 3)
    button(page, "Roll").click()
    wait_phase(page, "move")
    state = turn_state(page)
    start = state["movable"][0]
    page.locator(f'#board [data-point="{start}"]').click()
    lit = set(turn_state(page)["dests"]) | set(state["movable"])
    blocked = next(str(p) for p in range(1, 25) if str(p) not in lit)  # neither a checker to move nor a destination
    page.locator(f'#board [data-point="{blocked}"]').click()
    expect(page.locator("#notice")).not_to_be_empty()
    assert turn_state(page)["selected"] is None


def test_a_match_against_the_computer(page: Page) -> None:
    open_app(page, "?seed=6&lang=en")
    start_computer_match(page, "beginner", 1)
    expect(page.locator("#board .caption[data-player='1']")).to_contain_text("Computer")
    for _ in range(3):  # the human plays, then the computer answers on its own
        if turn_state(page)["phase"] in ("opening", "roll"):
            button(page, "Roll").click()
        play_turn(page)
        page.wait_for_function(
            "() => document.body.dataset.phase === 'roll'"
            " && document.querySelector('#board svg').dataset.turn === '0'"
            " && !document.getElementById('btn-roll').hidden"
        )
    entries = page.locator("#move-list li")
    assert entries.count() >= 5
    assert page.locator("#move-list .moves__item--1").count() >= 2  # the computer's moves
    page.reload()  # the computer comes back with the match
    wait_ready(page)
    expect(page.locator("#board .caption[data-player='1']")).to_contain_text("Computer")
    button(page, "Roll").click()
    play_turn(page)
    page.wait_for_function("() => document.querySelector('#board svg').dataset.turn === '0'")
