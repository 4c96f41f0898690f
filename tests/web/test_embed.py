"""The embed's pure Python: the fragment parser, the modes as state machines, the host, the snippet.

The browser side (embed.html, the shared worker) is tested in tests/e2e/test_embed.py.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.embed.fragment import KEYS, format_fragment, parse_fragment, split_fragment
from app.embed.host import EmbedHost, EmbedState, act, open_embed, present
from app.embed.snippet import embed_snippet
from app.embed.values import FragmentError
from core.ids import MatchInfo, decode_xgid, encode_gnubg_id, encode_xgid
from core.position import Position

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import gen_embed_manifest  # noqa: E402

from tests.web.embed_cases import BLOCKED, BOTH, ENTER, HIT41, LARGER, START, clicks, xgid  # noqa: E402


def opened(fragment: str) -> EmbedState:
    return open_embed(fragment)[0]


class _Checkers(HTMLParser):
    """Counts ``[data-checker]`` elements by the ``data-point`` of their enclosing group."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str | None] = []
        self.counts: dict[tuple[str, str], int] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        place = values.get("data-point") or (self.stack[-1] if self.stack else None)
        if "data-checker" in values and place is not None:
            key = (place, str(values.get("data-owner")))
            self.counts[key] = self.counts.get(key, 0) + 1
        if tag == "g":
            self.stack.append(place)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "g":
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag == "g":
            self.stack.pop()


def svg_checkers(svg: str) -> dict[tuple[str, str], int]:
    """(place, owner) -> number of checkers, read from the SVG as the e2e tests read the DOM."""
    parser = _Checkers()
    parser.feed(svg)
    return parser.counts


def expected_checkers(position: Position) -> dict[tuple[str, str], int]:
    """The same, from a position seen from player 0."""
    counts: dict[tuple[str, str], int] = {}
    for point in range(1, 25):
        if position.player[point - 1]:
            counts[(str(point), "0")] = position.player[point - 1]
        if position.opponent[24 - point]:
            counts[(str(point), "1")] = position.opponent[24 - point]
    for owner, n in enumerate(position.on_bar()):
        if n:
            counts[("bar", str(owner))] = n
    for owner, n in enumerate(position.borne_off()):
        if n:
            counts[("off", str(owner))] = n
    return counts


# -- the fragment --------------------------------------------------------------------
def test_the_contract_examples_parse() -> None:
    config = parse_fragment("#xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A52%3A0%3A0%3A0%3A0%3A10")
    assert config.board == Position.initial()
    assert config.dice == (5, 2)
    assert parse_fragment("#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA").board == Position.initial()
    config = parse_fragment("#mode=try&dice=43&lang=fr")
    assert (config.mode, config.dice, config.lang) == ("try", (4, 3), "fr")
    assert parse_fragment("#caption=Un%20coup%20%C3%A0%20trouver").caption == "Un coup à trouver"
    assert parse_fragment("").board == Position.initial()
    assert parse_fragment("#start").xgid == START


