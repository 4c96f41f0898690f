"""app.board.view: what the board shows, built from real core positions, turns, games and matches."""

from __future__ import annotations

import dataclasses

import pytest

from app.board.arrows import ArrowView, arrows_from_notation, arrows_from_steps
from app.board.messages import describe_refusal
from app.board.places import board_for_player0, from_mover, parse_place, to_mover
from app.board.view import BoardView, build_board_view, build_view
from core.errors import InvalidNotationError
from core.game import Setup
from core.match import Match
from core.position import Position
from core.turn import Turn


def pos(text: str) -> Position:
    return Position.from_text(text)


def owners(view: BoardView) -> dict[int, tuple[int | None, int]]:
    return {p.number: (p.owner, p.count) for p in view.points if p.count}


# -- places -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("place", "mover", "core"), [(13, 0, 13), (13, 1, 12), (1, 1, 24), ("bar", 1, 25), ("off", 1, 0)]
)
def test_place_conversions_round_trip(place: int | str, mover: int, core: int) -> None:
    assert to_mover(place, mover) == core
    assert from_mover(core, mover) == place


@pytest.mark.parametrize("text", ["0", "25", "x", "", "-1", "1.5"])
def test_parse_place_rejects_what_is_not_a_place(text: str) -> None:
    assert parse_place(text) is None


def test_to_mover_rejects_bad_places() -> None:
    with pytest.raises(ValueError, match="no such place"):
        to_mover(0, 0)


# -- the board ----------------------------------------------------------------
def test_initial_position() -> None:
    view = build_board_view(Position.initial())
    assert len(view.points) == 24
    assert [p.number for p in view.points] == list(range(1, 25))
    assert owners(view) == {
        24: (0, 2), 13: (0, 5), 8: (0, 3), 6: (0, 5),
        1: (1, 2), 12: (1, 5), 17: (1, 3), 19: (1, 5),
    }  # fmt: skip
    assert view.bar.counts == (0, 0)
    assert view.off.counts == (0, 0)
    assert view.pips == (167, 167)
    assert view.point(13).label == "point 13, 5 white checkers"
    assert view.point(7).label == "point 7, empty"
    assert view.point(1).label == "point 1, 2 black checkers"
    assert view.bar.label == "bar, empty"
    assert not view.movable
    assert not view.dests
    assert view.selected is None
    assert view.dice == ()
    assert view.dice_label == ""


def test_view_is_plain_frozen_values() -> None:
    view = build_board_view(Position.initial(), turn=Turn.start(Position.initial(), (3, 1)), selected=8)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.phase = "x"  # type: ignore[misc]

    def plain(value: object) -> bool:
        if dataclasses.is_dataclass(value):
            return all(plain(getattr(value, f.name)) for f in dataclasses.fields(value))
        if isinstance(value, tuple):
            return all(plain(v) for v in value)
        return value is None or isinstance(value, int | str | bool)

    assert plain(view)
    assert hash(view) == hash(
        build_board_view(Position.initial(), turn=Turn.start(Position.initial(), (3, 1)), selected=8)
    )


def test_player0_turn_movable_and_destinations() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    view = build_board_view(Position.initial(), turn=turn, selected=8)
    assert set(view.movable) == {24, 13, 8, 6}
    assert view.dests == (5, 7, 4)  # one die each, the higher first, then the sum
    assert view.sum_dests == (4,)
    assert [p.number for p in view.points if p.movable] == sorted(view.movable)
    assert [p.number for p in view.points if p.dest] == [4, 5, 7]
    assert [p.number for p in view.points if p.dest_sum] == [4]
    assert view.point(8).selected
    assert view.selected == 8
    assert not view.off.dest
    assert not view.bar.movable


def test_player1_turn_is_converted_to_player0_numbering() -> None:
    start = Position.initial()  # seen by player 1, who is on roll
    turn = Turn.start(start, (3, 1))
    view = build_board_view(board_for_player0(turn.position, 1), mover=1, turn=turn, selected=17)
    # player 1's 24, 13, 8 and 6 points are player 0's 1, 12, 17 and 19
    assert set(view.movable) == {1, 12, 17, 19}
    # from player 1's 8 with 3-1: their 5 and 7, i.e. player 0's 20 and 18, and 4 (21) by the sum
    assert set(view.dests) == {20, 18, 21}
    assert view.sum_dests == (21,)
    assert view.point(17).selected
    assert view.point(17).owner == 1
    assert all(d.owner == 1 for d in view.dice)


def test_player1_turn_after_a_step() -> None:
    turn = Turn.start(Position.initial(), (6, 5)).step(24, 18)
    view = build_board_view(board_for_player0(turn.position, 1), mover=1, turn=turn)
    assert view.point(1).count == 1
    assert view.point(7).owner == 1
    assert [d.used for d in view.dice] == [True, False]
    assert view.dice_label == "dice: 6 (used), 5"


