"""legal_plays against GNU Backgammon's own move generator, position by position.

20,000 cases: the 10,000 of the fixed corpus (which also checks the counts
written in ``tests/data/movegen_corpus.txt``) and 10,000 more from another
seed. For each, the set of Position IDs that our legal plays leave must equal
the set gnubg's plays leave (``oracle.legal_results``). About 30 s with four
gnubg processes on two cores.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from core.moves import legal_plays
from core.position import Position
from tests.gnubg.cases import CORPUS_SEED, CORPUS_SIZE, cases, read_corpus
from tests.gnubg.oracle import Case, GnubgOracle

pytestmark = [pytest.mark.gnubg, pytest.mark.slow]

CORPUS = Path(__file__).resolve().parents[1] / "data" / "movegen_corpus.txt"
EXTRA_SEED = 7


def _ours(case: Case) -> set[str]:
    pid, d1, d2 = case
    return {play.result.to_id() for play in legal_plays(Position.from_id(pid), (d1, d2))}


def _report(oracle: GnubgOracle, failures: list[tuple[Case, set[str], set[str]]]) -> str:
    """Each failing case: its ID and dice, and the results only one side has (gnubg's with notation)."""
    gnubg_moves = oracle.legal_moves([case for case, _, _ in failures[:10]])
    lines = []
    for (case, ours, theirs), moves in zip(failures, gnubg_moves):
        pid, d1, d2 = case
        named = {result: move for move, result in moves}
        lines.append(f"{pid} dice {d1}{d2}: {len(ours)} ours, {len(theirs)} gnubg")
        for result in sorted(ours - theirs):
            play = next(p for p in legal_plays(Position.from_id(pid), (d1, d2)) if p.result.to_id() == result)
            lines.append(f"    only ours:  {result}  steps {play.steps}")
        for result in sorted(theirs - ours):
            lines.append(f"    only gnubg: {result}  {named.get(result, '?')}")
    return "\n".join(lines)


def test_corpus_file_is_what_its_seed_makes() -> None:
    corpus = read_corpus(str(CORPUS))
    assert [(pid, d1, d2) for pid, d1, d2, _ in corpus] == cases(CORPUS_SIZE, CORPUS_SEED)


def test_legal_plays_match_gnubg(oracle: GnubgOracle) -> None:
    corpus = read_corpus(str(CORPUS))
    batch: list[Case] = [(pid, d1, d2) for pid, d1, d2, _ in corpus] + cases(10_000, EXTRA_SEED)
    started = time.perf_counter()
    expected = oracle.legal_results(batch)
    gnubg_seconds = time.perf_counter() - started

    failures = []
    for case, theirs in zip(batch, expected):
        ours = _ours(case)
        if ours != theirs:
            failures.append((case, ours, theirs))
    assert not failures, f"{len(failures)} of {len(batch)} cases differ from gnubg:\n" + _report(oracle, failures)

    stale = [row for row, theirs in zip(corpus, expected) if row[3] != len(theirs)]
    assert not stale, f"corpus counts differ from gnubg (regenerate it): {stale[:5]}"
    print(f"\n{len(batch)} cases: gnubg {gnubg_seconds:.1f} s with {oracle.processes} processes")


@pytest.mark.parametrize(
    ("text", "dice", "count"),
    [
        ("x bar:2 13:5 / o 1:2 2:2 3:2 4:2 5:2 6:2", (6, 6), 0),  # closed board: no play
        ("x bar:1 13:5 / o 1:2 2:2 3:2 4:2 5:2", (3, 3), 0),  # 3s blocked: nothing enters
        ("x bar:1 13:5 / o 1:2 2:2 3:2 4:2 5:2", (6, 3), 2),  # bar/19 13/10, bar/16
        ("x bar:2 13:5 / o 1:2 2:2 3:2 4:2", (6, 5), 1),  # both dice to enter both checkers
        ("x 24:1 / o 12:2", (6, 5), 1),  # only one die plays: the larger, 24/18
        ("x 24:1 / o 12:2 7:2", (6, 5), 1),  # the 6 is blocked: then the 5, 24/19
        ("x 6:1 5:1 / o 24:1", (6, 5), 2),  # 6/off 5/off, or hit 6/1* then 5/off
        ("x 4:1 2:1 / o 22:1", (6, 1), 2),  # 4/off 2/1, or 4/3*/off: hitting while bearing off
        ("x 6:2 3:1 / o 21:1", (2, 1), 6),
        ("x 5:2 / o 24:1", (6, 6), 1),  # doubles larger than the highest point: 5/off(2)
        ("x 6:3 / o 20:1", (6, 6), 1),  # three checkers off, the fourth 6 unused
    ],
)
def test_hand_picked_positions(oracle: GnubgOracle, text: str, dice: tuple[int, int], count: int) -> None:
    case = (Position.from_text(text).to_id(), *dice)
    [theirs] = oracle.legal_results([case])
    assert _ours(case) == theirs
    assert len(theirs) == count
