"""The app's "Embed this position" action: the snippet it writes shows the board on screen."""

from __future__ import annotations

import html
import re

from e2e_helpers import wait_ready
from match_helpers import board_state, button, open_and_play_the_opening
from playwright.sync_api import Page, expect


def test_embed_this_position_copies_a_snippet_of_the_board(page: Page) -> None:
    open_and_play_the_opening(page, seed=5)
    shown = board_state(page)
    button(page, "Embed this position").click()
    field = page.locator("#rec-id-text")
    expect(field).to_be_visible()
    snippet = field.input_value()
    assert snippet.startswith("<iframe ")
    match = re.search(r'src="([^"]+)"', snippet)
    assert match is not None
    src = html.unescape(match.group(1))
    assert src.startswith(page.url.split("?")[0].rsplit("/", 1)[0] + "/embed.html#xgid=")
    assert "lang=en" in src
    page.goto(src)
    wait_ready(page)
    expect(page.locator('[role="alert"]:visible')).to_have_count(0)
    assert board_state(page, "body") == shown
