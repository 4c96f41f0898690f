"""Embeds with the bot in Chromium (issue #15): a quiz answered by the bot tells a reader who plays
a worse move what it loses (French and English), and ``mode=hint`` shows the ranked plays and
the best play's arrows. One page, one start of the shared worker's Pyodide; a hash change reopens."""

from __future__ import annotations

import re
from urllib.parse import quote

from e2e_helpers import READY_TIMEOUT_MS
from playwright.sync_api import Page

BOARD_STATE = "() => document.getElementById('board').innerHTML + document.getElementById('status').textContent"


def fragment(**values: str) -> str:
    return "#" + "&".join(f"{k}={quote(v, safe='/:')}" for k, v in values.items())


def wait_embed(page: Page) -> None:
    # the first answer also loads the bot's net and ranks the plays: allow it twice the usual start
    ready = "() => document.body && document.body.dataset.ready === 'true'"
    page.wait_for_function(ready, timeout=2 * READY_TIMEOUT_MS)


def reopen(page: Page, frag: str) -> None:
    page.evaluate("(f) => { document.body.dataset.ready = 'reopening'; location.hash = f; }", frag)
    wait_embed(page)


def click_places(page: Page, *places: str) -> None:
    for place in places:
        before = page.evaluate(BOARD_STATE)
        page.click(f'#board [data-point="{place}"]')
        page.wait_for_function(f"(before) => ({BOARD_STATE})() !== before", arg=before)


def status(page: Page) -> str:
    return str(page.inner_text("#status"))


def test_a_quiz_answered_by_the_bot_and_the_hint_mode(page: Page) -> None:
    page.goto(f"./embed.html{fragment(mode='quiz', dice='31', answer='best', lang='fr')}")
    wait_embed(page)
    assert status(page) == "Blanc joue 3-1 : trouvez le bon coup."
    click_places(page, "24", "21", "6", "5")  # a legal play, far from the best
    said = status(page)
    assert re.fullmatch(
        r"24/21 6/5 est permis, mais il perd 0,\d{3} par rapport au meilleur coup\. Annulez, ou recommencez\.", said
    ), said
    assert float(said.split("perd ")[1].split(" ")[0].replace(",", ".")) > 0.08
    assert page.get_attribute("#status", "data-kind") == "refused"
    page.click("button[data-action=reset]")
    page.wait_for_function("() => document.querySelectorAll('#board [data-movable]').length > 0")
    click_places(page, "8", "5", "6", "5")
    assert status(page) == "Bravo : 8/5 6/5."
    assert page.locator("#ranking").is_hidden()

    reopen(page, fragment(mode="hint", dice="31", lang="en"))
    assert status(page).startswith("White to play 3-1: the best play is 8/5 6/5")
    rows = page.locator("#ranking tbody tr")
    assert rows.count() == 6
    assert rows.first.locator("td").nth(1).inner_text() == "8/5 6/5"
    assert rows.first.get_attribute("class") == "embed__best"
    assert page.locator("#ranking th").all_inner_texts() == ["#", "Play", "Equity", "Diff.", "Win", "Gammon"]
    assert page.locator("#board path.arrow").count() == 2
    assert page.locator("#board [data-movable]").count() == 0
