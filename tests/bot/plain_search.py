"""Plain searches written with the public pieces (``legal_plays``, ``pubeval_score``, ``evaluate``),
against which the bot's faster ones are checked."""

from __future__ import annotations

from core.bot.cube import CENTERED, OPPONENT, OWNED, TIE, Probs, cube_life, cubeful_equity, money_decision
from core.bot.evaluator import Evaluator, Value
from core.bot.net import equity, flip
from core.bot.pubeval import pubeval_score
from core.dice import ROLLS
from core.moves import legal_plays
from core.position import Position


def plain_candidates(pos: Position, dice: tuple[int, int], keep: int | None) -> list[Position]:
    """The positions the other side has, on roll, after each of the side on roll's ``keep`` best
    plays of ``dice`` by pubeval (ties: first generated; ``None``: every play), in the order
    generated; the position passed over when no play is legal."""
    plays = legal_plays(pos, dice)
    if not plays:
        return [pos.swapped()]
    race = pos.is_race()
    scores = [pubeval_score(race, p.result.player, p.result.opponent) for p in plays]
    best = sorted(range(len(plays)), key=lambda i: (-scores[i], i))[: keep or len(plays)]
    return [plays[i].result.swapped() for i in sorted(best)]


def plain_one_ply_probs(ev: Evaluator, pos: Position, keep: int, value: Value | None = None) -> Probs:
    """The side on roll's probabilities one roll ahead, written plainly: each roll played with its
    best play at 0-ply (by money equity, or ``value``) among its ``keep`` best by pubeval (ties:
    first generated), the 21 rolls' probabilities averaged by their chances."""
    mine = equity if value is None else value
    total = [0.0] * 5
    for roll in ROLLS:
        options = [flip(ev.evaluate(n)) for n in plain_candidates(pos, roll.dice, keep)]
        chosen = max(options, key=mine)
        for i in range(5):
            total[i] += roll.ways * chosen[i]
    w, wg, wbg, lg, lbg = (t / 36.0 for t in total)
    return (w, wg, wbg, lg, lbg)


def plain_replies(ev: Evaluator, pos: Position, keep: int | None = None) -> list[tuple[int, Position, Probs]]:
    """The side on roll's 21 rolls, each played with its best play at 0-ply by money equity (among
    its ``keep`` best by pubeval; ``None``: all), written plainly: (ways, the position the other
    side then has, on roll, that side's probabilities), per roll."""
    out = []
    for roll in ROLLS:
        chosen = min(plain_candidates(pos, roll.dice, keep), key=lambda n: equity(ev.evaluate(n)))
        out.append((roll.ways, chosen, ev.evaluate(chosen)))
    return out


def plain_money_cube(
    ev: Evaluator, pos: Position, owner: str, plies: int, keep: int, first: bool = True
) -> tuple[float, float]:
    """(no double, double/take) per unit of cube for the side on roll of ``pos``, ``plies`` rolls
    ahead, cubeful, written plainly: each of its rolls played (all plays at the first roll, the
    best of pubeval's ``keep`` after), the other side then acting on the cube as its own values,
    one roll less ahead, say (at the last roll, the cube-life model of its probabilities). Money
    play, no Jacoby rule, no bear-off exactness."""
    seen = {CENTERED: CENTERED, OWNED: OPPONENT, OPPONENT: OWNED}
    nd = dt = 0.0
    for ways, after, probs in plain_replies(ev, pos, None if first else keep):
        for cube_owner, stake in ((seen[owner], 1.0), (OWNED, 2.0)):
            if plies == 1:
                x = cube_life(after.player, after.opponent)
                if cube_owner == OPPONENT:
                    value = cubeful_equity(probs, OPPONENT, x)
                else:
                    d = money_decision(probs, cube_owner, x)
                    value = min(d.double_take, d.double_pass) if d.double else d.no_double
            else:
                their_nd, their_dt = plain_money_cube(ev, after, cube_owner, plies - 1, keep, first=False)
                doubles = cube_owner != OPPONENT and min(their_dt, 1.0) >= their_nd - TIE
                value = min(their_dt, 1.0) if doubles else their_nd
            if stake == 1.0:
                nd -= ways * value
            else:
                dt -= ways * stake * value
    return nd / 36.0, dt / 36.0
