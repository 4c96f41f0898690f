"""Videau's computer opponent: a small neural net, a bear-off database, cube and resignation logic.

Importing this package is cheap: the weights and the bear-off database load on first use.

>>> from core.position import Position
>>> bot = Bot(level="expert")
>>> play = bot.choose_play(Position.initial(), (3, 1))
>>> play.steps
((8, 5), (6, 5))

Levels: ``"beginner"``, ``"intermediate"``, ``"advanced"`` (alias ``"expert"``) and
``"strongest"``. The two weaker ones add noise to each candidate's equity, drawn from the
``rng`` given (a callable returning a float in [0, 1), e.g. ``random.Random(7).random``),
so a seeded rng makes them deterministic. ``"advanced"`` (the default) looks one roll ahead
(1-ply) on its 3 best plays within 0.16 of the best, at most about 2,400 replies per move
(a median move of 115 ms in Pyodide since the evaluation became faster; see
bench/journal/2026-12.md, "With the faster evaluation").
``"strongest"`` does the same on its top 6 within 0.3, at most about 4,500 replies, then looks
two rolls ahead (2-ply) at its 3 best of those within 0.1 (while their replies number at most
1,500), the last ply's plays pre-ranked by pubeval and only the best 2 of each roll rated by the
net: :meth:`Evaluator.two_ply_steps` (a median move of about 0.6 s in Pyodide, 1.2 s at most
on the speed benchmark's positions).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, cast

from ..moves import Play, legal_plays
from ..position import Position
from .cube import (
    CENTERED,
    CUBE_LIFE,
    OPPONENT,
    OWNED,
    CubeDecision,
    MatchState,
    cube_life,
    jacoby_value,
    match_decision,
    money_decision,
    score_value,
)
from .cube import accept_resignation as _accept_resignation
from .cube_ahead import (
    Exact,
    Replies,
    as_replies,
    deeper_replies,
    match_decision_ahead,
    money_decision_ahead,
    no_cube_play,
)
from .evaluator import Evaluator, Probs, drive, equity, flip
from .score import MONEY, ScoreConfig

if TYPE_CHECKING:
    from ..match import Match

BEAVER_MARGIN = 0.1
"""How far above 0 (per unit of the cube before doubling) the taker's equity must be to beaver."""

__all__ = [
    "LEVELS",
    "Bot",
    "CubeDecision",
    "Answer",
    "AnswerKind",
    "Level",
    "MatchState",
    "decision_margin",
    "NoLegalPlayError",
    "Evaluator",
    "Probs",
    "MONEY",
    "ScoreConfig",
    "equity",
    "play_value",
]

UniformRng = Callable[[], float]
"""A source of floats in [0, 1) for the weaker levels' noise."""


class NoLegalPlayError(ValueError):
    """``choose_play`` was asked to play a roll that cannot be played at all."""


AnswerKind = Literal["roll", "double", "take", "beaver", "drop", "accept", "decline", "play", "pass", "wait"]
"""The answers to the questions a match asks (:meth:`Bot.decide`): before the roll ``"double"`` or
``"roll"``; to a double ``"take"``, ``"beaver"`` or ``"drop"``; to an offer to resign ``"accept"``
or ``"decline"``; with the dice ``"play"``, or ``"pass"`` when nothing can be played; ``"wait"``
when the match asks this player nothing."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a player does now in a match (:meth:`Bot.decide`); ``play`` for a ``"play"``."""

    kind: AnswerKind
    play: Play | None = None


