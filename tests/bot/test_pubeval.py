from __future__ import annotations

from core.bot.pubeval import PubEval, pubeval_score
from core.position import Position


def test_bears_off_when_it_can() -> None:
    pos = Position.from_text("x 2:1 1:1 / o 6:3")
    play = PubEval().choose_play(pos, (2, 1))
    assert play.result.borne_off()[0] == 15


def test_makes_the_five_point_with_31() -> None:
    assert PubEval().choose_play(Position.initial(), (3, 1)).steps == ((8, 5), (6, 5))


def test_prefers_hitting_a_blot_in_its_home_board_to_leaving_it() -> None:
    pos = Position.from_text("x 13:4 8:3 6:5 4:3 / o 24:2 13:5 8:3 6:4 22:1")  # their blot on our 3 point
    play = PubEval().choose_play(pos, (1, 1))
    assert 3 in play.hits


def test_win_is_best() -> None:
    assert pubeval_score(True, (0,) * 25, (1,) + (0,) * 24) > 1e6
