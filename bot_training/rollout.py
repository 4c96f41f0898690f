"""Truncated rollouts with variance reduction: a label better than the net's own 1-ply.

Each position (side on roll, before its roll) is played ``trials`` times for ``horizon`` rolls,
both sides choosing the net's best play at 0-ply, all trials of all positions side by side
(one batched move generation and net evaluation a step). The first roll is stratified: trial
``i`` takes the ``i``-th of the 36 ordered rolls in a seeded order, so 36 trials see every first
roll once; later rolls are drawn from the seeded generator.

Variance reduction (the "luck" correction of the rollout literature, written here from its
published description): at every step the 21 rolls are all played (0-ply), which gives the
position's 1-ply value ``E_s`` and the value ``A_s`` of the play the drawn roll led to. The
roll's luck is ``A_s - E_s``; the trial's estimate is the value where it stops (the net's 0-ply
after the last play, or the exact result of a finished game) minus the luck of every roll:

    estimate = A_last - sum_s (A_s - E_s) = E_0 + sum_{s>=1} (E_s - A_{s-1})

Each term ``E_s - A_{s-1}`` is what looking one roll further changes at step ``s``; the dice's
luck, the rollout's main noise, is gone. With ``horizon=1`` the estimate is ``E_0``, the 1-ply
label itself, for every trial; without the correction (``reduce=False``) it is ``A_last``, and
36 stratified trials of horizon 1 average to the same 1-ply value. Probabilities are averaged
as five numbers (win, gammon, backgammon for and against), so the label keeps the net's output
form; the correction is applied to each of them.

Cost: at most ``1 + trials * (horizon - 1)`` 1-ply tables per position (a 1-ply label is one):
each step rates every distinct position once, so a position's trials share their first table.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.dice import ROLLS
from core.position import Position

from . import engine
from .mlp import flip
from .npbot import NumpyBot, equity_of

_WAYS = np.array([r.ways for r in ROLLS], dtype=np.float64) / 36.0
# the 36 ordered rolls as indices into ROLLS (a non-double appears twice)
_ORDERED = np.array([k for k, r in enumerate(ROLLS) for _ in range(r.ways)], dtype=np.int64)


Table = tuple[np.ndarray, np.ndarray, engine.Candidates, np.ndarray]


def _roll_table(bot: NumpyBot, positions: Sequence[Position]) -> Table:
    """For each position: its 1-ply probabilities ``E`` (mover's view), and for each of the 21 rolls
    the 0-ply probabilities ``A`` (mover's view) of the best play, and that play's row in the
    candidates (``engine.to_position`` of it: the position it leads to, the other side on roll).
    Shapes (N, 5), (N, 21, 5), the candidates, (N, 21)."""
    reps = len(ROLLS)
    c = engine.candidates([p for p in positions for _ in range(reps)], [r.dice for _ in positions for r in ROLLS])
    q = bot.probs(c.onroll, c.mover)  # the next mover's view, after each of our plays
    best = engine.segment_argmax(-equity_of(q), c.seg)
    ours = flip(q[best]).reshape(len(positions), reps, 5)
    expected: np.ndarray = (ours * _WAYS[None, :, None]).sum(axis=1)
    return expected, ours, c, best.reshape(len(positions), reps)


def rollout_targets(bot: NumpyBot, positions: Sequence[Position], trials: int = 36, horizon: int = 6,
                    rng: np.random.Generator | None = None, reduce: bool = True, common: bool = False) -> np.ndarray:
    """(N, 5) truncated-rollout probabilities for the side on roll of each position (before its roll).

    ``trials`` games a position, ``horizon`` rolls each (stopping early when a game ends), both
    sides at 0-ply; ``reduce`` subtracts each roll's luck (see the module's notes). Deterministic
    in ``rng``'s state. ``common``: trial ``i`` of every position rolls the same dice at every
    step (common random numbers, for the labels of sibling positions, the results of one roll's
    candidate plays; with the luck correction they gain little); by default the dice after
    the first roll are drawn afresh for each trial of each position (the rounds' labels).
    """
    if trials < 1 or horizon < 1:
        raise ValueError(f"trials and horizon must be positive: {trials}, {horizon}")
    rng = rng if rng is not None else np.random.default_rng(0)
    n = len(positions)
    first = rng.permutation(36)
    later = rng.integers(0, 36, size=(trials, horizon)) if common else None
    games = [p for p in positions for _ in range(trials)]
    estimate = np.zeros((n * trials, 5))  # the root side's view
    previous = np.zeros((n * trials, 5))  # A of the previous step, root view
    live = np.arange(n * trials)
    for step in range(horizon):
        if len(live) == 0:
            break
        # one table a distinct position: at the first step every trial of a position shares it,
        # and a non-double's two orders of dice often lead to the same next position
        distinct: dict[Position, int] = {}
        where = np.array([distinct.setdefault(games[g], len(distinct)) for g in live.tolist()], dtype=np.int64)
        expected, per_roll, c, best = _roll_table(bot, list(distinct))
        expected, per_roll, best = expected[where], per_roll[where], best[where]
        if step == 0:
            drawn = first[live % trials % 36]
        elif later is not None:
            drawn = later[live % trials, step]
        else:
            drawn = rng.integers(0, 36, size=len(live))
        rolls = _ORDERED[drawn]
        pick = np.arange(len(live))
        chosen = per_roll[pick, rolls]
        rows = best[pick, rolls]  # the drawn roll's play, for each live trial
        over = c.mover[rows].sum(axis=1) == 0
        if step % 2:  # the root side's opponent moved: back to the root's view
            expected, chosen = flip(expected), flip(chosen)
        if reduce:
            estimate[live] += expected - (previous[live] if step else 0.0)
            previous[live] = chosen
        else:
            estimate[live] = chosen
        for g, k in zip(live.tolist(), rows.tolist()):
            games[g] = engine.to_position(c.onroll[k], c.mover[k])
        live = live[~over]
    out: np.ndarray = estimate.reshape(n, trials, 5).mean(axis=1)
    return out
