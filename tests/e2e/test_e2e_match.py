"""A whole 3-point match between two humans, played by clicking checkers and destinations.

The dice come from the real page; ``?seed=`` only swaps ``crypto.getRandomValues`` for
a seeded generator so that the games are the same at every run. Along the way: the
opening roll (one die per player), a step by clicking a checker twice, a resignation
declined then accepted, a double passed, a double taken, and the match-over screen.
"""

from __future__ import annotations

import re

from match_helpers import (
    button,
    dice_state,
    open_app,
    phase,
    play_turn,
    play_until,
    score,
    start_match,
    turn_state,
    wait_phase,
)
from playwright.sync_api import Page, expect


def _on_roll(page: Page) -> int:
    return int(turn_state(page)["turn"])


def test_three_point_match_played_by_clicks(page: Page) -> None:
    open_app(page, "?seed=3&lang=en")
    start_match(page, 3, ("Ann", "Bob"))
    expect(page.locator("#board [data-cube]")).to_have_count(1)  # the cube is in play

    # The opening roll: one die for each player, the higher one moves first.
    button(page, "Roll").click()
    wait_phase(page, "move")
    dice = dice_state(page)
    assert sorted(owner for _, owner, _ in dice) == ["0", "1"], dice
    assert dice[0][0] != dice[1][0]

    # Clicking the same checker twice moves it by the higher usable die.
    state = turn_state(page)
    first = state["movable"][0]
    page.locator(f'#board [data-point="{first}"]').click()
    assert turn_state(page)["selected"] == first
    assert turn_state(page)["dests"]
    before = page.locator(f'#board [data-point="{first}"] [data-checker]').count()
    page.locator(f'#board [data-point="{first}"]').click()
    assert page.locator(f'#board [data-point="{first}"] [data-checker]').count() == before - 1
    button(page, "Undo").click()
    assert page.locator(f'#board [data-point="{first}"] [data-checker]').count() == before
    play_turn(page)
    assert page.locator("#move-list li").count() == 1
    expect(page.locator("#move-list li").first).to_have_text(re.compile(r"\d\d: (bar|\d+)/"))

    # Game 1: a resignation declined, then (a turn later) accepted.
    wait_phase(page, "roll")
    resigner = _on_roll(page)
    button(page, "Resign").click()
    button(page, "Resign a single game").click()
    wait_phase(page, "resign")
    button(page, "Decline").click()
    wait_phase(page, "roll")
    play_until(
        page,
        lambda: phase(page) == "roll" and _on_roll(page) == resigner and page.locator("#move-list li").count() >= 4,
    )
    button(page, "Resign").click()
    button(page, "Resign a single game").click()
    button(page, "Accept").click()
    wait_phase(page, "game-over")
    expect(page.locator("#over")).to_contain_text("resigns a single game")
    assert score(page)[1 - resigner] == 1
    assert score(page)[resigner] == 0

    # Game 2: the loser of game 1 doubles (asked twice: it is easy to misclick); the other drops.
    button(page, "Next game").click()
    wait_phase(page, "move")
    play_until(page, lambda: phase(page) == "roll" and _on_roll(page) == resigner)
    button(page, "Double").click()
    expect(page.locator("#double-dialog")).to_be_visible()
    button(page, "Yes, double").click()
    wait_phase(page, "double")
    expect(page.locator('#board [data-cube="2"]')).to_have_count(1)
    button(page, "Drop").click()
    wait_phase(page, "game-over")
    expect(page.locator("#over")).to_contain_text("drops")
    assert score(page) == (1, 1)

    # Game 3: a double taken, then the game played out by clicks until the match ends.
    button(page, "Next game").click()
    play_until(page, lambda: phase(page) == "roll")
    doubler = _on_roll(page)
    button(page, "Double").click()
    button(page, "Yes, double").click()
    wait_phase(page, "double")
    button(page, "Take").click()
    wait_phase(page, "roll")
    expect(page.locator(f'#board [data-cube="2"][data-cube-owner="{1 - doubler}"]')).to_have_count(1)
    play_until(page, lambda: False, limit=600)
    assert phase(page) == "match-over"
    expect(page.locator("#over")).to_contain_text("wins the match")
    final = score(page)
    assert max(final) >= 3, final
    assert min(final) == 1, final
    expect(button(page, "Start a new match")).to_be_visible()
