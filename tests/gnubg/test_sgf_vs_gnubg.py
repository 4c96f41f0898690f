"""gnubg's own ``.sgf`` files read equal to gnubg's ``.mat`` export of the same match (#55).

gnubg plays itself (a match, a money session, cube actions), or imports matches that the core
played out with resignations; each is saved with ``save match`` (once after ``analyse match``,
once without) and exported with ``export match mat``. Both files must replay to the same games:
scores, every move with its dice and board, cube actions, winners and points, names and notes.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

from core.record import format_mat, read_match_file, read_sgf
from tests.gnubg.mat_corpus import _compare, ours
from tests.gnubg.oracle import GNUBG, GnubgOracle
from tests.gnubg.test_mat_vs_gnubg import random_match

pytestmark = pytest.mark.gnubg
SCRIPT = Path(__file__).with_name("sgf_script.py")


def test_sgf_reads_equal_to_the_mat_export(oracle: GnubgOracle) -> None:
    with tempfile.TemporaryDirectory() as home:
        jobs: list[dict[str, object]] = [
            {"seed": 11, "length": 5, "analyse": True},
            {"seed": 12, "length": 3},
            {"seed": 13, "length": 0, "games": 3},
        ]
        for seed, length in [(1, 5), (6, 0), (3, 3)]:  # resignations, money with the cube, Crawford
            path = os.path.join(home, f"ours{seed}.mat")
            Path(path).write_text(format_mat(random_match(seed, length)))
            jobs.append({"import": path, "analyse": seed == 6})
        for i, job in enumerate(jobs):
            job.update(sgf=os.path.join(home, f"j{i}.sgf"), mat=os.path.join(home, f"j{i}.mat"))
        Path(home, "job.json").write_text(json.dumps({"jobs": jobs}))
        out = subprocess.run(
            [GNUBG, "-t", "-q", "-p", str(SCRIPT)],
            env=dict(os.environ, HOME=home, VIDEAU_SGF_JOB=os.path.join(home, "job.json")),
            capture_output=True, text=True, timeout=900, check=False,
        )
        assert out.returncode == 0 and "@@END" in out.stdout, out.stderr[-2000:]
        pairs = [(Path(str(j["sgf"])).read_text(), Path(str(j["mat"])).read_text()) for j in jobs]
    kinds = set()
    for number, (sgf, mat) in enumerate(pairs):
        a, b = read_sgf(sgf), read_match_file(mat)
        assert a.format == "sgf" and a.program == "GNU Backgammon"
        assert _compare(ours(a.match), ours(b.match)) is None, number
        assert (a.match.names, a.match.length, a.match.score, a.notes) == (b.match.names, b.match.length,
                                                                           b.match.score, b.notes), number
        for played in a.match.games:
            kinds.update(action.kind for action in played.game.actions)
            if played.game.result is not None:
                kinds.add(played.game.result.how)
        kinds.add("analysed" if "]A[" in sgf or "]DA[" in sgf else "plain")  # gnubg's analysis of a play, a cube
        kinds.add("money" if a.match.length == 0 else "match")
    # what the files held: every kind the issue asks for
    assert {"double", "take", "drop", "resign", "money", "match", "analysed", "plain"} <= kinds, kinds
