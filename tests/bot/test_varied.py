"""The varied evaluation set (``bot_training.varied``, ``bot_training.classes``): the classes of
hand-made positions, the held-out split and the guards that keep it out of training and choosing.

No gnubg here: the runs are written by hand in the run's format (the gnubg-made run is checked in
``tests/gnubg/test_varied_vs_gnubg.py``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from core.moves import legal_plays
from core.position import Position

from .conftest import random_positions

np = pytest.importorskip("numpy")

from bot_training.batches import batch_path, load_labels, pack_run  # noqa: E402
from bot_training.classes import CLASSES, position_class  # noqa: E402
from bot_training.varied import (  # noqa: E402
    HELDOUT_PERCENT,
    HeldOutError,
    VariedSpec,
    ensure_spec,
    load_cases,
    part_of,
)

# one hand-made position a class, and the class it must get (x on roll, each side's own numbering)
HAND = [
    ("x 1:3 2:3 3:3 / o 1:2 2:2 6:4", "bearoff"),
    ("x 1:3 8:4 10:2 / o 1:2 2:2 12:4", "race"),
    ("x bar:1 13:5 8:3 6:4 24:2 / o 6:5 8:3 13:5 24:2", "bar"),
    ("x 24:2 22:2 13:4 8:3 6:4 / o 6:5 8:3 13:5 24:2", "backgame"),  # x holds o's 1 and 3 points
    ("x 13:5 8:3 6:5 5:2 / o 24:2 22:2 13:4 8:3 6:4", "backgame"),  # o holds x's 1 and 3 points
    ("x 1:3 2:3 3:2 6:2 13:5 / o 21:2 13:5 8:3 6:5", "crunched"),  # the side on roll
    ("x 21:2 13:5 8:3 6:5 / o 1:3 2:3 3:2 6:2 13:5", "crunched"),  # the other side
    ("x 13:5 8:3 6:5 24:2 / o 4:2 5:2 6:2 7:2 8:2 13:3 24:2", "prime"),  # o's 4 to 8 in front of x's 24
    ("x 24:2 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:5", "opening"),
    ("x 24:2 13:4 8:3 6:4 5:2 / o 24:2 13:5 8:3 6:5", "opening"),
    ("x 20:1 18:1 11:3 10:2 8:3 6:4 5:1 / o 21:2 13:3 11:2 8:3 6:4 4:1", "middle"),
    ("x 1:3 8:4 10:2 / o bar:1 1:2 2:2 12:3", "middle"),  # the other side on the bar: contact again
]


@pytest.mark.parametrize(("text", "cls"), HAND)
def test_hand_made_positions_get_their_class(text: str, cls: str) -> None:
    assert position_class(Position.from_text(text)) == cls


def test_the_first_class_that_applies_wins() -> None:
    # on the bar and in a back game: bar; a back game behind a prime: backgame
    assert position_class(Position.from_text("x bar:1 24:1 22:2 13:4 8:3 6:4 / o 6:5 8:3 13:5 24:2")) == "bar"
    text = "x 24:2 23:2 13:3 8:3 6:5 / o 3:2 4:2 5:2 6:2 7:2 8:2 13:3"
    assert position_class(Position.from_text(text)) == "backgame"


def test_every_position_of_random_games_gets_one_class() -> None:
    seen = {position_class(p) for p in random_positions(400, seed=5)}
    assert seen <= set(CLASSES)
    assert {"opening", "middle", "bar", "race"} <= seen


def test_the_split_is_a_fixed_share_by_position_whatever_the_roll() -> None:
    ids = [p.to_id() for p in random_positions(3000, seed=8)]
    ids = sorted(set(ids))
    share = sum(part_of(i) == "heldout" for i in ids) / len(ids)
    assert abs(share - HELDOUT_PERCENT / 100) < 0.04
    assert [part_of(i) for i in ids] == [part_of(i) for i in ids]  # a function of the ID alone


def test_a_spec_refuses_unknown_players_and_bad_settings() -> None:
    VariedSpec(players="gnubg,gnubg~0.2,pubeval,beginner")
    with pytest.raises(ValueError, match="unknown player 'strongest'"):
        VariedSpec(players="gnubg,strongest")
    with pytest.raises(ValueError, match="noise"):
        VariedSpec(players="gnubg~-1")
    with pytest.raises(ValueError, match="sample"):
        VariedSpec(sample=0.0)


def _cases_by_part() -> tuple[list[tuple[Position, tuple[int, int]]], list[tuple[Position, tuple[int, int]]]]:
    tune, held = [], []
    for p in random_positions(200, seed=3):
        if len(legal_plays(p, (3, 1))) < 3:
            continue
        (held if part_of(p.to_id()) == "heldout" else tune).append((p, (3, 1)))
    return tune[:3], held[:2]


def _write_run(folder: Path, batches: list[list[tuple[Position, tuple[int, int]]]]) -> None:
    """A varied run written by hand: every play of case i rated -0.01 * its index (gnubg's choice the
    first play), gnubg 0-ply's choice the last play."""
    ensure_spec(str(folder), VariedSpec(seed=9))
    for k, cases in enumerate(batches):
        rows: dict[str, list[object]] = {key: [] for key in (
            "case", "onroll", "other", "dice", "cls", "mover", "opponent", "after_player", "after_opponent",
            "eq2", "plies2", "rank2", "eq0", "rank0")}
        for i, (pos, dice) in enumerate(cases):
            plays = legal_plays(pos, dice)
            for j, play in enumerate(plays):
                for key, value in (("case", k * 100000 + i), ("onroll", pos.player), ("other", pos.opponent),
                                   ("dice", dice), ("cls", CLASSES.index(position_class(pos))), ("mover", 4),
                                   ("opponent", 0), ("after_player", play.result.player),
                                   ("after_opponent", play.result.opponent), ("eq2", -0.01 * j), ("plies2", 2),
                                   ("rank2", j), ("eq0", -0.01 * j), ("rank0", len(plays) - 1 - j)):
                    rows[key].append(value)
        arrays = {key: np.array(v, dtype=np.float32 if key.startswith("eq") else np.int64) for key, v in rows.items()}
        np.savez_compressed(batch_path(str(folder), k), **arrays)


