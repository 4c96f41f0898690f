"""The training targets of ``bot_training.distill`` are the browser bot's own 1-ply values."""

from __future__ import annotations

import argparse
import pickle
from pathlib import Path

import pytest

from core.bot import Bot
from core.dice import ROLLS
from core.position import Position

from .conftest import zero_ply_best

np = pytest.importorskip("numpy")


def test_one_ply_targets_match_the_core_bot(positions: list[Position]) -> None:
    from bot_training.distill import one_ply_targets
    from bot_training.npbot import equity_of, shipped_twin

    twin = shipped_twin()
    bot = Bot(level="advanced")
    sample = [p for p in positions[5::37] if not p.is_game_over()][:5]
    targets = one_ply_targets(twin, sample)
    assert targets.shape == (len(sample), 5)
    assert ((targets >= 0.0) & (targets <= 1.0)).all()
    for pos, t in zip(sample, targets):
        # the side on roll's 1-ply equity: each roll's best play at 0-ply (pure-Python core), by its chances
        expected = 0.0
        for roll in ROLLS:
            found = zero_ply_best(pos, roll.dice)
            best = found[0] if found else -bot.equity(pos.swapped())
            expected += roll.ways / 36.0 * best
        assert equity_of(t[None, :].astype(np.float64))[0] == pytest.approx(expected, abs=2e-4)


def test_gen_then_fit_lowers_the_loss_on_its_data(tmp_path: Path) -> None:
    from bot_training import distill
    from bot_training.mlp import MLP
    from bot_training.npbot import twin_of, v1_net

    twin = twin_of(v1_net())  # distill trains encoder-1 nets
    ckpt = tmp_path / "base.pkl"
    net = twin.net
    state = {"net": net.state(), "rng": None, "games": 1, "plies": 1, "seconds": 0.0,
             "settings": {"algorithm": "test"}, "history": []}
    ckpt.write_bytes(pickle.dumps(state))
    data = tmp_path / "data"
    distill.gen(argparse.Namespace(ckpt=str(ckpt), out=str(data), seed=3, positions=200, batch=16, sample=0.5,
                                   explore=0.1, group=40, chunk=100, pubeval=0.0))
    chunks = sorted(data.glob("chunk_*.npz"))
    assert chunks
    x = np.concatenate([np.load(c)["x"] for c in chunks])
    y = np.concatenate([np.load(c)["y"] for c in chunks])
    assert len(x) >= 200 and x.shape[1] == net.w1.shape[0] and y.shape == (len(x), 5)

    def loss(m: MLP) -> float:
        p = np.clip(m.forward(x), 1e-6, 1 - 1e-6)
        return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())

    out = tmp_path / "fit.pkl"
    distill.fit(argparse.Namespace(ckpt=str(ckpt), data=[str(data)], out=str(out), epochs=4, mb=16, lr=0.5,
                                   lr_end=0.1, seed=1, hidden=0, gen_note="test"))
    fitted, st = distill.load_ckpt(str(out))
    assert loss(fitted) < loss(net)
    assert st["history"][-1]["settings"] == {"algorithm": "test"}
    assert st["settings"]["positions"] > 0


def test_gen_plays_a_share_of_its_games_against_pubeval(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``--pubeval 1`` every game has a pubeval side, which picks its plays on every other turn."""
    from bot_training import distill, match

    calls: list[tuple[int, int]] = []

    def counting(c, rows, race_before):  # type: ignore[no-untyped-def]
        calls.append((len(rows), len(set(c.game[rows].tolist()))))
        return match.pubeval_scorer(c, rows, race_before)

    monkeypatch.setattr(distill, "pubeval_scorer", counting)
    ckpt = str(Path(distill.__file__).parent / "weights" / "net_v1.json.gz")
    common = {"ckpt": ckpt, "seed": 5, "positions": 60, "batch": 8, "sample": 0.5, "explore": 0.0, "group": 30,
              "chunk": 60}
    distill.gen(argparse.Namespace(out=str(tmp_path / "self"), pubeval=0.0, **common))
    assert calls == []
    distill.gen(argparse.Namespace(out=str(tmp_path / "pub"), pubeval=1.0, **common))
    assert calls, "pubeval never chose a play"
    # every game has a pubeval side: on any ply about half the games are on its turn
    games = [g for _, g in calls]
    assert sum(games) / len(games) == pytest.approx(4, abs=1.5)
    x_self = np.load(sorted((tmp_path / "self").glob("chunk_*.npz"))[0])["x"]
    x_pub = np.load(sorted((tmp_path / "pub").glob("chunk_*.npz"))[0])["x"]
    assert x_self.shape[1] == x_pub.shape[1]
    assert not np.array_equal(x_self, x_pub)


def test_exported_weights_load_as_a_checkpoint() -> None:
    """A fresh clone has no training checkpoint: distill goes on from exported weights (the encoder-1 net)."""
    from bot_training.checkpoints import load_ckpt
    from bot_training.npbot import V1_WEIGHTS, twin_of, v1_net

    net, st = load_ckpt(V1_WEIGHTS)
    twin = twin_of(v1_net()).net
    for k in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(getattr(net, k), getattr(twin, k))
    meta = v1_net().meta["training"]
    assert st["games"] == meta["games"] and st["settings"] == meta["settings"]


def test_merge_stores_the_ensemble_of_two_nets_as_one_wider_net() -> None:
    from bot_training.distill import merge_nets
    from bot_training.mlp import MLP, sigmoid

    a, b = MLP(207, 12, seed=1), MLP(207, 8, seed=2)
    b.b2 += 0.3
    x = np.random.default_rng(5).random((50, 207)).astype(np.float32)
    merged = merge_nets([a, b])
    assert merged.w1.shape == (207, 20)
    logits = [n.hidden(x) @ n.w2 + n.b2 for n in (a, b)]
    expected = sigmoid((logits[0] + logits[1]) / 2.0)
    np.testing.assert_allclose(merged.forward(x), expected, atol=1e-5)
    # not simply one of the members
    assert np.abs(merged.forward(x) - a.forward(x)).max() > 1e-3


def test_fit_reads_every_data_folder_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot_training import distill
    from bot_training.npbot import twin_of, v1_net

    ckpt = tmp_path / "base.pkl"
    ckpt.write_bytes(pickle.dumps({"net": twin_of(v1_net()).net.state(), "rng": None, "games": 1, "plies": 1,
                                   "seconds": 0.0, "settings": {"algorithm": "test"}, "history": []}))
    rng = np.random.default_rng(3)
    folders = []
    for name, n in (("a", 30), ("b", 50)):
        folder = tmp_path / name
        folder.mkdir()
        np.savez(folder / "chunk_s1_0000.npz", x=(rng.random((n, 207)) < 0.1).astype(np.float32),
                 y=rng.random((n, 5)).astype(np.float32))
        folders.append(str(folder))
    args = {"ckpt": str(ckpt), "out": str(tmp_path / "fit.pkl"), "epochs": 1, "mb": 8, "lr": 0.1, "lr_end": 0.1,
            "seed": 1, "hidden": 0, "gen_note": ""}
    distill.fit(argparse.Namespace(data=folders, **args))
    assert "72 training, 8 validation positions" in capsys.readouterr().out  # 30 + 50, a tenth kept apart
    with pytest.raises(SystemExit, match="no chunk"):
        distill.fit(argparse.Namespace(data=[folders[0], str(tmp_path)], **args))
