"""Parsers accept ASCII digits only, bound their input, and quote bad input briefly (issue #17, items 5 and 6)."""

from __future__ import annotations

import json

import pytest

from core.errors import EXCERPT_CHARS, InvalidIdError, InvalidNotationError, InvalidStateError, quote
from core.ids import MAX_ID_TEXT_CHARS, decode_gnubg_id, decode_position_id, decode_xgid, find_gnubg_ids
from core.match import Match
from core.notation import MAX_NOTATION_CHARS, parse_play
from core.position import Position
from core.state import from_json, to_json

HUGE = "x" * 2_000_000


def test_quote_cuts_long_text() -> None:
    assert quote("abc") == "'abc'"
    shown = quote(HUGE)
    assert len(shown) == EXCERPT_CHARS + 2 and shown.endswith("…'")


@pytest.mark.parametrize(
    "parse",
    [decode_position_id, decode_gnubg_id, decode_xgid, lambda t: decode_xgid("XGID=" + "-" * 26 + ":" + t)],
)
def test_id_errors_quote_a_short_excerpt(parse: object) -> None:
    with pytest.raises(InvalidIdError) as caught:
        parse(HUGE)  # type: ignore[operator]
    assert len(str(caught.value)) < 200


def test_notation_reads_ascii_digits_only() -> None:
    position = Position.initial()
    assert parse_play(position, (3, 1), "8/5 6/5").steps
    for text in ("٨/٥ ٦/٥", "8/5 6/5(²)", "８/5 6/5"):
        with pytest.raises(InvalidNotationError, match="cannot read"):
            parse_play(position, (3, 1), text)


def test_notation_is_bounded_and_quoted_briefly() -> None:
    position = Position.initial()
    with pytest.raises(InvalidNotationError, match=f"at most {MAX_NOTATION_CHARS}") as caught:
        parse_play(position, (3, 1), "8/5 " * 1000)
    assert len(str(caught.value)) < 200
    with pytest.raises(InvalidNotationError) as caught:
        parse_play(position, (3, 1), "8/5 " + "y" * (MAX_NOTATION_CHARS - 10))
    assert len(str(caught.value)) < 200


def test_find_gnubg_ids() -> None:
    shown = "GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n                 Match ID   : cAkAAAAAAAAA\n"
    assert find_gnubg_ids(shown) == ("4HPwATDgc/ABMA", "cAkAAAAAAAAA")
    assert find_gnubg_ids("Position ID:4HPwATDgc/ABMA Match ID:cAkAAAAAAAAA") == ("4HPwATDgc/ABMA", "cAkAAAAAAAAA")
    assert find_gnubg_ids("Match ID: cAkAAAAAAAAA Position ID: 4HPwATDgc/ABMA") is None
    assert find_gnubg_ids("Position ID: 4HPwATDgc/ABM! Match ID: cAkAAAAAAAAA") is None
    assert find_gnubg_ids("4HPwATDgc/ABMA:cAkAAAAAAAAA") == ("4HPwATDgc/ABMA", "cAkAAAAAAAAA")
    assert find_gnubg_ids("hello") is None
    with pytest.raises(InvalidIdError, match="too long"):
        find_gnubg_ids(shown + " " * MAX_ID_TEXT_CHARS)


def test_saved_state_errors_quote_a_short_excerpt() -> None:
    save = json.loads(to_json(Match.new(3).opening_with(3, 1).play("8/5 6/5")))
    save["games"][0]["actions"][0]["kind"] = "k" * 100_000
    with pytest.raises(InvalidStateError, match="is not one of") as caught:
        from_json(json.dumps(save))
    assert len(str(caught.value)) < 300
    for key, value in (("version", "v" * 100_000), ("length", 10**4000)):
        broken = dict(json.loads(to_json(Match.new(3))), **{key: value})
        with pytest.raises(InvalidStateError) as caught:
            from_json(json.dumps(broken))
        assert len(str(caught.value)) < 300
    with pytest.raises(InvalidStateError) as caught:
        from_json(json.dumps(dict(json.loads(to_json(Match.new(3))), **{"u" * 100_000: 1})))
    assert len(str(caught.value)) < 300
