"""Label batches (``bot_training.batches``): reproducible, resumable, the same through a pool."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from core.bot.evaluator import Evaluator
from core.dice import ROLLS
from core.position import Position

from .conftest import one_ply_equity, zero_ply_best

np = pytest.importorskip("numpy")

if TYPE_CHECKING:
    from bot_training.batches import LabelSpec

TEACHER = "bot_training/weights/net_v1.json.gz"


def tiny(label: str = "ply1", seed: int = 3) -> LabelSpec:
    from bot_training.batches import LabelSpec

    return LabelSpec(teacher=TEACHER, label=label, seed=seed, positions=12, games=4, sample=0.5, group=8)


def read(path: str) -> dict[str, Any]:
    with np.load(path) as f:
        return {k: f[k] for k in f.files}


def test_same_seed_same_output_and_another_seed_differs(tmp_path: Path) -> None:
    from bot_training.batches import run_batches

    a = run_batches(tiny(), str(tmp_path / "a"), range(2))
    b = run_batches(tiny(), str(tmp_path / "b"), range(2))
    c = run_batches(tiny(seed=4), str(tmp_path / "c"), range(2))
    for pa, pb in zip(a, b):
        da, db = read(pa), read(pb)
        assert set(da) == {"onroll", "other", "source", "y"}
        for key in da:
            np.testing.assert_array_equal(da[key], db[key])
    assert not np.array_equal(read(a[0])["onroll"], read(a[1])["onroll"])  # batches differ from each other
    assert not np.array_equal(read(a[0])["onroll"], read(c[0])["onroll"])


def test_a_batch_does_not_depend_on_which_others_ran(tmp_path: Path) -> None:
    from bot_training.batches import run_batches

    both = run_batches(tiny(), str(tmp_path / "a"), range(2))
    alone = run_batches(tiny(), str(tmp_path / "b"), [1])
    np.testing.assert_array_equal(read(both[1])["y"], read(alone[0])["y"])


def test_rerun_skips_finished_batches(tmp_path: Path) -> None:
    from bot_training.batches import batch_path, run_batches

    out = str(tmp_path / "run")
    run_batches(tiny(), out, [0])
    first = batch_path(out, 0)
    stamp = os.stat(first).st_mtime_ns
    os.utime(first, ns=(stamp - 10**9, stamp - 10**9))  # mark it, to see whether it is rewritten
    done: list[str] = []
    run_batches(tiny(), out, range(2), progress=done.append)
    assert done == [batch_path(out, 1)]
    assert os.stat(first).st_mtime_ns == stamp - 10**9
    assert not [f for f in os.listdir(out) if "tmp" in f]


def test_a_run_refuses_other_settings(tmp_path: Path) -> None:
    from bot_training.batches import run_batches

    out = str(tmp_path / "run")
    run_batches(tiny(), out, [])
    with pytest.raises(ValueError, match="other settings"):
        run_batches(tiny(seed=9), out, [0])


def test_pool_and_serial_paths_give_equal_files(tmp_path: Path) -> None:
    from bot_training.batches import run_batches

    serial = run_batches(tiny(), str(tmp_path / "s"), range(3), workers=0)
    pooled = run_batches(tiny(), str(tmp_path / "p"), range(3), workers=2)
    for ps, pp in zip(serial, pooled):
        ds, dp = read(ps), read(pp)
        for key in ds:
            np.testing.assert_array_equal(ds[key], dp[key])


@pytest.mark.parametrize("teacher", [TEACHER, "core/bot/weights/net_v2.json.gz"])
def test_ply1_labels_are_the_core_bots_one_ply(tmp_path: Path, teacher: str) -> None:
    """Labels from an encoder-1 or an encoder-2 (shipped) teacher are that net's 1-ply in the core."""
    import dataclasses

    from bot_training.batches import run_batches
    from bot_training.npbot import equity_of
    from core.bot.net import Net

    (path,) = run_batches(dataclasses.replace(tiny(), teacher=teacher), str(tmp_path / "r"), [0])
    d = read(path)
    with open(teacher, "rb") as f:
        net = Net.from_json_bytes(f.read())
    assert net.encoder_version == (2 if "v2" in teacher else 1)
    ev = Evaluator(net=net)  # the teacher's net, in the pure-Python core
    for k in (0, 5, 11):
        pos = Position(tuple(int(v) for v in d["onroll"][k]), tuple(int(v) for v in d["other"][k]))
        got = equity_of(d["y"][k : k + 1].astype(np.float64))[0]
        assert got == pytest.approx(one_ply_equity(pos, ev), abs=3e-4)


