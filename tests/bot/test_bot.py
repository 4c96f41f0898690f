from __future__ import annotations

import random
import subprocess
import sys

import pytest

from core.bot import LEVELS, Bot, NoLegalPlayError, ScoreConfig
from core.bot.evaluator import Evaluator
from core.match import Match
from core.moves import legal_plays
from core.position import Position
from core.setup import Setup

from .conftest import random_positions


@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced", "expert"])
def test_choose_play_is_always_legal(level: str, positions: list[Position]) -> None:
    bot = Bot(level=level, rng=random.Random(3).random)
    rng = random.Random(5)
    for pos in positions[: 40 if LEVELS[level].lookahead else 150]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if not plays:
            with pytest.raises(NoLegalPlayError):
                bot.choose_play(pos, dice)
            continue
        assert bot.choose_play(pos, dice) in plays


def test_strongest_is_legal_on_a_few_positions() -> None:
    bot = Bot(level="strongest")
    rng = random.Random(8)
    for pos in random_positions(8, seed=21):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if plays:
            assert bot.choose_play(pos, dice) in plays


def test_bar_and_bear_off_positions() -> None:
    bot = Bot()
    on_bar = Position.from_text("x bar:1 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:4 4:1")
    assert bot.choose_play(on_bar, (4, 2)) in legal_plays(on_bar, (4, 2))
    bearing = Position.from_text("x 6:2 5:2 1:1 / o 6:3 5:3")
    play = bot.choose_play(bearing, (6, 5))
    assert play.result.borne_off()[0] == 12  # takes two checkers off


def test_no_legal_play_raises_clearly() -> None:
    pos = Position.from_text("x bar:2 6:2 / o 6:2 5:2 4:2 3:2 2:2 1:2")
    with pytest.raises(NoLegalPlayError, match="no legal play"):
        Bot().choose_play(pos, (6, 5))


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="bot level"):
        Bot(level="grandmaster")


def test_noise_is_deterministic_with_a_seeded_rng(positions: list[Position]) -> None:
    def picks(seed: int) -> list[int]:
        bot = Bot(level="beginner", rng=random.Random(seed).random)
        out = []
        rng = random.Random(1)
        for pos in positions[:60]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice)
            if plays:
                out.append(plays.index(bot.choose_play(pos, dice)))
        return out

    assert picks(42) == picks(42)
    assert picks(42) != picks(43)


def test_levels_exist() -> None:
    assert {"beginner", "intermediate", "advanced", "expert", "strongest"} <= set(LEVELS)


