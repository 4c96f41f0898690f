from __future__ import annotations

import pytest

from core.bot import Bot
from core.bot.cube import (
    CENTERED,
    CONTACT_CUBE_LIFE,
    CUBE_LIFE,
    OPPONENT,
    OWNED,
    MatchState,
    accept_resignation,
    cube_life,
    cubeful_equity,
    jacoby_equity,
    live_line,
    match_decision,
    money_decision,
)
from core.position import Position


def plain(p: float) -> tuple[float, float, float, float, float]:
    return (p, 0.0, 0.0, 0.0, 0.0)


def test_no_double_when_losing_or_even() -> None:
    for p in (0.1, 0.3, 0.5, 0.6):
        assert not money_decision(plain(p)).double


def test_money_take_and_pass_points_without_gammons() -> None:
    # the doubler at 78% leaves the taker 22%: a take; at 90% (taker 10%): a pass
    assert money_decision(plain(0.78)).take
    assert not money_decision(plain(0.90)).take
    # the take point with cube life 0.68 lies between the live (20%) and dead (25%) ones
    assert not money_decision(plain(0.76), x=0.0).take  # dead cube: 24% is not enough
    assert money_decision(plain(0.79), x=1.0).take  # fully live: 21% is enough


def test_double_in_the_window() -> None:
    d = money_decision(plain(0.72))
    assert d.double
    assert d.take
    d = money_decision(plain(0.88))
    assert d.double
    assert not d.take


def test_too_good_to_double() -> None:
    # winning nearly always, mostly gammons: play on
    d = money_decision((0.97, 0.85, 0.05, 0.0, 0.0))
    assert not d.double
    assert d.too_good


def test_a_certain_win_without_gammons_is_doubled_out() -> None:
    # doubling and playing on are both worth +1: the bot doubles (the other must pass), as
    # players and GNU Backgammon do, rather than making the other roll out a lost game
    d = money_decision(plain(1.0))
    assert (d.no_double, d.double_pass) == (1.0, 1.0)
    assert d.double and not d.take and not d.too_good
    assert match_decision(plain(1.0), MatchState(5, 5), x=0.6).double
    # on the board: one checker on the ace against one on the six-point, nobody can be gammoned
    won = Position.from_text("x 1:1 / o 6:1")
    bot = Bot()
    assert bot.evaluate(won)[0] == 1.0
    assert bot.should_double(won) and not bot.should_take(won)
    # with a gammon still to win it plays on instead
    assert not money_decision((1.0, 0.6, 0.0, 0.0, 0.0)).double


def test_redouble_needs_more() -> None:
    # owning the cube is worth keeping: a redouble at 70% is less urgent than an initial double
    assert cubeful_equity(plain(0.7), OWNED) > cubeful_equity(plain(0.7), CENTERED)


def test_equities_are_continuous_and_monotonic() -> None:
    for owner in ("centered", "owned", "opponent"):
        values = [cubeful_equity(plain(i / 100), owner) for i in range(101)]
        assert all(b >= a - 1e-12 for a, b in zip(values, values[1:]))
        assert values[0] == pytest.approx(-1.0)
        assert values[-1] == pytest.approx(1.0)


def test_crawford_game_has_no_double() -> None:
    assert not match_decision(plain(0.8), MatchState(3, 1, crawford=True)).double


def test_post_crawford_trailer_doubles() -> None:
    assert match_decision(plain(0.45), MatchState(4, 1, post_crawford=True)).double


def test_post_crawford_trailer_too_good_plays_on_for_the_gammon() -> None:
    # 4-away trailer, cube 1: a gammon (2 points) does not win the match, but with 95% wins and
    # 70% gammons playing on is worth more than the leader's pass, so no double
    too_good = match_decision((0.95, 0.7, 0.0, 0.0, 0.0), MatchState(4, 1, post_crawford=True))
    assert too_good.no_double > too_good.double_pass
    assert not too_good.double
    # the same chances without gammons: the leader passes, so the trailer doubles (and cashes)
    cash = match_decision(plain(0.95), MatchState(4, 1, post_crawford=True))
    assert cash.double and not cash.take


