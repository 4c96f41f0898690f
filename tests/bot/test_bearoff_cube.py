"""Exact cube decisions at the end of a bear-off (core.bot.bearoff_cube)."""

from __future__ import annotations

import pytest

from core.analysis.hint import cube_hint
from core.bot import Bot
from core.bot.bearoff import BearoffDB
from core.bot.bearoff_cube import ExactBearoff, short_bearoff
from core.bot.cube import OPPONENT, MatchState, cube_life, money_decision
from core.game import Setup
from core.match import Match
from core.position import Position


@pytest.fixture(scope="module")
def db() -> BearoffDB:
    return BearoffDB.load()


@pytest.fixture
def exact(db: BearoffDB) -> ExactBearoff:
    return ExactBearoff(db)


@pytest.mark.parametrize("ours", ["6:1", "5:1", "4:1", "3:1", "4:2", "3:2", "2:2", "6:1 1:1", "5:1 2:1"])
def test_the_last_roll_follows_the_textbook_rule(db: BearoffDB, exact: ExactBearoff, ours: str) -> None:
    # the other bears off with its next roll whatever happens: our chance p is this roll's; the
    # cube is dead afterwards, so double from 50%, take up to 75% (the other's 25%)
    pos = Position.from_text(f"x {ours} / o 1:1")
    d = exact.decision(pos)
    p = (d.no_double + 1) / 2
    assert p == pytest.approx(db.win_probability(pos.player[:6], pos.opponent[:6]), abs=1e-3)  # 12-bit table
    assert p * 36 == pytest.approx(round(p * 36))  # a count of rolls out of 36
    assert d.double_take == pytest.approx(2 * d.no_double)
    assert d.double == (p >= 0.5)
    assert d.take == (p <= 0.75)


def test_short_bear_offs_where_the_cube_life_model_fails() -> None:
    # gnubg 2-ply: double, take (bench/bot_cube.py's positions); Janowski's model with the
    # bear-off cube life (0.6) said no double
    bot = Bot()
    for text in ("x 6:1 4:1 2:1 / o 2:1 1:3", "x 4:1 2:1 / o 2:1 1:1", "x 4:1 2:1 1:1 / o 5:1 2:1"):
        pos = Position.from_text(text)
        model = money_decision(bot.evaluate(pos), x=cube_life(pos.player, pos.opponent))
        assert not model.double
        d = bot.cube_decision(pos)
        assert (d.double, d.take) == (True, True), text


def test_what_the_search_covers(db: BearoffDB, exact: ExactBearoff) -> None:
    assert exact.covers(Position.from_text("x 6:1 4:1 2:1 / o 2:1 1:3"))
    assert not short_bearoff(Position.from_text("x 6:1 4:1 2:1 / o 7:1 1:3"))  # one outside home
    assert not short_bearoff(Position.from_text("x 6:2 4:1 2:2 / o 1:3"))  # five checkers
    assert short_bearoff(Position.from_text("x 6:4 / o 1:3"))
    assert not exact.covers(Position.from_text("x 6:4 / o 1:3"))  # up to 8 rolls: too long a search
    with pytest.raises(ValueError, match="short bear-off"):
        exact.decision(Position.from_text("x 6:4 / o 1:3"))
    # the bot falls back on the cube-life model there
    long = Position.from_text("x 6:4 / o 1:3")
    bot = Bot()
    assert bot.cube_decision(long) == money_decision(bot.evaluate(long), x=cube_life(long.player, long.opponent))


def test_owning_the_cube_and_match_scores(exact: ExactBearoff) -> None:
    longer = Position.from_text("x 6:1 4:1 2:1 / o 2:1 1:3")  # the other may need two rolls
    centred = exact.decision(longer)
    # holding the cube is worth something to the side on roll; the other holding it costs
    assert exact.decision(longer, OPPONENT).no_double < centred.no_double < exact.decision(longer, "owned").no_double
    pos = Position.from_text("x 4:1 2:1 / o 2:1 1:1")  # the other surely off next roll: a last roll
    centred = exact.decision(pos)
    # a leader whose win at this cube wins the match gains nothing by doubling
    assert not exact.decision(pos, match=MatchState(1, 5, post_crawford=True)).double
    assert not exact.decision(pos, match=MatchState(2, 5), cube=2).double
    # no cube in the Crawford game
    assert not exact.decision(pos, match=MatchState(3, 1, crawford=True)).double
    # after it the trailer doubles: the leader's gammons cannot happen here and its redouble is dead
    trailer = exact.decision(Position.from_text("x 5:1 3:1 / o 4:1 2:1"), match=MatchState(3, 1, post_crawford=True))
    assert trailer.double
    # a long match values a bear-off much as money play does
    far = exact.decision(pos, match=MatchState(25, 25))
    assert (far.double, far.take) == (centred.double, centred.take)


def test_the_cube_hint_uses_the_exact_answer() -> None:
    pos = Position.from_text("x 4:1 2:1 / o 2:1 1:1")
    hint = cube_hint(Match.new(0, setup=Setup(pos, 0)))
    d = Bot().cube_decision(pos)
    assert hint.best == "Double"
    assert (hint.no_double, hint.double_take, hint.double_pass) == pytest.approx(
        (d.no_double, d.double_take, d.double_pass)
    )
    five = Match.new(5, setup=Setup(pos, 0))
    assert cube_hint(five).best == "Double"
