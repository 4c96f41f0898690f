"""Live play's session logic (app.page.live.live_session), pure: a whole match whose hand-overs travel as live
messages, each accepted from the device's replayed state; forged messages refused as forged links are."""

from __future__ import annotations

import random

import pytest

from app.page.link.link_book import LinkBook, LinkSession
from app.page.live.live_session import MoveTimer, receive_link
from app.page.storage.match_store import MemoryStorage
from core.link import Entry, History, LinkError, encode_link
from core.link import errors as why
from core.link.live import LINK, LiveClock, LiveMessage, decode_message, encode_message
from core.match import Match
from core.moves import legal_plays


def decide(match: Match, seat: int, rnd: random.Random) -> Match | None:
    """A random decision of ``seat`` (``None``: roll, when a double was possible), as tests/web/test_linkplay.py."""
    game = match.game
    if game.phase == "roll":
        return match.double(by=seat) if rnd.random() < 0.1 else None
    if game.phase == "double":
        return match.take(by=seat) if rnd.random() < 0.7 else match.drop(by=seat)
    assert game.phase == "move" and game.dice is not None
    plays = legal_plays(game.position, game.dice)
    quiet = [p for p in plays if not p.hits] or list(plays)
    return match.play(rnd.choice(quiet) if plays else (), by=seat)


def wire(session: LinkSession, used: int | None = None) -> LiveMessage:
    """What the channel delivers of ``session``'s link (through the text codec both ways)."""
    return decode_message(encode_message(LiveMessage(LINK, session.link, used_ms=used)))


@pytest.mark.parametrize(("length", "seed"), [(1, 3), (3, 5), (5, 9)])
def test_a_whole_match_over_the_channel(length: int, seed: int) -> None:
    rnd, clock = random.Random(seed), 1_764_590_400_000
    draws = (random.Random(seed + 1).randbytes, random.Random(seed + 2).randbytes)
    alice = LinkSession.create(LinkBook(MemoryStorage()), length, time_ms=clock, draw=draws[0])
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=clock, draw=draws[1])
    devices = [alice, bob]
    sender = 1
    for _ in range(5000):
        receiver = 1 - sender
        clock += 500
        devices[receiver] = me = receive_link(devices[receiver], wire(devices[sender]).text, time_ms=clock,
                                              draw=draws[receiver])  # fmt: skip
        while me.my_turn:
            after = decide(me.base, me.seat, rnd)
            if after is None:
                assert me.choose_roll(clock, draws[receiver])
            else:
                me.played(after, clock, draws[receiver])
        sender = receiver
        if me.state.waiting_for is None:
            break
    devices[1 - sender] = receive_link(devices[1 - sender], wire(devices[sender]).text, time_ms=clock + 1,
                                       draw=draws[1 - sender])  # fmt: skip
    assert devices[0].state.match.is_over and devices[0].state.history == devices[1].state.history
    # what each device stored is the whole match, as by links
    again = LinkSession.open(devices[0].book, devices[1].full_link, time_ms=clock + 2, draw=draws[0])
    assert again.state.history == devices[0].state.history


def test_a_link_sent_again_changes_nothing() -> None:
    """On opening, each device sends its last link again: one the device already has, or went past."""
    draws = (random.Random(1).randbytes, random.Random(2).randbytes)
    alice = LinkSession.create(LinkBook(MemoryStorage()), 3, time_ms=10, draw=draws[0])
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=20, draw=draws[1])
    alice = receive_link(alice, bob.link, time_ms=30, draw=draws[0])  # and alice reveals the opening at once
    assert len(alice.state.history) == 3
    assert receive_link(alice, encode_link(alice.state.history), time_ms=40, draw=draws[0]) is alice
    with pytest.raises(LinkError) as info:  # bob's link again: the page ignores this refusal (nothing new)
        receive_link(alice, bob.link, time_ms=50, draw=draws[0])
    assert info.value.reason == why.OLDER


def test_forged_messages_are_refused_and_change_nothing() -> None:
    draws = (random.Random(3).randbytes, random.Random(4).randbytes)
    alice = LinkSession.create(LinkBook(MemoryStorage()), 3, time_ms=10, draw=draws[0])
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=20, draw=draws[1])
    stored = dict(alice.book.storage.items)  # type: ignore[attr-defined]
    history = bob.state.history
    n = len(history)
    for_alice = History(history.header, history.entries + tuple(Entry(i % 2, 30) for i in range(n, n + 2)))
    altered = bob.link[:-8] + ("A" if bob.link[-8] != "A" else "B") + bob.link[-7:]
    for text, reason in [(encode_link(for_alice), why.SEAT), (altered, why.CHECKSUM)]:
        with pytest.raises(LinkError) as info:
            receive_link(alice, text, time_ms=40, draw=draws[0])
        assert info.value.reason in {reason, why.FORMAT}
    assert alice.book.storage.items == stored  # type: ignore[attr-defined]


def test_the_move_timer_charges_the_claim_and_names_a_disagreement() -> None:
    timer = MoveTimer(LiveClock(30_000, 120_000))
    timer.turn((3, 1), now=0)
    assert timer.hand_over(1, now=50_000, claimed=49_000) == (49_000, 0)
    assert timer.clock is not None and timer.clock.reserves == (120_000, 101_000)
    timer.turn((4, 0), now=50_000)
    timer.turn((4, 0), now=55_000)  # the same move drawn again: its start stays
    assert timer.hand_over(0, now=90_000, claimed=None) == (40_000, 0)
    timer.turn((5, 1), now=90_000)
    assert timer.hand_over(1, now=150_000, claimed=10_000) == (10_000, -50_000)
