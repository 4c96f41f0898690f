"""legal_plays against a fixed corpus counted by GNU Backgammon (no gnubg needed).

``tests/data/movegen_corpus.txt``: one ``PositionID d1 d2 count`` per line,
``count`` being the number of distinct positions that legal plays leave, as
gnubg counts them (written by ``python -m tests.gnubg.cases``; the gnubg tests
check the file against gnubg itself). Like a perft file: a wrong count names
the position and the roll.

All 10,000 lines take about a second, under Pyodide too.
"""

from __future__ import annotations

from pathlib import Path

from core.moves import legal_plays
from core.position import Position

CORPUS = Path(__file__).resolve().parents[1] / "data" / "movegen_corpus.txt"


def _rows() -> list[tuple[str, int, int, int]]:
    rows = []
    for line in CORPUS.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        pid, d1, d2, count = line.split()
        rows.append((pid, int(d1), int(d2), int(count)))
    return rows


def test_corpus_is_complete() -> None:
    rows = _rows()
    assert len(rows) == 10_000
    assert len({(pid, d1, d2) for pid, d1, d2, _ in rows}) > 9_000
    # The corpus covers the rules it is meant to: no play, forced plays, doubles, bear-offs.
    counts = [count for *_, count in rows]
    assert counts.count(0) > 100
    assert counts.count(1) > 100
    assert max(counts) > 100
    assert sum(1 for _, d1, d2, _ in rows if d1 == d2) > 1_000
    assert sum(1 for pid, *_ in rows if Position.from_id(pid).can_bear_off()) > 1_000


def test_legal_play_counts_match_gnubg() -> None:
    rows = _rows()
    wrong = []
    for pid, d1, d2, count in rows:
        got = len(legal_plays(Position.from_id(pid), (d1, d2)))
        if got != count:
            wrong.append(f"{pid} {d1}{d2}: {got} plays, gnubg {count}")
    assert not wrong, f"{len(wrong)} of {len(rows)} counts differ:\n" + "\n".join(wrong[:20])
