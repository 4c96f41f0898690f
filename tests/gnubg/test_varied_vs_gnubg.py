"""``bot_training.varied`` with GNU Backgammon: a tiny run, made twice, is the same run, and what it
holds agrees with our own engine (every legal play, the class, gnubg's order of the plays); the same
for the cube run (``bot_training.varied_cube``), whose answers are those of gnubg's printed hint."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from core.moves import legal_plays
from tests.gnubg.oracle import GnubgOracle

np = pytest.importorskip("numpy")

from bot_training.batches import read_run  # noqa: E402
from bot_training.classes import position_class  # noqa: E402
from bot_training.varied import VariedSpec, load_cases, run_batches  # noqa: E402
from bot_training.varied_cube import MATCH_LENGTHS, CubeSpec, gnubg_id, load_decisions  # noqa: E402
from bot_training.varied_cube import run_batches as run_cube_batches  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bot_cube import gnubg_cube  # noqa: E402

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


TINY_CUBE = CubeSpec(seed=4, positions=6, games=3, sample=0.5)


def test_a_tiny_cube_run_is_seeded_and_its_answers_are_gnubgs_hint(oracle: GnubgOracle, tmp_path: Path) -> None:
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    run_cube_batches(TINY_CUBE, a, range(1))
    run_cube_batches(TINY_CUBE, b, range(1))
    first, second = read_run(a)[0], read_run(b)[0]
    assert sorted(first) == sorted(second)
    for key in first:
        assert np.array_equal(first[key], second[key]), key
    decisions = load_decisions([a], "tune") + load_decisions([a], "heldout", final_report=True)
    assert len(decisions) == len(first["case"]) >= 4
    assert {d.kind for d in decisions} == {"money", "match"}
    for d in decisions:
        assert d.cls == position_class(d.position)
        if d.kind == "match":
            assert d.length in MATCH_LENGTHS and 2 <= d.away <= d.length and 1 <= d.opp_away <= d.length
    # the run's 2-ply answers are those gnubg's own hint prints (bench/bot_cube.py reads them)
    ids = [gnubg_id(d.position, d.length, d.length - d.away, d.length - d.opp_away) if d.length
           else gnubg_id(d.position, 0, 0, 0) for d in decisions]
    for d, hint in zip(decisions, gnubg_cube(ids, 1, 2)):
        assert hint.action.split(",")[0] == d.deep.action.split(",")[0]
        assert (hint.no_double, hint.double_take, hint.double_pass) == pytest.approx(
            (d.deep.no_double, d.deep.double_take, d.deep.double_pass), abs=6e-4)
