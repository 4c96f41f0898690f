"""From labels to a kind's exported net in one command (bot_training/kindnets.py, issue #56): the
export read back by the core's pure-Python evaluator gives torch's outputs to 1e-6, and each shipped
kind net's recorded history names the command that made it. Skipped without torch (the training extra)."""

from __future__ import annotations

import base64
import os
import random
import shlex
from array import array
from importlib import resources

import pytest

from core.bot.encoding import ENCODERS
from core.bot.kinds import KIND_WEIGHTS, KINDS, kind_of
from core.bot.net import Net
from tests.bot.conftest import random_positions

np = pytest.importorskip("numpy")
pytest.importorskip("torch")

from bot_training import kindnets  # noqa: E402
from bot_training.batches import write_batch  # noqa: E402

WEIGHTS = resources.files("core.bot").joinpath("weights")


def _label_run(folder: str, n: int, seed: int) -> None:
    """A small run of labelled positions (labels made up, but consistent: gammons within wins)."""
    rng = np.random.default_rng(seed)
    positions = random_positions(n, seed)
    y = rng.random((n, 5)).astype(np.float32)
    y[:, 1] *= y[:, 0]
    y[:, 2] *= y[:, 1]
    y[:, 3] *= 1 - y[:, 0]
    y[:, 4] *= y[:, 3]
    data = {"onroll": np.array([p.player for p in positions], dtype=np.int8),
            "other": np.array([p.opponent for p in positions], dtype=np.int8),
            "source": np.zeros(n, dtype=np.int8), "y": y}
    write_batch(folder, 0, lambda: data)


@pytest.mark.parametrize("kind", KINDS)
def test_one_command_from_labels_to_a_checked_export(kind: str, tmp_path: os.PathLike[str]) -> None:
    run, out = os.path.join(tmp_path, "run"), os.path.join(tmp_path, f"{kind}.json.gz")
    os.makedirs(run)
    _label_run(run, 900, 3)
    argv = ["--kind", kind, "--data", run, "--base", str(WEIGHTS.joinpath("net_v2.json.gz")), "--epochs", "2",
            "--lr", "2.0", "--val", "40", "--out", out]
    kindnets.main(argv)
    with open(out, "rb") as f:
        raw = f.read()
    net = Net.from_json_bytes(raw)
    assert net.encoder_version == kindnets.ENCODER[kind]
    assert net.meta["training"]["command"] == "python -m bot_training.kindnets " + shlex.join(argv)
    assert net.meta["training"]["history"][-1]["kind"] == kind
    # the export, evaluated by the core, is torch's net on every labelled position of the kind
    data = {"onroll": [], "other": []}
    for p in random_positions(900, 3):
        if kind_of(p.player, p.opponent) == kind:
            data["onroll"].append(p.player)
            data["other"].append(p.opponent)
    onroll, other = np.array(data["onroll"]), np.array(data["other"])
    x = kindnets.encode_rows(onroll, other, net.encoder_version)
    mlp = kindnets.start_net(Net.load(), net.encoder_version, 0, 0)
    assert kindnets.check_export(raw, mlp, onroll, other, x) > 1e-3  # the fit moved the weights
    fitted = kindnets.MLP(net.inputs, net.hidden)
    fitted.load({"w1": np.array(net.rows, dtype=np.float32), "b1": np.array(net.bias, dtype=np.float32),
                 "w2": np.array(net.out_rows, dtype=np.float32).T.copy(),
                 "b2": np.array(net.out_bias, dtype=np.float32)})
    assert kindnets.check_export(raw, fitted, onroll, other, x) <= kindnets.TOLERANCE


def test_the_starting_net_is_the_base_net() -> None:
    base = Net.load()
    positions = random_positions(200, 9)
    onroll = np.array([p.player for p in positions])
    other = np.array([p.opponent for p in positions])
    for version in (3, 4):
        x = kindnets.encode_rows(onroll, other, version)
        assert x.shape == (200, ENCODERS[version][1]) and np.abs(x[:, 223:]).sum() > 0
        start = kindnets.start_net(base, version, 0, 0)
        want = np.array([base.evaluate(base.encode(p.player, p.opponent)) for p in positions])
        assert np.abs(kindnets.torch_outputs(start, x) - want).max() < 1e-6


def test_a_base_of_other_inputs_is_refused() -> None:
    rng = random.Random(1)

    def floats(n: int) -> str:
        return base64.b64encode(array("f", [rng.random() for _ in range(n)]).tobytes()).decode()

    v1 = Net({"version": 1, "encoder": 1, "inputs": 207, "hidden": 2, "w1": floats(414), "b1": floats(2),
              "w2": floats(10), "b2": floats(5)})
    with pytest.raises(ValueError, match="--base must be a net of encoder 2 .* it reads encoder 1"):
        kindnets.start_net(v1, 3, 0, 0)


SHIPPED = [kind for kind in KINDS if kind != "contact" and WEIGHTS.joinpath(KIND_WEIGHTS[kind]).is_file()]


@pytest.mark.parametrize("kind", SHIPPED)
def test_a_shipped_kind_net_records_the_command_that_made_it(kind: str) -> None:
    net = Net.load(KIND_WEIGHTS[kind])
    command = net.meta["training"]["command"]
    words = shlex.split(command)
    assert command.startswith(kindnets.COMMAND + " ")
    assert words[words.index("--kind") + 1] == kind
    assert words[words.index("--out") + 1] == f"core/bot/weights/{KIND_WEIGHTS[kind]}"
    assert net.meta["training"]["history"][-1]["command"] == command
    for folder in words[words.index("--data") + 1 : words.index("--base")]:
        assert os.path.isdir(folder.partition("@")[0]), folder  # the labels it names are in the repository
