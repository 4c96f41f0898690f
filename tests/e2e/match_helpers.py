"""Driving the playable page like a player: buttons by their names, checkers by their points.

Everything waits on the page's own signals (``data-ready``, ``data-phase``, selectors),
never on time. Legal moves are read from the board's ``data-movable`` / ``data-dest``.
"""

from __future__ import annotations

from typing import Any

from e2e_helpers import wait_ready
from playwright.sync_api import Page, expect

BOARD_STATE_JS = """(host) => {
  const out = {};
  for (const g of document.querySelectorAll(`${host} [data-point]`)) {
    const counts = [0, 0];
    for (const c of g.querySelectorAll('[data-checker]')) counts[Number(c.dataset.owner)] += 1;
    out[g.dataset.point] = counts;
  }
  return out;
}"""

TURN_STATE_JS = """() => ({
  phase: document.body.dataset.phase,
  movable: [...document.querySelectorAll('#board [data-movable]')].map(e => e.dataset.point),
  dests: [...document.querySelectorAll('#board [data-dest]')].map(e => e.dataset.point),
  sum_dests: [...document.querySelectorAll('#board [data-dest-sum]')].map(e => e.dataset.point),
  selected: (document.querySelector('#board [data-selected]') || {dataset: {}}).dataset.point || null,
  turn: (document.querySelector('#board svg') || {dataset: {}}).dataset.turn,
  pass: !document.getElementById('btn-pass').hidden,
  confirm: !document.getElementById('btn-confirm').hidden && !document.getElementById('btn-confirm').disabled,
})"""


