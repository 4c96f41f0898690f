"""Playing on the board: refusals explained by the core's reason, moves by the sum of the dice,
one Tab stop for the board, forgiving taps on a phone.

Positions are set up as a player would (the page's set-up box, an XGID); dice come from
``?seed=`` or from the XGID. Every check reads the board the page drew.
"""

from __future__ import annotations

from typing import Any

import pytest
from match_helpers import (
    board_state,
    button,
    centre,
    dice_state,
    open_app,
    start_match,
    touch_drag,
    turn_state,
    wait_phase,
)
from playwright.sync_api import Frame, Page, expect
from test_embed import click_places, embed_frame, reopen, status, wait_embed

BEAR_OFF = "XGID=-BCB---------------cccbbb-:0:0:1:65:0:0:0:0:10"
"""White (the bottom player) to bear off 6-5 with checkers on 3, 2 and 1 and nothing of Black's at home."""

BEAR_OFF_TEXT = {
    "en": "A larger number bears off only from the highest point.",
    "fr": "Un nombre plus grand ne sort un pion que de la case occupée la plus haute.",
}


def set_up(page: Page, xgid: str) -> None:
    """Replace the match by the position of ``xgid`` through the page's set-up box (two humans)."""
    page.locator("#rec-setup").click()
    expect(page.locator("#setup-dialog")).to_be_visible()
    page.locator("#setup-text").fill(xgid)
    page.locator("#setup-opponent").select_option("human")
    expect(page.locator("#setup-play")).to_be_enabled()
    page.locator("#setup-play").click()
    expect(page.locator("#setup-dialog")).to_be_hidden()


def app_with(page: Page, xgid: str, lang: str, query: str = "?seed=1&lang=en") -> None:
    """The app showing ``xgid``, its texts in ``lang``."""
    open_app(page, query)
    start_match(page, 3, ("Ann", "Bob"))
    set_up(page, xgid)
    if lang == "fr":
        page.locator("#btn-lang").click()
        page.wait_for_function("() => document.documentElement.lang === 'fr'")


def notice_after_click(page: Page, place: str) -> str:
    """The notice's sentence (without its kind's icon and spoken label) after a click on ``place``."""
    page.locator(f'#board [data-point="{place}"]').click()
    page.wait_for_function("() => (document.querySelector('#notice .notice__text') || {}).textContent")
    return str(page.locator("#notice .notice__text").text_content())


# -- 1. a refused checker names the core's rule --------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_embed_names_the_bear_off_rule(page: Page, lang: str) -> None:
    page.goto(f"./embed.html#xgid={BEAR_OFF}&mode=try&lang={lang}")
    wait_embed(page)
    for place in ("2", "1"):
        reopen(page, f"#xgid={BEAR_OFF}&mode=try&lang={lang}&id=p{place}")  # a fresh try for each
        click_places(page, place)
        assert status(page) == BEAR_OFF_TEXT[lang], place
        assert page.get_attribute("#status", "data-kind") == "refused"
    click_places(page, "3")  # the highest point may bear off
    assert page.locator("#board [data-selected]").count() == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_app_names_the_bear_off_rule_and_the_bar_rule(page: Page, lang: str) -> None:
    app_with(page, BEAR_OFF, lang)
    assert turn_state(page)["movable"] == ["3"]
    for place in ("2", "1"):
        text = notice_after_click(page, place)
        assert text.lower().rstrip(".") == BEAR_OFF_TEXT[lang].lower().rstrip("."), place
        page.evaluate("() => { document.getElementById('notice').innerHTML = ''; }")
    # another of the core's reasons: a checker on the bar must enter first
    set_up(page, "XGID=-b----E-C---eE---c-e----AA:0:0:1:52:0:0:0:0:10")
    text = notice_after_click(page, "13")
    expected = {"en": "you must enter from the bar first", "fr": "vous devez d’abord rentrer le pion de la barre"}
    assert text.lower().rstrip(".") == expected[lang]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_checker_that_cannot_move_dragged_away_says_why_as_a_click_does(page: Page, lang: str) -> None:
    app_with(page, BEAR_OFF, lang)
    start, end = centre(page, '#board [data-point="2"] .hit'), centre(page, '#board [data-point="6"] .hit')
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=6)  # no click follows a release elsewhere: the drag itself must say why (#46)
    page.mouse.up()
    page.wait_for_function("() => (document.querySelector('#notice .notice__text') || {}).textContent")
    text = str(page.locator("#notice .notice__text").text_content())
    assert text.lower().rstrip(".") == BEAR_OFF_TEXT[lang].lower().rstrip(".")
    assert board_state(page)["2"] == [3, 0]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_page_exercise_shows_the_bear_off_rule(page: Page, lang: str) -> None:
    page.goto(f"./rules/{lang}.html")
    iframe = page.locator(f'iframe[src*="{BEAR_OFF.replace("XGID=", "")}"]')
    iframe.scroll_into_view_if_needed()
    index = page.locator("iframe").evaluate_all(
        "(els, id) => els.findIndex(e => e.getAttribute('src').includes(id))", BEAR_OFF.replace("XGID=", "")
    )
    frame: Frame = embed_frame(page, index)
    wait_embed(frame)
    click_places(frame, "2")
    assert status(frame) == BEAR_OFF_TEXT[lang]


