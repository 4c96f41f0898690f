"""The board stays where the eye is (#59): on a phone (390x844, a finger through the DevTools
protocol's ``Input.dispatchTouchEvent``) and on a desktop (1280x800, a mouse), in English and French.

One page load a case. Seed 23 opens 3-1 for White (Ann). In turn:

- Hint, a click (tap) on one of its rows, the tutor's "Show the best" after the blunder 24/21 6/5:
  the board's top stays on screen with its message, and the keyboard focus is on a control;
- New match over the match in progress: its warning and "Replace it" on screen;
- a roll that cannot be played (White on the bar against a closed board, 6-6) is passed by the
  page itself, after a pause that shows it;
- a friend's invitation opened (the friend is played here by the core's link code): the link to
  send on screen, its action focused, the board's top kept, the text telling him to send it now;
  he names himself (his answer made again with the name, which the creator's device shows);
  then, the page scrolled down meanwhile, the friend's link that makes it his turn: the board back
  on screen, the focus on a control; last a cut link: its alert on screen, the board's top too.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from match_helpers import open_app, start_match, turn_state, wait_phase
from playwright.sync_api import Locator, Page, expect
from test_board_interaction import set_up
from test_e2e_touch import Finger, middle

from app.page.link.link_book import LinkBook, LinkSession
from app.page.storage.match_store import MemoryStorage
from core.match import Match
from core.moves import legal_plays

NO_MOVE = "XGID=------E-C---bE-----cbbbbbB:0:0:1:66:0:0:0:3:10"
"""White (bottom) on the bar with two checkers against a closed board, 6-6 rolled: no legal play."""

WHERE_JS = """(selectors) => {
  const box = (s) => { const e = document.querySelector(s); const r = e.getBoundingClientRect();
                       return {top: r.top, bottom: r.bottom, height: r.height}; };
  const focused = document.activeElement;
  return {
    height: innerHeight,
    board: box('#board'),
    message: box('#board text.message'),
    shown: Object.fromEntries(selectors.map((s) => [s, box(s)])),
    focus: focused === document.body || focused === null ? 'body'
      : focused.matches('button, a[href], input, select, textarea, [tabindex]') ? (focused.id || focused.tagName)
      : 'not a control: ' + focused.tagName,
  };
}"""


class Device:
    """The page and how the player touches it: a finger on the phone, the mouse on the desktop."""

    def __init__(self, page: Page, phone: bool) -> None:
        self.page, self.phone = page, phone
        self.finger = Finger(page) if phone else None

    def tap(self, target: Locator) -> None:
        """Scroll the least that shows ``target``, as a player would (never to its centre), and tap or click it."""
        expect(target).to_be_visible()
        self.page.evaluate(
            """(e) => { const r = e.getBoundingClientRect();
                        if (r.bottom > innerHeight) scrollBy(0, r.bottom - innerHeight + 4);
                        else if (r.top < 0) scrollBy(0, r.top - 4); }""",
            target.element_handle(),
        )
        if self.finger is None:
            target.click()
            return
        self.finger.tap(middle(target.bounding_box()))

    def point(self, place: str) -> None:
        self.tap(self.page.locator(f'#board [data-point="{place}"] .hit'))

    def where(self, *shown: str) -> dict[str, Any]:
        found: dict[str, Any] = self.page.evaluate(WHERE_JS, list(shown))
        return found

    def assert_in_view(self, *shown: str, focus: bool = True) -> None:
        """The board's top and its message on screen, each of ``shown`` whole, the focus on a control."""
        found = self.where(*shown)
        height = found["height"]
        assert 0 <= found["board"]["top"] < height, found
        assert found["message"]["top"] >= 0 and found["message"]["bottom"] <= height, found
        for selector, box in found["shown"].items():
            assert box["height"] > 0 and box["top"] >= 0 and box["bottom"] <= height, (selector, found)
        if focus:
            assert found["focus"] != "body" and not found["focus"].startswith("not a control"), found


@pytest.fixture(params=["phone", "desktop"])
def device(request: pytest.FixtureRequest) -> Device:
    if request.param == "phone":
        return Device(request.getfixturevalue("touch_page"), True)
    page: Page = request.getfixturevalue("page")
    page.set_viewport_size({"width": 1280, "height": 800})
    return Device(page, False)


def now_ms() -> int:
    return int(time.time() * 1000)


def friend_decides(match: Match, seat: int, rnd: random.Random) -> Match | None:
    """The friend's decision: a quiet play, never a double (``None``: roll)."""
    game = match.game
    if game.phase == "roll":
        return None
    if game.phase == "double":
        return match.take(by=seat)
    assert game.phase == "move" and game.dice is not None
    plays = legal_plays(game.position, game.dice)
    quiet = [p for p in plays if not p.hits] or list(plays)
    return match.play(rnd.choice(quiet) if plays else (), by=seat)


def open_hash(page: Page, link: str) -> None:
    """The friend's link opened in the page (pasted in its address), once it was read."""
    before = page.locator("#share-link").input_value()
    page.evaluate("(link) => { location.hash = link; }", link)
    page.wait_for_function(
        "(old) => document.getElementById('share-link').value !== old || !document.getElementById('link-alert').hidden",
        arg=before,
    )


