"""Exact cube decisions at the end of a bear-off (both sides home, a few checkers each).

Janowski's cube-life model (:mod:`core.bot.cube`) values the cube as if the game went on for a
while; in the last rolls of a bear-off it has little life left, and the model misjudges the
doubles that matter most there: with 12 pips (three checkers) against 5 (two), 66% to win, it
says "no double" where doubling (and taking) is right. Here the whole game tree is searched
instead: each side bears off as the one-sided database plays (fewest rolls expected, so the
winning chances are the database's), and both use the cube perfectly: the side on roll doubles
when doubling is worth at least as much as not, the other takes when taking loses no more than
passing. Money play in points per unit of cube; match play in match-winning chances from the
table (:mod:`core.bot.met`), normalized as :func:`core.bot.cube.match_decision` does. With at
most four checkers a side no gammon is possible, and the tree is small (at most a few
thousand positions, remembered between calls).

>>> from core.bot.bearoff import BearoffDB
>>> from core.position import Position
>>> exact = ExactBearoff(BearoffDB.load())
>>> last_roll = Position.from_text("x 6:1 / o 1:1")      # 27 rolls of 36 bear our checker off
>>> d = exact.decision(last_roll)
>>> d.double, d.take, round(d.no_double, 4), round(d.double_take, 4)
(True, True, 0.5, 1.0)
"""

from __future__ import annotations

from ..dice import ROLLS
from ..position import Position
from .bearoff import BearoffDB, bearoff_results
from .cube import CENTERED, MAX_CUBE, OPPONENT, OWNED, CubeDecision, MatchState, decide
from .met import match_equity

MAX_CHECKERS = 4
"""Searched exactly when neither side has more checkers left than this ..."""

MAX_ROLLS = 4
"""... nor may need more rolls than this to bear them off: the search then takes at most about
0.1 s in CPython (a match score, nothing remembered yet; ``x 5:1 4:1 2:2 / o 6:1 4:1 2:1 1:1``),
and the later positions of the same bear-off are remembered."""

_MEMO_LIMIT = 400_000
"""Remembered values before the memo is emptied (a few tens of MB at most)."""

Home = tuple[int, ...]
_CODES = {CENTERED: 0, OWNED: 1, OPPONENT: 2}
_FLIP = (0, 2, 1)  # the owner code seen from the other side
ScoreKey = tuple[int, int, bool]  # (away, opp_away, post_crawford) of the side on roll


def short_bearoff(position: Position) -> bool:
    """Both sides home (none on the bar or outside their home board) with 1 to
    :data:`MAX_CHECKERS` checkers each: the cheap half of :meth:`ExactBearoff.covers`."""
    side, other = position.player, position.opponent
    return not any(side[6:]) and not any(other[6:]) and 0 < sum(side) <= MAX_CHECKERS and 0 < sum(other) <= MAX_CHECKERS


