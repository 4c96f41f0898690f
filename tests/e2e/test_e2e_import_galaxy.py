"""A real Backgammon Galaxy match imported in the page and analysed, in English and in French (#55).

``tests/data/matches/tune/galaxy/match8862584.txt`` (public, see SOURCES.md): a 4-point match where
Galaxy writes no ``*`` for hits, nothing for a roll that cannot be played, and its own result lines.
English: the file dropped on the page; the replay opens saying what was read (one game, the match,
the players, the score, written by Backgammon Galaxy) with its Analyse focused: Enter analyses it.
French: the same text pasted; then a file with an impossible play is refused, naming its line and
the line's text, and the match in progress is unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from match_helpers import open_app
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.computes  # analyses a match: optimized WebAssembly (tests/e2e/conftest.py)

MATCHES = Path(__file__).resolve().parents[1] / "data" / "matches"
GALAXY = (MATCHES / "tune" / "galaxy" / "match8862584.txt").read_text()
ANALYSIS_TIMEOUT_MS = 120_000

DROP = """(text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "match8862584.txt", {type: "text/plain"}));
    for (const type of ["dragover", "drop"]) {
        const event = new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true});
        document.body.dispatchEvent(event);
    }
}"""
PASTE = """(text) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", text);
    const event = new ClipboardEvent("paste", {clipboardData: transfer, bubbles: true, cancelable: true});
    document.body.dispatchEvent(event);
}"""


def analyse_with_enter(page: Page) -> None:
    expect(page.locator("#replay-analyse")).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.locator("#analysis-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
    expect(page.locator("#analysis-list button").first).to_be_visible()


def test_a_galaxy_match_dropped_or_pasted_is_read_and_analysed(page: Page) -> None:
    open_app(page, "?seed=3&lang=en")
    page.locator("#nm-cancel").click()
    page.evaluate(DROP, GALAXY)
    expect(page.locator("#replay-dialog")).to_be_visible()
    expect(page.locator("#replay-source")).to_have_text("Imported from match8862584.txt")
    expect(page.locator("#replay-message")).to_have_text(
        "match8862584.txt: 1 game, 4-point match, lasse – gammonlord, score 0–1. Written by Backgammon Galaxy."
    )
    analyse_with_enter(page)
    expect(page.locator("#analysis-source")).to_have_text("match8862584.txt")
    expect(page.locator("#analysis-summary")).to_contain_text("lasse")
    page.locator("#analysis-close").click()

    page.locator("#btn-lang").click()  # French
    expect(page.locator("#rec-analyse")).to_have_text("Analyser")
    page.evaluate(PASTE, GALAXY)
    expect(page.locator("#replay-dialog")).to_be_visible()
    expect(page.locator("#replay-message")).to_have_text(
        "Texte collé : 1 partie, match en 4 points, lasse – gammonlord, score 0–1. Écrit par Backgammon Galaxy."
    )
    analyse_with_enter(page)
    expect(page.locator("#analysis-title")).to_have_text("Analyse")
    expect(page.locator("#analysis-summary thead")).to_contain_text("Taux d’erreur")
    page.locator("#analysis-close").click()

    # an impossible play: the line, its text and the rule, and nothing else changes
    saved = page.evaluate("() => localStorage.getItem('videau.match')")
    page.evaluate(PASTE, GALAXY.replace("41: 13/9 24/23", "41: 13/9 24/22"))
    message = page.locator("#rec-message")
    expect(message).to_contain_text("Texte collé ne peut pas être lu : ligne 19 (« 2) 41: 13/9 24/22")
    expect(message).to_contain_text("les règles refusent ce que le fichier enregistre")
    expect(message).to_contain_text("Votre match en cours n’a pas changé.")
    assert page.evaluate("() => localStorage.getItem('videau.match')") == saved