def coach_checks(device: Device, lang: str) -> None:
    page = device.page
    device.tap(page.locator("#btn-roll"))
    wait_phase(page, "move")
    device.tap(page.locator("#btn-hint"))
    rows = page.locator("#hint tbody tr[data-row]")
    expect(rows.nth(2)).to_be_attached()
    # the hint shown as far as the board's top allows: whole on a phone, its first line on a desktop
    device.assert_in_view("#hint-verdict" if device.phone else "#hint-title")
    expect(page.locator("#board .arrows path.arrow")).to_have_count(2)
    table = page.evaluate(
        "() => { const b = document.getElementById('hint-body'); return [b.scrollWidth, b.clientWidth]; }"
    )
    assert table[0] <= table[1], table  # every column shown whole, the depth's too, on a phone
    device.tap(rows.nth(1))
    expect(rows.nth(1)).to_have_attribute("aria-current", "true")
    device.assert_in_view()
    # the blunder, held back by the tutor; "Show the best" takes the turn back
    for place in ("24", "21", "6", "5"):
        device.point(place)
    device.tap(page.locator("#btn-confirm"))
    expect(page.locator("#tutor-dialog")).to_be_visible()
    device.tap(page.locator("#tutor-best"))
    expect(page.locator("#tutor-dialog")).to_be_hidden()
    expect(page.locator("#hint tr.hint__row--mine")).to_have_count(1)
    assert turn_state(page)["phase"] == "move"
    device.assert_in_view()


def new_match_checks(device: Device) -> None:
    page = device.page
    device.tap(page.locator("#btn-new"))
    expect(page.locator("#new-match-dialog")).to_be_visible()
    device.tap(page.locator("#nm-start"))
    expect(page.locator("#nm-replace")).to_be_visible()
    found = device.where("#nm-replace", "#nm-start")
    for selector, box in found["shown"].items():  # both on screen, inside the dialog
        assert box["top"] >= 0 and box["bottom"] <= found["height"], (selector, found)
    device.tap(page.locator("#nm-cancel"))
    expect(page.locator("#new-match-dialog")).to_be_hidden()


def forced_pass_checks(device: Device, lang: str) -> None:
    page = device.page
    set_up(page, NO_MOVE)
    expect(page.locator("#btn-pass")).to_be_visible()  # the roll shown, the pass offered...
    expect(page.locator("#status")).to_contain_text("6-6")
    started = time.monotonic()
    wait_phase(page, "roll")  # ... then played by the page itself
    assert time.monotonic() - started >= 0.8  # after a pause that shows the roll
    assert turn_state(page)["turn"] == "1"  # Black's turn to roll
    log = page.locator("#move-list").inner_text()
    assert "66" in log.replace("-", ""), log


def link_checks(device: Device, lang: str) -> None:
    page = device.page
    rnd = random.Random(7)
    friend = LinkSession.create(LinkBook(MemoryStorage()), 3, time_ms=now_ms(), draw=rnd.randbytes, names=("Zoé", ""))
    page.evaluate("() => window.scrollTo(0, 0)")
    open_hash(page, friend.link)
    expect(page.locator("#link-panel")).to_be_visible()
    expect(page.locator("#link-status")).to_contain_text({"en": "now", "fr": "maintenant"}[lang])
    device.assert_in_view("#link-status", "#btn-link-copy")
    assert device.where()["focus"] == "btn-link-copy"
    # he names himself: his answer carries it, the link to send (made again) back in view
    name = {"en": "Bob", "fr": "Benoît"}[lang]
    unnamed = page.locator("#share-link").input_value()
    device.tap(page.locator("#link-name"))
    page.locator("#link-name").fill(f" {name} ")
    device.tap(page.locator("#btn-link-name"))
    expect(page.locator("#link-status")).to_contain_text({"en": "You play", "fr": "Vous jouez"}[lang] + f" {name}.")
    assert page.locator("#share-link").input_value() != unnamed
    device.assert_in_view("#link-status", "#btn-link-copy")
    assert device.where()["focus"] == "btn-link-copy"
    # the friend answers until it is this page's turn; the page was scrolled down meanwhile
    for _ in range(6):
        mine = page.locator("#share-link").input_value()
        friend = LinkSession.open(friend.book, mine[mine.index("#") :], time_ms=now_ms(), draw=rnd.randbytes)
        assert friend.base.names == ("Zoé", name)  # the creator's device shows the name he gave himself
        while friend.my_turn:
            after = friend_decides(friend.base, friend.seat, rnd)
            if after is None:
                assert friend.choose_roll(now_ms(), rnd.randbytes)
            else:
                friend.played(after, now_ms(), rnd.randbytes)
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        open_hash(page, friend.link)
        if page.locator("#link-panel").get_attribute("data-turn") == "yours":
            break
    else:
        raise AssertionError("the page never had its turn")
    device.assert_in_view()
    # a link cut short: refused, its alert on screen with the board's top
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    open_hash(page, friend.link[:-25])
    expect(page.locator("#link-alert")).to_be_visible()
    device.assert_in_view("#link-alert")
    assert device.where()["focus"] == "link-alert-close"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_board_stays_in_view(device: Device, lang: str) -> None:
    page = device.page
    open_app(page, "?seed=23&lang=en&live=off")
    start_match(page, 3, ("Ann", "Bob"))
    page.locator("#opt-tutor").select_option("bad")
    if lang == "fr":
        page.locator("#btn-lang").click()
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.evaluate("() => window.scrollTo(0, 0)")
    coach_checks(device, lang)
    new_match_checks(device)
    forced_pass_checks(device, lang)
    link_checks(device, lang)