def test_an_id_for_the_top_player_is_turned_for_the_board() -> None:
    position = Position.from_text("x 6:2 bar:1 / o 18:3")
    for fragment in (
        f"xgid={encode_xgid(position, MatchInfo(on_roll=1, turn=1, dice=(3, 1)))}",
        f"gnubgid={encode_gnubg_id(position, MatchInfo(on_roll=1, turn=1, dice=(3, 1)))}",
    ):
        config = parse_fragment(fragment)
        assert config.on_roll == 1
        assert config.board == position.swapped()
        assert config.mover_position == position
        assert config.viewer == 1  # point numbers from the side of the player on roll


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("xgid=XGID=-b----E-C---eE---c-e----:0:0:1:00:0:0:0:0:10", "XGID: 26 position characters expected, got 24"),
        ("xgid=XGID=-b----E-C---eE---c-e---%3CB-:0:0:1:00:0:0:0:0:10", "XGID: invalid character '<' at point 23"),
        ("xgid=XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:99999999999", "XGID: max cube '99999999999' is not"),
        ("gnubgid=4HPwATDgc/AB:cAkAAAAAAAAA", "Position ID: 14 characters expected, got 12"),
        ("gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAA!", "Match ID: invalid character '!'"),
        ("xgid=x&start", "give one position, not xgid and start"),
        ("start=1", "start: takes no value"),
        ("mode=play", "mode: 'play' is not one of diagram, try, quiz, replay"),
        ("dice=7", "dice: '7' is not two digits from 1 to 6"),
        ("dice=" + "9" * 5000, "dice: 5000 characters long"),
        ("turn=left", "turn: 'left' is not one of"),
        ("cube=3", "cube: 3 is not a power of two"),
        ("cube=" + "9" * 40, "cube: '9999999999"),
        ("cube=2-nobody", "cube: 'nobody' is not one of"),
        ("home=up", "home: 'up' is not one of right, left"),
        ("numbers=white", "numbers: 'white' is not one of bottom, top"),
        ("size=10", "size: 10 is out of range 160..1600"),
        ("size=" + "9" * 30, "size: '99999999999"),
        ("size=huge", "size: 'huge' is not small, medium, large"),
        ("lang=de", "lang: 'de' is not one of en, fr"),
        ("id=a%20b", "id: 'a b' is not 1-64 letters"),
        ("caption=" + "x" * 501, "caption: 501 characters, at most 500"),
        ("caption=%0Aline", "caption: control characters are not allowed"),
        ("caption=%zz", "caption: '%' must start a percent-escape"),
        ("caption=%C3%28", "caption: the percent-escapes are not UTF-8 text"),
        ("mode=try", "mode=try needs dice"),
        ("mode=try&xgid=XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10", "mode=try needs dice"),
        ("mode=quiz&dice=31", "mode=quiz needs answer="),
        ("mode=quiz&dice=31&answer=8/5", "answer: '8/5' with 31: you must use both dice"),
        ("mode=quiz&dice=31&answer=8/x", "answer: '8/x' with 31: cannot read '8/x'"),
        ("mode=quiz&dice=31&answer=24/22", "answer: '24/22' with 31: "),
        ("answer=8/5 6/5", "answer: only for mode=quiz"),
        ("plays=31:8/5 6/5", "plays: only for mode=replay"),
        ("mode=try&dice=31&play=8/5 6/5", "play: only for mode=diagram"),
        ("mode=replay", "mode=replay needs plays="),
        ("mode=replay&plays=31 8/5 6/5", "plays: move 1 '31 8/5 6/5' is not dice:play"),
        ("mode=replay&plays=31:8/5 6/5;64:", "plays: move 2: 64 can be played, so write its play"),
        ("mode=replay&plays=31:8/5 6/5;00:24/20", "plays: move 2 has no dice"),
        ("mode=replay&plays=31:8/5 6/5;64:24/14 13/9", "plays: move 2: '24/14 13/9' with 64: "),
        ("play=13/7 8/7&dice=62", "play: '13/7 8/7' with 62: no die left shows that number"),
        ("play=13/7 8/x", "play: cannot read the play"),
        ("play=", "play: empty"),
        ("mode=quiz&dice=66&answer=24/18&xgid=" + xgid("x 24:1 / o 18:2 19:2 20:2 21:2 22:2 23:2", (6, 6)), "answer:"),
        ("Mode=try", "'Mode' is not a key"),
        ("<script>alert(1)</script>", "'<script>alert(1)</script>' is not a key"),
        ("foo=bar", "unknown key 'foo'"),
        ("dice=31&dice=42", "dice: given twice"),
        ("=3", "'' is not a key"),
        ("x" * 9000, "the fragment is 9000 characters long"),
        ("xgid=XGID=-" + "A" * 24 + "-:0:0:1:00:0:0:0:0:10", "XGID: too many checkers for the bottom player"),
        ("cube=2-top&xgid=XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10", "cube: no doubling in the Crawford"),
        ("mode=try&dice=31&xgid=" + xgid("x / o 6:2", (3, 1)), "mode=try: the game is over"),
    ],
)
def test_a_wrong_fragment_says_what_is_wrong(fragment: str, message: str) -> None:
    with pytest.raises(FragmentError) as caught:
        parse_fragment(fragment)
    assert str(caught.value).startswith(message), str(caught.value)
    assert len(str(caught.value)) < 400


