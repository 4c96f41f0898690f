"""Real match files of other programs, read by us and by GNU Backgammon's import, file by file (#55).

The ``tune`` part of ``tests/data/matches`` (Backgammon Galaxy, Backgammon Studio, gnubg and
eXtreme Gammon exports from public repositories: see its SOURCES.md) and gnubg's own ``.sgf`` files: each must
read, and read equal to gnubg's ``import mat`` / ``load match`` -- the score before each game, every
move with its dice and the board before it, every cube action, each winner and the points won.
The ``heldout`` part is measured once, by ``bench/mat_corpus.py``, and kept out of this test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gnubg.mat_corpus import gnubg_import, verdict
from tests.gnubg.oracle import GnubgOracle

pytestmark = pytest.mark.gnubg
CORPUS = Path(__file__).resolve().parents[1] / "data" / "matches"


def test_every_tuning_file_reads_as_gnubg_reads_it(oracle: GnubgOracle) -> None:
    files = sorted(p for p in (CORPUS / "tune").glob("*/*") if p.is_file()) + sorted((CORPUS / "sgf").glob("*.sgf"))
    assert len(files) >= 90
    programs = {p.parent.name for p in files}
    assert {"galaxy", "studio", "gnubg", "xg", "sgf"} <= programs
    reads = gnubg_import([str(p) for p in files], processes=2)
    wrong = []
    for path, read in zip(files, reads):
        found = verdict(path.read_text(encoding="utf-8"), read)
        if found.kind != "equal":
            wrong.append(f"{path.relative_to(CORPUS)}: {found.kind}: {found.detail}")
    assert not wrong, "\n".join(wrong)


OFF_TURN = {  # a resignation offered on the other player's turn, as FIBS and Backgammon Galaxy write it
    "after_play": "  1) 31: 8/5 6/5                  64: 24/18 13/9\n  2) 52: 13/8 13/11\n"
    "                                  Wins 2 points\n",
    "during_roll": "  1) 31: 8/5 6/5                  64: 24/18 13/9\n  2) 52: 13/8 13/11              33:\n"
    "                                  Wins 1 point\n",
}


def test_a_resignation_on_the_other_players_turn_reads_as_gnubg_reads_it(oracle: GnubgOracle, tmp_path: Path) -> None:
    head = " 5 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"
    files = []
    for name, body in OFF_TURN.items():
        path = tmp_path / f"{name}.mat"
        path.write_text(head + body)
        files.append(path)
    reads = gnubg_import([str(p) for p in files], processes=1)
    for path, read in zip(files, reads):
        found = verdict(path.read_text(), read)
        assert found.kind == "equal", f"{path.name}: {found.kind}: {found.detail}"
