"""TD(0) self-play training of the contact/race net, numpy, one core, resumable.

Many games are played side by side (``--batch``); every round, each game's
player on roll picks the play whose resulting position the net likes best
(0-ply greedy), and the net learns V(s_t) <- V(s_t+1) (the value of the
position after the play, seen from the other side), or the final result.

    OMP_NUM_THREADS=1 python -m bot_training.td --out bot_training/runs/r1 --games 400000

Checkpoints (``ckpt.npz`` + ``ckpt.json``) every ``--ckpt-min`` minutes; rerun the
same command to resume. Settings are stored with the weights.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import time
from typing import Any

import numpy as np

from core.bot.encoding import NUM_INPUTS
from core.position import Position

from . import engine, npenc
from .mlp import MLP, equity, flip


def lr_at(games: int, args: argparse.Namespace) -> float:
    """Linear from ``lr0`` to ``lr_end`` over ``lr_games`` games, then (if ``lr_final`` is set)
    linear from ``lr_end`` to ``lr_final`` at game ``lr_final_games``, flat after."""
    if games <= args.lr_games or args.lr_final is None:
        frac = min(1.0, games / max(1, args.lr_games))
        return float(args.lr0 + (args.lr_end - args.lr0) * frac)
    span = max(1, args.lr_final_games - args.lr_games)
    frac = min(1.0, (games - args.lr_games) / span)
    return float(args.lr_end + (args.lr_final - args.lr_end) * frac)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--games", type=int, default=400_000)
    ap.add_argument("--hidden", type=int, default=80)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr0", type=float, default=0.05)
    ap.add_argument("--lr-end", type=float, default=0.01)
    ap.add_argument("--lr-games", type=int, default=300_000)
    ap.add_argument("--lr-final", type=float, default=None, help="a second decay after --lr-games")
    ap.add_argument("--lr-final-games", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ckpt-min", type=float, default=4.0)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    ck = os.path.join(args.out, "ckpt.pkl")
    net = MLP(NUM_INPUTS, args.hidden, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    games = 0
    plies = 0
    seconds = 0.0
    history: list[dict[str, Any]] = []
    settings = {k: v for k, v in vars(args).items() if k != "out"}
    settings["algorithm"] = "TD(0), 0-ply greedy self-play, cross-entropy gradient, summed over the batch"
    if os.path.exists(ck):
        with open(ck, "rb") as f:
            st = pickle.load(f)
        net.load(st["net"])
        rng.bit_generator.state = st["rng"]
        games, plies, seconds = st["games"], st["plies"], st["seconds"]
        history = list(st.get("history", []))
        if st["settings"] != settings:  # resumed with other settings: keep the earlier ones, by game range
            history.append({"until_game": games, "settings": st["settings"]})
        print(f"resumed at {games} games", flush=True)

    init = Position.initial()
    x_init = npenc.encode(np.array([init.player]), np.array([init.opponent]))[0]
    G = args.batch
    pos = [init] * G
    xs = np.repeat(x_init[None, :], G, axis=0)
    first = np.ones(G, dtype=bool)
    t0 = time.time()
    last_ck = t0
    last_log = t0
    err_acc, err_n, len_acc, n_done = 0.0, 0, 0, 0
    ply_count = np.zeros(G, dtype=np.int64)
    results = []
    while games < args.games:
        dice = rng.integers(1, 7, size=(G, 2))
        for g in np.flatnonzero(first & (dice[:, 0] == dice[:, 1])).tolist():
            while dice[g, 0] == dice[g, 1]:
                dice[g] = rng.integers(1, 7, size=2)
        c = engine.candidates(pos, [(int(a), int(b)) for a, b in dice])
        x = npenc.encode(c.onroll, c.mover)
        out = net.forward(x)
        finished, pts = engine.terminal_values(c.onroll, c.mover)
        val = -equity(out)
        val = np.where(finished, pts + 10.0, val)
        best = engine.segment_argmax(val, c.seg)
        # targets for the current states, from the mover's view
        tgt = flip(out[best])
        fin = finished[best]
        if fin.any():
            p = pts[best][fin]
            tgt[fin] = np.stack([np.ones_like(p), p >= 2, p >= 3, np.zeros_like(p), np.zeros_like(p)], axis=1)
        lr = lr_at(games, args)
        err_acc += net.step(xs, tgt.astype(np.float32), lr)
        err_n += 1
        plies += G
        ply_count += 1
        xs = x[best]
        first[:] = False
        for g in range(G):
            b = best[g]
            if fin[g]:
                results.append(int(pts[b]))
                len_acc += int(ply_count[g])
                n_done += 1
                games += 1
                pos[g] = init
                xs[g] = x_init
                first[g] = True
                ply_count[g] = 0
            else:
                pos[g] = engine.to_position(c.onroll[b], c.mover[b])
        now = time.time()
        if now - last_log > 60:
            el = seconds + now - t0
            print(
                f"games {games} plies {plies} {el / 3600:.2f} h {n_done / (now - last_log):.1f} g/s "
                f"len {len_acc / max(1, n_done):.1f} |err| {err_acc / max(1, err_n):.4f} lr {lr:.4f} "
                f"gammons {np.mean(np.array(results[-2000:]) >= 2):.3f}",
                flush=True,
            )
            err_acc, err_n, len_acc, n_done = 0.0, 0, 0, 0
            last_log = now
        if now - last_ck > args.ckpt_min * 60 or games >= args.games:
            save(ck, net, rng, games, plies, seconds + now - t0, settings, history, args.out)
            last_ck = now
    save(ck, net, rng, games, plies, seconds + time.time() - t0, settings, history, args.out)


def save(
    ck: str, net: MLP, rng: np.random.Generator, games: int, plies: int, seconds: float,
    settings: dict[str, Any], history: list[dict[str, Any]], out: str
) -> None:
    st = {"net": net.state(), "rng": rng.bit_generator.state, "games": games, "plies": plies, "seconds": seconds,
          "settings": settings, "history": history}
    tmp = ck + ".tmp"
    with open(tmp, "wb") as f:
        pickle.dump(st, f)
    os.replace(tmp, ck)
    # a numbered snapshot for evaluation
    snap = os.path.join(out, f"snap_{games:07d}.pkl")
    with open(snap, "wb") as f:
        pickle.dump(st, f)
    with open(os.path.join(out, "latest.json"), "w") as f:
        json.dump({"games": games, "plies": plies, "seconds": seconds, "snapshot": snap, "settings": settings,
                   "history": history}, f)


if __name__ == "__main__":
    main()
