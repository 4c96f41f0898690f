"""The bot's match entry point (:meth:`core.bot.Bot.decide`) answers each question as the
per-question methods do, the score and cube spelled out by hand, over seeded random matches."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from randomplay import Style, random_action

from core.bot import Answer, Bot, ScoreConfig
from core.bot.cube import CENTERED, OPPONENT, OWNED, MatchState
from core.bot.evaluator import drive
from core.match import Match
from core.position import Position
from core.setup import Setup


def by_hand(bot: Bot, match: Match, player: int) -> Answer:
    """The answer of the per-question methods, each given the score and cube read off ``match`` here."""
    game = match.game
    if match.is_over or game.player_to_act != player:
        return Answer("wait")

    def score(side: int) -> ScoreConfig:
        owner = CENTERED if game.cube_owner is None else OWNED if game.cube_owner == side else OPPONENT
        away = (0, 0) if match.is_money else (match.length - match.score[0], match.length - match.score[1])
        return ScoreConfig(
            cube=game.cube,
            owner=owner,
            away=away[side],
            opp_away=away[1 - side],
            crawford=match.crawford,
            post_crawford=match.post_crawford,
            jacoby=game.jacoby,
        )

    if game.phase == "roll":
        if game.can_double() and bot.should_double(game.position, score(player)):
            return Answer("double")
        return Answer("roll")
    if game.phase == "double":
        takes = bot.should_take(game.position, score(1 - player))
        if takes and game.can_beaver() and bot.should_beaver(game.position, score(1 - player)):
            return Answer("beaver")
        return Answer("take" if takes else "drop")
    if game.phase == "resign":
        assert game.resign_offer is not None
        accepts = bot.accept_resignation(game.current_position, game.resign_offer.level, score(player))
        return Answer("accept" if accepts else "decline")
    assert game.phase == "move"
    if not game.legal_plays():
        return Answer("pass")
    assert game.dice is not None
    return Answer("play", bot.choose_play(game.position, game.dice, score(player)))


STYLE = Style(double=0.15, take=0.7, beaver=0.3, resign=0.03, accept=0.3, by_steps=0.0)


def questions(seed: int, count: int) -> Iterator[Match]:
    """``count`` moments of seeded random matches where a player is asked something: money play
    (with and without the Jacoby rule and beavers) and matches of 1 to 9 points at every score."""
    rnd = random.Random(seed)
    found = 0
    while found < count:
        length = rnd.choice((0, 0, 1, 3, 5, 7, 9))
        if length:
            match = Match.new(length, score=(rnd.randrange(length), rnd.randrange(length)))
        else:
            match = Match.new(0, jacoby=rnd.random() < 0.5, beavers=rnd.random() < 0.5)
        for _ in range(rnd.randrange(10, 400)):
            if match.is_over:
                break
            match = random_action(match, rnd, STYLE)
            asked = match.game.phase in ("double", "resign")  # the rarer questions, every time
            if match.game.player_to_act is not None and (asked or rnd.random() < 0.1):
                found += 1
                yield match
                if found == count:
                    return


@pytest.mark.parametrize(("level", "count"), [("beginner", 200), ("intermediate", 200), ("expert", 25)])
def test_decide_answers_as_the_questions_asked_one_by_one(level: str, count: int) -> None:
    kinds: set[str] = set()
    scores: set[bool] = set()
    for n, match in enumerate(questions(sum(map(ord, level)), count)):
        player = match.game.player_to_act
        assert player is not None
        # the weaker levels draw noise: both bots draw from the same seeded source
        mine = Bot(level=level, rng=random.Random(n).random)
        theirs = Bot(level=level, rng=random.Random(n).random)
        decision = mine.decide(match)
        assert decision == by_hand(theirs, match, player), (n, match.game.phase)
        assert mine.decide(match, 1 - player) == Answer("wait")
        kinds.add(decision.kind)
        scores.add(match.is_money)
    assert scores == {True, False}
    if count >= 200:  # every kind of question was asked
        assert {"roll", "double", "take", "drop", "play", "accept"} <= kinds


def test_a_single_game_offered_where_a_gammon_is_near_is_declined_unless_the_jacoby_rule_holds() -> None:
    gammon = Position.from_text("x 3:5 2:5 1:4 / o 13:15")  # player 1 on roll wins a gammon nearly surely
    offered = Setup(gammon.swapped(), 0, resignation=1)  # player 0 offers a single game
    bot = Bot(level="expert")
    money = Match.new(0, setup=offered)
    assert bot.decide(money) == by_hand(bot, money, 1) == Answer("decline")
    assert bot.decide(Match.new(0, jacoby=True, setup=offered)) == Answer("accept")


def test_decide_steps_yields_while_it_looks_ahead_and_ends_as_decide() -> None:
    match = Match.new(5).opening_with(6, 5)  # a roll with many plays: the lookahead runs
    steps = Bot(level="strongest").decide_steps(match)
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            sliced = done.value
            break
    assert slices >= 21
    assert sliced == Bot(level="strongest").decide(match)


def test_the_score_is_read_from_each_side() -> None:
    match = Match.new(7, score=(6, 3), crawford_game=True).opening_with(3, 1)
    assert ScoreConfig.from_match(match, 1).match_state == MatchState(4, 1, crawford=True, post_crawford=False)
    assert not ScoreConfig.from_match(match, 0).cube_live
    later = Match.new(7, score=(6, 3))
    assert ScoreConfig.from_match(later, 0).match_state == MatchState(1, 4, crawford=False, post_crawford=True)
    assert ScoreConfig.from_match(Match.new(0), 0).match_state is None
    assert drive(Bot().decide_steps(Match.new(0))) == Answer("wait")  # the opening roll asks nobody
    over = Match.new(1).opening_with(3, 1).resign(3)  # a 1-point match: the resignation ends it
    assert Bot().decide(over, 0) == Answer("wait")
    assert Position.initial() == Match.new(0).game.position
