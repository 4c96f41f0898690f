"""Match files (.mat): our own round trips, gnubg's layout, and errors that name the line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from randomplay import Style, random_action

from core import InvalidRecordError
from core.match import Match
from core.record import format_mat, parse_mat

DATA = Path(__file__).resolve().parent.parent / "data"


def random_match(seed: int, length: int) -> Match:
    rnd = random.Random(seed)
    match = Match.new(length, names=("Ann", "Bob"))
    style = Style(double=0.1, resign=0.01, by_steps=0.0)
    for _ in range(20000):
        if match.is_over or (length == 0 and len(match.games) >= 4 and match.game.is_over):
            break
        match = random_action(match, rnd, style)
    return match


def finals(match: Match) -> list[tuple[object, ...]]:
    out = []
    for played in match.games:
        g = played.game
        out.append((played.score_before, g.result, g.cube, g.cube_owner, g.board_for(0)))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_round_trip_of_random_matches(seed: int) -> None:
    match = random_match(seed, [0, 1, 3, 5, 7][seed % 5])
    text = format_mat(match)
    back = parse_mat(text)
    assert back.score == match.score
    assert back.length == match.length
    assert back.names == match.names
    assert finals(back) == finals(match)
    assert format_mat(back) == text


def test_gnubg_export_is_read_game_by_game() -> None:
    # written by gnubg 1.07 (`export match mat`) after playing itself a 5-point match
    match = parse_mat((DATA / "gnubg_5pt.mat").read_text())
    assert match.names == ("gnubg", "root")
    assert [g.score_before for g in match.games] == [(0, 0), (0, 1), (0, 3), (1, 3), (1, 4), (2, 4)]
    assert match.score == (2, 10)
    assert match.is_over and match.winner == 1
    last = match.games[-1].game  # "Wins 6 points": a backgammon with the cube at 2
    assert last.cube == 2
    assert last.result is not None and last.result.kind == "backgammon" and last.result.points == 6


def bad(text: str) -> str:
    with pytest.raises(InvalidRecordError) as info:
        parse_mat(text)
    return str(info.value)


HEAD = " 3 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"


def test_errors_name_the_line() -> None:
    message = bad(HEAD + "  1) 31: 8/5 6/5                 62: 13/7 13/11\n  2) 11: 24/22 24/23\n")
    assert "line 6" in message and "as many dice" in message
    message = bad(HEAD + "  1) 31: 8/5 6/5                 64: 24/20 13/7\n")
    assert "line 5" in message and "blocked" in message
    assert "header" in bad("hello\n") or "point match" in bad("hello\n")
    assert "line 5" in bad(HEAD + "  1) 31: 8/5 6/5                 62: 24/18 xx\n")
    assert "no game" in bad(" 3 point match\n")
    assert "double" in bad(HEAD + "  1) 33: 8/5 6/5\n")
    message = bad(HEAD + "  1) 31: 8/5 6/5                 Doubles => 4\n")
    assert "line 5" in message and "4" in message


def test_a_score_line_that_does_not_follow_is_refused() -> None:
    text = (
        HEAD
        + "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops                       Wins 1 point\n\n"
        + " Game 2\n Ann : 0                        Bob : 2\n  1) 31: 8/5 6/5\n"
    )
    assert "line 10" in bad(text) or "Game 2" in bad(text) or "game 2" in bad(text)


def test_resignation_after_rolling_is_written_as_gnubg_does() -> None:
    match = Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((1, 1)).resign(3)
    text = format_mat(match)
    assert "11: " in text and "Wins 3 points" in text
    back = parse_mat(text)
    assert back.score == (3, 0)  # player 1 rolled 11 and resigned a backgammon
    assert back.games[0].game.result is not None and back.games[0].game.result.how == "resign"
