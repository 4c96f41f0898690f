"""``bot_training.varied`` with GNU Backgammon: a tiny run, made twice, is the same run, and what it
holds agrees with our own engine (every legal play, the class, gnubg's order of the plays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.moves import legal_plays
from tests.gnubg.oracle import GnubgOracle

np = pytest.importorskip("numpy")

from bot_training.batches import read_run  # noqa: E402
from bot_training.classes import position_class  # noqa: E402
from bot_training.varied import VariedSpec, load_cases, run_batches  # noqa: E402

pytestmark = pytest.mark.gnubg

TINY = VariedSpec(seed=4, positions=6, games=2, sample=0.5)


def test_a_tiny_run_is_seeded_and_agrees_with_our_engine(oracle: GnubgOracle, tmp_path: Path) -> None:
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    run_batches(TINY, a, range(1))
    run_batches(TINY, b, range(1))
    first, second = read_run(a)[0], read_run(b)[0]
    assert sorted(first) == sorted(second)
    for key in first:
        assert np.array_equal(first[key], second[key]), key
    assert len(np.unique(first["case"])) >= 3
    cases = load_cases([a], "tune") + load_cases([a], "heldout", final_report=True)
    assert len(cases) == len(np.unique(first["case"]))
    for c in cases:
        plays = legal_plays(c.position, c.dice)
        assert c.plays == tuple((p.result.player, p.result.opponent) for p in plays)
        assert c.cls == position_class(c.position)
        assert max(c.eq2) - min(c.eq2) >= TINY.threshold
        assert c.loss(c.plays[c.best2]) == 0.0
        # gnubg 0-ply's choice is the play of highest 0-ply equity
        assert c.eq0[c.best0] == pytest.approx(max(c.eq0), abs=1e-6)
