"""Playing on the board: refusals explained by the core's reason, moves by the sum of the dice,
one Tab stop for the board, forgiving taps on a phone.

Positions are set up as a player would (the page's set-up box, an XGID); dice come from
``?seed=`` or from the XGID. Every check reads the board the page drew.
"""

from __future__ import annotations

import pytest
from match_helpers import open_app, start_match, turn_state
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
    page.locator(f'#board [data-point="{place}"]').click()
    page.wait_for_function("() => document.getElementById('notice').textContent !== ''")
    return str(page.locator("#notice").text_content())


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
        page.evaluate("() => { document.getElementById('notice').textContent = ''; }")
    # another of the core's reasons: a checker on the bar must enter first
    set_up(page, "XGID=-b----E-C---eE---c-e----AA:0:0:1:52:0:0:0:0:10")
    text = notice_after_click(page, "13")
    expected = {"en": "you must enter from the bar first", "fr": "vous devez d’abord rentrer le pion de la barre"}
    assert text.lower().rstrip(".") == expected[lang]


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
