"""gnubg reads what the .mat export adds for issue #17: comment tags, any name, no Crawford rule, a game not begun.

gnubg ignores the ``; [Tag "value"]`` lines (it assumes the Crawford rule and
takes the names from the score lines); it must still replay every game the
same way, print no warning, and show the names as :func:`core.record.mat_name`
writes them.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest
from randomplay import Style, random_action

from core.match import Match
from core.record import format_mat, mat_name, read_mat
from tests.gnubg.oracle import GnubgOracle
from tests.gnubg.test_mat_vs_gnubg import ours, run_gnubg, theirs

pytestmark = pytest.mark.gnubg

NAMES = [("#Ann", "12) Bob"), ("Ann : 1  B", ";Zed"), ("x" * 40, "Ann Lee"), ('Q "quoted" \\', "y" * 31)]


def _no_crawford(names: tuple[str, str]) -> Match:
    """A 3-point match without the Crawford rule: player 1 doubles in what would be the Crawford game."""
    match = Match.new(3, names=names, crawford_rule=False)
    for _ in range(2):
        match = match.opening_with(3, 1).play("8/5 6/5").double().drop().next_game()
    return match.opening_with(1, 3).play("8/5 6/5").double().take().roll_with((6, 4)).play("24/14")


def test_gnubg_reads_our_tags_names_and_matches_without_crawford(oracle: GnubgOracle) -> None:
    matches = [_no_crawford(NAMES[0]), Match.new(5, names=NAMES[1]), Match.new(0, names=NAMES[2], jacoby=True)]
    beavered = Match.new(0, beavers=True).opening_with(3, 1).play("8/5 6/5").double().beaver()
    matches.append(beavered.roll_with((6, 4)).play("24/18 13/9"))  # gnubg reads "Beavers => 4" (issue #17)
    for seed in range(4):
        rnd = random.Random(seed)
        match = Match.new(3, names=NAMES[3], crawford_rule=False)
        while not match.is_over:
            match = random_action(match, rnd, Style(double=0.3, take=0.9, by_steps=0.0))
        matches.append(match)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, match in enumerate(matches):
            path = os.path.join(tmp, f"t{i}.mat")
            Path(path).write_text(format_mat(match))
            assert read_mat(Path(path).read_text()).match.names == match.names
            paths.append(path)
        answer = run_gnubg({"import": paths})
    for match, record, path in zip(matches, answer["import"], paths):
        info = record["match-info"]
        assert (info["X"]["name"], info["O"]["name"]) == tuple(mat_name(n) for n in match.names), path
        mine, gnubgs = ours(match), theirs(record)
        assert len(mine) == len(gnubgs), path
        for number, (a, b) in enumerate(zip(mine, gnubgs), start=1):
            assert a["score"] == b["score"], (path, number)
            assert a["moves"] == b["moves"], (path, number)
            if a["winner"] is not None:
                assert (a["winner"], a["points"]) == (b["winner"], b["points"]), (path, number)
