"""Cube decisions one roll ahead (1-ply cubeful), as the strongest level makes them."""

from __future__ import annotations

import pytest

from core.bot import Bot
from core.bot.cube import (
    CENTERED,
    CUBE_LIFE,
    OWNED,
    MatchState,
    money_decision,
)
from core.bot.cube_ahead import money_decision_ahead
from core.position import Position

MIDDLE_GAMES = [
    "x 6:5 8:3 13:5 24:2 / o 6:5 8:3 13:5 24:2",
    "x 4:2 5:2 6:4 8:2 13:3 21:2 / o 3:2 6:4 8:3 13:4 18:2",
    "x 2:2 4:3 5:3 6:3 8:2 25:2 / o 1:2 6:5 8:3 13:4 18:1",
]


def test_every_roll_ends_the_game_with_a_gammon_so_it_plays_on() -> None:
    # two checkers on the ace: any roll bears both off, and the other side has borne none off
    gammon = Position.from_text("x 1:2 / o 13:15")
    d = Bot().cube_decision(gammon, ply=1)
    assert (d.no_double, d.double_take, d.double_pass) == (2.0, 4.0, 1.0)
    assert not d.double and not d.take
    # the other has borne a checker off: a single game, so it doubles the other out
    single = Position.from_text("x 1:2 / o 6:14")
    d = Bot().cube_decision(single, ply=1)
    assert (d.no_double, d.double_take, d.double_pass) == (1.0, 2.0, 1.0)
    assert d.double and not d.take


def test_a_roll_that_loses_the_market_is_seen() -> None:
    # half the rolls leave the other side a pass (5%), half an even game: not doubling keeps at
    # most a cash on the good rolls, so the one-roll-ahead double is worth more than the static one
    replies = [(18, CUBE_LIFE, (0.05, 0.0, 0.0, 0.0, 0.0), None), (18, CUBE_LIFE, (0.5, 0.0, 0.0, 0.0, 0.0), None)]
    ahead = money_decision_ahead(replies)
    static = money_decision((0.725, 0.0, 0.0, 0.0, 0.0))
    assert ahead.double and ahead.take
    assert ahead.double_take - ahead.no_double > static.double_take - static.no_double


@pytest.mark.parametrize("text", MIDDLE_GAMES)
def test_owning_the_cube_is_worth_at_least_a_centred_one(text: str) -> None:
    # with the cube ours, the other side cannot double after our roll: never worse for us
    bot = Bot()
    pos = Position.from_text(text)
    centred = bot.cube_decision(pos, 1, CENTERED, ply=1)
    owned = bot.cube_decision(pos, 2, OWNED, ply=1)
    assert owned.no_double >= centred.no_double - 1e-12
    # and the double/take branch is the same position with the other side owning: equal in both
    assert owned.double_take == pytest.approx(centred.double_take)
    assert -2.0 <= centred.no_double <= 2.0


def test_the_looking_ahead_levels_weigh_the_cube_a_roll_ahead_without_freezing_the_page() -> None:
    pos = Position.from_text(MIDDLE_GAMES[1])

    def run(level: str, match: MatchState | None = None) -> tuple[bool, int]:
        steps = Bot(level=level).should_double_steps(pos, 1, CENTERED, match)
        yields = 0
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return bool(done.value), yields
            yields += 1

    assert run("strongest")[1] == 21  # one yield per roll looked at
    assert run("advanced")[1] == 21  # the default level too
    assert run("intermediate")[1] == 0  # the weaker levels at 0-ply, at once
    assert run("strongest", MatchState(1, 1)) == (False, 0)  # a one-point game: no cube to weigh
    doubles, yields = run("strongest", MatchState(3, 1, post_crawford=True))
    assert doubles and yields == 21  # the trailer doubles at once after the Crawford game


def test_match_ahead_at_a_long_even_score_is_close_to_money() -> None:
    # at 25-away all round the match equities are nearly linear in the points
    bot = Bot()
    pos = Position.from_text(MIDDLE_GAMES[2])
    money = bot.cube_decision(pos, ply=1)
    match = bot.cube_decision(pos, match=MatchState(25, 25), ply=1)
    assert match.double == money.double and match.take == money.take
    assert match.no_double == pytest.approx(money.no_double, abs=0.06)
    assert match.double_take == pytest.approx(money.double_take, abs=0.12)