def test_selecting_an_opponent_point_selects_nothing() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    view = build_board_view(Position.initial(), turn=turn, selected=12)
    assert view.selected is None
    assert view.dests == ()
    assert not any(p.selected for p in view.points)


def test_bar_must_enter_first() -> None:
    board = pos("x bar:1 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:4 4:1")
    turn = Turn.start(board, (4, 2))
    view = build_board_view(board, turn=turn, selected="bar")
    assert view.movable == ("bar",)
    assert view.bar.movable
    assert view.bar.selected
    assert view.bar.counts == (1, 0)
    assert not any(p.movable for p in view.points)
    # entering with 4 or 2: player 0's 21 and 23 (the opponent's 4 and 2 points)
    assert set(view.dests) == {21, 23}
    assert view.bar.label == "bar, 1 white checker"


def test_player1_enters_on_player0_home_board() -> None:
    board = pos("x bar:2 13:4 8:3 6:5 / o 24:2 13:5 8:3 6:5")  # player 1 on roll, two on the bar
    turn = Turn.start(board, (5, 3))
    view = build_board_view(board_for_player0(board, 1), mover=1, turn=turn, selected="bar")
    assert view.bar.counts == (0, 2)
    assert view.bar.movable
    # player 1 enters on their 20 and 22: player 0's 5 and 3
    assert set(view.dests) == {5, 3}


def test_bear_off_destination_is_the_tray() -> None:
    board = pos("x 6:2 5:3 4:2 2:1 / o 1:1 3:8 5:2")
    turn = Turn.start(board, (6, 2))
    view = build_board_view(board, turn=turn, selected=6)
    assert "off" in view.dests
    assert view.off.dest
    assert view.off.counts == (7, 4)
    assert view.off.label == "borne off, 7 white checkers, 4 black checkers"
    other = build_board_view(board, turn=turn, selected=2)
    assert other.dests == ("off",)  # the 2 bears off with the 2 (the 6 must come off the 6 point)


def test_no_bear_off_while_a_checker_is_outside() -> None:
    board = pos("x 7:1 6:2 5:3 / o 1:1 3:8 5:2")
    turn = Turn.start(board, (6, 1))
    view = build_board_view(board, turn=turn, selected=6)
    assert not view.off.dest
    assert "off" not in view.dests


def test_doubles_show_four_dice_and_dim_as_they_are_used() -> None:
    turn = Turn.start(Position.initial(), (4, 4)).step(24, 20).step(24, 20)
    view = build_board_view(Position.from_text(turn.position.to_text()), turn=turn)
    assert [(d.value, d.used) for d in view.dice] == [(4, True), (4, True), (4, False), (4, False)]


def test_interactive_false_shows_dice_but_no_moves() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    view = build_board_view(Position.initial(), turn=turn, selected=8, interactive=False)
    assert view.movable == ()
    assert view.dests == ()
    assert len(view.dice) == 2


def test_position_must_match_the_turn() -> None:
    turn = Turn.start(Position.initial(), (3, 1)).step(8, 5)
    with pytest.raises(ValueError, match="does not match"):
        build_board_view(Position.initial(), turn=turn)


def test_cube_faces() -> None:
    centred = build_board_view(Position.initial()).cube
    assert (centred.face, centred.owner, centred.shown, centred.offered) == (64, None, True, False)
    owned = build_board_view(Position.initial(), cube_value=4, cube_owner=1, names=("Ann", "Bob")).cube
    assert (owned.face, owned.owner) == (4, 1)
    assert owned.label == "doubling cube at 4, owned by Bob"
    offered = build_board_view(Position.initial(), mover=1, cube_value=2, cube_owner=1, cube_offered=True).cube
    assert (offered.face, offered.offered_by) == (4, 1)


def test_french_labels() -> None:
    board = pos("x bar:1 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:4 1:1")
    view = build_board_view(board, lang="fr")
    assert view.point(13).label == "case 13, 5 pions blancs"
    assert view.point(7).label == "case 7, vide"
    assert view.point(24).label == "case 24, 1 pion noir"
    assert view.bar.label == "barre, 1 pion blanc"
    assert view.off.label == "sortis, 1 pion blanc"
    assert view.names == ("Blanc", "Noir")
    assert view.label == "Plateau de backgammon"


def test_viewer_numbers_points_from_their_side() -> None:
    view = build_board_view(Position.initial(), viewer=1)
    assert view.point(13).shown == 12
    assert view.point(13).label == "point 12, 5 white checkers"
    assert view.point(1).label == "point 24, 2 black checkers"


def test_long_names_are_clipped() -> None:
    view = build_board_view(Position.initial(), names=("A" * 50, "  Bob   Smith "))
    assert view.names == ("A" * 19 + "…", "Bob Smith")


