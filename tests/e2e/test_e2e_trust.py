"""Issue #54 in the page: the storage the page starts from, and a link that plays for this device.

The thorough checks are the unit tests (tests/core/test_link_trust.py, tests/web/test_linkplay.py,
web/app/page/storage/stored_values.py); here the page itself starts and refuses.
"""

from __future__ import annotations

import random
import time

import pytest
from e2e_helpers import wait_ready
from match_helpers import open_app
from playwright.sync_api import Page, expect

from app.page.link.link_book import LinkBook, LinkSession
from app.page.storage.match_store import MemoryStorage
from app.page.storage.stored_values import CHECKED_KEYS, readable
from core.link import Entry, LinkAction, encode_link
from core.match import Match
from core.state import to_json

STORAGE_JS = "() => Object.fromEntries(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]))"
HOSTILE = {
    "deep": "[" * 100_000,
    "numbers": '{"seat": 1e400, "id": "ab", "link": "#link=AQ", "flipped": NaN, "rev": 99999999999999999999999}',
    "long": '"' + "x" * 300_000 + '"',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_page_starts_whatever_its_storage_holds_and_keeps_the_saved_match(page: Page, name: str) -> None:
    value = HOSTILE[name]
    saved = to_json(Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5"))
    open_app(page)
    keys = [*CHECKED_KEYS, "videau.board", "videau.practice", "videau.link.ab", "videau.archive.1"]
    page.evaluate(
        """([keys, value, saved]) => {
            localStorage.clear();
            for (const key of keys) localStorage.setItem(key, value);
            localStorage.setItem('videau.match', saved);
            if (!value.startsWith('[')) localStorage.setItem('videau.link.index', '["ab"]');
        }""",
        [keys, value, saved],
    )
    page.reload()
    wait_ready(page)
    expect(page.locator("#error")).to_be_hidden()
    expect(page.locator("#recovery")).to_be_hidden()  # the saved match was read
    stored = page.evaluate(STORAGE_JS)
    assert stored["videau.match"] == saved
    aside = [key for key in CHECKED_KEYS if not readable(key, stored.get(key + ".aside", "0") or "")]
    for key in CHECKED_KEYS:
        if key == "videau.link.index" and not value.startswith("["):
            continue  # set to a readable index above
        if not readable(key, value):  # kept aside; the page may have written a readable value since
            assert stored[key + ".aside"] == value and (key not in stored or readable(key, stored[key])), key
    assert aside  # some were set aside, and the page says so
    expect(page.locator("#notice")).to_contain_text("set aside")
    expect(page.get_by_role("button", name="New match")).to_be_enabled()  # the page answers


def test_a_link_that_plays_for_this_device_is_refused_in_the_page(page: Page, page_errors: object) -> None:
    """The review's forgery: the friend's link carries an entry written for this device's seat."""
    now = int(time.time() * 1000)
    mine, friends = LinkBook(MemoryStorage()), LinkBook(MemoryStorage())
    creator = LinkSession.create(mine, 3, time_ms=now, draw=random.Random(1).randbytes)
    friend = LinkSession.open(friends, creator.link, time_ms=now, draw=random.Random(2).randbytes)
    # The friend's answer to the invitation, with an entry of its own for this page's seat after it.
    state = friend.state
    forged = Entry(0, now + 1000, actions=(LinkAction("resign_match"),))
    text = encode_link(state.history.extended(forged), 1, state.digests[1])
    open_app(page)
    page.evaluate(
        "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        dict(mine.storage.items),  # type: ignore[attr-defined]
    )
    before = page.evaluate(STORAGE_JS)
    page.goto(str(page.url).split("#")[0] + text)
    expect(page.locator("#link-alert")).to_be_visible()
    assert page.locator("#link-alert").get_attribute("data-reason") == "link-seat"
    expect(page.locator("#link-alert-text")).to_contain_text("only your own device plays for you")
    assert page.evaluate(STORAGE_JS) == before  # nothing stored