# -- 9. one checker by the sum of the dice --------------------------------------------------------
SEED_64 = 24
"""``?seed=24``: the opening roll is 6-4 for White (the bottom player, who moves first)."""


def opening_64(page: Page, query: str = f"?seed={SEED_64}&lang=en") -> None:
    open_app(page, query)
    start_match(page, 3, ("Ann", "Bob"))
    button(page, "Roll").click()
    wait_phase(page, "move")
    assert sorted(d[0] for d in dice_state(page)) == ["4", "6"]


def test_the_sum_of_the_dice_in_one_click_and_undo_takes_it_back(page: Page) -> None:
    opening_64(page)
    before = board_state(page)
    page.locator('#board [data-point="24"]').click()
    state = turn_state(page)
    assert set(state["dests"]) == {"18", "20", "14"}
    sums = page.eval_on_selector_all("#board [data-dest-sum]", "els => els.map(e => e.dataset.point)")
    assert sums == ["14"]
    assert page.locator('#board [data-point="14"] .dest-marker--sum').count() == 1
    page.locator('#board [data-point="14"]').click()
    after = board_state(page)
    assert after["24"] == [1, 0] and after["14"] == [1, 0]
    assert after["18"] == before["18"] and after["20"] == before["20"]
    assert [d[2] for d in dice_state(page)] == [True, True]
    assert turn_state(page)["confirm"]
    button(page, "Undo").click()  # the whole gesture (#46): the checker goes back to 24, not to 18
    expect(page.locator('#board [data-point="24"] [data-checker]')).to_have_count(2)
    assert board_state(page) == before
    assert [d[2] for d in dice_state(page)] == [False, False]
    expect(button(page, "Undo")).to_be_disabled()


def test_the_sum_of_the_dice_by_keyboard(page: Page) -> None:
    opening_64(page)
    page.locator('#board [data-point="24"]').focus()
    page.keyboard.press("Enter")
    assert turn_state(page)["selected"] == "24"
    page.locator('#board [data-point="14"]').focus()
    page.keyboard.press(" ")
    expect(page.locator('#board [data-point="14"] [data-checker]')).to_have_count(1)
    assert board_state(page)["24"] == [1, 0]