@dataclass(frozen=True, slots=True)
class Level:
    """How a level plays: equity noise (standard deviation), and 1-ply lookahead on the top ``lookahead`` plays."""

    name: str
    noise: float = 0.0
    lookahead: int = 0
    lookahead_margin: float = 0.16
    lookahead_budget: int = 2400
    """At most about this many reply positions evaluated per move (keeps the slowest moves short)."""
    blend: float = 0.0
    """A looked-ahead play is valued ``(1 - blend) * 1-ply + blend * 0-ply``: averaging an odd and
    an even depth cancels part of each one's bias (the analysis's :class:`core.analysis.engine.Depth`
    blends alike)."""
    deep: int = 0
    """Of the looked-ahead plays, at most this many (best first, within ``deep_margin`` of the best)
    are valued two rolls ahead (2-ply, :meth:`core.bot.evaluator.Evaluator.two_ply_steps`) and
    ranked by that value alone."""
    deep_margin: float = 0.1
    """A play is valued two rolls ahead only if its looked-ahead value is within this of the best's."""
    deep_keep: int = 2
    """In the 2-ply's last ply, the mover's plays of each roll are pre-ranked by pubeval and only
    this many are rated by the net (the others cost a linear score each); the opponent's replies
    before it are the ones the 1-ply already chose, not pruned."""
    deep_budget: int = 1500
    """The 2-ply runs on a play only while the opponent's replies counted by the 1-ply of the
    plays valued so far, that one included, stay within this (keeps the slowest moves short)."""
    cube_ply: int = 0
    """Cube decisions at 0-ply (the net's probabilities in the cube model), 1 (one roll ahead,
    cubeful: :meth:`Bot.cube_decision_steps`) or 2 (two rolls ahead, cubeful at both: after each
    roll, the opponent's 21 rolls and its cube action in turn)."""
    cube_margin: float = math.inf
    """At ``cube_ply`` 2, a decision whose one-roll answer is at least this far from both of its
    boundaries (:func:`decision_margin`) keeps that answer: only the close calls look deeper."""

    def looks_deeper(self, one_roll: CubeDecision) -> bool:
        """Whether a cube decision whose one-roll answer is ``one_roll`` is a close call, looked at one
        roll deeper (:attr:`cube_margin`)."""
        return decision_margin(one_roll) < self.cube_margin


LEVELS: dict[str, Level] = {
    # the noises that make each play as its name says by the page's Analyse (#59: bench/level_ratings.py,
    # Beginner 26-35 and Intermediate 12-18 mEMG a decision; they were 0.30 and 0.10: 96 and 40)
    "beginner": Level("beginner", noise=0.085),
    "intermediate": Level("intermediate", noise=0.038),
    "advanced": Level(
        "advanced", lookahead=3, lookahead_margin=0.16, lookahead_budget=2400, blend=0.2, cube_ply=2,
        cube_margin=0.25,
    ),
    "strongest": Level(
        "strongest", lookahead=6, lookahead_margin=0.3, lookahead_budget=4500, blend=0.2, cube_ply=2,
        cube_margin=0.25,
        deep=3, deep_margin=0.1, deep_keep=2, deep_budget=1500,
    ),
}
LEVELS["expert"] = LEVELS["advanced"]
DEFAULT_LEVEL = "advanced"


def decision_margin(d: CubeDecision) -> float:
    """How far a cube decision is from changing: the distance of no double from the better of
    double/take and double/pass for the doubler, and of double/take from double/pass for the taker
    (equities per unit of cube, or normalized match equities), whichever is smaller.

    >>> decision_margin(CubeDecision(False, True, 0.1, -0.3, 1.0))   # no double by 0.4, take by 1.3
    0.4
    """
    return min(abs(d.no_double - min(d.double_take, d.double_pass)), abs(d.double_take - d.double_pass))


