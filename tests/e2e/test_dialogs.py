"""#17 items 10, 13, 14, 17: the new-match dialog's defaults, notices, the game-over card, money options."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import wait_ready
from match_helpers import button, open_app, phase, start_match, turn_state, wait_passed, wait_phase
from playwright.sync_api import Page, expect

NOTICE_JS = """() => {
  const n = document.getElementById('notice');
  const text = n.querySelector('.notice__text');
  return {kind: n.dataset.kind, text: text ? text.textContent : '', color: getComputedStyle(n).color,
          weight: getComputedStyle(n).fontWeight, icon: (n.querySelector('.notice__icon') || {}).textContent || ''};
}"""


OUR_TURN = """() => {
  const roll = document.getElementById('btn-roll');
  if (roll && !roll.hidden && !roll.disabled) return true;
  const svg = document.querySelector('#board svg');
  return document.body.dataset.phase === 'move' && svg && svg.dataset.turn === '0';
}"""


def notice(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(NOTICE_JS)
    return state


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


# -- item 10: the first visit's dialog ------------------------------------------------------------------
def test_a_first_visit_offers_the_computer_then_remembers_the_last_choice(page: Page) -> None:
    open_app(page, "?seed=3&lang=en")  # a fresh context: empty storage
    dialog = page.locator("#new-match-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_label("Opponent")).to_have_value("bot")
    expect(page.get_by_label("Level")).to_have_value("intermediate")
    expect(page.get_by_label("Level")).to_be_visible()
    start_match(page, 3)  # chooses "Human (same device)"
    button(page, "New match").click()
    expect(page.get_by_label("Opponent")).to_have_value("human")
    expect(page.get_by_label("Level")).to_be_hidden()
    page.get_by_label("Opponent").select_option("bot")
    page.get_by_label("Level").select_option("expert")
    button(page, "Start").click()
    wait_phase(page, "opening")
    page.reload()
    wait_ready(page)
    button(page, "New match").click()
    expect(page.get_by_label("Opponent")).to_have_value("bot")
    expect(page.get_by_label("Level")).to_have_value("expert")


# -- item 13: notices --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tie_is_a_note_a_refusal_an_error_and_neither_moves_the_buttons(page: Page, lang: str) -> None:
    open_app(page, f"?seed=2&lang={lang}")  # seed 2: the opening throws tie 1-1 first
    page.locator("#nm-opponent").select_option("human")
    page.locator("#nm-start").click()
    wait_phase(page, "opening")
    before = box(page, "#controls")
    assert notice(page)["text"] == ""
    page.locator("#btn-roll").click()
    wait_phase(page, "move")
    tie = notice(page)
    assert tie["text"] == ("Both rolled 1-1: rolled again." if lang == "en" else "Double 1-1 : relancé.")
    assert tie["kind"] == "info", tie
    assert tie["icon"] == "ℹ"
    assert box(page, "#controls")["y"] == before["y"]  # the notice's room was kept
    # a refusal: click a point that is neither a checker to move nor a destination
    state = turn_state(page)
    start = state["movable"][0]
    page.locator(f'#board [data-point="{start}"]').click()
    lit = set(turn_state(page)["dests"]) | set(state["movable"])
    blocked = next(str(p) for p in range(1, 25) if str(p) not in lit)
    page.locator(f'#board [data-point="{blocked}"]').click()
    page.wait_for_function("() => document.getElementById('notice').dataset.kind === 'error'")
    refusal = notice(page)
    assert refusal["text"][0].isupper(), refusal  # the catalogue's fragment, as a sentence
    assert refusal["text"].endswith("."), refusal
    assert refusal["icon"] == "⚠"
    assert refusal["color"] != tie["color"]  # and not by colour alone: the icon and data-kind
    assert box(page, "#controls")["y"] == before["y"]
    hidden = page.locator("#notice .visually-hidden").text_content()
    assert hidden is not None
    assert hidden.strip() == ("Error:" if lang == "en" else "Erreur :")


# -- item 14: the game-over card -----------------------------------------------------------------------
def _end_a_game_by_resigning(page: Page) -> None:
    """A 3-point match of two humans; after the opening, the player on roll resigns a single game."""
    open_app(page, "?seed=4&lang=en")
    start_match(page, 3)
    button(page, "Roll").click()
    wait_phase(page, "move")
    while phase(page) == "move":  # play the opening roll by clicks
        state = turn_state(page)
        if state["confirm"]:
            button(page, "Confirm").click()
            break
        page.locator(f'#board [data-point="{state["movable"][0]}"]').click()
        page.locator(f'#board [data-point="{turn_state(page)["dests"][0]}"]').click()
    wait_phase(page, "roll")
    button(page, "Resign").click()
    page.locator("#resign-1").click()
    button(page, "Accept").click()
    wait_phase(page, "game-over")


def test_the_game_over_card_closes_to_show_the_board_and_opens_again(page: Page) -> None:
    _end_a_game_by_resigning(page)
    card = page.locator("#over")
    bar = page.locator("#over-bar")
    expect(card).to_be_visible()
    result = page.locator("#over-result").text_content()
    # by click (touch alike: a button)
    page.get_by_role("button", name="Close the result to see the board").click()
    expect(card).to_be_hidden()
    expect(bar).to_be_visible()
    expect(page.locator("#over-bar-text")).to_have_text(result or "")
    expect(page.locator("#btn-over-show")).to_be_focused()
    # the board is not covered: a point's centre is what the page shows there
    point = box(page, '#board [data-point="13"]')
    hit = page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y).closest('#board')",
        [point["x"] + point["width"] / 2, point["y"] + point["height"] / 2],
    )
    assert hit
    # by keyboard: Enter on "Show the result", then Escape closes again
    page.keyboard.press("Enter")
    expect(card).to_be_visible()
    expect(bar).to_be_hidden()
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()
    # the bar keeps "Next game"
    page.locator("#btn-bar-next").click()
    wait_phase(page, "opening", "move", "roll")
    expect(bar).to_be_hidden()
    expect(card).to_be_hidden()


def test_the_game_over_card_closes_by_touch_on_a_phone(browser: Any, app_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  base_url=app_url)
    try:
        page = context.new_page()
        _end_a_game_by_resigning(page)
        page.locator("#btn-over-close").tap()
        expect(page.locator("#over")).to_be_hidden()
        page.locator("#btn-over-show").tap()
        expect(page.locator("#over")).to_be_visible()
    finally:
        context.close()


# -- item 17: Jacoby, resigning the match -----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_money_session_with_the_jacoby_rule_resigned_after_confirmation(page: Page, lang: str) -> None:
    words = {
        "en": ("Jacoby rule: gammons count only once the cube is turned", "Resign the session", "Yes, resign"),
        "fr": ("Règle Jacoby : les gammons ne comptent qu’une fois le videau tourné", "Abandonner la session",
               "Oui, abandonner"),
    }[lang]
    open_app(page, f"?seed=4&lang={lang}")
    page.locator("#nm-opponent").select_option("human")
    jacoby = page.get_by_label(words[0])
    expect(jacoby).to_be_hidden()  # a 5-point match: no money options
    page.locator("#nm-length").fill("0")
    expect(jacoby).to_be_visible()
    jacoby.check()
    page.locator("#nm-start").click()
    wait_phase(page, "opening")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('videau.match'))")
    assert stored["jacoby"] is True
    assert stored["length"] == 0
    page.locator("#btn-roll").click()
    wait_phase(page, "move")
    while phase(page) == "move":
        state = turn_state(page)
        if state["confirm"]:
            page.locator("#btn-confirm").click()
            break
        page.locator(f'#board [data-point="{state["movable"][0]}"]').click()
        page.locator(f'#board [data-point="{turn_state(page)["dests"][0]}"]').click()
    wait_phase(page, "roll")
    page.locator("#btn-resign").click()
    whole = page.get_by_role("button", name=words[1], exact=True)
    whole.click()
    confirm = page.locator("#resign-match-confirm")
    expect(confirm).to_be_visible()
    page.locator("#resign-match-no").click()  # cancelled: nothing happens
    expect(confirm).to_be_hidden()
    assert phase(page) == "roll"
    whole.click()
    page.get_by_role("button", name=words[2], exact=True).click()
    wait_phase(page, "match-over")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('videau.match'))")
    assert stored["resigned_by"] in (0, 1)
    expect(page.locator("#over")).to_be_visible()


def test_a_match_resigned_against_the_computer(page: Page) -> None:
    open_app(page, "?seed=5&lang=en")
    page.get_by_label("Match length").fill("3")
    button(page, "Start").click()  # the computer: the first visit's default
    wait_phase(page, "opening")
    for _ in range(40):  # until it is our turn to roll (the computer plays its own turns)
        page.wait_for_function(OUR_TURN, timeout=60_000)
        if phase(page) == "roll":
            break
        if phase(page) in ("opening", "roll"):
            button(page, "Roll").click()
            page.wait_for_function("() => !['opening', 'roll'].includes(document.body.dataset.phase)")
        while phase(page) == "move" and turn_state(page)["turn"] == "0":
            state = turn_state(page)
            if state["pass"]:
                wait_passed(page)
                break
            if state["confirm"]:
                button(page, "Confirm").click()
                break
            page.locator(f'#board [data-point="{state["movable"][0]}"]').click()
            page.locator(f'#board [data-point="{turn_state(page)["dests"][0]}"]').click()
    button(page, "Resign").click()
    button(page, "Resign the match").click()
    expect(page.locator("#resign-match-text")).to_have_text("Computer wins the match. Resign the whole match?")
    button(page, "Yes, resign").click()
    wait_phase(page, "match-over")
    expect(page.locator("#over-result")).to_contain_text("resigns the match")


# -- item 17: beavers in a money session --------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_money_session_with_beavers_double_beaver_and_the_cube_at_4(page: Page, lang: str) -> None:
    words = {
        "en": ("Beavers: a doubled player may take and redouble at once, keeping the cube", "Beaver"),
        "fr": ("Castor (beaver) : le joueur doublé peut accepter et redoubler aussitôt, en gardant le videau",
               "Castor"),
    }[lang]
    open_app(page, f"?seed=4&lang={lang}")
    page.locator("#nm-opponent").select_option("human")
    beavers = page.get_by_label(words[0])
    expect(beavers).to_be_hidden()  # a 5-point match: no money options
    page.locator("#nm-length").fill("0")
    expect(beavers).to_be_visible()
    beavers.check()
    page.locator("#nm-start").click()
    wait_phase(page, "opening")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('videau.match'))")
    assert stored["beavers"] is True
    page.locator("#btn-roll").click()
    wait_phase(page, "move")
    while phase(page) == "move":
        state = turn_state(page)
        if state["confirm"]:
            page.locator("#btn-confirm").click()
            break
        page.locator(f'#board [data-point="{state["movable"][0]}"]').click()
        page.locator(f'#board [data-point="{turn_state(page)["dests"][0]}"]').click()
    wait_phase(page, "roll")
    doubler = int(turn_state(page)["turn"])
    page.locator("#btn-double").click()
    page.locator("#double-yes").click()
    wait_phase(page, "double")
    beaver = page.get_by_role("button", name=words[1], exact=True)
    expect(beaver).to_be_visible()
    beaver.click()
    wait_phase(page, "roll")
    expect(page.locator(f'#board [data-cube="4"][data-cube-owner="{1 - doubler}"]')).to_have_count(1)
    assert turn_state(page)["turn"] == str(doubler)  # the doubler rolls on
    expect(page.locator("#btn-double")).to_be_hidden()  # the beaverer owns the cube: no raccoon
    # the dialog remembers the choice for the next session
    page.locator("#btn-new").click()
    expect(page.get_by_label(words[0])).to_be_checked()


def test_beaver_is_not_offered_in_a_money_session_without_beavers(page: Page) -> None:
    open_app(page, "?seed=4&lang=en")
    page.locator("#nm-opponent").select_option("human")
    page.locator("#nm-length").fill("0")
    page.locator("#nm-start").click()
    wait_phase(page, "opening")
    page.locator("#btn-roll").click()
    wait_phase(page, "move")
    while phase(page) == "move":
        state = turn_state(page)
        if state["confirm"]:
            page.locator("#btn-confirm").click()
            break
        page.locator(f'#board [data-point="{state["movable"][0]}"]').click()
        page.locator(f'#board [data-point="{turn_state(page)["dests"][0]}"]').click()
    wait_phase(page, "roll")
    page.locator("#btn-double").click()
    page.locator("#double-yes").click()
    wait_phase(page, "double")
    expect(page.locator("#btn-take")).to_be_visible()
    expect(page.locator("#btn-beaver")).to_be_hidden()
