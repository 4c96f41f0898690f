"""Analyse in the page (#15): an imported .mat graded, its worst decision first, opened in the replay.

``tests/data/analysis_blunder.mat``: the start of a 3-point game where Ann, with 52, plays 13/8 6/4
instead of hitting with 13/11* 13/8 (every other play is the bot's choice), so that play is the
worst decision of the file. One page load: the analysis runs with its progress shown, lists that play
first (sortable back to game order), shows a chart and the players' totals; the keyboard opens the
review of that play, from it the replay at that play, and Escape comes back to the list; the
analysis and the bot are imported only then, never at start-up; the phone width keeps the dialog inside the
screen; then in French, the same results in French words, and a longer file's analysis shows its
progress moving while the page answers, and stops on Cancel.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from match_helpers import open_app
from playwright.sync_api import Page, expect

from core.analysis import RATINGS
from core.record import parse_mat

pytestmark = pytest.mark.computes  # analyses a match: optimized WebAssembly (tests/e2e/conftest.py)

DATA = Path(__file__).resolve().parents[1] / "data"
BLUNDER = (DATA / "analysis_blunder.mat").read_text()
LONG = (DATA / "gnubg_5pt.mat").read_text()
ANALYSIS_TIMEOUT_MS = 120_000


def import_file(page: Page, name: str, text: str) -> None:
    page.set_input_files("#rec-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}])


def loaded(page: Page) -> set[str]:
    """The page's Python modules imported so far (the tests' build's hook)."""
    return set(str(page.evaluate("() => window.videauTestModules()")).split())


LAZY = {
    "core.bot",
    "core.analysis",
    "app.records.analysis_panel",
    "app.records.analysis_view",
    "app.records.analysis_workers",
}
"""Imported when Analyse is first used, never at start-up."""