def deep_candidates(deep: dict[int, float], cost_of: dict[int, int], level: Level) -> list[int]:
    """The looked-ahead plays a level values two rolls ahead: the keys of ``deep`` (their 1-ply
    values) best first (ties: the smaller key), at most ``level.deep`` within ``level.deep_margin``
    of the best, while the 1-ply reply counts ``cost_of`` of those taken stay within
    ``level.deep_budget``; none when fewer than two qualify (nothing to compare).

    >>> lv = Level("x", deep=3, deep_margin=0.1, deep_budget=1000)
    >>> deep_candidates({4: 0.30, 7: 0.25, 9: 0.10}, {4: 400, 7: 500, 9: 50}, lv)
    [4, 7]
    >>> deep_candidates({4: 0.30, 7: 0.25}, {4: 400, 7: 700}, lv)
    []
    """
    if not level.deep or not deep:
        return []
    ranked = sorted(deep, key=lambda k: (-deep[k], k))
    out: list[int] = []
    used = 0
    for k in ranked[: level.deep]:
        if deep[k] < deep[ranked[0]] - level.deep_margin:
            break
        used += cost_of[k]
        if used > level.deep_budget:
            break
        out.append(k)
    return out if len(out) >= 2 else []


def _gauss(rng: UniformRng) -> float:
    """A standard normal draw from two uniforms (Box-Muller)."""
    u1 = rng()
    u2 = rng()
    return math.sqrt(-2.0 * math.log(1.0 - u1)) * math.cos(2.0 * math.pi * u2)


