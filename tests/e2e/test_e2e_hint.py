"""The coach in the page: a hint drawn on the board, the tutor's warning on a blunder (issue #15).

One page load, on a phone's screen: seed 23 opens with 3-1 for White (Ann). The hint ranks 8/5 6/5 first and draws
its two arrows; with the tutor on (bad or worse), 24/21 6/5 is held back with a warning, "Show
the best" takes the turn back and lists the ranked plays with the player's own play marked;
8/5 6/5 then goes through without a word; Bob's cube hint says no double, in French too.
"""

from __future__ import annotations

from match_helpers import button, click_point, open_app, start_match, turn_state, wait_phase
from playwright.sync_api import Page, expect


def test_hint_arrows_ranked_plays_and_the_tutors_warning(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the harder layout
    open_app(page, "?seed=23&lang=en")
    start_match(page, 3, ("Ann", "Bob"))
    page.get_by_label("Tutor: warn me before a mistake").select_option("bad")
    expect(button(page, "Hint")).to_be_hidden()  # nothing to hint before the opening roll
    button(page, "Roll").click()
    wait_phase(page, "move")
    assert page.locator("#board [data-die]").evaluate_all("ds => ds.map(d => d.dataset.die).sort()") == ["1", "3"]

    page.locator("body").press("h")  # the shortcut presses Hint
    panel = page.locator("#hint")
    expect(panel.locator("#hint-verdict")).to_have_text("Best play: 8/5 6/5 (arrows on the board).")
    rows = panel.locator("tbody tr")
    expect(rows.first).to_contain_text("8/5 6/5")
    assert rows.count() >= 5
    assert "hint__row--best" in (rows.first.get_attribute("class") or "")
    expect(page.locator("#board .arrows path.arrow")).to_have_count(2)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # the table fits the phone
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('videau.board') || '{}').svg || ''")
    assert "<svg" in stored and 'class="arrows"' not in stored  # a reload's first board shows no hint

    # the blunder 24/21 6/5, confirmed: the tutor warns before it is played
    click_point(page, "24")
    click_point(page, "21")
    click_point(page, "6")
    click_point(page, "5")
    expect(page.locator("#board .arrows")).to_have_count(0)  # a checker moved: the arrows go
    button(page, "Confirm").click()
    dialog = page.locator("#tutor-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#tutor-text")).to_contain_text("24/21 6/5 loses 0.")
    expect(dialog.locator("#tutor-text")).to_contain_text("against the best play")
    assert page.evaluate("() => document.body.dataset.phase") == "move"  # not played
    button(page, "Show the best").click()
    expect(dialog).to_be_hidden()
    assert turn_state(page)["phase"] == "move" and not turn_state(page)["confirm"]  # back to the start of the turn
    expect(page.locator("#board .arrows path.arrow")).to_have_count(2)
    expect(panel.locator("tr.hint__row--mine")).to_contain_text("24/21 6/5")

    # the best play goes through without a word
    click_point(page, "8")
    click_point(page, "5")
    click_point(page, "6")
    click_point(page, "5")
    button(page, "Confirm").click()
    wait_phase(page, "roll")
    expect(dialog).to_be_hidden()

    # Bob before his roll: the cube hint; then the same in French
    button(page, "Hint").click()
    expect(panel.locator("#hint-verdict")).to_have_text("The best: no double.")
    expect(panel.locator("tbody tr")).to_have_count(3)
    button(page, "Français").click()
    expect(panel.locator("#hint-verdict")).to_have_text("Le meilleur : pas de double.")
    expect(panel.locator("tbody tr").first).to_contain_text("Pas de double")
    expect(button(page, "Conseil")).to_be_visible()

