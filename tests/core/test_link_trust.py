"""Each device speaks only for its own player, and a link is checked as it is read (issue #54).

A cheating player holds the link format and the other seat's history: he can write any entry
he likes, attributed to either seat, with commitments and contributions of his own. The
rules alone let some of these through (the receiver's own take, drop, resignation, answer to
a resignation, decision to roll, resignation of the match, or a contribution to his own
roll); the receiving device refuses all of them because they are written for its own seat.
"""

from __future__ import annotations

import base64
import hashlib
import random
import zlib
from dataclasses import replace

import pytest
from link_sim import Sim, Style

from core.link import (
    MAX_CLOCK_AHEAD_MS,
    MAX_ENTRY_ACTIONS,
    Entry,
    History,
    LinkAction,
    LinkError,
    LinkState,
    accept_next,
    decode_link,
    encode_link,
    hand_over,
    own_match,
)
from core.link import errors as why
from core.link.codec import ACTION_KINDS, encode_body, encode_entry
from core.link.history import Header

FORGER_BYTES = random.Random(54).randbytes
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def receiver_views(seeds: range, style: Style) -> list[tuple[LinkState, int]]:
    """States of simulated matches where the match waits for a seat that has no roll to reveal."""
    found = []
    for seed in seeds:
        sim = Sim.new(3, seed, style)
        for _ in range(400):
            if sim.state.waiting_for is None:
                break
            state = sim.state
            seat = state.waiting_for
            if seat is not None and state.reveal_due != seat and len(state.history) > 2:
                found.append((state, seat))
            sim.step()
    return found


def forge(state: LinkState, seat: int, kind: str) -> LinkState | None:
    """The forger's entry for ``seat`` doing ``kind`` as the rules would take it (``None``: they would not)."""
    level = 1 if kind == "resign" else 0
    actions: tuple[LinkAction, ...] = () if kind == "contribution" else (LinkAction(kind, level=level),)
    try:
        new, _ = hand_over(
            state, seat, actions, time_ms=state.history.entries[-1].time_ms + 1000, secret=None,
            next_secret=FORGER_BYTES(16), contribution=FORGER_BYTES(16),
        )  # fmt: skip
    except LinkError:
        return None
    return new


def test_every_entry_written_for_the_receivers_seat_is_refused_while_the_rules_would_take_some() -> None:
    style = Style(double=0.3, take=0.5, resign=0.08, accept=0.4)
    legal: set[str] = set()
    for state, seat in receiver_views(range(12), style):
        for kind in (*ACTION_KINDS, "contribution"):
            forged = forge(state, seat, kind)
            if forged is None or (kind in legal and kind != "contribution"):
                continue
            text = forged.offer(1 - seat)  # what the forger (the other seat) sends
            assert accept_next(text, state).history == forged.history  # the rules alone take it
            with pytest.raises(LinkError) as info:
                accept_next(text, state, seat=seat)
            assert info.value.reason == why.SEAT
            legal.add(kind)
    # the forgeries the review found, every one refused
    assert {"resign", "drop", "take", "accept", "roll", "resign_match", "contribution"} <= legal


@pytest.mark.parametrize("kind", ACTION_KINDS)
def test_each_action_kind_written_for_the_receivers_seat_is_refused_before_it_is_replayed(kind: str) -> None:
    sim = Sim.new(3, 5)
    for _ in range(6):
        sim.step()
    state = sim.state
    seat = state.waiting_for
    assert seat is not None
    steps = ((24, 20), (13, 11)) if kind == "play" else ()
    action = LinkAction(kind, steps=steps, level=2 if kind == "resign" else 0)
    reveal = bytes(16) if kind == "play" else None
    entry = Entry(seat, state.history.entries[-1].time_ms + 5, reveal=reveal, dice=(4, 2) if reveal else None,
                  actions=(action,), contribution=FORGER_BYTES(16), commit=FORGER_BYTES(32))  # fmt: skip
    history = state.history.extended(entry)
    text = encode_link(history, len(state.history), state.digests[-1])
    with pytest.raises(LinkError) as info:
        accept_next(text, state, seat=seat)
    assert info.value.reason == why.SEAT
    assert f"player {seat}" in str(info.value)


def test_a_link_adding_more_than_the_friends_one_hand_over_is_refused() -> None:
    sim = Sim.new(1, 9)
    for _ in range(5):
        sim.step()
    past = sim.states[-3]  # a device two hand-overs behind: it sent the last entry it has
    mine = past.history.entries[-1].sender
    text = encode_link(sim.state.history, len(past.history), past.digests[-1])  # the friend's, and one more
    with pytest.raises(LinkError) as info:  # the second new entry is, by alternation, this device's
        accept_next(text, past, seat=mine)
    assert info.value.reason == why.SEAT and f"entry {len(past.history) + 2} " in str(info.value)
    with pytest.raises(LinkError) as info:  # the same link read by the other seat: it writes for that seat
        accept_next(text, past, seat=1 - mine)
    assert info.value.reason == why.SEAT