def test_two_ply_with_one_play_per_roll_is_the_one_ply_of_each_rolls_choice() -> None:
    from bot_training.batches import teacher_bot, two_ply_targets
    from bot_training.distill import one_ply_targets
    from bot_training.mlp import flip
    from bot_training.npbot import equity_of, v1_net

    ev = Evaluator(net=v1_net())  # the teacher's net, in the pure-Python core
    bot = teacher_bot(TEACHER)
    pos = Position.from_id("4HPwATDgc/ABMA")
    got = two_ply_targets(bot, [pos], top=1)[0]
    expected = np.zeros(5)
    for roll in ROLLS:
        found = zero_ply_best(pos, roll.dice, ev)
        assert found is not None
        play = found[1]
        after = flip(one_ply_targets(bot, [play.result.swapped()]))[0]
        expected += roll.ways / 36.0 * after
    np.testing.assert_allclose(got, expected, atol=1e-5)
    # rating more plays per roll at 1-ply can only find better ones
    wider = two_ply_targets(bot, [pos], top=3, margin=1.0)
    assert equity_of(wider)[0] >= equity_of(got[None, :])[0] - 1e-9


def test_bad_settings_are_named() -> None:
    from bot_training.batches import LabelSpec, parse_range

    with pytest.raises(ValueError, match="unknown label kind 'ply9'"):
        LabelSpec(teacher=TEACHER, label="ply9")
    with pytest.raises(ValueError, match="sample"):
        LabelSpec(teacher=TEACHER, sample=0.0)
    with pytest.raises(ValueError, match="unknown classes 'races'"):
        LabelSpec(teacher=TEACHER, classes="races")
    with pytest.raises(ValueError, match="backgame_weight"):
        LabelSpec(teacher=TEACHER, backgame_weight=0.0)
    with pytest.raises(ValueError, match="'x:3'"):
        parse_range("x:3")


def test_contact_runs_keep_no_race_and_favour_back_games() -> None:
    from bot_training.batches import LabelSpec, sampling_rate

    race = Position.from_text("x 6:5 5:5 4:5 / o 6:5 5:5 4:5")
    middle = Position.initial()
    back = Position.from_text("x 24:2 22:2 13:4 8:3 6:4 / o 6:5 8:3 13:5 24:2")  # our anchors on their 1 and 3
    plain = LabelSpec(teacher=TEACHER, sample=0.25)
    assert [sampling_rate(p, plain) for p in (race, middle, back)] == [0.25, 0.25, 0.25]
    focused = LabelSpec(teacher=TEACHER, sample=0.25, classes="contact", backgame_weight=3.0)
    assert [sampling_rate(p, focused) for p in (race, middle, back)] == [0.0, 0.25, 0.75]
    assert sampling_rate(back, LabelSpec(teacher=TEACHER, sample=0.5, backgame_weight=4.0)) == 1.0
    races = LabelSpec(teacher=TEACHER, sample=0.25, classes="race", backgame_weight=3.0)
    assert [sampling_rate(p, races) for p in (race, middle, back)] == [0.25, 0.0, 0.0]


def run_one_batch(tmp_path: Path, name: str, **changes: Any) -> tuple[list[Position], dict[str, Any]]:
    """Batch 0 of ``tiny()`` with ``changes``: its positions and its file's arrays."""
    import dataclasses

    from bot_training.batches import run_batches

    (path,) = run_batches(dataclasses.replace(tiny(), **changes), str(tmp_path / name), range(1))
    data = read(path)
    positions = [Position(tuple(int(v) for v in a), tuple(int(v) for v in b))
                 for a, b in zip(data["onroll"], data["other"])]
    return positions, data


def test_a_contact_run_labels_contact_positions_only(tmp_path: Path) -> None:
    positions, _ = run_one_batch(tmp_path, "c", positions=40, classes="contact")
    assert len(positions) == 40
    assert not any(p.is_race() for p in positions)
    # the same seed without the filter does sample races (so the filter did something)
    plain, _ = run_one_batch(tmp_path, "p", positions=400)
    assert any(p.is_race() for p in plain)


