"""Reviewing a decision of the analysis (#44), on a phone, in English and in French.

``tests/data/review_mistakes.mat``: a 3-point game where Ann makes two mistakes (her 31 played
24/23 13/10, the best 8/5 6/5; her 52 from the bar played bar/20 13/11) and the other plays are the
bot's. Choosing a decision opens the position *before* it, the play made drawn as dashed arrows
and the best as solid ones, named in a legend, with the loss and its mark; N / P (and the buttons)
go to the next and previous mistake; the analysis says at which depth it looked, and hands the two
mistakes to the practice deck, whose first card is then answered with the keyboard on the board.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from match_helpers import BOARD_STATE_JS, open_app
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.computes  # analyses a match: optimized WebAssembly (tests/e2e/conftest.py)

DATA = Path(__file__).resolve().parents[1] / "data"
MISTAKES = (DATA / "review_mistakes.mat").read_text()
ANALYSIS_TIMEOUT_MS = 120_000
PHONE = {"width": 390, "height": 844}


def analyse(page: Page) -> None:
    page.set_input_files("#rec-file", files=[{"name": "mistakes.mat", "mimeType": "text/plain",
                                              "buffer": MISTAKES.encode()}])
    expect(page.locator("#replay-dialog")).to_be_visible()
    page.locator("#replay-analyse").click()
    expect(page.locator("#analysis-dialog")).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)


def inside_phone(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, selector


def test_review_before_played_best_on_a_phone(page: Page) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "?seed=3&lang=en")
    page.locator("#nm-cancel").click()
    analyse(page)
    expect(page.locator("#analysis-depth")).to_contain_text("Depth: every play at 0-ply")
    rows = page.locator("#analysis-list button")
    expect(rows.first).to_contain_text("Ann 31: 24/23 13/10")

    rows.first.click()  # the mouse (a tap on a phone)
    review = page.locator("#review-dialog")
    expect(review).to_be_visible()
    expect(page.locator("#review-where")).to_have_text("Game 1 · 1. Ann 31")
    # the position before the play: Ann's two back checkers still on 24, nothing on 23 or 10 yet
    board = page.evaluate(BOARD_STATE_JS, "#review-board")
    assert board["24"] == [2, 0] and board["23"] == [0, 0] and board["10"] == [0, 0] and board["13"] == [5, 0]
    expect(page.locator("#review-board .arrow--played")).to_have_count(2)  # 24/23, 13/10
    expect(page.locator("#review-board .arrow--best")).to_have_count(2)  # 8/5, 6/5
    expect(page.locator("#review-board .die")).to_have_count(2)
    expect(page.locator("#review-legend")).to_contain_text("Played: 24/23 13/10")
    expect(page.locator("#review-legend")).to_contain_text("Best: 8/5 6/5")
    expect(page.locator("#review-loss")).to_contain_text("very bad")
    expect(page.locator("#review-loss")).to_have_text(re.compile(r"^Loss −0\.\d{3} · very bad$"))
    expect(page.locator("#review-depth")).to_contain_text("Depth:")
    for part in ("#review-dialog", "#review-board", "#review-legend", "#review-next"):
        inside_phone(page, part)
    first = review.get_attribute("data-index")
    expect(page.locator("#review-prev")).to_be_disabled()

    # the keyboard: N to the next mistake (her 52 from the bar), P back
    page.keyboard.press("n")
    expect(page.locator("#review-where")).to_have_text("Game 1 · 3. Ann 52")
    assert review.get_attribute("data-index") != first
    expect(page.locator("#review-legend")).to_contain_text("Played: bar/20 13/11")
    expect(page.locator("#review-next")).to_be_disabled()
    page.keyboard.press("n")
    expect(page.locator("#review-message")).to_have_text("No mistake after this one.")
    page.keyboard.press("p")
    expect(page.locator("#review-where")).to_have_text("Game 1 · 1. Ann 31")
    # the buttons too
    page.locator("#review-next").click()
    expect(page.locator("#review-where")).to_have_text("Game 1 · 3. Ann 52")
    page.locator("#review-prev").click()
    expect(review).to_have_attribute("data-index", first or "")
    # the replay from here, at the play; closing it comes back to the analysis
    page.locator("#review-replay").click()
    expect(review).to_be_hidden()
    expect(page.locator("#replay-dialog")).to_have_attribute("data-ply", "1")
    page.keyboard.press("Escape")
    expect(page.locator("#analysis-dialog")).to_be_visible()
    # Escape closes the review, back to the list
    rows.first.focus()
    page.keyboard.press("Enter")
    expect(review).to_be_visible()
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    expect(page.locator("#analysis-dialog")).to_be_visible()
    # the analysis handed its two mistakes to the practice deck
    expect(page.locator("#analysis-practice")).to_have_text("2 mistakes of this match added to your practice deck.")
    page.locator("#analysis-close").click()

    # Practice: the first mistake comes first, said as played; answered by the keyboard on the board
    page.locator("#rec-practice").click()
    card = page.locator("#practice-card")
    expect(card).to_have_attribute("data-xgid", "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:3:10")
    expect(page.locator("#practice-mistake")).to_contain_text("In your match you played 24/23 13/10 (it lost 0.")
    for point in ("8", "5", "6", "5"):
        page.locator(f'#practice-board [data-point="{point}"]').first.focus()
        page.keyboard.press("Enter")
    expect(card).to_have_attribute("data-graded", "right", timeout=ANALYSIS_TIMEOUT_MS)
    expect(page.locator("#practice-result")).to_have_text("Right: 8/5 6/5 is the best.")
    page.locator("#practice-close").click()

    # French: the same review in French words
    page.locator("#btn-lang").click()
    analyse(page)
    expect(page.locator("#analysis-depth")).to_contain_text("Profondeur : chaque jeu à 0 pli")
    rows.first.click()
    expect(page.locator("#review-title")).to_have_text("Revoir")
    expect(page.locator("#review-where")).to_have_text("Partie 1 · 1. Ann 31")
    expect(page.locator("#review-legend")).to_contain_text("Joué : 24/23 13/10")
    expect(page.locator("#review-legend")).to_contain_text("Meilleur : 8/5 6/5")
    expect(page.locator("#review-loss")).to_contain_text("très mauvais")
    expect(page.locator("#review-loss")).to_contain_text("Perte −0,")
    expect(page.locator("#review-next")).to_have_text("Erreur suivante")
    page.keyboard.press("n")
    expect(page.locator("#review-where")).to_have_text("Partie 1 · 3. Ann 52")
    inside_phone(page, "#review-dialog")