def test_error_messages_name_the_key() -> None:
    with pytest.raises(FragmentError) as caught:
        parse_fragment("mode=try&dice=9")
    assert caught.value.key == "dice"


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_a_config_or_a_fragment_error(text: str) -> None:
    with contextlib.suppress(FragmentError):
        parse_fragment(text)


_VALUES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "try",
            "quiz",
            "replay",
            "43",
            "66",
            "none",
            "2-top",
            "bottom",
            "fr",
            "8/5 6/5",
            "13/7* 8/7",
            "31:8/5 6/5;64:24/18 13/9",
            START,
            "4HPwATDgc/ABMA:cAkAAAAAAAAA",
            "XGID=" + "-" * 26 + ":0:0:1:11:0:0:0:0:10",
            "%",
            "%C3",
            "9" * 50,
        ]
    ),
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), _VALUES, max_size=6))
def test_any_key_value_pairs_give_a_config_or_a_fragment_error(pairs: dict[str, str]) -> None:
    fragment = "&".join(f"{k}={v}" for k, v in pairs.items())
    for text in (fragment, format_fragment(pairs)):
        try:
            config = parse_fragment(text)
        except FragmentError:
            continue
        # whatever parses also opens and draws
        state, _ = open_embed(text)
        assert present(state)["svg"].startswith("<svg")
        assert decode_xgid(config.xgid)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["caption", "id", "lang", "dice", "size"]),
        st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u2028\u2029"), max_size=30),
        max_size=4,
    )
)
def test_format_then_split_gives_the_values_back(pairs: dict[str, str]) -> None:
    assert split_fragment(format_fragment(pairs)) == pairs


def test_the_cube_key_has_the_range_of_the_ids_it_replaces() -> None:
    from core.ids import ID_MAX_CUBE

    assert parse_fragment(f"cube={ID_MAX_CUBE}-top").cube == ID_MAX_CUBE  # above the game's 64, as an ID may say
    with pytest.raises(FragmentError, match=f"cube: {2 * ID_MAX_CUBE} is out of range 1..{ID_MAX_CUBE}"):
        parse_fragment(f"cube={2 * ID_MAX_CUBE}-top")


def test_a_play_without_dice_is_read_by_the_cores_notation() -> None:
    config = parse_fragment("play=13-7 6/off")  # the spellings the core reads with dice too
    assert [(a.start, a.end) for a in config.arrows] == [(13, 7), (6, "off")]
    for text, words in (("7/13", "'7/13' moves backwards"), ("24/18(5)", "a count of 5"), ("26/20", "no point 26")):
        expected = f"play: cannot read the play '{re.escape(text)}': .*{re.escape(words)}"
        with pytest.raises(FragmentError, match=expected):
            parse_fragment(f"play={text}")


def test_a_play_without_dice_is_drawn_as_written() -> None:
    config = parse_fragment("play=24/18/13")
    assert [(a.start, a.end) for a in config.arrows] == [(24, 18), (18, 13)]


def test_a_play_with_dice_is_checked_and_drawn_for_the_player_on_roll() -> None:
    config = parse_fragment("play=24/18 6/5&dice=61&turn=top")
    assert config.on_roll == 1
    # Black's 24, 18, 6 and 5 points are White's 1, 7, 19 and 20
    assert sorted((a.start, a.end, a.owner) for a in config.arrows) == [(1, 7, 1), (19, 20, 1)]
    with pytest.raises(FragmentError, match="you must use both dice"):
        parse_fragment("play=24/18&dice=61&turn=top")


