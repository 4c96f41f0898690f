"""What each expert feature adds: fit the same net on the same labels with and without it.

Every variant starts from the same checkpoint (the shipped net by default; or, with
``--scratch H``, from random weights with H hidden units, the same seed), its inputs the
base encoding (:mod:`core.bot.encoding`) plus a subset of :data:`core.bot.features.FEATURE_NAMES`
for both sides; the weights of the added inputs start at zero, so every variant starts
from the same outputs. Same training positions, order and steps; the validation positions
are held out by seed. Reported: validation cross-entropy and mean |equity error| against
the labels, per variant.

    OMP_NUM_THREADS=1 python -m bot_training.fitx --data bot_training/runs/l5 --out bot_training/runs/fx \\
        --variants base all no_escapes no_shots no_pips_lost no_anchors no_advanced_anchor \
        no_blocking_prime no_timing no_contact

A variant is ``base`` (no feature), ``all``, ``no_NAME`` (all but one) or ``only_NAME`` (base and one).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from core.bot.bearoff import BearoffDB
from core.bot.features import FEATURE_NAMES, is_back_game

from . import engine, match, npenc, npfeatures
from .batches import load_labels
from .checkpoints import load_ckpt
from .mlp import MLP, consistent, cross_entropy, sibling_push, sibling_residuals
from .npbot import NumpyBot, equity_of
from .npfeatures import feature_columns
from .stats import mean_ci95


def variant_features(name: str) -> list[str]:
    """The features a variant uses.

    >>> variant_features("base"), len(variant_features("all")), variant_features("only_timing")
    ([], 8, ['timing'])
    >>> "escapes" in variant_features("no_escapes")
    False
    """
    if name == "base":
        return []
    if name == "all":
        return list(FEATURE_NAMES)
    kind, _, feature = name.partition("_")
    if kind in ("no", "only") and feature in FEATURE_NAMES:
        return [feature] if kind == "only" else [f for f in FEATURE_NAMES if f != feature]
    raise ValueError(f"unknown variant {name!r}: base, all, no_FEATURE or only_FEATURE with one of {FEATURE_NAMES}")


def widen_inputs(net: MLP, extra: int) -> MLP:
    """A copy of ``net`` with ``extra`` more inputs whose weights are zero (same outputs)."""
    out = MLP(net.w1.shape[0] + extra, net.w1.shape[1])
    out.load({"w1": np.concatenate([net.w1, np.zeros((extra, net.w1.shape[1]), dtype=np.float32)]),
              "b1": net.b1.copy(), "w2": net.w2.copy(), "b2": net.b2.copy()})  # never train ``net`` itself
    return out


def widen_hidden(net: MLP, hidden: int, seed: int) -> MLP:
    """A copy of ``net`` with ``hidden`` hidden units: the added units get small random input weights
    and zero output weights, so the copy starts with the same outputs as ``net``.

    >>> net = MLP(4, 3, seed=1)
    >>> wide = widen_hidden(net, 5, seed=2)
    >>> wide.w1.shape, bool(np.allclose(wide.forward(np.ones((2, 4))), net.forward(np.ones((2, 4)))))
    ((4, 5), True)
    """
    extra = hidden - net.w1.shape[1]
    if extra < 0:
        raise ValueError(f"--hidden {hidden}: the start already has {net.w1.shape[1]} hidden units")
    rng = np.random.default_rng([seed, 7])
    out = MLP(net.w1.shape[0], hidden)
    out.load({"w1": np.concatenate([net.w1, (rng.standard_normal((net.w1.shape[0], extra)) * 0.1).astype(np.float32)],
                                   axis=1),
              "b1": np.concatenate([net.b1, np.zeros(extra, dtype=np.float32)]),
              "w2": np.concatenate([net.w2, np.zeros((extra, 5), dtype=np.float32)]),
              "b2": net.b2.copy()})
    return out


@dataclass
class Pairs:
    """Sibling rows (``bot_training.batches --label siblings``) for the choice loss: inputs, labels,
    decision numbers, and the rows of each training and each held-out decision."""

    x: np.ndarray
    y: np.ndarray
    decision: np.ndarray
    train: list[np.ndarray]
    val: list[np.ndarray]
    weight: float = 1.0
    groups: int = 16


def split_decisions(decision: np.ndarray, held_out: float, seed: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The rows of each decision, split into training and held-out decisions by ``seed``.

    >>> tr, val = split_decisions(np.array([5, 5, 7, 7, 7, 9, 9]), 0.34, 1)
    >>> sorted(len(g) for g in tr + val), len(val)
    ([2, 2, 3], 1)
    """
    order = np.argsort(decision, kind="stable")
    cuts = np.flatnonzero(np.diff(decision[order])) + 1
    groups = np.split(order, cuts)
    perm = np.random.default_rng([seed, 11]).permutation(len(groups))
    n_val = int(round(held_out * len(groups)))
    return [groups[i] for i in perm[n_val:]], [groups[i] for i in perm[:n_val]]


