"""Practice (#44): a session that brings a missed position back and records a right answer, on a
phone, in English and in French; an unreadable saved deck is set aside with a message.

The built-in "Openings and replies" deck starts with the opening 65 then 64 (core.analysis.lessons).
The player misses the 65 (typing 13/8 13/7: the coach, pricing it as the hints do, says it loses and
shows 24/13), answers the 64 on the board (8/2 dragged, 6/2 by taps; within 0.04 of the best: right), and the
missed 65 comes back at once, before the 25 new cards waiting; played right on the board (24/13),
the progress records it.
"""

from __future__ import annotations

import json
import re

from match_helpers import open_app
from playwright.sync_api import Page, expect

PHONE = {"width": 390, "height": 844}
GRADE_TIMEOUT_MS = 60_000


def tap(page: Page, point: str) -> None:
    page.locator(f'#practice-board [data-point="{point}"]').first.click()


def middle(box: dict[str, float] | None) -> tuple[float, float]:
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Page, start: str, end: str) -> None:
    """Drag the top checker of ``start`` to ``end`` with the mouse: its destinations lit on the way."""
    x, y = middle(page.locator(f'#practice-board [data-point="{start}"] [data-checker]').last.bounding_box())
    to_x, to_y = middle(page.locator(f'#practice-board [data-point="{end}"] .hit').bounding_box())
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + (to_x - x) / 3, y + (to_y - y) / 3, steps=4)
    expect(page.locator(f'#practice-board [data-dest][data-point="{end}"]')).to_have_count(1)
    expect(page.locator("#practice-board .checker--dragged").first).to_be_attached()
    page.mouse.move(to_x, to_y, steps=4)
    page.mouse.up()
    expect(page.locator(f'#practice-board [data-point="{end}"] [data-checker]')).to_have_count(1)


