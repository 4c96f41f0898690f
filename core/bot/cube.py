"""Cube decisions from cubeless evaluations (Janowski's cube-life model) and resignations.

Cubeless probabilities ``(win, win gammon, win backgammon, lose gammon, lose backgammon)``
for the side on roll (gammons include backgammons) become cubeful equities by
Janowski's interpolation between a dead cube (never used again) and a fully live
cube (used at the perfect moment), weighted by the cube life ``x`` (0: dead, 1: live;
about 0.68 is usual):

* ``W`` = average points of a win, ``L`` = of a loss (1 without gammons);
* live cube: the taker's take point is ``(L - 1/2) / (W + L + 1/2)`` (20% without gammons),
  the doubler's cash point ``(L + 1) / (W + L + 1/2)`` (80%);
* live equity is linear between ``(0, -L)``, ``(take point, -1)``, ``(cash point, +1)``,
  ``(1, W)`` for the points a side can use given who owns the cube;
* equity = ``(1 - x) * dead + x * live``, per unit of cube.

Money play: double when doubling (the opponent then owns a cube twice as big, or passes)
is worth more than not doubling; take when the taker loses less than a pass.

>>> no_gammons = lambda p: (p, 0.0, 0.0, 0.0, 0.0)
>>> money_decision(no_gammons(0.45)).double
False
>>> d = money_decision(no_gammons(0.75))
>>> d.double, d.take
(True, True)
>>> money_decision(no_gammons(0.90)).take
False

Match play works in match-winning chances (the Kazaross XG2 table, :mod:`core.bot.met`):
the same interpolation between a dead and a live cube, where the live cube's take and cash
points at each cube level come from the table and the next level's live cube
(:func:`live_line`), so that the score's effects on later cubes (a redouble that is for the
whole match, a cube its owner can never use) are counted; the results are normalized to
``+1``/``-1`` for a single win/loss at the current cube. No doubling in the Crawford game,
and the trailer doubles at once after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .encoding import is_race
from .met import match_equity
from .net import equity

Probs = tuple[float, float, float, float, float]

CUBE_LIFE = 0.68
"""Default cube life ``x`` for money play (gnubg's default is 0.68 too)."""

CONTACT_CUBE_LIFE = 0.68
RACE_CUBE_LIFE = (0.6, 0.7)
RACE_PIPS = (40, 120)


def cube_life(side: Sequence[int], other: Sequence[int]) -> float:
    """The cube life ``x`` of a position, ``side`` on roll (both sides in their own numbering).

    Rick Janowski's suggested values by position class, as the GNU Backgammon manual documents
    them ("The cube efficiency"): 0.68 while there is contact; in a race, from 0.6 at 40 pips or
    fewer for the side on roll to 0.7 at 120 or more, linearly in between (so 0.6 in bear-offs).

    >>> from core.position import Position
    >>> start = Position.initial()
    >>> cube_life(start.player, start.opponent)
    0.68
    >>> race = Position.from_text("x 8:5 6:5 2:5 / o 6:5 5:5 4:5")  # no contact, 80 pips on roll
    >>> round(cube_life(race.player, race.opponent), 4)
    0.65
    """
    if not is_race(side, other):
        return CONTACT_CUBE_LIFE
    pips = sum(n * (i + 1) for i, n in enumerate(side))
    low, high = RACE_PIPS
    frac = min(1.0, max(0.0, (pips - low) / (high - low)))
    return RACE_CUBE_LIFE[0] + frac * (RACE_CUBE_LIFE[1] - RACE_CUBE_LIFE[0])


CENTERED, OWNED, OPPONENT = "centered", "owned", "opponent"
"""Who owns the cube, seen from the side on roll."""


def _win_loss_values(p: Probs) -> tuple[float, float, float]:
    """(P(win), W, L): points per win and per loss (cubeless money)."""
    w = min(1.0, max(0.0, p[0]))
    lose = 1.0 - w
    big_w = (w + p[1] + p[2]) / w if w > 1e-9 else 1.0
    big_l = (lose + p[3] + p[4]) / lose if lose > 1e-9 else 1.0
    return w, big_w, big_l


def janowski_equity(w: float, big_w: float, big_l: float, owner: str, x: float = CUBE_LIFE) -> float:
    """Cubeful equity per unit of cube for the side on roll (see the module docstring)."""
    dead = w * (big_w + big_l) - big_l
    take_pt = (big_l - 0.5) / (big_w + big_l + 0.5)
    cash_pt = (big_l + 1.0) / (big_w + big_l + 0.5)
    if owner == CENTERED:
        if w <= take_pt:
            live = -big_l + (big_l - 1.0) * w / take_pt if take_pt > 0 else -1.0
        elif w < cash_pt:
            live = -1.0 + 2.0 * (w - take_pt) / (cash_pt - take_pt)
        else:
            live = 1.0 + (big_w - 1.0) * (w - cash_pt) / (1.0 - cash_pt)
    elif owner == OWNED:
        if w < cash_pt:
            live = -big_l + (big_l + 1.0) * w / cash_pt
        else:
            live = 1.0 + (big_w - 1.0) * (w - cash_pt) / (1.0 - cash_pt)
    elif owner == OPPONENT:
        if w <= take_pt:
            live = -big_l + (big_l - 1.0) * w / take_pt if take_pt > 0 else -1.0
        else:
            live = -1.0 + (big_w + 1.0) * (w - take_pt) / (1.0 - take_pt)
    else:
        raise ValueError(f"cube owner {owner!r}: expected {CENTERED!r}, {OWNED!r} or {OPPONENT!r}")
    return (1.0 - x) * dead + x * live


def jacoby_equity(w: float, big_w: float, big_l: float, x: float = CUBE_LIFE) -> float:
    """Cubeful equity per unit of cube for the side on roll, money play under the Jacoby rule with
    the cube centred (never turned): Janowski's interpolation adapted to the rule.

    The dead cube is never turned, so gammons count nothing: ``2 w - 1``. The live cube is turned
    at the perfect moment, and from then on gammons count: its take and cash points are the
    usual ones from ``W`` and ``L`` (gammons included), but above the cash point the side on roll
    doubles its opponent out (+1: playing on could win a single game only) and below the take
    point it is doubled out (-1), so the live equity runs from -1 to +1 between the two points.
    With no gammons this is the plain centred cube.

    >>> round(jacoby_equity(0.5, 1.0, 1.0), 6) == round(janowski_equity(0.5, 1.0, 1.0, CENTERED), 6)
    True
    >>> jacoby_equity(0.95, 1.8, 1.0)          # a gammonish blitz: worth a cash, not a gammon
    0.968
    """
    take_pt = (big_l - 0.5) / (big_w + big_l + 0.5)
    cash_pt = (big_l + 1.0) / (big_w + big_l + 0.5)
    if w <= take_pt:
        live = -1.0
    elif w >= cash_pt:
        live = 1.0
    else:
        live = -1.0 + 2.0 * (w - take_pt) / (cash_pt - take_pt)
    return (1.0 - x) * (2.0 * w - 1.0) + x * live


def jacoby_value(p: Probs) -> float:
    """How plays are valued in money play under the Jacoby rule while the cube is centred: the
    cubeful equity of :func:`jacoby_equity` at the usual cube life, which still counts gammons
    through the cube (valuing single games only, a play would give gammons away for nothing,
    when a double makes them count). The centred cube's equity is antisymmetric, so the value
    of the probabilities of either side, on roll or not, as a cubeless value.

    >>> blitz = (0.6, 0.25, 0.01, 0.08, 0.0)
    >>> round(jacoby_value(blitz), 4), 2 * blitz[0] - 1 < jacoby_value(blitz)
    (0.4539, True)
    >>> from core.bot.net import flip
    >>> round(jacoby_value(blitz) + jacoby_value(flip(blitz)), 12)
    0.0
    """
    return cubeful_equity(p, CENTERED, CUBE_LIFE, jacoby=True)


def cubeful_equity(p: Probs, owner: str = CENTERED, x: float = CUBE_LIFE, jacoby: bool = False) -> float:
    """Money-play cubeful equity per unit of cube of the side on roll (``jacoby``: under the
    Jacoby rule, which matters only while the cube is centred: :func:`jacoby_equity`)."""
    w, big_w, big_l = _win_loss_values(p)
    if jacoby and owner == CENTERED:
        return jacoby_equity(w, big_w, big_l, x)
    return janowski_equity(w, big_w, big_l, owner, x)


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """What the side on roll should do with the cube, and what the opponent should answer.

    Equities are for the side on roll, per unit of the current cube: ``no_double``,
    ``double_take`` (the cube doubled, owned by the opponent) and ``double_pass`` (+1).
    """

    double: bool
    take: bool
    no_double: float
    double_take: float
    double_pass: float

    @property
    def too_good(self) -> bool:
        """Better to play on for a gammon than to cash."""
        return self.no_double > self.double_pass and self.double_take > self.double_pass


def money_decision(p: Probs, owner: str = CENTERED, x: float = CUBE_LIFE, jacoby: bool = False) -> CubeDecision:
    """Double/no double and take/pass in money play (the side on roll may double: cube centered or owned).

    ``jacoby``: the Jacoby rule is played; with the cube centred, gammons count only once it is
    turned, so not doubling is valued by :func:`jacoby_equity` (as the analysis values it), and a
    side too good to double without the rule doubles its gammons into a pass instead.

    >>> big = (0.97, 0.85, 0.05, 0.0, 0.0)           # nearly always a win, mostly gammons
    >>> money_decision(big).too_good, money_decision(big, jacoby=True).double
    (True, True)
    """
    w, big_w, big_l = _win_loss_values(p)
    if jacoby and owner == CENTERED:
        nd = jacoby_equity(w, big_w, big_l, x)
    else:
        nd = janowski_equity(w, big_w, big_l, owner, x)
    dt = 2.0 * janowski_equity(w, big_w, big_l, OPPONENT, x)
    return decide(nd, dt, 1.0)


TIE = 1e-9
"""Equities closer than this are equal: a double that gains nothing and loses nothing is made
(a certain win with no gammon chance is doubled out, as players and GNU Backgammon do)."""


def decide(nd: float, dt: float, dp: float) -> CubeDecision:
    """Take when taking loses less than passing; double when doubling is worth at least as much
    as not doubling (ties are doubled).

    >>> decide(1.0, 2.0, 1.0).double   # a certain win, no gammons: double, the other passes
    True
    """
    take = dt <= dp
    double = min(dt, dp) >= nd - TIE
    return CubeDecision(double=double, take=take, no_double=nd, double_take=dt, double_pass=dp)


@dataclass(frozen=True, slots=True)
class MatchState:
    """The match score for cube decisions: points still needed by the side on roll and its opponent."""

    away: int
    opp_away: int
    crawford: bool = False
    post_crawford: bool = False

    def equity(self, away: int, opp_away: int) -> float:
        return match_equity(away, opp_away, self.post_crawford)


Line = tuple[tuple[float, float], ...]
"""A piecewise-linear function of the winning chances: its (p, match-winning chance) corners."""

MAX_CUBE = 64


def _outcomes(ms: MatchState, p: Probs, cube: int) -> tuple[float, float, float, float]:
    """(W, L, win1, lose1) at ``cube``: the match-winning chances of a win and of a loss (gammons
    weighted as in ``p``), and of a single game won or lost (what a pass gives)."""
    a, b, eq = ms.away, ms.opp_away, ms.equity
    w = min(1.0, max(0.0, p[0]))
    lose = 1.0 - w
    win1, lose1 = eq(a - cube, b), eq(a, b - cube)
    wins = (w - p[1], p[1] - p[2], p[2])
    losses = (lose - p[3], p[3] - p[4], p[4])
    big_w = sum(q * eq(a - k * cube, b) for k, q in zip((1, 2, 3), wins)) / w if w > 1e-9 else win1
    big_l = sum(q * eq(a, b - k * cube) for k, q in zip((1, 2, 3), losses)) / lose if lose > 1e-9 else lose1
    return big_w, big_l, win1, lose1


def _at(line: Line, x: float) -> float:
    """The value of ``line`` at ``x``."""
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        if x <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return line[-1][1]


def _reach(line: Line, value: float) -> float:
    """The smallest winning chance where ``line`` (non-decreasing) reaches ``value`` (1 if never)."""
    if line[0][1] >= value:
        return 0.0
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        if y1 >= value:
            return x0 if y1 <= y0 else x0 + (x1 - x0) * (value - y0) / (y1 - y0)
    return 1.0


def live_line(ms: MatchState, p: Probs, cube: int, owner: str) -> Line:
    """Janowski's fully live cube in match-winning chances: our chance of winning the match as a
    function of the game's winning chances, the gammon rates of ``p`` kept, at ``cube`` held by
    ``owner`` (seen from the side on roll). A side that may double does so when the other's
    take point is reached (the other passes), and a side takes while taking is worth at least
    a pass; the take points come from the same model one cube level up, with the score's table,
    so that a cube a side can never use (its win at this cube already wins the match) is dead.
    Corners: (0, L), (our take point, a pass), (our cash point, the other's pass), (1, W).
    """
    big_w, big_l, win1, lose1 = _outcomes(ms, p, cube)
    top = cube >= MAX_CUBE
    corners = [(0.0, big_l)]
    if owner != OWNED and ms.opp_away > cube and not top:  # they may double; we take while it pays
        corners.append((_reach(live_line(ms, p, 2 * cube, OWNED), lose1), lose1))
    if owner != OPPONENT and ms.away > cube and not top:  # we may double; they pass past their take point
        corners.append((_reach(live_line(ms, p, 2 * cube, OPPONENT), win1), win1))
    corners.append((1.0, big_w))
    if any(x1 < x0 for (x0, _), (x1, _) in zip(corners, corners[1:])):
        return ((0.0, big_l), (1.0, big_w))  # no window at this score: as a dead cube
    return tuple(corners)


def match_cubeful(p: Probs, ms: MatchState, cube: int, owner: str, x: float = CUBE_LIFE) -> float:
    """The side on roll's cubeful match-winning chance: ``(1 - x) * dead + x * live``, the live
    cube from :func:`live_line` (cube ``cube`` held by ``owner``, seen from the side on roll).

    >>> round(match_cubeful((0.5, 0.0, 0.0, 0.0, 0.0), MatchState(5, 5), 1, CENTERED), 6)
    0.5
    """
    w = min(1.0, max(0.0, p[0]))
    big_w, big_l, _, _ = _outcomes(ms, p, cube)
    dead = w * big_w + (1.0 - w) * big_l
    return (1.0 - x) * dead + x * _at(live_line(ms, p, cube, owner), w)


def match_decision(
    p: Probs, ms: MatchState, cube: int = 1, owner: str = CENTERED, x: float = CUBE_LIFE
) -> CubeDecision:
    """Double/take in match play, equities in units of the current cube (single win = +1).

    Each action's match-winning chance is Janowski's blend ``(1 - x) * dead + x * live`` with the
    live cube of :func:`live_line` (the take and cash points of every later cube level read from
    the match-equity table), then normalized so that a single game won at ``cube`` is +1 and one
    lost is -1. At 2-away against 3-away, a bear-off won 57% of the time is no double: after it
    the trailer's redouble to 4 is for the whole match.

    >>> plain = lambda w: (w, 0.0, 0.0, 0.0, 0.0)
    >>> match_decision(plain(0.57), MatchState(2, 3), x=0.6).double
    False
    >>> d = match_decision(plain(0.75), MatchState(7, 7), x=0.6)
    >>> d.double, d.take
    (True, True)
    """
    if ms.crawford or (ms.post_crawford and ms.away == 1):
        return CubeDecision(False, True, 0.0, 0.0, 1.0)
    _, _, win1, lose1 = _outcomes(ms, p, cube)
    span = win1 - lose1
    if span <= 1e-9 or ms.away <= cube:
        return CubeDecision(False, True, 0.0, 0.0, 1.0)  # a dead cube: nothing to gain

    def norm(m: float) -> float:
        return 2.0 * (m - lose1) / span - 1.0

    nd = norm(match_cubeful(p, ms, cube, owner, x))
    dt = norm(match_cubeful(p, ms, 2 * cube, OPPONENT, x))
    dp = 1.0
    decision = decide(nd, dt, dp)
    if ms.post_crawford and ms.opp_away == 1 and owner == CENTERED:
        # after the Crawford game the trailer doubles at once (the leader's gammons cost it
        # nothing more), unless it is too good: playing on for a gammon beats the leader's pass
        return CubeDecision(nd <= dp, decision.take, nd, dt, dp)
    return decision


def outcome_values(
    away: int, opp_away: int, cube: int, post_crawford: bool
) -> tuple[tuple[float, float, float], tuple[float, float, float]] | None:
    """The normalized worth of a single, gammon and backgammon won, then lost, at ``cube``: each
    outcome's match-winning chance on the scale where a single game won is +1 and one lost -1
    (``None`` where the table cannot tell a win from a loss).

    >>> outcome_values(1, 1, 1, False)                      # DMP: gammons are worth no more
    ((1.0, 1.0, 1.0), (-1.0, -1.0, -1.0))
    """
    lose1 = match_equity(away, opp_away - cube, post_crawford)
    span = match_equity(away - cube, opp_away, post_crawford) - lose1
    if span <= 1e-9:
        return None

    def norm(m: float) -> float:
        return 2.0 * (m - lose1) / span - 1.0

    n1, n2, n3 = (norm(match_equity(away - k * cube, opp_away, post_crawford)) for k in (1, 2, 3))
    m1, m2, m3 = (norm(match_equity(away, opp_away - k * cube, post_crawford)) for k in (1, 2, 3))
    return (n1, n2, n3), (m1, m2, m3)


def linear_weights(
    wins: tuple[float, float, float], losses: tuple[float, float, float]
) -> tuple[float, float, float, float, float, float]:
    """``(c0, .., c5)`` such that ``c0 + c1 w + c2 wg + c3 wbg + c4 lg + c5 lbg`` is the expected
    worth of the outcomes (single, gammon, backgammon won: ``wins``; lost: ``losses``) for the
    probabilities ``(w, wg, wbg, lg, lbg)``.

    >>> linear_weights((1.0, 2.0, 3.0), (-1.0, -2.0, -3.0))   # money: 2w - 1 + wg - lg + wbg - lbg
    (-1.0, 2.0, 1.0, 1.0, -1.0, -1.0)
    """
    (n1, n2, n3), (m1, m2, m3) = wins, losses
    # worth = (w - wg) n1 + (wg - wbg) n2 + wbg n3 + (1 - w - lg) m1 + (lg - lbg) m2 + lbg m3
    return m1, n1 - m1, n2 - n1, n3 - n2, m2 - m1, m3 - m2


def score_value(ms: MatchState, cube: int = 1) -> Callable[[Probs], float]:
    """The side on roll's cubeless equity at the score, for choosing plays: each outcome
    (single, gammon, backgammon, won or lost at ``cube``) worth its match-winning chance,
    normalized so that a single game won is +1 and one lost -1 (linear in the probabilities,
    as the analysis's scale). In the Crawford game the outcomes lead to post-Crawford scores.

    >>> p = (0.6, 0.3, 0.1, 0.2, 0.05)                        # money equity 0.35
    >>> round(score_value(MatchState(1, 1))(p), 6)            # DMP: gammons are worth nothing
    0.2
    >>> round(score_value(MatchState(15, 15))(p), 2)          # far from the end: about money
    0.35
    """
    values = outcome_values(ms.away, ms.opp_away, cube, ms.post_crawford or ms.crawford)
    if values is None:  # outside the table's resolution: count points
        return equity
    c0, c1, c2, c3, c4, c5 = linear_weights(*values)

    def value(p: Probs) -> float:
        return c0 + c1 * p[0] + c2 * p[1] + c3 * p[2] + c4 * p[3] + c5 * p[4]

    return value


def accept_resignation(
    p: Probs,
    points: int,
    cube: int = 1,
    ms: MatchState | None = None,
    owner: str = CENTERED,
    x: float = CUBE_LIFE,
    jacoby: bool = False,
) -> bool:
    """Accept the opponent's offer to resign ``points`` (1 single, 2 gammon, 3 backgammon) times the cube?

    ``p`` are the cubeless probabilities of the side deciding, *as if on roll*. The offer is
    accepted when it is worth at least our expected result. ``jacoby``: money play under the
    Jacoby rule; with the cube never turned (``cube`` 1) a game scores one point at most (our
    double would be passed), so any resignation is accepted.

    >>> accept_resignation((0.99, 0.9, 0.0, 0.0, 0.0), 1)  # a likely gammon: refuse a single game
    False
    >>> accept_resignation((0.99, 0.9, 0.0, 0.0, 0.0), 2)
    True
    >>> accept_resignation((0.99, 0.9, 0.0, 0.0, 0.0), 1, jacoby=True)  # no gammon counts yet
    True
    """
    if ms is None and jacoby and cube == 1:
        return True  # gammons count nothing before the cube is turned, and a double would be passed
    if ms is None:
        w, big_w, big_l = _win_loss_values(p)
        # with the cube, our expectation is at most the cubeless one when we cannot cash
        expected = max(p[0] * (big_w + big_l) - big_l, janowski_equity(w, big_w, big_l, owner, x))
        return points >= expected - 1e-9
    a, b = ms.away, ms.opp_away
    wins = [p[0] - p[1], p[1] - p[2], p[2]]
    losses = [1.0 - p[0] - p[3], p[3] - p[4], p[4]]
    expected_m = sum(q * ms.equity(a - k * cube, b) for k, q in zip((1, 2, 3), wins))
    expected_m += sum(q * ms.equity(a, b - k * cube) for k, q in zip((1, 2, 3), losses))
    return ms.equity(a - points * cube, b) >= expected_m - 1e-9