def choice_error(net: MLP, pairs: Pairs, groups: list[np.ndarray]) -> dict[str, float]:
    """On ``groups`` of siblings: the mean |sibling residual| (:func:`bot_training.mlp.sibling_residuals`,
    equity), the share of decisions whose best sibling by the net is the labels' best, and the
    equity the net's choice loses by the labels (their best less their value of the net's pick)."""
    rows = np.concatenate(groups)
    p = net.forward(pairs.x[rows]).astype(np.float64)
    t = pairs.y[rows].astype(np.float64)
    r = sibling_residuals(p, t, pairs.decision[rows])
    ep, et = equity_of(p), equity_of(t)
    same, lost, start = 0, 0.0, 0
    for g in groups:
        k = len(g)
        # the siblings are seen by the other side, on roll: the mover's best leaves it the least
        pick = int(np.argmin(ep[start : start + k]))
        same += int(pick == np.argmin(et[start : start + k]))
        lost += float(et[start + pick] - et[start : start + k].min())
        start += k
    return {"choice_mae": float(np.abs(r).mean()), "same_best": same / len(groups), "choice_loss": lost / len(groups)}


def fit_variant(net: MLP, x: np.ndarray, y: np.ndarray, tr: np.ndarray, val: np.ndarray, epochs: int, mb: int,
                lr0: float, lr_end: float, seed: int, log: Any = None, pairs: Pairs | None = None,
                engine: str = "torch") -> list[dict[str, float]]:
    """Cross-entropy against the labels in shuffled minibatches; with ``pairs``, interleaved
    steps of the choice loss (``pairs.weight`` times :func:`bot_training.mlp.sibling_push` on
    ``pairs.groups`` decisions a step), one pass over the training decisions an epoch.

    ``engine``: ``torch`` (PyTorch's autograd, :mod:`bot_training.torchfit`) or ``numpy`` (the
    hand-written gradients of :class:`bot_training.mlp.MLP`): the same steps, the same order."""
    rng = np.random.default_rng(seed)
    order = tr.copy()
    hist = []
    if engine not in ("torch", "numpy"):
        raise ValueError(f"engine {engine!r}: torch or numpy")
    fit = None
    if engine == "torch":
        from .torchfit import TorchFit  # PyTorch: the training extra, imported only to fit with it

        fit = TorchFit(net)

    def measure() -> dict[str, float]:
        if fit is not None:
            fit.sync()
        p = np.clip(net.forward(x[val]).astype(np.float64), 1e-6, 1 - 1e-6)
        t = y[val].astype(np.float64)
        loss = cross_entropy(p, t)
        mae = float(np.abs(equity_of(p) - equity_of(t)).mean())
        out = {"loss": loss, "mae": mae}
        if pairs is not None and pairs.val:
            out.update(choice_error(net, pairs, pairs.val))
        return out

    hist.append(measure())
    steps = max(1, len(order) // mb)
    pair_steps = (len(pairs.train) + pairs.groups - 1) // pairs.groups if pairs is not None else 0
    every = max(1, steps // pair_steps) if pair_steps else 0
    for epoch in range(epochs):
        lr = lr0 * (1.0 - epoch / epochs) + lr_end * (epoch / epochs)
        rng.shuffle(order)
        group_order = rng.permutation(len(pairs.train)) if pairs is not None else np.zeros(0, dtype=np.int64)
        next_group = 0
        for step, k in enumerate(range(0, len(order) - mb + 1, mb)):
            idx = order[k : k + mb]
            if fit is not None:
                fit.step(x[idx], y[idx], lr / mb)
            else:
                net.step(x[idx], y[idx], lr / mb)
            if pairs is not None and every and step % every == 0 and next_group < len(group_order):
                chosen = group_order[next_group : next_group + pairs.groups]
                next_group += pairs.groups
                rows = np.concatenate([pairs.train[i] for i in chosen])
                if fit is not None:
                    fit.push_siblings(pairs.x[rows], pairs.y[rows], pairs.decision[rows], pairs.weight, lr / mb)
                    continue
                p = net.forward(pairs.x[rows]).astype(np.float64)
                d2 = sibling_push(p, pairs.y[rows].astype(np.float64), pairs.decision[rows], pairs.weight)
                net.push(pairs.x[rows], d2, lr / mb)
        hist.append(measure())
        if log:
            extra = (f" choice error {hist[-1]['choice_mae']:.4f} same best {hist[-1]['same_best']:.3f}"
                     f" choice loss {1000 * hist[-1]['choice_loss']:.2f} mEq"
                     if "choice_mae" in hist[-1] else "")
            log(f"  epoch {epoch + 1}: loss {hist[-1]['loss']:.5f} |equity error| {hist[-1]['mae']:.4f}{extra}")
    if fit is not None:
        fit.sync()
    return hist


def bearoff_error(net: MLP, x: np.ndarray, onroll: np.ndarray, other: np.ndarray) -> dict[str, float]:
    """The net's P(win) against the exact one-sided bear-off database (both sides home): mean and max |error|."""
    db = BearoffDB.load()
    p = consistent(net.forward(x).astype(np.float64))[:, 0]
    exact = np.array([db.win_probability(tuple(int(v) for v in a[:6]), tuple(int(v) for v in b[:6]))
                      for a, b in zip(onroll, other)])
    err = np.abs(p - exact)
    return {"mean": round(float(err.mean()), 4), "max": round(float(err.max()), 4)}


def zero_ply_scorer(bot: NumpyBot) -> match.Scorer:
    def score(c: engine.Candidates, rows: np.ndarray, race_before: np.ndarray) -> np.ndarray:
        return bot.zero_ply(c, rows)

    return score


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", required=True, help="folders written by bot_training.batches")
    ap.add_argument("--out", required=True)
    ap.add_argument("--ckpt", default="bot_training/weights/net_v1.json.gz",
                    help="the start: an encoder-1 net (feature inputs added at zero) or an encoder-2 net (variant all)")
    ap.add_argument("--variants", nargs="+", default=["base", "all"])
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--mb", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1.0)
    ap.add_argument("--lr-end", type=float, default=0.05)
    ap.add_argument("--val", type=int, default=20000)
    ap.add_argument("--limit", type=int, default=0, help="use at most this many positions (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scratch", type=int, default=0,
                    help="start every variant from random weights with this many hidden units instead of --ckpt")
    ap.add_argument("--hidden", type=int, default=0,
                    help="widen the start to this many hidden units (added units start with zero output weights)")
    ap.add_argument("--games", type=int, default=0,
                    help="then play each variant at 0-ply against pubeval (duplicate dice, the same for all)")
    ap.add_argument("--games-seed", type=int, default=20240)
    ap.add_argument("--y1", nargs="*", default=[], metavar="FOLDER",
                    help="folders of --data (ply2 or rollout runs) whose 1-ply labels (y1) are taken instead of "
                         "their own: the same positions fitted with either label, to compare the labels")
    ap.add_argument("--subset", choices=["all", "race", "contact", "backgame"], default="all",
                    help="fit on race positions only (a race net), contact positions only, or back games "
                         "only (core.bot.features.is_back_game)")
    ap.add_argument("--pairs", nargs="*", default=[], metavar="FOLDER",
                    help="sibling runs (batches --label siblings) for the choice loss: each decision's plays "
                         "fitted to differ as their labels do (name them in --data too to fit their values)")
    ap.add_argument("--pair-weight", type=float, default=1.0, help="the choice loss's weight")
    ap.add_argument("--pair-groups", type=int, default=16, help="decisions a choice step")
    ap.add_argument("--pair-val", type=float, default=0.1, help="share of the decisions held out")
    ap.add_argument("--engine", choices=["torch", "numpy"], default="torch",
                    help="the gradients: PyTorch's autograd (bot_training/torchfit.py, the default since issue "
                         "#56) or the hand-written ones of bot_training/mlp.py (the fits before it)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    unknown = [folder for folder in args.y1 if folder not in args.data]
    if unknown:
        raise SystemExit(f"--y1 {' '.join(unknown)}: not among --data")
    # a folder named twice in --data counts twice (its positions weigh double)
    parts = [load_labels([folder]) for folder in args.data]
    onroll = np.concatenate([d["onroll"] for d in parts]).astype(np.int64)
    other = np.concatenate([d["other"] for d in parts]).astype(np.int64)
    y = np.concatenate([d["y1" if folder in args.y1 else "y"] for folder, d in zip(args.data, parts)])
    if args.subset == "backgame":
        keep = np.array([is_back_game(a, b) for a, b in zip(onroll.tolist(), other.tolist())], dtype=bool)
        onroll, other, y = onroll[keep], other[keep], y[keep]
    elif args.subset != "all":
        keep = npenc.race(onroll, other) == (args.subset == "race")
        onroll, other, y = onroll[keep], other[keep], y[keep]
    if args.limit:
        onroll, other, y = onroll[: args.limit], other[: args.limit], y[: args.limit]
    t0 = time.time()
    base = npenc.encode(onroll, other)
    feats = npfeatures.features(onroll, other)
    print(f"{len(y)} positions; inputs computed in {time.time() - t0:.0f} s", flush=True)
    perm = np.random.default_rng([args.seed, 5]).permutation(len(y))
    n_val = min(args.val, len(y) // 5)
    val, tr = perm[:n_val], perm[n_val:]
    sib: dict[str, np.ndarray] | None = None
    if args.pairs:
        sib = load_labels(args.pairs)
        if "decision" not in sib:
            raise SystemExit(f"--pairs {' '.join(args.pairs)}: not a siblings run (no decision numbers)")
        sib_base = npenc.encode(sib["onroll"].astype(np.int64), sib["other"].astype(np.int64))
        sib_feats = npfeatures.features(sib["onroll"].astype(np.int64), sib["other"].astype(np.int64))
        sib_train, sib_val = split_decisions(sib["decision"], args.pair_val, args.seed)
        print(f"choice loss: {len(sib_train)} decisions, {len(sib_val)} held out", flush=True)
    start, _ = load_ckpt(args.ckpt)
    results: dict[str, Any] = {"positions": len(y), "validation": n_val, "settings": vars(args), "variants": {}}
    for name in args.variants:
        cols = feature_columns(variant_features(name))
        x = np.concatenate([base, feats[:, cols]], axis=1) if cols else base
        extra = x.shape[1] - start.w1.shape[0]  # 0 when --ckpt is an encoder-2 net (the shipped one)
        if extra < 0:
            raise SystemExit(f"variant {name}: {x.shape[1]} inputs, but {args.ckpt} has {start.w1.shape[0]}")
        net = MLP(x.shape[1], args.scratch, seed=args.seed) if args.scratch else widen_inputs(start, extra)
        if args.hidden:
            net = widen_hidden(net, args.hidden, args.seed)
        t = time.time()
        print(f"{name}: {x.shape[1]} inputs", flush=True)
        pairs = None
        if sib is not None:
            xp = np.concatenate([sib_base, sib_feats[:, cols]], axis=1) if cols else sib_base
            pairs = Pairs(xp, sib["y"], sib["decision"], sib_train, sib_val, args.pair_weight, args.pair_groups)
        hist = fit_variant(net, x, y, tr, val, args.epochs, args.mb, args.lr, args.lr_end, args.seed,
                           log=lambda s: print(s, flush=True), pairs=pairs, engine=args.engine)
        results["variants"][name] = {"inputs": int(x.shape[1]), "features": variant_features(name), "history": hist,
                                     "seconds": round(time.time() - t, 1)}
        home = val[(onroll[val, 6:].sum(axis=1) == 0) & (other[val, 6:].sum(axis=1) == 0)]
        if len(home):
            before = widen_inputs(start, extra) if not args.scratch else None
            check = {"positions": int(len(home)), "after": bearoff_error(net, x[home], onroll[home], other[home])}
            if before is not None:
                check["before"] = bearoff_error(before, x[home], onroll[home], other[home])
            results["variants"][name]["bearoff_check"] = check
            print(f"  P(win) vs the bear-off database on {len(home)} held-out positions: {check}", flush=True)
        with open(os.path.join(args.out, f"{name}.pkl"), "wb") as f:
            pickle.dump({"net": net.state(), "features": variant_features(name), "history": hist}, f)
        if args.games:
            bot = NumpyBot(net, features=variant_features(name))
            res = match.play_match(zero_ply_scorer(bot), match.pubeval_scorer,
                                   args.games // 2, seed=args.games_seed)
            np.save(os.path.join(args.out, f"{name}_pubeval.npy"), res)
            results["variants"][name]["pubeval"] = match.summary(res)
            first = os.path.join(args.out, f"{args.variants[0]}_pubeval.npy")
            if name != args.variants[0] and os.path.exists(first):
                d = (res - np.load(first)).reshape(-1, 2).mean(axis=1)
                m, ci = mean_ci95(d.tolist())
                results["variants"][name]["pubeval_minus_first"] = f"{m:+.3f} ± {ci:.3f} (paired, 95%)"
            print(f"  0-ply vs pubeval: {results['variants'][name]['pubeval']}", flush=True)
        with open(os.path.join(args.out, "results.json"), "w") as f:
            json.dump(results, f, indent=1)
    print("variant            loss     |equity error|", flush=True)
    for name, r in results["variants"].items():
        print(f"{name:18s} {r['history'][-1]['loss']:.5f}  {r['history'][-1]['mae']:.4f}  {r.get('pubeval', '')} "
              f"{r.get('pubeval_minus_first', '')}", flush=True)


if __name__ == "__main__":
    main()
