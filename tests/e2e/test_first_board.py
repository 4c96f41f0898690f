"""The board on screen before Python starts (tools/prerender.py, web/first-board.js).

Python's start is held back by holding the request for pyodide.asm.wasm: what is on screen
then is all that HTML, CSS and web/first-board.js put there. Released, Python draws the live
board, which must be the very same SVG (no jump), and only then may the board be used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from e2e_helpers import wait_ready
from match_helpers import board_state, button, open_and_play_the_opening, open_app, start_match
from playwright.sync_api import Page, Route

SVG_JS = "() => document.querySelector('#board > svg')?.outerHTML ?? null"
RUNTIME = "**/pyodide/pyodide.asm.wasm"
SLOW_MS = 180_000  # Python starts once the held runtime is let go: on a loaded machine, slowly


class HeldRuntime:
    """Holds every request for Pyodide's WebAssembly until :meth:`release`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.held: list[Route] = []
        self.released = False
        page.route(RUNTIME, self._hold)

    def _hold(self, route: Route) -> None:
        if self.released:
            route.fallback()
        else:
            self.held.append(route)

    def load(self, action: Callable[[], object]) -> None:
        """Run ``action`` (a goto or a reload), then wait until the page asked for the runtime."""
        with self.page.expect_request(RUNTIME, timeout=SLOW_MS):
            action()

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.fallback()
        self.held.clear()


# No service worker here, said even though conftest blocks them by default: one would answer the
# runtime's request out of the page's sight.
pytestmark = pytest.mark.browser_context_args(service_workers="block")


@pytest.fixture
def held(page: Page) -> Iterator[HeldRuntime]:
    runtime = HeldRuntime(page)
    yield runtime
    runtime.release()


def first_board(page: Page) -> dict[str, object]:
    """What the page shows before Python: which board, its SVG, whether it is inert and busy."""
    state: dict[str, object] = page.evaluate(
        """() => {
          const board = document.getElementById('board');
          return {
            kind: document.documentElement.dataset.firstBoard,
            pending: 'boardPending' in document.documentElement.dataset,
            svg: board.querySelector(':scope > svg')?.outerHTML ?? null,
            inert: board.inert,
            busy: board.getAttribute('aria-busy'),
            ready: document.body.dataset.ready,
            visible: getComputedStyle(board).visibility === 'visible' && board.getBoundingClientRect().height > 300,
          };
        }"""
    )
    return state


def test_first_paint_is_the_prerendered_opening_board_then_the_same_live_board(page: Page, held: HeldRuntime) -> None:
    held.load(lambda: page.goto("./?lang=en"))
    before = first_board(page)
    assert before["kind"] == "opening" and before["ready"] == "false" and before["visible"]
    assert before["inert"] is True and before["busy"] == "true"
    assert isinstance(before["svg"], str) and before["svg"].count("data-checker=") == 30
    held.release()
    wait_ready(page, SLOW_MS)
    assert page.evaluate(SVG_JS) == before["svg"]
    assert page.evaluate("() => document.getElementById('board').inert") is False


def test_first_paint_in_french_is_the_french_board(page: Page, held: HeldRuntime) -> None:
    held.load(lambda: page.goto("./?lang=fr"))
    before = first_board(page)
    assert before["kind"] == "opening" and isinstance(before["svg"], str)
    assert "Blanc" in before["svg"] and "White" not in before["svg"]
    held.release()
    wait_ready(page, SLOW_MS)
    assert page.evaluate(SVG_JS) == before["svg"]


def test_a_returning_player_sees_the_saved_board_at_once(page: Page) -> None:
    open_and_play_the_opening(page, seed=3)
    saved_board = board_state(page)
    live = page.evaluate(SVG_JS)
    held = HeldRuntime(page)
    try:
        held.load(page.reload)
        before = first_board(page)
        assert before["kind"] == "stored" and before["visible"] and before["inert"] is True
        assert before["svg"] == live
        assert board_state(page) == saved_board
        held.release()
        wait_ready(page, SLOW_MS)
        assert page.evaluate(SVG_JS) == live  # Python drew the same board over it
    finally:
        held.release()


def test_a_stored_board_is_never_shown_for_another_save(page: Page) -> None:
    open_and_play_the_opening(page, seed=3)
    live = page.evaluate(SVG_JS)
    # Another save, written behind the page's back (another version, a hand edit): the names change.
    page.evaluate(
        "() => localStorage.setItem('videau.match', localStorage.getItem('videau.match').replaceAll('Ann', 'Zoe'))"
    )
    held = HeldRuntime(page)
    try:
        held.load(page.reload)
        before = first_board(page)
        assert before["kind"] == "shell" and before["svg"] != live
        assert isinstance(before["svg"], str) and "data-checker" not in before["svg"] and "Ann" not in before["svg"]
        held.release()
        wait_ready(page, SLOW_MS)
        assert "Zoe" in page.evaluate(SVG_JS)
    finally:
        held.release()


def test_a_save_without_its_board_shows_the_empty_board(page: Page) -> None:
    open_app(page)
    start_match(page, 3, ("Ann", "Bob"))
    page.evaluate("() => localStorage.removeItem('videau.board')")
    held = HeldRuntime(page)
    try:
        held.load(page.reload)
        before = first_board(page)
        assert before["kind"] == "shell" and before["visible"]
        assert isinstance(before["svg"], str) and "data-checker" not in before["svg"]
    finally:
        held.release()
    wait_ready(page, SLOW_MS)


