"""core.ids without gnubg: known IDs, round trips, strict decoders (tests/gnubg compares with gnubg itself)."""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import re
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import InvalidIdError
from core.ids import (
    GameState,
    MatchInfo,
    Resignation,
    decode_gnubg_id,
    decode_match_id,
    decode_position_id,
    decode_xgid,
    encode_gnubg_id,
    encode_match_id,
    encode_position_id,
    encode_xgid,
)
from core.position import Position

B64 = string.ascii_uppercase + string.ascii_lowercase + string.digits + "+/"
INITIAL_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


# -- strategies -----------------------------------------------------------------------------
@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any legal position: up to 15 checkers a side, on points, bar, or borne off."""
    player = [0] * 25
    opponent = [0] * 25
    for index in draw(st.lists(st.integers(0, 24), max_size=15)):
        player[index] += 1
    free = [i for i in range(25) if i == 24 or player[23 - i] == 0]  # opponent index i = our point 24 - i
    for index in draw(st.lists(st.sampled_from(free), max_size=15)):
        opponent[index] += 1
    return Position(tuple(player), tuple(opponent))


@st.composite
def match_infos(draw: st.DrawFn, *, xgid: bool = False) -> MatchInfo:
    """Any valid MatchInfo; ``xgid``: only what an XGID carries (no resignation, game playing)."""
    length = draw(st.sampled_from([0, 1, 2, 3, 5, 7, 11, 25, 64]))
    if length:
        score = (draw(st.integers(0, length)), draw(st.integers(0, length)))
        crawford = length > 1 and length - 1 in score and draw(st.booleans())
    else:
        score = (draw(st.integers(0, 32767)), draw(st.integers(0, 32767)))
        crawford = False
    cube, owner = (1, None) if crawford else (1 << draw(st.integers(0, 12)), draw(st.sampled_from([None, 0, 1])))
    on_roll = draw(st.integers(0, 1))
    dice = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    double = not crawford and dice is None and draw(st.booleans())
    resignation = Resignation.NONE if xgid else draw(st.sampled_from(list(Resignation)))
    state = GameState.PLAYING if xgid else draw(st.sampled_from(list(GameState)))
    turn = 1 - on_roll if double else on_roll
    if resignation or state != GameState.PLAYING:
        turn = draw(st.integers(0, 1)) if not double else turn
    return MatchInfo(
        cube=cube,
        cube_owner=owner,
        on_roll=on_roll,
        turn=turn,
        dice=dice,
        match_length=length,
        score=score,
        crawford=crawford,
        jacoby=not length and draw(st.booleans()),
        beavers=not length and draw(st.booleans()),
        double_offered=double,
        resignation=resignation,
        game_state=state,
        max_cube=1 << draw(st.integers(0, 15)),
    )


def _match_id_keeps(info: MatchInfo) -> MatchInfo:
    """What survives a Match ID: the larger die first, no beaver flag, no max cube."""
    dice = tuple(sorted(info.dice, reverse=True)) if info.dice else None
    return dataclasses.replace(info, dice=dice, beavers=False, max_cube=1024)


# -- known IDs -------------------------------------------------------------------------------
def test_initial_position_ids() -> None:
    assert encode_position_id(Position.initial()) == "4HPwATDgc/ABMA"
    assert decode_xgid(INITIAL_XGID) == (Position.initial(), MatchInfo())
    assert encode_xgid(Position.initial(), MatchInfo()) == INITIAL_XGID


def test_ids_written_by_gnubg() -> None:
    # gnubg 1.07's default money session (Jacoby on), its player 1 (bottom, ours 0) to roll.
    assert decode_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA") == (Position.initial(), MatchInfo(jacoby=True))
    # `new match 7`: gnubg's player 1 won the opening roll with 52.
    info = decode_match_id("cInqAAAAAAAE")
    assert info == MatchInfo(on_roll=0, turn=0, dice=(5, 2), match_length=7)
    # gnubg's answer to `set xgid XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:1:0:7:10`: a 2-cube
    # owned by the bottom player (gnubg's 1, ours 0), who is on roll, 7-point match at 2-1.
    assert decode_match_id("UQngABAAEAAE") == MatchInfo(cube=2, cube_owner=0, match_length=7, score=(2, 1))


def test_an_xgid_written_by_xg() -> None:
    """eXtreme Gammon's export, with the text it printed beside the XGID.

    https://github.com/Deinonychus999/AnkiGammon/issues/1: "Score is X:1 O:0 11 pt.(s)
    match", "Pip count X: 154 O: 158", "X to play 41", X (upper case) at the bottom.
    """
    xgid = "XGID=----abF-B--BbB-Bacbd----A-:0:0:1:41:1:0:0:11:10"
    position, info = decode_xgid(xgid)
    assert position.pip_count() == (154, 158)
    assert (info.on_roll, info.dice, info.score, info.match_length) == (0, (4, 1), (1, 0), 11)
    assert encode_xgid(position, info) == xgid


def test_xgid_top_player_on_roll_sees_the_board_from_the_top() -> None:
    # The top player (lower case) on roll: the position is from its side, its 24 point is XGID place 1.
    position, info = decode_xgid("XGID=-b----E-C---eE---c-e----A-:0:0:-1:31:0:0:0:0:10")
    assert info.on_roll == 1
    assert position.player[23] == 2  # 2 on its 24 point
    assert position.opponent[23] == 1  # bottom player: 1 on its 24 point
    assert position.pip_count() == (167, 143)


def test_xgid_double_offered() -> None:
    position, info = decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:0:0:10")
    assert (info.on_roll, info.turn, info.double_offered, info.cube, info.cube_owner) == (0, 1, True, 2, 0)
    assert encode_xgid(position, info).split(":")[4] == "D"


def test_money_and_jacoby_fields() -> None:
    info = MatchInfo(jacoby=True, beavers=True, score=(12, 40))
    assert encode_xgid(Position.initial(), info).endswith(":12:40:3:0:10")
    assert decode_match_id(encode_match_id(info)) == MatchInfo(jacoby=True, score=(12, 40))


# -- round trips ----------------------------------------------------------------------------
@given(positions())
def test_position_id_round_trip(position: Position) -> None:
    text = encode_position_id(position)
    assert len(text) == 14
    assert decode_position_id(text) == position


@given(match_infos())
def test_match_id_round_trip(info: MatchInfo) -> None:
    text = encode_match_id(info)
    assert len(text) == 12
    assert decode_match_id(text) == _match_id_keeps(info)


@given(positions(), match_infos())
def test_gnubg_id_round_trip(position: Position, info: MatchInfo) -> None:
    assert decode_gnubg_id(encode_gnubg_id(position, info)) == (position, _match_id_keeps(info))


@given(positions(), match_infos(xgid=True))
def test_xgid_round_trip(position: Position, info: MatchInfo) -> None:
    text = encode_xgid(position, info)
    assert decode_xgid(text) == (position, info)
    assert decode_xgid(text.removeprefix("XGID=")) == (position, info)


# -- strict decoders ----------------------------------------------------------------------
def _only_invalid_id_error(decode: object, text: str) -> None:
    with contextlib.suppress(InvalidIdError):
        decode(text)  # type: ignore[operator]


@given(st.text())
def test_arbitrary_text_raises_only_invalid_id_error(text: str) -> None:
    for decode in (decode_position_id, decode_match_id, decode_gnubg_id, decode_xgid):
        _only_invalid_id_error(decode, text)


@given(st.text(alphabet=B64, min_size=12, max_size=14))
def test_base64_text_raises_only_invalid_id_error(text: str) -> None:
    _only_invalid_id_error(decode_position_id, text)
    _only_invalid_id_error(decode_match_id, text)


@given(
    st.text(alphabet="-ABCDEOPZabcopz", min_size=24, max_size=27),
    st.lists(
        st.sampled_from(["0", "1", "-1", "2", "00", "D", "B", "52", "70", "x", "", "99", "65", "+1"]), max_size=11
    ),
)
def test_xgid_like_text_raises_only_invalid_id_error(places: str, fields: list[str]) -> None:
    _only_invalid_id_error(decode_xgid, ":".join(["XGID=" + places, *fields]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4HPwATDgc/AB", "14 characters expected, got 12"),
        ("4HPwATDgc/AB!A", "invalid character '!'"),
        ("/////////////w", "too many checkers"),
        ("//////////////", "unused trailing bits are set"),
        ("4HPwATDgc/ABMB", "unused trailing bits are set"),
        ("4HPwATDgc/AB/w", "too many checkers"),
    ],
)
def test_position_id_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=re.escape(f"Position ID {text!r}: ") + message):
        decode_position_id(text)


def test_position_id_with_16_checkers() -> None:
    # 16 checkers on the opponent's 1 point, everything else empty.
    bits = (1 << 16) - 1  # 16 ones, then 49 zeros close the 49 other places
    text = base64.b64encode(bits.to_bytes(10, "little")).decode()[:14]
    with pytest.raises(InvalidIdError, match="16 checkers, at most 15"):
        decode_position_id(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cAkAAAAAAAA", "12 characters expected, got 11"),
        ("cAkAAAAAAAA?", "invalid character '\\?'"),
        ("cAkAAAAAAAAI", "unused trailing bits are set"),
        ("YAkAAAAAAAAA", "cube owner bits are 10"),
        ("cA0AAAAAAAAA", "game state 5 is not 0..4"),
        ("fQkAAAAAAAAA", "cube 8192 is larger than 4096"),
        ("cAkcAAAAAAAA", "dice 0 and 7 are not both 0 or both 1..6"),
        ("cIkAAAAAAAAA", "dice 1 and 0 are not both 0 or both 1..6"),
        ("cIkfAAAAAAAA", "dice 7 and 7 are not both 0 or both 1..6"),
        ("cAkgCAAAAAAA", "match length 65 is larger than 64"),
        ("8AkAAAAAAAAA", "no Crawford game at 0-0 of a 0-point match"),
        ("cAkgACAAAAAA", "score \\(0, 2\\) out of range 0..1"),
    ],
)
def test_match_id_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=re.escape(f"Match ID {text!r}: ") + message):
        decode_match_id(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XGID=-b----E-C---eE---c-e----:0:0:1:00:0:0:0:0:10", "26 position characters expected, got 24"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0", "10 fields separated by ':' expected, got 7"),
        ("XGID=-b----E-C---eE---c-e----B?:0:0:1:00:0:0:0:0:10", "invalid character '\\?' at bottom player's bar"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "invalid character 'A' at top player's bar"),
        ("XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10", "invalid character 'b' at bottom player's bar"),
        ("XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10", "invalid character 'P' at point 24"),
        ("XGID=-b----E-C---eE---c-e---BB-:0:0:1:00:0:0:0:0:10", "too many checkers for the bottom player \\(17\\)"),
        ("XGID=-b----E-C---eE---c-e----B-:13:0:1:00:0:0:0:0:10", "cube 13 out of range 0..12"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube 'x' is not a number"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "cube position 2 out of range -1..1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "turn 0"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", "dice '70' are not"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:0:0:10", "beavers and raccoons on offer are not supported"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:8:0:0:7:10", "bottom score 8 out of range 0..7"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:7:10", "Crawford/Jacoby field 2 out of range 0..1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:7:10", "no Crawford game at 0-0 of a 7-point match"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10", "Crawford/Jacoby field 4 out of range 0..3"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:65:10", "match length 65 out of range 0..64"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:16", "max cube 16 out of range 0..15"),
        ("XGID=-b----E-C---eE---c-e----B-:1:0:1:D:6:0:1:7:10", "no doubling in the Crawford game"),
    ],
)
def test_xgid_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=re.escape(f"XGID {text!r}: ") + ".*" + message):
        decode_xgid(text)


def test_xgid_variants_accepted() -> None:
    # Without the max cube field (older XGIDs), without the prefix, a finished match's score.
    assert decode_xgid(INITIAL_XGID.rsplit(":", 1)[0]) == (Position.initial(), MatchInfo())
    assert decode_xgid(INITIAL_XGID.removeprefix("XGID=")) == (Position.initial(), MatchInfo())
    assert decode_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:7:0:0:7:10")[1].score == (7, 0)


def test_gnubg_id_errors() -> None:
    with pytest.raises(InvalidIdError, match="'PositionID:MatchID' expected"):
        decode_gnubg_id("4HPwATDgc/ABMA")
    with pytest.raises(InvalidIdError, match="Match ID"):
        decode_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAA")
    with pytest.raises(InvalidIdError, match="not a string"):
        decode_xgid(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cube": 3}, "cube 3 is not a power of two"),
        ({"cube": 8192}, "cube 8192 is not a power of two from 1 to 4096"),
        ({"cube_owner": 2}, "cube_owner 2 is not None, 0 or 1"),
        ({"on_roll": 1}, "turn 0 differs from on_roll 1"),
        ({"dice": (0, 3)}, "dice \\(0, 3\\) are not None or two numbers from 1 to 6"),
        ({"match_length": 65}, "match_length 65 is not from 0"),
        ({"match_length": 5, "score": (5, 6)}, "out of range 0..5"),
        ({"crawford": True}, "no Crawford game at 0-0 of a 0-point match"),
        ({"match_length": 5, "score": (4, 0), "crawford": True, "cube": 2}, "no doubling in the Crawford game"),
        ({"match_length": 5, "jacoby": True}, "money play only"),
        ({"double_offered": True, "turn": 1, "dice": (3, 1)}, "the dice \\(3, 1\\) are rolled"),
        ({"double_offered": True}, "turn must be the player who answers it"),
        ({"resignation": 4}, "resignation 4 is not 0..3"),
        ({"game_state": 5}, "game_state 5 is not 0..4"),
        ({"max_cube": 3}, "max_cube 3"),
        ({"jacoby": 1}, "jacoby 1 is not a bool"),
    ],
)
def test_match_info_errors(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidIdError, match="MatchInfo: .*" + message):
        MatchInfo(**fields)  # type: ignore[arg-type]


def test_match_info_defaults_and_enums() -> None:
    info = MatchInfo(resignation=2, game_state=1)  # type: ignore[arg-type]
    assert info.resignation is Resignation.GAMMON
    assert info.game_state is GameState.PLAYING
    assert MatchInfo(on_roll=1, turn=0, resignation=Resignation.SINGLE).turn == 0


@given(match_infos())
def test_match_info_repr_rebuilds_it(info: MatchInfo) -> None:
    assert eval(repr(info), {"MatchInfo": MatchInfo, "Resignation": Resignation, "GameState": GameState}) == info
