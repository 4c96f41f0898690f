"""Saving and loading: round trips at every point of random matches, clear errors, fuzzing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randomplay import Style, random_action

from core.errors import InvalidStateError
from core.ids import decode_xgid
from core.match import Match
from core.state import from_dict, from_json, to_dict, to_json


def round_trip(match: Match) -> None:
    text = to_json(match)
    back = from_json(text)
    assert back == match
    assert to_json(back) == text
    game, again = match.game, back.game
    assert again.legal_actions() == game.legal_actions()
    if game.turn_in_progress is not None:
        assert again.turn_in_progress is not None
        assert again.turn_in_progress.steps == game.turn_in_progress.steps  # resumes mid-turn
        assert again.current_position == game.current_position


def random_matches(seed: int, count: int, max_actions: int) -> list[list[Match]]:
    """``count`` random matches, each as the list of its states, action by action."""
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        length = rnd.choice((0, 1, 3, 5))
        match = Match.new(length, jacoby=length == 0 and rnd.random() < 0.5, crawford_rule=rnd.random() < 0.8)
        style = Style(double=0.15, resign=0.02, by_steps=0.4)
        states = [match]
        while not match.is_over and len(states) < max_actions:
            match = random_action(match, rnd, style)
            states.append(match)
        if rnd.random() < 0.3 and not match.is_over:
            states.append(match.resign_match(rnd.randrange(2)))
        out.append(states)
    return out


def test_round_trip_at_every_point() -> None:
    for states in random_matches(5, 3, 120):
        for match in states:
            round_trip(match)


def test_round_trip_at_random_points() -> None:
    rnd = random.Random(8)
    phases = set()
    for states in random_matches(6, 25, 400):
        for match in rnd.sample(states, min(8, len(states))) + [states[-1]]:
            round_trip(match)
            phases.add(match.game.phase)
    assert phases == {"opening", "roll", "move", "double", "resign", "over"}


def test_round_trip_of_set_up_games() -> None:
    match = Match.from_info(*decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10"))
    round_trip(match)
    round_trip(match.step(13, 8))
    moved = match.play("13/8 13/11").roll_with((2, 1))
    doubled = moved.play(moved.game.legal_plays()[0]).double()  # player 0 owns the cube and redoubles
    round_trip(doubled)
    round_trip(doubled.take().resign(2))
    data = to_dict(doubled)
    assert data["games"][0]["setup"] == {
        "position": match.game.position.to_id(), "turn": 0, "dice": [5, 2], "cube": 2, "cube_owner": 0,
        "double_offered": False, "resignation": 0,
    }  # fmt: skip


def test_round_trip_of_offers_made_mid_turn() -> None:
    match = Match.new(0).opening_with(6, 4).step(24, 18)
    for state in (match.resign(1), match.resign(1).decline(), match.resign(1).decline().step(18, 14)):
        round_trip(state)
    data = to_dict(match.resign(1).decline())
    data["games"][0]["actions"].append({"kind": "play", "player": 1, "steps": []})
    with pytest.raises(InvalidStateError):
        from_dict(data)
    data = to_dict(match)
    data["games"][0]["actions"].append({"kind": "play", "player": 0, "steps": [[24, 18], [18, 14]]})
    with pytest.raises(InvalidStateError, match="do not belong to a turn in progress"):
        from_dict(data)


def test_format() -> None:
    match = Match.new(5, names=("Ann", "Bob")).opening_with(3, 1, ties=(4,)).play("8/5 6/5").roll_with((6, 4))
    match = match.step(24, 18)
    assert json.loads(to_json(match)) == {
        "version": 1,
        "length": 5,
        "crawford_rule": True,
        "jacoby": False,
        "names": ["Ann", "Bob"],
        "resigned_by": None,
        "games": [
            {
                "score_before": [0, 0],
                "crawford": False,
                "setup": None,
                "actions": [
                    {"kind": "opening", "player": 0, "dice": [3, 1], "ties": [4]},
                    {"kind": "play", "player": 0, "steps": [[8, 5], [6, 5]]},
                    {"kind": "roll", "player": 1, "dice": [6, 4]},
                ],
                "partial_turn": [[24, 18]],
            }
        ],
    }


# -- errors -------------------------------------------------------------------------------------

SAVED = to_dict(
    Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/14").double().take().resign(1).accept()
    .next_game().opening_with(6, 1).step(13, 7)
)  # fmt: skip


def changed(path: tuple[Any, ...], value: Any) -> str:
    data = json.loads(json.dumps(SAVED))
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(data)


def test_the_fixture_loads() -> None:
    match = from_json(json.dumps(SAVED))
    assert match.score == (0, 2)
    assert match.crawford
    assert match.game.turn_in_progress is not None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ("[" * 100_000, "nested 100000 deep"),
        ('{"a": "[[[[[[[[[[[[[[[[[[[[[[["}', "no version field"),  # brackets in strings do not nest
        ("[]", "an object expected, got a list"),
        ("null", "an object expected, got null"),
        ("{}", "no version field"),
        ('{"version": 3}', "version 3 is not supported"),
        ('{"version": "1"}', "version '1' is not supported"),
        ('{"version": true}', "version True is not supported"),
        ('{"version": 1.0}', "version 1.0 is not supported"),
        ('{"version": 1}', "missing field"),
        (changed(("length",), "3"), "length: a whole number expected, got a string"),
        (changed(("length",), 99), "length: 99 is out of range 0..64"),
        (changed(("jacoby",), None), "jacoby: true or false expected, got null"),
        (changed(("jacoby",), True), "Jacoby rule applies to money play only"),
        (changed(("names",), ["a"]), "names: two strings expected"),
        (changed(("games",), []), "at least one game"),
        (changed(("games",), {}), "games: a list expected"),
        (changed(("surprise",), 1), "unknown field 'surprise'"),
        (changed(("resigned_by",), 2), "resigned_by: 2 is out of range 0..1"),
        (changed(("games", 0, "actions"), KeyError), "game 1: missing field 'actions'"),
        (changed(("games", 0, "actions", 0, "dice"), [3, 3]), "game 1, action 1 (opening roll"),
        (changed(("games", 0, "actions", 0, "dice"), [3, 7]), "game 1.actions[0].dice[1]: 7 is out of range"),
        (changed(("games", 0, "actions", 0, "kind"), "cheat"), "'cheat' is not one of"),
        (changed(("games", 0, "actions", 0, "player"), 1), "recorded as Action(kind='opening', player=1"),
        (changed(("games", 0, "actions", 1, "steps"), [[8, 4], [6, 5]]), "game 1, action 2"),
        (changed(("games", 0, "actions", 1, "steps"), [[8, 5]]), "must use both dice"),
        (changed(("games", 0, "actions", 1, "level"), 2), "does not belong to a 'play' action"),
        (changed(("games", 0, "actions", 2, "dice"), [5, 5]), "game 1, action 4"),  # 24/14 no longer fits
        (changed(("games", 0, "actions", 4, "kind"), "drop"), "game 1, action 5 (player 0 passes): does not replay"),
        (changed(("games", 0, "actions", 6), {"kind": "resign", "player": 1}), "needs its level"),
        (changed(("games", 0, "actions", 7, "kind"), "decline"), "game 1: the game is not over, yet another"),
        (changed(("games", 0, "partial_turn"), [[6, 5]]), "only the current game"),
        (changed(("games", 1, "score_before"), [2, 0]), "game 2.score_before: [2, 0] but the games before make"),
        (changed(("games", 1, "crawford"), False), "game 2.crawford"),
        (changed(("games", 1, "setup"), {"position": "4HPwATDgc/ABMA"}), "missing field"),
        (changed(("games", 0, "setup"), {**dict.fromkeys(("turn", "cube", "resignation"), 0)}), "missing field"),
        (changed(("games", 1, "partial_turn"), [[13, 6]]), "step 13/6 does not replay"),
        (changed(("games", 1, "partial_turn"), [[13]]), "2 numbers expected"),
    ],
    ids=lambda v: v if len(v) < 60 and not v.startswith(("{", "[")) else "",
)
def test_errors_name_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError) as err:
        from_json(text)
    assert message in str(err.value)


def test_setup_errors() -> None:
    good = {"position": "4HPwATDgc/ABMA", "turn": 0, "dice": None, "cube": 1, "cube_owner": None,
            "double_offered": False, "resignation": 0}  # fmt: skip
    base = {**SAVED, "games": [{**SAVED["games"][0], "setup": good, "actions": [], "partial_turn": []}]}
    assert from_dict(base).game.phase == "roll"
    for change, message in (
        ({"position": "4HPwATDgc/AB"}, "setup.position: Position ID"),
        ({"position": 14}, "a Position ID string expected"),
        ({"cube": 2}, "must be owned"),
        ({"cube": 3}, "power of two"),
        ({"turn": None}, "turn"),
        ({"dice": [0, 1]}, "dice"),
    ):
        data = {**base, "games": [{**base["games"][0], "setup": {**good, **change}}]}
        with pytest.raises(InvalidStateError, match=message):
            from_dict(data)
    second = {**SAVED, "games": [SAVED["games"][0], {**SAVED["games"][1], "setup": good}]}
    with pytest.raises(InvalidStateError, match="only the first game"):
        from_dict(second)


def test_not_text() -> None:
    with pytest.raises(InvalidStateError, match="text expected"):
        from_json(b"{}")  # type: ignore[arg-type]


# -- fuzzing -----------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


def loads_or_refuses(text: str) -> None:
    try:
        match = from_json(text)
    except InvalidStateError:
        return
    assert from_json(to_json(match)) == match


@given(st.text())
def test_arbitrary_text(text: str) -> None:
    loads_or_refuses(text)


@given(json_values)
def test_arbitrary_json(value: Any) -> None:
    loads_or_refuses(json.dumps(value))


@given(
    st.fixed_dictionaries(
        {
            "version": st.just(1),
            "length": st.integers(-2, 70) | json_values,
            "crawford_rule": st.booleans() | json_values,
            "jacoby": st.booleans(),
            "names": st.lists(st.text(max_size=3), min_size=2, max_size=2) | json_values,
            "resigned_by": st.none() | st.integers(-1, 2),
            "games": st.lists(
                st.fixed_dictionaries(
                    {
                        "score_before": st.lists(st.integers(0, 9), min_size=2, max_size=2),
                        "crawford": st.booleans(),
                        "setup": st.none() | json_values,
                        "actions": st.lists(
                            st.fixed_dictionaries(
                                {
                                    "kind": st.sampled_from(
                                        [
                                            "opening",
                                            "roll",
                                            "play",
                                            "double",
                                            "take",
                                            "drop",
                                            "resign",
                                            "accept",
                                            "decline",
                                        ]
                                    ),
                                    "player": st.integers(0, 1),
                                },
                                optional={
                                    "dice": st.lists(st.integers(0, 7), min_size=2, max_size=2),
                                    "steps": st.lists(
                                        st.lists(st.integers(-1, 26), min_size=2, max_size=2), max_size=4
                                    ),
                                    "level": st.integers(0, 4),
                                    "ties": st.lists(st.integers(0, 7)),
                                },
                            ),  # fmt: skip
                            max_size=6,
                        ),
                        "partial_turn": st.lists(st.lists(st.integers(0, 25), min_size=2, max_size=2), max_size=3),
                    }
                ),
                max_size=3,
            ),
        }
    )
)
def test_almost_right_json(value: dict[str, Any]) -> None:
    loads_or_refuses(json.dumps(value))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, prefix + (i,))
    return out


PATHS = _paths(SAVED)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), json_values | st.integers(-1, 26) | st.just(KeyError))
def test_mutated_saves(path: tuple[Any, ...], value: Any) -> None:
    loads_or_refuses(changed(path, value))
