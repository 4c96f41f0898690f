"""Hints for the match as it stands (core.analysis.hint): ranked plays, cube hints, the tutor's cost."""

from __future__ import annotations

import pytest

from core.action import Action
from core.analysis import analyse_match
from core.analysis.hint import action_cost, checker_hint, cube_hint
from core.errors import IllegalActionError
from core.game import Setup
from core.match import Match
from core.moves import legal_plays
from core.position import Position


def test_every_legal_play_ranked_best_first_with_losses_from_the_best() -> None:
    match = Match.new(5).opening_with(6, 2)
    hint = checker_hint(match)
    assert len(hint.plays) == len(legal_plays(match.game.position, (6, 2)))
    assert hint.plays[0].loss == 0.0 and hint.plays[0].plies == 1
    deep = [p for p in hint.plays if p.plies == 1]
    assert [p.equity for p in deep] == sorted((p.equity for p in deep), reverse=True)
    for entry in hint.plays:
        assert entry.loss == pytest.approx(hint.plays[0].equity - entry.equity)
        win, wg, wbg, lg, lbg = entry.probs
        assert 0.0 <= wbg <= wg <= win <= 1.0 and 0.0 <= lbg <= lg <= 1.0 - win + 1e-9


def test_the_tutors_cost_of_a_play_is_the_analysis_loss() -> None:
    before = Match.new(0, names=("Ann", "Bob")).opening_with(3, 1)
    steps = ((24, 21), (6, 5))
    cost = action_cost(before, Action("play", 0, steps=steps))
    assert cost is not None and cost.kind == "move"
    analysed = analyse_match(before.step(24, 21).step(6, 5).confirm())
    decision = analysed.decisions[0]
    assert (cost.played, cost.best) == (decision.played, decision.best)
    assert cost.loss == pytest.approx(decision.loss)
    assert cost.loss > 0.08  # a blunder of the opening roll


def test_a_forced_play_costs_nothing_to_judge() -> None:
    forced = Match.new(3, setup=Setup(Position.from_text("x 6:1 / o 1:1"), 0, (6, 5)))
    only = legal_plays(forced.game.position, (6, 5))[0]
    assert action_cost(forced, Action("play", 0, steps=only.steps)) is None


def test_cube_hint_far_ahead_in_a_race_is_double_and_pass() -> None:
    # the player on roll bears off its four checkers in two rolls unless it rolls small; the other
    # needs two rolls at least (94% for the player on roll): not doubling risks the game a cash wins.
    # (Far further ahead, "x 3:2 2:2 / o 6:3 5:3 4:2", not doubling costs nothing two rolls ahead:
    # the double is passed next roll as surely.)
    race = Position.from_text("x 3:2 2:2 / o 6:2 5:2")
    match = Match.new(0, setup=Setup(race, 0))
    hint = cube_hint(match)
    assert hint.kind == "double" and hint.best == "Double"
    assert hint.loss("no double") > 0.0 and hint.loss("double") == 0.0
    doubled = cube_hint(match.double())
    assert doubled.kind == "take" and doubled.player == 1 and doubled.best == "Pass"
    cost = action_cost(match.double(), Action("take", 1))
    assert cost is not None and cost.loss > 0.16 and cost.best == "Pass"
    assert action_cost(match.double(), Action("drop", 1)) is not None


def test_no_double_at_the_start_and_rolling_is_judged_as_no_double() -> None:
    match = Match.new(0).opening_with(3, 1).play("8/5 6/5")
    assert cube_hint(match).best == "No double"
    cost = action_cost(match, Action("roll", 1))
    assert cost is not None and cost.played == "No double" and cost.loss == 0.0
    cost = action_cost(match, Action("double", 1))
    assert cost is not None and cost.loss > 0.0


def test_hints_refused_outside_their_moment() -> None:
    with pytest.raises(IllegalActionError, match="phase 'opening'"):
        checker_hint(Match.new(3))
    with pytest.raises(IllegalActionError, match="no cube decision"):
        cube_hint(Match.new(3).opening_with(3, 1))


