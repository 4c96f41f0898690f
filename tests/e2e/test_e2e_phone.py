"""The page on a phone (390x844, touch), en/fr (#46): what can be measured of a layout worth showing.

- nothing wider than the screen (no sideways scroll), the new-match dialog open too;
- the header on one line, the name "Videau" shown, in both languages;
- every button and option a 44 px target; the board's points as tall as that (their width is
  the board's: 24 points across 390 px);
- no empty room kept between the board and the buttons, the notice under them;
- Resign apart from Confirm: not on its row, not its size;
- the Files panel in three labelled groups rather than one wall of ten buttons.
"""

from __future__ import annotations

from typing import Any

import pytest
from match_helpers import click_point, wait_phase
from playwright.sync_api import Page, expect
from test_e2e_keep import new_match

TARGET = 44  # px: the smallest a finger is sure to hit (WCAG 2.5.5, Apple's HIG)

LAYOUT_JS = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height};
  };
  const shown = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const targets = [...document.querySelectorAll('button, a.btn, select, label.check')]
    .filter((e) => shown(e) && !e.closest('dialog:not([open])') && !e.closest('#board'))
    .map((e) => ({id: e.id || e.textContent.trim().slice(0, 30), ...box(e)}));
  const name = document.querySelector('.brand__name');
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: innerWidth,
    header: box(document.querySelector('.topbar')),
    name: {...box(name), clipped: getComputedStyle(name).clip !== 'auto'},
    board: box(document.getElementById('board')),
    controls: box(document.getElementById('controls')),
    confirm: box(document.getElementById('btn-confirm')),
    resign: box(document.getElementById('btn-resign')),
    hit: box(document.querySelector('#board [data-point="12"] .hit')),
    targets,
  };
}"""


def layout(page: Page) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(LAYOUT_JS)
    return measured


def a_move_begun(page: Page, lang: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"./?seed=24&lang={lang}")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    new_match(page)
    wait_phase(page, "opening")
    page.locator("#btn-roll").click()
    wait_phase(page, "move")
    click_point(page, "24")
    click_point(page, "18")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_phone_page_fits_the_screen_with_its_header_on_one_line(touch_page: Page, lang: str) -> None:
    page = touch_page
    a_move_begun(page, lang)
    measured = layout(page)
    assert measured["scrollWidth"] <= measured["innerWidth"] == 390
    assert measured["header"]["height"] <= 56, measured["header"]  # one line of 44 px buttons
    assert measured["name"]["width"] > 40 and not measured["name"]["clipped"], measured["name"]
    assert measured["name"]["right"] <= 390
    page.locator("#btn-new").click()
    expect(page.locator("#new-match-dialog")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    dialog = page.locator("#new-match-dialog").bounding_box()
    assert dialog is not None and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 390


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_phone_targets_are_44_px_and_resign_is_set_apart(touch_page: Page, lang: str) -> None:
    page = touch_page
    a_move_begun(page, lang)
    measured = layout(page)
    small = [t for t in measured["targets"] if t["width"] < TARGET - 0.5 or t["height"] < TARGET - 0.5]
    assert not small, small
    assert measured["hit"]["height"] >= TARGET  # a point's column; its width is the board's to give
    # the buttons just under the board: no room kept empty between them
    gap = measured["controls"]["top"] - measured["board"]["bottom"]
    assert 0 <= gap <= 24, gap
    confirm, resign = measured["confirm"], measured["resign"]
    assert resign["top"] >= confirm["bottom"]  # not on Confirm's row
    assert resign["width"] < confirm["width"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_files_panel_is_grouped(touch_page: Page, lang: str) -> None:
    page = touch_page
    page.goto(f"./?lang={lang}")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    groups = page.locator("#records [role='group']")
    expect(groups).to_have_count(3)
    sizes = [groups.nth(i).locator("button").count() for i in range(3)]
    assert sum(sizes) == page.locator("#records button").count() and max(sizes) <= 5, sizes  # every one in a group
    for i in range(3):  # each group named by its heading, for the eye and for a screen reader
        label = groups.nth(i).get_attribute("aria-labelledby")
        expect(page.locator(f"#{label}")).to_be_visible()