def test_a_race_run_labels_races_only(tmp_path: Path) -> None:
    positions, data = run_one_batch(tmp_path, "r", positions=30, classes="race")
    assert len(positions) == 30 and all(p.is_race() for p in positions)
    assert any(max(p.player[6:] + p.opponent[6:]) > 0 for p in positions)  # not only bear-offs
    assert data["y"].shape == (30, 5) and ((data["y"] >= -0.01) & (data["y"] <= 1.01)).all()


def test_a_run_started_before_a_setting_existed_resumes(tmp_path: Path) -> None:
    import dataclasses
    import json

    from bot_training.batches import run_batches

    out = tmp_path / "old"
    out.mkdir()
    fields = dataclasses.asdict(tiny())
    del fields["classes"], fields["backgame_weight"]  # as spec.json was written before they existed
    (out / "spec.json").write_text(json.dumps(fields))
    run_batches(tiny(), str(out), range(1))  # resumes: the missing settings had their defaults
    with pytest.raises(ValueError, match="other settings"):
        run_batches(dataclasses.replace(tiny(), classes="contact"), str(out), range(1))


def test_a_packed_run_reads_as_its_loose_batches_and_resumes(tmp_path: Path) -> None:
    from bot_training.batches import PACK, done_batches, load_labels, pack_run, read_run, run_batches

    out = str(tmp_path / "run")
    run_batches(tiny(), out, range(3))
    loose = load_labels([out])
    part = load_labels([f"{out}@1:3"])
    assert pack_run(out) == os.path.join(out, PACK)
    assert sorted(os.listdir(out)) == [PACK, "spec.json"]  # the loose files are gone
    assert done_batches(out) == {0, 1, 2}
    for before, after in ((loose, load_labels([out])), (part, load_labels([f"{out}@1:3"]))):
        assert set(before) == set(after)
        for key in before:
            np.testing.assert_array_equal(before[key], after[key])
    # a rerun labels only what is not packed, loose, and a second pack merges it in batch order
    done: list[str] = []
    run_batches(tiny(), out, range(5), progress=done.append)
    assert [os.path.basename(p) for p in done] == ["batch_00003.npz", "batch_00004.npz"]
    pack_run(out)
    batches = read_run(out)
    assert list(batches) == [0, 1, 2, 3, 4]
    alone = run_batches(tiny(), str(tmp_path / "alone"), [3])
    np.testing.assert_array_equal(batches[3]["y"], read(alone[0])["y"])
    with np.load(os.path.join(out, PACK)) as f:  # any numpy reads it; batch numbers and rows kept
        assert f["batches"].tolist() == [0, 1, 2, 3, 4] and f["counts"].tolist() == [12] * 5


def test_a_pack_with_mismatched_counts_is_refused(tmp_path: Path) -> None:
    from bot_training.batches import PACK, load_labels, pack_run, run_batches

    out = tmp_path / "run"
    run_batches(tiny(), str(out), range(2))
    with pytest.raises(FileNotFoundError, match="no batch to pack"):
        pack_run(str(tmp_path))
    pack_run(str(out))
    with np.load(out / PACK) as f:
        arrays = {k: f[k] for k in f.files}
    arrays["counts"] = np.array([12, 11])
    np.savez(out / PACK, **arrays)
    with pytest.raises(ValueError, match="do not match its arrays"):
        load_labels([str(out)])


def test_the_command_packs_when_its_range_is_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot_training import batches

    out = tmp_path / "run"
    common = ["batches", "--out", str(out), "--teacher", TEACHER, "--positions", "12", "--games", "4",
              "--sample", "0.5", "--workers", "0", "--seed", "3"]
    monkeypatch.setattr("sys.argv", common + ["--batches", "0:1"])
    batches.main()  # batch 0 of 0:1: complete, packed
    assert sorted(os.listdir(out)) == [batches.PACK, "spec.json"]
    monkeypatch.setattr("sys.argv", common + ["--batches", "1:3", "--pack"])
    batches.main()  # --pack: nothing labelled
    assert batches.done_batches(str(out)) == {0}
    monkeypatch.setattr("sys.argv", common + ["--batches", "0:2"])
    batches.main()
    assert sorted(os.listdir(out)) == [batches.PACK, "spec.json"] and batches.done_batches(str(out)) == {0, 1}
