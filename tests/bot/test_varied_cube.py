"""The cube part of the varied evaluation set (``bot_training.varied_cube``) and its figures
(``bench/bot_varied.py``): the loader, the held-out guards, gnubg's answers read as decisions, and
the figures computed from what the run holds.

No gnubg here: the runs are written by hand in the run's format (the gnubg-made run is checked in
``tests/gnubg/test_varied_vs_gnubg.py``).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from core.bot import ScoreConfig
from core.position import Position

from .conftest import random_positions

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bot_varied import CUBE_LEVELS, GNUBG0, cube_cell, judge, report  # noqa: E402

from bot_training.batches import batch_path, load_labels, pack_run  # noqa: E402
from bot_training.classes import CLASSES, position_class  # noqa: E402
from bot_training.varied import HeldOutError, part_of  # noqa: E402
from bot_training.varied_cube import (  # noqa: E402
    ROW_KEYS,
    CubeAnswer,
    CubeSpec,
    Decision,
    draw_score,
    ensure_spec,
    in_window,
    load_decisions,
    score_config,
)

# (no double, double/take, double/pass, action) as gnubg gives them
DOUBLE_TAKE = (0.62, 0.70, 1.0, "Double, take")
NO_DOUBLE = (0.30, 0.10, 1.0, "No double, take")
TOO_GOOD = (1.20, 1.60, 1.0, "Too good to double, pass")
DOUBLE_PASS = (0.95, 1.30, 1.0, "Double, pass")


def test_gnubgs_answers_read_as_the_two_decisions() -> None:
    dt, nd, tg, dp = (CubeAnswer(*a) for a in (DOUBLE_TAKE, NO_DOUBLE, TOO_GOOD, DOUBLE_PASS))
    assert (dt.double, dt.take) == (True, True)
    assert (nd.double, nd.take) == (False, True)
    assert (tg.double, tg.take) == (False, False)
    assert (dp.double, dp.take) == (True, False)
    assert CubeAnswer(0.5, 0.5, 1.0, "Optional double, take").optional
    # what a wrong answer costs: the gap between gnubg's equities of the two answers
    assert tg.costs(double=True, take=False) == pytest.approx((0.2, 0.0))
    assert dp.costs(double=True, take=True) == pytest.approx((0.0, 0.3))
    assert nd.costs(double=False, take=True) == (0.0, 0.0)
    assert dt.gap == pytest.approx(0.08) and nd.gap == pytest.approx(0.2)


def test_the_window_keeps_clear_cases_near_it_and_leaves_the_far_ones() -> None:
    assert all(in_window(CubeAnswer(*a), 0.3) for a in (DOUBLE_TAKE, NO_DOUBLE, TOO_GOOD, DOUBLE_PASS))
    assert not in_window(CubeAnswer(0.1, -0.4, 1.0, "No double, beaver"), 0.3)
    assert in_window(CubeAnswer(0.1, -0.4, 1.0, "No double, beaver"), 0.5)


def test_a_drawn_match_score_never_leaves_the_side_on_roll_one_away() -> None:
    rng = np.random.default_rng(7)
    seen = set()
    for _ in range(400):
        length, me, them = draw_score(rng)
        assert 0 <= me <= length - 2 and 0 <= them <= length - 1
        seen.add((length, them == length - 1))
    assert {length for length, _ in seen} == {3, 5, 7, 11}
    assert any(post for _, post in seen)  # post-Crawford games are drawn too
    assert score_config(7, 3, 1) == ScoreConfig(away=3, opp_away=1, post_crawford=True)
    assert score_config(0, 0, 0) == ScoreConfig()


def test_a_spec_refuses_bad_settings() -> None:
    with pytest.raises(ValueError, match="window"):
        CubeSpec(window=-0.1)
    with pytest.raises(ValueError, match="unknown player"):
        CubeSpec(players="gnubg,strongest")
    with pytest.raises(ValueError, match="kind"):
        CubeSpec(kind="varied")


def _positions_by_part() -> tuple[list[Position], list[Position]]:
    tune, held = [], []
    for p in random_positions(200, seed=11):
        (held if part_of(p.to_id()) == "heldout" else tune).append(p)
    return tune[:3], held[:2]


ANSWERS = [DOUBLE_TAKE, NO_DOUBLE, TOO_GOOD, DOUBLE_PASS, NO_DOUBLE]


def _write_run(folder: Path, batches: list[list[Position]]) -> None:
    """A cube run written by hand: position i of a batch at money, then at 5-point 2-away 1-away;
    gnubg 2-ply's answer ANSWERS[i], its 0-ply answer always no double, take."""
    ensure_spec(str(folder), CubeSpec(seed=9))
    for k, positions in enumerate(batches):
        rows: dict[str, list[object]] = {key: [] for key in ROW_KEYS}
        for i, pos in enumerate(positions):
            for length, away, opp_away in ((0, 0, 0), (5, 2, 1)):
                deep, zero = ANSWERS[i % len(ANSWERS)], NO_DOUBLE
                for key, value in (("case", k * 100000 + i), ("onroll", pos.player), ("other", pos.opponent),
                                   ("cls", CLASSES.index(position_class(pos))), ("mover", 4), ("opponent", 0),
                                   ("length", length), ("away", away), ("opp_away", opp_away),
                                   *zip(("nd2", "dt2", "dp2", "action2"), deep),
                                   *zip(("nd0", "dt0", "dp0", "action0"), zero)):
                    rows[key].append(value)
        arrays = {key: np.array(v, dtype="<U40" if key.startswith("action") else
                                np.float32 if key[:2] in ("nd", "dt", "dp") else np.int64)
                  for key, v in rows.items()}
        for key in ("onroll", "other"):
            arrays[key] = arrays[key].reshape(-1, 25)
        np.savez_compressed(batch_path(str(folder), k), **arrays)


