"""``bench/gnubg_rollout.py`` driving GNU Backgammon: its logged rollout games read back.

Positions whose every game ends the same way, so that the probabilities read from gnubg's logs
are known exactly: the side on roll bears its last checker off at once against a side with none
off (a gammon), or has no chance to finish before the other side does (a gammon lost). How a
backgammon or a hit is read is tested on hand-written logs (``tests/bot/test_gnubg_rollout.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from core.ids import MatchInfo, encode_gnubg_id
from core.position import Position
from tests.gnubg.oracle import GnubgOracle

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from gnubg_rollout import gnubg_rollout_probs  # noqa: E402

pytestmark = pytest.mark.gnubg


def test_gnubg_rollouts_read_back_from_its_logged_games(oracle: GnubgOracle, tmp_path: Path) -> None:
    # x on roll: one checker on its ace against 15 on o's 13-point (x's 12): x bears off now, a gammon
    win_now = Position.from_text("x 1:1 / o 13:15")
    # x on roll with 15 checkers on its 13-point, o's last checker on its ace: o finishes next roll
    lose_next = Position.from_text("x 13:15 / o 1:1")
    ids = [encode_gnubg_id(p, MatchInfo()) for p in (win_now, lose_next)]
    cache = tmp_path / "rollouts.jsonl"
    probs = gnubg_rollout_probs(ids, games=6, workers=2, cache=str(cache))
    assert probs == [(1.0, 1.0, 0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0, 0.0)]
    # read back from the cache, and refused for other settings
    assert gnubg_rollout_probs(ids, games=6, workers=1, cache=str(cache)) == probs
    with pytest.raises(SystemExit, match="other positions or settings"):
        gnubg_rollout_probs(ids, games=12, workers=1, cache=str(cache))