def test_evaluation_is_sane() -> None:
    bot = Bot()
    p = bot.evaluate(Position.initial())
    assert 0.35 < p[0] < 0.65
    assert all(0.0 <= v <= 1.0 for v in p)
    assert p[2] <= p[1] <= p[0]
    assert p[4] <= p[3] <= 1 - p[0]
    crushing = Position.from_text("x 6:3 5:3 4:3 3:3 2:3 / o bar:3 24:12")
    assert bot.equity(crushing) > 1.0


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_import_is_cheap() -> None:
    code = (
        "import sys; import core.bot; from core.bot.evaluator import Evaluator;"
        "ev = Evaluator(); assert ev._net is None and ev._bearoff is None;"
        "assert Evaluator._shared is None; print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_evaluator_bearoff_is_exact_in_simple_races() -> None:
    ev = Evaluator.shared()
    # one checker each on the 1 point: the side on roll always wins
    assert ev.evaluate(Position.from_text("x 1:1 / o 1:1"))[0] == pytest.approx(1.0)
    # two checkers on our 6 point vs one on their 1 point: we must bear both off now (doubles only)
    assert ev.evaluate(Position.from_text("x 6:2 / o 1:1"))[0] == pytest.approx(4 / 36, abs=1e-3)


def test_decide_in_steps_plays_as_choose_play() -> None:
    from core.bot import Bot
    from core.position import Position

    position = Position.initial()
    for dice in [(6, 5), (4, 2), (3, 1), (6, 6)]:
        bot = Bot(level="strongest")
        steps = bot.decide_steps(Match.new(0, setup=Setup(position, 0, dice)))
        count = 0
        while True:
            try:
                next(steps)
                count += 1
            except StopIteration as done:
                sliced = done.value
                break
        assert sliced.play.key == Bot(level="strongest").choose_play(position, dice).key
        assert count == 0 or count % 21 == 0  # one slice per opponent roll of each lookahead


def test_at_a_score_plays_are_chosen_by_what_the_outcomes_are_worth_there(positions: list[Position]) -> None:
    from core.bot import MatchState
    from core.bot.cube import score_value
    from core.bot.evaluator import equity, flip

    bot = Bot(level="advanced")
    ev = bot.evaluator
    dmp = MatchState(1, 1)
    differ = 0
    for pos in positions[:40]:
        dice = (6, 4)
        plays = legal_plays(pos, dice)
        if len(plays) < 2:
            continue
        # without a score, plays are valued by the money equity (gammons and backgammons count)
        for play, v in zip(plays, ev.play_equities(plays)):
            assert v == pytest.approx(-equity(ev.evaluate(play.result.swapped())))
        # at 0-ply, double match point values a play by its winning chances alone (gammons count nothing)
        at_dmp = ev.play_equities(plays, score_value(dmp))
        for play, v in zip(plays, at_dmp):
            win = flip(ev.evaluate(play.result.swapped()))[0]
            assert v == pytest.approx(2.0 * win - 1.0)
        money = ev.play_equities(plays)
        differ += max(range(len(plays)), key=at_dmp.__getitem__) != max(range(len(plays)), key=money.__getitem__)
        # the level's choice at the score is the best of its own ranking at the score
        at_score = ScoreConfig(away=1, opp_away=1)
        assert bot.choose_play(pos, dice, at_score) == bot.rank_plays(pos, dice, at_score)[0][1]
    assert differ > 0  # somewhere the score changes the play



def test_under_the_jacoby_rule_gammons_count_through_the_cube_until_it_is_turned(
    positions: list[Position],
) -> None:
    from core.bot.cube import jacoby_value

    bot = Bot(level="advanced")
    # a gammon nearly sure: without the rule the bot plays on for it (too good to double); under
    # it, not doubling wins one point at most, so it doubles (and the other passes)
    gammon = Position.from_text("x 3:5 2:5 1:4 / o 13:15")
    assert bot.evaluate(gammon)[1] > 0.9
    assert not bot.should_double(gammon)
    jacoby = ScoreConfig(jacoby=True)
    assert bot.should_double(gammon, jacoby)
    assert not bot.should_double(gammon, ScoreConfig(2, "owned", jacoby=True))  # turned: gammons count again
    assert bot.accept_resignation(gammon.swapped(), 1, jacoby)  # a single game is all it can get
    assert not bot.accept_resignation(gammon.swapped(), 1)
    # plays while the cube is 1: valued cubeful (the cube's live part counts gammons), neither as
    # money (gammons always count) nor as double match point (never)
    ev = bot.evaluator
    dmp = ScoreConfig(away=1, opp_away=1)
    differ_money = differ_dmp = 0
    for pos in positions[:40]:
        plays = legal_plays(pos, (6, 4))
        if len(plays) < 2:
            continue
        at_jacoby = ev.play_equities(plays, jacoby_value)
        for play, v in zip(plays, at_jacoby):
            assert v == pytest.approx(-jacoby_value(ev.evaluate(play.result.swapped())))
        assert bot.rank_plays(pos, (6, 4), ScoreConfig(cube=2, jacoby=True)) == bot.rank_plays(pos, (6, 4))
        chosen = bot.choose_play(pos, (6, 4), jacoby).key
        assert chosen == bot.rank_plays(pos, (6, 4), jacoby)[0][1].key
        differ_money += chosen != bot.choose_play(pos, (6, 4)).key
        differ_dmp += chosen != bot.choose_play(pos, (6, 4), dmp).key
    assert differ_money > 0 and differ_dmp > 0  # somewhere the rule changes the play, both ways


def test_looked_ahead_plays_blend_their_one_ply_and_zero_ply_values() -> None:
    # the opening 6-5 has many plays: the default level looks a roll deeper at its best few
    # (the strongest level then looks at its closest ones two rolls ahead: tests/bot/test_two_ply.py)
    pos, dice = Position.initial(), (6, 5)
    bot = Bot(level="advanced")
    assert bot.level.deep == 0
    blend = bot.level.blend
    assert 0.0 < blend < 1.0
    plays = legal_plays(pos, dice)
    zero = dict(zip((p.key for p in plays), bot.evaluator.play_equities(plays)))
    ranked = bot.rank_plays(pos, dice)
    looked = ranked[: bot.level.lookahead]
    for value, play in looked[:2]:
        one = bot.evaluator.one_ply_equity(play)
        assert value == pytest.approx((1.0 - blend) * one + blend * zero[play.key], abs=1e-12)
    # the rest keep their 0-ply value, ranked below the looked-at plays
    for value, play in ranked[len(looked) + 1 :]:
        assert value == pytest.approx(zero[play.key], abs=1e-12)
