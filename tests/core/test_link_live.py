"""Live play's messages and clock (core/link/live.py): round trips, hostile messages, the clock's arithmetic."""

from __future__ import annotations

import json
import random

import pytest

from core.link.live import (
    CLOCK,
    CLOCK_CHOICES,
    LINK,
    MAX_MESSAGE_CHARS,
    PHRASES,
    PRESENCE,
    REMATCH,
    SAY,
    LiveClock,
    LiveError,
    LiveMessage,
    compare_used,
    decode_message,
    encode_message,
)


@pytest.mark.parametrize(
    "message",
    [
        LiveMessage(LINK, "#link=AQIDBA", used_ms=31_250),
        LiveMessage(LINK, "#link=AQIDBA"),
        LiveMessage(PRESENCE, "away"),
        *(LiveMessage(SAY, phrase) for phrase in PHRASES),
        LiveMessage(REMATCH, "#link=AQ"),
        LiveMessage(CLOCK, "30000/120000"),
        LiveMessage(CLOCK, "off"),
    ],
)
def test_messages_round_trip(message: LiveMessage) -> None:
    assert decode_message(encode_message(message)) == message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("x" * (MAX_MESSAGE_CHARS + 1), "characters"),
        ("not json", "not JSON"),
        ("[1]", "an object"),
        ('{"k":"link","t":"#link=A","x":1}', "an object"),
        ('{"k":"shout","t":"hi"}', "kind 'shout'"),
        ('{"k":"say","t":"you cheat"}', "a phrase"),
        ('{"k":"presence","t":"asleep"}', "a presence"),
        ('{"k":"link","t":"#link=A","u":-1}', "time used of -1"),
        ('{"k":"link","t":"#link=A","u":true}', "time used"),
        ('{"k":"link","t":"#link=A","u":1.5}', "time used"),
        ('{"k":"say","t":"thanks","u":5}', "with a hand-over only"),
        ('{"k":"link","t":"https://evil.example/"}', "without a link"),
        ('{"k":"clock","t":"0/5"}', "a live clock"),
        ('{"k":"clock","t":"1e9/5"}', "a live clock"),
        ('{"k":"link","t":' + "[" * 100 + "]" * 100 + "}", "nested"),
    ],
)
def test_hostile_messages_are_refused_by_name(text: str, words: str) -> None:
    with pytest.raises(LiveError, match=words):
        decode_message(text)


@pytest.mark.parametrize("seed", range(500))
def test_random_json_never_raises_anything_but_live_error(seed: int) -> None:
    rng = random.Random(seed)
    values: list[object] = [None, True, 1, -5, 2**70, 1.5, "", "#link=", "here", "good_luck", [], {}, "x" * 50]
    data = {rng.choice(["k", "t", "u", "v"]): rng.choice(values + ["link", "say", "presence", "clock", "rematch"])
            for _ in range(rng.randrange(4))}  # fmt: skip
    try:
        message = decode_message(json.dumps(data))
    except LiveError:
        return
    assert decode_message(encode_message(message)) == message


def test_compare_used_allows_the_trips_and_names_the_difference() -> None:
    assert compare_used(29_000, 30_000) == 0  # both trips over the channel: the claim is a little shorter
    assert compare_used(30_500, 30_000) == 0
    assert compare_used(20_000, 30_000) == -10_000  # claims less than was seen
    assert compare_used(35_000, 30_000) == 5_000  # claims more than elapsed


def test_the_live_clock_takes_the_reserve_after_the_time_per_move() -> None:
    per, reserve = CLOCK_CHOICES["30"]
    clock = LiveClock(per, reserve)
    assert clock.left(0, 0) == 150_000 and not clock.flag_fell(0, 149_999) and clock.flag_fell(0, 150_000)
    clock = clock.charged(0, 20_000)  # within the time per move: the reserve is whole, nothing carried over
    assert clock.reserves == (120_000, 120_000)
    clock = clock.charged(1, 100_000)
    assert clock.reserves == (120_000, 50_000) and clock.left(1, 10_000) == 70_000
    assert clock.charged(1, 10**9).reserves == (120_000, 0)
    assert LiveClock.parse(clock.text) == LiveClock(per, reserve)
    assert all(15_000 <= p <= 180_000 for p, _ in CLOCK_CHOICES.values() if p)
