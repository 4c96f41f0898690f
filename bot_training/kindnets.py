"""One command from the labels to a kind's exported net (issue #56): select, encode, fit, export, check.

    OMP_NUM_THREADS=1 nice -n 19 python -m bot_training.kindnets --kind crashed \\
        --data bot_training/labels/v1 bot_training/labels/r12 --base core/bot/weights/net_v2.json.gz \\
        --epochs 12 --lr 0.5 --lr-end 0.02 --val 2000 --out core/bot/weights/net_crashed.json.gz

1. **Select**: the labelled positions of the runs ``--data`` (:func:`bot_training.batches.load_labels`;
   ``FOLDER@START:STOP`` names some batches; a folder named twice counts twice) whose kind, by the
   core's own :func:`core.bot.kinds.kind_of`, is ``--kind``.
2. **Encode**: each with the core's encoder of that kind's net (:data:`ENCODER`: 3 for crashed, 4
   for race, 2 for contact), the same function the page runs, so the fit sees the page's inputs.
3. **Start**: from ``--base`` (exported weights of encoder 2, such as the shipped contact net), the
   rows of the kind's own inputs set to zero: the starting net is the base net exactly, and the fit
   learns what the kind's inputs add (``--scratch H``: random weights of ``H`` hidden units instead).
4. **Fit**: PyTorch (:mod:`bot_training.torchfit`, :func:`bot_training.fitx.fit_variant`: cross-entropy
   in shuffled minibatches, the learning rate going linearly from ``--lr`` to ``--lr-end``); ``--val``
   positions (drawn by ``--seed``) are held out of the fit and measured after each epoch.
5. **Export and check**: the weights as the page reads them (:func:`core.bot.net.to_json_bytes`), read
   back by the core's pure-Python :class:`core.bot.net.Net` and evaluated on the held-out positions
   beside torch's outputs of the same weights; written only if every output agrees to
   :data:`TOLERANCE`. The file's ``training`` record is the base's, with this fit appended to its
   ``history``; ``training["command"]`` is the command line that made it (what
   ``tests/bot/test_kindnets.py`` checks of the shipped files).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from typing import Any

import numpy as np

from core.bot.encoding import ENCODERS
from core.bot.kinds import KINDS, kind_of
from core.bot.net import Net, consistent, to_json_bytes

from .batches import load_labels
from .fitx import fit_variant
from .mlp import MLP

ENCODER = {"contact": 2, "crashed": 3, "race": 4}
"""The encoder each kind's net is fitted with."""
TOLERANCE = 1e-6
"""Largest difference allowed between torch's and the core's outputs of the exported weights."""
COMMAND = "python -m bot_training.kindnets"


def select(data: dict[str, np.ndarray], kind: str) -> np.ndarray:
    """The rows of ``data`` (``onroll``, ``other`` boards) whose position is of ``kind``."""
    keep = [i for i, (a, b) in enumerate(zip(data["onroll"].tolist(), data["other"].tolist())) if kind_of(a, b) == kind]
    return np.array(keep, dtype=np.int64)


def encode_rows(onroll: np.ndarray, other: np.ndarray, version: int) -> np.ndarray:
    """The dense inputs (N, inputs) float32 of encoder ``version`` (the core's function) for the boards."""
    enc, n_in = ENCODERS[version]
    x = np.zeros((len(onroll), n_in), dtype=np.float32)
    for r, (a, b) in enumerate(zip(onroll.tolist(), other.tolist())):
        for i, v in enc(a, b):
            x[r, i] = v
    return x


def start_net(base: Net | None, version: int, hidden: int, seed: int) -> MLP:
    """The fit's starting weights: ``base`` with zero rows for the inputs it lacks, or random ones."""
    n_in = ENCODERS[version][1]
    if base is None:
        return MLP(n_in, hidden, seed=seed)
    if base.encoder_version != 2 or n_in < base.inputs:
        raise ValueError(
            f"--base must be a net of encoder 2 (the contact net's inputs): it reads encoder {base.encoder_version}"
        )
    net = MLP(n_in, base.hidden, seed=seed)
    w1 = np.zeros((n_in, base.hidden), dtype=np.float32)
    w1[: base.inputs] = np.array(base.rows, dtype=np.float32)
    net.load(
        {
            "w1": w1,
            "b1": np.array(base.bias, dtype=np.float32),
            "w2": np.array(base.out_rows, dtype=np.float32).T.copy(),
            "b2": np.array(base.out_bias, dtype=np.float32),
        }
    )
    return net


