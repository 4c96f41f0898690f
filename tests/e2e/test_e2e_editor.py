"""The position editor in Chromium, in one page load: a position set up by taps, keys and drags (a
finger's and a mouse's) on a touch phone, an illegal set-up refused with its reason, the XGID copied
(and parsed back by the core), an ID pasted, then played on from the main board (on a desktop's width)."""

from __future__ import annotations

import re

from match_helpers import board_state, button, centre, open_app, play_turn, start_match, touch_drag, wait_phase
from playwright.sync_api import Locator, Page, expect

from core.ids import decode_xgid
from core.position import Position
from core.setup_draft import SetupDraft
from core.state import from_json

EXPECTED = (
    SetupDraft.empty()
    .add(0, 6)
    .add(0, 6)
    .add(0, 5)
    .add(1, 6)
    .add(1, 6)
    .add(1, 5)
    .add(1, 25)
    .with_turn(0, (3, 1))
    .with_match(5, (2, 0))
)
"""White 2 on its 6 point and 1 on its 5; Black the same on its side and 1 on the bar; White to play 3-1 at 2-0 of 5."""


def places(draft: SetupDraft) -> dict[str, list[int]]:
    """What a board shows for ``draft``: checkers of each player on each place."""
    board = Position(*draft.sides)
    out = {str(p): [board.player[p - 1], board.opponent[24 - p]] for p in range(1, 25)}
    out["bar"] = [board.player[24], board.opponent[24]]
    out["off"] = list(board.borne_off())
    return out


def drag(page: Page, start: Locator, end: Locator) -> None:
    """Press the mouse on ``start``, move it past the drag threshold and over ``end``, release it there."""
    a, b = start.bounding_box(), end.bounding_box()
    assert a is not None and b is not None
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 12, a["y"] + a["height"] / 2 - 12)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=4)
    page.mouse.up()


def tool(dialog: Locator, name: str) -> Locator:
    """A button of the editor (the page under the modal dialog has some of the same names)."""
    return dialog.get_by_role("button", name=name, exact=True)


def saved(page: Page) -> str | None:
    text: str | None = page.evaluate("() => localStorage.getItem('videau.match')")
    return text


def test_set_up_a_position_refuse_an_illegal_one_copy_it_and_play_on(touch_page: Page) -> None:
    page = touch_page  # a touch phone (390 px) for the set-up by hand
    open_app(page)
    start_match(page, 5)
    before = saved(page)
    button(page, "Edit position").tap()
    dialog = page.locator("#editor-dialog")
    expect(dialog).to_be_visible()
    status = page.locator("#ed-status")
    expect(status).to_have_text("Legal position: play on from it or copy it.")

    # Set up by taps: the board cleared, White's checkers, then Black's.
    tool(dialog, "Clear the board").tap()
    expect(status).to_have_text("White has borne off all 15 checkers: that game is over.")
    board = page.locator("#ed-board")
    for point in ("6", "6", "5"):
        board.locator(f'[data-point="{point}"]').tap()
    dialog.get_by_label("Adds a black checker").tap()
    for place in ("19", "19", "20", "bar"):
        board.locator(f'[data-point="{place}"]').tap()
    # Drags: White's checker on 5 to the tray (borne off) by a finger, then from the tray back to 5 by the mouse.
    start = centre(page, '#ed-board [data-point="5"] [data-checker]')
    touch_drag(page, start, centre(page, '#ed-board [data-point="off"]'), "#ed-board")
    expect(board.locator('[data-point="5"] [data-checker]')).to_have_count(0)
    expect(page.locator("#ed-counts")).to_contain_text("White: board 2, bar 0, borne off 13")
    drag(page, board.locator('[data-point="off"] [data-owner="0"]').first, board.locator('[data-point="5"] .hit'))
    expect(board.locator('[data-point="5"] [data-owner="0"]')).to_have_count(1)
    # Keys on a focused point: X switches to White, + adds, - removes.
    board.locator('[data-point="1"]').focus()
    page.keyboard.press("x")
    expect(status).to_have_text("The keys now add white checkers.")
    page.keyboard.press("+")
    expect(board.locator('[data-point="1"] [data-owner="0"]')).to_have_count(1)
    page.keyboard.press("-")
    expect(board.locator('[data-point="1"] [data-checker]')).to_have_count(0)
    # An illegal gesture is refused with its reason, the set-up unchanged.
    expect(dialog.get_by_label("Adds a white checker")).to_be_checked()  # X switched the clicks' colour too
    board.locator('[data-point="19"]').click()
    expect(status).to_have_text("Point 19 would hold checkers of both colours.")
    dialog.get_by_label("Removes a checker").check()
    board.locator('[data-point="20"]').click()
    expect(board.locator('[data-point="20"] [data-checker]')).to_have_count(0)
    dialog.get_by_label("Adds a black checker").check()
    board.locator('[data-point="20"]').click()
    assert board_state(page, "#ed-board") == places(EXPECTED.with_turn(0))

    page.set_viewport_size({"width": 1280, "height": 900})  # a desktop for the rest
    # The rest of the set-up: dice, match and score; a score past the match length is refused.
    dialog.get_by_label("First die").select_option("3")
    dialog.get_by_label("Second die").select_option("1")
    dialog.get_by_label("Match length").fill("5")
    dialog.get_by_label("White’s score").fill("5")
    expect(status).to_have_text("White’s score (5) reaches the match length (5).")
    tool(dialog, "Play on from here").click()
    expect(dialog).to_be_visible()
    expect(status).to_have_text("White’s score (5) reaches the match length (5).")
    tool(dialog, "Copy XGID").click()
    expect(page.locator("#ed-out-box")).to_be_hidden()
    assert saved(page) == before
    dialog.get_by_label("White’s score").fill("2")
    expect(status).to_have_text("Legal position: play on from it or copy it.")

    # Copy the XGID: it parses back, through the core, to the same set-up.
    tool(dialog, "Copy XGID").click()
    out = page.locator("#ed-out")
    expect(out).to_have_value(EXPECTED.xgid())
    assert SetupDraft.from_info(*decode_xgid(out.input_value())) == EXPECTED
    tool(dialog, "Copy embed snippet").click()
    expect(out).to_have_value(re.compile(r"^<iframe src=\"http://[^\"]+/embed\.html#xgid="))
    assert "embed.html#xgid=" in out.input_value() and "&amp;lang=en" in out.input_value()

    # Paste it back after starting over from the starting position.
    tool(dialog, "Starting position").click()
    assert board_state(page, "#ed-board") != places(EXPECTED)
    dialog.get_by_label("Load an XGID or a gnubg ID").fill(EXPECTED.xgid())
    tool(dialog, "Load").click()
    expect(status).to_have_text("XGID read.")
    assert board_state(page, "#ed-board") == places(EXPECTED)
    assert saved(page) == before  # nothing changes before playing on

    # Play on: the main board shows the set-up, White moves 3-1, and the match is saved.
    dialog.get_by_label("Play on against").select_option("human")
    tool(dialog, "Play on from here").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text("Position set up in the editor.")
    assert board_state(page, "#board") == places(EXPECTED)
    assert wait_phase(page, "move") == "move"
    play_turn(page)
    wait_phase(page, "roll")
    text = saved(page)
    assert text is not None
    match = from_json(text)
    assert match.game.setup is not None and match.score == (2, 0) and match.length == 5
    assert [a.kind for a in match.game.actions] == ["play"]
    assert match.game.turn == 1
