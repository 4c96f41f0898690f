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


def one_ply_equity(pos: Position, evaluator: Evaluator) -> float:
    """The cubeless equity of ``pos`` (side on roll, before its roll) at 1-ply in the core: each
    roll's best play at 0-ply, or the position passed on when the roll cannot be played,
    weighted by the roll's chances; ``evaluator`` holds the net."""
    from core.bot import Bot
    from core.dice import ROLLS

    bot = Bot(level="advanced", evaluator=evaluator)
    total = 0.0
    for roll in ROLLS:
        found = zero_ply_best(pos, roll.dice, evaluator)
        total += roll.ways / 36.0 * (found[0] if found else -bot.equity(pos.swapped()))
    return total
