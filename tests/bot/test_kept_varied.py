"""The varied sets kept in ``bench/data/varied`` (issue #43): what ``bot_training/README.md`` says
they hold, every class in both parts, and gnubg's cube answers consistent with their own equities.

Reading them needs no gnubg (the gnubg-made runs are checked in ``tests/gnubg/test_varied_vs_gnubg.py``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from core.moves import legal_plays

np = pytest.importorskip("numpy")

from bot_training.classes import CLASSES, position_class  # noqa: E402
from bot_training.varied import load_cases  # noqa: E402
from bot_training.varied_cube import load_decisions  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "varied"
MOVES, CUBE = str(DATA / "v1"), str(DATA / "cube1")


def test_the_chequer_set_holds_its_cases_in_both_parts() -> None:
    tune, held = load_cases([MOVES], "tune"), load_cases([MOVES], "heldout", final_report=True)
    assert (len(tune), len(held)) == (1522, 664)
    for part in (tune, held):
        assert set(Counter(c.cls for c in part)) == set(CLASSES)
    for c in held[::25]:  # a sample: every play of ours, gnubg's choice loses nothing
        assert len(c.plays) == len(legal_plays(c.position, c.dice))
        assert c.cls == position_class(c.position)
        assert c.loss(c.plays[c.best2]) == 0.0


def test_the_cube_set_holds_money_and_match_decisions_in_both_parts() -> None:
    tune, held = load_decisions([CUBE], "tune"), load_decisions([CUBE], "heldout", final_report=True)
    assert (len(tune), len(held)) == (2244, 952)
    for part in (tune, held):
        assert set(Counter(d.cls for d in part)) == set(CLASSES)
        assert Counter(d.kind for d in part)["money"] == pytest.approx(len(part) / 2, rel=0.05)
    # the split is the chequer set's: by position, whatever the set
    assert not {d.position for d in tune} & {d.position for d in held}


def test_gnubgs_cube_answers_agree_with_their_own_equities() -> None:
    decisions = load_decisions([CUBE], "tune") + load_decisions([CUBE], "heldout", final_report=True)
    for d in decisions:
        assert d.cls == position_class(d.position)
        for g in (d.deep, d.zero):
            assert g.double_pass == pytest.approx(1.0, abs=1e-3)  # a pass gives the cube's value
            best = min(g.double_take, g.double_pass)
            if g.action.startswith("Double"):
                assert best >= g.no_double - 1e-3, g
            elif g.action.startswith(("No double", "Too good")):
                assert g.no_double >= best - 1e-3, g
            if g.action.endswith("pass"):
                assert not g.take or g.double_take == pytest.approx(g.double_pass, abs=1e-3), g
        if d.kind == "match":
            assert d.length in (3, 5, 7, 11) and 2 <= d.away <= d.length and 1 <= d.opp_away <= d.length
        else:
            assert (d.length, d.away, d.opp_away) == (0, 0, 0)
