"""Nothing lost without asking, and the keyboard kept on the board (#46), en/fr.

- New match with a match in progress asks first (also when another tab played it meanwhile);
- Undo after a move by the sum (one gesture, both dice) restores the turn's start;
- after Roll, Confirm or Undo, whose buttons then hide, the keyboard focus is on the board;
- names belong to seats: the computer keeps its own name, and a player's name never becomes it.

Seed 24 opens 6-4 for White (the bottom player), who moves first.
"""

from __future__ import annotations

import pytest
from match_helpers import board_state, click_point, dice_state, open_app, turn_state, wait_phase
from playwright.sync_api import Page, expect

WORDS = {
    "en": {"start": "Start", "replace": "Replace it", "computer": "Computer"},
    "fr": {"start": "Commencer", "replace": "Le remplacer", "computer": "Ordinateur"},
}


def new_match(page: Page, opponent: str = "human", names: tuple[str, str] = ("Ann", "Bob")) -> None:
    """Fill the new-match dialog (opened by its button unless open) and press Start once."""
    dialog = page.locator("#new-match-dialog")
    if not dialog.is_visible():
        page.locator("#btn-new").click()
    expect(dialog).to_be_visible()
    page.locator("#nm-opponent").select_option(opponent)
    if opponent == "bot":
        page.locator("#nm-level").select_option("beginner")
    page.locator("#nm-name0").fill(names[0])
    if opponent != "bot":
        page.locator("#nm-name1").fill(names[1])
    page.locator("#nm-length").fill("3")
    page.locator("#nm-start").click()


def opening_64(page: Page, lang: str) -> None:
    open_app(page, f"?seed=24&lang={lang}")
    new_match(page)
    expect(page.locator("#new-match-dialog")).to_be_hidden()
    wait_phase(page, "opening")
    page.locator("#btn-roll").click()
    wait_phase(page, "move")
    assert sorted(d[0] for d in dice_state(page)) == ["4", "6"]


def focus_in_board(page: Page) -> bool:
    inside: bool = page.evaluate("() => document.getElementById('board').contains(document.activeElement)")
    return inside


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_new_match_asks_before_ending_a_match_in_progress(page: Page, lang: str) -> None:
    words = WORDS[lang]
    opening_64(page, lang)
    click_point(page, "24")
    click_point(page, "18")
    moved = board_state(page)
    dialog, warning, start = page.locator("#new-match-dialog"), page.locator("#nm-replace"), page.locator("#nm-start")
    new_match(page)
    expect(warning).to_be_visible()  # Start asked first: nothing replaced yet
    expect(warning).to_contain_text("Ann–Bob (0–0)")
    expect(start).to_have_text(words["replace"])
    expect(dialog).to_be_visible()
    assert board_state(page) == moved and turn_state(page)["phase"] == "move"
    page.locator("#nm-cancel").click()  # kept: the match goes on where it was
    expect(dialog).to_be_hidden()
    assert board_state(page) == moved
    new_match(page, names=("Cy", "Di"))
    expect(warning).to_be_visible()
    page.locator("#nm-start").click()  # asked, answered: the new match replaces it
    expect(dialog).to_be_hidden()
    wait_phase(page, "opening")
    assert board_state(page)["24"] == [2, 0] and board_state(page)["18"] == [0, 0]
    expect(page.locator("#board .caption[data-player='0']")).to_contain_text("Cy")
    page.locator("#btn-new").click()  # a match not begun is replaced without a question
    expect(warning).to_be_hidden()
    expect(start).to_have_text(words["start"])
    start.click()
    expect(dialog).to_be_hidden()


