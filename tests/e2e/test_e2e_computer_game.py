"""A whole 1-point game against the computer at each level, played by clicks in Chromium."""

from __future__ import annotations

import pytest
from match_helpers import button, open_app, phase, play_turn, start_computer_match, turn_state, wait_phase
from playwright.sync_api import Page, expect

OUR_MOVE_OR_END = """() => {
  const phase = document.body.dataset.phase;
  if (phase === 'match-over' || phase === 'game-over') return true;
  const roll = document.getElementById('btn-roll');
  const canRoll = roll && !roll.hidden && !roll.disabled;
  if (phase === 'opening') return canRoll;  // nobody is on roll before the opening
  const svg = document.querySelector('#board svg');
  if (!svg || svg.dataset.turn !== '0') return false;
  if (phase === 'roll') return canRoll;
  return phase === 'move';
}"""

COMPUTER_MOVES = "#move-list .moves__item--1"
"""The computer's entries in the move list (it plays the second seat)."""


# The stronger levels search for long in the page: optimized WebAssembly (tests/e2e/conftest.py).
SEARCHES = pytest.mark.computes


@pytest.mark.parametrize(
    "level",
    [
        "beginner",
        pytest.param("intermediate", marks=SEARCHES),
        pytest.param("expert", marks=SEARCHES),
        pytest.param("strongest", marks=SEARCHES),
    ],
)
def test_a_whole_one_point_game_against_the_computer(page: Page, level: str) -> None:
    open_app(page, "?seed=11&lang=en")
    start_computer_match(page, level, 1)
    expect(page.locator("#board .cube")).to_have_count(0)  # no cube in a 1-point match
    page.get_by_label("The computer plays fast").check()  # the speed option, remembered
    options = page.evaluate("() => JSON.parse(localStorage.getItem('videau.options'))")
    assert options["bot_fast"] is True
    computer_moves = 0
    for _ in range(200):
        page.wait_for_function(OUR_MOVE_OR_END, timeout=60_000)
        current = phase(page)
        if current in ("match-over", "game-over"):
            break
        if current in ("opening", "roll"):
            played = page.locator(COMPUTER_MOVES).count()
            button(page, "Roll").click()
            # our move now; or, when the computer wins the opening roll, its whole turn may come
            # and go between two polls (a fast level), leaving our roll again: count its moves
            page.wait_for_function(
                """([selector, played]) => {
                  const phase = document.body.dataset.phase;
                  return (phase !== 'roll' && phase !== 'opening')
                    || document.querySelectorAll(selector).length > played;
                }""",
                arg=[COMPUTER_MOVES, played],
            )
        if turn_state(page)["turn"] == "0" and phase(page) == "move":
            play_turn(page)
        computer_moves = page.locator(COMPUTER_MOVES).count()
    else:
        raise AssertionError("the game did not end in 200 turns")
    assert wait_phase(page, "match-over") == "match-over"
    assert computer_moves >= 5
    assert "match" in page.locator("body").inner_text().lower()
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('videau.match'))")
    result = stored["games"][0]["actions"][-1]
    assert result["kind"] in ("play", "accept", "drop")
