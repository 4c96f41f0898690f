"""Match clocks (core.clock) under a fake clock: allowances, reserves, flag fall, saves, link time."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.clock import LINK_ALLOWANCE_MS, PRESETS, Clock, ClockRules, link_time, player_on_move
from core.errors import IllegalActionError, InvalidClockError, InvalidStateError
from core.match import Match
from core.record import format_mat, read_mat
from core.state import from_json, join_session, read_session, session_to_json, to_json

S = 1000  # one second, in ms
RULES = ClockRules(per_move_ms=30 * S, reserve_ms=120 * S)


class FakeTime:
    """A fake clock: the time only moves when the test says so."""

    def __init__(self, start: int = 1_000_000) -> None:
        self.now = start

    def advance(self, seconds: float) -> int:
        self.now += round(seconds * S)
        return self.now


def test_per_move_allowance_resets_and_is_not_carried_over() -> None:
    time = FakeTime()
    clock = Clock.new(RULES).follow(0, time.now)
    time.advance(10)
    assert clock.reading(0, time.now).move_left_ms == 20 * S
    clock = clock.follow(1, time.now)  # player 0 used 10 s of 30: 20 s lost, not carried over
    assert clock.reserves == (120 * S, 120 * S)
    clock = clock.follow(0, time.advance(5))
    reading = clock.reading(0, time.now)
    assert (reading.move_left_ms, reading.reserve_left_ms, reading.running) == (30 * S, 120 * S, True)
    # the same player still on move (roll, then the steps of the play): the move goes on
    clock = clock.follow(0, time.advance(12)).follow(0, time.advance(6))
    assert clock.reading(0, time.now).move_left_ms == 12 * S


def test_reserve_drains_after_the_allowance() -> None:
    time = FakeTime()
    clock = Clock.new(RULES).follow(0, time.now)
    time.advance(45)
    reading = clock.reading(0, time.now)
    assert (reading.move_left_ms, reading.reserve_left_ms, reading.left_ms) == (0, 105 * S, 105 * S)
    clock = clock.follow(1, time.now)
    assert clock.reserves == (105 * S, 120 * S)
    clock = clock.follow(0, time.advance(100)).follow(1, time.advance(40))  # player 1 drew 70 s
    assert clock.reserves == (95 * S, 50 * S)
    assert clock.reading(0, time.now) == clock.reading(0, time.now + 9 * S)  # not on move: stands still


def test_a_double_and_its_answer_are_separate_moves() -> None:
    time = FakeTime()
    match = Match.new(5).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/14")
    clock = Clock.new(RULES).follow(player_on_move(match), time.now)
    assert clock.on_move == 0
    match = match.double()
    clock = clock.follow(player_on_move(match), time.advance(35))  # the doubler used 5 s of reserve
    assert (clock.on_move, clock.reserves) == (1, (115 * S, 120 * S))
    match = match.take()
    clock = clock.follow(player_on_move(match), time.advance(40))  # the taker used 10 s of reserve
    assert (clock.on_move, clock.reserves) == (0, (115 * S, 110 * S))
    assert clock.reading(0, time.now).move_left_ms == 30 * S  # a fresh allowance to roll
    match = match.resign(1)  # a resignation offered: the opponent's clock runs to answer it
    assert player_on_move(match) == 1


def test_nobody_on_move_pauses_the_clocks() -> None:
    time = FakeTime()
    match = Match.new(3).opening_with(3, 1)
    clock = Clock.new(RULES).follow(player_on_move(match), time.now)
    match = match.resign(1).accept()  # game over: between games nobody is on move
    assert player_on_move(match) is None
    clock = clock.follow(player_on_move(match), time.advance(40))
    assert (clock.on_move, clock.running, clock.reserves) == (None, False, (110 * S, 120 * S))
    time.advance(3600)  # an hour between games costs nothing
    assert clock.flag_fall(time.now) is None and clock.deadline() is None
    match = match.next_game()
    assert player_on_move(match) is None  # the opening roll: nobody's clock yet
    match = match.opening_with(2, 5)
    clock = clock.follow(player_on_move(match), time.advance(1))
    assert clock.on_move == 1 and clock.reserves == (110 * S, 120 * S)
    assert player_on_move(match.resign_match(1)) is None  # the match is over


def test_untimed_player_never_runs_and_thinking_costs_the_human_nothing() -> None:
    time = FakeTime()
    clock = Clock.new(ClockRules(30 * S, 60 * S, timed=(True, False)))
    clock = clock.follow(1, time.now)  # the computer on move
    assert not clock.running
    clock = clock.follow(0, time.advance(500))  # it thought for a long time
    assert clock.reserves == (60 * S, 60 * S) and clock.reading(0, time.now).left_ms == 90 * S
    clock = clock.follow(1, time.advance(20))
    assert clock.flag_fall(time.advance(10_000)) is None


def test_flag_fall_loses_the_match_with_the_score_and_winner() -> None:
    time = FakeTime()
    match = Match.new(5, score=(3, 1)).opening_with(6, 1)
    clock = Clock.new(RULES).follow(player_on_move(match), time.now)
    assert clock.on_move == 0 and clock.deadline() == time.now + 150 * S
    assert clock.flag_fall(time.advance(149.999)) is None
    assert clock.flag_fall(time.advance(0.001)) == 0
    clock = clock.follow(player_on_move(match), time.now)
    assert (clock.flagged, clock.reserves, clock.running) == (0, (0, 120 * S), False)
    assert clock.follow(1, time.advance(5)) == clock  # nothing runs after the flag fell
    match = match.lose_on_time(0)
    assert (match.is_over, match.winner, match.score, match.out_of_time) == (True, 1, (3, 1), 0)
    assert match.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="match-over|over"):
        match.roll_with((3, 3))
    with pytest.raises(IllegalActionError):
        match.lose_on_time(1)
    with pytest.raises(IllegalActionError, match="no such player"):
        Match.new(3).lose_on_time(2)
    assert Match.new(0).lose_on_time(1).winner == 0  # a money session ends too


def test_a_late_action_records_the_flag_not_the_move() -> None:
    time = FakeTime()
    clock = Clock.new(RULES).follow(0, time.now)
    clock = clock.follow(1, time.advance(151))  # acted after the deadline: the flag fell first
    assert (clock.flagged, clock.on_move) == (0, None)


def test_saving_round_trip_and_resume_from_what_was_left() -> None:
    time = FakeTime()
    clock = Clock.new(RULES).follow(0, time.now).follow(1, time.advance(50)).follow(0, time.advance(3))
    saved = clock.to_dict(time.advance(12))
    back = Clock.from_dict(json.loads(json.dumps(saved)))
    assert back == clock.stopped(time.now)
    assert (back.on_move, back.used_ms, back.running, back.reserves) == (0, 12 * S, False, (100 * S, 120 * S))
    time.advance(7200)  # the page was closed two hours: that time does not count
    resumed = back.follow(0, time.now)
    assert resumed.reading(0, time.advance(8)).move_left_ms == 10 * S
    with pytest.raises(InvalidClockError, match="running clock"):
        resumed.to_dict()
    flagged = Clock.new(RULES).follow(1, 0).follow(0, 200 * S)
    assert Clock.from_dict(flagged.to_dict()) == flagged
    for rules in PRESETS.values():
        assert Clock.from_dict(Clock.new(rules).to_dict()) == Clock.new(rules)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"v": 9}, "clock format 9 is not supported"),
        ({"per_move": -5}, "clock per_move -5: 0 to"),
        ({"reserve": "2m"}, "clock reserve '2m': a whole number of milliseconds expected"),
        ({"left": [1, 2, 3]}, "two reserves expected"),
        ({"left": [999_999, 0]}, r"clock left\[0\] 999999: 0 to 120000 ms expected"),
        ({"timed": [True, "yes"]}, "timed"),
        ({"on_move": 2}, "clock on_move 2: player 0, 1 or null expected"),
        ({"used": 5}, "time used by nobody"),
        ({"on_move": 0, "used": 150_000}, "more than player 0's time, yet no flag fell"),
        ({"flagged": 1}, "a fallen flag leaves that reserve empty"),
        ({"extra": 1}, "unknown field 'extra'"),
    ],
)
def test_bad_saved_clocks_are_refused_by_name(change: dict[str, Any], message: str) -> None:
    data = Clock.new(RULES).to_dict() | change
    with pytest.raises(InvalidClockError, match=message):
        Clock.from_dict(data)


def test_bad_settings_and_times_are_refused() -> None:
    with pytest.raises(InvalidClockError, match="per-move allowance -1"):
        ClockRules(-1, 0)
    with pytest.raises(InvalidClockError, match="no time at all"):
        ClockRules(0, 0)
    with pytest.raises(InvalidClockError, match="reserve 1.5"):
        ClockRules(1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidClockError, match="two booleans"):
        ClockRules(1, 1, timed=(True,))  # type: ignore[arg-type]
    clock = Clock.new(RULES).follow(0, 5_000)
    with pytest.raises(InvalidClockError, match="time 4000 is before the clock started running at 5000"):
        clock.reading(0, 4_000)
    with pytest.raises(InvalidClockError, match="time nan: a finite number"):
        clock.follow(1, float("nan"))
    with pytest.raises(InvalidClockError, match="player on move 3"):
        clock.follow(3, 6_000)
    with pytest.raises(InvalidClockError, match="a clock is an object"):
        Clock.from_dict([1])
    with pytest.raises(InvalidClockError, match=r"clock left\[0\] -1: 0 to 120000 ms expected"):
        Clock(RULES, (-1, 0))
    with pytest.raises(InvalidClockError, match="clock on_move 1: that player is not timed"):
        Clock(ClockRules(S, S, timed=(True, False)), (S, S), on_move=1, since=0)
    with pytest.raises(InvalidClockError, match="time used by nobody"):
        Clock(RULES, (S, S), since=5)


def test_match_save_carries_the_clock_and_the_loss_on_time() -> None:
    time = FakeTime()
    match = Match.new(5, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5")
    clock = Clock.new(RULES).follow(player_on_move(match), time.now).stopped(time.advance(4))
    session = read_session(to_json(match, clock))
    assert session.match == match and session.clock == clock
    lost = match.lose_on_time(1)
    flagged = clock.follow(1, time.now).follow(1, time.advance(200))
    text = to_json(lost, flagged)
    back = read_session(text)
    assert (back.match.is_over, back.match.winner, back.match.out_of_time, back.clock) == (True, 0, 1, flagged)
    assert from_json(text) == lost
    # a version 2 save (archived games) carries them too
    long = Match.new(0).opening_with(3, 1).resign(1).accept().next_game().opening_with(5, 2)
    text2 = session_to_json(long, 1, 1, clock)
    assert read_session(text2).clock == clock
    assert join_session(text2, [json.dumps(json.loads(to_json(long))["games"][0])]).game == long.game
    # the loss on time and the clock must agree
    data = json.loads(text)
    del data["out_of_time"]
    with pytest.raises(InvalidStateError, match="clock: flagged 1 but the match was lost on time by None"):
        read_session(json.dumps(data))
    data = json.loads(text)
    data["clock"]["per_move"] = -1
    with pytest.raises(InvalidStateError, match="saved state: clock: clock per_move -1"):
        read_session(json.dumps(data))
    data = json.loads(to_json(match.resign_match(0)))
    data["out_of_time"] = 1
    with pytest.raises(InvalidStateError, match="out_of_time: loss on time by player 1 refused"):
        read_session(json.dumps(data))


def test_old_saves_without_clocks_still_load() -> None:
    old = (
        '{"version":1,"length":3,"crawford_rule":true,"jacoby":false,"names":["Bottom","Top"],'
        '"resigned_by":null,"games":[{"score_before":[0,0],"crawford":false,"setup":null,'
        '"actions":[{"kind":"opening","player":0,"dice":[3,1]},{"kind":"play","player":0,"steps":[[8,5],[6,5]]}],'
        '"partial_turn":[]}]}'
    )
    session = read_session(old)
    assert session.clock is None and session.match.out_of_time is None
    assert session.match.game.player_to_act == 1
    assert to_json(session.match) == old  # and a match without clocks is saved as before


def test_mat_export_records_the_loss_on_time() -> None:
    match = Match.new(3).opening_with(3, 1).play("8/5 6/5").resign(1).accept().next_game().opening_with(6, 1)
    lost = match.lose_on_time(0)
    text = format_mat(lost)
    assert '; [Lost on time "Player 1"]' in text and "Resigned" not in text
    back = read_mat(text).match
    assert back == lost
    assert (back.out_of_time, back.winner, back.score) == (0, 1, lost.score)
    assert '; [Lost on time "Player 2"]' in format_mat(Match.new(3).opening_with(3, 1).lose_on_time(1))
    with pytest.raises(Exception, match="Lost on time tag 'Player 3'"):
        read_mat(text.replace('Lost on time "Player 1"', 'Lost on time "Player 3"'))


def test_link_time_left_and_overdue() -> None:
    handed = 1_764_600_000_000  # epoch ms
    assert link_time(handed, LINK_ALLOWANCE_MS, handed).left_ms == LINK_ALLOWANCE_MS
    hours = link_time(handed, LINK_ALLOWANCE_MS, handed + 5 * 3600 * S)
    assert (hours.left_ms, hours.overdue_ms, hours.is_overdue) == (19 * 3600 * S, 0, False)
    late = link_time(handed, LINK_ALLOWANCE_MS, handed + 25 * 3600 * S)
    assert (late.left_ms, late.overdue_ms, late.is_overdue, late.deadline_ms) == (
        0,
        3600 * S,
        True,
        handed + LINK_ALLOWANCE_MS,
    )
    skewed = link_time(handed, LINK_ALLOWANCE_MS, handed - 60 * S)  # the reader's clock is behind
    assert skewed.left_ms == LINK_ALLOWANCE_MS and not skewed.is_overdue
    with pytest.raises(InvalidClockError, match="allowance 0"):
        link_time(handed, 0, handed)
    with pytest.raises(InvalidClockError, match="hand-over time 'x'"):
        link_time("x", LINK_ALLOWANCE_MS, handed)  # type: ignore[arg-type]


@given(
    per_move=st.integers(0, 60).map(lambda s: s * S),
    reserve=st.integers(0, 120).map(lambda s: s * S),
    steps=st.lists(st.tuples(st.sampled_from([0, 1, None]), st.integers(0, 200_000)), max_size=40),
)
@settings(max_examples=150, deadline=None)
def test_random_histories_keep_the_clock_honest(per_move: int, reserve: int, steps: list[Any]) -> None:
    if per_move + reserve == 0:
        per_move = S
    rules = ClockRules(per_move, reserve)
    clock, now, spent = Clock.new(rules), 0, [0, 0]
    for player, wait in steps:
        now += wait
        before = clock
        clock = clock.follow(player, now)
        for p in (0, 1):
            assert 0 <= clock.reserves[p] <= before.reserves[p]  # a reserve never grows nor goes below 0
        if before.flagged is not None:
            assert clock == before  # nothing moves once a flag fell
            continue
        mover = before.on_move
        if mover is not None:
            used = before.used_ms + (now - before.since if before.since is not None else 0)
            if used >= per_move + before.reserves[mover]:
                assert clock.flagged == mover  # ran out: the flag fell, and on nobody else
            else:
                assert clock.flagged is None
                if player != mover:
                    spent[mover] += max(used - per_move, 0)  # only time beyond the allowance costs
        else:
            assert clock.flagged is None  # no clock ran: no flag can fall
        if clock.flagged is None:
            assert list(clock.reserves) == [reserve - spent[0], reserve - spent[1]]
        assert Clock.from_dict(clock.to_dict(now)) == clock.stopped(now)  # a save at any point loads back