def test_replay_reads_each_move_from_the_last_position() -> None:
    config = parse_fragment("mode=replay&plays=31:8/5 6/5;64:24/18 13/9;62:13/7* 13/11;43:bar/18*")
    assert [(m.mover, m.dice, m.text) for m in config.replay] == [
        (0, (3, 1), "8/5 6/5"),
        (1, (6, 4), "24/18 13/9"),
        (0, (6, 2), "13/11 13/7*"),
        (1, (4, 3), "bar/18*"),
    ]
    assert config.replay[0].board_before == Position.initial()
    assert config.final_board is not None
    assert config.final_board.on_bar() == (1, 0)


def test_replay_accepts_an_empty_play_only_when_the_roll_cannot_be_played() -> None:
    closed = xgid("x bar:1 6:14 / o 6:2 5:2 4:2 3:2 2:2 1:2")
    config = parse_fragment(f"xgid={closed}&mode=replay&plays=66:;21:2/off 1/off")
    assert config.replay[0].play is None
    assert config.replay[1].text == "2/off 1/off"
    with pytest.raises(FragmentError, match="move 2: 21 can be played"):
        parse_fragment(f"xgid={closed}&mode=replay&plays=66:;21:")


# -- try -------------------------------------------------------------------------------
def test_try_accepts_a_legal_play_step_by_step() -> None:
    state = opened("mode=try&dice=31")
    state, events = clicks(state, "8")
    assert state.selected == 8
    assert events == []
    view = present(state)
    assert 'data-point="5" data-dest="true"' in view["svg"] or 'data-point="5"' in view["svg"]
    state, events = clicks(state, "5")
    assert events == [{"event": "moved", "mode": "try", "step": "8/5", "play": "8/5", "complete": False}]
    state, events = clicks(state, "6", "5")
    assert events[-1] == {"event": "moved", "mode": "try", "step": "6/5", "play": "8/5 6/5", "complete": True}
    shown = present(state)
    assert shown["status"] == "A legal play: 8/5 6/5."
    assert shown["status_kind"] == "ok"
    assert shown["interactive"] is False
    assert clicks(state, "13") == (state, [])  # nothing more to play


def test_try_moves_one_checker_by_the_sum_of_the_dice() -> None:
    state = opened("mode=try&dice=64")
    state, _ = clicks(state, "24")
    assert 'data-point="14" data-dest="true" data-dest-sum="true"' in present(state)["svg"]
    state, events = clicks(state, "14")
    assert events == [{"event": "moved", "mode": "try", "step": "24/14", "play": "24/14", "complete": True}]
    assert present(state)["status"] == "A legal play: 24/14."
    state, _ = clicks(opened("mode=try&dice=64&lang=fr"), "24", "14")
    assert state.turn is not None and state.turn.steps == ((24, 18, 6), (18, 14, 4))


@pytest.mark.parametrize(
    ("fragment", "places", "reason", "english", "french"),
    [
        (f"xgid={ENTER}", ["13"], "must-enter-from-bar", "You must enter from the bar first.", "Vous devez d’abord"),
        (f"xgid={BLOCKED}", ["24"], "point-blocked", "Every point this checker could", "Toutes les cases où ce pion"),
        (f"xgid={BLOCKED}", ["13", "7"], "legal", "", ""),
        (f"xgid={BLOCKED}", ["8", "2"], "legal", "", ""),
        ("dice=52", ["6", "1"], "point-blocked", "Point 1 is blocked.", "La case 1 est bloquée."),
        (
            f"xgid={BOTH}",
            ["18", "15"],
            "must-use-both-dice",
            "You must use both dice.",
            "Vous devez jouer les deux dés.",
        ),
        (
            f"xgid={LARGER}",
            ["24", "19"],
            "must-play-larger-die",
            "Only one die can be played",
            "Un seul dé est jouable",
        ),
        (
            "dice=31",
            ["7"],
            "no-checker-there",
            "You have no checker on point 7.",
            "Vous n’avez pas de pion sur la case 7.",
        ),
        ("dice=31", ["13", "11"], "no-matching-die", "No die left shows that number.", "Aucun dé restant"),
    ],
)
def test_try_explains_each_refused_step_in_english_and_french(
    fragment: str, places: list[str], reason: str, english: str, french: str
) -> None:
    for lang, words in (("en", english), ("fr", french)):
        state, events = clicks(opened(f"{fragment}&mode=try&lang={lang}"), *places)
        if reason == "legal":
            assert all(e["event"] == "moved" for e in events)
            continue
        assert events[-1]["event"] == "refused"
        assert events[-1]["reason"] == reason
        shown = present(state)
        assert shown["status"].startswith(words), shown["status"]
        assert shown["status_kind"] == "refused"


