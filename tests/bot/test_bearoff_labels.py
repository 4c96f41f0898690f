"""The exact bear-off labels (``bot_training.bearoff_labels``) that hold a fit in place there."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.bot.bearoff import BearoffDB

np = pytest.importorskip("numpy")

from bot_training import bearoff_labels  # noqa: E402
from bot_training.batches import load_labels  # noqa: E402


@pytest.fixture(scope="module")
def db() -> BearoffDB:
    return BearoffDB.load()


def test_positions_are_bear_offs_with_exact_labels(db: BearoffDB) -> None:
    data = bearoff_labels.make(300, seed=11, db=db)
    assert data["onroll"].shape == (300, 25) and data["other"].shape == (300, 25)
    for side in (data["onroll"], data["other"]):
        counts = side.sum(axis=1)
        assert counts.min() >= 1 and counts.max() <= 14  # at least one borne off, none gammoned
        assert not side[:, 6:].any()  # every checker home
    for k in range(300):
        a, b = data["onroll"][k].tolist(), data["other"][k].tolist()
        assert data["y"][k, 0] == pytest.approx(db.win_probability(a[:6], b[:6]), abs=1e-6)
    assert not data["y"][:, 1:].any()  # no gammons where both have borne off
    assert (data["y1"] == data["y"]).all()
    assert (data["source"] == bearoff_labels.SOURCE_DATABASE).all()
    # the draw covers the spread: sure wins, sure losses and close races
    assert data["y"][:, 0].min() < 0.05 and data["y"][:, 0].max() > 0.95
    assert ((data["y"][:, 0] > 0.3) & (data["y"][:, 0] < 0.7)).sum() >= 30


def test_seeded(db: BearoffDB) -> None:
    one, two = bearoff_labels.make(50, seed=3, db=db), bearoff_labels.make(50, seed=3, db=db)
    other = bearoff_labels.make(50, seed=4, db=db)
    assert all((one[key] == two[key]).all() for key in one)
    assert not (one["onroll"] == other["onroll"]).all()


def test_command_writes_batches_the_fits_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "bearoff"
    monkeypatch.setattr("sys.argv", ["bearoff_labels", "--out", str(out), "--positions", "500", "--seed", "5"])
    bearoff_labels.main()
    assert sorted(p.name for p in out.iterdir()) == ["batch_00000.npz", "batch_00001.npz"]
    loaded = load_labels([str(out)])
    direct = bearoff_labels.make(500, seed=5)
    assert all((loaded[key] == direct[key]).all() for key in direct)


def test_command_refuses_a_count_that_is_not_whole_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["bearoff_labels", "--out", str(tmp_path), "--positions", "300"])
    with pytest.raises(SystemExit, match="--positions 300: expected a positive multiple of 250"):
        bearoff_labels.main()


def test_a_range_of_batches_reads_those_batches_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "bearoff"
    monkeypatch.setattr("sys.argv", ["bearoff_labels", "--out", str(out), "--positions", "750", "--seed", "6"])
    bearoff_labels.main()
    whole = load_labels([str(out)])
    part = load_labels([f"{out}@1:3"])
    assert len(part["onroll"]) == 500
    assert all((part[key] == whole[key][250:]).all() for key in whole)
    with pytest.raises(FileNotFoundError):
        load_labels([f"{out}@3:9"])
    with pytest.raises(ValueError, match="FOLDER@START:STOP"):
        load_labels([f"{out}@1"])
