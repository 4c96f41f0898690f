"""core.setup_draft: editing a set-up, every reason a set-up is refused, and what a legal one becomes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import setup_draft as sd
from core.errors import InvalidStateError
from core.ids import decode_gnubg_id, decode_xgid
from core.match import Match
from core.position import Position
from core.setup_draft import IllegalSetupError, SetupDraft, SetupProblem

LEGAL = SetupDraft.empty().add(0, 6).add(0, 6).add(1, 3)
"""White 2 on its 6 point, Black 1 on its 3 point: a short race, legal."""


def reasons(draft: SetupDraft) -> list[str]:
    return [p.reason for p in draft.problems()]


def refusal(action: object) -> SetupProblem:
    with pytest.raises(IllegalSetupError) as caught:
        action() if callable(action) else None
    assert caught.value.reason == caught.value.problem.reason
    assert str(caught.value) == f"set-up: {caught.value.problem.describe()}"
    return caught.value.problem


# -- every reason, one by one -----------------------------------------------------------------------
def test_a_sixteenth_checker_is_refused_when_added_and_reported_when_built() -> None:
    full = SetupDraft.initial()
    problem = refusal(lambda: full.add(1, 25))
    assert (problem.reason, problem.player, problem.value) == (sd.SETUP_TOO_MANY, 1, 16)
    assert problem.describe() == "Black has 16 checkers: at most 15"
    side = list(full.sides[0])
    side[1] = 1  # a 16th White checker on its 2 point
    built = dataclasses.replace(full, sides=(tuple(side), full.sides[1]))
    assert built.problems() == (SetupProblem(sd.SETUP_TOO_MANY, player=0, value=16),)
    assert refusal(built.checked).reason == sd.SETUP_TOO_MANY


def test_both_colours_on_a_point_is_refused_in_white_numbering() -> None:
    problem = refusal(lambda: LEGAL.add(1, 19))  # Black's 19 point is White's 6 point
    assert (problem.reason, problem.point) == (sd.SETUP_BOTH_COLOURS, 6)
    side = list(LEGAL.sides[1])
    side[18] = 1
    built = dataclasses.replace(LEGAL, sides=(LEGAL.sides[0], tuple(side)))
    assert built.problems() == (SetupProblem(sd.SETUP_BOTH_COLOURS, point=6),)


def test_removing_where_there_is_no_checker_is_refused() -> None:
    problem = refusal(lambda: LEGAL.remove(1, 4))
    assert (problem.reason, problem.player, problem.point) == (sd.SETUP_NO_CHECKER, 1, 21)
    assert refusal(lambda: LEGAL.move(0, 25, 3)).reason == sd.SETUP_NO_CHECKER


@pytest.mark.parametrize("player", [0, 1])
def test_a_player_with_all_fifteen_off_is_refused(player: int) -> None:
    draft = LEGAL.remove(player, 6 if player == 0 else 3)
    if player == 0:
        draft = draft.remove(0, 6)
    assert draft.borne_off(player) == 15
    assert draft.problems() == (SetupProblem(sd.SETUP_ALL_OFF, player=player),)
    with pytest.raises(IllegalSetupError, match="borne off all 15"):
        draft.xgid()


def test_dice_that_are_no_dice_are_refused() -> None:
    draft = LEGAL.with_turn(0, (7, 2))
    assert draft.problems() == (SetupProblem(sd.SETUP_DICE, value="7-2"),)
    assert reasons(LEGAL.with_turn(0, (0, 3))) == [sd.SETUP_DICE]
    assert reasons(LEGAL.with_turn(1, (6, 6))) == []


@pytest.mark.parametrize("cube", [0, 3, 6, 128, -2])
def test_a_cube_not_a_power_of_two_within_limits_is_refused(cube: int) -> None:
    problem = LEGAL.with_cube(cube, 0).problems()[0]
    assert (problem.reason, problem.value, problem.limit) == (sd.SETUP_CUBE_VALUE, cube, 64)


def test_an_owner_with_the_cube_at_one_is_refused_and_a_turned_cube_must_have_one() -> None:
    assert LEGAL.with_cube(1, 1).problems() == (SetupProblem(sd.SETUP_CUBE_OWNED_AT_1, player=1),)
    assert LEGAL.with_cube(4, None).problems() == (SetupProblem(sd.SETUP_CUBE_CENTRED, value=4),)
    assert reasons(LEGAL.with_cube(64, 1)) == []


def test_the_cube_is_out_of_play_in_a_one_point_match_and_the_crawford_game() -> None:
    assert reasons(LEGAL.with_cube(2, 0).with_match(1)) == [sd.SETUP_CUBE_OUT_OF_PLAY]
    crawford = LEGAL.with_cube(2, 1).with_match(5, (4, 2), crawford=True)
    assert crawford.problems() == (SetupProblem(sd.SETUP_CUBE_OUT_OF_PLAY, value=2),)
    post_crawford = LEGAL.with_cube(2, 1).with_match(5, (4, 2))
    assert reasons(post_crawford) == []


@pytest.mark.parametrize("length", [-1, 65])
def test_a_match_length_out_of_range_is_refused(length: int) -> None:
    assert LEGAL.with_match(length).problems() == (SetupProblem(sd.SETUP_LENGTH, value=length, limit=64),)


def test_a_score_reaching_the_match_length_is_refused_for_either_player() -> None:
    assert LEGAL.with_match(5, (5, 0)).problems() == (SetupProblem(sd.SETUP_SCORE_OVER, player=0, value=5, limit=5),)
    assert reasons(LEGAL.with_match(5, (3, 7))) == [sd.SETUP_SCORE_OVER]
    assert reasons(LEGAL.with_match(5, (4, 4))) == []
    assert reasons(LEGAL.with_match(0, (40, 12))) == []  # money: any score


def test_a_negative_score_is_refused() -> None:
    problem = LEGAL.with_match(0, (0, -1)).problems()[0]
    assert (problem.reason, problem.player, problem.value) == (sd.SETUP_BAD_SCORE, 1, -1)


def test_crawford_inconsistencies_are_refused() -> None:
    assert reasons(LEGAL.with_match(0, crawford=True)) == [sd.SETUP_CRAWFORD_MONEY]
    for score in ((2, 2), (4, 4), (3, 1)):  # nobody, both, nobody 1 point away
        problem = LEGAL.with_match(5, score, crawford=True).problems()[0]
        assert (problem.reason, problem.value, problem.limit) == (sd.SETUP_CRAWFORD_SCORE, f"{score[0]}-{score[1]}", 5)
    assert reasons(LEGAL.with_match(1, crawford=True)) == [sd.SETUP_CRAWFORD_SCORE]
    assert reasons(LEGAL.with_match(5, (1, 4), crawford=True)) == []


def test_money_rules_in_a_match_are_refused() -> None:
    assert reasons(LEGAL.with_match(7, jacoby=True)) == [sd.SETUP_MONEY_RULES]
    assert reasons(LEGAL.with_match(7, beavers=True)) == [sd.SETUP_MONEY_RULES]
    assert reasons(LEGAL.with_match(0, jacoby=True, beavers=True)) == []


def test_every_reason_has_an_english_sentence_and_is_tested_here() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    for name in dir(sd):
        if name.startswith("SETUP_") and name != "SETUP_REASONS":
            assert getattr(sd, name) in sd.SETUP_REASONS
            assert f"sd.{name}" in source, f"{name} has no test"
    assert len(set(sd.SETUP_REASONS)) == len(sd.SETUP_REASONS)


def test_several_problems_are_listed_board_first() -> None:
    draft = SetupDraft.empty().with_cube(3, None).with_match(3, (3, 0))
    assert reasons(draft) == [sd.SETUP_ALL_OFF, sd.SETUP_ALL_OFF, sd.SETUP_CUBE_VALUE, sd.SETUP_SCORE_OVER]
    assert refusal(draft.checked).player == 0


def test_malformed_fields_are_refused_at_once() -> None:
    with pytest.raises(InvalidStateError, match="on_roll"):
        dataclasses.replace(LEGAL, on_roll=2)
    with pytest.raises(InvalidStateError, match="25 counts"):
        dataclasses.replace(LEGAL, sides=((0,) * 24, LEGAL.sides[1]))
    with pytest.raises(InvalidStateError, match="whole numbers"):
        dataclasses.replace(LEGAL, score=(0, "1"))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="point 26"):
        LEGAL.add(0, 26)
    with pytest.raises(InvalidStateError, match="player 2"):
        LEGAL.add(2, 3)


# -- editing -------------------------------------------------------------------------------------
def test_moves_between_points_bar_and_trays_keep_fifteen_checkers() -> None:
    draft = SetupDraft.initial()
    draft = draft.move(1, 24, 25).move(1, 13, 0).move(1, 0, 2)
    assert draft.count(1, 24) == 1 and draft.on_bar(1) == 1 and draft.count(1, 2) == 1
    assert draft.borne_off(1) == 0 and draft.on_board(1) == 15
    assert draft.move(0, 6, 6) is draft
    failed = refusal(lambda: draft.move(0, 6, 19))  # White's 19 is Black's 6: Black is there
    assert failed.reason == sd.SETUP_BOTH_COLOURS


def test_the_bar_holds_both_colours() -> None:
    draft = LEGAL.add(0, 25).add(1, 25)
    assert (draft.on_bar(0), draft.on_bar(1), draft.problems()) == (1, 1, ())


# -- what a legal set-up becomes -------------------------------------------------------------------
def test_ids_parse_back_to_the_same_set_up() -> None:
    draft = LEGAL.add(1, 25).with_turn(1, (5, 3)).with_cube(4, 0).with_match(7, (3, 5))
    assert SetupDraft.from_info(*decode_xgid(draft.xgid())) == draft
    assert SetupDraft.from_info(*decode_gnubg_id(draft.gnubg_id())) == draft


def test_to_match_starts_the_game_at_the_set_up() -> None:
    draft = LEGAL.with_turn(1, None).with_cube(2, 0).with_match(5, (1, 4), crawford=False)
    match = draft.to_match(names=("Ann", "Bob"))
    assert match.names == ("Ann", "Bob") and match.score == (1, 4) and match.length == 5
    assert (match.game.phase, match.game.turn, match.game.cube, match.game.cube_owner) == ("roll", 1, 2, 0)
    assert SetupDraft.from_match(match) == draft
    played = LEGAL.with_turn(0, (2, 1)).to_match().play("6/4 6/5")
    assert played.game.board_for(0) == Position.from_text("x 5:1 4:1 / o 3:1")


def test_from_match_reads_the_start_of_the_turn() -> None:
    match = Match.new(5).opening_with(3, 1).move(8, 5)
    draft = SetupDraft.from_match(match)
    assert draft.dice == (3, 1) and draft.count(0, 8) == 3 and draft.count(0, 5) == 0


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 25), st.integers(0, 25), st.booleans()), max_size=60))
def test_random_edits_keep_the_board_a_position(edits: list[tuple[int, int, int, bool]]) -> None:
    """Whatever the editor does, either it is refused with a reason, or the board stays a legal Position."""
    draft = SetupDraft.initial()
    for player, start, end, adding in edits:
        try:
            draft = draft.add(player, end) if adding and end else draft.move(player, start, end)
        except IllegalSetupError as exc:
            refused = exc.reason
            assert refused in sd.SETUP_REASONS
        Position(draft.sides[0], draft.sides[1])  # raises if the board broke
        assert all(r == sd.SETUP_ALL_OFF for r in reasons(draft))
