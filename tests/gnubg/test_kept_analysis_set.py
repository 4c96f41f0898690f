"""The larger analysis set kept in ``bench/data/analysis`` (60 matches gnubg played against itself
with noise, each with gnubg's 2-ply analysis, made by ``bench/analysis.py --make``) is what
``bench/analysis.py --folder bench/data/analysis`` measures candidate nets on: check that every
gnubg record still lines up with our reading of its ``.mat`` (same games, and each recorded play
is the legal play the ``.mat`` shows at that point), so a change to the reader or the walk cannot
quietly turn the bench's figures into a comparison of different decisions. Needs no gnubg.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.analysis import walk_match
from core.moves import legal_plays
from core.record import parse_mat
from core.turn import Turn
from tests.gnubg.test_analysis_vs_gnubg import _key_of

KEPT = Path(__file__).parents[2] / "bench" / "data" / "analysis"
MATS = sorted(KEPT.glob("*.mat"))


def test_the_set_is_there() -> None:
    assert len(MATS) >= 60
    assert all(m.with_suffix(".gnubg.json").is_file() for m in MATS)


@pytest.mark.parametrize("mat", MATS[::6], ids=lambda p: p.stem)
def test_gnubg_records_line_up_with_the_mat(mat: Path) -> None:
    record = json.loads(mat.with_suffix(".gnubg.json").read_text())
    match = parse_mat(mat.read_text())
    assert len(record["games"]) == len(match.games)
    moments = {(m.game, m.index): m for m in walk_match(match) if m.kind == "move"}
    checked = 0
    for game_number, records in enumerate(record["games"], start=1):
        for index, rec in enumerate(records, start=1):
            if rec["action"] != "move" or "played" not in rec:
                continue
            moment = moments.get((game_number, index))
            assert moment is not None and moment.dice is not None, f"{mat.name} {game_number}.{index}"
            assert tuple(sorted(moment.dice)) == tuple(sorted(rec["dice"]))
            keys = {p.key for p in legal_plays(moment.position, moment.dice)}
            played = _key_of(moment.position, moment.dice, rec["played"]["move"])
            assert played in keys
            assert _key_of(moment.position, moment.dice, rec["move"]) == played
            ours = Turn.start(moment.position, moment.dice)
            for s, t in moment.steps:
                ours = ours.step(s, max(0, t))
            assert ours.play().key == played, f"{mat.name} {game_number}.{index}: the .mat plays otherwise"
            assert _key_of(moment.position, moment.dice, rec["best"]["move"]) in keys
            checked += 1
    assert checked > 0
