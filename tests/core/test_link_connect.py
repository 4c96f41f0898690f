"""The connection data of live play (core/link/connect.py): round trips, bounds, hostile input, link sizes."""

from __future__ import annotations

import base64
import random
from pathlib import Path

import pytest

from core.link import decode_part, encode_link, hand_over, start
from core.link.connect import (
    MAX_CANDIDATES,
    MAX_ICE_CHARS,
    MAX_TEXT,
    Candidate,
    Connect,
    ConnectError,
    decode_connect,
    encode_connect,
    format_sdp,
    join_live,
    parse_sdp,
    split_live,
)

OFFER_SDP = (Path(__file__).parents[1] / "data" / "live" / "chromium_offer.sdp").read_text()
"""A whole offer Chromium wrote on this machine (two host candidates as mDNS names)."""
SITE = "https://videau.example.org/"
ICE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def random_candidate(rng: random.Random) -> Candidate:
    kind = rng.randrange(3)
    if kind == 0:
        address = ".".join(str(rng.randrange(256)) for _ in range(4))
    elif kind == 1:
        import ipaddress

        address = str(ipaddress.IPv6Address(rng.randbytes(16)))
    else:
        import uuid

        address = f"{uuid.UUID(bytes=rng.randbytes(16))}.local"
    tcp = rng.random() < 0.3
    return Candidate(
        address, rng.randrange(1, 65536), rng.randrange(2**32), rng.choice(("host", "srflx", "prflx", "relay")),
        "tcp" if tcp else "udp", rng.choice(("active", "passive", "so")) if tcp else "",
    )  # fmt: skip


def random_connect(rng: random.Random, largest: bool = False) -> Connect:
    role = rng.choice(("offer", "answer"))
    setup = "actpass" if role == "offer" else rng.choice(("active", "passive"))
    ufrag = "".join(rng.choice(ICE) for _ in range(MAX_ICE_CHARS if largest else rng.randrange(4, 33)))
    pwd = "".join(rng.choice(ICE) for _ in range(MAX_ICE_CHARS if largest else rng.randrange(22, 33)))
    count = MAX_CANDIDATES if largest else rng.randrange(MAX_CANDIDATES + 1)
    candidates = tuple(random_candidate(rng) for _ in range(count))
    if largest:  # IPv6 and mDNS names are the longest addresses
        candidates = tuple(Candidate("fe80::" + "1:2:3:4", c.port, c.priority) for c in candidates)
    return Connect(role, ufrag, pwd, rng.randbytes(32), setup, candidates)


def test_a_chromium_offer_packs_small_and_comes_back_the_same() -> None:
    offer = parse_sdp(OFFER_SDP, "offer")
    assert (offer.ufrag, offer.pwd, offer.setup) == ("L0ZI", "IY/UeajlrxxlciyTxaR5WjEs", "actpass")
    assert offer.fingerprint.hex().upper().startswith("8028F123")
    assert [c.port for c in offer.candidates] == [47295, 37757]  # the highest priority first
    code = encode_connect(offer)
    assert len(code) < 160 < len(OFFER_SDP) / 4
    assert decode_connect(code) == offer
    assert parse_sdp(format_sdp(offer), "offer") == offer  # what the other browser is given reads back alike


@pytest.mark.parametrize("seed", range(300))
def test_any_connect_round_trips_through_text_and_sdp(seed: int) -> None:
    connect = random_connect(random.Random(seed))
    code = encode_connect(connect)
    assert len(code) <= MAX_TEXT
    assert decode_connect(code) == connect
    back = parse_sdp(format_sdp(connect), connect.role)
    assert back.candidates == tuple(sorted(dict.fromkeys(connect.candidates), key=lambda c: -c.priority))
    assert (back.ufrag, back.pwd, back.fingerprint, back.setup) == (
        connect.ufrag, connect.pwd, connect.fingerprint, connect.setup,
    )  # fmt: skip


def test_the_largest_connect_fits_the_bound() -> None:
    code = encode_connect(random_connect(random.Random(1), largest=True))
    assert len(code) <= MAX_TEXT
    with pytest.raises(ConnectError, match="characters"):
        decode_connect("A" * (MAX_TEXT + 1))


def test_every_cut_of_a_code_is_refused() -> None:
    code = encode_connect(parse_sdp(OFFER_SDP, "offer"))
    for end in range(len(code)):
        with pytest.raises(ConnectError):
            decode_connect(code[:end])


def test_every_altered_character_is_refused_or_reads_as_valid_data() -> None:
    """A hostile field may change what the device tries to connect to (DTLS then refuses a wrong
    fingerprint), never raise anything but ConnectError."""
    code = encode_connect(parse_sdp(OFFER_SDP, "offer"))
    for at in range(len(code)):
        for char in "A_-z0+/=. é":
            text = code[:at] + char + code[at + 1 :]
            try:
                connect = decode_connect(text)
            except ConnectError:
                continue
            assert encode_connect(connect) == text
    for extra in ("A", "AA", "=", "AAAA"):
        with pytest.raises(ConnectError):
            decode_connect(code + extra)