def test_nothing_is_usable_before_python(page: Page, held: HeldRuntime) -> None:
    held.load(lambda: page.goto("./?lang=en"))
    before = first_board(page)
    assert before["inert"] is True and before["visible"]
    # not focusable: neither by Tab nor by script
    for _ in range(12):
        page.keyboard.press("Tab")
        assert not page.evaluate("() => !!document.activeElement?.closest('#board')")
    assert not page.evaluate(
        "() => { const p = document.querySelector('#board [data-point=\"13\"]'); p.focus();"
        " return document.activeElement === p; }"
    )
    # clicks do nothing: the board and the buttons stay as they were
    box = page.locator('#board [data-point="13"]').bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 10)
    assert first_board(page)["svg"] == before["svg"]
    assert page.evaluate("() => document.querySelector('#board [data-selected]') === null")
    assert button(page, "New match").is_disabled()
    assert page.evaluate("() => document.body.dataset.ready") == "false"


def test_an_embed_paints_the_prerendered_empty_board_before_python(page: Page) -> None:
    page.add_init_script(
        """
        addEventListener("DOMContentLoaded", () => {
          const svg = document.querySelector("#board > svg");
          window.firstEmbedBoard = {
            cls: svg?.getAttribute("class"), points: svg?.querySelectorAll("[data-point]").length,
            checkers: svg?.querySelectorAll("[data-checker]").length, ready: document.body.dataset.ready,
          };
        });
        """
    )
    page.goto("./embed.html#mode=try&dice=31")
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=SLOW_MS)
    first = page.evaluate("() => window.firstEmbedBoard")
    assert first == {"cls": "board", "points": 26, "checkers": 0, "ready": "false"}
    assert page.evaluate("() => document.querySelectorAll('#board [data-checker]').length") == 30


LOADING_JS = """() => {
  const board = document.getElementById('board');
  const label = getComputedStyle(board, '::after');
  return {
    label: label.content,
    labelShown: label.display !== 'none' && label.visibility !== 'hidden',
    dim: Number(getComputedStyle(board.querySelector(':scope > svg')).opacity),
    cursor: getComputedStyle(board.querySelector('[data-checker]')).cursor,
    header: document.getElementById('btn-new').textContent.trim(),
    lang: document.querySelector('#btn-lang [data-i18n="button.language"]').textContent.trim(),
    langShort: document.querySelector('#btn-lang [data-i18n="button.language_short"]').textContent.trim(),
    moves: document.getElementById('moves-title').textContent.trim(),
    files: document.getElementById('records-title').textContent.trim(),
    flip: document.getElementById('btn-flip').getAttribute('aria-label'),
    htmlLang: document.documentElement.lang,
  };
}"""


@pytest.mark.parametrize(("query", "stored"), [("./?lang=fr", None), ("./", "fr")])
def test_before_python_the_page_says_it_loads_in_the_chosen_language(
    page: Page, held: HeldRuntime, query: str, stored: str | None
) -> None:
    if stored is not None:  # a language chosen on an earlier visit
        page.goto("./rules/")  # the origin, without the app: to write its storage
        page.evaluate("(lang) => localStorage.setItem('videau.lang', lang)", stored)
    held.load(lambda: page.goto(query))
    page.wait_for_load_state("domcontentloaded")
    before = page.evaluate(LOADING_JS)
    assert before["label"] == '"Chargement…"' and before["labelShown"], before
    assert before["dim"] < 1 and before["cursor"] == "progress", before  # nothing looks playable
    assert before["header"] == "Nouveau match" and before["lang"] == "English", before
    assert before["langShort"] == "EN", before  # what a phone shows of it
    assert before["moves"] == "Coups" and before["files"] == "Fichiers et positions", before
    assert before["flip"] == "Retourner le plateau" and before["htmlLang"] == "fr", before
    assert page.evaluate("() => document.getElementById('board').inert") is True
    held.release()
    wait_ready(page, SLOW_MS)
    after = page.evaluate(LOADING_JS)
    assert after["label"] == "none" and after["dim"] == 1, after  # ready: the board plays
    assert after["header"] == "Nouveau match"


def test_before_python_the_english_page_says_it_loads(page: Page, held: HeldRuntime) -> None:
    held.load(lambda: page.goto("./?lang=en"))
    page.wait_for_load_state("domcontentloaded")
    before = page.evaluate(LOADING_JS)
    assert before["label"] == '"Loading…"' and before["dim"] < 1 and before["header"] == "New match", before


def test_a_match_with_a_clock_shows_its_saved_board_at_once_too(page: Page) -> None:
    """Issue #57: the board was never kept for a save with a clock (or archived games)."""
    from core.clock import Clock, ClockRules
    from core.match import Match
    from core.state import to_json

    open_app(page)
    match = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5")
    saved = to_json(match, Clock.new(ClockRules(30_000, 600_000)))
    page.evaluate("(s) => { localStorage.clear(); localStorage.setItem('videau.match', s); }", saved)
    page.reload()
    wait_ready(page)
    page.wait_for_function("() => localStorage.getItem('videau.board') !== null")
    live = page.evaluate(SVG_JS)
    held = HeldRuntime(page)
    try:
        held.load(page.reload)
        before = first_board(page)
        assert before["kind"] == "stored" and before["svg"] == live
    finally:
        held.release()
    wait_ready(page, SLOW_MS)