def link_of(payload: bytes, packed: bool = False) -> str:
    raw = bytes([2, int(packed)]) + len(payload).to_bytes(3, "big") + payload
    raw += hashlib.sha256(raw).digest()[:4]
    return "#link=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def test_the_hostile_links_of_the_review_are_refused_at_their_first_entry() -> None:
    head = bytes(12) + bytes(3) + bytes([3, 1])
    fat = bytes([0]) + bytes(6) + bytes([255]) + bytes([0]) * 255  # 255 one-byte actions
    body = head + (7973).to_bytes(3, "big") + b"".join(bytes([i % 2]) + fat[1:] for i in range(7973))
    with pytest.raises(LinkError, match=f"entry 1: 255 actions \\(at most {MAX_ENTRY_ACTIONS}"):
        decode_link(link_of(zlib.compress(body, 9), packed=True))
    tiny = head + (60_000).to_bytes(3, "big") + b"".join(bytes([i % 2]) + bytes(7) for i in range(60_000))
    hostile = link_of(zlib.compress(tiny, 9), packed=True)
    assert len(hostile) < 2000  # a chat message
    known = Sim.new(3, 1).state
    with pytest.raises(LinkError) as info:  # a device that has the match: more than the friend's one
        accept_next(hostile, known, seat=0)
    assert info.value.reason == why.OTHER_MATCH
    from core.link import read_link

    with pytest.raises(LinkError) as info:  # read from its start: refused at its first entry (no commitment)
        read_link(hostile)
    assert info.value.reason == why.PROTOCOL and "entry 1:" in str(info.value)


def variants(text: str, history: History) -> set[str]:
    """Other strings a lenient reader would take for the same link: each refused."""
    code = text[len("#link=") :]
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    out = {
        "#link=" + code + "=" * (-len(code) % 4 or 4),  # padding
        "#link=" + code + "==",
        "#link=" + code.replace("-", "+").replace("_", "/"),  # the standard alphabet
    }
    if len(code) % 4 == 0:
        out.add("#link=" + code + "A")  # one character past the last byte
    if len(code) % 4:  # stray bits in the last character
        last = ALPHABET.index(code[-1])
        for bit in (1, 2):
            out.add("#link=" + code[:-1] + ALPHABET[last ^ bit])
    body = encode_body(history)
    mode = raw[1]
    if mode == 1:
        out.add(link_of(body, packed=False))  # the other packing
    else:
        out.add(link_of(zlib.compress(body, 9), packed=True))
    for level in range(9):  # other zlib levels, and zlib's other window sizes
        out.add(link_of(zlib.compress(body, level), packed=True))
    for wbits in (9, 12):
        packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
        out.add(link_of(packer.compress(body) + packer.flush(), packed=True))
    out.discard(text)
    return out


def test_one_string_per_link_every_other_encoding_refused() -> None:
    sim = Sim.new(3, 2)
    for _ in range(30):
        sim.step()
    history = sim.state.history
    text = encode_link(history)
    assert decode_link(text) == history and text.endswith(text.rstrip("="))
    others = variants(text, history)
    assert len(others) >= 10
    for other in others:
        with pytest.raises(LinkError) as info:
            decode_link(other)
        assert info.value.reason == why.FORMAT, other[-12:]


def test_hand_over_times_are_checked_against_order_and_the_readers_clock() -> None:
    sim = Sim.new(3, 3)
    for _ in range(4):
        sim.step()
    state = sim.state
    seat = state.waiting_for
    assert seat is not None
    friend = sim.devices[seat]
    last = state.history.entries[-1].time_ms

    def sent_at(time_ms: int) -> str:
        new, _ = hand_over(
            state, seat, sim.choose(own_match(state, seat, friend.secret), seat), time_ms=time_ms,
            secret=friend.secret,
            next_secret=bytes(16), contribution=bytes(16),
        )  # fmt: skip
        entry = replace(new.history.entries[-1], time_ms=time_ms)
        return encode_link(state.history.extended(entry), len(state.history), state.digests[-1])

    receiver = 1 - seat
    assert accept_next(sent_at(last), state, seat=receiver, now_ms=last).history.entries[-1].time_ms == last
    for when, now in ((last - 1, last), (last + MAX_CLOCK_AHEAD_MS + 60_000, last), ((1 << 48) - 1, last)):
        with pytest.raises(LinkError) as info:
            accept_next(sent_at(when), state, seat=receiver, now_ms=now)
        assert info.value.reason == why.CLOCK
    # a friend's clock a little ahead is fine, and this device's reply is never dated before it
    ahead = last + MAX_CLOCK_AHEAD_MS // 2
    moved = accept_next(sent_at(ahead), state, seat=receiver, now_ms=last)
    reply, _ = hand_over(
        moved, receiver, sim.choose(own_match(moved, receiver, sim.devices[receiver].secret), receiver),
        time_ms=last, secret=sim.devices[receiver].secret,
        next_secret=bytes(16), contribution=bytes(16),
    )  # fmt: skip
    assert reply.history.entries[-1].time_ms == ahead
    assert all(ms >= 0 for _, ms in reply.thinking_times())


def test_an_entry_is_read_with_the_encoders_bounds() -> None:
    entry = Entry(0, 7, actions=(LinkAction("resign", level=1),), commit=bytes(32))
    history = History(Header(bytes(12), 3), (entry,))
    assert decode_link(encode_link(history)) == history
    raw = bytearray(encode_body(history))
    at = raw.index(encode_entry(entry)) + 8  # the resign action's byte
    for level in (0, 4, 15):
        raw[at] = 6 | level << 4
        with pytest.raises(LinkError, match="resignation of level"):
            decode_link(link_of(bytes(raw)))


def test_this_zlib_packs_as_every_page_packs() -> None:
    """A packed link is refused unless its bytes are zlib's at level 9 (one string per link), so every
    reader's zlib must write what the writer's wrote. CPython's zlib 1.2.13 and Pyodide 314's 1.3.1
    write these bytes (this test runs in both); a zlib that writes others fails here, before players'
    pages refuse each other's links."""
    rnd = random.Random(1)
    body = b"".join(bytes([i % 7]) * (i % 13) + rnd.randbytes(3) for i in range(20000))
    digest = hashlib.sha256(zlib.compress(body, 9)).hexdigest()
    assert digest == "fff04313af2f4ab253f61ecce34fb0e16f216820a756f8a79123aaedae242ad3", zlib.ZLIB_RUNTIME_VERSION