class ExactBearoff:
    """The exact cubeful values of short bear-offs, searched on demand and remembered."""

    def __init__(self, db: BearoffDB) -> None:
        self._db = db
        self._means: dict[Home, float] = {}
        self._replies: dict[Home, tuple[tuple[int, Home], ...]] = {}
        self._money: dict[tuple[Home, Home, int], float] = {}
        self._match: dict[tuple[Home, Home, int, int, ScoreKey], float] = {}

    def covers(self, position: Position) -> bool:
        """A :func:`short_bearoff` where neither side may need more than :data:`MAX_ROLLS` rolls."""
        return (
            short_bearoff(position)
            and len(self._db.rolls(position.player[:6])) <= MAX_ROLLS + 1
            and len(self._db.rolls(position.opponent[:6])) <= MAX_ROLLS + 1
        )

    def decision(
        self, position: Position, owner: str = CENTERED, match: MatchState | None = None, cube: int = 1
    ) -> CubeDecision:
        """The cube decision of the side on roll in a position this search :meth:`covers`, as
        :func:`core.bot.cube.money_decision` or :func:`core.bot.cube.match_decision` give it."""
        if not self.covers(position):
            raise ValueError(
                f"not a short bear-off (at most {MAX_CHECKERS} checkers and {MAX_ROLLS} rolls a side, all home)"
            )
        if owner not in _CODES:
            raise ValueError(f"cube owner {owner!r}: expected {CENTERED!r}, {OWNED!r} or {OPPONENT!r}")
        if len(self._money) + len(self._match) > _MEMO_LIMIT:
            self._money.clear()
            self._match.clear()
        a, b, c = tuple(position.player[:6]), tuple(position.opponent[:6]), _CODES[owner]
        if match is None:
            return decide(self._money_roll(a, b, c), 2.0 * self._money_roll(a, b, 2), 1.0)
        if match.crawford or match.away <= cube:
            return CubeDecision(False, True, 0.0, 0.0, 1.0)  # no cube, or a dead one (as match_decision)
        score = (match.away, match.opp_away, match.post_crawford)
        lose1 = match_equity(match.away, match.opp_away - cube, match.post_crawford)
        span = match_equity(match.away - cube, match.opp_away, match.post_crawford) - lose1
        if span <= 1e-9:
            return CubeDecision(False, True, 0.0, 0.0, 1.0)

        def norm(m: float) -> float:
            return 2.0 * (m - lose1) / span - 1.0

        nd = norm(self._match_roll(a, b, cube, c, score))
        dt = norm(self._match_roll(a, b, 2 * cube, 2, score))
        return decide(nd, dt, 1.0)

    # -- the search ------------------------------------------------------------------------
    def _mean(self, home: Home) -> float:
        m = self._means.get(home)
        if m is None:
            m = self._means[home] = self._db.mean_rolls(home)
        return m

    def _plays(self, home: Home) -> tuple[tuple[int, Home], ...]:
        """(ways, the board left) for each of the 21 rolls, played as the database plays."""
        found = self._replies.get(home)
        if found is None:
            found = tuple(
                (roll.ways, min(sorted(bearoff_results(home, roll.dice)), key=self._mean)) for roll in ROLLS
            )
            self._replies[home] = found
        return found

    def _money_roll(self, a: Home, b: Home, c: int) -> float:
        """Points per unit of cube for ``a`` rolling now (no cube action first), ``c`` the owner code."""
        total = 0.0
        for ways, left in self._plays(a):
            total += ways * (1.0 if not any(left) else -self._money_value(b, left, _FLIP[c]))
        return total / 36.0

    def _money_value(self, a: Home, b: Home, c: int) -> float:
        """Points per unit of cube for ``a`` on roll, before its cube action."""
        key = (a, b, c)
        value = self._money.get(key)
        if value is None:
            value = self._money_roll(a, b, c)
            if c != 2:
                value = max(value, min(2.0 * self._money_roll(a, b, 2), 1.0))
            self._money[key] = value
        return value

    def _match_roll(self, a: Home, b: Home, cube: int, c: int, score: ScoreKey) -> float:
        """``a``'s match-winning chance rolling now (no cube action first)."""
        away, opp_away, post = score
        flipped = (opp_away, away, post)
        total = 0.0
        for ways, left in self._plays(a):
            if any(left):
                total += ways * (1.0 - self._match_value(b, left, cube, _FLIP[c], flipped))
            else:
                total += ways * match_equity(away - cube, opp_away, post)
        return total / 36.0

    def _match_value(self, a: Home, b: Home, cube: int, c: int, score: ScoreKey) -> float:
        """``a``'s match-winning chance on roll, before its cube action: it may double while the
        cube can still help it (it needs more than the cube's points)."""
        key = (a, b, cube, c, score)
        value = self._match.get(key)
        if value is None:
            away, opp_away, post = score
            value = self._match_roll(a, b, cube, c, score)
            if c != 2 and away > cube and cube < MAX_CUBE and not (post and away == 1):
                take = self._match_roll(a, b, 2 * cube, 2, score)
                value = max(value, min(take, match_equity(away - cube, opp_away, post)))
            self._match[key] = value
        return value
