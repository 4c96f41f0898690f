"""Moving one checker by the sum of the dice (issue #17 item 9): ``Turn.routes`` and ``Turn.move``.

A sum is offered only when every step on its way is legal in turn and the whole can still
end in a legal play; among several ways, the one that hits the most blots, then the one
that plays the higher die first.
"""

from __future__ import annotations

import random

import pytest

from core import IllegalPlayError, Position, Turn
from core import reasons as r
from core.match import Match
from core.moves import legal_plays
from tests.core.randomplay import random_action

pos = Position.from_text
# The opponent's points are written from the opponent's side: their 7 is our 18, their 5 our 20.


def test_the_sum_is_offered_with_its_steps() -> None:
    turn = Turn.start(Position.initial(), (6, 4))
    routes = turn.routes(24)
    assert routes[14] == ((24, 18, 6), (18, 14, 4))  # no hit either way: the higher die first
    assert set(routes) == {18, 20, 14}
    moved = turn.move(24, 14)
    assert moved.steps == ((24, 18, 6), (18, 14, 4))
    assert moved.is_complete


@pytest.mark.parametrize(
    ("blocked", "through"),
    [("o 7:2", 20), ("o 5:2", 18)],  # our 18 blocked: through 20; our 20 blocked: through 18
)
def test_a_blocked_intermediate_point_leaves_the_other_way(blocked: str, through: int) -> None:
    turn = Turn.start(pos(f"x 24:1 13:2 / {blocked}"), (6, 4))
    assert turn.routes(24)[14][0][1] == through
    assert turn.move(24, 14).position.player[13] == 1  # the checker is on 14


def test_both_intermediate_points_blocked_means_no_sum() -> None:
    turn = Turn.start(pos("x 24:1 13:2 / o 7:2 5:2"), (6, 4))
    assert 14 not in turn.routes(24)
    assert turn.routes(24) == {}
    assert turn.why_not_move(24, 14) == r.PATH_BLOCKED
    with pytest.raises(IllegalPlayError) as info:
        turn.move(24, 14)
    assert info.value.reason == r.PATH_BLOCKED


def test_a_blocked_sum_point_is_named_blocked() -> None:
    turn = Turn.start(pos("x 24:1 13:2 / o 11:2"), (6, 4))  # their 11 is our 14
    assert 14 not in turn.routes(24)
    assert turn.why_not_move(24, 14) == r.BLOCKED


@pytest.mark.parametrize(("blot", "through"), [("o 7:1", 18), ("o 5:1", 20)])
def test_the_way_that_hits_is_chosen(blot: str, through: int) -> None:
    turn = Turn.start(pos(f"x 24:1 13:2 / {blot} 19:2"), (6, 4))
    route = turn.routes(24)[14]
    assert route[0][1] == through
    moved = turn.move(24, 14)
    assert moved.hits == (through,)
    assert moved.position.opponent[24] == 1  # the blot is on the bar


def test_doubles_move_three_and_four_steps() -> None:
    turn = Turn.start(pos("x 24:1 13:2 / o 19:2"), (3, 3))
    routes = turn.routes(24)
    assert {t: len(steps) for t, steps in routes.items()} == {21: 1, 18: 2, 15: 3, 12: 4}
    assert routes[12] == ((24, 21, 3), (21, 18, 3), (18, 15, 3), (15, 12, 3))
    assert turn.move(24, 12).is_complete
    # a blocked third point stops the walk there
    turn = Turn.start(pos("x 24:1 13:2 / o 10:2"), (3, 3))  # their 10 is our 15
    assert set(turn.routes(24)) == {21, 18}
    assert turn.why_not_move(24, 12) == r.PATH_BLOCKED


def test_bear_off_by_the_sum() -> None:
    turn = Turn.start(pos("x 5:1 1:1 / o 19:2"), (3, 2))
    routes = turn.routes(5)
    assert routes[0] == ((5, 2, 3), (2, 0, 2))
    after = turn.move(5, 0)
    assert after.is_complete and after.position.borne_off()[0] == 14


def test_a_sum_that_breaks_the_dice_rules_is_not_offered() -> None:
    # Only one die can be played (the larger, 6: 24/18; the 4 is blocked from 24 and from 18),
    # so the sum is refused although each step, taken alone, might look possible.
    turn = Turn.start(pos("x 24:1 / o 5:2 11:2"), (6, 4))  # our 20 and 14 blocked
    assert turn.routes(24) == {18: ((24, 18, 6),)}
    # once a die is played, only the other is left: no sum any more
    turn = Turn.start(Position.initial(), (6, 4)).step(13, 7)
    assert turn.routes(24) == {20: ((24, 20, 4),)}
    assert turn.why_not_move(24, 14) == r.NO_MATCHING_DIE


@pytest.mark.slow
def test_every_route_of_random_games_ends_in_a_legal_play() -> None:
    """Each route walks legal steps and can still finish into one of the roll's legal plays."""
    rnd = random.Random(17)
    match = Match.new(0)
    checked = 0
    for _ in range(1500):
        turn = match.game.turn_in_progress
        if turn is not None and not turn.steps and turn.legal_play_count:
            keys = {p.result.to_id() for p in legal_plays(turn.start_position, turn.dice)}
            for point in turn.movable_points():
                for target, steps in turn.routes(point).items():
                    moved = turn.move(point, target)
                    assert moved.steps == steps and steps[-1][1] == target
                    assert [s for s, _, _ in steps[1:]] == [t for _, t, _ in steps[:-1]]  # one checker
                    assert moved.is_complete or moved.next_steps()
                    if moved.is_complete:
                        assert moved.play().result.to_id() in keys
                    checked += 1
        match = random_action(match, rnd)
    assert checked > 500


def test_the_match_moves_by_the_sum_and_undoes_step_by_step() -> None:
    match = Match.new(3).opening_with(6, 4).move(24, 14)
    turn = match.game.turn_in_progress
    assert turn is not None and turn.steps == ((24, 18, 6), (18, 14, 4))
    assert match.undo().game.turn_in_progress.steps == ((24, 18, 6),)  # type: ignore[union-attr]