def test_match_double_and_take() -> None:
    d = match_decision(plain(0.75), MatchState(7, 7))
    assert d.double
    assert d.take
    assert not match_decision(plain(0.55), MatchState(7, 7)).double
    assert not match_decision(plain(0.95), MatchState(7, 7)).take


def test_match_cube_at_2_away_3_away_fears_the_redouble() -> None:
    # a gammonless bear-off won 57% (GNU Backgammon 2-ply: no double, 0.243 against 0.419 lost
    # by doubling; 5-point match, 3-2): after a double the trailer's redouble to 4 is for the match
    d = match_decision(plain(0.572), MatchState(2, 3), x=0.6)
    assert not d.double
    assert d.no_double - d.double_take > 0.1
    # further ahead a double and a take; past 75% the trailer passes (a pass leaves it 1-away
    # against 3-away at the Crawford game, 25% of the match; a take about the game's chances)
    strong = match_decision(plain(0.70), MatchState(2, 3), x=0.6)
    assert strong.double and strong.take
    assert not match_decision(plain(0.80), MatchState(2, 3), x=0.6).take


def test_live_cube_take_point_in_a_long_match_is_the_money_one() -> None:
    # 15-away each: far from the end, the score barely matters: a fully live gammonless take point
    # near money's 20% (dead cube: 25%)
    ms = MatchState(15, 15)
    line = live_line(ms, plain(0.5), 1, CENTERED)
    take_point, cash_point = line[1][0], line[2][0]
    assert 0.17 < take_point < 0.23
    assert 0.77 < cash_point < 0.83
    assert take_point + cash_point == pytest.approx(1.0, abs=1e-3)  # a symmetric score


def test_a_cube_that_cannot_help_its_owner_is_dead() -> None:
    # we need 2: owning a 2-cube, our redouble gains nothing: a straight line
    assert len(live_line(MatchState(2, 5), plain(0.5), 2, OWNED)) == 2
    # the other side may still double us: it needs 5
    assert len(live_line(MatchState(2, 5), plain(0.5), 2, OPPONENT)) == 3


def test_match_equities_are_monotonic_in_the_winning_chances() -> None:
    for a, b in ((2, 3), (3, 2), (5, 5), (7, 4), (4, 1)):
        ms = MatchState(a, b, post_crawford=1 in (a, b))
        if ms.away == 1:
            continue
        nds = [match_decision(plain(i / 50), ms).no_double for i in range(51)]
        dts = [match_decision(plain(i / 50), ms).double_take for i in range(51)]
        assert all(y >= x - 1e-9 for x, y in zip(nds, nds[1:])), (a, b)
        assert all(y >= x - 1e-9 for x, y in zip(dts, dts[1:])), (a, b)


def test_resignations() -> None:
    # sure single win: a single resignation is enough
    assert accept_resignation(plain(1.0), 1)
    # probable gammon: refuse a single, accept a gammon
    p = (0.99, 0.9, 0.0, 0.0, 0.0)
    assert not accept_resignation(p, 1)
    assert accept_resignation(p, 2)
    # an even game: any resignation is welcome
    assert accept_resignation(plain(0.5), 1)


def test_bot_cube_and_resignation_api() -> None:
    bot = Bot()
    start = Position.initial()
    assert not bot.should_double(start)
    assert bot.should_take(start)
    # the opponent (on roll) has a hopeless race and offers a single game: accept
    hopeless = Position.from_text("x 20:14 / o 2:2")
    assert bot.accept_resignation(hopeless, 1)
    # a double from a side about to win: pass; from the hopeless side: take
    assert not bot.should_take(hopeless.swapped())
    assert bot.should_take(hopeless)
    assert bot.should_double(hopeless.swapped())


