"""The benchmarks measure the browser bot through its numpy twin: check that both play alike."""

from __future__ import annotations

import pytest

from core.bot import Bot
from core.position import Position
from tests.bot.twin_check import assert_same_plays

np = pytest.importorskip("numpy")


def _twin():  # type: ignore[no-untyped-def]
    from bot_training.npbot import shipped_twin

    return shipped_twin()


@pytest.mark.parametrize(("level", "count"), [("advanced", 30), ("strongest", 6)])
def test_numpy_twin_picks_the_same_plays(level: str, count: int, positions: list[Position]) -> None:
    assert_same_plays(_twin().scorer(level), Bot(level=level), positions[::2], 17, count)