def test_the_sum_of_the_dice_by_a_touch_drag(touch_page: Page) -> None:
    page = touch_page
    opening_64(page)
    box = page.locator('#board [data-point="24"] [data-checker]').last.bounding_box()
    assert box is not None
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    end = centre(page, '#board [data-point="14"] .hit')
    touch_drag(page, start, end)
    expect(page.locator('#board [data-point="14"] [data-checker]')).to_have_count(1)
    assert board_state(page)["24"] == [1, 0]
    assert turn_state(page)["confirm"]


# -- 11. one Tab stop for the board --------------------------------------------------------------
def active(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        "() => { const a = document.activeElement; const g = a && a.closest('[data-point]');"
        " return {point: g ? g.dataset.point : null, id: a ? a.id : null,"
        " inBoard: document.getElementById('board').contains(a)}; }"
    )
    return found


def test_the_board_is_one_tab_stop_and_the_arrows_move_inside_it(page: Page) -> None:
    opening_64(page)
    page.locator("#btn-lang").focus()
    page.keyboard.press("Tab")
    first = active(page)
    assert first["inBoard"] and first["point"] is not None
    assert first["point"] in turn_state(page)["movable"]  # the Tab stop is on a checker that may move
    page.keyboard.press("Tab")
    after = active(page)
    assert not after["inBoard"]
    assert page.evaluate("() => document.getElementById('controls').contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")
    assert active(page)["point"] == first["point"]  # back where the focus was
    # the arrows still move between places, and the Tab stop follows
    page.locator('#board [data-point="13"]').focus()
    page.keyboard.press("ArrowRight")
    assert active(page)["point"] == "14"
    page.keyboard.press("ArrowDown")
    assert active(page)["point"] == "11"
    assert page.eval_on_selector_all('#board [tabindex="0"]', "els => els.map(e => e.dataset.point)") == ["11"]
    # Enter picks the checker, Space its destination
    page.locator('#board [data-point="24"]').focus()
    page.keyboard.press("Enter")
    assert turn_state(page)["selected"] == "24"
    page.keyboard.press("Tab")
    assert not active(page)["inBoard"]
    page.keyboard.press("Shift+Tab")
    assert active(page)["point"] == "24"  # the redraw kept the Tab stop on the picked checker
    page.locator('#board [data-point="18"]').focus()
    page.keyboard.press(" ")
    expect(page.locator('#board [data-point="18"] [data-checker]')).to_have_count(1)


# -- 12. forgiving taps on a phone -----------------------------------------------------------------
def column(page: Page, place: str) -> dict[str, float]:
    box = page.locator(f'#board [data-point="{place}"] .hit').bounding_box()
    assert box is not None
    return box


def test_phone_taps_are_forgiving(touch_page: Page) -> None:
    page = touch_page
    opening_64(page)
    width = column(page, "24")["width"]
    assert width < 30  # a narrow point: the case this is for
    # a tap a few pixels beside the checkers of 24 (on the empty 23) picks them
    checker = page.locator('#board [data-point="24"] [data-checker]').first.bounding_box()
    assert checker is not None
    left = column(page, "24")["x"]
    page.touchscreen.tap(left - 4, checker["y"] + checker["height"] / 2)
    page.wait_for_function("() => document.querySelector('#board [data-selected]') !== null")
    assert turn_state(page)["selected"] == "24"
    # a tap in the empty part of a lit destination's column, far from its triangle, lands there
    assert "18" in turn_state(page)["dests"]
    box = column(page, "18")
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.92)
    expect(page.locator('#board [data-point="18"] [data-checker]')).to_have_count(1)
    # and beside a lit destination: a tap just outside 14's column (on the empty 15) moves there
    box = page.locator('#board [data-point="24"] [data-checker]').last.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => document.querySelector('#board [data-selected]') !== null")
    assert "20" in turn_state(page)["dests"]
    box = column(page, "20")
    page.touchscreen.tap(box["x"] + box["width"] + 3, box["y"] + box["height"] * 0.5)  # on the empty 21
    expect(page.locator('#board [data-point="20"] [data-checker]')).to_have_count(1)