def test_try_keeps_the_selection_after_a_refused_target() -> None:
    state, _ = clicks(opened(f"xgid={BOTH}&mode=try"), "18", "15")
    assert state.selected == 18
    state, events = clicks(state, "12")
    assert events[0]["step"] == "18/12"


def test_try_undo_and_reset() -> None:
    state, _ = clicks(opened("mode=try&dice=31"), "8", "5")
    state, _ = act(state, {"action": "undo"})
    assert state.turn is not None
    assert state.turn.steps == ()
    assert [c["enabled"] for c in present(state)["controls"]] == [False, False]
    state, _ = clicks(state, "8", "5", "6", "5")
    state, _ = act(state, {"action": "reset"})
    assert state.turn is not None
    assert not state.turn.steps
    assert state.note is None


def test_a_roll_that_cannot_be_played_says_so() -> None:
    closed = xgid("x bar:1 6:14 / o 6:2 5:2 4:2 3:2 2:2 1:2", (6, 6))
    state = opened(f"xgid={closed}&mode=try")
    assert present(state)["status"] == "White cannot play 6-6: the turn passes."
    assert clicks(state, "bar") == (state, [])


def test_the_top_player_plays_in_its_own_numbering() -> None:
    state = opened("mode=try&dice=31&turn=top")
    # Black's 8 point is White's 17
    state, events = clicks(state, "17", "20")
    assert events[0]["step"] == "8/5"
    state, _ = act(state, {"action": "undo"})
    # Black's 13 point (White's 12) to its 12 point (White's 13, White's five checkers)
    state, events = clicks(state, "12", "13")
    assert events[-1]["event"] == "refused"
    assert events[-1]["message"] == "Point 12 is blocked."


# -- quiz -------------------------------------------------------------------------------
def test_quiz_reports_solved_on_the_answer_only() -> None:
    state = opened(f"xgid={HIT41}&mode=quiz&answer=10/9*/5*&id=hit-twice")
    assert present(state)["status"] == "White to play 4-1: find the right play."
    state, events = clicks(state, "13", "9", "6", "5")
    assert events[-1] == {
        "event": "moved",
        "mode": "quiz",
        "id": "hit-twice",
        "step": "6/5*",
        "play": "13/9* 6/5*",
        "complete": True,
        "correct": False,
    }
    assert present(state)["status_kind"] == "refused"
    state, _ = act(state, {"action": "reset"})
    state, events = clicks(state, "10", "9", "9", "5")
    assert events[0]["step"] == "10/9*"
    assert events[-1] == {
        "event": "solved",
        "mode": "quiz",
        "id": "hit-twice",
        "play": "10/9*/5*",
        "attempts": 2,
        "revealed": False,
    }
    shown = present(state)
    assert shown["status"] == "Right: 10/9*/5*."
    assert not shown["interactive"]
    assert act(state, {"action": "undo"}) == (state, [])


def test_quiz_show_me_draws_the_answer() -> None:
    state = opened("mode=quiz&dice=31&answer=8/5 6/5|24/21 6/5&lang=fr")
    state, _ = clicks(state, "8", "5")
    state, events = act(state, {"action": "show"})
    assert events == [{"event": "revealed", "mode": "quiz", "answers": ["8/5 6/5", "24/21 6/5"]}]
    shown = present(state)
    assert shown["status"] == "Les réponses : 8/5 6/5 ou 24/21 6/5."
    assert shown["svg"].count('class="arrow arrow--0"') == 2
    state, events = clicks(state, "24", "21", "6", "5")
    assert events[-1]["event"] == "solved"
    assert events[-1]["revealed"] is True


