"""Bounded fuzzing of every parser of the core (issue #17): only the project's errors, linear time.

Seeded, a few seconds in all. Each parser gets mutated valid inputs and
hostile ones (see :mod:`parser_fuzz`), and an adversarial input at two sizes
whose parse times must grow linearly. The page's parsers can be added the
same way with :func:`parser_fuzz.check_parser`.
"""

from __future__ import annotations

import json
import random

import pytest
from parser_fuzz import HOSTILE, check_linear, check_parser, mutations

from core.errors import (
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidIdError,
    InvalidNotationError,
    InvalidRecordError,
    InvalidStateError,
)
from core.ids import decode_gnubg_id, decode_match_id, decode_position_id, decode_xgid, find_gnubg_ids
from core.match import Match
from core.notation import parse_play
from core.position import Position
from core.record import format_mat, parse_mat, read_sgf
from core.state import from_json, to_json


def _small_match(names: tuple[str, str] = ("Ann", "Bob"), crawford_rule: bool = True) -> Match:
    match = Match.new(3, names=names, crawford_rule=crawford_rule).opening_with(3, 1).play("8/5 6/5")
    match = match.roll_with((6, 4)).play("24/14").double().take().roll_with((5, 5)).play("13/8(2) 6/1(2)")
    return match.roll_with((2, 1)).resign(1).accept().next_game().opening_with(2, 6).play("24/18 13/11")


MAT = format_mat(_small_match())
GNUBG_SHOWN = "GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n                 Match ID   : cAkAAAAAAAAA\n"
XGID = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:3:2:0:5:10"


def _targeted(text: str) -> list[str]:
    """The inputs of issue #17: non-ASCII digits and numbers over Python's 4,300-digit limit everywhere."""
    out = []
    for old in ("Doubles => 2", " 3 point match", "Bob : 0", "Wins 2 points", "Ann : 0"):
        assert old in text
        for digits in ("²", "١", "9" * 4301, "2" * 10):
            out.append(text.replace(old, "".join(c if not c.isdigit() else digits for c in old), 1))
    return out


def test_mat_parser() -> None:
    rnd = random.Random(17)
    inputs = mutations([MAT], 150, rnd) + list(HOSTILE) + [MAT.replace("\n", "\r\n"), MAT * 3, ""] + _targeted(MAT)
    refused = check_parser(parse_mat, inputs, (InvalidRecordError,), baseline=MAT)
    assert 0 < refused < len(inputs)


SGF = (
    "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bob]"
    "RU[Crawford]RE[B+1]C[a \\] in a comment]\n;W[31hefe]A[0][hefe E ver 3 0.5]\n;B[double]\n;W[drop])"
)


def test_sgf_parser() -> None:
    assert read_sgf(SGF).match.score == (0, 1)
    rnd = random.Random(19)
    inputs = mutations([SGF], 200, rnd) + list(HOSTILE) + [SGF * 3, SGF.replace("]", ""), "(" * 5000, ""]
    refused = check_parser(read_sgf, inputs, (InvalidRecordError,), baseline=SGF)
    assert 0 < refused < len(inputs)


def test_sgf_parser_is_linear() -> None:
    check_linear(read_sgf, lambda k: "(;GM[6]C[" + "\\]" * k + "]", 200)  # an escaped ']', many times
    check_linear(read_sgf, lambda k: "(;GM[6]MI[length:1]" + ";W[31hefe]" * k + ")", 50)
    check_linear(read_sgf, lambda k: "(" * k + ";GM[6]" + ")" * k, 200)


def test_mat_parser_is_linear_on_the_inputs_that_froze_the_page() -> None:
    head = " 3 point match\n\n Game 1\n"
    # one long score line: the old _SCORES expression backtracked (7.8 s for 28 KB in the browser)
    check_linear(parse_mat, lambda k: head + "a : 1  " * k + "x\n", 16, calls=10)
    # many lines that are skipped or read before the error at the end
    check_linear(parse_mat, lambda k: ("a : 1  " * 20 + "\n") * k + "\n", 200)
    check_linear(parse_mat, lambda k: head + " Ann : 0   Bob : 0\n" + "; " + "a : 1  " * 100 + "\n" * k, 200)


def test_id_parsers() -> None:
    rnd = random.Random(18)
    position, match_id = "4HPwATDgc/ABMA", "cAkAAAAAAAAA"
    seeds = [position, match_id, f"{position}:{match_id}", XGID, GNUBG_SHOWN]
    inputs = mutations(seeds, 300, rnd) + list(HOSTILE)
    for parse in (decode_position_id, decode_match_id, decode_gnubg_id, decode_xgid, find_gnubg_ids):
        check_parser(parse, inputs, (InvalidIdError,), baseline=XGID)


def test_id_parsers_are_linear() -> None:
    check_linear(find_gnubg_ids, lambda k: "Position ID: 4HPwATDgc/ABMA " * k, 40, calls=5)
    check_linear(find_gnubg_ids, lambda k: "Position ID: 4HPwATDgc/ABMA\n" + "x " * k + "Match ID: cAkAAAAAAAA", 500)
    check_linear(decode_xgid, lambda k: XGID + ":0" * k, 1000, calls=5)
    check_linear(decode_gnubg_id, lambda k: "A" * k + ":" + "B" * k, 1000, calls=5)


def test_saved_json_parser() -> None:
    rnd = random.Random(19)
    save = to_json(_small_match())
    inputs = mutations([save], 150, rnd) + list(HOSTILE) + ["[" * 10 + "]" * 10, '{"version": 1' + "}" * 20]
    refused = check_parser(from_json, inputs, (InvalidStateError,), baseline=save)
    assert 0 < refused < len(inputs)


def test_saved_json_parser_is_linear() -> None:
    save = json.loads(to_json(_small_match()))
    check_linear(from_json, lambda k: '"' + "[{" * k, 2000, calls=3)
    check_linear(from_json, lambda k: json.dumps(dict(save, names=["x" * k, "y"])), 5000, calls=3)


@pytest.mark.parametrize("dice", [(3, 1), (1, 1), (6, 6)])
def test_notation_parser(dice: tuple[int, int]) -> None:
    rnd = random.Random(20 + dice[0])
    position = Position.initial()
    seeds = ["8/5 6/5", "24/23(2) 6/5(2)", "bar/22*", "13/7*/1", "8-4 6-off", "24/18 13/7"]

    def parse(text: str) -> object:
        return parse_play(position, dice, text)

    inputs = mutations(seeds, 200, rnd) + list(HOSTILE)
    check_parser(parse, inputs, (InvalidNotationError, IllegalPlayError, AmbiguousPlayError), baseline="8/5 6/5")
    check_linear(parse, lambda k: "8/5 " * k, 6, calls=50)


def _quadratic(text: str) -> int:
    """Like the old ``.mat`` scores pattern: each position rescans the rest of the text (in Python,
    so that the quadratic part dominates even at small sizes and under load)."""
    n = len(text)
    return sum(1 for i in range(n) for j in range(i, n) if text[j] == " ")


def test_the_checks_themselves_catch_quadratic_parsing_and_foreign_errors() -> None:
    with pytest.raises(AssertionError, match="for x8.0 the size"):
        check_linear(_quadratic, lambda k: "a " * k, 60, attempts=1)  # it fails every attempt alike

    def leaky(text: str) -> None:
        int(text)  # a plain ValueError, not the project's

    with pytest.raises(AssertionError, match="raised ValueError"):
        check_parser(leaky, ["12", "x"], (InvalidRecordError,), baseline="1")
