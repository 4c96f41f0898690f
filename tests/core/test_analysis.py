"""core.analysis: the walker, the equity scale, the grades, luck, the summary and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.analysis import (
    Decision,
    Engine,
    Scale,
    Situation,
    analyse_match,
    analysis_steps,
    decision_count,
    mark,
    rating,
    to_json,
    walk_match,
)
from core.analysis.walk import Moment
from core.bot.cube import CENTERED, jacoby_value, janowski_equity
from core.bot.evaluator import drive, equity
from core.bot.met import POST_CRAWFORD, PRE_CRAWFORD
from core.dice import ROLLS
from core.match import Match
from core.position import Position
from core.record import format_mat

ROOT = Path(__file__).parents[2]


def short_match() -> Match:
    """Ann opens 31 well; Bob plays a 64 badly, then doubles too early; Ann takes, then passes the redouble."""
    match = Match.new(5, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5")
    match = match.roll_with((6, 4)).play("8/2 8/4")
    match = match.roll_with((2, 1)).play("13/11 6/5")
    match = match.double().take()
    match = match.roll_with((5, 5)).play("13/3(2)")
    return match.double().drop()


# -- the walker -------------------------------------------------------------------------
def test_walk_lists_each_decision_with_gnubg_record_numbers() -> None:
    moments = list(walk_match(short_match()))
    kinds = [(m.index, m.player, m.kind, m.doubled, m.took) for m in moments]
    assert kinds == [
        (1, 0, "move", False, False),
        (2, 1, "double", False, False),  # Bob could double before his 64 and did not
        (2, 1, "move", False, False),
        (3, 0, "double", False, False),
        (3, 0, "move", False, False),
        (4, 1, "double", True, False),
        (5, 0, "take", False, True),
        (6, 1, "move", False, False),  # Ann owns the cube now: no double decision for Bob
        (7, 0, "double", True, False),
        (8, 1, "take", False, False),  # Bob passes
    ]
    take = moments[6]
    assert take.situation.cube == 1 and take.situation.owner == "centered"
    assert take.position == moments[5].position  # seen by the doubler, Bob
    assert moments[7].situation.owner == "opponent" and moments[7].situation.cube == 2
    assert moments[0].opening and not moments[2].opening
    assert moments[0].situation.away == 5 and moments[0].situation.opp_away == 5


def test_walk_reads_the_score_and_the_crawford_game() -> None:
    match = Match.new(3, names=("Ann", "Bob"), score=(2, 0), crawford_game=True).opening_with(3, 1).play("8/5 6/5")
    [moment] = list(walk_match(match))
    assert moment.situation == Situation(1, "centered", False, 1, 3, False, False, True)


# -- the equity scale ----------------------------------------------------------------------
PROBS = [(0.5, 0.0, 0.0, 0.0, 0.0), (0.6, 0.2, 0.01, 0.1, 0.0), (0.3, 0.05, 0.0, 0.25, 0.03)]


@pytest.mark.parametrize("p", PROBS)
def test_money_scale_is_the_cubeless_equity(p: tuple[float, float, float, float, float]) -> None:
    assert Scale(Situation()).cubeless(p) == pytest.approx(equity(p))
    jacoby = Scale(Situation(jacoby=True))
    assert jacoby.cubeless(p) == pytest.approx(2 * p[0] - 1)  # gammons do not count while the cube is centred
    # ...but the cube's live part does count them (once turned, they do), as the bot values plays:
    # our gammons make the position worth more than single games alone would, theirs less
    assert jacoby.cubeful(p) == pytest.approx(jacoby_value(p))
    singles = janowski_equity(p[0], 1.0, 1.0, CENTERED)
    if p[1] == p[3] == 0:
        assert jacoby.cubeful(p) == pytest.approx(singles)
    else:
        assert (jacoby.cubeful(p) > singles) == (p[1] > p[3])


def test_match_scale_uses_the_match_equity_table() -> None:
    dmp = Scale(Situation(away=1, opp_away=1, cube_live=False))
    assert dmp.cubeless((0.6, 0.3, 0.1, 0.2, 0.05)) == pytest.approx(0.2)  # gammons are worth nothing
    # the Crawford game at 3-away, 1-away: a single win leads to a post-Crawford game
    crawford = Scale(Situation(away=3, opp_away=1, cube_live=False, crawford=True))
    single = POST_CRAWFORD[1]
    assert crawford.wins[1] == pytest.approx(2 * 0.5 / single - 1)  # a gammon leaves 1-away, 1-away
    assert crawford.to_points(1.0) == pytest.approx(single)
    before = Scale(Situation(away=3, opp_away=3))
    assert before.to_points(1.0) == pytest.approx(PRE_CRAWFORD[1][2])
    assert before.from_points(before.to_points(0.37)) == pytest.approx(0.37)


def test_cube_actions_follow_the_winning_chances() -> None:
    money = Scale(Situation())
    nd, dt, dp = money.cube_action((0.5, 0.0, 0.0, 0.0, 0.0))
    assert nd > min(dt, dp)  # no double at 50%
    nd, dt, dp = money.cube_action((0.75, 0.0, 0.0, 0.0, 0.0))
    assert min(dt, dp) > nd and dt < dp  # double, take
    nd, dt, dp = money.cube_action((0.92, 0.0, 0.0, 0.0, 0.0))
    assert dt > dp  # pass


def test_at_a_score_the_analysis_and_the_bot_share_one_cube_model() -> None:
    from core.bot.cube import MatchState, match_cubeful, match_decision

    p = (0.572, 0.0, 0.0, 0.0, 0.0)  # a bear-off at 2-away, 3-away: no double (the trailer's redouble)
    scale = Scale(Situation(away=2, opp_away=3))
    nd, dt, dp = scale.cube_action(p, life=0.6)
    bot = match_decision(p, MatchState(2, 3), 1, "centered", 0.6)
    assert (nd, dt, dp) == pytest.approx((bot.no_double, bot.double_take, bot.double_pass))
    assert nd > dt
    # a chequer play's cubeful equity at the score is the same model's, on the analysis's scale
    for owner in ("centered", "owned", "opponent"):
        got = scale.cubeful(p, owner, life=0.6)
        assert got == pytest.approx(scale.from_points(match_cubeful(p, MatchState(2, 3), 1, owner, 0.6)))
    assert scale.cubeful(p, "owned") > scale.cubeful(p, "opponent")  # holding the cube is worth something


# -- grades -------------------------------------------------------------------------------------
def test_luck_averages_to_zero_over_the_rolls() -> None:
    engine = Engine()
    position = Position.from_text("x 24:2 13:5 8:3 6:4 5:1 / o 24:2 13:5 8:3 6:5")
    total = 0.0
    for roll in ROLLS:
        moment = Moment(1, 1, 0, "move", position, Situation(), dice=roll.dice)
        total += roll.ways * drive(engine.luck_steps(moment))
    assert total / 36 == pytest.approx(0.0, abs=1e-9)
    joker = drive(engine.luck_steps(Moment(1, 1, 0, "move", position, Situation(), dice=(6, 6))))
    assert joker > 0.1


def test_short_match_grades() -> None:
    analysis = analyse_match(short_match())
    by_key = {(d.game, d.move, d.kind): d for d in analysis.decisions}
    opening = by_key[(1, 1, "move")]
    assert (opening.played, opening.best, opening.loss, opening.mark) == ("8/5 6/5", "8/5 6/5", 0.0, "")
    assert opening.equities[0][0] == "8/5 6/5" and opening.equities[0][2] == 1
    bad = by_key[(1, 2, "move")]
    assert bad.played == "8/4 8/2" and bad.best != bad.played and bad.mark in ("bad", "very bad")
    early = by_key[(1, 4, "double")]
    assert early.played == "Double" and early.best == "No double" and early.loss > 0.16
    take = by_key[(1, 5, "take")]
    assert take.played == "Take" and take.best == "Take" and take.loss == 0.0
    assert all(d.loss >= 0.0 for d in analysis.decisions)
    ann, bob = analysis.summary
    counted = [d for d in analysis.decisions if d.counted and d.player == 1]
    assert bob.decisions == len(counted)
    assert bob.total_loss == pytest.approx(sum(d.loss for d in counted))
    assert bob.error_rate == pytest.approx(1000 * bob.total_loss / bob.decisions)
    assert bob.error_rate > ann.error_rate
    assert ann.rolls == 2 and bob.rolls == 2


def test_each_decision_carries_the_deciders_winning_chances() -> None:
    analysis = analyse_match(short_match())
    assert decision_count(short_match()) == len(analysis.decisions)
    assert all(d.win is not None and 0.0 < d.win < 1.0 for d in analysis.decisions)
    by_key = {(d.game, d.move, d.kind): d for d in analysis.decisions}
    double, take = by_key[(1, 4, "double")], by_key[(1, 5, "take")]
    assert double.win is not None and take.win is not None
    assert double.win + take.win == pytest.approx(1.0)  # the same position, seen by each side
    assert by_key[(1, 2, "move")].win == by_key[(1, 2, "double")].win  # the same moment: before Bob's roll
    after_bad_play = by_key[(1, 3, "move")]  # Ann, after Bob's 8/4 8/2, is the favourite
    assert after_bad_play.player == 0 and after_bad_play.win is not None and after_bad_play.win > 0.6
    engine = Engine()
    opening = Moment(1, 1, 0, "move", Position.initial(), Situation(), dice=(3, 1))
    assert drive(engine.winning_steps(opening)) == pytest.approx(0.5, abs=0.05)  # before the opening roll


def test_the_page_picks_the_strongest_depth_that_fits_its_budget() -> None:
    # all from one module object: a doctest run of engine.py may import it a second time
    from core.analysis.engine import PAGE_DEPTH, PAGE_SECONDS_PER_DECISION, Depth, page_depth

    costs = dict(PAGE_SECONDS_PER_DECISION)
    strength = [d for d, _ in PAGE_SECONDS_PER_DECISION]  # strongest first
    assert strength[0] == Depth() and strength[-1] == PAGE_DEPTH
    assert [costs[d] for d in strength] == sorted(costs.values(), reverse=True)
    previous = 0
    for decisions in range(1, 1000, 7):
        depth = page_depth(decisions, budget=60.0)
        rank = strength.index(depth)
        assert rank >= previous  # more decisions: never a stronger depth
        previous = rank
        if depth != PAGE_DEPTH:
            assert decisions * costs[depth] <= 60.0  # it fits
        if rank > 0:
            assert decisions * costs[strength[rank - 1]] > 60.0  # the stronger one did not
    assert page_depth(10_000) == PAGE_DEPTH


def test_steps_yield_slices_then_the_same_analysis() -> None:
    match = Match.new(0, names=("Ann", "Bob")).opening_with(6, 5).play("24/13").roll_with((3, 3)).play("8/5(2) 6/3(2)")
    steps = analysis_steps(match)
    slices, decisions = 0, []
    while True:
        try:
            item = next(steps)
        except StopIteration as done:
            result = done.value
            break
        if item is None:
            slices += 1
        else:
            decisions.append(item)
    assert slices > 20  # the work comes in small pieces
    assert tuple(decisions) == result.decisions
    assert result == analyse_match(match)


def test_marks_and_ratings_follow_gnubg_thresholds() -> None:
    assert [mark(x) for x in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.0)] == [
        "", "", "doubtful", "doubtful", "bad", "bad", "very bad", "very bad"
    ]
    assert [rating(x) for x in (1.9, 2.0, 4.9, 7.9, 11.9, 17.9, 25.9, 34.9, 35.0)] == [
        "Supernatural", "World class", "World class", "Expert", "Advanced", "Intermediate",
        "Casual player", "Beginner", "Awful!",
    ]


# -- JSON and the command line -----------------------------------------------------------------
def test_json_has_the_promised_keys() -> None:
    data = to_json(analyse_match(short_match()))
    assert data["players"] == ["Ann", "Bob"]
    for d in data["decisions"]:
        assert {"game", "move", "player", "kind", "dice", "played", "best", "loss"} <= d.keys()
        assert d["kind"] in ("move", "double", "take") and d["loss"] >= 0
        assert (d["dice"] is None) == (d["kind"] != "move")
    assert [s["player"] for s in data["summary"]] == [0, 1]
    assert all({"decisions", "error_rate_mEMG", "luck"} <= s.keys() for s in data["summary"])


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "core.analysis", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False)


NO_SUBPROCESS = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")


@pytest.mark.slow
@NO_SUBPROCESS
def test_command_line(tmp_path: Path) -> None:
    path = tmp_path / "short.mat"
    path.write_text(format_mat(short_match()))
    out = run_cli(str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["players"] == ["Ann", "Bob"] and len(data["decisions"]) >= 6
    text = run_cli(str(path))
    assert text.returncode == 0 and "Analysis: Ann - Bob, 5-point match" in text.stdout
    assert "Awful!" in text.stdout or "Beginner" in text.stdout or "mEMG" in text.stdout


@NO_SUBPROCESS
def test_command_line_reports_bad_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mat"
    bad.write_text(" 3 point match\n\n Game 1\n Ann : 0        Bob : 0\n  1) 31: 8/5 6/9\n")
    out = run_cli(str(bad))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert ".mat line 5" in out.stderr and out.stdout == ""
    missing = run_cli(str(tmp_path / "none.mat"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr and "Traceback" not in missing.stderr


def test_decision_is_a_value() -> None:
    d = Decision(1, 1, 0, "move", (3, 1), "8/5 6/5", "8/5 6/5", 0.0, "")
    assert d == Decision(1, 1, 0, "move", (3, 1), "8/5 6/5", "8/5 6/5", 0.0, "")


def test_the_analysis_grades_a_close_cube_call_as_the_hint_does() -> None:
    from core.analysis import PAGE_DEPTH, Depth
    from core.analysis.hint import cube_hint
    from core.game import Setup

    # a close call in a race (double, pass; not doubling costs 0.07): two rolls ahead, as the hint
    before = Match.new(0, setup=Setup(Position.from_text("x 3:2 2:2 / o 6:2 5:2"), 0))
    hint = cube_hint(before)
    done = before.double().drop()

    def graded(depth: Depth | None) -> tuple[float, ...]:
        analysis = analyse_match(done, depth=depth)
        double = next(d for d in analysis.decisions if d.kind == "double")
        assert double.played == double.best == "Double" and double.loss == 0.0
        return tuple(value for _, value, _ in double.equities)

    assert graded(None) == (hint.no_double, hint.double_take, hint.double_pass)
    # the page's lightest depth (long matches) keeps one roll ahead: the engine's one-roll equities
    engine = Engine()
    moment = next(m for m in walk_match(done) if m.kind == "double")
    scale = Scale(moment.situation)
    table = drive(engine.roll_table_steps(moment.position, scale))
    one_roll = engine.cube_equities(moment.position, scale, table)
    assert PAGE_DEPTH.cube_margin == 0.0 and graded(PAGE_DEPTH) == one_roll != graded(None)
