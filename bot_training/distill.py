"""Search bootstrapping: teach the 0-ply net what its own 1-ply lookahead says.

The browser's strongest level looks one roll ahead, and that lookahead plays far
better than the bare net. This turns the lookahead into training targets:

1. ``gen``: self-play games with a TD checkpoint (0-ply, with a little exploration),
   sampling positions; for each sampled position (side on roll, before its roll) the
   target is the 1-ply probabilities: over the 21 rolls, the probabilities after the
   play that the net (with the bear-off database and exact game ends, as the browser
   bot) rates best, weighted by the roll's chances. Written in chunks, so several
   processes can generate side by side and a run can stop at any time.
2. ``fit``: supervised fine-tuning of the checkpoint on those targets (cross-entropy,
   minibatches, shuffled), written as a checkpoint that ``bot_training.export`` reads,
   with the settings of both steps in its ``history``.
3. ``merge``: an ensemble of fitted nets stored as one wider net (their hidden units
   side by side, outputs from the averaged logits), which the browser runs unchanged.

Only our own engine and net produce the targets (no outside evaluations).

    OMP_NUM_THREADS=1 python -m bot_training.distill gen --ckpt runs/r1/ckpt.pkl --out runs/d1 --seed 1
    OMP_NUM_THREADS=1 python -m bot_training.distill fit --ckpt runs/r1/ckpt.pkl --data runs/d1 --out runs/d1/fit.pkl

``--ckpt`` also takes exported weights, e.g. ``bot_training/weights/net_v1.json.gz``.
"""

from __future__ import annotations

import argparse
import glob
import os
import pickle
import time

import numpy as np

from core.dice import ROLLS
from core.position import Position

from . import engine, npenc
from .checkpoints import load_ckpt
from .match import pubeval_scorer
from .mlp import MLP, cross_entropy, flip
from .npbot import NumpyBot, equity_of

_WAYS = np.array([r.ways for r in ROLLS], dtype=np.float64) / 36.0


def one_ply_targets(bot: NumpyBot, positions: list[Position]) -> np.ndarray:
    """(N, 5) 1-ply probabilities for the side on roll of each position (before its roll)."""
    reps = len(ROLLS)
    c = engine.candidates([p for p in positions for _ in range(reps)], [r.dice for _ in positions for r in ROLLS])
    q = bot.probs(c.onroll, c.mover)  # the opponent's view, after each of our plays
    best = engine.segment_argmax(-equity_of(q), c.seg)
    ours = flip(q[best]).reshape(len(positions), reps, 5)
    out: np.ndarray = (ours * _WAYS[None, :, None]).sum(axis=1)
    return out


