"""The benchmarks measure the browser bot through its numpy twin: check that both play alike."""

from __future__ import annotations

import random

import pytest

from core.bot import Bot
from core.moves import legal_plays
from core.position import Position

np = pytest.importorskip("numpy")


def _twin():  # type: ignore[no-untyped-def]
    from bot_training.npbot import shipped_twin

    return shipped_twin()


@pytest.mark.parametrize(("level", "count"), [("advanced", 30), ("strongest", 6)])
def test_numpy_twin_picks_the_same_plays(level: str, count: int, positions: list[Position]) -> None:
    from bot_training import engine

    twin = _twin().scorer(level)
    bot = Bot(level=level)
    rng = random.Random(17)
    checked = 0
    for pos in positions[::2]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if len(plays) < 2:
            continue
        c = engine.candidates([pos], [dice])
        scores = twin(c, np.arange(len(plays)), np.zeros(len(plays), dtype=bool))
        mine = bot.choose_play(pos, dice)
        best = plays[int(np.argmax(scores))]
        if best != mine:
            # only near-ties may differ (float32 vs float64 sums)
            ranked = {p: s for s, p in bot.rank_plays(pos, dice)}
            assert abs(ranked[best] - ranked[mine]) < 1e-4
        checked += 1
        if checked >= count:
            break
    assert checked == count
