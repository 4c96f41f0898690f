"""Undo by whole gestures (app.page.board_input.gestures, #46): a move by the sum is taken back whole."""

from __future__ import annotations

import pytest

from app.page.board_input.gestures import Gestures
from core.errors import IllegalActionError
from core.match import Match


def steps(match: Match) -> int:
    turn = match.game.turn_in_progress
    assert turn is not None
    return len(turn.steps)


def played(gestures: Gestures, match: Match, *moves: tuple[int, int]) -> tuple[Gestures, Match]:
    """``moves`` made one gesture each, as the page's step reports them: the gestures and the match after."""
    for start, end in moves:
        after = match.move(start, end)
        gestures = gestures.follow(match, after)
        match = after
    return gestures, match


def undone(gestures: Gestures, match: Match) -> tuple[Gestures, Match]:
    after = gestures.undo(match)
    return gestures.follow(match, after), after


def test_gestures_are_a_value() -> None:
    rolled = Match.new(3).opening_with(6, 1)
    before = Gestures()
    after = before.follow(rolled, rolled.move(13, 6))
    assert before == Gestures() and after != before
    with pytest.raises(AttributeError):
        after.starts = ()  # type: ignore[misc]


def test_a_move_by_the_sum_is_taken_back_whole_and_the_turn_starts_again() -> None:
    gestures = Gestures()
    rolled = Match.new(3).opening_with(6, 1)
    gestures = gestures.follow(Match.new(3), rolled)
    gestures, moved = played(gestures, rolled, (13, 6))
    assert steps(moved) == 2
    _, back = undone(gestures, moved)
    assert back.game.turn_in_progress == rolled.game.turn_in_progress  # the turn's start


def test_gestures_are_taken_back_one_at_a_time_latest_first() -> None:
    gestures = Gestures()
    rolled = Match.new(3).opening_with(4, 2)
    gestures = gestures.follow(rolled, rolled)
    gestures, moved = played(gestures, rolled, (8, 4), (6, 4))  # one die each: two gestures
    gestures, once = undone(gestures, moved)
    by_one = played(Gestures(), rolled, (8, 4))[1]
    assert steps(once) == 1 and once.game.turn_in_progress == by_one.game.turn_in_progress
    assert steps(undone(gestures, once)[1]) == 0


def test_a_double_by_the_sum_then_a_single_die() -> None:
    gestures = Gestures()
    rolled = Match.new(3).opening_with(4, 2).play("8/4 6/4").roll_with((3, 3))
    gestures = gestures.follow(rolled, rolled)
    gestures, moved = played(gestures, rolled, (13, 7), (6, 3))  # 13/10/7 (two steps), then 6/3
    assert steps(moved) == 3
    gestures, once = undone(gestures, moved)
    assert steps(once) == 2
    assert steps(undone(gestures, once)[1]) == 0


def test_a_turn_not_seen_is_taken_back_a_step_at_a_time() -> None:
    rolled = Match.new(3).opening_with(6, 1)
    moved = rolled.move(13, 6)  # made in another tab, or before a reload
    gestures = Gestures()
    assert steps(gestures.undo(moved)) == 1
    stale, _ = played(Gestures(), Match.new(3).opening_with(5, 2), (13, 8))  # another turn's gestures say nothing here
    assert steps(stale.undo(moved)) == 1


def test_nothing_to_take_back_is_refused_as_the_core_refuses_it() -> None:
    rolled = Match.new(3).opening_with(6, 1)
    with pytest.raises(IllegalActionError):
        Gestures().undo(rolled)
