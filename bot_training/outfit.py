"""Calibrate a net's gammon and backgammon chances on full-game rollouts: refit its output rows.

Every round so far was taught by a net's own estimate at the end of its labels (1-ply, or a
rollout of four rolls): whatever the teacher gets wrong about the game's end passes to the
student. Measured on the round-9 net (2026-12-04), its 0-ply chances against full-game rollouts
of its own play (``batches --label rollout --horizon 400``: every trial played to the end, so the
label is the result the net's own play reaches, variance-reduced; 800 held-out positions): gammons
won 0.097 where the games reach 0.120, backgammons won 0.017 where they reach 0.004, and alike for
the losses; GNU Backgammon's 2-ply sees the same gap (it is only the yardstick: nothing here is
fitted to it). The refit fixes the means but was not shipped: plays and games did not improve
(``bench/journal/2026-12.md``, "Gammon chances against full-game rollouts").

The fix keeps the hidden layer and fits only the chosen output rows: each is a logistic regression
on the hidden units' values (soft targets, cross-entropy), solved by Newton steps with a ridge
toward the current row, so a few thousand labels move the rows without forgetting what the
hidden layer knows. The net keeps its form and size: the browser's evaluation and the numpy twin
stay equal by construction.

    OMP_NUM_THREADS=1 python -m bot_training.outfit --net bot_training/weights/net_v2_round9.json.gz \\
        --labels bot_training/runs/full1 --out bot_training/runs/net_cal.json.gz
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

from core.bot.net import Net, to_json_bytes

from .batches import load_labels
from .mlp import MLP, cross_entropy, sigmoid
from .npbot import twin_of

GAMMON_ROWS = (1, 2, 3, 4)
"""The outputs refitted by default: gammons and backgammons, won and lost (win stays)."""


def refit_row(h: np.ndarray, t: np.ndarray, w0: np.ndarray, ridge: float, steps: int = 30) -> np.ndarray:
    """The output row (weights then bias) minimising cross-entropy on hidden values ``h`` (N, H)
    against targets ``t`` (N,), plus ``ridge`` x its squared distance to ``w0`` (H + 1,)."""
    a = np.hstack([h, np.ones((len(h), 1))])
    w = w0.astype(np.float64).copy()
    eye = np.eye(len(w))
    for _ in range(steps):
        p = sigmoid(a @ w)
        grad = a.T @ (p - t) / len(a) + ridge * (w - w0)
        hess = (a * (p * (1.0 - p))[:, None]).T @ a / len(a) + ridge * eye
        w = w - np.linalg.solve(hess, grad)
    return w


def refit_outputs(
    mlp: MLP, x: np.ndarray, y: np.ndarray, rows: Sequence[int] = GAMMON_ROWS, ridge: float = 1e-4
) -> MLP:
    """A copy of ``mlp`` whose output ``rows`` are refitted on inputs ``x`` and labels ``y`` (N, 5)."""
    h = mlp.hidden(x).astype(np.float64)
    out = MLP(mlp.w1.shape[0], mlp.w1.shape[1])
    out.w1, out.b1 = mlp.w1.copy(), mlp.b1.copy()
    w2, b2 = mlp.w2.astype(np.float64).copy(), mlp.b2.astype(np.float64).copy()
    for k in rows:
        w = refit_row(h, y[:, k], np.append(w2[:, k], b2[k]), ridge)
        w2[:, k], b2[k] = w[:-1], w[-1]
    out.w2, out.b2 = w2.astype(np.float32), b2.astype(np.float32)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--net", required=True, help="exported weights (.json.gz) to calibrate")
    ap.add_argument("--labels", nargs="+", required=True, help="folders of full-game rollout label batches")
    ap.add_argument("--rows", default=",".join(map(str, GAMMON_ROWS)), help="outputs to refit (0 = win)")
    ap.add_argument("--ridge", type=float, default=1e-4)
    ap.add_argument("--holdout", type=float, default=0.2, help="share of the labels kept out to report on")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="write the calibrated net here (fitted on every label)")
    args = ap.parse_args()
    with open(args.net, "rb") as fh:
        net = Net.from_json_bytes(fh.read())
    twin = twin_of(net)
    data = load_labels(args.labels)
    x = twin.inputs(data["onroll"].astype(np.int64), data["other"].astype(np.int64))
    y = data["y"].astype(np.float64)
    rows = [int(r) for r in args.rows.split(",")]
    mlp = twin.net
    order = np.random.default_rng(args.seed).permutation(len(y))
    cut = int(round(len(y) * (1.0 - args.holdout)))
    train, test = order[:cut], order[cut:]
    fitted = refit_outputs(mlp, x[train], y[train], rows, args.ridge)
    before, after = mlp.forward(x[test]), fitted.forward(x[test])
    print(f"{len(y)} labels, {len(test)} held out; held-out means (label / net / refitted) and cross-entropy:")
    names = ["win", "win gammon", "win backgammon", "lose gammon", "lose backgammon"]
    for k in range(5):
        print(f"  {names[k]:16s} {y[test, k].mean():.4f} / {before[:, k].mean():.4f} / {after[:, k].mean():.4f}"
              f"   CE {cross_entropy(before[:, k], y[test, k]):.5f} -> {cross_entropy(after[:, k], y[test, k]):.5f}")
    if args.out:
        final = refit_outputs(mlp, x, y, rows, args.ridge)
        meta = {k: v for k, v in net.meta.items() if k != "version"}
        training = dict(meta.get("training", {}))
        step = {"fit": "bot_training.outfit", "rows": rows, "ridge": args.ridge, "labels": args.labels,
                "count": int(len(y))}
        training["history"] = list(training.get("history", [])) + [step]
        meta["training"] = training
        raw = to_json_bytes(final.w1, final.b1, final.w2, final.b2, meta)
        with open(args.out, "wb") as fh:
            fh.write(raw)
        print(f"{args.out}: {len(raw)} bytes")


if __name__ == "__main__":
    main()
