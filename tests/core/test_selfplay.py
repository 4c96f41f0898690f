"""Random self-play: many whole games between random players, checking the rules at every action.

Checks checker conservation (15 a side on the board, the bar and off), that
every play is one of :func:`~core.moves.legal_plays` (re-applied here by an
independent, naive step applier), the game's invariants (phases, dice, cube,
offers, results), the match's score and Crawford game, and that every game
ends. ``VIDEAU_SELFPLAY_GAMES`` sets the number of games: 2,000 by default under
CPython (each ending -- bear-off, pass, resign; single, gammon, backgammon -- is
reached more than 250 times), 300 under Pyodide; ``VIDEAU_SELFPLAY_GAMES=10000``
for a deeper search after a change to the rules.
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter

import pytest
from randomplay import Style, random_action
from reference_moves import reference_plays

from core.game import MAX_CUBE, Game
from core.match import Match
from core.moves import legal_plays, pack
from core.position import BAR, CHECKERS, Position

DEFAULT_GAMES = 300 if sys.platform == "emscripten" else 2_000
GAMES = int(os.environ.get("VIDEAU_SELFPLAY_GAMES", DEFAULT_GAMES))
MAX_ACTIONS_PER_GAME = 3000


def apply_steps(position: Position, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Apply steps naively (mover's view), checking only that each checker exists and may land.

    Returns both sides after them (mover first) and the points hit as a bit mask (bit ``p - 1`` for point ``p``).
    """
    me, them = list(position.player), list(position.opponent)
    hits = 0
    for s, t in steps:
        source = BAR if s == 25 else s - 1
        assert me[source] > 0, f"step {s}/{t}: no checker on {s} in {position!r}"
        me[source] -= 1
        if t != 0:
            theirs = 24 - t
            assert them[theirs] <= 1, f"step {s}/{t} lands on a point held by the opponent in {position!r}"
            if them[theirs] == 1:
                them[theirs] = 0
                them[BAR] += 1
                hits |= 1 << (t - 1)
            me[t - 1] += 1
    return tuple(me), tuple(them), hits


def check_game(game: Game) -> None:
    """The invariants of any game state."""
    assert 0 < sum(game.position.player) <= CHECKERS or game.phase == "over"
    assert 0 < sum(game.position.opponent) <= CHECKERS
    assert game.cube in (1, 2, 4, 8, 16, 32, 64)
    assert (game.cube_owner is None) == (game.cube == 1)
    assert game.cube_available or game.cube == 1
    assert game.cube <= MAX_CUBE
    assert (game.result is None) == (game.phase != "over")
    assert bool(game.legal_actions()) == (game.phase != "over")
    phase = game.phase
    if phase == "opening":
        assert game.turn is None
        assert game.dice is None
        assert not game.actions
    else:
        assert game.turn in (0, 1)
    if phase in ("roll", "double"):
        assert game.dice is None
        assert game.turn_in_progress is None
    if phase == "move" or (phase == "resign" and game.dice is not None):
        turn = game.turn_in_progress
        assert turn is not None
        assert turn.dice == game.dice
        assert turn.start_position == game.position
    if phase == "double":
        assert game.cube_available
        assert game.cube_owner in (None, game.turn)
        assert game.cube < MAX_CUBE
    if phase == "resign":
        offer = game.resign_offer
        assert offer is not None
        assert offer.by == game.turn
        assert offer.level > game.declined_level
    if phase == "over":
        result = game.result
        assert result is not None
        multiplier = {"single": 1, "gammon": 2, "backgammon": 3}[result.kind]
        if game.jacoby and game.cube == 1:
            multiplier = 1
        if result.how == "pass":
            assert result.points == game.cube
            assert result.kind == "single"
        else:
            assert result.points == multiplier * game.cube
        if result.how == "bear-off":
            assert game.turn == result.winner
            loser = game.position.opponent
            assert sum(game.position.player) == 0
            assert sum(loser) > 0
            if sum(loser) < CHECKERS:
                assert result.kind == "single"
            elif loser[BAR] or any(loser[18:24]):
                assert result.kind == "backgammon"
            else:
                assert result.kind == "gammon"


