"""Play by link: two browser contexts that share nothing but the links.

One test walks the whole story (page loads are the cost): device A keeps a normal saved
match, creates a 1-point match by link; device B opens the invitation and takes the free
seat (the time per move chosen on A shown on both); the links go back and forth (each
read from ``#share-link``, opened in the other context) until a resignation ends the game;
"Verify dice" shows every roll; then tampered links (built here with the core's codec) are
refused on A with their reason and nothing stored changes; and B, its storage lost, is told so and offered the record.
Last, the two devices play a short 3-point match with the cube (a double dropped, a double
taken, a resignation). The thorough checks (uniform dice, every tampering, whole random
matches) are the core's and the page helpers' unit tests (tests/core/test_link_*.py,
tests/web/test_linkplay.py).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from e2e_helpers import OFFLINE_PROBE, assert_offline, go_offline, go_online, wait_ready
from match_helpers import button, open_app, phase, play_turn, score, start_match, wait_phase
from playwright.sync_api import Page, expect

from app.page.link.link_book import LinkBook, LinkSession
from app.page.storage.match_store import MemoryStorage
from core.link import History, LinkAction, decode_link, decode_part, encode_link

STORAGE_JS = "() => Object.fromEntries(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]))"


def panel(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.evaluate("() => ({...document.getElementById('link-panel').dataset})")
    return data


def share_link(page: Page) -> str:
    return str(page.locator("#share-link").input_value())


def stored_history(page: Page) -> History:
    """The whole history the device keeps of its latest link match (the links sent carry only the last hand-over)."""
    index = json.loads(page.evaluate("() => localStorage.getItem('videau.link.index')"))
    record = json.loads(page.evaluate("(k) => localStorage.getItem(k)", "videau.link." + index[0]))
    return decode_link(record["link"])


def fragment(url: str) -> str:
    return url[url.index("#") :]


def open_link(page: Page, url: str, previous: str) -> None:
    """Open ``url`` in ``page`` (a hash change on an open page) and wait until it is read."""
    page.goto(url)
    page.wait_for_function(
        "(old) => document.getElementById('share-link').value !== old || !document.getElementById('link-alert').hidden",
        arg=previous,
    )


def take_turn(page: Page, turn: int) -> None:
    """The device on turn plays its roll by clicks (or resigns once both have played twice)."""
    current = wait_phase(page, "move", "roll", "double", "resign")
    if current == "resign":
        button(page, "Accept").click()
    elif turn >= 4:
        button(page, "Resign").click()
        page.locator("#resign-1").click()
    else:
        assert current == "move", current  # no cube in a 1-point match: the roll comes with the link
        play_turn(page)
    page.wait_for_function("() => document.getElementById('link-panel').dataset.turn !== 'yours'")


class CubePlan:
    """A short 3-point match: game 1, the first to play a second move promises with it not to double on his
    next turn (so his friend's reply brings his roll); once he has rolled so, the first who may double
    does, and is dropped (1 point); game 2, that winner doubles, is taken with the promise not to redouble
    on the next turn (so the doubler's reply brings the taker's roll), and the taker, his roll made as he
    opens that reply, resigns a single game at the cube of 2 (3 points)."""

    def __init__(self) -> None:
        self.winner: str | None = None
        self.taken = False
        self.moves: dict[str, int] = {}
        self.promised: str | None = None
        self.promise_kept = False
        self.take_promise_kept = False

    def act(self, page: Page) -> None:
        seat = panel(page)["seat"]
        current = wait_phase(page, "roll", "move", "double", "resign")
        second_game = sum(score(page)) > 0
        if seat == self.promised and not self.promise_kept:  # the promiser's next turn: the roll came with the link
            assert current == "move", current
            self.promise_kept = True
        if self.taken and seat != self.winner:  # the taker's next turn: the roll came with the doubler's link
            assert current == "move", current
            self.take_promise_kept = True
            button(page, "Resign").click()
            page.locator("#resign-1").click()
        elif current == "move":
            self.moves[seat] = self.moves.get(seat, 0) + 1
            if self.promised is None and not second_game and self.moves[seat] == 2:
                page.locator("#link-promise").check()
                self.promised = seat
            play_turn(page)
        elif current == "resign":
            button(page, "Accept").click()
        elif current == "double":
            if second_game:
                self.taken = True
                expect(page.locator("#link-promise-row")).to_contain_text("With my take")
                page.locator("#link-promise").check()
                button(page, "Take").click()
            else:
                self.winner = str(1 - int(seat))
                button(page, "Drop").click()
        elif (not second_game and self.promise_kept) or (second_game and seat == self.winner and not self.taken):
            button(page, "Double").click()
            page.locator("#double-yes").click()
        else:
            button(page, "Roll").click()  # the choice to roll: the friend's reply brings the dice


def three_points_with_the_cube(a: Page, b: Page) -> None:
    """A 3-point match by links, with doubles, a drop, a take and a resignation."""
    button(a, "New match").click()
    a.get_by_label("Opponent").select_option("link")
    a.get_by_label("Match length").fill("3")
    button(a, "Start").click()
    a.wait_for_function("() => document.getElementById('link-panel').dataset.entries === '1'")
    b.evaluate("() => { document.getElementById('link-alert').hidden = true; }")
    open_link(b, share_link(a), share_link(b))
    assert panel(b)["seat"] == "1"
    plan, sender = CubePlan(), b
    lengths = [len(share_link(a)), len(share_link(b))]
    for _ in range(60):
        receiver = a if sender is b else b
        open_link(receiver, share_link(sender), share_link(receiver))
        while panel(receiver)["turn"] == "yours":
            plan.act(receiver)
        lengths.append(len(share_link(receiver)))
        assert lengths[-1] <= 2000  # every link fits a chat message
        sender = receiver
        if panel(receiver)["turn"] == "over":
            break
    else:
        raise AssertionError("the match did not end")
    other = a if sender is b else b
    open_link(other, share_link(sender), share_link(other))
    assert plan.winner is not None and plan.taken and plan.promise_kept and plan.take_promise_kept
    assert max(lengths) <= 2000 and len(lengths) > 10
    for device in (a, b):
        assert panel(device)["turn"] == "over" and phase(device) == "match-over"
        assert score(device)[int(plan.winner)] == 3
    history = stored_history(a)
    assert history == stored_history(b)
    kinds = [x.kind for e in history.entries for x in e.actions]
    assert {"double", "drop", "take", "resign", "accept", "promise"} <= set(kinds)
    promise = next(i for i, e in enumerate(history.entries) if i > 1 and any(x.kind == "promise" for x in e.actions))
    assert history.entries[promise].actions[-2].kind == "play"  # carried with a move
    promiser, later = history.entries[promise].sender, history.entries[promise + 1 :]
    reply = next(i for i, e in enumerate(later) if e.sender != promiser and any(x.kind == "play" for x in e.actions))
    assert later[reply].contribution is not None  # the friend's reply (with his play) brings the promiser's roll
    assert later[reply + 1].sender == promiser and later[reply + 1].reveal is not None  # rolled at once
    assert not any(x.kind == "roll" for e in later[: reply + 2] if e.sender == promiser for x in e.actions)
    took = next(i for i, e in enumerate(history.entries) if any(x.kind == "take" for x in e.actions))
    assert [x.kind for x in history.entries[took].actions] == ["take", "promise"]  # the promise with the take
    assert history.entries[took + 1].contribution is not None  # the doubler's play brings the taker's roll
    assert history.entries[took + 2].reveal is not None  # rolled as he opened it: no choice to roll sent


@pytest.mark.browser_context_args(service_workers="allow")  # the offline cache under test
def test_matches_by_link_between_two_devices(page: Page, new_context: Any, page_errors: Any) -> None:
    a = page
    open_app(a, "?seed=1&lang=en&live=off")
    start_match(a, 3)  # the normal saved match, never to be touched by link play
    button(a, "Roll").click()
    wait_phase(a, "move")
    saved = a.evaluate("() => localStorage.getItem('videau.match')")
    assert saved

    button(a, "New match").click()
    a.get_by_label("Opponent").select_option("link")
    expect(a.locator("#nm-clock-field")).to_be_hidden()  # by link: a time per move instead of the clocks
    a.get_by_label("Time per move").select_option("24")
    a.get_by_label("Match length").fill("1")
    button(a, "Start").click()
    expect(a.locator("#link-panel")).to_be_visible()
    expect(a.locator("#link-time")).to_contain_text("left to answer (24 h per move")
    assert panel(a)["turn"] == "theirs" and panel(a)["seat"] == "0"
    invite = share_link(a)
    assert "#link=" in invite and a.evaluate("() => location.hash") == fragment(invite)

    context_b = new_context()
    b = context_b.new_page()
    b.on("pageerror", lambda error: page_errors.uncaught.append(str(error)))
    b.on(
        "console",
        lambda m: (
            page_errors.console.append(m.text)
            if m.type == "error" and OFFLINE_PROBE not in str(m.location.get("url"))
            else None
        ),
    )
    b.emulate_media(reduced_motion="reduce")
    b.goto(invite)
    wait_ready(b)
    expect(b.locator("#link-panel")).to_be_visible()
    assert panel(b)["seat"] == "1" and panel(b)["turn"] == "theirs"
    expect(b.locator("#new-match-dialog")).to_be_hidden()
    # Each device draws the board from its own seat: B's checkers (player 1's) at the bottom.
    expect(b.locator("#board svg.board--turned")).to_have_count(1)
    expect(a.locator("#board svg.board--turned")).to_have_count(0)
    b_name_y = b.evaluate("() => document.querySelector('#board .caption--1 rect').getBBox().y")
    a_name_y = b.evaluate("() => document.querySelector('#board .caption--0 rect').getBBox().y")
    assert b_name_y > a_name_y
    b.locator("#btn-lang").click()  # the panel speaks French too
    expect(b.locator("#link-status")).to_contain_text("Vous jouez")
    expect(b.locator("#link-time")).to_contain_text("pour répondre (24 h par coup")  # from the link's times
    expect(b.locator("#btn-link-verify")).to_have_text("Vérifier les dés")
    b.locator("#btn-lang").click()
    expect(b.locator("#link-status")).to_contain_text("You play")

    devices = {"0": a, "1": b}
    links = [invite, share_link(b)]
    sender = b
    for turn in range(40):
        receiver = a if sender is b else b
        if turn == 1:  # B plays on offline: the page from its service worker, the secrets from its storage
            b.evaluate("() => navigator.serviceWorker.ready.then(() => undefined)")
            b.wait_for_function("() => navigator.serviceWorker.controller !== null")
            go_offline(b)
            b.reload()
            wait_ready(b)
            assert_offline(b)
            expect(b.locator("#link-alert")).to_be_hidden()
        open_link(receiver, links[-1], share_link(receiver))
        state = panel(receiver)
        if state["turn"] == "yours":
            take_turn(receiver, turn)
        links.append(share_link(receiver))
        sender = receiver
        if panel(receiver)["turn"] == "over":
            break
    else:
        raise AssertionError("the game did not end")
    go_online(b)
    last = sender
    other = a if last is b else b
    open_link(other, links[-1], share_link(other))
    for device in devices.values():
        assert panel(device)["turn"] == "over"
        assert phase(device) == "match-over"
    assert links[-1].split("#")[1] == share_link(other).split("#")[1]

    # Verify dice: every roll, how it was made.
    assert max(len(text) for text in links) < 300  # each link carries the last hand-over only
    assert all(decode_part(text).since for text in links[1:])
    rolls = len(stored_history(a).entries)
    a.get_by_role("button", name="Verify dice").click()
    expect(a.locator("#verify-dialog")).to_be_visible()
    items = a.locator("#verify-list li")
    assert 3 <= items.count() < rolls
    expect(items.first).to_contain_text("verified")
    assert not items.first.inner_text()[0].isdigit()  # the list numbers the rolls, the words do not again
    padding = a.evaluate("() => getComputedStyle(document.querySelector('#verify-dialog .form')).paddingLeft")
    assert float(padding.removesuffix("px")) >= 12  # laid out as the other dialogs
    a.locator("#verify-close").click()

    # Tampered links are refused on A, with their reason, and nothing stored changes.
    before = a.evaluate(STORAGE_JS)
    assert before["videau.match"] == saved
    history = stored_history(a)
    mover = next(i for i, e in enumerate(history.entries) if e.dice is not None and not e.ties and i > 2)
    entry = history.entries[mover]
    assert entry.dice is not None
    changed_die = replace(entry, dice=(entry.dice[0] % 6 + 1, entry.dice[1]))
    played = next(i for i, e in enumerate(history.entries) if any(x.kind == "play" and x.steps for x in e.actions))
    bad_play = replace(history.entries[played], actions=(LinkAction("play", ((24, 1),)),))
    other_match = LinkSession.create(LinkBook(MemoryStorage()), 1, time_ms=1, draw=random.Random(3).randbytes)
    joined = LinkSession.open(LinkBook(MemoryStorage()), other_match.link, time_ms=2, draw=random.Random(4).randbytes)
    base = invite.split("#")[0]
    cases = [
        # A past entry altered: found as a past that differs from A's, before anything is replayed
        # (a roll or a play that breaks the rules in a new entry: tests/core/test_link_tamper.py).
        (
            encode_link(
                replace(history, entries=history.entries[:mover] + (changed_die,) + history.entries[mover + 1 :])
            ),
            "link-forked",
        ),
        (
            encode_link(
                replace(history, entries=history.entries[:played] + (bad_play,) + history.entries[played + 1 :])
            ),
            "link-forked",
        ),
        # The same, cut short: older than what A has, refused as such before any entry is read.
        (encode_link(replace(history, entries=history.entries[:mover] + (changed_die,))), "link-older"),
        (fragment(links[3]), "link-older"),
        (joined.full_link, "link-no-secret"),
        (joined.link, "link-no-history"),
        (fragment(links[-1])[:-25], "link-truncated"),
    ]
    for text, reason in cases:
        a.evaluate("() => { document.getElementById('link-alert').hidden = true; }")
        open_link(a, base + text, share_link(a))
        expect(a.locator("#link-alert")).to_be_visible()
        assert a.locator("#link-alert").get_attribute("data-reason") == reason, text
        assert a.evaluate(STORAGE_JS) == before
    expect(a.get_by_role("alert").filter(has_text="This link was refused")).to_be_visible()

    # B loses its storage: the link in its address carries the last hand-over only...
    b.evaluate("() => localStorage.clear()")
    b.reload()
    wait_ready(b)
    expect(b.locator("#link-alert")).to_be_visible()
    assert b.locator("#link-alert").get_attribute("data-reason") == "link-no-history"
    expect(b.locator("#link-alert-text")).to_contain_text("full link")
    # ... the full link (A's record) brings the history back, not B's secret.
    full = encode_link(stored_history(a))
    b.evaluate("() => { document.getElementById('link-alert').hidden = true; }")
    open_link(b, base + full, share_link(b))
    expect(b.locator("#link-alert")).to_be_visible()
    assert b.locator("#link-alert").get_attribute("data-reason") == "link-no-secret"
    expect(b.locator("#link-alert-text")).to_contain_text("keeps no secret")
    with b.expect_download() as download:
        b.locator("#link-alert-export").click()
    assert download.value.suggested_filename.endswith(".mat")

    # Then a 3-point match with the cube, between the same two devices (B takes a fresh seat).
    three_points_with_the_cube(a, b)
    context_b.close()