def test_a_run_reads_back_by_part_each_case_once(tmp_path: Path) -> None:
    tune, held = _cases_by_part()
    assert tune and held
    run = tmp_path / "v"
    _write_run(run, [tune + held, [tune[0]]])  # batch 1 repeats a case of batch 0
    pack_run(str(run))
    got = load_cases([str(run)], "tune")
    assert [(c.position, c.dice) for c in got] == tune
    assert all(c.part == "tune" and c.mover == "pubeval" and c.opponent == "gnubg" for c in got)
    c = got[0]
    plays = legal_plays(c.position, c.dice)
    assert c.plays == tuple((p.result.player, p.result.opponent) for p in plays)
    assert c.best2 == 0 and c.best0 == len(plays) - 1
    assert c.loss(c.plays[0]) == 0.0
    assert c.loss(c.plays[2]) == pytest.approx(0.02)
    assert c.cls == position_class(c.position)
    heldout = load_cases([str(run)], "heldout", final_report=True)
    assert [(c.position, c.dice) for c in heldout] == held
    assert all(c.part == "heldout" for c in heldout)


def test_the_held_out_part_is_refused_but_to_a_final_report(tmp_path: Path) -> None:
    tune, held = _cases_by_part()
    run = tmp_path / "v"
    _write_run(run, [tune + held])
    with pytest.raises(HeldOutError, match="held-out"):
        load_cases([str(run)], "heldout")
    with pytest.raises(ValueError, match="part 'all'"):
        load_cases([str(run)], "all", final_report=True)


def test_training_refuses_a_varied_run_whole(tmp_path: Path) -> None:
    tune, held = _cases_by_part()
    run = tmp_path / "v"
    _write_run(run, [tune + held])
    for name in (str(run), f"{run}@0:1"):
        with pytest.raises(ValueError, match="never training data"):
            load_labels([name])
    pack_run(str(run))
    with pytest.raises(ValueError, match="never training data"):
        load_labels([str(run)])


def test_a_rerun_with_other_settings_is_refused(tmp_path: Path) -> None:
    ensure_spec(str(tmp_path / "v"), VariedSpec(seed=1))
    ensure_spec(str(tmp_path / "v"), VariedSpec(seed=1))  # the same: fine
    with pytest.raises(ValueError, match="other settings"):
        ensure_spec(str(tmp_path / "v"), VariedSpec(seed=2))
    with open(os.path.join(tmp_path / "v", "spec.json")) as f:
        assert json.load(f)["kind"] == "varied"


def test_a_folder_that_is_not_a_varied_run_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a varied evaluation run"):
        load_cases([str(tmp_path)], "tune")
