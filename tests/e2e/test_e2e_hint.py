"""The coach in the page: a hint drawn on the board, the tutor's warning on a blunder (issue #15).

One page load, on a phone by touch (taps on the board and the coach's buttons): seed 23 opens
with 3-1 for White (Ann). The hint ranks 8/5 6/5 first and draws its two arrows; with the tutor
on (bad or worse), 24/21 6/5 is held back with a warning, "Show the best" takes the turn back and
lists the ranked plays with the player's own play marked; 8/5 6/5 then goes through without a
word; Bob's cube hint says no double, in French too; Bob's double is then held back by the tutor
(in French), "Réfléchir encore" leaves the cube where it was, and his roll goes through.
"""

from __future__ import annotations

from match_helpers import button, open_app, start_match, turn_state, wait_phase
from playwright.sync_api import Page, expect


def tap_point(page: Page, place: str) -> None:
    page.locator(f'#board [data-point="{place}"]').tap()


def test_hint_arrows_ranked_plays_and_the_tutors_warnings(touch_page: Page) -> None:
    page = touch_page  # a phone (390 px) with touch input: the harder layout
    open_app(page, "?seed=23&lang=en")
    start_match(page, 3, ("Ann", "Bob"))
    page.get_by_label("Tutor: warn me before a mistake").select_option("bad")
    expect(button(page, "Hint")).to_be_hidden()  # nothing to hint before the opening roll
    button(page, "Roll").tap()
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
    tap_point(page, "24")
    tap_point(page, "21")
    tap_point(page, "6")
    tap_point(page, "5")
    expect(page.locator("#board .arrows")).to_have_count(0)  # a checker moved: the arrows go
    button(page, "Confirm").tap()
    dialog = page.locator("#tutor-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#tutor-text")).to_contain_text("24/21 6/5 loses 0.")
    expect(dialog.locator("#tutor-text")).to_contain_text("against the best play")
    assert page.evaluate("() => document.body.dataset.phase") == "move"  # not played
    button(page, "Show the best").tap()
    expect(dialog).to_be_hidden()
    assert turn_state(page)["phase"] == "move" and not turn_state(page)["confirm"]  # back to the start of the turn
    expect(page.locator("#board .arrows path.arrow")).to_have_count(2)
    expect(panel.locator("tr.hint__row--mine")).to_contain_text("24/21 6/5")

    # the best play goes through without a word
    tap_point(page, "8")
    tap_point(page, "5")
    tap_point(page, "6")
    tap_point(page, "5")
    button(page, "Confirm").tap()
    wait_phase(page, "roll")
    expect(dialog).to_be_hidden()

    # Bob before his roll: the cube hint; then the same in French
    button(page, "Hint").tap()
    expect(panel.locator("#hint-verdict")).to_have_text("The best: no double.")
    expect(panel.locator("tbody tr")).to_have_count(3)
    button(page, "Français").tap()
    expect(panel.locator("#hint-verdict")).to_have_text("Le meilleur : pas de double.")
    expect(panel.locator("tbody tr").first).to_contain_text("Pas de double")
    expect(button(page, "Conseil")).to_be_visible()

    # Bob doubles anyway: the tutor prices the cube action and holds it back, in French
    button(page, "Doubler").tap()
    expect(page.locator("#double-dialog")).to_be_visible()
    button(page, "Oui, doubler").tap()
    expect(dialog).to_be_visible()
    expect(dialog.locator("#tutor-text")).to_contain_text("Doubler perd 0,")
    expect(dialog.locator("#tutor-text")).to_contain_text("par rapport au meilleur choix, pas de double")
    assert page.evaluate("() => document.body.dataset.phase") == "roll"  # Ann was not asked
    button(page, "Réfléchir encore").tap()
    expect(dialog).to_be_hidden()
    expect(page.locator('#board [data-cube="64"]:not([data-cube-owner])')).to_have_count(1)  # still centred
    button(page, "Lancer").tap()  # not doubling is the best: no warning
    wait_phase(page, "move")
    expect(dialog).to_be_hidden()
