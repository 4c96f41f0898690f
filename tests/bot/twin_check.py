"""One check shared by the twin tests: the numpy twin picks the browser bot's plays."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from core.bot import Bot
from core.moves import legal_plays
from core.position import Position


def assert_same_plays(
    scorer: Callable[..., Any], bot: Bot, positions: Sequence[Position], seed: int, count: int
) -> None:
    """For ``count`` positions with a choice, the twin's ``scorer`` and ``bot`` pick the same play
    (only near-ties may differ: float32 against float64 sums)."""
    import numpy as np

    from bot_training import engine

    rng = random.Random(seed)
    checked = 0
    for pos in positions:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if len(plays) < 2:
            continue
        c = engine.candidates([pos], [dice])
        scores = scorer(c, np.arange(len(plays)), np.zeros(len(plays), dtype=bool))
        mine = bot.choose_play(pos, dice)
        best = plays[int(np.argmax(scores))]
        if best != mine:
            ranked = {p: s for s, p in bot.rank_plays(pos, dice)}
            assert abs(ranked[best] - ranked[mine]) < 1e-4
        checked += 1
        if checked >= count:
            break
    assert checked == count
