"""The friend names himself in his answer to the invitation (#59): the name in entry 1, checked and bound."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import replace

import pytest

from core.link import (
    Entry,
    History,
    LinkError,
    LinkState,
    accept_link,
    chain_digest,
    decode_part,
    encode_link,
    hand_over,
    read_link,
    replay,
    start,
)
from core.link import errors as why
from core.link.codec import encode_body, encode_entry

MATCH_ID = bytes(range(12))
S0, S1 = bytes([1]) * 16, bytes([2]) * 16


def invitation(names: tuple[str, str] = ("Ann", "")) -> LinkState:
    return start(MATCH_ID, 5, time_ms=1_000, secret=S0, names=names, promise=True)


def answer(state: LinkState, name: str) -> LinkState:
    """The friend's answer (entry 1), naming him ``name``."""
    new, _kept = hand_over(
        state, 1, (), time_ms=2_000, secret=None, next_secret=S1, contribution=bytes([3]) * 16, promise=True,
        name=name,
    )  # fmt: skip
    return new


def link_of(payload: bytes) -> str:
    """A link around ``payload`` with a good checksum, unpacked."""
    raw = bytes([2, 0]) + len(payload).to_bytes(3, "big") + payload
    raw += hashlib.sha256(raw).digest()[:4]
    return "#link=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def refusal(text: str) -> LinkError:
    with pytest.raises(LinkError) as info:
        read_link(text)
    return info.value


def test_the_friends_name_travels_to_the_creator_in_his_answer() -> None:
    creator = invitation()
    friend = answer(read_link(encode_link(creator.history)), "Éloïse")
    assert friend.match.names == ("Ann", "Éloïse")
    sent = friend.offer(1)  # the answer: only entry 1, after the digest of the invitation
    assert decode_part(sent).since == 1 and len(sent) < 200
    on_creator = accept_link(sent, creator.history, seat=0, now_ms=3_000)
    assert on_creator.match.names == ("Ann", "Éloïse") and on_creator == friend
    assert on_creator.history.header.names == ("Ann", "")  # the header stays the creator's


def test_a_blank_name_keeps_the_invitations_or_the_default() -> None:
    assert answer(invitation(), "").match.names == ("Ann", "Top")
    assert answer(invitation(("Ann", "Bob")), "").match.names == ("Ann", "Bob")
    assert answer(invitation(("Ann", "Bob")), "Robert").match.names == ("Ann", "Robert")  # his own name wins


def test_a_nameless_entry_is_written_as_before_the_field() -> None:
    entry = Entry(1, 5, contribution=bytes(16), commit=bytes(32))
    plain, named = encode_entry(entry), encode_entry(replace(entry, name="Bob"))
    assert plain[0] == 0b1101  # sender, contribution, commitment: no name bit, the bytes of before
    assert named == bytes([plain[0] | 32]) + plain[1:] + b"\x03Bob"  # flag 32, then the name last


def test_the_name_is_bound_by_the_chain_digest() -> None:
    named, other = answer(invitation(), "Bob"), answer(invitation(), "Rob")
    assert chain_digest(named.history) != chain_digest(other.history)
    with pytest.raises(LinkError) as info:
        accept_link(encode_link(other.history), named.history)
    assert info.value.reason == why.FORKED


def test_a_name_anywhere_but_the_friends_first_hand_over_is_refused() -> None:
    creator = invitation()
    in_invitation = History(creator.history.header, (replace(creator.history.entries[0], name="Ann"),))
    error = refusal(encode_link(in_invitation))
    assert error.reason == why.FORMAT and "name outside" in str(error)
    with pytest.raises(LinkError, match="name outside") as info:
        replay(in_invitation)
    assert info.value.reason == why.PROTOCOL
    state = answer(invitation(), "")
    state, _ = hand_over(state, 0, (), time_ms=3_000, secret=S0, next_secret=bytes(16), contribution=None)
    entries = state.history.entries
    late = History(state.history.header, entries[:2] + (replace(entries[2], name="Ann"),))
    assert refusal(encode_link(late)).reason == why.FORMAT
    with pytest.raises(LinkError, match="name outside"):
        replay(late)


@pytest.mark.parametrize(
    ("name_bytes", "words"),
    [
        (b"\x00", "an empty name"),
        (b"\x02\xff\xfe", "not UTF-8"),
        (bytes([25]) + b"x" * 25, "25 characters"),
        (b"\x03a\nb", "control character"),
        (b"\x04 Bob", "spaces around"),
        (b"\x09Bob", "ends inside a player's name"),
    ],
)
def test_a_bad_name_is_refused_as_it_is_read(name_bytes: bytes, words: str) -> None:
    body = encode_body(answer(invitation(), "Bob").history)
    assert body.endswith(b"\x03Bob")
    error = refusal(link_of(body[: -len(b"\x03Bob")] + name_bytes))
    assert error.reason == why.FORMAT and words in str(error)


@pytest.mark.parametrize("bad", ["x" * 25, "a\tb", " Bob"])
def test_hand_over_refuses_a_name_that_is_no_name(bad: str) -> None:
    with pytest.raises(LinkError, match="name") as info:
        answer(invitation(), bad)
    assert info.value.reason == why.PROTOCOL
