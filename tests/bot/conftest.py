from __future__ import annotations

import random

import pytest

from core.bot.evaluator import Evaluator
from core.moves import Play, legal_plays
from core.position import Position


def random_positions(n: int, seed: int) -> list[Position]:
    """Positions from random games (bar, hits and bear-offs included), side on roll."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        pos = Position.initial()
        while not pos.is_game_over() and len(out) < n:
            out.append(pos)
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                pos = rng.choice(plays).result
            pos = pos.swapped()
    return out


@pytest.fixture(scope="session")
def positions() -> list[Position]:
    return random_positions(300, seed=11)


def zero_ply_best(
    pos: Position, dice: tuple[int, int], evaluator: Evaluator | None = None
) -> tuple[float, Play] | None:
    """The play the net rates best with no lookahead (first generated on ties), with its equity
    (the shipped net, or ``evaluator``'s)."""
    plays = legal_plays(pos, dice)
    if not plays:
        return None
    scores = (evaluator or Evaluator.shared()).play_equities(plays)
    k = max(range(len(plays)), key=lambda i: (scores[i], -i))
    return scores[k], plays[k]
