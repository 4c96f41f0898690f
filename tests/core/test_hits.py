"""The core states which steps of a play hit: plays, turns in progress and the game's record."""

from __future__ import annotations

import pytest

from core import Position, Turn, legal_plays
from core.game import Action, Game
from core.match import Match
from core.moves import Play, hit_flags, steps_hits
from core.state import from_json, to_json

pos = Position.from_text


def the_play(position: Position, dice: tuple[int, int], steps: tuple[tuple[int, int], ...]) -> Play:
    """The legal play leaving what ``steps`` leave, walked step by step (the order given)."""
    turn = Turn.start(position, dice)
    for s, t in steps:
        turn = turn.step(s, t)
    return turn.play()


# (position, dice, steps in order, which steps hit, points hit in order)
CASES = [
    # no hit
    ("x 13:2 / o 24:2", (4, 2), ((13, 9), (13, 11)), (False, False), ()),
    # a single hit (our 11 is their 14)
    ("x 13:2 / o 14:1 24:2", (4, 2), ((13, 9), (13, 11)), (False, True), (11,)),
    # hit, then the same checker goes on: 13/11*/7
    ("x 13:2 / o 14:1 24:2", (4, 2), ((13, 11), (11, 7)), (True, False), (11,)),
    # two hits by one checker: 13/11*/7*
    ("x 13:2 / o 14:1 18:1", (4, 2), ((13, 11), (11, 7)), (True, True), (11, 7)),
    # doubles, two hits by two checkers, and a step landing where the first hit was
    ("x 13:3 / o 16:1 19:1", (3, 3), ((13, 10), (13, 10), (10, 7), (10, 7)), (False, False, False, False), ()),
    ("x 13:3 / o 15:1 21:1", (3, 3), ((13, 10), (13, 10), (10, 7), (7, 4)), (True, False, False, True), (10, 4)),
    # entering from the bar with a hit, then on with the same checker
    ("x bar:1 13:2 / o 3:1 24:2", (3, 4), ((25, 22), (22, 18)), (True, False), (22,)),
    # entering on a blot with the second die after a move: 13/9 bar/... is not allowed (bar first)
    ("x bar:1 8:2 / o 4:1 24:2", (4, 3), ((25, 21), (8, 5)), (True, False), (21,)),
]


@pytest.mark.parametrize(("text", "dice", "steps", "flags", "hits"), CASES)
def test_plays_and_turns_say_which_steps_hit(
    text: str, dice: tuple[int, int], steps: tuple[tuple[int, int], ...], flags: tuple[bool, ...], hits: tuple[int, ...]
) -> None:
    position = pos(text)
    play = the_play(position, dice, steps)
    assert play.steps == steps
    assert play.step_hits == flags
    assert play.hit_steps == tuple(step for step, hit in zip(steps, flags) if hit)
    assert sorted(play.hits, reverse=True) == sorted(hits, reverse=True)
    assert steps_hits(position, steps) == flags
    # the same play from the generator (steps may come in another order) hits the same points
    generated = [p for p in legal_plays(position, dice) if p.key == play.key]
    assert len(generated) == 1
    assert set(generated[0].hits) == set(hits)
    assert steps_hits(position, generated[0].steps) == generated[0].step_hits
    # a turn played step by step knows its hits after every step
    turn = Turn.start(position, dice)
    for i, (s, t) in enumerate(steps):
        assert turn.would_hit(t) == flags[i]
        turn = turn.step(s, t)
        assert turn.step_hits == flags[: i + 1]
    assert turn.hits == hits
    # and the game's record keeps them
    game = Game.from_position(position, 0, dice).play(steps)
    action = game.actions[-1]
    assert action.kind == "play" and action.steps == steps
    assert action.hits == hits
    assert action.step_hits == flags


def test_a_hit_shows_in_the_record_text() -> None:
    game = Game.from_position(pos("x 13:2 / o 14:1 18:1"), 0, (4, 2)).play(((13, 11), (11, 7)))
    assert str(game.actions[-1]) == "player 0 plays 13/11*/7*"
    assert game.actions[-1] == Action("play", 0, steps=((13, 11), (11, 7)))  # hits are derived, not compared


def test_a_roll_with_no_play_hits_nothing() -> None:
    game = Game.from_position(pos("x bar:1 6:5 / o 6:2 5:2 4:2 3:2 2:2 1:2"), 0, (6, 6)).pass_turn()
    assert game.actions[-1].hits == () and game.actions[-1].step_hits == ()


def test_hits_are_worked_out_again_when_a_save_is_loaded() -> None:
    match = Match.new(0).opening_with(6, 4)
    match = match.play("24/18 13/9")
    match = match.roll_with((6, 1)).play("13/7* 8/7")  # hits our 24-point blot... seen from the top player
    hits = [a.hits for a in match.game.actions if a.kind == "play"]
    assert hits[-1] == (7,)
    loaded = from_json(to_json(match))
    assert [a.hits for a in loaded.game.actions if a.kind == "play"] == hits


def test_hit_flags_marks_the_first_landing_on_each_point_hit() -> None:
    assert hit_flags(((8, 5), (6, 5)), (5,)) == (True, False)
    assert hit_flags(((24, 18), (18, 12)), ()) == (False, False)
