"""Matches and money sessions: score, Crawford game, 1-point matches, Jacoby, resigning the match, IDs."""

from __future__ import annotations

import pytest

from core import reasons
from core.errors import IllegalActionError, InvalidIdError, InvalidStateError
from core.ids import GameState, Resignation, decode_gnubg_id, decode_xgid, encode_gnubg_id, encode_xgid
from core.match import Match
from core.position import Position


def win(match: Match, winner: int, points: int = 1) -> Match:
    """Finish the current game: the loser resigns ``points`` (1 single, 2 gammon, 3 backgammon)."""
    loser = 1 - winner
    if match.game.phase == "opening":
        match = match.opening_with(2, 1) if loser == 0 else match.opening_with(1, 2)
    if match.game.turn == winner:
        if match.game.phase == "roll":
            match = match.roll_with((2, 1))
        plays = match.game.legal_plays()
        match = match.play(plays[0] if plays else ())
    assert match.game.turn == loser
    match = match.resign(points)
    if points < 3:
        match = match.accept()
    result = match.game.result
    assert result is not None
    assert result.winner == winner
    return match


def refused(reason: str, action: object, *args: object) -> None:
    with pytest.raises(IllegalActionError) as err:
        action(*args)  # type: ignore[operator]
    assert err.value.reason == reason, str(err.value)


def test_crawford_game_exactly_once() -> None:
    match = Match.new(5)
    match = win(match, 0, 3).next_game()  # 3-0
    assert not match.crawford
    match = win(match, 0, 1).next_game()  # 4-0: player 0 is 1-away
    assert match.crawford
    assert match.games[-1].crawford
    assert not match.game.cube_available
    refused(reasons.CUBE_UNAVAILABLE, match.opening_with(1, 2).play("13/11 24/23").double)
    match = win(match, 1, 2).next_game()  # 4-2: post-Crawford, the cube is back
    assert not match.crawford
    assert match.game.cube_available
    match = win(match, 1, 2).next_game()  # 4-4: both 1-away, still no second Crawford game
    assert not match.crawford
    assert match.game.cube_available
    match = win(match, 1)
    assert match.is_over
    assert match.winner == 1
    assert match.score == (4, 5)
    assert [g.crawford for g in match.games] == [False, False, True, False, False]
    assert len(match.games_played) == 5
    refused(reasons.MATCH_OVER, match.next_game)


def test_crawford_when_jumping_to_one_away() -> None:
    match = win(Match.new(7), 1, 3).next_game()  # 0-3
    match = win(match, 1, 3).next_game()  # 0-6 straight from 3-away to 1-away
    assert match.crawford
    match = win(match, 0, 3).next_game()
    assert not match.crawford


def test_no_crawford_without_the_rule() -> None:
    match = win(Match.new(3, crawford_rule=False), 0, 2).next_game()
    assert match.score == (2, 0)
    assert not match.crawford
    assert match.game.cube_available


def test_one_point_match_has_no_cube() -> None:
    match = Match.new(1)
    assert not match.game.cube_available
    assert not match.crawford
    game = match.opening_with(3, 1).play("8/5 6/5")
    refused(reasons.CUBE_UNAVAILABLE, game.double)
    match = win(match, 1, 3)
    assert match.is_over
    assert match.winner == 1
    assert match.score == (0, 3)


def test_two_point_match_crawford() -> None:
    match = win(Match.new(2), 0).next_game()
    assert match.crawford
    assert not match.game.cube_available


def test_score_and_next_game() -> None:
    match = Match.new(7, names=("Ann", "Bob"))
    assert match.legal_actions() == ("opening", "resign_match")
    refused(reasons.NOT_NOW, match.next_game)
    match = match.opening_with(3, 1).play("8/5 6/5").double().take()
    assert match.game.cube == 2
    match = match.resign(2).accept()  # player 1 resigns a gammon with the cube at 2
    assert match.score == (4, 0)
    assert match.games[-1].score_after == (4, 0)
    assert match.legal_actions() == ("next_game", "resign_match")
    assert match.game.is_over  # kept for the game-over screen
    refused(reasons.GAME_OVER, match.roll_with, (1, 2))
    faces = iter([6, 2])
    match = match.next_game(lambda: next(faces))
    assert match.game.phase == "move"
    assert match.game.turn == 0
    assert match.games[-1].score_before == (4, 0)
    assert match.away() == (3, 7)
    assert len(match.games_played) == 1


def test_overshooting_the_length_wins() -> None:
    match = win(Match.new(3, score=(0, 2), crawford_game=True), 0, 3)
    assert match.score == (3, 2)
    assert match.is_over
    assert match.winner == 0
    assert match.away() == (0, 1)
    assert match.legal_actions() == ()


def test_money_session() -> None:
    match = Match.new(0, jacoby=True)
    assert match.is_money
    assert match.game.jacoby
    assert match.game.cube_available
    for i in range(5):
        match = win(match, i % 2, 2).next_game()
        assert not match.is_over
        assert not match.crawford
    assert match.score == (3, 2)  # Jacoby: gammons with a centred cube count one point
    assert match.away() == (0, 0)
    assert match.winner is None
    match = match.resign_match(0)
    assert match.is_over
    assert match.winner == 1
    refused(reasons.MATCH_OVER, match.opening_with, 3, 1)


