"""A turn played step by step, as the board does it."""

from __future__ import annotations

import random

import pytest

from core import IllegalPlayError, Position, Turn, legal_plays
from core import reasons as r

pos = Position.from_text


def test_destinations_of_the_opening_31() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    assert turn.destinations() == {24: (21, 23), 13: (10,), 8: (5, 7), 6: (3, 5)}
    assert turn.movable_points() == (6, 8, 13, 24)


def test_click_moves_by_the_higher_die_first() -> None:
    turn = Turn.start(Position.initial(), (3, 1)).auto_step(8)
    assert turn.steps == ((8, 5, 3),)
    assert turn.dice_left == (1,)
    turn = turn.auto_step(6)
    assert turn.is_complete
    expected = [p for p in legal_plays(Position.initial(), (3, 1)) if p.steps == ((8, 5), (6, 5))]
    assert turn.play().result == expected[0].result


def test_click_uses_the_lower_die_when_the_higher_is_blocked() -> None:
    # 13 with 6-1: our 7 is blocked, so a click on 13 plays 13/12
    turn = Turn.start(pos("x 13:2 / o 18:2"), (6, 1)).auto_step(13)
    assert turn.steps == ((13, 12, 1),)


def test_undo() -> None:
    turn = Turn.start(Position.initial(), (6, 6)).step(24, 18).step(24, 18)
    assert turn.undo().steps == ((24, 18, 6),)
    assert turn.undo_all().steps == ()
    assert turn.undo().position.player[23] == 1


def test_refused_steps_name_the_rule() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    cases = {
        (13, 12): r.BLOCKED,  # our 12 is the opponent's 13 point
        (12, 9): r.NOT_YOUR_CHECKER,  # the opponent's 13 point
        (11, 9): r.NO_CHECKER,
        (6, 0): r.CANNOT_BEAR_OFF,
        (8, 3): r.NO_MATCHING_DIE,
        (6, 8): r.WRONG_DIRECTION,
    }
    for (a, b), reason in cases.items():
        assert turn.why_not(a, b) == reason, (a, b)
        with pytest.raises(IllegalPlayError) as info:
            turn.step(a, b)
        assert info.value.reason == reason
        assert Position.initial().to_id() in str(info.value)


def test_must_enter_from_the_bar_first() -> None:
    turn = Turn.start(pos("x bar:1 13:5 / o 13:5"), (6, 1))
    assert turn.why_not(13, 7) == r.MUST_ENTER
    assert set(turn.destinations()) == {25}


def test_must_use_both_dice_reason() -> None:
    # 20/14 then the 5 must be 6/1; 20/15 is blocked; playing 6/1 first then 20/14 is fine,
    # but 6/0 is not possible: the reason for 6/2 (no such die) vs a dice-use refusal
    position = pos("x 20:1 8:1 / o 16:2 10:2")
    turn = Turn.start(position, (6, 5))
    # 8/3 with the 5 leaves the 6 playable by 20/14: allowed; 8/2 with the 6 leaves
    # the 5 unplayable (20/15 blocked, 2/off impossible): refused
    assert turn.why_not(8, 3) == r.LEGAL
    assert turn.why_not(8, 2) == r.BOTH_DICE


def test_must_play_the_larger_die_reason() -> None:
    turn = Turn.start(pos("x 13:1 / o 23:2"), (6, 5))
    assert turn.destinations() == {13: (7,)}
    assert turn.why_not(13, 8) == r.LARGER_DIE


def test_bear_off_from_highest_reason() -> None:
    # 6-4: the 3 may bear off only once the 5 has gone (5/off or 5/1 first)
    turn = Turn.start(pos("x 5:1 3:1 / o 1:2"), (6, 4))
    assert turn.why_not(3, 0) == r.BEAR_OFF_HIGHEST
    assert turn.step(5, 0).why_not(3, 0) == r.LEGAL
    turn = Turn.start(pos("x 5:1 3:1 / o 1:2"), (4, 4))
    assert turn.why_not(3, 0) == r.BEAR_OFF_HIGHEST


def test_no_legal_play() -> None:
    turn = Turn.start(pos("x bar:1 6:5 / o 6:2 5:2 4:2 3:2 2:2 1:2"), (6, 6))
    assert turn.legal_play_count == 0
    assert turn.destinations() == {}
    assert turn.why_not(25, 19) == r.NO_LEGAL_PLAY


def test_random_step_walks_always_complete_to_a_legal_play() -> None:
    rng = random.Random(11)
    position = Position.initial()
    for _ in range(400):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, roll)
        turn = Turn.start(position, roll)
        while not turn.is_complete and plays:
            options = turn.next_steps()
            assert options, (position.to_id(), roll, turn.steps)
            s, t, _ = rng.choice(options)
            turn = turn.step(s, t)
        if plays:
            assert turn.play().key in {p.key for p in plays}
        position = (turn.play().result if plays else position).swapped()
        if position.is_game_over():
            position = Position.initial()


def walk(turn: Turn, reached: set[int]) -> None:
    """Every complete turn reachable from ``turn`` by legal next steps."""
    if turn.is_complete:
        reached.add(turn.play().key)
        return
    for s, t, _ in turn.next_steps():
        walk(turn.step(s, t), reached)


def test_every_legal_play_is_reachable_step_by_step() -> None:
    rng = random.Random(12)
    position = Position.initial()
    for _ in range(60):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, roll)
        reached: set[int] = set()
        walk(Turn.start(position, roll), reached)
        assert reached == {p.key for p in plays}
        position = (rng.choice(plays).result if plays else position).swapped()
        if position.is_game_over():
            position = Position.initial()