# -- arrows -------------------------------------------------------------------
def test_arrows_from_notation() -> None:
    assert arrows_from_notation("13/7 8/7") == (ArrowView(13, 7, 0), ArrowView(8, 7, 0))
    assert arrows_from_notation("bar/22*/16", mover=1) == (ArrowView("bar", 3, 1), ArrowView(3, 9, 1))
    assert arrows_from_notation("6/off(2)") == (ArrowView(6, "off", 0),) * 2
    assert arrows_from_steps([(25, 20), (6, 0)]) == (ArrowView("bar", 20, 0), ArrowView(6, "off", 0))


@pytest.mark.parametrize("text", ["13/", "26/20", "abc", "13/7(x)", "7/13", "24/18(5)"])
def test_arrows_from_notation_rejects_non_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        arrows_from_notation(text)


def test_arrows_read_the_spellings_the_core_reads() -> None:
    assert arrows_from_notation("13-7 Bar/22") == (ArrowView(13, 7, 0), ArrowView("bar", 22, 0))


# -- games and matches --------------------------------------------------------
def test_match_opening_shows_one_die_per_player() -> None:
    match = Match.new(5, names=("Ann", "Bot")).opening_with(5, 2)
    view = build_view(match, selected=13)
    assert [(d.value, d.owner, d.used) for d in view.dice] == [(5, 0, False), (2, 1, False)]
    assert view.on_turn == 0
    assert view.mover == 0
    assert view.phase == "move"
    assert view.message == "Ann starts and plays 5-2"
    assert set(view.dests) == {8, 11, 6}
    assert view.actions == ("step", "play", "resign", "resign_match")
    view = build_view(match.step(13, 8))
    assert [d.used for d in view.dice] == [True, False]
    assert view.message == "Ann to play 5-2"


def test_match_phases_messages() -> None:
    match = Match.new(7)
    assert build_view(match).message == "Roll one die each: the higher one starts"
    assert build_view(match).on_turn is None
    match = match.opening_with(3, 1).play("8/5 6/5")
    view = build_view(match)
    assert (view.phase, view.on_turn, view.message) == ("roll", 1, "Black to roll or double")
    assert view.dice == ()
    assert view.movable == ()
    match = match.double()
    view = build_view(match, lang="fr")
    assert view.on_turn == 0
    assert view.cube.offered
    assert view.cube.face == 2
    assert view.cube.offered_by == 1
    assert view.message == "Noir double à 2 : Blanc accepte ou refuse"
    match = match.take()
    view = build_view(match)
    assert (view.cube.face, view.cube.owner, view.message) == (2, 0, "Black to roll")
    match = match.roll_with((6, 5))
    assert build_view(match).message == "Black to play 6-5"
    match = match.resign(2)
    view = build_view(match)
    assert view.message == "Black offers to resign a gammon: White to accept or decline"
    assert view.movable == ()
    assert len(view.dice) == 2
    match = match.accept()
    view = build_view(match)
    assert view.message == "Black resigns a gammon: White wins 4 points"
    assert view.score == (4, 0)
    assert view.on_turn is None


def test_cube_hidden_in_crawford_game_and_one_point_match() -> None:
    assert not build_view(Match.new(1)).cube.shown
    crawford = Match.new(5, score=(4, 2), crawford_game=True)
    view = build_view(crawford)
    assert not view.cube.shown
    assert view.crawford
    assert view.match_text == "5-point match · Crawford game"
    assert build_view(Match.new(0)).match_text == "Money game"


def test_pass_ends_game_and_match() -> None:
    match = Match.new(1).opening_with(6, 1).play("13/7 8/7")
    match = Match.new(3, score=(0, 2)).opening_with(6, 1).play("13/7 8/7").double().drop()
    view = build_view(match)
    assert view.message == "White drops: Black wins 1 point. Black wins the match 3–0"
    assert view.actions == ()
    assert view.on_turn is None


def test_core_default_names_show_as_colours() -> None:
    assert build_view(Match.new(3)).names == ("White", "Black")
    assert build_view(Match.new(3), lang="fr").names == ("Blanc", "Noir")


def test_game_from_position_player1_to_move() -> None:
    match = Match.new(0, setup=Setup(pos("x 6:2 / o 24:1"), 1, (6, 5)))
    view = build_view(match, selected=19)
    assert view.mover == 1
    assert view.point(19).count == 2
    assert view.point(19).owner == 1
    assert set(view.dests) == {"off", 24}
    assert view.off.dest
    assert view.point(24).owner == 0
    assert view.pips == (24, 12)


def test_describe_refusal_names_the_point_as_seen() -> None:
    assert describe_refusal("en", "point-blocked", 19) == "point 19 is blocked"
    assert describe_refusal("en", "point-blocked", 19, viewer=1) == "point 6 is blocked"
    assert describe_refusal("fr", "must-enter-from-bar", "bar") == "vous devez d’abord rentrer le pion de la barre"
