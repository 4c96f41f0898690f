"""The field's formats in the page: .mat import, replay, export; XGID and gnubg ID copy and set-up; dice record.

The IDs come from GNU Backgammon (tests/data/gnubg_5pt_ids.txt, recorded with it; see
tests/gnubg/replay_ids.py): the replay of gnubg's own match file must show, frame by
frame, the positions the core replays, and copy the IDs gnubg showed for them (with the
players named the app's way round); a gnubg ID that gnubg produced, pasted, sets up its
position and copies back unchanged; an XGID that gnubg read copies back as the gnubg ID
gnubg showed for it. Every check of a board compares the drawn checkers with the core.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from match_helpers import (
    board_state,
    button,
    open_and_play_the_opening,
    open_app,
    phase,
    play_turn,
    wait_phase,
)
from playwright.sync_api import Page, expect

from app.records.formats import import_mat, position_ids
from app.records.replay import game_frames
from core.ids import decode_gnubg_id, encode_gnubg_id
from core.position import Position
from core.record import parse_mat
from core.state import from_json, join_session
from tests.gnubg.replay_ids import MAT, read_ids

MAT_TEXT = MAT.read_text()
WALK, XGID_READS = read_ids()

def expected_places(board: Position) -> dict[str, list[int]]:
    """What the board shows for ``board`` (seen by player 0): checkers of each player on each place."""
    out = {str(p): [board.player[p - 1], board.opponent[24 - p]] for p in range(1, 25)}
    out["bar"] = [board.player[24], board.opponent[24]]
    out["off"] = list(board.borne_off())
    return out


def saved(page: Page) -> str | None:
    text: str | None = page.evaluate("() => localStorage.getItem('videau.match')")
    return text


def swapped_id(gnubg_id: str) -> str:
    """gnubg's ID from its walk through the .mat with the players named the app's way round."""
    position, info = decode_gnubg_id(gnubg_id)
    owner = None if info.cube_owner is None else 1 - info.cube_owner
    info = dataclasses.replace(
        info, cube_owner=owner, on_roll=1 - info.on_roll, turn=1 - info.turn, score=(info.score[1], info.score[0])
    )
    return encode_gnubg_id(position, info)


def replay_at(page: Page) -> tuple[int, int]:
    data = page.evaluate("() => ({...document.getElementById('replay-dialog').dataset})")
    return int(data["game"]), int(data["ply"])


def import_file(page: Page, name: str, text: str) -> None:
    page.set_input_files("#rec-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}])


def fresh_match(page: Page) -> str:
    """Open the app, start a 3-point match, play the opening; the saved match's text."""
    open_and_play_the_opening(page, seed=7)
    text = saved(page)
    assert text is not None
    return text


# -- import, replay, export ---------------------------------------------------------------------------
def test_import_replay_forwards_and_backwards_then_play_on_from_it(page: Page) -> None:
    before = fresh_match(page)
    match = import_mat(MAT_TEXT)
    import_file(page, "gnubg_5pt.mat", MAT_TEXT)
    dialog = page.locator("#replay-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#replay-source")).to_have_text("Imported from gnubg_5pt.mat")
    assert page.locator("#replay-game option").count() == len(match.games)
    assert replay_at(page) == (0, 0)

    # Game 1, every frame forwards then backwards: the drawn board is the core's.
    frames = game_frames(match, 0)
    for frame in frames:
        assert replay_at(page) == (0, frame.ply)
        assert board_state(page, "#replay-board") == expected_places(frame.board), frame.ply
        if frame.ply < len(frames) - 1:
            page.locator("#replay-next").click()
    expect(page.locator("#replay-board .message")).to_have_text(
        "Game 1 · 26. gnubg drops · gnubg drops: root wins 1 point"
    )
    for frame in reversed(frames[:-1]):
        page.locator("#replay-prev").click()
        assert replay_at(page) == (0, frame.ply)
        assert board_state(page, "#replay-board") == expected_places(frame.board)
    expect(page.locator("#replay-first")).to_be_disabled()
    expect(page.locator("#replay-prev")).to_be_disabled()

    # Another game from the menu, a move from the list, steps across the games' border, the keys.
    page.select_option("#replay-game", "3")
    assert replay_at(page) == (3, 0)
    fourth = game_frames(match, 3)
    page.locator('#replay-moves [data-ply="7"]').click()
    assert replay_at(page) == (3, 7)
    assert board_state(page, "#replay-board") == expected_places(fourth[7].board)
    expect(page.locator('#replay-moves [data-ply="7"]')).to_have_attribute("aria-current", "step")
    dice = page.evaluate("() => [...document.querySelectorAll('#replay-board [data-die]')].map(d => +d.dataset.die)")
    assert fourth[7].dice is not None
    assert sorted(dice) == sorted(fourth[7].dice * (2 if fourth[7].dice[0] == fourth[7].dice[1] else 1))
    page.keyboard.press("Home")
    assert replay_at(page) == (3, 0)
    page.keyboard.press("ArrowLeft")
    third = game_frames(match, 2)
    assert replay_at(page) == (2, len(third) - 1)
    assert board_state(page, "#replay-board") == expected_places(third[-1].board)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    assert replay_at(page) == (3, len(fourth) - 1)
    expect(page.locator("#replay-last")).to_be_disabled()
    page.keyboard.press("PageDown")
    page.keyboard.press("End")
    page.keyboard.press("PageDown")
    page.keyboard.press("End")
    expect(page.locator("#replay-next")).to_be_disabled()
    assert replay_at(page) == (5, len(game_frames(match, 5)) - 1)

    # Replaying touched nothing: the saved match is the one played before.
    assert saved(page) == before

    # Play on from it: asked first, then it is the current match, saved.
    page.locator("#replay-replace").click()
    expect(page.locator("#replay-confirm")).to_be_visible()
    page.locator("#replay-replace-no").click()
    expect(page.locator("#replay-confirm")).to_be_hidden()
    assert saved(page) == before
    page.locator("#replay-replace").click()
    page.locator("#replay-replace-yes").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#rec-message")).to_have_text("The imported match is now the current match.")
    text = saved(page)
    assert text is not None
    archived = json.loads(text).get("archived", 0)  # finished games are kept in their own keys
    keys = [f"videau.archive.{i}" for i in range(archived)]
    current = join_session(text, page.evaluate("(keys) => keys.map(k => localStorage.getItem(k))", keys))
    assert current.score == match.score
    assert [g.game.actions for g in current.games] == [g.game.actions for g in match.games]
    assert wait_phase(page, "match-over") == "match-over"
    assert board_state(page, "#board") == expected_places(match.game.board_for(0))