def test_a_certain_win_is_hinted_as_the_bot_plays_it_double_and_pass() -> None:
    from core.bot import Bot

    won = Position.from_text("x 1:1 / o 6:1")  # off with any roll; nobody can be gammoned
    hint = cube_hint(Match.new(0, setup=Setup(won, 0)))
    assert (hint.no_double, hint.double_pass) == (1.0, 1.0)  # a tie: doubling gives the same
    assert hint.best == "Double" and hint.loss("no double") == 0.0
    assert Bot().should_double(won)
    assert cube_hint(Match.new(0, setup=Setup(won, 0)).double()).best == "Pass"


@pytest.mark.parametrize(
    "text",
    [
        "x 4:2 5:2 6:4 8:2 13:3 21:2 / o 3:2 6:4 8:3 13:4 18:2",  # a middle game near the window
        "x 6:4 5:4 4:4 3:3 / o 6:5 5:5 4:5",  # a race the side on roll leads
    ],
)
def test_a_close_cube_call_is_hinted_as_the_levels_decide_it_one_roll_deeper(text: str) -> None:
    from core.bot import LEVELS, Bot, decision_margin

    pos = Position.from_text(text)
    bot = Bot(level="strongest")
    one = bot.cube_decision(pos, ply=1)
    assert decision_margin(one) < LEVELS["strongest"].cube_margin  # a close call: the bot looks deeper
    deeper = bot.cube_decision(pos, ply=2)
    hint = cube_hint(Match.new(0, setup=Setup(pos, 0)))
    assert (hint.no_double, hint.double_take, hint.double_pass) == pytest.approx(
        (deeper.no_double, deeper.double_take, deeper.double_pass), abs=1e-9
    )
    assert hint.no_double != pytest.approx(one.no_double, abs=1e-9)  # not the one-roll answer
    assert (hint.best == "Double") == deeper.double


def test_at_a_match_score_the_cube_hint_is_the_strongest_levels_decision() -> None:
    # at 2-away 4-away a gammon is worth much to the leader: the rolls are played by the score's
    # value, by the levels as by the hint (money choices would move no double by about 0.001 here)
    from core.bot import Bot, ScoreConfig

    pos = Position.from_text("x 4:2 5:2 6:4 8:2 13:3 21:2 / o 3:2 6:4 8:3 13:4 18:2")
    decision = Bot(level="strongest").cube_decision(pos, ScoreConfig(away=2, opp_away=4), ply=2)
    hint = cube_hint(Match.new(5, score=(3, 1), setup=Setup(pos, 0)))
    assert (hint.no_double, hint.double_take, hint.double_pass) == pytest.approx(
        (decision.no_double, decision.double_take, decision.double_pass), abs=1e-9
    )
    assert (hint.best == "Double") == decision.double


def test_the_doubled_players_hint_is_take_or_pass_from_the_takers_side() -> None:
    """Issue #44: when doubled, the hint weighs take against pass with the taker's equities and chances."""
    race = Position.from_text("x 3:2 2:2 / o 6:2 5:2")
    match = Match.new(0, setup=Setup(race, 0))
    before = cube_hint(match)  # the doubler's hint: no double, double/take, double/pass
    assert [o.what for o in before.evaluation.options] == ["No double", "Double, take", "Double, pass"]
    doubled = cube_hint(match.double())
    options = doubled.evaluation.options
    assert doubled.player == 1 and [o.what for o in options] == ["Take", "Pass"]
    assert options[0].equity == -doubled.double_take and options[1].equity == -doubled.double_pass
    assert options[1].equity == -1.0 and options[0].equity < -1.0  # the taker loses more by taking
    assert doubled.evaluation.best_what == "Pass" and options[1].loss == 0.0 and options[0].loss > 0.0
    taker_win = doubled.probs[0]
    assert taker_win == pytest.approx(1.0 - before.probs[0]) and taker_win < 0.2
    assert options[0].probs is not None and options[0].probs[0] == taker_win