def test_resign_match() -> None:
    match = Match.new(7).opening_with(3, 1)
    over = match.resign_match(0)
    assert over.is_over
    assert over.winner == 1
    assert over.score == (0, 0)
    refused(reasons.MATCH_OVER, over.play, "8/5 6/5")
    refused(reasons.MATCH_OVER, over.resign_match, 1)
    refused(reasons.NOT_YOUR_TURN, match.resign_match, 2)
    assert match.resign_match(1).winner == 0


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((-1,), {}, "length"),
        ((65,), {}, "length"),
        ((True,), {}, "length"),
        ((7,), {"jacoby": True}, "Jacoby"),
        ((7,), {"score": (7, 0)}, "already over"),
        ((7,), {"score": (-1, 0)}, "score"),
        ((7,), {"score": (1, 2, 3)}, "score"),
        ((7,), {"crawford_game": True}, "Crawford"),
        ((7,), {"score": (6, 6), "crawford_game": True}, "Crawford"),
        ((7,), {"names": ("solo",)}, "names"),
        ((7,), {"crawford_rule": 1}, "crawford_rule"),
    ],
)
def test_new_refuses(args: tuple[int], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        Match.new(*args, **kwargs)  # type: ignore[arg-type]


def test_match_info_and_ids() -> None:
    match = Match.new(7, score=(2, 4)).opening_with(5, 2)
    info = match.match_info()
    assert (info.on_roll, info.turn, info.dice, info.score, info.match_length) == (0, 0, (5, 2), (2, 4), 7)
    assert (info.cube, info.cube_owner, info.crawford, info.game_state) == (1, None, False, GameState.PLAYING)
    xgid = encode_xgid(match.game.position, info)
    back = Match.from_info(*decode_xgid(xgid))
    assert back.game.position == match.game.position
    assert back.game.dice == (5, 2)
    assert back.score == (2, 4)
    assert back.game.legal_plays() == match.game.legal_plays()

    doubled = match.play("13/8 13/11").double()
    info = doubled.match_info()
    assert (info.on_roll, info.turn, info.double_offered, info.dice) == (1, 0, True, None)
    again = Match.from_info(*decode_gnubg_id(encode_gnubg_id(doubled.game.position, info)))
    assert again.game.phase == "double"
    assert again.game.player_to_act == 0
    assert again.take().game.cube == 2

    resigning = match.resign(2)
    info = resigning.match_info()
    assert (info.turn, info.resignation) == (1, Resignation.GAMMON)

    assert Match.new(3).match_info().game_state == GameState.NOT_STARTED
    assert match.resign(1).accept().match_info().game_state == GameState.RESIGNED
    assert doubled.drop().match_info().game_state == GameState.DROPPED
    crawford = Match.new(5, score=(4, 1), crawford_game=True)
    assert crawford.match_info().crawford
    assert Match.from_info(Position.initial(), crawford.match_info()).crawford
    money = Match.new(0, jacoby=True).opening_with(4, 1)
    assert money.match_info().jacoby
    assert money.match_info().match_length == 0


def test_from_info_refuses_finished_games() -> None:
    match = Match.new(7).opening_with(5, 2).resign(1).accept()
    with pytest.raises(InvalidStateError, match="over"):
        Match.from_info(match.game.position, match.match_info())


def test_match_resign_levels() -> None:
    match = Match.new(3).opening_with(3, 1)
    assert match.resign_levels() == (1, 2, 3)
    assert match.resign(1).decline().resign_levels(0) == (2, 3)
    assert match.resign(1).decline().resign_levels(1) == (2, 3)  # either player, only higher this turn
    assert match.resign(2).decline().resign_levels(0) == (3,)  # the resign dialog's choices after a decline
    assert match.play("8/5 6/5").double().resign_levels() == ()  # no resigning while a double waits
    over = match.resign(3)
    assert over.game.is_over and over.resign_levels() == ()
    assert match.resign_match(0).resign_levels() == ()


def test_match_length_limit_is_the_core_s() -> None:
    from core import ids, limits
    from core.match import MAX_LENGTH, MAX_MATCH_LENGTH

    assert MAX_LENGTH == MAX_MATCH_LENGTH == limits.MAX_MATCH_LENGTH == ids.MAX_MATCH_LENGTH
    assert Match.new(MAX_MATCH_LENGTH).length == MAX_MATCH_LENGTH
    with pytest.raises(InvalidStateError):
        Match.new(MAX_MATCH_LENGTH + 1)
    with pytest.raises(InvalidIdError):
        ids.MatchInfo(match_length=MAX_MATCH_LENGTH + 1)


def test_a_resignation_offered_on_the_other_players_turn_round_trips_through_gnubg_ids() -> None:
    # gnubg's Match ID names who must act: with a resignation on offer and the player on roll to
    # answer it, the other player offered it (on the roller's turn)
    for match in (
        Match.new(3).opening_with(3, 1).play("8/5 6/5").resign(2, by=0),  # after his play
        Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((6, 5)).resign(1, by=0),  # during the other's move
    ):
        info = match.match_info()
        offer = match.game.resign_offer
        assert offer is not None and (info.turn, info.on_roll, int(info.resignation)) == (1, 1, offer.level)
        again = Match.from_info(match.game.position, info)
        assert again.game.resign_offer == match.game.resign_offer and again.match_info() == info
    on_turn = Match.new(3).opening_with(3, 1).resign(2)
    info = on_turn.match_info()
    assert (info.turn, info.on_roll) == (1, 0)
    assert Match.from_info(on_turn.game.position, info).game.resign_offer == on_turn.game.resign_offer
