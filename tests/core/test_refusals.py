"""Every reason code a refused step can get, each on a hand-made position.

A click on a checker with no destination (``why_not(point, None)``) and a
refused destination (``why_not(point, target)``) must name the exact rule.
"""

from __future__ import annotations

import pytest

from core import IllegalActionError, IllegalPlayError, Position, Turn
from core import reasons as r
from core.game import Game
from core.ids import decode_xgid

pos = Position.from_text


def refused(turn: Turn, point: int, target: int | None = None) -> str:
    """The reason ``why_not`` gives, checked against the error the step raises."""
    reason = turn.why_not(point, target)
    attempt = (lambda: turn.auto_step(point)) if target is None else (lambda: turn.step(point, target))
    with pytest.raises(IllegalPlayError) as info:
        attempt()
    assert info.value.reason == reason
    return reason


# -- issue #17 item 1: nothing of the opponent's in the home board --------------------


def test_issue_17_bear_off_with_a_larger_die_only_from_the_highest_point() -> None:
    position, info = decode_xgid("XGID=-BCB---------------cccbbb-:0:0:1:65:0:0:0:0:10")
    assert info.dice == (6, 5)
    turn = Turn.start(position, info.dice)
    assert turn.destinations() == {3: (0,)}
    assert refused(turn, 2) == r.BEAR_OFF_HIGHEST
    assert refused(turn, 1) == r.BEAR_OFF_HIGHEST
    assert refused(turn, 2, 0) == r.BEAR_OFF_HIGHEST
    assert refused(turn, 2, 1) == r.NO_MATCHING_DIE


# -- the checker clicked ------------------------------------------------------------


def test_no_checker_there() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    assert refused(turn, 11) == r.NO_CHECKER
    assert refused(turn, 25) == r.NO_CHECKER  # nothing on the bar
    assert refused(turn, 0) == r.NO_CHECKER


def test_not_your_checker() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    assert refused(turn, 12) == r.NOT_YOUR_CHECKER  # the opponent's 13 point
    assert refused(turn, 1, None) == r.NOT_YOUR_CHECKER


def test_no_such_point() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    assert refused(turn, 26) == r.NO_SUCH_POINT
    assert refused(turn, 8, -1) == r.NO_SUCH_POINT


def test_must_enter_from_the_bar_first() -> None:
    turn = Turn.start(pos("x bar:1 13:5 / o 13:5"), (6, 1))
    assert refused(turn, 13) == r.MUST_ENTER
    assert refused(turn, 13, 7) == r.MUST_ENTER


def test_bar_checker_blocked() -> None:
    # both entry points (our 19 and 24: their 6 and 1) closed, the 20 open
    turn = Turn.start(pos("x bar:1 13:5 / o 6:2 1:2 5:1"), (6, 1))
    assert turn.legal_play_count == 0
    assert refused(turn, 25) == r.NO_LEGAL_PLAY
    turn = Turn.start(pos("x bar:1 13:5 / o 6:2 1:2"), (6, 2))
    assert turn.destinations() == {25: (23,)}
    assert refused(turn, 25, 19) == r.BLOCKED


# -- the dice ----------------------------------------------------------------------


def test_no_die_shows_that_number() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    assert refused(turn, 8, 3) == r.NO_MATCHING_DIE
    assert refused(turn.step(8, 5), 6, 3) == r.NO_MATCHING_DIE  # the 3 is used


def test_wrong_direction() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    assert refused(turn, 6, 8) == r.WRONG_DIRECTION
    assert refused(turn, 6, 6) == r.WRONG_DIRECTION


def test_every_reachable_point_blocked() -> None:
    # the 8 with 6-5: our 2 and 3 are held
    turn = Turn.start(pos("x 8:1 13:2 / o 23:2 22:2"), (6, 5))
    assert 8 not in turn.destinations()
    assert refused(turn, 8) == r.BLOCKED
    assert refused(turn, 8, 2) == r.BLOCKED


def test_must_use_both_dice() -> None:
    position = pos("x 20:1 8:1 / o 16:2 10:2")
    turn = Turn.start(position, (6, 5))
    assert refused(turn, 8, 2) == r.BOTH_DICE


