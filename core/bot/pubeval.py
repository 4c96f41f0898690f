"""Tesauro's pubeval: the published linear evaluator used as a benchmark opponent.

Gerald Tesauro released pubeval (``pubeval.c``, 1993, "provided as a public service
to the backgammon programming community") with two published weight vectors of 122
entries, one for contact and one for race positions. The weights below are those
published tables (as listed in Tesauro's ``pubeval.c`` and reproduced in GNU
Backgammon's ``pub_eval.c``); the code around them is our own.

Inputs, for the position after the play, seen by the mover, for each board point
from 24 down to 1 (five inputs each): an opposing blot; exactly one own checker;
two or more; exactly three; ``(n - 3) / 2`` for four or more. Then opposing
checkers on the bar / 2 and own checkers borne off / 15. The race weights are used
when the position *before* the play has no contact. The mover picks the play of
highest score.

>>> from core.position import Position
>>> player = PubEval()
>>> play = player.choose_play(Position.initial(), (3, 1))
>>> play.steps  # pubeval makes its 5 point with 31
((8, 5), (6, 5))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..moves import Play, legal_plays
from ..position import Position
from .encoding import is_race

# fmt: off
RACE_WEIGHTS: tuple[float, ...] = (
    .00000, -.17160, .27010, .29906, -.08471, .00000, -1.40375,
    -1.05121, .07217, -.01351, .00000, -1.29506, -2.16183, .13246,
    -1.03508, .00000, -2.29847, -2.34631, .17253, .08302, .00000,
    -1.27266, -2.87401, -.07456, -.34240, .00000, -1.34640, -2.46556,
    -.13022, -.01591, .00000, .27448, .60015, .48302, .25236, .00000,
    .39521, .68178, .05281, .09266, .00000, .24855, -.06844, -.37646,
    .05685, .00000, .17405, .00430, .74427, .00576, .00000, .12392,
    .31202, -.91035, -.16270, .00000, .01418, -.10839, -.02781, -.88035,
    .00000, 1.07274, 2.00366, 1.16242, .22520, .00000, .85631, 1.06349,
    1.49549, .18966, .00000, .37183, -.50352, -.14818, .12039, .00000,
    .13681, .13978, 1.11245, -.12707, .00000, -.22082, .20178, -.06285,
    -.52728, .00000, -.13597, -.19412, -.09308, -1.26062, .00000, 3.05454,
    5.16874, 1.50680, 5.35000, .00000, 2.19605, 3.85390, .88296, 2.30052,
    .00000, .92321, 1.08744, -.11696, -.78560, .00000, -.09795, -.83050,
    -1.09167, -4.94251, .00000, -1.00316, -3.66465, -2.56906, -9.67677,
    .00000, -2.77982, -7.26713, -3.40177, -12.32252, .00000, 3.42040,
)
CONTACT_WEIGHTS: tuple[float, ...] = (
    .25696, -.66937, -1.66135, -2.02487, -2.53398, -.16092, -1.11725,
    -1.06654, -.92830, -1.99558, -1.10388, -.80802, .09856, -.62086,
    -1.27999, -.59220, -.73667, .89032, -.38933, -1.59847, -1.50197,
    -.60966, 1.56166, -.47389, -1.80390, -.83425, -.97741, -1.41371,
    .24500, .10970, -1.36476, -1.05572, 1.15420, .11069, -.38319, -.74816,
    -.59244, .81116, -.39511, .11424, -.73169, -.56074, 1.09792, .15977,
    .13786, -1.18435, -.43363, 1.06169, -.21329, .04798, -.94373, -.22982,
    1.22737, -.13099, -.06295, -.75882, -.13658, 1.78389, .30416, .36797,
    -.69851, .13003, 1.23070, .40868, -.21081, -.64073, .31061, 1.59554,
    .65718, .25429, -.80789, .08240, 1.78964, .54304, .41174, -1.06161,
    .07851, 2.01451, .49786, .91936, -.90750, .05941, 1.83120, .58722,
    1.28777, -.83711, -.33248, 2.64983, .52698, .82132, -.58897, -1.18223,
    3.35809, .62017, .57353, -.07276, -.36214, 4.37655, .45481, .21746,
    .10504, -.61977, 3.54001, .04612, -.18108, .63211, -.87046, 2.47673,
    -.48016, -1.27157, .86505, -1.11342, 1.24612, -.82385, -2.77082,
    1.23606, -1.59529, .10438, -1.30206, -4.11520, 5.62596, -2.75800,
)
# fmt: on

WIN_SCORE = 99999999.0


def pubeval_inputs(mover: Sequence[int], other: Sequence[int]) -> list[tuple[int, float]]:
    """Nonzero pubeval inputs ``(index, value)`` of a position after the mover's play."""
    out: list[tuple[int, float]] = []
    for k in range(24):
        point = 24 - k  # input block k is board point 24 - k (mover's numbering)
        n = mover[point - 1]
        base = 5 * k
        if n:
            if n == 1:
                out.append((base + 1, 1.0))
            else:
                out.append((base + 2, 1.0))
                if n == 3:
                    out.append((base + 3, 1.0))
                elif n >= 4:
                    out.append((base + 4, (n - 3) / 2.0))
        elif other[24 - point] == 1:
            out.append((base, 1.0))
    if other[24]:
        out.append((120, other[24] / 2.0))
    off = 15 - sum(mover)
    if off:
        out.append((121, off / 15.0))
    return out


