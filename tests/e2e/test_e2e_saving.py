"""Saving: reload mid-turn, an unreadable save kept and downloadable, two tabs, offline play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_helpers import assert_offline, go_offline, wait_ready
from match_helpers import (
    board_state,
    button,
    dice_state,
    open_app,
    play_step,
    play_turn,
    score,
    start_match,
    turn_state,
    wait_phase,
)
from playwright.sync_api import BrowserContext, Page, expect

from core.match import Match
from core.state import from_json, to_json

GARBAGE = '{"version": 1, "games": [oops'


def _storage(page: Page, key: str) -> str | None:
    value = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if value is None else str(value)


def test_reload_in_the_middle_of_a_turn_finds_the_same_game(page: Page) -> None:
    open_app(page, "?seed=21&lang=en")
    start_match(page, 5, ("Ann", "Bob"))
    button(page, "Roll").click()
    wait_phase(page, "move")
    button(page, "Resign").click()
    button(page, "Resign a single game").click()
    button(page, "Accept").click()
    wait_phase(page, "game-over")
    button(page, "Next game").click()  # the next game's opening is rolled at once
    wait_phase(page, "move")
    play_turn(page)
    button(page, "Roll").click()
    play_step(page, turn_state(page))  # one checker moved, the rest of the roll still to play
    before = (board_state(page), dice_state(page), score(page), turn_state(page)["movable"])
    moves = page.locator("#move-list").inner_text()
    assert any(used for _, _, used in before[1])
    assert sum(before[2]) == 1

    page.reload()
    wait_ready(page)
    assert (board_state(page), dice_state(page), score(page), turn_state(page)["movable"]) == before
    assert page.locator("#move-list").inner_text() == moves
    assert turn_state(page)["phase"] == "move"
    button(page, "Undo").click()  # the step made before the reload can still be taken back
    assert not any(used for _, _, used in dice_state(page))


def test_an_unreadable_save_is_kept_offered_for_download_and_replaced_only_when_asked(page: Page) -> None:
    open_app(page)
    button(page, "Cancel").click()  # the first visit opens the new-match dialog
    page.evaluate("(text) => localStorage.setItem('videau.match', text)", GARBAGE)
    page.reload()
    wait_ready(page)

    alert = page.get_by_role("alert").filter(has_text="could not be read")
    expect(alert).to_be_visible()
    assert _storage(page, "videau.match") == GARBAGE  # never thrown away
    assert _storage(page, "videau.match.broken") == GARBAGE
    expect(button(page, "Roll")).to_be_hidden()  # nothing to play over it until asked

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download the saved match").click()
    download = download_info.value
    assert Path(download.path()).read_text() == GARBAGE
    assert download.suggested_filename.endswith(".json")

    button(page, "Start a new match").click()
    start_match(page, 3, ("Ann", "Bob"))
    expect(alert).to_be_hidden()
    saved = _storage(page, "videau.match")
    assert saved is not None
    assert from_json(saved).length == 3
    assert _storage(page, "videau.match.broken") == GARBAGE


def test_two_tabs_on_one_match_never_overwrite_each_other(page: Page, context: BrowserContext) -> None:
    open_app(page, "?seed=4&lang=en")
    start_match(page, 5, ("Ann", "Bob"))
    other = context.new_page()
    problems: list[str] = []
    other.on("pageerror", lambda error: problems.append(str(error)))
    other.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    open_app(other, "?seed=5&lang=en")
    wait_phase(other, "opening")
    page.bring_to_front()  # the playing tab in front, as a player has it (a hidden tab is throttled)

    # One tab plays: the other follows through the storage event.
    button(page, "Roll").click()
    wait_phase(other, "move")
    assert board_state(other) == board_state(page)
    assert dice_state(other) == dice_state(page)
    expect(other.locator("#notice")).to_contain_text("another tab")
    expect(other.locator("#notice")).to_have_attribute("data-kind", "info")  # a note, not an error

    # A tab that missed a change (here: written behind its back) does not overwrite it.
    theirs = to_json(Match.new(7, names=("Carl", "Dee")))
    page.evaluate(
        """(text) => {
          localStorage.setItem('videau.match', text);
          localStorage.setItem('videau.match.rev', String(Number(localStorage.getItem('videau.match.rev')) + 1));
        }""",
        theirs,
    )
    play_step(page, turn_state(page))
    assert _storage(page, "videau.match") == theirs
    expect(page.locator("#notice")).to_contain_text("not saved")
    expect(page.locator("#notice")).to_have_attribute("data-kind", "error")  # an action was lost
    wait_phase(page, "opening")
    expect(page.locator("#board .caption[data-player='0']")).to_contain_text("Carl")
    other.close()
    assert problems == []


@pytest.mark.browser_context_args(service_workers="allow")  # the offline cache under test
def test_offline_after_the_first_visit_a_game_can_be_finished(page: Page) -> None:
    open_app(page, "?seed=8&lang=en")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => undefined)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    start_match(page, 1, ("Ann", "Bob"))
    expect(page.locator("#board [data-cube]")).to_have_count(0)  # no cube in a 1-point match

    go_offline(page)
    page.reload()
    wait_ready(page)
    assert_offline(page)
    wait_phase(page, "opening")
    button(page, "Roll").click()
    play_turn(page)
    button(page, "Roll").click()
    expect(button(page, "Double")).to_be_hidden()
    play_turn(page)
    button(page, "Resign").click()
    button(page, "Resign a gammon").click()
    button(page, "Accept").click()
    wait_phase(page, "match-over")
    expect(page.locator("#over")).to_contain_text("resigns a gammon")
    saved = _storage(page, "videau.match")
    assert saved is not None
    assert json.loads(saved)["length"] == 1
    assert from_json(saved).is_over


FILL_STORAGE_JS = """() => {
  // Fill localStorage to the quota with filler keys, in ever smaller pieces, down to one character.
  let n = 0;
  for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
    const chunk = 'x'.repeat(size);
    for (;;) {
      try { localStorage.setItem('filler.' + n, chunk); n += 1; } catch (e) { break; }
    }
  }
  return n;
}"""


def _full_storage_with_a_broken_save(page: Page, query: str) -> None:
    open_app(page, query)
    page.locator("#new-match-dialog").evaluate("(d) => d.close()")  # the first visit opens the dialog
    page.evaluate("(text) => localStorage.setItem('videau.match', text)", GARBAGE)
    assert page.evaluate(FILL_STORAGE_JS) > 0
    page.reload()
    wait_ready(page)


def test_full_storage_a_broken_save_that_cannot_be_copied_is_replaced_only_with_consent(page: Page) -> None:
    _full_storage_with_a_broken_save(page, "?seed=3&lang=en")
    alert = page.locator("#recovery")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("could not be copied aside")
    expect(alert).not_to_contain_text("kept as it was")  # no claim of a copy that was not made
    assert _storage(page, "videau.match.broken") is None
    assert _storage(page, "videau.match") == GARBAGE

    button(page, "Start a new match").click()
    start_match(page, 3, ("Ann", "Bob"))  # asks first: the save is still there
    expect(alert).to_contain_text("will erase the saved match that could not be read")
    assert _storage(page, "videau.match") == GARBAGE
    expect(button(page, "Roll")).to_be_hidden()
    with page.expect_download() as download_info:  # the download is still offered
        page.get_by_role("link", name="Download the saved match").click()
    assert Path(download_info.value.path()).read_text() == GARBAGE
    assert _storage(page, "videau.match") == GARBAGE

    button(page, "Erase it and start the new match").click()
    expect(alert).to_be_hidden()
    wait_phase(page, "opening")
    expect(page.locator("#board .caption[data-player='0']")).to_contain_text("Ann")
    expect(page.locator("#notice")).to_contain_text("does not let the match be saved")  # still full: said so
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('filler.')).forEach(k => localStorage.removeItem(k))"
    )
    button(page, "Roll").click()  # with room again, the new match is saved over the broken one
    wait_phase(page, "move")
    saved = _storage(page, "videau.match")
    assert saved is not None and from_json(saved).length == 3


def test_full_storage_the_recovery_panel_speaks_french(page: Page) -> None:
    _full_storage_with_a_broken_save(page, "?seed=3&lang=fr")
    alert = page.locator("#recovery")
    expect(alert).to_contain_text("n’a pas pu être copiée à part")
    expect(alert).not_to_contain_text("conservée telle quelle")
    button(page, "Commencer un nouveau match").click()
    button(page, "Commencer").click()
    expect(alert).to_contain_text("effacera la partie enregistrée illisible")
    expect(button(page, "L’effacer et commencer le nouveau match")).to_be_visible()
    assert _storage(page, "videau.match") == GARBAGE
    page.locator("#btn-lang").click()  # the panel follows the language
    expect(alert).to_contain_text("will erase the saved match that could not be read")
