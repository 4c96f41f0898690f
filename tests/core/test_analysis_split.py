"""core.analysis.split: a match graded in parts (the page's workers) merges to the same analysis."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.analysis import Decision, Engine, analyse_match, walk_match
from core.analysis.analyse import moments_steps
from core.analysis.split import (
    PARTS_PER_WORKER,
    Part,
    PartRunner,
    decision_games,
    merge_parts,
    pack_job,
    plan_parts,
    unpack_decision,
)
from core.match import Match
from core.record import parse_mat

DATA = Path(__file__).parents[1] / "data"


def drain(steps):  # type: ignore[no-untyped-def]
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def test_parts_cover_every_decision_once_largest_first() -> None:
    match = parse_mat((DATA / "gnubg_5pt.mat").read_text())
    games = decision_games(match)
    assert games == [m.game for m in walk_match(match)]
    for workers in (1, 2, 3, 4):
        parts = plan_parts(games, workers)
        assert [p.size for p in parts] == sorted((p.size for p in parts), reverse=True)
        covered = sorted(i for p in parts for i in range(p.start, p.stop))
        assert covered == list(range(len(games)))
        assert all(games[i] == p.game for p in parts for i in range(p.start, p.stop))  # one game each
        if workers == 1:
            assert len(parts) == len(match.games)  # whole games
        else:
            assert max(p.size for p in parts) <= -(-len(games) // (workers * PARTS_PER_WORKER))
    assert plan_parts(decision_games(Match.new(3)), 2) == ()
    with pytest.raises(ValueError, match="workers"):
        plan_parts(games, 0)


def test_a_position_met_twice_is_graded_the_same_both_times() -> None:
    # the same opening 31, played badly (priced deeper as the play made) then well: the second
    # grading must not show the first one's deeper price, or parts graded apart would differ
    bad = next(walk_match(Match.new(0).opening_with(3, 1).play("24/21 6/5")))
    good = next(walk_match(Match.new(0).opening_with(3, 1).play("8/5 6/5")))
    after = drain(moments_steps(Engine(), [bad, good]))[1]
    alone = drain(moments_steps(Engine(), [good]))[0]
    assert after == alone and after.equities == alone.equities


def test_parts_graded_apart_in_any_order_merge_to_the_single_analysis() -> None:
    match = parse_mat((DATA / "analysis_blunder.mat").read_text())
    whole = analyse_match(match)
    parts = plan_parts(decision_games(match), 4, per_worker=2)  # 9 decisions in parts of 2 at most
    assert len(parts) >= 4
    # two "workers", each with its own engine, taking parts alternately, largest first
    runners = [PartRunner(), PartRunner()]
    for runner in runners:
        runner.load(pack_job(match, None))
    graded: list[tuple[Part, list[Decision]]] = []
    for i, part in enumerate(parts):
        found: list[Decision] = []
        count = runners[i % 2].run(part.start, part.stop, lambda data, found=found: found.append(unpack_decision(data)))
        assert count == part.size == len(found)
        graded.append((part, found))
    merged = merge_parts(match, reversed(graded))
    assert merge_parts(match, graded, total=len(whole.decisions)) == whole
    assert merged == whole
    assert [d.equities for d in merged.decisions] == [d.equities for d in whole.decisions]
    assert [d.evaluation for d in merged.decisions] == [d.evaluation for d in whole.decisions]
    assert [s.total_loss for s in merged.summary] == [s.total_loss for s in whole.summary]
    with pytest.raises(ValueError, match="do not join"):
        merge_parts(match, graded[1:])
    with pytest.raises(ValueError, match="cover"):
        merge_parts(match, [(Part(1, 0, len(graded[0][1])), graded[0][1])])
    with pytest.raises(ValueError, match="decisions"):
        merge_parts(match, [(graded[0][0], [])] + graded[1:])


def test_bad_bytes_are_refused() -> None:
    runner = PartRunner()
    with pytest.raises(RuntimeError, match="no match"):
        runner.run(0, 1, print)
    import pickle

    with pytest.raises(ValueError, match="not a job"):
        runner.load(pickle.dumps(("match", None)))
    with pytest.raises(ValueError, match="decision"):
        unpack_decision(pickle.dumps([1, 2]))