def test_new_match_asks_when_another_tab_played_the_match(page: Page) -> None:
    open_app(page, "?seed=24&lang=en")
    new_match(page)
    wait_phase(page, "opening")
    other = page.context.new_page()  # the same match in a second tab, played there
    open_app(other, "?seed=24&lang=en")
    other.locator("#btn-roll").click()
    wait_phase(other, "move")
    page.bring_to_front()  # back to the first tab, as a player would (a hidden tab is throttled)
    new_match(page, names=("Cy", "Di"))  # this tab had the match at its opening roll
    expect(page.locator("#nm-replace")).to_be_visible()
    expect(page.locator("#new-match-dialog")).to_be_visible()
    wait_phase(other, "move")
    other.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_undo_after_a_move_by_the_sum_restores_the_turns_start(page: Page, lang: str) -> None:
    opening_64(page, lang)
    start = board_state(page), turn_state(page)["movable"]
    click_point(page, "24")
    assert "14" in turn_state(page)["sum_dests"]
    click_point(page, "14")  # one gesture, both dice: 24/18/14
    expect(page.locator('#board [data-point="14"] [data-checker]')).to_have_count(1)
    assert [d[2] for d in dice_state(page)] == [True, True]
    page.locator("#btn-undo").click()
    expect(page.locator('#board [data-point="14"] [data-checker]')).to_have_count(0)
    assert (board_state(page), turn_state(page)["movable"]) == start
    assert [d[2] for d in dice_state(page)] == [False, False]
    expect(page.locator("#btn-undo")).to_be_disabled()
    # two gestures of one die each are taken back one at a time
    click_point(page, "24")
    click_point(page, "18")
    click_point(page, "13")
    click_point(page, "9")
    page.locator("#btn-undo").click()
    expect(page.locator('#board [data-point="9"] [data-checker]')).to_have_count(0)
    assert board_state(page)["18"] == [1, 0]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_keyboard_focus_stays_on_the_board(page: Page, lang: str) -> None:
    open_app(page, f"?seed=24&lang={lang}")
    new_match(page)
    wait_phase(page, "opening")
    expect(page.locator("#btn-roll")).to_be_focused()  # the dialog hands the focus to Roll
    page.keyboard.press("Enter")
    wait_phase(page, "move")
    assert focus_in_board(page)  # not the page's body: Roll is gone
    click_point(page, "24")
    click_point(page, "18")
    page.locator("#btn-undo").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#btn-undo")).to_be_disabled()
    assert focus_in_board(page)
    click_point(page, "24")
    click_point(page, "14")
    page.locator("#btn-confirm").focus()
    page.keyboard.press("Enter")
    wait_phase(page, "roll")
    assert focus_in_board(page)
    page.keyboard.press("r")  # the shortcut rolls from the board, and the focus stays there
    wait_phase(page, "move")
    assert focus_in_board(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_computer_keeps_its_name_and_players_keep_theirs(page: Page, lang: str) -> None:
    words = WORDS[lang]
    open_app(page, f"?seed=24&lang={lang}")
    new_match(page, names=("Ann", "Bob"))
    wait_phase(page, "opening")
    page.locator("#btn-new").click()
    page.locator("#nm-opponent").select_option("bot")
    expect(page.locator("#nm-name1-field")).to_be_hidden()  # the computer's seat takes no typed name
    expect(page.locator("#nm-name1")).to_have_value("Bob")
    new_match(page, "bot", ("Ann", ""))
    expect(page.locator("#new-match-dialog")).to_be_hidden()
    wait_phase(page, "opening")
    expect(page.locator("#board .caption[data-player='1']")).to_contain_text(words["computer"])
    expect(page.locator("#board .caption[data-player='1']")).not_to_contain_text("Bob")
    expect(page.locator("#board .caption[data-player='0']")).to_contain_text("Ann")
    page.locator("#btn-new").click()
    page.locator("#nm-opponent").select_option("human")
    expect(page.locator("#nm-name1-field")).to_be_visible()
    expect(page.locator("#nm-name1")).to_have_value("")  # the computer's name does not pass to a player
    expect(page.locator("#nm-name0")).to_have_value("Ann")


def test_new_match_over_a_match_by_link_asks_about_the_saved_match(page: Page) -> None:
    open_app(page, "?seed=24&lang=en")
    new_match(page)
    wait_phase(page, "opening")
    page.locator("#btn-roll").click()
    wait_phase(page, "move")  # the saved match, begun
    page.locator("#btn-new").click()  # a match by link opens over it (and never ends it)
    page.locator("#nm-opponent").select_option("link")
    page.locator("#nm-start").click()
    page.wait_for_function("() => document.getElementById('link-panel').dataset.entries === '1'")
    new_match(page, names=("Cy", "Di"))  # a new match at this screen would replace the saved one: asked
    expect(page.locator("#nm-replace")).to_be_visible()
    expect(page.locator("#nm-replace")).to_contain_text("Ann–Bob (0–0)")
    expect(page.locator("#new-match-dialog")).to_be_visible()
