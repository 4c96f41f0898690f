"""The gnubg answers kept in ``bench/data/gnubg`` (the yardsticks of ``bench/bot_loss.py``,
``bench/bot_cube.py`` and ``bench/label_quality.py``, money play with and without the Jacoby
rule): each file holds the positions its bench samples with its seed, in order, and answers that
make sense.

Kept so that every session measures a candidate net on the very same answers (gnubg's output is
never training data: only a yardstick). Reading them needs no gnubg.

Sampling every kept position again takes about 50 s of CPU: ``bench/kept_yardsticks.py`` does
that. Here the bench's first batch of each sample is compared (the same comparison, on a prefix
of each class) and every kept answer is checked in full.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from core.ids import decode_gnubg_id, encode_gnubg_id
from core.moves import legal_plays
from core.position import Position

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from bot_cube import GnubgCube, is_near, match_scores  # noqa: E402
from bot_loss import rated_plays  # noqa: E402
from kept_yardsticks import CUBE_SETS, HINT_SETS, cube_differences, hint_differences, kept_cube_positions, read  # noqa: E402

from core.ids import MatchInfo  # noqa: E402

ACTIONS = ("No double", "Double", "Too good to double", "Optional double")


@pytest.mark.parametrize(("n", "seed"), CUBE_SETS)
def test_the_kept_cube_positions_begin_as_the_bench_samples_them(n: int, seed: int) -> None:
    assert cube_differences(n, seed, max_batches=1) == []


@pytest.mark.parametrize("name", HINT_SETS)
def test_the_kept_hint_cases_hold_the_benchs_first_cases(name: str) -> None:
    assert hint_differences(name, max_batches=1) == []


@pytest.fixture(scope="module")
def cube_ids() -> dict[tuple[int, int], dict[str, list[str]]]:
    """The position IDs ``bench/bot_cube.py`` asks gnubg about in each kept set, money and match,
    made from the money file's positions (whose sampling the tests above check)."""
    out = {}
    for n, seed in CUBE_SETS:
        positions = kept_cube_positions(n, seed)
        out[n, seed] = {
            "money": [encode_gnubg_id(p, MatchInfo()) for p in positions],
            "money_jacoby": [encode_gnubg_id(p, MatchInfo(jacoby=True)) for p in positions],  # --jacoby
            "match": [encode_gnubg_id(p, info) for p, info in zip(positions, match_scores(len(positions), seed))],
        }
    return out


@pytest.mark.parametrize("name", HINT_SETS)
def test_the_hints_rate_exactly_our_legal_plays_of_the_benchs_cases(name: str) -> None:
    rows = read(f"{name}.jsonl.gz")
    assert all(r.get("jacoby", False) == ("jacoby" in name) for r in rows)  # cubeful under the rule (--jacoby)
    assert len(rows) == 1500 and len({(r["id"], tuple(r["dice"])) for r in rows}) == 1500
    assert [(r["id"], r["dice"]) for r in rows] == sorted((r["id"], r["dice"]) for r in rows)
    for r in rows:
        pos, dice = Position.from_id(r["id"]), (r["dice"][0], r["dice"][1])
        plays = legal_plays(pos, dice)
        assert r["plies"] == 2 and len(plays) >= 2
        rated = rated_plays(pos, plays, [(tuple(m[0]), m[1], m[2]) for m in r["hint"]])  # raises if the sets differ
        assert all(math.isfinite(e) and -3.0 <= e <= 3.0 for e in rated.values())
        # gnubg lists its choice first, rated at its deepest ply (2, or 0 when its filter left one
        # candidate or a database answered), the best of the plays rated that deep; the others keep
        # the 0-ply equity its filter saw (bench/bot_loss.py measures from the first)
        deepest = max(m[2] for m in r["hint"])
        assert r["hint"][0][2] == deepest and r["hint"][0][1] == max(m[1] for m in r["hint"] if m[2] == deepest)


@pytest.mark.parametrize(
    ("kind", "n", "seed"),
    [
        ("money", 2000, 78), ("money_jacoby", 2000, 78), ("match", 2000, 78),
        ("money", 6000, 79), ("money_jacoby", 6000, 79), ("match", 6000, 79),
    ],
)
def test_the_cube_answers_are_the_benchs_positions_and_consistent(
    kind: str, n: int, seed: int, cube_ids: dict[tuple[int, int], dict[str, list[str]]]
) -> None:
    rows = read(f"cube_{kind}_2ply_{n}_seed{seed}.jsonl.gz")
    assert [r["id"] for r in rows] == cube_ids[n, seed][kind]
    for r in rows:
        _pos, info = decode_gnubg_id(r["id"])
        assert (info.match_length == 0) == kind.startswith("money") and r["plies"] == 2
        assert info.jacoby == (kind == "money_jacoby")
        action = r["action"].split(",")[0]
        assert action in ACTIONS, r["action"]
        nd, dt, dp = r["no_double"], r["double_take"], r["double_pass"]
        assert dp == 1.0  # per unit of cube, a pass gives the doubler one cube
        doubling = min(dt, dp)  # the other side answers with what is best for it
        if action == "No double":
            assert nd >= doubling - 0.0005
        elif action == "Double":
            assert doubling >= nd - 0.0005
        if r["action"].startswith(("Double, take", "Optional double, take")):
            assert dt <= dp + 0.0005
        if r["action"].startswith(("Double, pass", "Too good to double, pass")):
            assert dp <= dt + 0.0005


@pytest.mark.parametrize(("n", "seed"), CUBE_SETS)
def test_the_probabilities_are_the_money_positions_and_proper(
    n: int, seed: int, cube_ids: dict[tuple[int, int], dict[str, list[str]]]
) -> None:
    rows = read(f"probs_2ply_{n}_seed{seed}.jsonl.gz")
    assert [r["id"] for r in rows] == cube_ids[n, seed]["money"]
    for r in rows:
        win, gammon, backgammon, lose_gammon, lose_backgammon = r["probs"]
        assert r["plies"] == 2
        assert 0.0 <= backgammon <= gammon <= win <= 1.0
        assert 0.0 <= lose_backgammon <= lose_gammon <= 1.0 - win + 1e-6


def test_the_rollouts_are_the_money_positions_near_a_decision_and_proper(
    cube_ids: dict[tuple[int, int], dict[str, list[str]]],
) -> None:
    """gnubg's own rollouts (``bench/bot_cube.py --gnubg-rollout 288``, seed 79): exactly the money
    positions near a decision by gnubg's kept answers, in the bench's order, each a count of 288 games."""
    answers = read("cube_money_2ply_6000_seed79.jsonl.gz")
    near = [r["id"] for r in answers
            if is_near(GnubgCube(r["no_double"], r["double_take"], r["double_pass"], r["action"]))]
    rows = read("rollout_288_near_money_6000_seed79.jsonl.gz")
    assert set(near) <= set(cube_ids[6000, 79]["money"])
    assert [r["id"] for r in rows] == near and len(rows) == 2158
    for r in rows:
        assert r["games"] == 288 and r["seed"] == 7
        win, gammon, backgammon, lose_gammon, lose_backgammon = r["probs"]
        assert 0.0 <= backgammon <= gammon <= win <= 1.0
        assert 0.0 <= lose_backgammon <= lose_gammon <= 1.0 - win + 1e-9
        assert all(abs(p * 288 - round(p * 288)) < 1e-6 for p in r["probs"])  # counts of games