def test_must_play_the_larger_die() -> None:
    turn = Turn.start(pos("x 13:1 / o 23:2"), (6, 5))
    assert turn.destinations() == {13: (7,)}
    assert refused(turn, 13, 8) == r.LARGER_DIE


def test_must_use_as_many_dice_as_possible_with_doubles() -> None:
    # With doubles, a step possible on its own never strands the others (searched at
    # random, none found); the rule shows when a play stops short of the dice it can use.
    game = Game.from_position(Position.initial(), 0, (6, 6))
    with pytest.raises(IllegalActionError) as info:
        game.play(((24, 18), (24, 18)))
    assert info.value.reason == r.ALL_DICE
    with pytest.raises(IllegalActionError) as info:
        Game.from_position(Position.initial(), 0, (6, 5)).play(((24, 18),))
    assert info.value.reason == r.BOTH_DICE


def test_all_dice_used_and_turn_complete() -> None:
    turn = Turn.start(Position.initial(), (3, 1)).step(8, 5).step(6, 5)
    assert refused(turn, 13) == r.NO_DICE_LEFT
    # only one die can be played: after it the turn is complete though a die is left
    turn = Turn.start(pos("x 13:1 / o 23:2"), (6, 5)).step(13, 7)
    assert turn.dice_left == (5,)
    assert refused(turn, 7) == r.TURN_COMPLETE


def test_no_legal_play() -> None:
    turn = Turn.start(pos("x bar:1 6:5 / o 6:2 5:2 4:2 3:2 2:2 1:2"), (6, 6))
    assert refused(turn, 25) == r.NO_LEGAL_PLAY
    assert refused(turn, 6, 0) == r.NO_LEGAL_PLAY


# -- bearing off --------------------------------------------------------------------


def test_bear_off_with_the_exact_number() -> None:
    turn = Turn.start(pos("x 6:1 4:1 2:1 / o 24:2"), (4, 2))
    assert turn.why_not(4, 0) == r.LEGAL
    assert turn.why_not(2, 0) == r.LEGAL


def test_bear_off_with_a_larger_number_from_the_highest_point() -> None:
    turn = Turn.start(pos("x 3:1 2:1 / o 19:2"), (6, 5))
    assert turn.why_not(3, 0) == r.LEGAL
    assert refused(turn, 2, 0) == r.BEAR_OFF_HIGHEST
    assert refused(turn, 2) == r.BEAR_OFF_HIGHEST
    # once the 3 is off, the 2 is the highest
    assert turn.step(3, 0).why_not(2, 0) == r.LEGAL


def test_bear_off_refused_while_a_higher_checker_remains() -> None:
    turn = Turn.start(pos("x 5:1 3:1 / o 1:2"), (6, 4))
    assert refused(turn, 3, 0) == r.BEAR_OFF_HIGHEST


def test_bear_off_number_too_small() -> None:
    turn = Turn.start(pos("x 6:1 5:1 / o 1:2"), (2, 1))
    assert refused(turn, 6, 0) == r.NO_MATCHING_DIE


def test_cannot_bear_off_with_a_checker_outside() -> None:
    turn = Turn.start(pos("x 8:1 2:3 / o 12:2 11:2"), (6, 2))
    assert refused(turn, 2, 0) == r.CANNOT_BEAR_OFF
    assert refused(turn, 2) == r.CANNOT_BEAR_OFF  # 2/off needs everything home; the 2 can't move
    assert turn.why_not(8, 2) == r.LEGAL


def test_cannot_bear_off_with_a_checker_on_the_bar() -> None:
    turn = Turn.start(pos("x bar:1 2:3 / o 6:2"), (6, 2))
    assert refused(turn, 2, 0) == r.MUST_ENTER
    assert refused(turn, 2) == r.MUST_ENTER
    # once it entered on our 23 (the 2), it is outside home: no bearing off with the 6
    after = turn.step(25, 23)
    assert after.why_not(2, 0) == r.CANNOT_BEAR_OFF


def test_every_code_has_english_words() -> None:
    for code in r.ALL:
        assert r.describe(code) != code
