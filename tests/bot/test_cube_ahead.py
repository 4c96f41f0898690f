"""Cube decisions one roll ahead (1-ply cubeful), as the strongest level makes them."""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import replace

import pytest

from core.bot import LEVELS, Bot, ScoreConfig, decision_margin
from core.bot.cube import (
    CENTERED,
    CUBE_LIFE,
    OWNED,
    money_decision,
)
from core.bot.cube_ahead import money_decision_ahead
from core.bot.evaluator import Evaluator, drive
from core.match import Match
from core.position import Position
from core.setup import Setup
from tests.bot.plain_search import plain_money_cube, plain_replies

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
    centred = bot.cube_decision(pos, ScoreConfig(1, CENTERED), ply=1)
    owned = bot.cube_decision(pos, ScoreConfig(2, OWNED), ply=1)
    assert owned.no_double >= centred.no_double - 1e-12
    # and the double/take branch is the same position with the other side owning: equal in both
    assert owned.double_take == pytest.approx(centred.double_take)
    assert -2.0 <= centred.no_double <= 2.0


def test_the_looking_ahead_levels_weigh_the_cube_a_roll_ahead_without_freezing_the_page() -> None:
    pos = Position.from_text(MIDDLE_GAMES[1])

    def run(level: str, match: Match | None = None) -> tuple[bool, int]:
        steps = Bot(level=level).decide_steps(match or on_roll(pos))
        yields = 0
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value.kind == "double", yields
            yields += 1

    # one yield per roll looked at: a close call (0.21 from doubling, one roll ahead) is looked at
    # one roll deeper too (21 x 21 more)
    assert run("strongest")[1] == 21 + 21 * 21
    assert run("advanced")[1] == 21 + 21 * 21  # the default level too
    assert run("intermediate")[1] == 0  # the weaker levels at 0-ply, at once
    assert run("strongest", on_roll(pos, 1)) == (False, 0)  # a one-point game: no cube to weigh
    doubles, yields = run("strongest", on_roll(pos, 5, (2, 4)))  # 3-away, 1-away, after the Crawford game
    assert doubles and yields == 21 + 21 * 21  # the trailer doubles at once after the Crawford game


@pytest.mark.parametrize("ply", [1, 2])
def test_match_ahead_at_a_long_even_score_is_close_to_money(ply: int) -> None:
    # at 25-away all round the match equities are nearly linear in the points
    bot = Bot(level="strongest")
    bot.level = replace(bot.level, cube_margin=math.inf)  # two rolls ahead every time at ply 2
    pos = Position.from_text(MIDDLE_GAMES[2])
    money = bot.cube_decision(pos, ply=ply)
    match = bot.cube_decision(pos, ScoreConfig(away=25, opp_away=25), ply=ply)
    assert match.double == money.double and match.take == money.take
    assert match.no_double == pytest.approx(money.no_double, abs=0.06)
    assert match.double_take == pytest.approx(money.double_take, abs=0.12)


@pytest.mark.parametrize("text", MIDDLE_GAMES[1:])
def test_the_second_roll_is_the_plain_pruned_search(text: str) -> None:
    ev = Evaluator.shared()
    pos = Position.from_text(text)
    firsts = [q for _, q, _ in drive(ev.replies_steps(pos))][:4]
    finished = Position.from_text("x 1:1 / o")  # the other side has borne its last checker off
    found = drive(ev.replies_each_steps([*firsts, finished], keep=2))
    assert found[-1] is None
    for q, leaves in zip(firsts, found):
        assert leaves == plain_replies(ev, q, 2)
    # every play kept: the unpruned replies, as the first roll has them
    assert drive(ev.replies_each_steps(firsts[:1], keep=99))[0] == drive(ev.replies_steps(firsts[0]))


def test_two_ply_cube_is_the_plain_cubeful_search_two_rolls_deep() -> None:
    ev = Evaluator.shared()
    bot = Bot(evaluator=ev)
    bot.level = replace(LEVELS["strongest"], cube_margin=math.inf)  # every decision looks deeper
    pos = Position.from_text(MIDDLE_GAMES[1])
    for owner in (CENTERED, OWNED):
        nd, dt = plain_money_cube(ev, pos, owner, 2, bot.level.deep_keep)
        found = bot.cube_decision(pos, ScoreConfig(owner=owner), ply=2)
        assert found.no_double == pytest.approx(nd, abs=1e-12)
        assert found.double_take == pytest.approx(dt, abs=1e-12)
    # one roll ahead is the same plain search one roll deep
    nd, dt = plain_money_cube(ev, pos, CENTERED, 1, bot.level.deep_keep)
    one = bot.cube_decision(pos, ply=1)
    assert (one.no_double, one.double_take) == (pytest.approx(nd, abs=1e-12), pytest.approx(dt, abs=1e-12))
    assert one.no_double != found.no_double
    # it yields after each of the 21 rolls, then after each of the 21 x 21 rolls one deeper
    assert count_yields(bot.decide_steps(on_roll(pos))) == 21 + 21 * 21  # the level's cube_ply is 2


def test_a_cash_two_rolls_ahead_is_counted_as_one() -> None:
    # the opponent, on roll after our roll, wins 5% by its probabilities; whatever it rolls, we are
    # then doubled-out favourites (95%, no gammons): the cube-life model on its averaged chances
    # gives it some of the game back, the search two rolls ahead sees our cash after each roll
    theirs = (0.05, 0.0, 0.0, 0.0, 0.0)
    ours = (0.95, 0.0, 0.0, 0.0, 0.0)
    one = money_decision_ahead([(36, CUBE_LIFE, theirs, None)])
    two = money_decision_ahead([(36, CUBE_LIFE, theirs, None)], deeper=[[(36, CUBE_LIFE, ours, None)]])
    assert one.no_double < 1.0
    assert two.no_double == pytest.approx(1.0, abs=1e-12)  # we double next roll and it passes
    assert two.double and not two.take
    # a finished game has no replies: its probabilities are its value, as one roll ahead
    over = money_decision_ahead([(36, CUBE_LIFE, (0.0, 0.0, 0.0, 0.0, 0.0), None)], deeper=[None])
    assert over.no_double == 1.0


def on_roll(position: Position, length: int = 0, score: tuple[int, int] = (0, 0)) -> Match:
    """A match of ``length`` points (money play: 0) at ``score`` where player 0 is to roll at ``position``."""
    return Match.new(length, score=score, setup=Setup(position, 0))


def count_yields(steps: Generator[None, None, object]) -> int:
    yields = 0
    while True:
        try:
            next(steps)
        except StopIteration:
            return yields
        yields += 1


def test_only_close_calls_look_deeper() -> None:
    bot = Bot(level="strongest")
    assert 0.0 < bot.level.cube_margin < math.inf and bot.level.cube_ply == 2
    far = Position.initial()  # no double by far, and an easy take
    one = bot.cube_decision(far, ply=1)
    assert decision_margin(one) > bot.level.cube_margin
    assert count_yields(bot.decide_steps(on_roll(far))) == 21  # the level's cube_ply is 2
    assert bot.cube_decision(far, ply=2) == one
    # a margin of 0 never looks deeper; an infinite one always does
    close = Position.from_text(MIDDLE_GAMES[1])
    bot.level = replace(bot.level, cube_margin=0.0)
    assert bot.cube_decision(close, ply=2) == bot.cube_decision(close, ply=1)
    bot.level = replace(bot.level, cube_margin=math.inf)
    assert count_yields(bot.decide_steps(on_roll(close))) == 21 + 21 * 21
