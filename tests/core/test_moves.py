"""Legal plays: textbook cases of every rule, and the fast search against the reference one."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_moves import reference_plays

from core import BackgammonError, Position, format_play, legal_plays
from core.moves import can_play

pos = Position.from_text


def plays_text(position: Position, dice: tuple[int, int]) -> set[str]:
    return {format_play(p) for p in legal_plays(position, dice)}


def test_opening_31_has_16_plays_and_the_point_making_one() -> None:
    plays = legal_plays(Position.initial(), (3, 1))
    assert len(plays) == 16
    assert "8/5 6/5" in {format_play(p) for p in plays}


def test_results_are_distinct_and_seen_by_the_mover() -> None:
    plays = legal_plays(Position.initial(), (6, 4))
    results = [p.result for p in plays]
    assert len(set(results)) == len(results)
    for r in results:
        assert r.opponent == Position.initial().opponent  # no hit possible from the start
        assert sum(r.player) == 15


def test_bar_first_then_the_other_die_is_free() -> None:
    position = pos("x bar:1 13:5 6:5 / o 13:5 6:5")
    plays = plays_text(position, (6, 1))
    assert all(text.startswith("bar/") for text in plays)
    assert "bar/24 13/7" in plays or "bar/19 6/5" in plays
    for p in legal_plays(position, (6, 1)):
        assert p.steps[0][0] == 25


def test_two_on_the_bar_use_both_dice_to_enter() -> None:
    position = pos("x bar:2 13:5 / o 13:5")
    assert plays_text(position, (6, 1)) == {"bar/24 bar/19"}


def test_entering_against_a_partly_closed_board() -> None:
    # the opponent holds our 19, 20, 21 and 22 (their 6, 5, 4, 3): only 2 and 1 enter
    position = pos("x bar:1 8:3 / o 6:2 5:2 4:2 3:2")
    assert plays_text(position, (4, 2)) == {"bar/23 8/4"}
    assert plays_text(position, (6, 5)) == set()  # dance


def test_closed_board_dances() -> None:
    position = pos("x bar:1 6:5 / o 6:2 5:2 4:2 3:2 2:2 1:2")
    assert legal_plays(position, (6, 6)) == ()
    assert legal_plays(position, (2, 1)) == ()


def test_one_checker_moves_through_an_open_point_only() -> None:
    # 13 with 6-5: 7 is blocked (opponent's 18), 8 is open: 13/2 goes only via 8
    position = pos("x 13:1 / o 18:2")
    plays = legal_plays(position, (6, 5))
    assert [p.steps for p in plays] == [((13, 8), (8, 2))]
    # both intermediate points blocked: the checker cannot use both dice
    position = pos("x 13:1 / o 18:2 17:2")
    assert legal_plays(position, (6, 5)) == ()


def test_must_use_both_dice_when_possible() -> None:
    # 20/14 is the only 6 and 6/1 the only 5: both must be played, neither alone
    position = pos("x 20:1 6:1 / o 16:2 10:2")
    assert plays_text(position, (6, 5)) == {"20/14 6/1"}


def test_only_one_die_playable_must_be_the_larger() -> None:
    # 13/7 or 13/8, then 2 is blocked either way: play the 6
    position = pos("x 13:1 / o 23:2")
    assert plays_text(position, (6, 5)) == {"13/7"}
    # the 6 is blocked: the 5 must be played
    position = pos("x 13:1 / o 23:2 18:2")
    assert plays_text(position, (6, 5)) == {"13/8"}


def test_hit_twice_with_one_checker() -> None:
    position = pos("x 13:1 6:5 / o 16:1 17:1 6:2")
    plays = {format_play(p): p for p in legal_plays(position, (4, 1))}
    assert "13/9*/8*" in plays
    result = plays["13/9*/8*"].result
    assert result.opponent[24] == 2
    assert plays["13/9*/8*"].hits == (9, 8)


def test_bear_off_exact_and_larger_from_highest_only() -> None:
    position = pos("x 3:1 2:1 / o 24:2")
    assert plays_text(position, (6, 5)) == {"3/off 2/off"}
    # 4-3 with checkers on 6 and 5: nothing can bear off, both move down
    position = pos("x 6:1 5:1 / o 1:2")
    assert plays_text(position, (4, 3)) == {"6/3 5/1", "6/2 5/2"}


def test_no_bear_off_with_a_checker_outside_or_on_the_bar() -> None:
    # the 7 must come home before anything bears off; 3/off with the 6 is not allowed
    # while the 4 point is occupied
    position = pos("x 7:1 3:1 / o 1:2")
    assert plays_text(position, (6, 3)) == {"7/1 3/off", "7/off"}
    hit = pos("x bar:1 5:3 / o 24:2")
    plays = legal_plays(hit, (6, 5))
    assert plays
    for p in plays:
        assert p.steps[0][0] == 25
        assert 0 not in {t for _, t in p.steps}


def test_doubles_up_to_four_steps() -> None:
    plays = legal_plays(Position.initial(), (6, 6))
    assert all(len(p.steps) == 4 for p in plays)
    assert "24/18(2) 13/7(2)" in {format_play(p) for p in plays}
    # only two steps possible: those are played
    position = pos("x 13:1 / o 21:2")
    assert plays_text(position, (3, 3)) == {"13/7"}


def test_doubles_bear_off() -> None:
    position = pos("x 4:2 2:1 / o 24:2")
    assert plays_text(position, (4, 4)) == {"4/off(2) 2/off"}


def test_bad_dice_are_refused_with_a_clear_error() -> None:
    with pytest.raises(BackgammonError, match="dice"):
        legal_plays(Position.initial(), (7, 1))
    with pytest.raises(BackgammonError, match="dice"):
        legal_plays(Position.initial(), (1,))


# --- properties ------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> Position:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    while True:
        sides: list[list[int]] = [[0] * 25, [0] * 25]
        for side in sides:
            for _ in range(rng.randint(1, 15)):
                r = rng.random()
                side[24 if r < 0.06 else rng.randint(0, 5) if r < 0.5 else rng.randint(0, 23)] += 1
        if all(not (sides[0][i] and sides[1][23 - i]) for i in range(24)):
            return Position(tuple(sides[0]), tuple(sides[1]))


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=400, deadline=None)
@given(positions(), dice)
def test_fast_search_equals_reference_search(position: Position, roll: tuple[int, int]) -> None:
    fast = {p.key for p in legal_plays(position, roll)}
    slow = {p.key for p in reference_plays(position, roll)}
    assert fast == slow


@settings(max_examples=300, deadline=None)
@given(positions(), dice)
def test_every_play_conserves_checkers_and_is_consistent(position: Position, roll: tuple[int, int]) -> None:
    plays = legal_plays(position, roll)
    lengths = {len(p.steps) for p in plays}
    assert len(lengths) <= 1  # all plays use the same (maximal) number of dice
    for p in plays:
        for s, t in p.steps:
            assert 1 <= s <= 25 and 0 <= t <= 24 and t < s
            assert t == 0 or s - t in roll
        r = p.result
        Position(r.player, r.opponent)  # valid
        assert sum(r.player) + r.borne_off()[0] == 15
        assert sum(r.player) <= sum(position.player)
        assert sum(r.opponent) == sum(position.opponent)
        assert r.opponent[24] - position.opponent[24] == len(p.hits)
        assert r.pip_count()[0] <= position.pip_count()[0]


@settings(max_examples=400, deadline=None)
@given(positions(), dice)
def test_can_play_says_whether_any_legal_play_exists(position: Position, roll: tuple[int, int]) -> None:
    assert can_play(position, roll) == bool(legal_plays(position, roll))


def test_can_play_on_a_closed_board_and_on_a_blocked_bear_in() -> None:
    closed = Position.from_text("x bar:1 6:2 / o 6:2 5:2 4:2 3:2 2:2 1:2")
    assert not any(can_play(closed, (a, b)) for a in range(1, 7) for b in range(1, 7))
    half = Position.from_text("x bar:1 6:2 / o 6:2 5:2 4:2 3:2 2:2")
    assert can_play(half, (6, 1)) and not can_play(half, (6, 5))
    prime = Position.from_text("x 13:1 / o 13:2 14:2 15:2 16:2 17:2 18:2")  # the mover's 7 to 12 held
    assert not any(can_play(prime, (a, b)) for a in range(1, 7) for b in range(1, 7))
    assert can_play(Position.from_text("x 13:1 / o 13:2 14:2 15:2 16:2 17:2"), (6, 6))


def test_dice_order_does_not_matter() -> None:
    rng = random.Random(5)
    position = Position.initial()
    for _ in range(300):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        a = {p.key for p in legal_plays(position, roll)}
        assert a == {p.key for p in legal_plays(position, roll[::-1])}
        plays = legal_plays(position, roll)
        position = (rng.choice(plays).result if plays else position).swapped()
        if position.is_game_over():
            position = Position.initial()