def button(page: Page, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def phase(page: Page) -> str:
    return str(page.evaluate("() => document.body.dataset.phase"))


def wait_phase(page: Page, *phases: str) -> str:
    page.wait_for_function("(ps) => ps.includes(document.body.dataset.phase)", arg=list(phases))
    return phase(page)


def open_app(page: Page, query: str = "?seed=1&lang=en&live=off") -> None:
    """Open the page (quick: no animations) and wait until it accepts input.

    ``live=off``: a match by link stays links only (no direct connection, #58), so that the tests
    that carry links by hand see each one; tests/e2e/test_e2e_live.py plays live."""
    page.emulate_media(reduced_motion="reduce")
    page.goto("./" + query)
    wait_ready(page)


def start_match(page: Page, length: int = 3, names: tuple[str, str] = ("Ann", "Bob"), *, crawford: bool = True) -> None:
    """Fill the new-match form (opened by "New match" unless already open) and press Start."""
    dialog = page.locator("#new-match-dialog")
    if not dialog.is_visible():
        button(page, "New match").click()
    expect(dialog).to_be_visible()
    page.get_by_label("Opponent").select_option("human")
    page.get_by_label("White player").fill(names[0])
    page.get_by_label("Black player").fill(names[1])
    page.get_by_label("Match length").fill(str(length))
    checkbox = page.get_by_label("Crawford rule")
    if checkbox.is_checked() != crawford:
        checkbox.click()
    start_over(page)
    expect(dialog).to_be_hidden()
    wait_phase(page, "opening")


def start_over(page: Page) -> None:
    """Press Start, and once more when the dialog asks first about a match in progress (#46)."""
    button(page, "Start").click()
    if page.locator("#nm-replace").is_visible():
        page.locator("#nm-start").click()


def start_computer_match(page: Page, level: str, length: int = 1) -> None:
    """Fill the new-match form (open at the first visit) for a match against the computer."""
    dialog = page.locator("#new-match-dialog")
    expect(dialog).to_be_visible()
    page.get_by_label("Opponent").select_option("bot")
    page.get_by_label("Level").select_option(level)
    page.get_by_label("Match length").fill(str(length))
    start_over(page)
    wait_phase(page, "opening")


def turn_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(TURN_STATE_JS)
    return state


def board_state(page: Page, host: str = "#board") -> dict[str, list[int]]:
    """Checkers drawn on each place of the board inside ``host``: {place: [player 0, player 1]}."""
    state: dict[str, list[int]] = page.evaluate(BOARD_STATE_JS, host)
    return state


def dice_state(page: Page) -> list[tuple[str, str, bool]]:
    dice: list[tuple[str, str, bool]] = page.evaluate(
        "() => [...document.querySelectorAll('#board [data-die]')]"
        ".map(d => [d.dataset.die, d.dataset.player, d.dataset.used === 'true'])"
    )
    return [tuple(d) for d in dice]  # type: ignore[misc]


def score(page: Page) -> tuple[int, int]:
    values = page.evaluate(
        "() => [0, 1].map(p => Number(document.querySelector(`#board .caption[data-player='${p}'] .score`)"
        ".dataset.score))"
    )
    return values[0], values[1]


def click_point(page: Page, place: str) -> None:
    page.locator(f'#board [data-point="{place}"]').click()


def _progress(place: str, mover: int) -> int:
    """How far back a place is for the mover (higher = farther from home)."""
    if place == "bar":
        return 25
    if place == "off":
        return 0
    point = int(place)
    return point if mover == 0 else 25 - point


def play_step(page: Page, state: dict[str, Any]) -> None:
    """Move one checker one die by clicks: the one farthest back, to its farthest single-die destination.

    (A destination reached by the sum of the dice is lit too; it is taken only when it is the only one.)
    """
    mover = int(state["turn"])
    start = max(state["movable"], key=lambda p: _progress(p, mover))
    click_point(page, start)
    lit = turn_state(page)
    dests = [p for p in lit["dests"] if p not in lit["sum_dests"]] or lit["dests"]
    assert dests, f"no destination lit for {start}"
    click_point(page, min(dests, key=lambda p: _progress(p, mover)))


def play_turn(page: Page) -> None:
    """Play the dice on the board by clicks, then end the turn (Confirm; a roll that cannot be played
    is passed by the page itself after a short pause)."""
    while True:
        state = turn_state(page)
        if state["phase"] != "move":
            return
        if state["pass"]:
            wait_passed(page)
            return
        if state["movable"]:
            play_step(page, state)
            continue
        assert state["confirm"], state
        button(page, "Confirm").click()
        return


def wait_passed(page: Page) -> None:
    """Wait until the page passed a roll that cannot be played (after its pause, #59)."""
    page.wait_for_function("() => document.getElementById('btn-pass').hidden")


def roll_and_play(page: Page) -> None:
    """One whole turn from the roll phase."""
    assert phase(page) in ("roll", "opening")
    button(page, "Roll").click()
    play_turn(page)


def play_until(page: Page, done: Any, limit: int = 400) -> None:
    """Roll and play turns until ``done()`` is true or the game ends."""
    for _ in range(limit):
        if done() or phase(page) in ("game-over", "match-over"):
            return
        current = phase(page)
        if current in ("roll", "opening"):
            roll_and_play(page)
        elif current == "move":
            play_turn(page)
        else:
            raise AssertionError(f"unexpected phase {current}")
    raise AssertionError("the game did not end")


def open_and_play_the_opening(page: Page, seed: int) -> None:
    """Open the app with seeded dice, start a 3-point match of two humans, play the opening roll."""
    open_app(page, f"?seed={seed}&lang=en")
    start_match(page, 3, ("Ann", "Bob"))
    button(page, "Roll").click()
    play_turn(page)
    wait_phase(page, "roll")


def centre(page: Page, selector: str) -> tuple[float, float]:
    """The middle of the element ``selector`` on the screen."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


TOUCH_DRAG_JS = """([start, end, host]) => {
  // A finger's drag as the page receives it: pointer events of pointerType "touch".
  const fire = (target, type, [x, y]) => target.dispatchEvent(new PointerEvent(type, {
    bubbles: true, cancelable: true, composed: true, pointerId: 1, pointerType: 'touch', isPrimary: true,
    button: type === 'pointermove' ? -1 : 0, buttons: type === 'pointerup' ? 0 : 1, clientX: x, clientY: y}));
  const board = document.querySelector(host);
  fire(document.elementFromPoint(...start), 'pointerdown', start);
  for (let i = 1; i <= 6; i++) {
    fire(board, 'pointermove', [start[0] + (end[0] - start[0]) * i / 6, start[1] + (end[1] - start[1]) * i / 6]);
  }
  fire(board, 'pointerup', end);
}"""


def touch_drag(page: Page, start: tuple[float, float], end: tuple[float, float], host: str = "#board") -> None:
    """A finger pressed at ``start``, moved over the board ``host`` to ``end`` and lifted (touch pointer events)."""
    page.evaluate(TOUCH_DRAG_JS, [list(start), list(end), host])
