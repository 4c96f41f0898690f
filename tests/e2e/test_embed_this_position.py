"""The app's "Embed this position" action: the snippet it writes shows the board on screen."""

from __future__ import annotations

import html
import re

from e2e_helpers import wait_ready
from match_helpers import board_state, button, open_app, play_turn, start_match, wait_phase
from playwright.sync_api import Page, expect

EMBED_STATE_JS = """() => {
  const out = {};
  for (const g of document.querySelectorAll('[data-point]')) {
    const counts = [0, 0];
    for (const c of g.querySelectorAll('[data-checker]')) counts[Number(c.dataset.owner)] += 1;
    out[g.dataset.point] = counts;
  }
  return out;
}"""


def test_embed_this_position_copies_a_snippet_of_the_board(page: Page) -> None:
    open_app(page, "?seed=5&lang=en")
    start_match(page, 3, ("Ann", "Bob"))
    button(page, "Roll").click()
    play_turn(page)
    wait_phase(page, "roll")
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
    assert page.evaluate(EMBED_STATE_JS) == shown