def test_analyse_an_imported_match(page: Page) -> None:
    open_app(page, "?seed=3&lang=en")
    page.locator("#nm-cancel").click()
    dialog, rows = page.locator("#analysis-dialog"), page.locator("#analysis-list button")
    modules = loaded(page)
    assert "app.records.panel" in modules and not modules & LAZY
    page.locator("#rec-analyse").click()  # the current match: nothing played yet
    expect(dialog).to_be_visible()
    expect(page.locator("#analysis-message")).to_have_text("Nothing to analyse yet: no move has been played.")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    import_file(page, "blunder.mat", BLUNDER)
    expect(page.locator("#replay-dialog")).to_be_visible()
    page.locator("#replay-analyse").click()  # the replay's Analyse: the match replayed
    expect(page.locator("#replay-dialog")).to_be_hidden()
    expect(dialog).to_be_visible()
    expect(page.locator("#analysis-source")).to_have_text("blunder.mat")
    expect(dialog).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
    expect(page.locator("#analysis-running")).to_be_hidden()
    expect(page.locator("#analysis-message")).to_contain_text("decisions analysed in")
    # the count is that of the progress (every decision walked through), and the decisions listed beside
    # it (not the forced plays or clear no-doubles)
    listed = rows.count()
    total = page.locator("#analysis-progress").get_attribute("max")
    message = page.locator("#analysis-message").inner_text()
    assert listed == 5 and message.startswith(f"{total} decisions analysed") and f"; {listed} listed" in message
    assert total is not None and int(total) > listed
    assert loaded(page) >= LAZY

    # the worst decision first: Ann's 52 played 13/8 6/4, best 13/11* 13/8, marked very bad
    top = rows.first
    expect(top).to_contain_text("Game 1 · 3.")
    expect(top).to_contain_text("Ann 52: 13/8 6/4")
    expect(top).to_contain_text("best: 13/11* 13/8")
    expect(top).to_contain_text("very bad")
    losses = [float(x.replace("−", "")) for x in page.locator("#analysis-list .analysis__loss").all_inner_texts()]
    assert losses == sorted(losses, reverse=True) and losses[0] > 0.16
    # game order, then worst first again (mouse)
    page.locator("#analysis-order").select_option("game")
    expect(rows.first).to_contain_text("Game 1 · 1.")
    expect(rows.first).to_contain_text("Ann 31: 8/5 6/5")
    page.locator("#analysis-order").select_option("worst")
    expect(rows.first).to_contain_text("Ann 52: 13/8 6/4")

    # the players' totals: Ann's error rate is the higher, ratings in gnubg's words
    summary = page.locator("#analysis-summary tbody tr")
    expect(summary).to_have_count(2)
    expect(summary.nth(0)).to_contain_text("Ann")
    rates = [float(x) for x in page.locator("#analysis-summary .analysis__rate").all_inner_texts()]
    assert rates[0] > rates[1]
    words = [w for _, w in RATINGS] + ["Awful!"]
    assert any(w in summary.nth(0).inner_text() for w in words)
    # the chart: one game, one point per play, the blunder's point marked
    chart = page.locator("#analysis-charts svg.chart")
    expect(chart).to_have_count(1)
    # labelled in sight: which game, whose winning chances
    expect(page.locator("#analysis-charts figcaption")).to_have_text("Game 1: Ann's winning chances, play by play")
    plays = sum(1 for a in parse_mat(BLUNDER).games[0].game.actions if a.kind == "play")
    expect(chart.locator("circle.chart__point")).to_have_count(plays)
    expect(chart.locator('circle.chart__point--very-bad[data-move="3"]')).to_have_count(1)

    # the keyboard opens the review of that play (tests/e2e/test_e2e_review.py), and from it the replay
    # at that play; Escape closes it, back to the list
    top.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#review-dialog")).to_be_visible()
    page.keyboard.press("Tab")
    page.locator("#review-replay").press("Enter")
    replay = page.locator("#replay-dialog")
    expect(replay).to_be_visible()
    expect(replay).to_have_attribute("data-ply", "3")
    expect(page.locator("#replay-board .message")).to_have_text("Game 1 · 3. Ann 52: 13/8 6/4")
    page.keyboard.press("Escape")
    expect(replay).to_be_hidden()
    expect(dialog).to_be_visible()

    # a phone: the dialog and everything in it stay inside the screen; the players' table
    # reflows into one card per player (no sideways scrolling), each figure captioned
    page.set_viewport_size({"width": 390, "height": 844})
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    for part in ("#analysis-list", ".analysis__table-box"):
        assert page.evaluate(f"() => document.querySelector('{part}').scrollWidth <= "
                             f"document.querySelector('{part}').clientWidth"), part
    cells = page.locator("#analysis-summary tbody tr").nth(0).locator("td")
    first, second = cells.nth(0).bounding_box(), cells.nth(1).bounding_box()
    assert first is not None and second is not None and second["y"] > first["y"]  # stacked, not side by side
    assert cells.nth(1).evaluate("td => getComputedStyle(td, '::before').content").strip('"') == "Error rate (mEMG)"
    swatch = page.locator("#analysis-summary tbody .swatch").nth(0).bounding_box()  # the player's colour, a disc
    assert swatch is not None and swatch["width"] >= 8 and abs(swatch["width"] - swatch["height"]) < 1
    # still a table for screen readers (explicit roles): a row header a player, a cell a figure
    expect(dialog.get_by_role("rowheader")).to_have_count(2)
    expect(dialog.get_by_role("row").nth(1).get_by_role("cell")).to_have_count(5)
    assert dialog.evaluate("d => d.scrollWidth <= d.clientWidth")  # nothing wider than the dialog
    right = box["x"] + box["width"]
    for part in ("#analysis-list", ".analysis__table-box", "#analysis-charts", ".analysis__order"):
        inner = page.locator(f"#analysis-dialog {part}").bounding_box()
        assert inner is not None and inner["x"] + inner["width"] <= right, part
    page.locator("#analysis-close").click()
    expect(dialog).to_be_hidden()

    # French: the same analysis (kept), in French words
    page.locator("#btn-lang").click()
    expect(page.locator("#rec-analyse")).to_have_text("Analyser")
    import_file(page, "blunder.mat", BLUNDER)
    page.locator("#replay-analyse").click()
    expect(dialog).to_have_attribute("data-state", "done")
    expect(page.locator("#analysis-title")).to_have_text("Analyse")
    expect(rows.first).to_contain_text("Partie 1 · 3.")
    expect(rows.first).to_contain_text("meilleur : 13/11* 13/8")
    expect(rows.first).to_contain_text("très mauvais")
    expect(page.locator("#analysis-summary thead")).to_contain_text("Taux d’erreur (mEMG)")
    page.locator("#analysis-close").click()

    # a longer match: the progress moves while the page answers, and Cancel stops it
    import_file(page, "long.mat", LONG)
    page.locator("#replay-analyse").click()
    expect(dialog).to_have_attribute("data-state", "running")
    progress = page.locator("#analysis-progress")
    page.wait_for_function("() => document.querySelector('#analysis-progress').value >= 2", timeout=ANALYSIS_TIMEOUT_MS)
    first = float(progress.get_attribute("value") or 0)
    page.wait_for_function(f"() => document.querySelector('#analysis-progress').value > {first}",
                           timeout=ANALYSIS_TIMEOUT_MS)
    total = int(float(progress.get_attribute("max") or 0))
    expect(page.locator("#analysis-count")).to_contain_text(f"sur {total}")
    page.locator("#analysis-cancel").click()
    expect(page.locator("#analysis-message")).to_have_text("Analyse annulée.")
    expect(page.locator("#analysis-running")).to_be_hidden()
    expect(dialog).to_have_attribute("data-state", "cancelled")
    expect(page.locator("#analysis-results")).to_be_hidden()
