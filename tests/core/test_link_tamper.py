"""Tampered links: each is refused, with its own reason (and the codec reads back all it writes)."""

from __future__ import annotations

import base64
from dataclasses import replace

import pytest
from link_sim import Sim

from core.link import Entry, History, LinkAction, LinkError, accept_link, decode_link, encode_link, read_link
from core.link import errors as why
from core.link.codec import encode_body


@pytest.fixture(scope="module")
def played() -> Sim:
    sim = Sim.new(1, 21)
    for _ in range(14):
        sim.step()
    return sim


def reason_of(text: str, known: History | None = None) -> str:
    with pytest.raises(LinkError) as info:
        accept_link(text, known)
    assert str(info.value)  # a message, always
    return info.value.reason


def with_entry(history: History, index: int, entry: Entry) -> History:
    entries = list(history.entries)
    entries[index] = entry
    return replace(history, entries=tuple(entries))


def test_a_changed_die_is_refused(played: Sim) -> None:
    history = played.state.history
    index = next(i for i, e in enumerate(history.entries) if e.reveal is not None and not e.ties and i > 3)
    entry = history.entries[index]
    assert entry.dice is not None
    d1, d2 = entry.dice
    changed = with_entry(history, index, replace(entry, dice=(d1 % 6 + 1, d2)))
    assert reason_of(encode_link(changed)) == why.DICE  # checksum made again: the derivation refuses it
    # The same change made in the link text, without a new checksum: the checksum refuses it.
    raw = bytearray(base64.urlsafe_b64decode(encode_link(history)[6:] + "=="))
    raw[-5] ^= 1
    text = "#link=" + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    assert reason_of(text) in (why.CHECKSUM, why.FORMAT)


def test_a_changed_move_is_refused(played: Sim) -> None:
    history = played.state.history
    index = next(i for i, e in enumerate(history.entries) if any(a.kind == "play" and a.steps for a in e.actions))
    entry = history.entries[index]
    play = next(a for a in entry.actions if a.kind == "play")
    (start, end), *rest = play.steps
    illegal = LinkAction("play", ((start, end - 1 if end > 1 else end + 1), *rest))
    changed = with_entry(history, index, replace(entry, actions=(illegal,)))
    assert reason_of(encode_link(changed)) == why.RULES
    # A move changed into another legal one: the device that has the match sees a changed past.
    later = played.states[-1].history
    assert reason_of(encode_link(changed), later.upto(index + 1)) in (why.FORKED, why.RULES)


def test_an_older_link_is_refused(played: Sim) -> None:
    history = played.state.history
    assert reason_of(encode_link(history.upto(len(history) - 2)), history) == why.OLDER
    assert accept_link(encode_link(history), history.upto(len(history) - 2)) == played.state  # newer is fine


def test_a_link_from_another_match_is_refused(played: Sim) -> None:
    other = Sim.new(1, 22)
    for _ in range(3):
        other.step()
    assert reason_of(encode_link(other.state.history), played.state.history) == why.OTHER_MATCH


def test_a_cut_link_is_refused_at_every_length(played: Sim) -> None:
    text = encode_link(played.state.history)
    for cut in range(len("#link=") + 1, len(text), 7):
        assert reason_of(text[:cut]) in (why.TRUNCATED, why.FORMAT)
    assert reason_of(text[: len(text) - 20]) == why.TRUNCATED


def test_every_altered_character_is_refused(played: Sim) -> None:
    text = encode_link(played.state.history)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for at in range(len("#link="), len(text), 5):
        swapped = alphabet[(alphabet.index(text[at]) + 1) % 64]
        assert reason_of(text[:at] + swapped + text[at + 1 :]) in (why.CHECKSUM, why.VERSION, why.TRUNCATED)


def test_unknown_version_and_junk_are_refused(played: Sim) -> None:
    raw = bytearray(base64.urlsafe_b64decode(encode_link(played.state.history)[6:] + "=="))
    raw[0] = 3
    assert reason_of("#link=" + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")) == why.VERSION
    assert reason_of("#link=!!!") == why.FORMAT
    assert reason_of("#board=abc") == why.FORMAT


def test_a_forged_secret_is_refused(played: Sim) -> None:
    history = played.state.history
    index = next(i for i, e in enumerate(history.entries) if e.reveal is not None)
    forged = with_entry(history, index, replace(history.entries[index], reveal=bytes(16)))
    assert reason_of(encode_link(forged)) == why.COMMITMENT


def test_links_read_back_whole_urls_and_compress_when_it_pays(played: Sim) -> None:
    history = played.state.history
    text = encode_link(history)
    assert decode_link("https://example.org/videau/" + text) == history
    assert read_link(text) == played.state
    raw = base64.urlsafe_b64decode(text[6:] + "=" * (-len(text[6:]) % 4))
    assert raw[1] in (0, 1) and len(raw) <= len(encode_body(history)) + 9
