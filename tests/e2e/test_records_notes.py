"""What the core inferred from an imported .mat file shows in the replay dialog, and the match still loads.

A file with no ``Crawford`` tag and a double in what would be the Crawford game is read
as a match played without the Crawford rule (``core.record.read_mat``'s note
``no-crawford-inferred``): the reader is told so, in French and in English, before
playing on from it.
"""

from __future__ import annotations

import pytest
from match_helpers import open_app, wait_phase
from playwright.sync_api import Page, expect

from core.match import Match
from core.record import format_mat
from core.state import from_json


def no_crawford_match() -> Match:
    """A 3-point match without the Crawford rule at 0-2, where player 0 doubles in the next game."""
    match = Match.new(3, names=("Ann", "Bob"), crawford_rule=False)
    for _ in range(2):
        match = match.opening_with(3, 1).play("8/5 6/5").double().drop().next_game()
    return match.opening_with(1, 3).play("8/5 6/5").double()


def import_file(page: Page, name: str, text: str) -> None:
    page.set_input_files("#rec-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}])


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "it is read as a match played without the Crawford rule."),
        ("fr", "il est lu comme un match joué sans la règle de Crawford."),
    ],
)
def test_a_file_read_without_the_crawford_rule_says_so_and_loads(page: Page, lang: str, words: str) -> None:
    open_app(page, f"?seed=7&lang={lang}")
    page.locator("#nm-cancel").click()
    tagged = format_mat(no_crawford_match())
    assert '; [Crawford "Off"]\n' in tagged

    # the file says so itself: nothing inferred, only what was read is told
    import_file(page, "tagged.mat", tagged)
    expect(page.locator("#replay-dialog")).to_be_visible()
    expect(page.locator("#replay-message")).to_contain_text("Videau")  # the program that wrote it (#55)
    expect(page.locator("#replay-message")).not_to_contain_text("Crawford")
    page.locator("#replay-close").click()

    # the tag left out: the core infers it from the double, and the reader is told
    import_file(page, "untagged.mat", tagged.replace('; [Crawford "Off"]\n', ""))
    expect(page.locator("#replay-dialog")).to_be_visible()
    expect(page.locator("#replay-message")).to_contain_text(words)
    expect(page.locator("#replay-message")).to_contain_text("Crawford")

    page.locator("#replay-replace").click()
    page.locator("#replay-replace-yes").click()
    expect(page.locator("#replay-dialog")).to_be_hidden()
    assert wait_phase(page, "double") == "double"
    saved = page.evaluate("() => localStorage.getItem('videau.match')")
    assert saved is not None
    current = from_json(saved)
    assert current.crawford_rule is False and current.score == (0, 2)
    assert current.game.phase == "double" and current.names == ("Ann", "Bob")