def gen(args: argparse.Namespace) -> None:
    os.makedirs(args.out, exist_ok=True)
    net, _ = load_ckpt(args.ckpt)
    bot = NumpyBot(net)
    rng = np.random.default_rng([args.seed, 7])
    init = Position.initial()
    G = args.batch
    pos = [init] * G
    first = np.ones(G, dtype=bool)
    # a share of the games is played against pubeval, for positions that self-play never
    # reaches (a weaker opponent's blots and loose play); -1: self-play, else pubeval's turn parity
    pub = np.where(rng.random(G) < args.pubeval, rng.integers(0, 2, size=G), -1)
    turn = np.zeros(G, dtype=np.int64)
    pending: list[Position] = []
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    chunk = 0
    done = 0
    t0 = time.time()

    def flush() -> None:
        nonlocal chunk, xs, ys
        path = os.path.join(args.out, f"chunk_s{args.seed}_{chunk:04d}.npz")
        np.savez_compressed(path + ".tmp.npz", x=np.concatenate(xs).astype(np.float32),
                            y=np.concatenate(ys).astype(np.float32))
        os.replace(path + ".tmp.npz", path)
        chunk += 1
        xs, ys = [], []
        print(f"{done} positions, {done / (time.time() - t0):.0f}/s", flush=True)

    while done < args.positions:
        # sample positions (side on roll, before rolling) from the running games
        for g in range(G):
            p = pos[g]
            if rng.random() < args.sample and min(sum(p.player), sum(p.opponent)) > 0:
                pending.append(p)
        if len(pending) >= args.group:
            ys.append(one_ply_targets(bot, pending))
            xs.append(npenc.encode(np.array([p.player for p in pending]), np.array([p.opponent for p in pending])))
            done += len(pending)
            pending = []
            if sum(len(x) for x in xs) >= args.chunk:
                flush()
        # one ply of every game: 0-ply greedy, sometimes one of the top 3 at random
        dice = rng.integers(1, 7, size=(G, 2))
        for g in np.flatnonzero(first & (dice[:, 0] == dice[:, 1])).tolist():
            while dice[g, 0] == dice[g, 1]:
                dice[g] = rng.integers(1, 7, size=2)
        c = engine.candidates(pos, [(int(a), int(b)) for a, b in dice])
        val = -equity_of(bot.probs(c.onroll, c.mover))
        finished, _pts = engine.terminal_values(c.onroll, c.mover)
        val = np.where(finished, 10.0, val)
        pub_turn = (pub == turn)[c.game]
        if pub_turn.any():
            rows = np.flatnonzero(pub_turn)
            race_before = npenc.race(np.array([p.player for p in pos]), np.array([p.opponent for p in pos]))
            val[rows] = pubeval_scorer(c, rows, race_before[c.game[rows]])
        best = engine.segment_argmax(val, c.seg)
        first[:] = False
        turn ^= 1
        for g in range(G):
            b = int(best[g])
            lo, hi = int(c.seg[g]), int(c.seg[g + 1])
            pubeval_moved = pub[g] == 1 - turn[g]  # turn has flipped already: the mover had the other parity
            if hi - lo > 1 and not pubeval_moved and rng.random() < args.explore:
                order = lo + np.argsort(-val[lo:hi], kind="stable")[:3]
                b = int(order[rng.integers(len(order))])
            if finished[b]:
                pos[g] = init
                first[g] = True
                turn[g] = 0
                pub[g] = rng.integers(0, 2) if rng.random() < args.pubeval else -1
            else:
                pos[g] = engine.to_position(c.onroll[b], c.mover[b])
    if xs:
        flush()