def test_a_cube_run_reads_back_by_part_each_decision_once(tmp_path: Path) -> None:
    tune, held = _positions_by_part()
    run = tmp_path / "c"
    _write_run(run, [tune + held, [tune[0]]])  # batch 1 repeats a position of batch 0
    pack_run(str(run))  # packed (LZMA) and read back as written
    got = load_decisions([str(run)], "tune")
    assert [(d.position, d.kind) for d in got] == [(p, kind) for p in tune for kind in ("money", "match")]
    assert all(d.part == "tune" and d.mover == "pubeval" and d.opponent == "gnubg" for d in got)
    first = got[0]
    assert first.deep.action == "Double, take" and first.deep.double_take == pytest.approx(0.70)
    assert first.deep.no_double == pytest.approx(0.62) and first.zero.action == "No double, take"
    assert got[1].score == ScoreConfig(away=2, opp_away=1, post_crawford=True) and got[0].score == ScoreConfig()
    assert all(d.cls == position_class(d.position) for d in got)
    heldout = load_decisions([str(run)], "heldout", final_report=True)
    assert [d.position for d in heldout] == [p for p in held for _ in range(2)]
    assert all(d.part == "heldout" for d in heldout)


def test_the_held_out_part_is_refused_but_to_a_final_report(tmp_path: Path) -> None:
    tune, held = _positions_by_part()
    run = tmp_path / "c"
    _write_run(run, [tune + held])
    with pytest.raises(HeldOutError, match="held-out"):
        load_decisions([str(run)], "heldout")
    with pytest.raises(ValueError, match="part 'all'"):
        load_decisions([str(run)], "all", final_report=True)
    with pytest.raises(ValueError, match="not a varied cube run"):
        load_decisions([str(tmp_path)], "tune")


def test_training_refuses_a_cube_run_whole(tmp_path: Path) -> None:
    tune, held = _positions_by_part()
    run = tmp_path / "c"
    _write_run(run, [tune + held])
    with pytest.raises(ValueError, match="never training data"):
        load_labels([str(run)])