def test_cube_life_by_position_class() -> None:
    start = Position.initial()
    assert cube_life(start.player, start.opponent) == CONTACT_CUBE_LIFE
    long_race = Position.from_text("x 12:5 11:5 10:5 / o 6:5 5:5 4:5")  # 165 pips on roll, no contact
    assert cube_life(long_race.player, long_race.opponent) == pytest.approx(0.7)
    bear_off = Position.from_text("x 3:4 2:3 / o 6:2 1:5")
    assert cube_life(bear_off.player, bear_off.opponent) == pytest.approx(0.6)
    # in a race the life grows with the pips of the side on roll, between 40 and 120
    lives = []
    for far in range(7, 13):
        pos = Position.from_text(f"x {far}:5 2:5 1:5 / o 6:5 5:5 4:5")
        lives.append(cube_life(pos.player, pos.opponent))
    assert lives == sorted(lives) and lives[0] < lives[-1]
    # one checker back in contact: the contact value, whatever the pips
    contact = Position.from_text("x 24:1 3:4 2:3 / o 6:2 2:5")
    assert cube_life(contact.player, contact.opponent) == CONTACT_CUBE_LIFE


def test_the_bot_decides_with_the_positions_cube_life() -> None:
    bot = Bot()
    pos = Position.from_text("x 3:2 2:3 1:2 / o 6:2 5:2 4:2 1:1")  # a bear-off: life 0.6
    p = bot.evaluate(pos)
    ours = bot.cube_decision(pos)
    assert ours == money_decision(p, CENTERED, cube_life(pos.player, pos.opponent))
    assert ours.no_double != money_decision(p, CENTERED, CUBE_LIFE).no_double
    bot.cube_by_class = False
    assert bot.cube_decision(pos) == money_decision(p, CENTERED, CUBE_LIFE)


def test_the_bots_roll_ahead_is_the_analysis_roll_table() -> None:
    # the bot's one-roll-ahead cube and the analysis's roll table play each roll alike
    from core.analysis.engine import Engine
    from core.analysis.equity import Scale
    from core.analysis.walk import Situation
    from core.bot.evaluator import drive, flip

    engine = Engine(depth=None)
    for text in ("x 6:5 8:3 13:5 24:2 / o 6:5 8:3 13:5 24:2", "x 6:4 5:3 3:2 / o 6:3 4:4 2:2"):
        pos = Position.from_text(text)
        table = drive(engine.roll_table_steps(pos, Scale(Situation())))
        replies = drive(Bot().evaluator.replies_steps(pos))
        assert [w for w, _, _ in replies] == [w for w, _, _ in table]
        for (_, after, theirs), (_, ours, left) in zip(replies, table):
            assert after == left
            assert flip(theirs) == pytest.approx(ours, abs=1e-12)


# -- the Jacoby rule with the cube centred ------------------------------------------------------
def test_jacoby_equity_is_the_centred_cube_without_gammons_and_stays_within_a_point() -> None:
    for i in range(101):
        w = i / 100
        assert jacoby_equity(w, 1.0, 1.0) == pytest.approx(cubeful_equity(plain(w)))
    gammony = [(i / 100, 0.4 * i / 100, 0.0, 0.3 * (1 - i / 100), 0.0) for i in range(101)]
    values = [cubeful_equity(p, jacoby=True) for p in gammony]
    assert all(-1.0 <= v <= 1.0 for v in values)  # a game never turned scores one point at most
    assert values == sorted(values)  # more wins, more equity
    assert [cubeful_equity(p, OWNED, jacoby=True) for p in gammony] == [cubeful_equity(p, OWNED) for p in gammony]


def test_jacoby_counts_gammons_through_the_cube() -> None:
    # 59% with 16% gammons (and 5.5% lost): GNU Backgammon 2-ply, money under the Jacoby rule, rates
    # the position these are its probabilities of "No double, take" (no double 0.382, double/take
    # 0.286). Valuing single games only while the cube is centred, the model doubled: it saw the
    # gammons once doubled but not the cube's later use to cash at a lower point when they count.
    p = (0.588, 0.16, 0.003, 0.055, 0.001)
    d = money_decision(p, jacoby=True)
    assert not d.double and d.take
    assert d.no_double > d.double_take
    # a gammon nearly sure still doubles out under the rule, and plays on for it without
    assert money_decision((0.97, 0.85, 0.05, 0.0, 0.0), jacoby=True).double
    assert money_decision((0.97, 0.85, 0.05, 0.0, 0.0)).too_good
