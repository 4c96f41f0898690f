"""Every match the app can export reads back equal from its .mat (issue #17, item 3), and what must be refused is.

"Equal" is everything a match holds but what no .mat file has a place for:
the ties of an opening roll, resignations offered and declined, the order in
which a play's steps were made, the steps of a turn in progress, and which
of single/gammon/backgammon a resignation gave up under the Jacoby rule
(the points won are kept).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from randomplay import Style, random_action

from core.errors import BackgammonError, InvalidRecordError
from core.game import Game
from core.match import Match
from core.record import MAX_LINE_CHARS, MAX_MAT_CHARS, MAX_NAME_CHARS, NOTE_NO_CRAWFORD, format_mat, mat_name, read_mat


def carried(match: Match) -> list[Any]:
    """What a .mat file carries of ``match`` (see the module docstring)."""
    out: list[Any] = [match.length, match.crawford_rule, match.jacoby, match.beavers, match.names, match.resigned_by]
    for played in match.games:
        game = played.game
        replay = Game.new(beavers=match.beavers)
        trace = []
        for action in game.actions:
            replay = replay.apply(action)
            if action.kind in ("resign", "accept", "decline"):
                continue
            trace.append((action.kind, action.player, action.dice, replay.position if action.kind == "play" else None))
        if game.result is None and game.actions and game.actions[-1].kind == "play" and not game.actions[-1].steps:
            trace.pop()  # an unplayable roll at the end of the record: passed or not yet confirmed, the same
        result = game.result
        outcome = None
        if result is not None:
            outcome = (result.winner, result.points, result.how, None if result.how == "resign" else result.kind)
        out.append((played.score_before, played.crawford, tuple(trace), outcome, game.cube, game.cube_owner))
    return out


def play_randomly(match: Match, seed: int, actions: int, style: Style) -> Match:
    rnd = random.Random(seed)
    for _ in range(actions):
        if match.is_over:
            break
        match = random_action(match, rnd, style)
    return match


NAMES = st.one_of(
    st.sampled_from(["#Ann", ";Bob", "12) Bob", "A : 1  B", "x" * MAX_NAME_CHARS, "", "  ", "Ann\nLee", '"\\']),
    st.text(max_size=MAX_NAME_CHARS),
)


@settings(max_examples=40, derandomize=True, phases=[Phase.explicit, Phase.generate])
@given(
    seed=st.integers(0, 10**6),
    length=st.sampled_from([0, 0, 1, 2, 3, 5, 7]),
    crawford_rule=st.booleans(),
    jacoby=st.booleans(),
    beavers=st.booleans(),
    names=st.tuples(NAMES, NAMES),
    actions=st.integers(0, 700),
    double=st.sampled_from([0.0, 0.1, 0.4]),
    resign=st.sampled_from([0.0, 0.01, 0.05]),
    resign_match=st.sampled_from([None, None, 0, 1]),
)
def test_every_exported_match_reads_back_equal(
    seed: int,
    length: int,
    crawford_rule: bool,
    jacoby: bool,
    beavers: bool,
    names: tuple[str, str],
    actions: int,
    double: float,
    resign: float,
    resign_match: int | None,
) -> None:
    money = not length
    match = Match.new(
        length, crawford_rule=crawford_rule, jacoby=jacoby and money, beavers=beavers and money, names=names
    )
    style = Style(double=double, take=0.8, beaver=0.4, resign=resign, accept=0.5)
    match = play_randomly(match, seed, actions, style)
    if resign_match is not None and not match.is_over:
        match = match.resign_match(resign_match)
    text = format_mat(match)
    record = read_mat(text)
    for got, want in zip(carried(record.match), carried(match), strict=True):
        assert got == want, text
    assert record.notes == ()


@pytest.mark.parametrize("name", ["#Ann", ";Bob", "12) Bob", "Ann : 1  Bob", "x" * 27, "y" * MAX_NAME_CHARS, "é" * 40])
def test_names_that_did_not_read_back(name: str) -> None:
    for names in ((name, "Bob"), ("Ann", name)):
        match = Match.new(5, names=names).opening_with(3, 1).play("8/5 6/5").double().take()
        assert read_mat(format_mat(match)).match.names == names


def test_the_score_line_writes_what_gnubg_reads() -> None:
    text = format_mat(Match.new(5, names=("Ann : 1  B", "z" * 40)))
    assert " Ann 1 B : 0" in text and " " + "z" * 31 + " : 0" in text
    assert mat_name("é" * 40).encode() == ("é" * 15).encode()  # 31 bytes at most, whole characters


def test_a_name_too_long_for_the_format_is_refused_on_export() -> None:
    with pytest.raises(BackgammonError, match=f"at most {MAX_NAME_CHARS}"):
        format_mat(Match.new(5, names=("x" * (MAX_NAME_CHARS + 1), "Bob")))


def test_tags_that_disagree_with_the_score_line_are_not_used() -> None:
    text = format_mat(Match.new(3, names=("Ann", "Bob")).opening_with(3, 1)).replace('"Ann"', '"Zed"')
    assert read_mat(text).match.names == ("Ann", "Bob")


def test_a_match_before_its_first_roll_reads_back() -> None:
    for length in (0, 5):
        match = Match.new(length, names=("Ann", "Bob"))
        back = read_mat(format_mat(match)).match
        assert back.game.phase == "opening" and back.names == ("Ann", "Bob") and len(back.games) == 1
    match = Match.new(5).opening_with(3, 1).play("8/5 6/5").double().drop().next_game()
    back = read_mat(format_mat(match)).match
    assert len(back.games) == 2 and back.game.phase == "opening" and back.score == (0, 1)


def _to_crawford(crawford_rule: bool) -> Match:
    """A 3-point match at 0-2: the next game is the Crawford game with the rule, where player 0 doubles."""
    match = Match.new(3, names=("Ann", "Bob"), crawford_rule=crawford_rule)
    match = match.opening_with(3, 1).play("8/5 6/5").double().drop().next_game()
    match = match.opening_with(3, 1).play("8/5 6/5").double().drop().next_game()
    assert match.score == (0, 2)
    return match.opening_with(1, 3).play("8/5 6/5").double()


def test_a_match_without_the_crawford_rule_reads_back() -> None:
    match = _to_crawford(crawford_rule=False)
    text = format_mat(match)
    assert '; [Crawford "Off"]' in text
    record = read_mat(text)
    assert record.match.crawford_rule is False and record.notes == ()
    assert carried(record.match) == carried(match)


def test_no_crawford_rule_is_inferred_from_a_double_in_the_crawford_game() -> None:
    text = format_mat(_to_crawford(crawford_rule=False)).replace('; [Crawford "Off"]\n', "")
    record = read_mat(text)
    assert record.match.crawford_rule is False
    assert record.notes == (NOTE_NO_CRAWFORD,)
    assert record.match.game.phase == "double"


def test_a_double_in_the_crawford_game_is_refused_when_the_file_says_crawford() -> None:
    text = format_mat(_to_crawford(crawford_rule=False)).replace('"Off"', '"On"')
    with pytest.raises(InvalidRecordError, match="line 21 .*Crawford game"):
        read_mat(text)


def test_a_first_game_after_the_crawford_game_reads_back() -> None:
    match = Match.new(5, score=(4, 2)).opening_with(3, 1).play("8/5 6/5").double()
    text = format_mat(match)
    assert '; [Crawford game "No"]' in text
    assert carried(read_mat(text).match) == carried(match)
    # without the tag, the double says it is not the Crawford game
    assert carried(read_mat(text.replace('; [Crawford game "No"]\n', "")).match) == carried(match)
    crawford = Match.new(5, score=(4, 2), crawford_game=True).opening_with(3, 1).play("8/5 6/5")
    assert read_mat(format_mat(crawford)).match.crawford


HEAD = " 3 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "  1)                             31: 8/5 6/5\n  2)                              Doubles => 2",
            "'Doubles' is written in player 1's column, but it is player 0's",
        ),
        ("  1) 31: 8/5 6/5\n  2) Doubles => 2", "'Doubles' is written in player 0's column, but it is player 1's"),
        ("  1) 31: 8/5 6/5                 62: 24/18 13/11\n  2)  Doubles => 2                Drops", None),
        (
            "  1) 31: 8/5 6/5                 62: 24/18 13/11\n  2)  Doubles => 2\n  3)  Takes",
            "'Takes' is written in player 0's column, but player 1 answers the double",
        ),
    ],
)
def test_cube_actions_in_the_wrong_column_are_refused(line: str, message: str | None) -> None:
    if message is None:
        assert read_mat(HEAD + line + "\n").match.game.phase == "over"
        return
    with pytest.raises(InvalidRecordError, match=message):
        read_mat(HEAD + line + "\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD + "  1) 31: 8/5 6/5                 Doubles => ²\n", "cube value '²' is not a number"),
        (HEAD + "  1) 31: 8/5 6/5                 Doubles => " + "2" * 50 + "\n", "more than 9 digits"),
        (HEAD.replace("Bob : 0", "Bob : " + "0" * 4400), "longer than any line"),
        (HEAD.replace("Bob : 0", "Bob : " + "0" * 400), "score '000000000000000000000000000000000000000…' has more"),
        (HEAD.replace("Bob : 0", "Bob : ٠"), "score '٠' is not a number"),
        (HEAD + "  1) 31: 8/5 6/5\n      Wins ¹ point\n", "points won '¹' is not a number"),
        (HEAD.replace(" 3 point", " " + "9" * 4301 + " point"), "longer than any line"),
        (HEAD.replace(" 3 point", " 9999999999 point"), "match length '9999999999' has more than 9 digits"),
        (HEAD.replace(" 3 point", " ٣ point"), "expected 'N point match'"),
        (HEAD + "  1) 31: 8/5 " + "6/5 " * 200 + "\n", "notation '8/5 6/5 6/5"),
        ("x" * (MAX_MAT_CHARS + 1), "too long for a match file"),
        (HEAD.replace("Game 1\n", "Game 1\n\n"), None),
    ],
)
def test_numbers_and_lengths_are_bounded(text: str, message: str | None) -> None:
    if message is None:
        read_mat(text)
        return
    with pytest.raises(InvalidRecordError) as caught:
        read_mat(text)
    assert message in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_long_move_line_is_quoted_short() -> None:
    line = "  1) 31: 8/5 6/5 " + "x" * (MAX_LINE_CHARS - 20)
    with pytest.raises(InvalidRecordError) as caught:
        read_mat(HEAD + line + "\n")
    assert len(str(caught.value)) < 150 and "…" in str(caught.value)


@pytest.mark.parametrize("length", [64, 65, 100, 700])
def test_whatever_name_the_reader_accepts_the_writer_writes(length: int) -> None:
    """Issue #54: a name over 64 characters was read, then the match could not be exported."""
    from core.record import MAX_NAME_CHARS, format_mat, parse_mat

    long = ("Ann" + "x" * length)[:length]
    source = format_mat(Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5"))
    text = source.replace('[Player 1 "Ann"]', f'[Player 1 "{long}"]').replace(" Ann : 0", f" {long} : 0")
    match = parse_mat(text)
    assert len(match.names[0]) <= MAX_NAME_CHARS and match.names[0] == long[:MAX_NAME_CHARS].rstrip()
    again = parse_mat(format_mat(match))
    assert again.names == match.names