def check_play(before: Game, after: Game, rnd: random.Random) -> None:
    """The last action of ``after`` is a play: it must be legal and conserve checkers."""
    action = after.actions[-1]
    assert action.kind == "play"
    assert action.player == before.turn
    assert before.dice is not None
    start = before.position
    plays = before.legal_plays()
    if rnd.random() < 0.005:
        assert set(plays) == set(legal_plays(start, before.dice)) == set(reference_plays(start, before.dice))
    if not action.steps:
        assert not plays, "a roll with a legal play was passed"
        me, them = start.player, start.opponent
    else:
        me, them, hits = apply_steps(start, action.steps)
        key = (hits << 100) | pack(me)
        assert key in {p.key for p in plays}, f"{action} is not legal in {start!r} with {before.dice}"
    offs = sum(1 for _, t in action.steps if t == 0)
    assert sum(me) == sum(start.player) - offs  # checkers leave only by bearing off
    assert sum(them) == sum(start.opponent)  # a hit checker goes to the bar
    assert them[BAR] >= start.opponent[BAR]
    assert all(n >= 0 for n in me)
    assert not any(me[i] and them[23 - i] for i in range(24))
    if after.phase == "over":
        assert (after.position.player, after.position.opponent) == (me, them)
    else:
        assert (after.position.player, after.position.opponent) == (them, me)
    if after.phase != "over":
        assert after.turn == 1 - before.turn
        assert after.phase == "roll"
        assert after.declined_level == 0


def play_match(match: Match, rnd: random.Random, style: Style, stats: Counter[str], games_left: int) -> int:
    """Play ``match`` with random players to its end (money: a few games); return the games finished."""
    finished = 0
    crawford_seen = False
    actions_this_game = 0
    money_games = rnd.randint(1, 6)
    while not match.is_over and finished < games_left:
        before = match
        match = random_action(match, rnd, style)
        game = match.game
        check_game(game)
        actions_this_game += 1
        assert actions_this_game < MAX_ACTIONS_PER_GAME, f"game does not end: {game!r}"
        if len(match.games) != len(before.games):  # a new game started
            assert before.game.is_over
            entry = match.games[-1]
            assert entry.score_before == before.score
            n = match.length
            s0, s1 = before.games[-1].score_before, entry.score_before
            expect = match.crawford_rule and n > 1 and max(s1) == n - 1 and max(s0) < n - 1
            assert entry.crawford == expect
            if entry.crawford:
                assert not crawford_seen, "two Crawford games"
                crawford_seen = True
            assert game.cube_available == (n != 1 and not entry.crawford)
            actions_this_game = 0
            continue
        old = before.game
        if len(game.actions) > len(old.actions) and game.actions[len(old.actions)].kind == "play":
            check_play(old, game, rnd)
        if game.is_over and not old.is_over:
            finished += 1
            result = game.result
            assert result is not None
            stats[result.how] += 1
            stats[result.kind] += 1
            gained = (match.score[0] - before.score[0], match.score[1] - before.score[1])
            assert gained[result.winner] == result.points
            assert gained[result.loser] == 0
            if match.length:
                assert match.is_over == (max(match.score) >= match.length)
                if match.is_over:
                    assert match.winner == result.winner
            elif finished >= money_games:
                match = match.resign_match(rnd.randrange(2))
                assert match.is_over
    return finished


@pytest.mark.slow
def test_random_selfplay() -> None:
    rnd = random.Random(20_240_611)
    stats: Counter[str] = Counter()
    finished = 0
    matches = 0
    while finished < GAMES:
        length = rnd.choice((0, 0, 1, 2, 3, 5, 7, 9))
        crawford_rule = rnd.random() < 0.85
        jacoby = length == 0 and rnd.random() < 0.5
        style = Style(double=rnd.choice((0.02, 0.08, 0.3)), take=rnd.choice((0.5, 0.9)), by_steps=0.03)
        match = Match.new(length, crawford_rule=crawford_rule, jacoby=jacoby)
        finished += play_match(match, rnd, style, stats, GAMES - finished)
        matches += 1
    assert finished >= GAMES
    if GAMES >= 1000:  # the random players reach every ending
        for kind in ("bear-off", "pass", "resign", "single", "gammon", "backgammon"):
            assert stats[kind] > 0, (kind, stats)