# -- replay and diagram -------------------------------------------------------------------
def test_replay_steps_through_the_moves() -> None:
    state = opened("mode=replay&plays=31:8/5 6/5;64:24/18 13/9&id=r")
    shown = present(state)
    assert shown["status"] == "Move 1 of 2: White plays 3-1: 8/5 6/5."
    assert [(c["action"], c["enabled"]) for c in shown["controls"]] == [
        ("first", False),
        ("prev", False),
        ("next", True),
        ("last", True),
    ]
    assert shown["svg"].count('class="arrow arrow--0"') == 2
    assert 'tabindex="0"' not in shown["svg"]  # a replay's board is a picture, not buttons
    state, events = act(state, {"action": "next"})
    assert events == [
        {"event": "moved", "mode": "replay", "id": "r", "index": 1, "count": 2, "play": "24/18 13/9", "final": False}
    ]
    assert present(state)["status"] == "Move 2 of 2: Black plays 6-4: 24/18 13/9."
    state, events = act(state, {"action": "last"})
    assert events[0]["final"] is True
    assert present(state)["status"] == "Position after 2 moves."
    assert act(state, {"action": "next"}) == (state, [])
    state, _ = act(state, {"action": "first"})
    assert state.frame == 0


def test_a_diagram_shows_the_id_exactly_and_ignores_clicks() -> None:
    position = Position.from_text("x bar:2 24:1 13:4 6:3 1:1 / o bar:1 11:2 7:5 2:3")
    for info in (MatchInfo(dice=(5, 5)), MatchInfo(on_roll=1, turn=1, cube=4, cube_owner=0)):
        state = opened(f"xgid={encode_xgid(position, info)}")
        board = position if info.on_roll == 0 else position.swapped()
        assert svg_checkers(present(state)["svg"]) == expected_checkers(board)
        assert act(state, {"action": "click", "place": "13"}) == (state, [])


def test_nothing_from_the_fragment_reaches_the_svg_as_markup() -> None:
    state = opened("caption=%3Cscript%3Ealert(1)%3C%2Fscript%3E&id=x")
    shown = present(state)
    assert "<script" not in shown["svg"]
    assert shown["caption"] == "<script>alert(1)</script>"


