"""Two tabs on one match against the computer: one tab plays the computer's turn, the other follows."""

from __future__ import annotations

from match_helpers import board_state, button, dice_state, open_app, phase, play_turn, start_computer_match, turn_state
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from core.state import from_json

HUMAN_TO_ACT = """() => {
  const phase = document.body.dataset.phase;
  if (phase === 'match-over' || phase === 'game-over') return true;
  if (phase === 'double') return true;  // the computer doubled (the human never does here)
  const roll = document.getElementById('btn-roll');
  const canRoll = roll && !roll.hidden && !roll.disabled;
  if (phase === 'opening') return canRoll;
  const svg = document.querySelector('#board svg');
  if (!svg || svg.dataset.turn !== '0') return false;
  if (phase === 'roll') return canRoll;
  return phase === 'move';
}"""

SAME_MATCH = """(text) => localStorage.getItem('videau.match') === text"""
SAVED = "() => localStorage.getItem('videau.match')"
EXPLAIN = """() => ({
  phase: document.body.dataset.phase,
  status: document.getElementById('status')?.textContent,
  notice: document.getElementById('notice')?.textContent,
  error: document.getElementById('error')?.textContent,
  buttons: [...document.querySelectorAll('button')].filter((b) => b.offsetParent).map((b) => b.textContent),
})"""


def wait_or_explain(page: Page, condition: str, arg: object = None) -> None:
    """Wait (up to 180 s: slow while gnubg runs on another worker); on a timeout, say what the page showed."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=180_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"timed out waiting for {condition}; the page: {page.evaluate(EXPLAIN)}") from None


def _watch(page: Page, problems: list[str]) -> None:
    page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)


def test_two_tabs_against_the_computer_play_its_turn_once(page: Page, context: BrowserContext) -> None:
    problems: list[str] = []
    _watch(page, problems)
    open_app(page, "?seed=31&lang=en")
    start_computer_match(page, "beginner", 5)
    page.get_by_label("The computer plays fast").check()
    other = context.new_page()
    _watch(other, problems)
    open_app(other, "?seed=32&lang=en")
    # The player's tab to the front: a new tab hides it, and a hidden tab's timers and frames are
    # throttled (the computer's steps and each click's checks waited about a second each).
    page.bring_to_front()

    turns = 0
    for _ in range(40):
        wait_or_explain(page, HUMAN_TO_ACT)
        current = phase(page)
        if current in ("match-over", "game-over") or turns >= 6:
            break
        if current == "double":  # the beginner's noisy cube may double (seeded with the dice): take
            button(page, "Take").click()
            wait_or_explain(page, "() => document.body.dataset.phase !== 'double'")
            continue
        if current in ("opening", "roll"):
            # Wait for the roll's save, not for a phase: after a roll with no play for the human, or
            # an opening the computer wins, the computer may play before a poll sees "move".
            saved = page.evaluate(SAVED)
            button(page, "Roll").click()
            wait_or_explain(page, "(before) => localStorage.getItem('videau.match') !== before", saved)
        if turn_state(page)["turn"] == "0" and phase(page) == "move":
            play_turn(page)
            turns += 1
    assert turns >= 3

    saved = page.evaluate("() => localStorage.getItem('videau.match')")
    other.wait_for_function(SAME_MATCH, arg=saved)
    # The other tab shows the same match once it has followed the last save.
    other.wait_for_function(
        "(n) => document.querySelectorAll('#move-list li').length === n",
        arg=page.locator("#move-list li").count(),
    )
    assert board_state(other) == board_state(page)
    assert dice_state(other) == dice_state(page)
    for tab in (page, other):
        expect(tab.locator("#error")).to_be_hidden()
        expect(tab.locator("#notice")).not_to_contain_text("confirm the move")
    match = from_json(saved)  # replayed through the rules: every action legal
    plays = [a for g in match.games for a in g.game.actions if a.kind == "play"]
    computer = [a for a in plays if a.player == 1]
    assert len(computer) >= 3
    assert problems == []