def test_export_parses_back_to_the_same_match(page: Page) -> None:
    fresh_match(page)
    for _ in range(3):  # a few more turns
        button(page, "Roll").click()
        play_turn(page)
        wait_phase(page, "roll")
    text = saved(page)
    assert text is not None
    played = from_json(text)
    with page.expect_download() as download:
        button(page, "Export .mat").click()
    name = download.value.suggested_filename
    assert name.startswith("videau-3pt-Ann-vs-Bob-")
    assert name.endswith(".mat")
    exported = Path(download.value.path()).read_text()
    expect(page.locator("#rec-message")).to_have_text(f"Exported as {name}.")
    again = parse_mat(exported)
    assert again.names == ("Ann", "Bob")
    assert again.length == 3
    # a .mat writes a play's moves in its own order, not the order the checkers were moved in
    def moves(match: Any) -> list[tuple[Any, ...]]:
        return [(a.kind, a.player, a.dice, tuple(sorted(a.steps)), a.level) for a in match.game.actions]

    assert moves(again) == moves(played)
    assert again.game.position == played.game.position

    # The gnubg file, imported, made current and exported again, reads back as the same match.
    import_file(page, "gnubg_5pt.mat", MAT_TEXT)
    page.locator("#replay-replace").click()
    page.locator("#replay-replace-yes").click()
    with page.expect_download() as download:
        button(page, "Export .mat").click()
    again = parse_mat(Path(download.value.path()).read_text())
    original = import_mat(MAT_TEXT)
    assert again.score == original.score
    assert [g.score_before for g in again.games] == [g.score_before for g in original.games]
    for ours, theirs in zip(again.games, original.games):
        assert ours.game.actions == theirs.game.actions
        assert ours.game.board_for(0) == theirs.game.board_for(0)


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("  2) 52: 13/8 24/22", "  2) 52: 13/8 24/21", 8),
        ("  6) 63: 13/10 21/15", "  6) 63: 13/10 21/15 zz", 29),
    ],
)
def test_a_corrupt_file_shows_its_line_and_changes_nothing(page: Page, old: str, new: str, line: int) -> None:
    before = fresh_match(page)
    import_file(page, "broken.mat", MAT_TEXT.replace(old, new, 1))
    message = page.locator("#rec-message")
    expect(message).to_contain_text(f'broken.mat cannot be read: line {line} ("{new.strip()}')
    expect(message).to_contain_text("Your current match is unchanged.")
    expect(message).to_have_class("tools__message is-error")
    expect(page.locator("#replay-dialog")).to_be_hidden()
    assert saved(page) == before
    assert phase(page) == "roll"


def test_a_file_that_is_no_match_file(page: Page) -> None:
    before = fresh_match(page)
    import_file(page, "photo.mat", "\x89PNG\r\n\x1a\n\x00\x00")
    expect(page.locator("#rec-message")).to_contain_text("photo.mat cannot be read: this is not a text file")
    assert saved(page) == before


