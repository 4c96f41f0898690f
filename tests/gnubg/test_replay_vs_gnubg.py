"""tests/data/gnubg_5pt_ids.txt is still exactly what GNU Backgammon shows (see replay_ids.py).

The app's tests read the file, so that they run where gnubg is not installed; this asks
gnubg again: its walk through tests/data/gnubg_5pt.mat, and its reading of the XGIDs the
app copies. ``tests/web/test_records.py`` compares the app's replay and IDs with the file.
"""

from __future__ import annotations

import pytest

from tests.gnubg.oracle import GnubgOracle
from tests.gnubg.replay_ids import gnubg_reads, gnubg_walk, read_ids, sample_xgids

pytestmark = pytest.mark.gnubg


def test_gnubg_walks_the_match_as_recorded(oracle: GnubgOracle) -> None:
    walk, _ = read_ids()
    assert gnubg_walk(gnubg=oracle.gnubg) == walk


def test_gnubg_reads_the_copied_xgids_as_recorded(oracle: GnubgOracle) -> None:
    _, reads = read_ids()
    xgids = sample_xgids()
    assert xgids == [r.xgid for r in reads]
    assert gnubg_reads(xgids) == reads