def torch_outputs(net: MLP, x: np.ndarray) -> np.ndarray:
    """The net's five outputs on ``x`` computed by torch (float32, as in the fit), made consistent
    as the core makes them (:func:`core.bot.net.consistent`)."""
    from .torchfit import TorchFit

    raw = TorchFit(net).forward(x).astype(np.float64)
    return np.array([consistent(list(row)) for row in raw])


def check_export(raw: bytes, net: MLP, onroll: np.ndarray, other: np.ndarray, x: np.ndarray) -> float:
    """The largest difference between the core's outputs of the exported bytes and torch's of ``net``
    on the positions (their inputs ``x``)."""
    core_net = Net.from_json_bytes(raw)
    ours = np.array([core_net.evaluate(core_net.encode(a, b)) for a, b in zip(onroll.tolist(), other.tolist())])
    return float(np.abs(ours - torch_outputs(net, x)).max()) if len(x) else 0.0


def export_bytes(net: MLP, version: int, training: dict[str, Any]) -> bytes:
    meta = {
        "inputs": ENCODERS[version][1],
        "encoder": version,
        "hidden": int(net.w1.shape[1]),
        "outputs": ["win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"],
        "encoding": f"core.bot.encoding v{version}",
        "training": training,
    }
    return to_json_bytes(net.w1, net.b1, net.w2, net.b2, meta)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", required=True, choices=KINDS)
    ap.add_argument("--data", required=True, nargs="+", help="label runs (FOLDER or FOLDER@START:STOP)")
    ap.add_argument("--base", help="exported weights of encoder 2 to start from")
    ap.add_argument("--scratch", type=int, default=0, help="start from random weights of this many hidden units")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--minibatch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.5)
    ap.add_argument("--lr-end", type=float, default=0.02)
    ap.add_argument("--val", type=int, default=2000, help="positions held out of the fit, measured each epoch")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=500, help="held-out positions the export is checked on")
    ap.add_argument("--note", default="")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    if (args.base is None) == (args.scratch == 0):
        ap.error("give --base FILE (start from a net) or --scratch HIDDEN (random weights), one of them")
    start = time.time()
    data = load_labels(args.data)
    rows = select(data, args.kind)
    if len(rows) <= args.val:
        raise SystemExit(f"{len(rows)} positions of kind {args.kind} in {' '.join(args.data)}: not more than --val")
    version = ENCODER[args.kind]
    onroll, other, y = data["onroll"][rows], data["other"][rows], data["y"][rows].astype(np.float32)
    x = encode_rows(onroll, other, version)
    print(
        f"{args.kind}: {len(rows)} positions, encoder {version} ({x.shape[1]} inputs), {time.time() - start:.0f} s",
        flush=True,
    )
    base = None
    training: dict[str, Any] = {"history": []}
    if args.base:
        with open(args.base, "rb") as f:
            base = Net.from_json_bytes(f.read())
        training = dict(base.meta.get("training", {"history": []}))
    net = start_net(base, version, args.scratch, args.seed)
    perm = np.random.default_rng(args.seed).permutation(len(rows))
    val, tr = perm[: args.val], perm[args.val :]
    hist = fit_variant(
        net,
        x,
        y,
        tr,
        val,
        args.epochs,
        args.minibatch,
        args.lr,
        args.lr_end,
        args.seed,
        log=lambda line: print(line, flush=True),
    )
    command = " ".join([COMMAND, *map(shlex.quote, argv)])
    fit = {
        "command": command,
        "kind": args.kind,
        "encoder": version,
        "positions": int(len(tr)),
        "data": list(args.data),
        "note": args.note,
        "validation": [{k: round(v, 6) for k, v in h.items()} for h in (hist[0], hist[-1])],
    }
    training = {**training, "history": [*training.get("history", []), fit], "command": command, "note": args.note}
    raw = export_bytes(net, version, training)
    chk = val[: args.check]
    diff = check_export(raw, net, onroll[chk], other[chk], x[chk])
    if not diff <= TOLERANCE:
        raise SystemExit(f"the exported weights differ from torch's by {diff:.2e} (> {TOLERANCE:g}): not written")
    with open(args.out, "wb") as f:
        f.write(raw)
    print(
        f"{args.out}: {len(raw)} bytes; held-out loss {hist[0]['loss']:.5f} -> {hist[-1]['loss']:.5f}, "
        f"equity error {hist[0]['mae']:.4f} -> {hist[-1]['mae']:.4f}; core and torch agree to {diff:.1e} "
        f"on {len(chk)} positions; {time.time() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