# -- IDs ------------------------------------------------------------------------------------------------
def test_replay_copies_the_ids_gnubg_showed(page: Page) -> None:
    fresh_match(page)
    match = import_mat(MAT_TEXT)
    import_file(page, "gnubg_5pt.mat", MAT_TEXT)
    expect(page.locator("#replay-dialog")).to_be_visible()
    for game, ply in [(0, 1), (0, 9), (1, 5), (4, 20)]:
        page.select_option("#replay-game", str(game))
        page.locator(f'#replay-moves [data-ply="{ply}"]').click()
        step = next(w for w in WALK if (w.game, w.step) == (game + 1, ply))
        page.locator("#replay-copy-gnubg").click()
        expect(page.locator("#replay-id-box")).to_be_visible()
        expect(page.locator("#replay-id-text")).to_have_value(swapped_id(step.gnubg_id))
        page.locator("#replay-copy-xgid").click()
        expected = position_ids(game_frames(match, game)[ply].state).xgid
        assert expected is not None
        expect(page.locator("#replay-id-text")).to_have_value(expected)


def test_paste_an_xgid_and_play_on(page: Page) -> None:
    before = fresh_match(page)
    read = XGID_READS[1]  # an XGID that gnubg read, and the gnubg ID gnubg then showed
    button(page, "Set up from ID").click()
    dialog = page.locator("#setup-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#setup-play")).to_be_disabled()
    page.locator("#setup-text").fill("13/7 8/7")
    expect(page.locator("#setup-status")).to_have_text("This is neither an XGID nor a gnubg ID.")
    page.locator("#setup-text").fill(read.xgid.replace(":0:0:1:00:", ":0:0:1:77:"))
    expect(page.locator("#setup-status")).to_contain_text("This XGID cannot be used: ")
    expect(page.locator("#setup-play")).to_be_disabled()
    page.locator("#setup-text").fill(f"  {read.xgid}\n")
    expect(page.locator("#setup-status")).to_have_text("XGID read.")
    expect(page.locator("#setup-preview")).to_be_visible()
    assert saved(page) == before  # nothing changes before the player says so
    page.locator("#setup-cancel").click()
    expect(dialog).to_be_hidden()
    assert saved(page) == before

    button(page, "Set up from ID").click()
    page.locator("#setup-text").fill(read.xgid)
    page.get_by_label("Play on against").select_option("human")
    page.locator("#setup-play").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#rec-message")).to_have_text("Position set up (XGID).")
    position, info = decode_gnubg_id(read.gnubg_id)
    assert board_state(page, "#board") == expected_places(position if info.on_roll == 0 else position.swapped())
    button(page, "Copy gnubg ID").click()
    expect(page.locator("#rec-id-text")).to_have_value(read.gnubg_id)
    button(page, "Copy XGID").click()
    expect(page.locator("#rec-id-text")).to_have_value(read.xgid)
    text = saved(page)
    assert text is not None
    assert from_json(text).game.setup is not None

    # Play on from it: the bottom player is on roll.
    assert wait_phase(page, "roll") == "roll"
    button(page, "Roll").click()
    play_turn(page)
    wait_phase(page, "roll", "game-over")
    text = saved(page)
    assert text is not None
    played = from_json(text)
    assert [a.kind for a in played.game.actions][:2] == ["roll", "play"]
    assert page.locator("#move-list li").count() >= 1


def test_paste_a_gnubg_id_that_gnubg_made(page: Page) -> None:
    fresh_match(page)
    step = next(w for w in WALK if (w.game, w.step) == (2, 30))  # the cube turned, mid-game
    position, info = decode_gnubg_id(step.gnubg_id)
    button(page, "Set up from ID").click()
    position_id, match_id = step.gnubg_id.split(":")
    # as gnubg prints it above its board
    page.locator("#setup-text").fill(
        f" GNU Backgammon  Position ID: {position_id}\n                 Match ID   : {match_id}"
    )
    expect(page.locator("#setup-status")).to_have_text("gnubg ID read.")
    page.locator("#setup-play").click()
    expect(page.locator("#setup-dialog")).to_be_hidden()
    assert board_state(page, "#board") == expected_places(position if info.on_roll == 0 else position.swapped())
    button(page, "Copy gnubg ID").click()
    expect(page.locator("#rec-id-text")).to_have_value(step.gnubg_id)
    cube = page.locator("#board [data-cube]")
    expect(cube).to_have_attribute("data-cube", str(info.cube))
    button(page, "Roll").click()
    play_turn(page)
    wait_phase(page, "roll", "game-over")


