"""The time per move of play by link: carried in the link's header, read from the entries' times."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import replace

import pytest
from link_sim import Sim

from core.link import Header, History, LinkError, decode_link, encode_link, read_link, replay, start
from core.link import errors as why
from core.link.codec import decode_body, encode_body

HOUR = 3_600_000


def with_allowance(sim: Sim, hours: int) -> History:
    """``sim``'s history as if its header carried ``hours`` per move (the entries do not depend on it)."""
    history = sim.state.history
    return replace(history, header=replace(history.header, allowance_hours=hours))


@pytest.mark.parametrize("hours", [0, 1, 24, 72, 168])
def test_the_allowance_travels_in_the_header(hours: int) -> None:
    sim = Sim.new(3, 5)
    for _ in range(6):
        sim.step()
    history = with_allowance(sim, hours)
    back = decode_link(encode_link(history))
    assert back == history and back.header.allowance_hours == hours
    assert replay(back).match == sim.state.match  # the allowance changes nothing of the match


def test_a_link_without_allowance_is_the_same_bytes_as_before() -> None:
    # The optional field costs nothing when absent: links made before it read back unchanged.
    header = Header(bytes(range(12)), 5, True, False, False)
    # (match id, "since" 0: a full link, the settings, no entry)
    assert encode_body(History(header)).hex() == "000102030405060708090a0b0000000501000000"
    assert decode_body(encode_body(History(header))).header.allowance_hours == 0
    with_hours = encode_body(History(replace(header, allowance_hours=24)))
    assert with_hours[16] == 1 | 8 and with_hours[17] == 24 and len(with_hours) == len(encode_body(History(header))) + 1


def link_of(body: bytes) -> str:
    raw = bytes([1, 0]) + len(body).to_bytes(3, "big") + body
    raw += hashlib.sha256(raw).digest()[:4]
    return "#link=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


@pytest.mark.parametrize("hours", [0, 169, 255])
def test_an_allowance_out_of_range_is_refused(hours: int) -> None:
    body = bytes(12) + bytes([3, 1 | 8, hours]) + bytes(3)
    with pytest.raises(LinkError, match="time per move") as info:
        decode_link(link_of(body))
    assert info.value.reason == why.FORMAT


def test_unknown_header_flags_are_refused() -> None:
    with pytest.raises(LinkError, match="out of range") as info:
        decode_link(link_of(bytes(12) + bytes([3, 16]) + bytes(3)))
    assert info.value.reason == why.FORMAT


@pytest.mark.parametrize("hours", [-1, 169, True, 1.5])
def test_start_refuses_an_allowance_out_of_range(hours: object) -> None:
    with pytest.raises(LinkError, match="time per move"):
        start(bytes(12), 3, time_ms=0, secret=bytes(16), allowance_hours=hours)  # type: ignore[arg-type]


def test_time_left_and_overdue_follow_the_last_hand_over() -> None:
    sim = Sim.new(1, 11)
    for _ in range(5):
        sim.step()
    state = read_link(encode_link(with_allowance(sim, 24)))
    since = state.history.entries[-1].time_ms
    assert state.waiting_since == since
    early = state.time_left(since + 2 * HOUR)
    assert early is not None and (early.left_ms, early.overdue_ms) == (22 * HOUR, 0)
    assert early.deadline_ms == since + 24 * HOUR and not early.is_overdue
    late = state.time_left(since + 30 * HOUR)
    assert late is not None and late.is_overdue and (late.left_ms, late.overdue_ms) == (0, 6 * HOUR)
    ahead = state.time_left(since - HOUR)  # the reader's clock behind the sender's: just handed over
    assert ahead is not None and ahead.left_ms == 24 * HOUR
    sim.step()  # the next hand-over restarts the count from its own time
    moved = read_link(encode_link(with_allowance(sim, 24))).time_left(since + 30 * HOUR)
    assert moved is not None and moved.deadline_ms == sim.state.times[-1] + 24 * HOUR


def test_no_allowance_or_a_finished_match_shows_no_time() -> None:
    sim = Sim.new(1, 2)
    for _ in range(3):
        sim.step()
    assert sim.state.time_left(sim.clock) is None  # no allowance chosen
    sim.play_out()
    over = replay(with_allowance(sim, 24))
    assert over.waiting_for is None and over.time_left(sim.clock) is None
