"""Cube decisions one roll ahead (1-ply cubeful), on the models of :mod:`core.bot.cube`.

The static models value the position before the roll once, from its cubeless probabilities. One
roll ahead, each of the side on roll's 21 rolls is played as the bot plays it, and the position the
opponent then has is valued with the cube as each action leaves it (centred, or owned by the
opponent at twice the stake), the opponent acting on the cube in turn; the averages are the
no-double and double/take equities. So a roll after which the opponent would pass a double (a
market loser) counts as the cash it is, which an average of probabilities hides. Two rolls ahead
(``deeper``), the opponent's value is found the same way from its own 21 rolls, so that its cube
action and the side on roll's next one are both seen: a position after which the side on roll
doubles the opponent out next turn counts as that cash, not as the cube-life model's share of it.
Written from the published description of n-ply cubeful evaluation (GNU Backgammon's manual):
nothing of its code or numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .cube import (
    CENTERED,
    CUBE_LIFE,
    MAX_CUBE,
    OPPONENT,
    OWNED,
    CubeDecision,
    MatchState,
    Probs,
    cube_life,
    cubeful_equity,
    decide,
    match_cubeful,
    money_decision,
)

if TYPE_CHECKING:
    from ..position import Position

Replies = Sequence[tuple[int, float, Probs, object]]
"""One roll ahead: for each of the side on roll's 21 rolls, played with its best play, (the roll's
ways in 36, the cube life of the position the opponent then has, the opponent's probabilities,
on roll, and that position itself, for an :data:`Exact` answer)."""

Found = Sequence[tuple[int, "Position", Probs]]
"""One roll ahead as :meth:`core.bot.evaluator.Evaluator.replies_steps` finds it: (ways, the
position the opponent then has, on roll, the opponent's probabilities), per roll."""


def as_replies(found: Found, life: Callable[[Sequence[int], Sequence[int]], float] = cube_life) -> Replies:
    """``found`` as :data:`Replies`, each position's cube life from ``life``."""
    return [(w, life(q.player, q.opponent), p, q) for w, q, p in found]


def deeper_replies(
    leaves: Sequence[Found | None], life: Callable[[Sequence[int], Sequence[int]], float] = cube_life
) -> list[Replies | None]:
    """The ``deeper`` argument of :func:`money_decision_ahead` and :func:`match_decision_ahead`
    from :meth:`core.bot.evaluator.Evaluator.replies_each_steps`' answer."""
    return [None if sub is None else as_replies(sub, life) for sub in leaves]


Exact = Callable[[object, str, "MatchState | None", int], "CubeDecision | None"]
"""The exact cube decision of a position (side on roll), owner, score and cube where one is known
(:meth:`core.bot.evaluator.Evaluator.exact_cube`), else ``None``."""


def _seen_by_other(owner: str) -> str:
    return {CENTERED: CENTERED, OWNED: OPPONENT, OPPONENT: OWNED}[owner]


def _acted(d: CubeDecision, owner: str) -> float:
    """The value of ``d`` for the side on roll when it acts on the cube as ``d`` says."""
    if owner == OPPONENT:
        return d.no_double
    return min(d.double_take, d.double_pass) if d.double else d.no_double


def money_on_roll(p: Probs, owner: str, x: float = CUBE_LIFE, jacoby: bool = False) -> float:
    """The side on roll's cubeful equity per unit of cube, before its roll, when it acts on the
    cube as :func:`money_decision` says (doubles, the other answering its best, or not).

    >>> round(money_on_roll((0.9, 0.0, 0.0, 0.0, 0.0), CENTERED), 6)   # doubled out: a pass
    1.0
    >>> money_on_roll((0.9, 0.0, 0.0, 0.0, 0.0), OPPONENT) < 1.0       # cannot double
    True
    """
    if owner == OPPONENT:
        return cubeful_equity(p, OPPONENT, x)
    return _acted(money_decision(p, owner, x, jacoby), owner)


def money_decision_ahead(
    replies: Replies,
    owner: str = CENTERED,
    jacoby: bool = False,
    exact: Exact | None = None,
    deeper: Sequence[Replies | None] | None = None,
) -> CubeDecision:
    """:func:`money_decision` one roll ahead (1-ply cubeful): each branch's equity is the average,
    over the side on roll's 21 rolls, of what the opponent then has with the cube as that branch
    leaves it (centred, or owned by the opponent at twice the stake), where the opponent acts on
    the cube in turn (:func:`money_on_roll`, or ``exact``'s answer where it has one). A roll
    that would leave the opponent a pass is a market loser: the static model sees only the
    average; this sees each roll.

    ``deeper`` (two rolls ahead, 2-ply cubeful): for each reply, the opponent's own 21 rolls from
    it (``None``: none, a finished game); the opponent's value is then this function's answer for
    it, acting on the cube as that answer says, so a roll after which the side on roll would
    double the opponent out counts as the cash it is, a roll deeper too.

    >>> even = [(36, CUBE_LIFE, (0.5, 0.0, 0.0, 0.0, 0.0), None)]
    >>> d = money_decision_ahead(even)
    >>> d.double, round(d.no_double, 6)
    (False, 0.0)
    """
    nd = dt = 0.0
    after = _seen_by_other(owner)
    for i, (ways, x, p, pos) in enumerate(replies):
        sub = deeper[i] if deeper is not None else None
        nd -= ways * _money_value(p, pos, x, after, jacoby, exact, sub)
        dt -= ways * 2.0 * _money_value(p, pos, x, OWNED, False, exact, sub)
    return decide(nd / 36.0, dt / 36.0, 1.0)


def _money_value(
    p: Probs, pos: object, x: float, owner: str, jacoby: bool, exact: Exact | None, sub: Replies | None
) -> float:
    """The value, per unit of cube, of the side on roll of ``pos`` (probabilities ``p``) acting on
    the cube that ``owner`` says: ``exact``'s answer where it has one, else one roll ahead from its
    replies ``sub`` where given, else :func:`money_on_roll`."""
    known = exact(pos, owner, None, 1) if exact is not None else None
    if known is not None:
        return _acted(known, owner)
    if sub is not None:
        return _acted(money_decision_ahead(sub, owner, jacoby, exact), owner)
    return money_on_roll(p, owner, x, jacoby)


def _match_span(ms: MatchState, cube: int) -> tuple[float, float]:
    """(a single game lost at ``cube``, what a single game won adds): the match-winning chances
    that normalize an equity at ``cube`` to +1/-1."""
    lose1 = ms.equity(ms.away, ms.opp_away - cube)
    return lose1, ms.equity(ms.away - cube, ms.opp_away) - lose1


def no_cube_play(ms: MatchState, cube: int) -> bool:
    """No double to consider for the side on roll at this score: the Crawford game, its own
    post-Crawford game at 1-away, or a cube already worth all it needs (dead).

    >>> no_cube_play(MatchState(1, 1), 1), no_cube_play(MatchState(3, 1, post_crawford=True), 1)
    (True, False)
    """
    return ms.crawford or (ms.post_crawford and ms.away == 1) or ms.away <= cube


def match_on_roll(p: Probs, ms: MatchState, cube: int, owner: str, x: float = CUBE_LIFE) -> float:
    """The side on roll's cubeful match-winning chance before its roll, when it acts on the cube
    as :func:`match_decision` says (:func:`match_cubeful` when it may not or need not double)."""
    return _match_acted(
        match_cubeful(p, ms, cube, owner, x), lambda: match_cubeful(p, ms, 2 * cube, OPPONENT, x), ms, cube, owner
    )


def _match_acted(nd: float, double_take: Callable[[], float], ms: MatchState, cube: int, owner: str) -> float:
    """The side on roll's match-winning chance when it acts on the cube: ``nd`` (not doubling)
    where it may not or need not double, else the better of ``nd`` and a double (the opponent
    answering its best: ``double_take()`` or the pass)."""
    if owner == OPPONENT or cube >= MAX_CUBE or no_cube_play(ms, cube):
        return nd
    return max(nd, min(double_take(), ms.equity(ms.away - cube, ms.opp_away)))


def _match_leaf(
    p: Probs,
    pos: object,
    ms: MatchState,
    cube: int,
    owner: str,
    x: float,
    exact: Exact | None,
    sub: Replies | None = None,
) -> float:
    """The side on roll's match-winning chance acting on the cube: :func:`match_on_roll`, or
    ``exact``'s answer (back in match-winning chances) where it has a live one, or one roll ahead
    from its replies ``sub`` where given."""
    lose1, span = _match_span(ms, cube)
    if exact is not None and span > 1e-9 and not no_cube_play(ms, cube):
        known = exact(pos, owner, ms, cube)
        if known is not None:
            return lose1 + (_acted(known, owner) + 1.0) / 2.0 * span
    if sub is None:
        return match_on_roll(p, ms, cube, owner, x)
    nd, dt = _match_values(sub, ms, cube, owner, exact, None)
    return _match_acted(nd, lambda: dt, ms, cube, owner)


def _match_values(
    replies: Replies,
    ms: MatchState,
    cube: int,
    owner: str,
    exact: Exact | None,
    deeper: Sequence[Replies | None] | None,
) -> tuple[float, float]:
    """The side on roll's match-winning chances, one roll ahead, if it does not double and if it
    doubles and is taken (the opponent acting on the cube in turn)."""
    other = MatchState(ms.opp_away, ms.away, ms.crawford, ms.post_crawford)
    after = _seen_by_other(owner)
    nd = dt = 0.0
    for i, (ways, x, p, pos) in enumerate(replies):
        sub = deeper[i] if deeper is not None else None
        nd += ways * (1.0 - _match_leaf(p, pos, other, cube, after, x, exact, sub))
        dt += ways * (1.0 - _match_leaf(p, pos, other, 2 * cube, OWNED, x, exact, sub))
    return nd / 36.0, dt / 36.0


def match_decision_ahead(
    replies: Replies,
    ms: MatchState,
    cube: int = 1,
    owner: str = CENTERED,
    exact: Exact | None = None,
    deeper: Sequence[Replies | None] | None = None,
) -> CubeDecision:
    """:func:`match_decision` one roll ahead (1-ply cubeful, as :func:`money_decision_ahead`),
    in match-winning chances, normalized so that a single game won at ``cube`` is +1;
    ``deeper``: two rolls ahead, as there.

    >>> plain = [(36, 0.6, (0.25, 0.0, 0.0, 0.0, 0.0), None)]   # the opponent, on roll, wins 25%
    >>> d = match_decision_ahead(plain, MatchState(7, 7))
    >>> d.double, d.take
    (True, True)
    """
    if no_cube_play(ms, cube):
        return CubeDecision(False, True, 0.0, 0.0, 1.0)
    lose1, span = _match_span(ms, cube)
    if span <= 1e-9:
        return CubeDecision(False, True, 0.0, 0.0, 1.0)
    nd, dt = _match_values(replies, ms, cube, owner, exact, deeper)

    def norm(m: float) -> float:
        return 2.0 * (m - lose1) / span - 1.0

    nd_n, dt_n = norm(nd), norm(dt)
    decision = decide(nd_n, dt_n, 1.0)
    if ms.post_crawford and ms.opp_away == 1 and owner == CENTERED:
        return CubeDecision(nd_n <= 1.0, decision.take, nd_n, dt_n, 1.0)
    return decision
