"""Notation: gnubg-style formatting, and parsing that only matches legal plays."""

from __future__ import annotations

import random

import pytest

from core import (
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidNotationError,
    Position,
    format_play,
    legal_plays,
    parse_play,
)
from core import reasons as r
from core.notation import parse_journeys

pos = Position.from_text


@pytest.mark.parametrize(
    ("position", "dice", "text"),
    [
        ("x 24:2 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:5", (6, 1), "13/7 8/7"),
        ("x bar:1 13:5 / o 3:1 6:5", (3, 1), "bar/22* 13/12"),
        ("x 6:2 5:1 / o 1:2", (6, 5), "6/off 5/off"),
        ("x 8:2 13:2 / o 1:2", (4, 4), "13/9(2) 8/4(2)"),
        ("x 13:1 9:1 / o 18:1 24:1 22:2", (6, 6), "13/7*/1*"),
        ("x 13:1 6:5 / o 16:1 17:1 6:2", (4, 1), "13/9*/8*"),
    ],
)
def test_format_and_parse(position: str, dice: tuple[int, int], text: str) -> None:
    p = pos(position)
    play = parse_play(p, dice, text)
    assert format_play(play) == text


@pytest.mark.slow
def test_round_trip_of_every_legal_play_in_random_games() -> None:
    rng = random.Random(4)
    position = Position.initial()
    for _ in range(600):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, roll)
        for play in plays:
            assert parse_play(position, roll, format_play(play)).key == play.key
        position = (rng.choice(plays).result if plays else position).swapped()
        if position.is_game_over():
            position = Position.initial()


def test_other_spellings_are_accepted() -> None:
    p = pos("x bar:1 13:5 / o 3:1 6:5")
    assert format_play(parse_play(p, (3, 1), "25/22 13/12")) == "bar/22* 13/12"
    assert format_play(parse_play(p, (3, 1), "Bar/22*  13/12")) == "bar/22* 13/12"
    # one checker over both dice, written as one hop
    assert format_play(parse_play(Position.initial(), (6, 5), "24/13")) == "24/13"
    assert format_play(parse_play(pos("x 6:2 5:1 / o 1:2"), (6, 5), "6/0 5/0")) == "6/off 5/off"


def test_bad_syntax() -> None:
    for text in ["", "13-", "hello", "13/7 8/x", "13/7(9)", "7/13"]:
        with pytest.raises(InvalidNotationError):
            parse_play(Position.initial(), (6, 1), text)


def test_journeys_are_read_without_rules_and_with_the_parsers_syntax() -> None:
    assert parse_journeys("bar/22*/16 6/off(2)") == ((25, 22, 16), (6, 0), (6, 0))
    assert parse_journeys("13-7 25/20") == ((13, 7), (25, 20))  # the spellings parse_play accepts
    assert parse_journeys("24/18 24/18") == ((24, 18), (24, 18))  # legal or not: only the syntax
    for text in ["", "13-", "hello", "13/7 8/x", "13/7(9)", "7/13", "26/20", "x" * 300]:
        with pytest.raises(InvalidNotationError):
            parse_journeys(text)


def test_illegal_plays_say_why() -> None:
    start = Position.initial()
    cases = {
        "13/12 13/10": r.BLOCKED,
        "8/5": r.BOTH_DICE,
        "6/off 6/3": r.CANNOT_BEAR_OFF,
        "10/7 10/9": r.NO_CHECKER,
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalPlayError) as info:
            parse_play(start, (3, 1), text)
        assert info.value.reason == reason, text
        assert text in str(info.value)
    with pytest.raises(IllegalPlayError) as info:
        parse_play(pos("x bar:1 13:5 / o 13:5"), (6, 1), "13/7 13/12")
    assert info.value.reason == r.MUST_ENTER


def test_ambiguous_without_the_hit_marks() -> None:
    # 13/2 with 6-5 can go via 7 or via 8, each hitting a different blot
    p = pos("x 13:1 6:5 / o 18:1 17:1 6:2")
    with pytest.raises(AmbiguousPlayError):
        parse_play(p, (6, 5), "13/2")
    assert parse_play(p, (6, 5), "13/7*/2").hits == (7,)
    assert parse_play(p, (6, 5), "13/8*/2").hits == (8,)
