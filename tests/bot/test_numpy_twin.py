"""The benchmarks measure the browser bot through its numpy twin: check that both play alike.

The twin rates every position with the contact net (``shipped_twin``); the browser rates back games
and crunched boards with the crashed net where one is shipped (core/bot/kinds.py), so the twin is
compared here with the browser's bot on the contact net alone."""

from __future__ import annotations

import pytest

from core.bot import Bot
from core.position import Position
from tests.bot.twin_check import assert_same_plays

np = pytest.importorskip("numpy")


def _one_net_bot(level: str) -> Bot:
    from core.bot.evaluator import Evaluator
    from core.bot.net import Net

    return Bot(level=level, evaluator=Evaluator(net=Net.load()))


def _twin():  # type: ignore[no-untyped-def]
    from bot_training.npbot import shipped_twin

    return shipped_twin()


@pytest.mark.parametrize(("level", "count"), [("advanced", 30), ("strongest", 6)])
def test_numpy_twin_picks_the_same_plays(level: str, count: int, positions: list[Position]) -> None:
    assert_same_plays(_twin().scorer(level), _one_net_bot(level), positions[::2], 17, count)


def test_numpy_twin_looks_two_rolls_ahead_as_the_browser_does(positions: list[Position]) -> None:
    from bot_training import engine
    from core.bot.evaluator import Evaluator, drive
    from core.bot.net import Net
    from core.moves import legal_plays

    twin = _twin()
    ev = Evaluator(net=Net.load())
    checked = 0
    for pos in positions[5:200:40]:
        plays = legal_plays(pos, (5, 3))
        if not plays:
            continue
        c = engine.candidates([pos], [(5, 3)])
        mine = twin.two_ply_many([(c.onroll[0], c.mover[0])], keep=2)[0]
        # the twin's first candidate is the browser's first play (same generation order)
        assert (tuple(c.mover[0]), tuple(c.onroll[0])) == (plays[0].result.player, plays[0].result.opponent)
        assert mine == pytest.approx(drive(ev.two_ply_steps(plays[0], keep=2))[0], abs=2e-4)
        checked += 1
    assert checked >= 3
