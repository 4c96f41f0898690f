"""Plain searches written with the public pieces (``legal_plays``, ``pubeval_score``, ``evaluate``),
against which the bot's faster ones are checked."""

from __future__ import annotations

from core.bot.cube import Probs
from core.bot.evaluator import Evaluator, Value
from core.bot.net import equity, flip
from core.bot.pubeval import pubeval_score
from core.dice import ROLLS
from core.moves import legal_plays
from core.position import Position


def plain_one_ply_probs(ev: Evaluator, pos: Position, keep: int, value: Value | None = None) -> Probs:
    """The side on roll's probabilities one roll ahead, written plainly: each roll played with its
    best play at 0-ply (by money equity, or ``value``) among its ``keep`` best by pubeval (ties:
    first generated), the 21 rolls' probabilities averaged by their chances."""
    mine = equity if value is None else value
    total = [0.0] * 5
    for roll in ROLLS:
        plays = legal_plays(pos, roll.dice)
        if plays:
            race = pos.is_race()
            scores = [pubeval_score(race, p.result.player, p.result.opponent) for p in plays]
            best = sorted(range(len(plays)), key=lambda i: (-scores[i], i))[:keep]
            options = [flip(ev.evaluate(plays[i].result.swapped())) for i in sorted(best)]
        else:
            options = [flip(ev.evaluate(pos.swapped()))]
        chosen = max(options, key=mine)
        for i in range(5):
            total[i] += roll.ways * chosen[i]
    w, wg, wbg, lg, lbg = (t / 36.0 for t in total)
    return (w, wg, wbg, lg, lbg)
