"""The strongest level's second roll of lookahead (:meth:`Evaluator.two_ply_steps`), checked against
a plain search written here with the public pieces (``legal_plays``, ``pubeval_score``, ``evaluate``)."""

from __future__ import annotations

import random

import pytest

from core.bot import LEVELS, Bot, Level, deep_candidates
from core.bot.cube import MatchState, score_value
from core.bot.evaluator import Evaluator, Value, drive
from core.bot.net import equity
from core.bot.pubeval import packed_scorer, pubeval_score
from core.dice import ROLLS
from core.moves import Play, legal_plays
from core.position import Position
from tests.bot.plain_search import plain_one_ply_probs


def test_packed_pubeval_scores_every_play_as_pubeval_does(positions: list[Position]) -> None:
    rng = random.Random(3)
    checked = races = 0
    for pos in positions[::3]:
        race = pos.is_race()
        score = packed_scorer(race, pos)
        for play in legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6))):
            r = play.result
            assert score(play._board, play._hits) == pytest.approx(pubeval_score(race, r.player, r.opponent), abs=1e-9)
            checked += 1
            races += race
    assert checked > 500 and races > 0
    # bearing the last checker off wins outright, as in pubeval_score
    last = Position.from_text("x 1:1 / o 6:2")
    (win,) = legal_plays(last, (2, 1))
    won = win.result
    assert packed_scorer(True, last)(win._board, win._hits) == pubeval_score(True, won.player, won.opponent)


def plain_two_ply(ev: Evaluator, play: Play, keep: int, value: Value | None = None) -> float:
    """The mover's equity after ``play``, two rolls ahead: the opponent answers each roll with its
    reply worst for us at 0-ply; then each of our rolls is played with our best play at 0-ply among
    our ``keep`` best by pubeval (ties: first generated)."""
    mine = equity if value is None else value  # of probabilities of the side on roll
    total = 0.0
    opponent = play.result.swapped()
    for r1 in ROLLS:
        replies = legal_plays(opponent, r1.dice)
        options = [p.result.swapped() for p in replies] or [play.result]
        worst = min(options, key=lambda q: mine(ev.evaluate(q)))
        total += r1.ways * mine(plain_one_ply_probs(ev, worst, keep, value))
    return total / 36.0


CASES = [
    (Position.initial(), (6, 4)),
    (Position.from_text("x bar:1 13:4 8:3 6:4 24:1 21:2 / o 6:4 8:2 13:4 5:2 3:2 24:1"), (4, 1)),
]


@pytest.mark.parametrize(("pos", "dice"), CASES)
def test_two_ply_is_the_plain_search(pos: Position, dice: tuple[int, int]) -> None:
    ev = Evaluator.shared()
    play = legal_plays(pos, dice)[0]
    value, rated = drive(ev.two_ply_steps(play, keep=2))
    assert value == pytest.approx(plain_two_ply(ev, play, 2), abs=1e-9)
    assert 21 <= rated <= 2 * 21 * 21  # at most two plays rated by the net per roll of ours
    # the replies the 1-ply found are the ones it starts from
    replies: list[Position] = []
    drive(ev.one_ply_steps(play, None, replies))
    assert len(replies) == 21
    assert drive(ev.two_ply_steps(play, keep=2, replies=replies))[0] == value


def test_two_ply_at_a_match_score_and_without_pruning() -> None:
    ev = Evaluator.shared()
    pos = Position.from_text("x 13:3 8:3 6:4 5:2 3:1 24:2 / o 6:4 8:2 13:4 7:2 24:2 21:1")
    play = legal_plays(pos, (5, 2))[1]
    value = score_value(MatchState(5, 2), cube=1)
    at_score = drive(ev.two_ply_steps(play, value, keep=2))[0]
    assert at_score == pytest.approx(plain_two_ply(ev, play, 2, value), abs=1e-9)
    assert at_score != pytest.approx(drive(ev.two_ply_steps(play, keep=2))[0], abs=1e-6)
    # keeping every play is the unpruned 2-ply
    assert drive(ev.two_ply_steps(play, keep=99))[0] == pytest.approx(plain_two_ply(ev, play, 99), abs=1e-9)


def test_the_strongest_level_ranks_its_closest_plays_two_rolls_ahead() -> None:
    pos, dice = Position.initial(), (6, 4)
    bot = Bot(level="strongest")
    level = bot.level
    assert level.deep >= 2 and level.deep_keep == 2
    ev = bot.evaluator
    plays = legal_plays(pos, dice)
    ranked = bot.rank_plays(pos, dice)
    zero = dict(zip((p.key for p in plays), ev.play_equities(plays)))
    order = sorted(plays, key=lambda p: -zero[p.key])
    top = [p for p in order[: level.lookahead] if zero[p.key] >= zero[order[0].key] - level.lookahead_margin]
    blended = {p.key: (1 - level.blend) * ev.one_ply_equity(p) + level.blend * zero[p.key] for p in top}
    counts = {p.key: ev.one_ply(p)[1] for p in top}
    chosen = deep_candidates(blended, counts, level)  # keys of the plays looked at two rolls ahead
    assert len(chosen) >= 2
    deep = {p.key: drive(ev.two_ply_steps(p, keep=level.deep_keep))[0] for p in plays if p.key in chosen}
    head = ranked[: len(deep)]
    assert {p.key for _, p in head} == set(deep)
    for value, p in head:
        assert value == pytest.approx(deep[p.key], abs=1e-12)
    assert [v for v, _ in head] == sorted((v for v, _ in head), reverse=True)
    # then the other looked-ahead plays, by their blended 1-ply values
    rest = [(v, p) for v, p in ranked[len(deep) :] if p.key in blended]
    for value, p in rest:
        assert value == pytest.approx(blended[p.key], abs=1e-12)


def test_deep_candidates_respect_margin_count_and_budget() -> None:
    level = Level("x", deep=2, deep_margin=0.05, deep_budget=900)
    values = {1: 0.20, 2: 0.17, 3: 0.16, 4: 0.0}
    costs = {1: 300, 2: 300, 3: 300, 4: 10}
    assert deep_candidates(values, costs, level) == [1, 2]  # at most two
    assert deep_candidates(values, costs, Level("x", deep=4, deep_margin=0.05, deep_budget=900)) == [1, 2, 3]
    assert deep_candidates(values, costs, Level("x", deep=4, deep_margin=0.05, deep_budget=599)) == []  # one fits
    assert deep_candidates(values, costs, Level("x", deep=0)) == []
    assert deep_candidates({1: 0.2, 2: 0.2}, {1: 1, 2: 1}, level) == [1, 2]  # ties: the first generated first
    assert LEVELS["advanced"].deep == 0  # the default level keeps one roll of lookahead
