"""The hint panel on a phone (issue #44): the doubled player's hint, and every row of a play's hint chosen.

The doubled player's hint: take or drop, from the taker's side, in English and French.

Seed 23 opens with 3-1 for White (Ann), who plays 8/5 6/5; Bob doubles at once. Ann's hint then
weighs take against pass (not the doubler's no double / double-take / double-pass), with her own
equities (taking gains: Bob doubled far too early; passing gives -1) and her own winning chances (over half: her
3-1 made her 5-point), each row saying how far it looks; the same in French. The table fits the phone's width.
"""

from __future__ import annotations

import re

from match_helpers import button, open_app, start_match, wait_phase
from playwright.sync_api import Page, expect


def test_the_doubled_players_hint_is_take_or_pass_from_her_side(touch_page: Page) -> None:
    page = touch_page  # a phone, 390x844, touch input
    open_app(page, "?seed=23&lang=en")
    start_match(page, 5, ("Ann", "Bob"))
    button(page, "Roll").tap()
    wait_phase(page, "move")
    for place in ("8", "5", "6", "5"):
        page.locator(f'#board [data-point="{place}"]').tap()
    button(page, "Confirm").tap()
    wait_phase(page, "roll")
    button(page, "Double").tap()
    expect(page.locator("#double-dialog")).to_be_visible()
    button(page, "Yes, double").tap()
    wait_phase(page, "double")
    expect(button(page, "Take")).to_be_visible()

    button(page, "Hint").tap()
    panel = page.locator("#hint")
    expect(panel.locator("#hint-verdict")).to_have_text("The best: take.")
    rows = panel.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Take")
    expect(rows.nth(1)).to_contain_text("Drop")
    expect(panel).not_to_contain_text("No double")
    assert "hint__row--best" in (rows.nth(0).get_attribute("class") or "")
    cells = rows.nth(0).locator("td")
    take = float(cells.nth(2).inner_text().replace("−", "-"))
    assert take > 0.0  # the taker's equity: Bob doubled far too early, taking gains
    assert rows.nth(1).locator("td").nth(2).inner_text() == "−1.000"
    win = float(cells.nth(4).inner_text().rstrip("%"))
    assert 50.0 < win < 60.0  # Ann's chances (her 3-1 made her 5-point), not Bob's 45%
    expect(cells.nth(6)).to_have_text(re.compile(r"^[12]-ply$"))
    expect(panel.locator("#hint-note")).to_contain_text("for the player who decides")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    in_view = panel.evaluate("p => { const r = p.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0 }")
    assert in_view  # scrolled into view on the phone

    button(page, "Français").tap()
    expect(panel.locator("#hint-verdict")).to_have_text("Le meilleur : prendre.")
    expect(rows.nth(0)).to_contain_text("Prendre")
    expect(rows.nth(1)).to_contain_text("Refuser")
    expect(rows.nth(0).locator("td").nth(4)).to_contain_text(",")
    expect(rows.nth(0).locator("td").nth(6)).to_have_text(re.compile(r"^[12] pli$"))
    expect(panel.locator("#hint-note")).to_contain_text("pour le joueur qui décide")


def arrows(page: Page) -> list[str]:
    return sorted(page.locator("#board .arrows path.arrow").evaluate_all("ps => ps.map(p => p.getAttribute('d'))"))


def test_every_hint_row_shows_its_play_by_touch_and_keyboard(touch_page: Page) -> None:
    """Issue #44: a hint row tapped, or reached by the arrow keys and Enter, draws its play's arrows."""
    page = touch_page
    open_app(page, "?seed=23&lang=en")
    start_match(page, 5, ("Ann", "Bob"))
    button(page, "Français").tap()
    button(page, "Lancer").tap()
    wait_phase(page, "move")
    button(page, "Conseil").tap()
    panel = page.locator("#hint")
    rows = panel.locator("tbody tr")
    expect(rows.first).to_have_attribute("aria-current", "true")
    expect(page.locator("#board .arrows path.arrow")).to_have_count(2)
    best = arrows(page)
    rows.nth(1).tap()
    expect(rows.nth(1)).to_have_attribute("aria-current", "true")
    expect(rows.first).not_to_have_attribute("aria-current", "true")
    second = arrows(page)
    assert second and second != best
    page.keyboard.press("ArrowDown")  # the chosen row has the focus
    expect(rows.nth(2)).to_have_attribute("aria-current", "true")
    assert arrows(page) not in (best, second)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(rows.first).to_have_attribute("aria-current", "true")
    assert arrows(page) == best
    rows.nth(3).focus()
    page.keyboard.press("Enter")
    expect(rows.nth(3)).to_have_attribute("aria-current", "true")
    seen = "r => { const b = r.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight }"
    in_view = rows.nth(3).evaluate(seen)
    assert in_view
    assert page.evaluate("() => document.body.dataset.phase") == "move"  # nothing played