# -- the host ------------------------------------------------------------------------------
def ask(host: EmbedHost, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(host.handle(json.dumps(request)))
    return answer


def test_the_host_keeps_one_state_per_session() -> None:
    host = EmbedHost(limit=2)
    assert ask(host, op="open", session="a", fragment="#mode=try&dice=31", languages=["fr-FR"])["lang"] == "fr"
    assert ask(host, op="open", session="b", fragment="#mode=try&dice=31&lang=en")["lang"] == "en"
    answer = ask(host, op="act", session="a", action={"action": "click", "place": "8"})
    assert answer["ok"]
    assert answer["status"].startswith("Choisissez")
    ask(host, op="open", session="c", fragment="")
    assert list(host.sessions) == ["b", "c"]  # the oldest went
    assert ask(host, op="close", session="b")["closed"]
    assert list(host.sessions) == ["c"]


@pytest.mark.parametrize(
    "request_text",
    ["not json", "[]", '{"op": "open"}', '{"op": "act", "session": "zz", "action": {}}', '{"op": "x", "session": "a"}'],
)
def test_the_host_answers_anything_without_raising(request_text: str) -> None:
    answer = json.loads(EmbedHost().handle(request_text))
    assert answer["ok"] is False
    assert answer["error"].startswith("internal error")


def test_a_fragment_error_answer_carries_the_id_and_language() -> None:
    answer = ask(EmbedHost(), op="open", session="a", fragment="#dice=9&lang=fr&id=fig-2")
    assert answer == {
        "ok": False,
        "lang": "fr",
        "title": "Ce diagramme ne peut pas être affiché",
        "error": "dice: '9' is not two digits from 1 to 6 (such as 43) or none",
        "events": [
            {"event": "error", "message": "dice: '9' is not two digits from 1 to 6 (such as 43) or none", "id": "fig-2"}
        ],
    }


# -- the snippet ----------------------------------------------------------------------------
class _Iframe(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.attrs: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "iframe":
            self.attrs = dict(attrs)


def iframe_attrs(snippet: str) -> dict[str, str | None]:
    parser = _Iframe()
    parser.feed(snippet)
    return parser.attrs


@pytest.mark.parametrize(
    ("position_id", "key"),
    [(START, "xgid"), ("4HPwATDgc/ABMA:cAkAAAAAAAAA", "gnubgid"), ("start", "start"), (START[5:], "xgid")],
)
def test_the_snippet_names_the_position(position_id: str, key: str) -> None:
    snippet = embed_snippet(position_id, {"base_url": "https://videau.example/embed.html", "lang": "fr"})
    src = iframe_attrs(snippet)["src"]
    assert src is not None
    assert src.startswith("https://videau.example/embed.html#")
    fragment = src.split("#", 1)[1]
    assert split_fragment(fragment).keys() >= {key, "lang"}
    assert parse_fragment(fragment).board == Position.initial()


def test_the_snippet_escapes_what_it_writes() -> None:
    caption = 'Say "hi" & <b>bye</b>'
    snippet = embed_snippet(START, {"caption": caption, "mode": "quiz", "dice": "31", "answer": "8/5 6/5"})
    attrs = iframe_attrs(snippet)
    assert attrs["title"] == caption
    assert "<b>" not in snippet
    src = attrs["src"]
    assert src is not None
    assert parse_fragment(src.split("#", 1)[1]).caption == caption
    assert attrs["width"] == "480"
    assert attrs["height"] is not None
    assert int(attrs["height"]) > 480 * 606 // 704


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "try"},  # no dice
        {"dice": "77"},
        {"colour": "red"},
        {"width": 10},
        {"width": "wide"},
        {"base_url": "javascript:alert(1)//"},
    ],
)
def test_the_snippet_refuses_wrong_options(options: dict[str, object]) -> None:
    with pytest.raises(FragmentError):
        embed_snippet(START, options)


def test_the_snippet_refuses_a_wrong_position() -> None:
    with pytest.raises(FragmentError, match="XGID: 26 position characters"):
        embed_snippet("XGID=-b----E-C---:0:0:1:00:0:0:0:0:10")


# -- the manifest the worker reads --------------------------------------------------------------
def test_the_manifest_lists_what_embed_imports_and_hashes_it(tmp_path: Path) -> None:
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "videau-0.1.0-py3-none-any.whl").write_bytes(b"wheel")
    app = tmp_path / "app"
    for rel, text in {
        "__init__.py": "",
        "embed/__init__.py": "",
        "embed/host.py": "from app.board import view\nfrom ..text import t\nfrom core.turn import Turn\n",
        "board/__init__.py": "",
        "board/view.py": "from app.text import t\n",
        "text/__init__.py": "import json\n",
        "page/__init__.py": "",
        "page/app.py": "from app.board import view\nfrom pyscript import document\n",
    }.items():
        (app / rel).parent.mkdir(parents=True, exist_ok=True)
        (app / rel).write_text(text)
    manifest = gen_embed_manifest.embed_manifest(tmp_path)
    assert manifest["modules"] == [
        "./app/__init__.py",
        "./app/board/__init__.py",
        "./app/board/view.py",
        "./app/embed/__init__.py",
        "./app/embed/host.py",
        "./app/text/__init__.py",
    ]
    assert manifest["entry"] == "app.embed.host"
    assert manifest["wheel"] == "./wheels/videau-0.1.0-py3-none-any.whl"
    before = manifest["build"]
    (app / "page" / "app.py").write_text("# changed, not loaded by the embed\n")
    assert gen_embed_manifest.embed_manifest(tmp_path)["build"] == before
    (app / "text" / "__init__.py").write_text("import json  # changed\n")
    assert gen_embed_manifest.embed_manifest(tmp_path)["build"] != before