@pytest.mark.parametrize("seed", range(2000))
def test_random_bytes_never_raise_anything_but_connect_error(seed: int) -> None:
    rng = random.Random(seed)
    raw = bytes([1, rng.randrange(8)]) + rng.randbytes(rng.randrange(0, 300))
    text = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    try:
        connect = decode_connect(text)
    except ConnectError:
        return
    assert encode_connect(connect) == text  # what reads is exactly what the encoder writes


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AgA", "version 2"),
        (base64.urlsafe_b64encode(bytes([1, 8])).decode().rstrip("="), "flags 8"),
        (base64.urlsafe_b64encode(bytes([1, 6])).decode().rstrip("="), "flags 6"),
        ("AQA=", "padding"),
        ("AQB", "stray bits"),
        ("AQ!A", "not base64url"),
    ],
)
def test_named_refusals(text: str, message: str) -> None:
    with pytest.raises(ConnectError, match=message):
        decode_connect(text)


def test_values_out_of_range_are_refused_by_name() -> None:
    good = parse_sdp(OFFER_SDP, "offer")
    with pytest.raises(ConnectError, match="user fragment"):
        Connect("offer", "ab", good.pwd, good.fingerprint, "actpass")
    with pytest.raises(ConnectError, match="password"):
        Connect("offer", good.ufrag, "x" * 21, good.fingerprint, "actpass")
    with pytest.raises(ConnectError, match="user fragment"):
        Connect("offer", "ab cd", good.pwd, good.fingerprint, "actpass")
    with pytest.raises(ConnectError, match="fingerprint"):
        Connect("offer", good.ufrag, good.pwd, bytes(20), "actpass")
    with pytest.raises(ConnectError, match="9 candidates"):
        Connect("offer", good.ufrag, good.pwd, good.fingerprint, "actpass", (good.candidates[0],) * 9)
    with pytest.raises(ConnectError, match="port 0"):
        Candidate("10.0.0.1", 0, 1)
    with pytest.raises(ConnectError, match="address"):
        Candidate("evil.example.org", 1, 1)
    with pytest.raises(ConnectError, match="not written as"):
        Candidate("::0:1", 1, 1)


def test_session_descriptions_a_data_channel_cannot_use_are_refused() -> None:
    with pytest.raises(ConnectError, match="ice-ufrag"):
        parse_sdp(OFFER_SDP.replace("a=ice-ufrag:L0ZI", ""), "offer")
    with pytest.raises(ConnectError, match="sha-256"):
        parse_sdp(OFFER_SDP.replace("sha-256", "sha-1"), "offer")
    with pytest.raises(ConnectError, match="one data channel"):
        parse_sdp(OFFER_SDP + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "offer")
    with pytest.raises(ConnectError, match="mid"):
        parse_sdp(OFFER_SDP.replace("a=mid:0", "a=mid:data"), "offer")
    odd = OFFER_SDP.replace("a=ice-options", "a=candidate:9 1 udp 5 host.example 9 typ host\r\na=ice-options")
    assert len(parse_sdp(odd, "offer").candidates) == 2  # a candidate that cannot be packed is left out


def test_the_field_is_no_part_of_the_link() -> None:
    state = start(bytes(12), 3, time_ms=0, secret=bytes(16))
    link = encode_link(state.history)
    code = encode_connect(parse_sdp(OFFER_SDP, "offer"))
    assert decode_part(join_live(link, code)) == decode_part(link)
    assert decode_part(SITE + join_live(link, "not even base64!")) == decode_part(link)
    assert split_live(SITE + join_live(link, code)) == (SITE + link, code)
    assert join_live(link, None) == link == join_live(link, "")


def test_links_with_connection_data_stay_under_2000_characters() -> None:
    """The invitation (the longest names) with the largest offer, and the answer with the largest answer."""
    rng = random.Random(7)
    largest = encode_connect(random_connect(rng, largest=True))
    state = start(
        rng.randbytes(12), 25, time_ms=1_700_000_000_000, secret=rng.randbytes(16), allowance_hours=24,
        names=("\U0001f600" * 24, "é" * 24), promise=True,
    )  # fmt: skip
    invitation = SITE + join_live(state.offer(0), largest)
    state, _ = hand_over(
        state, 1, (), time_ms=1_700_000_001_000, secret=None, next_secret=rng.randbytes(16),
        contribution=rng.randbytes(16), promise=True,
    )  # fmt: skip
    answer = SITE + join_live(state.offer(1), largest)
    assert len(invitation) <= 2000 and len(answer) <= 2000, (len(invitation), len(answer))
    assert len(largest) <= MAX_TEXT
