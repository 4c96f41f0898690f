"""Training checkpoints and exported weights read as the numpy :class:`~bot_training.mlp.MLP`.

A module of its own so that the tools that read a net (``match``, ``distill``, ``fitx``, ``batches``,
``npbot``) import it without importing each other: ``bot_training`` has no import cycle
(``tests/test_import_graph.py``).
"""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np

from core.bot.encoding import NUM_INPUTS
from core.bot.net import Net

from .mlp import MLP


def mlp_from_net(net: Net) -> MLP:
    """A browser-format net (:class:`core.bot.net.Net`) as the numpy :class:`MLP`."""
    mlp = MLP(net.inputs, net.hidden)
    mlp.w1 = np.array(net.rows, dtype=np.float32)
    mlp.b1 = np.array(net.bias, dtype=np.float32)
    mlp.w2 = np.array(net.out_rows, dtype=np.float32).T.copy()
    mlp.b2 = np.array(net.out_bias, dtype=np.float32)
    return mlp


def load_ckpt(path: str) -> tuple[MLP, dict[str, Any]]:
    """A training checkpoint (``.pkl``), or exported weights (``.json.gz``, e.g. the shipped
    ``bot_training/weights/net_v1.json.gz``, so a fresh clone can go on from them)."""
    if path.endswith((".json.gz", ".json")):
        with open(path, "rb") as f:
            exported = Net.from_json_bytes(f.read())
        tr = exported.meta["training"]
        mlp = mlp_from_net(exported)
        return mlp, {"net": mlp.state(), "rng": None, "games": tr["games"], "plies": tr["plies"],
                     "seconds": tr["cpu_hours"] * 3600.0, "settings": tr["settings"],
                     "history": tr.get("history", [])}  # fmt: skip
    with open(path, "rb") as f:
        st = pickle.load(f)
    net = MLP(NUM_INPUTS, st["net"]["w1"].shape[1])
    net.load(st["net"])
    return net, st