def _final_report_callers(root: Path) -> set[str]:
    """The files of ``root``'s code (bench, bot_training, tools, core, web) that read a held-out
    part: a call passing ``final_report=True``."""
    found = set()
    for folder in ("bench", "bot_training", "tools", "core", "web"):
        for path in (root / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and any(
                    kw.arg == "final_report" and not (isinstance(kw.value, ast.Constant) and kw.value.value is False)
                    for kw in node.keywords
                ):
                    found.add(str(path.relative_to(root)))
    return found


def test_only_the_final_report_reads_a_held_out_part() -> None:
    # tuning, fitting and choosing code never passes final_report: the held-out parts (moves and
    # cube) stay out of every training and selection decision
    assert _final_report_callers(ROOT) == {"bench/bot_varied.py"}


def _decision(answer: tuple[float, float, float, str], cls: str, length: int) -> Decision:
    pos = Position.initial()
    g = CubeAnswer(*answer)
    away = (2, 1) if length else (0, 0)
    return Decision(pos, cls, "gnubg", "pubeval", length, *away, deep=g, zero=CubeAnswer(*NO_DOUBLE))


def test_a_decision_is_judged_double_and_take_apart() -> None:
    d = _decision(DOUBLE_PASS, "race", 0)
    assert judge(d, True, False) == (1.0, 0.0)
    agree, lost = judge(d, True, True)  # a take of a pass: half agreeing, (1.30 - 1.00) / 2 lost
    assert agree == 0.5 and lost == pytest.approx(150.0)
    agree, lost = judge(d, False, True)
    assert agree == 0.0 and lost == pytest.approx(1000 * (0.05 + 0.30) / 2)
    optional = _decision((0.5, 0.5, 1.0, "Optional double, take"), "race", 0)
    assert judge(optional, True, True) == judge(optional, False, True) == (1.0, 0.0)


def test_the_cube_rows_of_the_report_are_computed_from_the_decisions() -> None:
    cube = {"tune": [_decision(DOUBLE_TAKE, "race", 0), _decision(DOUBLE_PASS, "race", 5),
                     _decision(NO_DOUBLE, "bar", 0)],
            "heldout": [_decision(TOO_GOOD, "bar", 5)]}
    # gnubg 0-ply answers no double, take everywhere (the run's 0-ply answer)
    figs = {p: {GNUBG0: [judge(d, d.zero.double, d.zero.take) for d in ds],
                **{n: [judge(d, d.deep.double, d.deep.take) for d in ds] for n in CUBE_LEVELS}}
            for p, ds in cube.items()}
    assert figs["tune"][GNUBG0] == [(0.5, pytest.approx(40.0)), (0.0, pytest.approx(1000 * (0.05 + 0.3) / 2)),
                                    (1.0, 0.0)]
    table = report({"tune": [], "heldout": []}, {"tune": {}, "heldout": {}}, [], cube, figs)
    lines = table.splitlines()
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert [h.split(" (")[0] for h in header[1:]] == [*CLASSES, "all", "money", "match"]
    rows = {r[0]: r[1:] for r in ([c.strip() for c in line.strip("|").split("|")] for line in lines[2:])}
    col = {name.split(" (")[0]: i for i, name in enumerate(header[1:])}
    # the counts in the header: cases (none here), then cube decisions, tune / held-out
    assert header[1 + col["race"]] == "race (0 / 0; cube 2 / 0)"
    assert header[1 + col["money"]] == "money (cube 2 / 0)" and header[1 + col["match"]] == "match (cube 1 / 1)"
    expected_race = cube_cell(figs["tune"][GNUBG0][:2])
    assert rows[f"cube: {GNUBG0}"][col["race"]] == f"{expected_race} / -"
    assert rows[f"cube: {GNUBG0}"][col["all"]].startswith("50.0% ")  # (0.5 + 0 + 1) / 3
    assert rows["cube: **advanced, strongest**"][col["all"]] == "100.0% 0.0 / 100.0% 0.0"
    assert rows[f"cube: {GNUBG0}"][col["match"]] == f"{cube_cell(figs['tune'][GNUBG0][1:2])} / " \
        f"{cube_cell(figs['heldout'][GNUBG0])}"


def _squares(xs: list[int]) -> list[int]:
    _calls.append(len(xs))
    return [x * x for x in xs]


_calls: list[int] = []


def test_the_bench_memo_computes_only_what_it_does_not_hold(tmp_path: Path) -> None:
    from bot_varied import Memo

    path = str(tmp_path / "memo.jsonl")
    values = list(range(30))
    keys = [f"k{v}" for v in values]
    _calls.clear()
    got = Memo(path, None).compute(keys, lambda idx: [values[i] for i in idx], _squares, workers=0, chunk=7)
    assert got == [v * v for v in values] and sum(_calls) == 30
    _calls.clear()
    grown = [*keys, "k30", "k31"]
    values += [30, 31]
    again = Memo(path, None).compute(grown, lambda idx: [values[i] for i in idx], _squares, workers=0)
    assert again == [v * v for v in values] and _calls == [2]  # only the two new keys
    # another net: nothing of the file is reused
    other = tmp_path / "other.json.gz"
    other.write_bytes(b"not the shipped net")
    _calls.clear()
    Memo(path, str(other)).compute(keys[:3], lambda idx: [values[i] for i in idx], _squares, workers=0)
    assert _calls == [3]
