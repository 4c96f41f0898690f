"""Equity per unit of cube at a given score and cube: what the analysis compares.

A :class:`Scale` turns cubeless probabilities ``(win, win gammon, win backgammon, lose gammon,
lose backgammon)`` of the side on roll into equities in the field's usual unit, the
*normalized* equity (EMG): per unit of the current cube, a single game won is ``+1`` and a
single game lost ``-1``. In money play the other outcomes are worth 2 and 3 (1 with the Jacoby
rule while the cube is centred, where the cube's live part still counts them:
:func:`core.bot.cube.jacoby_equity`); in a match each outcome is worth its match-winning chance
(Kazaross XG2 table, :mod:`core.bot.met`) on the same linear scale.

* :meth:`Scale.cubeless` is linear in the probabilities (the bot's choice of replies uses it);
* :meth:`Scale.cubeful` adds the value of the cube by Janowski's model (cube life 0.68, or the
  position's by class for cube actions, :func:`core.bot.cube.cube_life`), as the bot's cube
  decisions do: :func:`core.bot.cube.janowski_equity` in money play, at a match score the live
  cube read from the match-equity table (:func:`core.bot.cube.match_cubeful`);
* :meth:`Scale.cube_action` gives no double / double-take / double-pass for the side on roll
  (at a match score, the bot's model: :func:`core.bot.cube.match_decision`).

>>> money = Scale(Situation())
>>> money.cubeless((0.5, 0.0, 0.0, 0.0, 0.0))
0.0
>>> round(money.cubeless((0.6, 0.2, 0.0, 0.1, 0.0)), 3)
0.3
>>> nd, dt, dp = money.cube_action((0.9, 0.0, 0.0, 0.0, 0.0))
>>> dt > dp  # a pass
True
"""

from __future__ import annotations

from ..bot.cube import (
    CENTERED,
    CUBE_LIFE,
    OPPONENT,
    MatchState,
    cubeful_equity,
    janowski_equity,
    linear_weights,
    match_cubeful,
    match_decision,
    outcome_values,
)
from ..bot.met import match_equity
from .walk import Situation

__all__ = ["Probs", "Scale"]

Probs = tuple[float, float, float, float, float]


class Scale:
    """Normalized equities for the side on roll in ``situation`` (see the module docstring)."""

    __slots__ = ("situation", "wins", "losses", "weights", "_lose1", "_span", "live", "_by_table", "_cube", "_jacoby")

    wins: tuple[float, float, float]
    losses: tuple[float, float, float]

    def __init__(self, situation: Situation, cube: int | None = None) -> None:
        s = situation
        c = s.cube if cube is None else cube
        self.situation = s
        self.live = s.cube_live
        self._by_table = False  # a match score the table resolves
        self._cube = c
        self._jacoby = False  # money under the Jacoby rule, the cube centred at this level
        if s.is_money:
            gammons = not (s.jacoby and s.owner == CENTERED and c == s.cube)
            self._jacoby = not gammons
            self.wins = (1.0, 2.0, 3.0) if gammons else (1.0, 1.0, 1.0)
            self.losses = (-1.0, -2.0, -3.0) if gammons else (-1.0, -1.0, -1.0)
            self._lose1, self._span = -float(c), 2.0 * c  # "match equity" = points
        else:
            # after the Crawford game the next one is post-Crawford; before it, a side reaching
            # 1-away starts the Crawford game (the table's pre-Crawford row)
            a, b, pc = s.away, s.opp_away, s.post_crawford or s.crawford
            lose1 = match_equity(a, b - c, pc)
            span = match_equity(a - c, b, pc) - lose1
            values = outcome_values(a, b, c, pc)
            if values is None:  # outside the table's resolution: count points instead
                lose1, span = -float(c), 2.0 * c
                self.wins, self.losses = (1.0, 2.0, 3.0), (-1.0, -2.0, -3.0)
            else:
                self._by_table = True
                self.wins, self.losses = values
            self._lose1, self._span = lose1, span
        self.weights = linear_weights(self.wins, self.losses)

    # -- values ---------------------------------------------------------------------
    def cubeless(self, p: Probs) -> float:
        """Cubeless normalized equity of the side on roll."""
        c0, c1, c2, c3, c4, c5 = self.weights
        return c0 + c1 * p[0] + c2 * p[1] + c3 * p[2] + c4 * p[3] + c5 * p[4]

    def _janowski(self, p: Probs, owner: str, life: float = CUBE_LIFE) -> float:
        if self._jacoby and owner == CENTERED:
            # gammons count once the cube is turned: the live cube's points use their values
            return cubeful_equity(p, CENTERED, life if self.live else 0.0, jacoby=True)
        w = min(1.0, max(0.0, p[0]))
        lose = 1.0 - w
        n1, n2, n3 = self.wins
        m1, m2, m3 = self.losses
        big_w = ((w - p[1]) * n1 + (p[1] - p[2]) * n2 + p[2] * n3) / w if w > 1e-9 else 1.0
        big_l = -((lose - p[3]) * m1 + (p[3] - p[4]) * m2 + p[4] * m3) / lose if lose > 1e-9 else 1.0
        return janowski_equity(w, big_w, big_l, owner, life if self.live else 0.0)

    def cubeful(self, p: Probs, owner: str | None = None, life: float = CUBE_LIFE) -> float:
        """Cubeful normalized equity of the side on roll, the cube where ``situation`` has it
        (``life``: the cube life, :func:`core.bot.cube.cube_life` where the position is known)."""
        if not self.live:
            return self.cubeless(p)
        owner = self.situation.owner if owner is None else owner
        s = self.situation
        if self._by_table and not s.crawford:
            ms = MatchState(s.away, s.opp_away, crawford=False, post_crawford=s.post_crawford)
            return self.from_points(match_cubeful(p, ms, self._cube, owner, life))
        return self._janowski(p, owner, life)

    def to_points(self, equity: float) -> float:
        """A normalized equity as match-winning chance (points x cube in money play)."""
        return self._lose1 + (equity + 1.0) * self._span / 2.0

    def from_points(self, value: float) -> float:
        """The inverse of :meth:`to_points`."""
        return 2.0 * (value - self._lose1) / self._span - 1.0

    def bot_score(self) -> tuple[bool, MatchState | None]:
        """Whether the bot's cube models (:mod:`core.bot.cube`) give this situation's cube action:
        money with a live cube, or a score the table resolves where the cube is alive and can
        still help the side on roll; with the bot's view of the score (``None`` in money play)."""
        s = self.situation
        if self.live and s.is_money:
            return True, None
        if self.live and s.away > s.cube and not s.crawford and self._by_table:
            return True, MatchState(s.away, s.opp_away, crawford=False, post_crawford=s.post_crawford)
        return False, None

    def cube_action(self, p: Probs, life: float = CUBE_LIFE) -> tuple[float, float, float]:
        """(no double, double/take, double/pass) for the side on roll, in this scale's units
        (``life``: the position's cube life, :func:`core.bot.cube.cube_life`)."""
        s = self.situation
        _, ms = self.bot_score()
        if ms is not None:
            # the bot's match-play model (every later cube level's take points from the table)
            d = match_decision(p, ms, s.cube, s.owner, life)
            return d.no_double, d.double_take, d.double_pass
        nd = self.cubeful(p, life=life)
        doubled = Scale(self.situation, 2 * self.situation.cube)
        after = doubled._janowski(p, OPPONENT, life) if doubled.live else doubled.cubeless(p)
        dt = self.from_points(doubled.to_points(after))
        return nd, dt, 1.0
