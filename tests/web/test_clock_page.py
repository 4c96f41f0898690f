"""The page's clocks, pure parts: the dialog's choices, the words, the announcements, the save in storage."""

from __future__ import annotations

import pytest

from app.board.messages import phase_message
from app.page.clock.clock_text import (
    ANNOUNCE_EVERY_MS,
    CLOCK_CHOICES,
    Announcer,
    announcement,
    choice_of,
    clock_line,
    format_time,
    rules_for,
    stage,
)
from app.page.storage.match_store import MatchStore, MemoryStorage
from app.text import t
from core.clock import PRESETS, Clock, Reading
from core.match import Match


def test_choices_off_by_default_and_the_computer_untimed() -> None:
    assert CLOCK_CHOICES[0] == "off" and rules_for("off") is None
    for name, preset in PRESETS.items():
        assert rules_for(name) == preset and preset.timed == (True, True)
        assert rules_for(name, computer=1).timed == (True, False)  # type: ignore[union-attr]
        assert rules_for(name, computer=0).timed == (False, True)  # type: ignore[union-attr]
        assert choice_of(Clock.new(rules_for(name, computer=1))) == name  # type: ignore[arg-type]
    assert PRESETS["move30"].per_move_ms == 30_000  # Backgammon 3.0's 30 s a move
    with pytest.raises(ValueError, match="clock choice 'fast'"):
        rules_for("fast")


def test_times_round_up_to_the_second() -> None:
    assert [format_time(ms) for ms in (0, -5, 999, 1000, 1001, 59_999, 60_000, 600_000)] == [
        "0:00", "0:00", "0:01", "0:01", "0:02", "1:00", "1:00", "10:00",
    ]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_words_in_both_languages(lang: str) -> None:
    line = clock_line(lang, "Ann", Reading(5_000, 61_000, True))
    assert "Ann" in line and "0:05" in line and "1:01" in line
    assert clock_line(lang, "Ann", None) == t(lang, "clock.untimed", name="Ann")
    assert clock_line(lang, "Ann", Reading(0, 0, False), flagged=True) == t(lang, "clock.flagged", name="Ann")
    assert "0:25" in announcement(lang, "Bob", Reading(0, 25_000, True))
    lost = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).lose_on_time(0)
    message = phase_message(lost, lang, ("Ann", "Bob"))
    assert message == t(lang, "over.match_time", winner="Bob", loser="Ann")
    assert ("ran out of time" if lang == "en" else "a dépassé le temps") in message


def test_stages_for_announcements() -> None:
    assert stage(Reading(30_000, 120_000, True)) == "move"
    assert stage(Reading(10_000, 120_000, True)) == "move-short"
    assert stage(Reading(0, 120_000, True)) == "reserve"
    assert stage(Reading(0, 30_000, True)) == "reserve-short"
    assert stage(Reading(20_000, 5_000, True)) == "move-short"  # little time left in all


def test_announcer_speaks_on_change_at_most_every_few_seconds() -> None:
    speaker = Announcer()
    said = [speaker.offer(ms, "0:move", "a") for ms in range(0, 20_000, 500)]
    assert said.count("a") == 1  # the same state is said once, however many ticks
    assert speaker.offer(20_000, None, "nobody") is None
    times = []
    for ms in range(20_000, 40_000, 500):  # the state changes at every tick
        if speaker.offer(ms, f"k{ms}", "x") is not None:
            times.append(ms)
    assert times and all(b - a >= ANNOUNCE_EVERY_MS for a, b in zip(times, times[1:]))


def test_the_store_saves_and_loads_the_clock_with_the_match() -> None:
    storage = MemoryStorage()
    store = MatchStore(storage)
    match = Match.new(3).opening_with(3, 1)
    clock = Clock.new(PRESETS["move30"]).follow(0, 0).stopped(12_000)
    assert store.save(match, clock) == "saved"
    other = MatchStore(storage)
    result = other.load()
    assert result.match == match and other.clock == clock and other.clock.used_ms == 12_000
    other.new_match()
    assert other.clock is None
    assert other.save(Match.new(5)) == "saved"
    again = MatchStore(storage)
    again.load()
    assert again.clock is None  # a match without a clock is saved without one