def fit(args: argparse.Namespace) -> None:
    net, st = load_ckpt(args.ckpt)
    grow = args.hidden - net.w1.shape[1]
    if grow > 0:  # more hidden units: small random input weights, no effect on the outputs at first
        wrng = np.random.default_rng([args.seed, 11])
        net.w1 = np.concatenate([net.w1, (wrng.standard_normal((net.w1.shape[0], grow)) * 0.05).astype(np.float32)], 1)
        net.b1 = np.concatenate([net.b1, np.zeros(grow, dtype=np.float32)])
        net.w2 = np.concatenate([net.w2, np.zeros((grow, net.w2.shape[1]), dtype=np.float32)], 0)
    files = []
    for folder in args.data:
        found = sorted(glob.glob(os.path.join(folder, "chunk_*.npz")))
        if not found:
            raise SystemExit(f"no chunk_*.npz in {folder}")
        files += found
    data = [np.load(f) for f in files]
    x = np.concatenate([d["x"] for d in data])
    y = np.concatenate([d["y"] for d in data])
    rng = np.random.default_rng(args.seed)
    perm = rng.permutation(len(x))
    n_val = min(len(x) // 10, 20000)
    val, tr = perm[:n_val], perm[n_val:]

    def val_loss() -> float:
        return cross_entropy(net.forward(x[val]), y[val])

    def val_mae() -> float:
        pred = equity_of(net.forward(x[val]).astype(np.float64))
        return float(np.abs(pred - equity_of(y[val].astype(np.float64))).mean())

    print(f"{len(tr)} training, {n_val} validation positions; before: loss {val_loss():.5f} "
          f"|equity error| {val_mae():.4f}", flush=True)
    steps = 0
    for epoch in range(args.epochs):
        lr = args.lr * (1.0 - epoch / args.epochs) + args.lr_end * (epoch / args.epochs)
        rng.shuffle(tr)
        for k in range(0, len(tr) - args.mb + 1, args.mb):
            idx = tr[k : k + args.mb]
            net.step(x[idx], y[idx], lr / args.mb)
            steps += 1
        print(f"epoch {epoch + 1}: lr {lr:.4f} loss {val_loss():.5f} |equity error| {val_mae():.4f}", flush=True)
    settings = {
        "algorithm": "supervised fit to the net's own 1-ply probabilities (bot_training.distill)",
        "base_games": st["games"], "hidden": int(net.w1.shape[1]), "positions": len(tr), "epochs": args.epochs,
        "minibatch": args.mb,
        "lr": args.lr, "lr_end": args.lr_end, "seed": args.seed, "gen": args.gen_note,
    }
    history = list(st.get("history", [])) + [{"until_game": st["games"], "settings": st["settings"]}]
    out = {"net": net.state(), "rng": None, "games": st["games"], "plies": st["plies"], "seconds": st["seconds"],
           "settings": settings, "history": history}
    with open(args.out, "wb") as f:
        pickle.dump(out, f)
    print(f"wrote {args.out}", flush=True)


def merge_nets(nets: list[MLP]) -> MLP:
    """One net that computes the ensemble of ``nets``: their hidden units side by side, and
    each output the sigmoid of the members' averaged logits (so it runs in the browser
    unchanged, at the cost of the summed hidden sizes)."""
    k = len(nets)
    out = MLP(nets[0].w1.shape[0], sum(n.w1.shape[1] for n in nets))
    out.load({"w1": np.concatenate([n.w1 for n in nets], axis=1), "b1": np.concatenate([n.b1 for n in nets]),
              "w2": np.concatenate([n.w2 / k for n in nets], axis=0), "b2": sum(n.b2 for n in nets) / k})
    return out


def merge(args: argparse.Namespace) -> None:
    loaded = [load_ckpt(p) for p in args.members]
    net = merge_nets([m for m, _ in loaded])
    first = loaded[0][1]
    members = [{"checkpoint": os.path.basename(p), "settings": st["settings"], "history": st.get("history", [])}
               for p, (_, st) in zip(args.members, loaded)]
    settings = {"algorithm": "ensemble (bot_training.distill merge): the members' hidden units side by side, "
                "outputs from their averaged logits", "hidden": int(net.w1.shape[1]), "members": members}
    out = {"net": net.state(), "rng": None, "games": first["games"], "plies": first["plies"],
           "seconds": sum(st["seconds"] for _, st in loaded), "settings": settings, "history": []}
    with open(args.out, "wb") as f:
        pickle.dump(out, f)
    print(f"wrote {args.out}: {net.w1.shape[1]} hidden units from {len(loaded)} nets", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("--ckpt", required=True)
    g.add_argument("--out", required=True)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--positions", type=int, default=2_000_000)
    g.add_argument("--batch", type=int, default=64, help="games played side by side")
    g.add_argument("--sample", type=float, default=0.25, help="chance that a position is kept")
    g.add_argument("--explore", type=float, default=0.1, help="chance of a random play among the top 3")
    g.add_argument("--pubeval", type=float, default=0.0,
                   help="share of the games in which one side (drawn at random) plays pubeval's choice")
    g.add_argument("--group", type=int, default=48, help="positions per 1-ply batch")
    g.add_argument("--chunk", type=int, default=5000, help="positions per file")
    f = sub.add_parser("fit")
    f.add_argument("--ckpt", required=True)
    f.add_argument("--data", required=True, nargs="+", help="one or more folders written by gen")
    f.add_argument("--out", required=True)
    f.add_argument("--epochs", type=int, default=10)
    f.add_argument("--mb", type=int, default=128)
    f.add_argument("--lr", type=float, default=0.5, help="per-minibatch step (divided by the minibatch size)")
    f.add_argument("--lr-end", type=float, default=0.05)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--hidden", type=int, default=0, help="widen the net to this many hidden units first")
    f.add_argument("--gen-note", default="")
    m = sub.add_parser("merge", help="store an ensemble of nets as one wider net")
    m.add_argument("--out", required=True)
    m.add_argument("members", nargs="+", help="checkpoints (.pkl) or exported weights (.json.gz)")
    args = ap.parse_args()
    {"gen": gen, "fit": fit, "merge": merge}[args.cmd](args)


if __name__ == "__main__":
    main()