def pubeval_score(race: bool, mover: Sequence[int], other: Sequence[int]) -> float:
    """Pubeval's score of the position after a play (higher is better for the mover)."""
    if sum(mover) == 0:
        return WIN_SCORE
    w = RACE_WEIGHTS if race else CONTACT_WEIGHTS
    return sum(w[i] * v for i, v in pubeval_inputs(mover, other))


def _byte_tables(w: Sequence[float]) -> list[list[float]]:
    """Pubeval's own-checker terms and its borne-off term, summed per byte of a packed side
    (:func:`core.moves.pack`: byte ``j`` holds the mover's indices ``2j`` and ``2j + 1``)."""
    per_index = []
    for i in range(25):
        row = []
        for n in range(16):
            v = -w[121] * n / 15.0  # the borne-off input is (15 - checkers) / 15
            if i < 24 and n:
                base = 5 * (23 - i)  # input block k is board point 24 - k, the mover's index 23 - k
                if n == 1:
                    v += w[base + 1]
                else:
                    v += w[base + 2]
                    if n == 3:
                        v += w[base + 3]
                    elif n >= 4:
                        v += w[base + 4] * (n - 3) / 2.0
            row.append(v)
        per_index.append(row)
    per_index.append([0.0] * 16)
    return [[per_index[2 * j][b & 15] + per_index[2 * j + 1][b >> 4] for b in range(256)] for j in range(13)]


_TABLES = {False: _byte_tables(CONTACT_WEIGHTS), True: _byte_tables(RACE_WEIGHTS)}


def packed_scorer(race: bool, position: Position) -> Callable[[int, int], float]:
    """:func:`pubeval_score` of the plays from ``position``, given as :func:`core.moves.legal_results`
    gives them (``(board, hits)``), without building a :class:`Play` (for the bot's deeper plies).

    >>> pos = Position.initial()
    >>> score = packed_scorer(False, pos)
    >>> all(abs(score(p._board, p._hits) - pubeval_score(False, p.result.player, p.result.opponent)) < 1e-9
    ...     for p in legal_plays(pos, (6, 4)))
    True
    """
    w = RACE_WEIGHTS if race else CONTACT_WEIGHTS
    t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12 = _TABLES[race]
    const = w[121]
    blots = [(i, w[5 * (23 - i)]) for i in range(24) if position.opponent[23 - i] == 1]
    bar = position.opponent[24]
    w_bar = w[120] / 2.0

    def score(board: int, hits: int) -> float:
        if not board:
            return WIN_SCORE
        b = board.to_bytes(13, "little")
        s = (const + t0[b[0]] + t1[b[1]] + t2[b[2]] + t3[b[3]] + t4[b[4]] + t5[b[5]] + t6[b[6]]
             + t7[b[7]] + t8[b[8]] + t9[b[9]] + t10[b[10]] + t11[b[11]] + t12[b[12]])
        for i, wb in blots:
            if not (board >> (4 * i)) & 15 and not (hits >> i) & 1:  # a blot not hit (and run past)
                s += wb
        on_bar = bar + (hits.bit_count() if hits else 0)
        if on_bar:
            s += w_bar * on_bar
        return s

    return score


class PubEval:
    """A player that picks the play of highest pubeval score (ties: first generated)."""

    def choose_play(self, position: Position, dice: tuple[int, int]) -> Play:
        plays = legal_plays(position, dice)
        if not plays:
            raise ValueError(f"no legal play for dice {dice} in {position.to_id()}")
        race = is_race(position.player, position.opponent)
        best = plays[0]
        best_score = -1e300
        for play in plays:
            r = play.result
            s = pubeval_score(race, r.player, r.opponent)
            if s > best_score:
                best, best_score = play, s
        return best