# -- the clipboard ----------------------------------------------------------------------------------------
def test_copy_goes_to_the_clipboard(page: Page) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    fresh_match(page)
    text = saved(page)
    assert text is not None
    expected = position_ids(from_json(text)).gnubg_id
    button(page, "Copy gnubg ID").click()
    expect(page.locator("#rec-message")).to_have_text("gnubg ID copied to the clipboard.")
    assert page.evaluate("() => navigator.clipboard.readText()") == expected
    expect(page.locator("#rec-id-text")).to_have_value(expected)


def test_without_a_clipboard_the_id_is_shown_selected(page: Page) -> None:
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
    fresh_match(page)
    button(page, "Copy XGID").click()
    expect(page.locator("#rec-message")).to_contain_text("The clipboard is not available here")
    field = page.locator("#rec-id-text")
    expect(field).to_be_visible()
    expect(field).to_be_focused()
    value = field.input_value()
    assert value.startswith("XGID=")
    selected = page.evaluate(
        "() => { const f = document.getElementById('rec-id-text'); return [f.selectionStart, f.selectionEnd]; }"
    )
    assert selected == [0, len(value)]


# -- the dice record ------------------------------------------------------------------------------------------
def test_dice_record_counts_every_throw(page: Page) -> None:
    fresh_match(page)
    for _ in range(4):
        button(page, "Roll").click()
        play_turn(page)
        wait_phase(page, "roll")
    text = saved(page)
    assert text is not None
    match = from_json(text)
    throws = [a for a in match.game.actions if a.kind in ("roll", "opening")]
    ties = sum(len(a.ties) for a in throws)
    button(page, "Dice record").click()
    dialog = page.locator("#dice-dialog")
    expect(dialog).to_be_visible()
    rows = page.locator('#dice-body [data-table="roll"] tbody tr')
    expect(rows).to_have_count(21)
    expect(page.locator('#dice-body [data-table="face"] tbody tr')).to_have_count(6)
    seen = _seen(page, "roll")
    assert sum(seen.values()) == len(throws) + ties
    assert sum(_seen(page, "face").values()) == 2 * (len(throws) + ties)
    expect(page.locator("#dice-body .dice__count")).to_contain_text(f"{len(throws) + ties} rolls")
    # one player's rolls: the opening throws count for both
    page.select_option("#dice-who", "0")
    mine = sum(1 for a in throws if a.kind == "roll" and a.player == 0) + 1 + ties
    assert sum(_seen(page, "roll").values()) == mine
    page.locator("#dice-close").click()
    expect(dialog).to_be_hidden()


def _seen(page: Page, table: str) -> dict[str, int]:
    cells: list[list[Any]] = page.evaluate(
        f"""() => [...document.querySelectorAll('#dice-body [data-table="{table}"] tbody tr')]
          .map(r => [r.dataset.{table}, +r.querySelector('.dice__seen').textContent])"""
    )
    return {str(k): int(v) for k, v in cells}


def test_french_texts(page: Page) -> None:
    open_app(page, "?seed=7&lang=fr")
    page.locator("#nm-cancel").click()
    expect(page.locator("#records-title")).to_have_text("Fichiers et positions")
    expect(page.locator("#rec-export")).to_have_text("Exporter le .mat")
    import_file(page, "cassé.mat", MAT_TEXT.replace("  2) 52: 13/8 24/22", "  2) 52: 13/8 24/21", 1))
    expect(page.locator("#rec-message")).to_contain_text("cassé.mat ne peut pas être lu : ligne 8 (« 2) 52: 13/8 24/21")
    import_file(page, "gnubg_5pt.mat", MAT_TEXT)
    expect(page.locator("#replay-source")).to_have_text("Importé de gnubg_5pt.mat")
    page.locator("#replay-next").click()
    expect(page.locator("#replay-board .message")).to_have_text("Partie 1 · 1. root 21: 24/23 13/11")
    assert replay_at(page) == (0, 1)


def test_set_up_against_the_computer(page: Page) -> None:
    """The top player on roll with 3-1 to play: the computer plays it, then the bottom player rolls."""
    fresh_match(page)
    button(page, "Set up from ID").click()
    page.locator("#setup-text").fill("XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:5:10")
    expect(page.locator("#setup-status")).to_have_text("XGID read.")
    page.get_by_label("Play on against").select_option("bot")
    page.locator("#setup-play").click()
    expect(page.locator("#setup-dialog")).to_be_hidden()
    page.wait_for_function(
        "() => document.body.dataset.phase === 'roll' && document.querySelectorAll('#move-list li').length === 1",
        timeout=60_000,
    )
    expect(page.locator("#move-list li").first).to_contain_text("31: ")
    text = saved(page)
    assert text is not None
    match = from_json(text)
    assert [a.kind for a in match.game.actions] == ["play"]
    assert match.game.actions[0].player == 1
    assert page.evaluate("() => localStorage.getItem('videau.opponent')") is not None