class Bot:
    """A computer player at one level. All positions are seen by the side on roll."""

    def __init__(
        self, level: str = DEFAULT_LEVEL, rng: UniformRng | None = None, evaluator: Evaluator | None = None
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"bot level {level!r}: expected one of {', '.join(sorted(LEVELS))}")
        self.level = LEVELS[level]
        self._rng = rng if rng is not None else random.Random().random
        self.evaluator = evaluator if evaluator is not None else Evaluator.shared()
        self.cube_by_class = True
        """Cube life by position class (:func:`core.bot.cube.cube_life`); ``False``: 0.68 everywhere."""

    # -- the question a match asks ------------------------------------------------------
    def decide(self, match: Match, player: int | None = None) -> Answer:
        """What this level does now in ``match`` as ``player`` (by default the player to act), all
        at once: see :meth:`decide_steps`.

        >>> from core.match import Match
        >>> bot = Bot(level="expert")
        >>> bot.decide(Match.new(5).opening_with(3, 1).play("8/5 6/5"))
        Answer(kind='roll', play=None)
        >>> bot.decide(Match.new(5).opening_with(1, 3)).play.steps
        ((8, 5), (6, 5))
        >>> bot.decide(Match.new(5).opening_with(1, 3), player=0).kind   # player 1 is on roll
        'wait'
        """
        return drive(self.decide_steps(match, player))

    def decide_steps(self, match: Match, player: int | None = None) -> Generator[None, None, Answer]:
        """:meth:`decide` in small steps, for a caller that must keep a page responsive: yields between
        pieces of work of a few milliseconds (each roll of a lookahead), returns the :class:`Answer`.

        The question is the one ``match`` asks now, the score and cube read by
        :meth:`ScoreConfig.from_match`: on roll, double or roll (:meth:`should_double`, where the
        player may double); doubled, take, beaver (money play, where beavers are played) or drop
        (:meth:`should_take`, the position and score seen by the doubler); offered a resignation,
        accept or decline (:meth:`accept_resignation`); with the dice, the play
        (:meth:`choose_play`), or a pass when none is legal. ``"wait"`` when the match is over or
        ``player`` is not the one to act."""
        game = match.game
        if player is None:
            player = game.player_to_act
        if match.is_over or player is None or game.player_to_act != player:
            return Answer("wait")
        if game.phase == "roll":
            if game.can_double():
                doubles = yield from self._should_double_steps(game.position, ScoreConfig.from_match(match, player))
                if doubles:
                    return Answer("double")
            return Answer("roll")
        if game.phase == "double":  # the position is seen by the doubler, the score from its side too
            doubler = ScoreConfig.from_match(match, 1 - player)
            takes = yield from self._should_take_steps(game.position, doubler)
            if takes and game.can_beaver() and self.should_beaver(game.position, doubler):
                return Answer("beaver")
            return Answer("take" if takes else "drop")
        if game.phase == "resign" and game.resign_offer is not None:
            score = ScoreConfig.from_match(match, player)
            on_roll = game.resign_offer.by == game.turn  # else offered on our turn, by the other player
            accepts = self.accept_resignation(game.current_position, game.resign_offer.level, score, on_roll=on_roll)
            return Answer("accept" if accepts else "decline")
        if game.phase == "move":
            if not game.legal_plays():
                return Answer("pass")
            assert game.dice is not None
            play = yield from self._choose_play_steps(game.position, game.dice, ScoreConfig.from_match(match, player))
            return Answer("play", play)
        return Answer("wait")

    # -- evaluation ----------------------------------------------------------------
    def evaluate(self, position: Position) -> Probs:
        """Cubeless probabilities for the side on roll, before it rolls:
        (win, win gammon, win backgammon, lose gammon, lose backgammon)."""
        return self.evaluator.evaluate(position)

    def equity(self, position: Position) -> float:
        """Cubeless money equity of the side on roll."""
        return equity(self.evaluate(position))

    def rank_plays(
        self, position: Position, dice: Sequence[int], score: ScoreConfig = MONEY
    ) -> list[tuple[float, Play]]:
        """Every legal play with its equity for the mover (best first), at this level's depth, without
        noise; ``score``: the score and cube from the mover's side (:func:`play_value`: at a match
        score, :func:`core.bot.cube.score_value`, what a gammon is worth there at the cube; money
        play under the Jacoby rule, gammons count only through the cube while it is 1)."""
        return drive(self._rank_plays_steps(position, dice, score))

    def _rank_plays_steps(
        self, position: Position, dice: Sequence[int], score: ScoreConfig
    ) -> Generator[None, None, list[tuple[float, Play]]]:
        """:meth:`rank_plays` in small steps: yields between pieces of work of a few
        milliseconds (each opponent roll of a lookahead), returns the ranking."""
        plays = legal_plays(position, dice)
        if not plays:
            return []
        value = play_value(score.match_state, score.cube, score.jacoby)
        scores = self.evaluator.play_equities(plays, value)
        ranked = sorted(zip(scores, range(len(plays))), key=lambda t: (-t[0], t[1]))  # ties: first generated
        if self.level.lookahead and len(plays) > 1:
            best = ranked[0][0]
            top = [i for s, i in ranked[: self.level.lookahead] if s >= best - self.level.lookahead_margin]
            if len(top) > 1:
                deep: dict[int, float] = {}
                cost_of: dict[int, int] = {}
                used = 0
                blend = self.level.blend
                replies: dict[int, list[Position]] = {}
                for i in top:
                    replies[i] = []
                    one, cost = yield from self.evaluator.one_ply_steps(plays[i], value, replies[i])
                    deep[i] = (1.0 - blend) * one + blend * scores[i]
                    cost_of[i] = cost
                    used += cost
                    if used + cost > self.level.lookahead_budget:
                        break
                if len(deep) == 1:  # no time for a second opinion: keep the 0-ply order
                    deep = {}
                deep_ranked = sorted(((v, i) for i, v in deep.items()), key=lambda t: (-t[0], t[1]))
                ranked = deep_ranked + [r for r in ranked if r[1] not in deep]
                second: dict[int, float] = {}
                for i in deep_candidates(deep, cost_of, self.level):
                    second[i], _count = yield from self.evaluator.two_ply_steps(
                        plays[i], value, self.level.deep_keep, replies[i] or None
                    )
                if second:
                    two_ranked = sorted(((v, i) for i, v in second.items()), key=lambda t: (-t[0], t[1]))
                    ranked = two_ranked + [r for r in ranked if r[1] not in second]
        return [(s, plays[i]) for s, i in ranked]

    def choose_play(self, position: Position, dice: Sequence[int], score: ScoreConfig = MONEY) -> Play:
        """The play this level makes: always one of ``legal_plays(position, dice)``; ``score``: the
        score, cube and rules from the mover's side, as in :meth:`rank_plays`."""
        return drive(self._choose_play_steps(position, dice, score))

    def _choose_play_steps(
        self, position: Position, dice: Sequence[int], score: ScoreConfig
    ) -> Generator[None, None, Play]:
        """:meth:`choose_play` in small steps (see :meth:`_rank_plays_steps`)."""
        plays = legal_plays(position, dice)
        if not plays:
            raise NoLegalPlayError(f"dice {tuple(dice)!r}: no legal play in position {position.to_id()}")
        if len(plays) == 1:
            return plays[0]
        if self.level.noise > 0.0:
            scores = self.evaluator.play_equities(plays, play_value(score.match_state, score.cube, score.jacoby))
            noisy = [s + self.level.noise * _gauss(self._rng) for s in scores]
            return plays[max(range(len(plays)), key=noisy.__getitem__)]
        ranked = yield from self._rank_plays_steps(position, dice, score)
        return ranked[0][1]

    # -- cube --------------------------------------------------------------------------
    def cube_decision(self, position: Position, score: ScoreConfig = MONEY, ply: int = 0) -> CubeDecision:
        """The full cube analysis for the side on roll (before its roll), ``score`` seen by it (the
        cube, its owner, the match score, the Jacoby rule in money play). ``ply`` 0: the net's
        probabilities in the cube model; 1: one roll ahead, cubeful
        (:func:`core.bot.cube_ahead.money_decision_ahead`, :func:`core.bot.cube_ahead.match_decision_ahead`),
        yielding after each of the 21 rolls; 2: two rolls ahead, cubeful at both rolls, where the
        one-roll answer is a close call (:meth:`Level.looks_deeper`): each roll's position is
        valued by the opponent's own 21 rolls (its best of pubeval's :attr:`Level.deep_keep`
        plays each, :meth:`~core.bot.evaluator.Evaluator.replies_each_steps`) and its cube action
        on them, as GNU Backgammon's manual describes its 2-ply cubeful evaluation, yielding after
        each of the 21 x 21 rolls (when driven by :meth:`decide_steps`). At the end of a bear-off
        (:meth:`core.bot.bearoff_cube.ExactBearoff.covers`) the exact answer."""
        return drive(self._cube_decision_steps(position, score, ply))

    def _cube_decision_steps(
        self, position: Position, score: ScoreConfig, ply: int
    ) -> Generator[None, None, CubeDecision]:
        """:meth:`cube_decision` in small steps."""
        cube, owner, match, jacoby = score.cube, score.owner, score.match_state, score.jacoby
        known = self.evaluator.exact_cube(position, owner, match, cube)
        if known is not None:
            return known
        if ply and (match is None or not no_cube_play(match, cube)):
            life = cube_life if self.cube_by_class else (lambda _a, _b: CUBE_LIFE)
            exact = cast(Exact, self.evaluator.exact_cube)

            # each roll played as the level plays it there: by the score's value in a match (as the hints)
            at_score = None if match is None else score_value(match, cube)
            found = yield from self.evaluator.replies_steps(position, at_score)
            replies = as_replies(found, life)

            def ahead(deeper: list[Replies | None] | None) -> CubeDecision:
                if match is None:
                    return money_decision_ahead(replies, owner, jacoby, exact, deeper)
                return match_decision_ahead(replies, match, cube, owner, exact, deeper)

            decision = ahead(None)
            if ply < 2 or not self.level.looks_deeper(decision):
                return decision
            leaves = yield from self.evaluator.replies_each_steps([q for _, q, _ in found], self.level.deep_keep)
            return ahead(deeper_replies(leaves, life))
        p = self.evaluate(position)
        x = cube_life(position.player, position.opponent) if self.cube_by_class else CUBE_LIFE
        if match is None:
            return money_decision(p, owner, x, jacoby)
        return match_decision(p, match, cube, owner, x)

    def should_double(self, position: Position, score: ScoreConfig = MONEY) -> bool:
        """Should the side on roll double? ``score`` seen by it: never when the other side owns the
        cube; in money play under the Jacoby rule, gammons count only once the cube is turned
        (:func:`core.bot.cube.money_decision`). At the level's cube depth (:attr:`Level.cube_ply`)."""
        return drive(self._should_double_steps(position, score))

    def _should_double_steps(self, position: Position, score: ScoreConfig) -> Generator[None, None, bool]:
        """:meth:`should_double`, yielding while it looks ahead."""
        if score.owner == OPPONENT:
            return False
        decision = yield from self._cube_decision_steps(position, score, self.level.cube_ply)
        if self.level.noise > 0.0:
            margin = decision.no_double - min(decision.double_take, decision.double_pass)
            return margin + self.level.noise * 0.5 * _gauss(self._rng) < 0.0
        return decision.double

    def should_take(self, position: Position, score: ScoreConfig = MONEY) -> bool:
        """Take a double? ``position`` is seen by the doubler (on roll), as in the game at that moment;
        ``score`` from the doubler's side too, its cube the value before doubling (centred at 1,
        the doubler's above; the Jacoby rule no longer matters once the cube is turned)."""
        return drive(self._should_take_steps(position, score))

    def _should_take_steps(self, position: Position, score: ScoreConfig) -> Generator[None, None, bool]:
        """:meth:`should_take`, at the level's cube depth, yielding while it looks ahead."""
        decision = yield from self._cube_decision_steps(position, _doubler(score), self.level.cube_ply)
        return decision.take

    def should_beaver(self, position: Position, score: ScoreConfig = MONEY) -> bool:
        """Beaver a money double (take and redouble at once)? As :meth:`should_take`, money play only
        (the match score in ``score`` is not read).

        Yes when the taker's cubeful equity after taking (``-double_take``, per unit of the
        cube before doubling) is clearly positive: over :data:`BEAVER_MARGIN`.
        """
        decision = self.cube_decision(position, ScoreConfig(score.cube, _doubler(score).owner))
        return decision.take and -decision.double_take > BEAVER_MARGIN

    def accept_resignation(
        self, position: Position, points: int, score: ScoreConfig = MONEY, *, on_roll: bool = True
    ) -> bool:
        """Accept the opponent's offer to resign ``points`` (1 single, 2 gammon, 3 backgammon) x the cube?

        ``position`` is seen by the side on roll: the side offering (``on_roll``), or ours when the
        opponent offers on our turn (``on_roll=False``); ``score`` by ours (in money play under the
        Jacoby rule a resignation before the cube is turned scores a single game).
        """
        p = flip(self.evaluate(position)) if on_roll else self.evaluate(position)
        if position.is_game_over():
            return True
        return _accept_resignation(p, points, score.cube, score.match_state, jacoby=score.jacoby)


def _doubler(score: ScoreConfig) -> ScoreConfig:
    """The doubler's side of a double answered at ``score`` (the doubler's, cube before doubling) as
    the take is valued: centred at 1, the doubler's above, without the Jacoby rule."""
    return ScoreConfig(
        score.cube,
        CENTERED if score.cube == 1 else OWNED,
        score.cube_live,
        score.away,
        score.opp_away,
        score.post_crawford,
        False,
        score.crawford,
    )


def play_value(match: MatchState | None, cube: int, jacoby: bool) -> Callable[[Probs], float] | None:
    """How plays are valued: at the match score; under the Jacoby rule while the cube is 1 (never
    turned), cubeful (:func:`core.bot.cube.jacoby_value`: gammons count only through the cube);
    else money equity (``None``)."""
    if match is not None:
        return score_value(match, cube)
    return jacoby_value if jacoby and cube == 1 else None


_ = (OWNED,)