def test_the_real_embed_imports_only_what_the_manifest_ships() -> None:
    modules = gen_embed_manifest.embed_modules(ROOT / "web")
    expected = {"app/embed/host.py", "app/embed/fragment.py", "app/board/view.py", "app/board/render.py"}
    assert expected <= set(modules)
    for name in modules:
        source = (ROOT / "web" / name).read_text()
        assert not re.search(r"^\s*(import|from)\s+(pyscript|js)\b", source, re.M), name


# -- the pages ---------------------------------------------------------------------------------
class _Frames(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "iframe" and values.get("src"):
            self.sources.append(str(values["src"]))


def page_fragments(path: Path) -> list[str]:
    parser = _Frames()
    parser.feed(path.read_text(encoding="utf-8"))
    assert all(src.startswith("../embed.html#") for src in parser.sources)
    return [src.split("#", 1)[1] for src in parser.sources]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_diagram_of_the_rules_pages_parses(lang: str) -> None:
    fragments = page_fragments(ROOT / "web" / "rules" / f"{lang}.html")
    assert len(fragments) >= 15
    modes = set()
    for fragment in fragments:
        config = parse_fragment(fragment)
        assert config.lang == lang, fragment
        modes.add(config.mode)
    assert modes == {"diagram", "try", "quiz", "replay"}


def test_both_rules_pages_show_the_same_diagrams() -> None:
    def without_lang(lang: str) -> list[str]:
        return [f.replace(f"&lang={lang}", "") for f in page_fragments(ROOT / "web" / "rules" / f"{lang}.html")]

    assert without_lang("en") == without_lang("fr")


def test_the_rules_cover_every_rule_the_issue_lists() -> None:
    fragments = page_fragments(ROOT / "web" / "rules" / "en.html")
    configs = [parse_fragment(f) for f in fragments]
    tries = {c.xgid.split(":")[0] for c in configs if c.mode in ("try", "quiz")}
    for position_id in (ENTER, BLOCKED, BOTH, LARGER, HIT41):
        assert position_id.split(":")[0] in tries
    assert any(c.crawford for c in configs)
    assert any(c.cube_offered for c in configs)
    assert any(c.dice and c.dice[0] == c.dice[1] for c in configs)  # doubles


def test_embed_html_has_an_alert_box_a_plain_skeleton_and_no_inline_script() -> None:
    page = (ROOT / "web" / "embed.html").read_text()
    assert 'role="alert"' in page
    assert 'body data-ready="false"' in page
    assert "data-point" not in page
    assert "data-checker" not in page
    assert re.findall(r"<script[^>]*>", page) == ['<script type="module" src="./embed.js">']


def test_the_app_links_to_the_rules() -> None:
    assert 'href="./rules/"' in (ROOT / "web" / "index.html").read_text()


def test_the_readme_lists_every_event_the_embed_posts() -> None:
    """README's summary names the same events as web/EMBED.md's table and embed.js's header."""
    guide = (ROOT / "web" / "EMBED.md").read_text()
    table = guide[guide.index("## Messages to the host page") :]
    events = set(re.findall(r"^\| `([a-z]+)` \|", table, re.MULTILINE)) - {"event"}  # less the header row
    assert events == {"ready", "moved", "refused", "solved", "revealed", "error"}
    header = re.search(r'event: ("[a-z]+"(?: \| "[a-z]+")*)', (ROOT / "web" / "embed.js").read_text())
    assert header is not None and set(re.findall(r'"([a-z]+)"', header.group(1))) == events
    readme = (ROOT / "README.md").read_text()
    start = readme.index("The embed reports")
    summary = readme[start : readme.index("custom element", start)]
    assert set(re.findall(r"`([a-z]+)`", summary)) == events
