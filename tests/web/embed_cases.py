"""Positions (and a helper) shared by the embed's unit tests and its browser tests (not a test module).

Each ``*`` position below has White (the bottom player) on roll with dice where one step is
refused for one rule the tutorial teaches.
"""

from __future__ import annotations

from typing import Any

from app.embed.host import EmbedState, act
from core.ids import MatchInfo, encode_xgid
from core.position import Position

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def xgid(text: str, dice: tuple[int, int] | None = None, **kw: Any) -> str:
    """An XGID for a readable position (``x`` on roll; bottom unless ``on_roll=1``)."""
    return encode_xgid(Position.from_text(text), MatchInfo(dice=dice, **kw))


ENTER = xgid("x bar:1 13:5 8:3 6:4 5:2 / o 13:3 8:3 6:3 5:2 4:2 3:2", (2, 4))
BLOCKED = xgid("x 24:2 13:5 8:3 6:5 / o 24:2 13:3 8:3 7:2 6:5", (6, 5))
BOTH = xgid("x 18:1 4:5 3:5 1:4 / o 17:2 16:2 6:4 5:1 4:3 3:2 1:1", (6, 3))
LARGER = xgid("x 24:1 5:3 4:3 3:3 2:3 1:2 / o 12:2 5:3 4:3 3:3 2:4", (6, 5))
HIT41 = xgid("x 24:2 13:4 10:1 8:3 6:5 / o 20:1 16:1 13:5 8:3 6:5", (4, 1))


def clicks(state: EmbedState, *places: str) -> tuple[EmbedState, list[dict[str, Any]]]:
    """``state`` after a click on each of ``places`` in turn, and the events the clicks sent."""
    events: list[dict[str, Any]] = []
    for place in places:
        state, new = act(state, {"action": "click", "place": place})
        events += new
    return state, events
