"""Beavers in money sessions (issue #17): a doubled player takes and at once redoubles, keeping the cube.

The rule: in money play with beavers agreed, a player offered a double may *beaver*:
accept it and at once redouble, keeping the cube on their side. We follow GNU Backgammon
(its manual: "Beaver - allows you to beaver in case a double or redouble is offered in a
money game"; importing our .mat, it shows the cube at 4 owned by the beaverer, with no
answer pending): the doubler does not answer the beaver. Some published rules texts let
the doubler refuse it as a normal double; that, and raccoons (the doubler's answering
redouble), are not supported.
"""

from __future__ import annotations

import pytest

from core import reasons
from core.errors import IllegalActionError, InvalidRecordError, InvalidStateError
from core.game import Game
from core.ids import decode_xgid, encode_xgid
from core.match import Match
from core.position import Position
from core.record import format_mat, read_mat
from core.setup import Setup
from core.state import from_json, read_session, session_to_json, to_json


def doubled(**kw: bool) -> Match:
    """Top (player 1) doubles bottom (player 0) after the opening 31."""
    return Match.new(0, **kw).opening_with(3, 1).play("8/5 6/5").double()


def test_beaver_is_legal_only_when_doubled_in_a_money_session_with_beavers() -> None:
    assert "beaver" in doubled(beavers=True).legal_actions()
    assert doubled(beavers=True).game.can_beaver()
    assert "beaver" not in doubled().legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        doubled().beaver()
    assert refused.value.reason == reasons.NO_BEAVERS
    before = Match.new(0, beavers=True).opening_with(3, 1).play("8/5 6/5")
    assert "beaver" not in before.legal_actions()  # no double offered
    with pytest.raises(IllegalActionError):
        before.beaver()
    with pytest.raises(IllegalActionError):
        doubled(beavers=True).beaver(by=1)  # the doubler cannot beaver its own double


def test_beavers_are_refused_for_match_play() -> None:
    with pytest.raises(InvalidStateError, match="money sessions only"):
        Match.new(5, beavers=True)
    with pytest.raises(InvalidStateError, match="beavers"):
        Match.new(0, beavers=1)  # type: ignore[arg-type]


def test_after_a_beaver_the_cube_is_twice_the_offer_owned_by_the_beaverer_and_the_doubler_rolls() -> None:
    match = doubled(beavers=True, jacoby=True).beaver()
    game = match.game
    assert (game.cube, game.cube_owner, game.phase, game.turn) == (4, 0, "roll", 1)
    assert game.actions[-1].kind == "beaver" and game.actions[-1].player == 0
    assert "double" not in match.legal_actions()  # the beaverer owns the cube: no raccoon
    assert match.roll_with((6, 4)).play("24/18 13/9").game.can_double()  # the beaverer may redouble later


def test_no_beaver_that_would_pass_the_largest_cube() -> None:
    game = Game.from_setup(Setup(Position.initial(), 1, None, 32, 1, True, 0), beavers=True)
    assert game.legal_actions() == ("take", "drop")
    with pytest.raises(IllegalActionError) as refused:
        game.beaver()
    assert refused.value.reason == reasons.CUBE_AT_MAX
    game16 = Game.from_setup(Setup(Position.initial(), 1, None, 16, 1, True, 0), beavers=True)
    assert game16.beaver().cube == 64


def test_a_gammon_after_a_beaver_counts_the_beavered_cube() -> None:
    match = doubled(beavers=True).beaver()
    over = match.roll_with((6, 4)).resign(2).accept()  # top resigns a gammon at cube 4
    assert over.game.result is not None
    assert (over.game.result.winner, over.game.result.points) == (0, 8)
    assert over.score == (8, 0)


def test_a_save_keeps_the_beaver_and_the_rule_and_an_older_save_loads_without_them() -> None:
    match = doubled(beavers=True).beaver().roll_with((6, 4))
    assert from_json(to_json(match)) == match
    assert read_session(session_to_json(match, 0, 0)).match == match
    assert " B0" in session_to_json(match, 0, 0)
    old = to_json(doubled().take())
    assert '"beavers"' not in old
    assert not from_json(old).beavers
    with pytest.raises(InvalidStateError, match="beavers: true or false expected"):
        from_json(to_json(match).replace('"beavers":true', '"beavers":"yes"'))
    with pytest.raises(InvalidStateError, match="does not replay"):
        from_json(to_json(match).replace('"beavers":true,', "").replace(',"beavers":true', ""))


def test_the_mat_file_writes_the_beaver_as_gnubg_does_and_reads_it_back() -> None:
    match = doubled(beavers=True).beaver().roll_with((6, 4)).play("24/18 13/9")
    text = format_mat(match)
    assert "Beavers => 4" in text and '; [Beavers "On"]' in text
    assert read_mat(text).match == match
    # a gnubg file has no Beavers tag: the beaver line says the session had beavers
    assert read_mat(text.replace('; [Beavers "On"]\n', "")).match == match
    with pytest.raises(InvalidRecordError, match="beavers to 8, but the cube goes to 4"):
        read_mat(text.replace("Beavers => 4", "Beavers => 8"))


def test_the_xgid_carries_the_beavers_rule() -> None:
    match = Match.new(0, beavers=True).opening_with(3, 1)
    xgid = encode_xgid(match.game.position, match.match_info())
    _, info = decode_xgid(xgid)
    assert info.beavers
    assert Match.from_info(*decode_xgid(xgid)).beavers
