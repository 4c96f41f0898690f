"""The parse errors of notation, IDs and set-ups carry a stable reason code (and ``line``, None here).

The .mat codes are tested in ``tests/core/test_record_errors.py``; every code is translated
(``tests/web/test_web_i18n.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core import reasons
from core.errors import BackgammonError, InvalidIdError, InvalidNotationError, InvalidStateError
from core.ids import decode_gnubg_id, decode_match_id, decode_position_id
from core.notation import parse_play
from core.position import Position
from core.setup import Setup
from core.xgid import decode_xgid

START = Position.initial()

CASES: list[tuple[str, type[BackgammonError], Callable[[], object]]] = [
    (reasons.NOTATION_EMPTY, InvalidNotationError, lambda: parse_play(START, (3, 1), "  ")),
    (reasons.NOTATION_UNREADABLE, InvalidNotationError, lambda: parse_play(START, (3, 1), "8/5 six/5")),
    (reasons.NOTATION_BACKWARDS, InvalidNotationError, lambda: parse_play(START, (3, 1), "5/8")),
    (reasons.NOTATION_BAD_COUNT, InvalidNotationError, lambda: parse_play(START, (3, 1), "8/5(5)")),
    (reasons.ID_MALFORMED, InvalidIdError, lambda: decode_position_id("4HPwATDgc/AB!A")),
    (reasons.ID_MALFORMED, InvalidIdError, lambda: decode_gnubg_id("4HPwATDgc/ABMA")),
    (reasons.ID_IMPOSSIBLE, InvalidIdError, lambda: decode_position_id("////////////AA")),
    (reasons.ID_IMPOSSIBLE, InvalidIdError, lambda: decode_match_id("cAkAAAAAAAAE".replace("c", "/"))),
    (reasons.ID_MALFORMED, InvalidIdError, lambda: decode_xgid("XGID=-b----E-C---eE---c-e----B-")),
    (reasons.ID_IMPOSSIBLE, InvalidIdError, lambda: decode_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10")),
    (reasons.SETUP_IMPOSSIBLE, InvalidStateError, lambda: Setup(START, 0, cube=3).checked()),
]  # fmt: skip


@pytest.mark.parametrize(("reason", "kind", "parse"), CASES)
def test_each_parse_error_carries_its_reason(
    reason: str, kind: type[BackgammonError], parse: Callable[[], object]
) -> None:
    with pytest.raises(kind) as caught:
        parse()
    assert caught.value.reason == reason, caught.value
    assert caught.value.line is None


def test_every_parse_reason_is_raised_somewhere() -> None:
    prefixes = ("NOTATION_", "ID_", "SETUP_")
    codes = {value for name, value in vars(reasons).items() if name.startswith(prefixes)}
    assert codes == {case[0] for case in CASES}
    assert codes <= set(reasons.ALL)