def test_practice_brings_a_miss_back_and_records_a_right_answer(page: Page) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "?seed=3&lang=en")
    page.locator("#nm-cancel").click()
    page.evaluate("() => localStorage.setItem('videau.practice', '{broken')")
    match_before = page.evaluate("() => localStorage.getItem('videau.match')")

    page.locator("#rec-practice").click()
    dialog = page.locator("#practice-dialog")
    expect(dialog).to_be_visible()
    # the unreadable deck: set aside, said, the saved match untouched
    expect(page.locator("#practice-notice")).to_contain_text("could not be read")
    assert page.evaluate("() => localStorage.getItem('videau.practice.broken')") == "{broken"
    assert page.evaluate("() => localStorage.getItem('videau.match')") == match_before
    expect(page.locator("#practice-status")).to_contain_text("Your deck is empty")

    page.locator("#practice-deck").select_option("openings")
    page.locator("#practice-add").click()
    expect(page.locator("#practice-status")).to_have_text("27 cards added.")
    card = page.locator("#practice-card")
    expect(card).to_have_attribute("data-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10")
    expect(page.locator("#practice-board .message")).to_have_text(
        "White to play 65: make the best play on the board (or type it)."
    )

    # a miss, typed (the keyboard)
    page.locator("#practice-play").fill("13/8 13/7")
    page.locator("#practice-play").press("Enter")
    result = page.locator("#practice-result")
    expect(card).to_have_attribute("data-graded", "wrong", timeout=GRADE_TIMEOUT_MS)
    expect(card).to_have_attribute("data-graded-by", "worker")  # graded off the page's thread (#59)
    expect(result).to_contain_text("Not quite: 13/8 13/7 loses")
    expect(result).to_contain_text("Best: 24/13.")
    expect(page.locator("#practice-board .arrow--played")).to_have_count(2)
    expect(page.locator("#practice-board .arrow--best")).to_have_count(1)  # 24/13: one journey
    expect(page.locator("#practice-legend")).to_have_text("Your play: 13/8 13/7Best: 24/13")
    expect(page.locator("#practice-next")).to_be_focused()
    page.keyboard.press("Enter")

    # the 64, on the board by taps (the mouse, or a finger)
    expect(card).to_have_attribute("data-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:0:10")
    drag(page, "8", "2")  # a checker dragged (#59), the other tapped
    tap(page, "6")
    tap(page, "2")
    expect(card).to_have_attribute("data-graded", "right", timeout=GRADE_TIMEOUT_MS)
    expect(result).to_have_text("Right: 8/2 6/2. Best: 24/14.")
    page.locator("#practice-next").click()

    # the missed 65 comes back before the new cards; right this time, on the board
    expect(card).to_have_attribute("data-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10")
    expect(page.locator("#practice-mistake")).to_have_text("")
    tap(page, "24")
    tap(page, "13")
    expect(card).to_have_attribute("data-graded", "right", timeout=GRADE_TIMEOUT_MS)
    expect(result).to_have_text("Right: 24/13 is the best.")
    opening = page.locator('#practice-progress tr[data-theme="opening"] td')
    expect(opening.nth(0)).to_have_text("27")
    expect(opening.nth(3)).to_have_text("2/3")
    saved = json.loads(page.evaluate("() => localStorage.getItem('videau.practice')"))
    card65 = next(c for c in saved["cards"] if ":65:" in c["xgid"])
    assert (card65["seen"], card65["right"], card65["box"]) == (2, 1, 1) and saved["clock"] == 3
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5
    assert dialog.evaluate("d => d.scrollWidth <= d.clientWidth")

    # the deck exported as XGIDs
    page.locator("#practice-export-xgid").click()
    exported = page.locator("#practice-export-text").input_value()
    lines = exported.splitlines()
    assert lines[0] == "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10" and len(lines) == 27
    page.locator("#practice-export-embed").click()
    assert page.locator("#practice-export-text").input_value().count("<iframe") == 27
    page.locator("#practice-close").click()
    expect(dialog).to_be_hidden()

    # French: the same deck, in French words; a cube card answered by its buttons
    page.locator("#btn-lang").click()
    page.locator("#rec-practice").click()
    expect(page.locator("#practice-title")).to_have_text("Entraînement")
    expect(page.locator('#practice-progress tr[data-theme="opening"] th')).to_have_text("Ouverture")
    expect(page.locator("#practice-notice")).to_be_hidden()
    page.locator("#practice-deck").select_option("cube")
    page.locator("#practice-add").click()
    expect(page.locator("#practice-status")).to_have_text("12 cartes ajoutées.")
    page.locator("#practice-theme").select_option("cube")
    kind = card.get_attribute("data-kind")
    assert kind in ("double", "take")
    question = "a le dé : doubler ou non ?" if kind == "double" else "est doublé : accepter ou refuser ?"
    expect(page.locator("#practice-board .message")).to_contain_text(question)
    page.locator("#practice-double" if kind == "double" else "#practice-take").click()
    expect(card).to_have_attribute("data-graded", re.compile("right|wrong"), timeout=GRADE_TIMEOUT_MS)
    expect(result).to_contain_text("Meilleur" if card.get_attribute("data-graded") == "wrong" else "Juste")


def test_practice_by_touch(touch_page: Page) -> None:
    """A phone's finger (touch events, not a mouse): a checker chosen and moved by taps."""
    page = touch_page
    open_app(page, "?seed=3&lang=fr")
    page.locator("#nm-cancel").tap()
    page.locator("#rec-practice").tap()
    page.locator("#practice-deck").select_option("openings")
    page.locator("#practice-add").tap()
    card = page.locator("#practice-card")
    expect(card).to_have_attribute("data-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10")
    page.locator('#practice-board [data-point="24"]').first.tap()
    expect(page.locator('#practice-board [data-dest][data-point="13"]')).to_have_count(1)
    page.locator('#practice-board [data-point="13"]').first.tap()
    expect(card).to_have_attribute("data-graded", "right", timeout=GRADE_TIMEOUT_MS)
    expect(page.locator("#practice-result")).to_have_text("Juste : 24/13 est le meilleur.")
