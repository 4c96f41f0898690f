"""Training labels from varied play, on the compiled engine (issue #56; ``README.md`` section 7b).

Positions come from games between our own players of uneven strength, played by
:mod:`bot_training.fast`: each side of each game is the teacher at 0-ply with Gaussian noise on
its equities (standard deviation 0, 0.04, 0.1 or 0.25, drawn per side: the noisy gnubg players
of the evaluation set, stood in for by our own net), and, for a share ``keeper`` of the sides,
an *anchor keeper*: a side that prefers, above any equity, the plays that leave it holding two
points in the other's home board (a rule on top of its choice), so that back games, the primes
built against them and the crunched boards that follow come often. Each game opens with 0 to 4
plies of uniformly random legal plays. gnubg is no player here and no teacher: the labels are ours.

Of the positions the batch's games pass through (before a roll, game not over), ``positions``
are drawn spread over the classes of :mod:`bot_training.classes`: a share ``hard_share`` from
the back games, crunched boards and primes (as many as found, up to that share, split evenly),
the rest from the other classes at random. Not the evaluation sets' positions: those come from
games with gnubg in them, and ``load_labels`` refuses them whole.

Labels: :meth:`bot_training.fast.Engine.rollout` with the luck correction, ``trials`` trials of
``horizon`` rolls (the rounds' label since round 8: 12 x 4), and for back games and crunched
boards, where four rolls end far from the result, ``hard_trials`` x ``hard_horizon`` (24 x 8 by
default). ``y1``: the 1-ply label of the same engine. Each position's dice are seeded by
``[seed, k, i]``; batch ``k``'s games by ``[seed, k]``: a batch is the same whichever worker
makes it and whatever ran before (the runs of :mod:`bot_training.batches`, packed alike).

    OMP_NUM_THREADS=1 nice -n 19 python -m bot_training.varied_labels --out bot_training/labels/v1 \\
        --batches 0:1600 --seed 56 --workers 1
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from typing import Any

import numpy as np

from core.bot.net import Net
from core.position import Position

from . import fast
from .batches import done_batches, pack_run, parse_range, run_tasks, write_batch
from .classes import CLASSES, position_class
from .fast import Arrays, njit

HARD = ("backgame", "crunched", "prime")
"""The classes labelled with the long rollouts and drawn up to ``hard_share`` of a batch."""
NOISES = np.array([0.0, 0.04, 0.1, 0.25])
SOURCE_VARIED = 3
"""``source`` of these rows (0: self-play, 1: against pubeval, 2: the bear-off database)."""


@dataclasses.dataclass(frozen=True)
class VariedLabelSpec:
    """Everything that decides a run's output (its ``spec.json``)."""

    teacher: str = "core/bot/weights/net_v2.json.gz"
    kind: str = "varied-labels"
    seed: int = 1
    positions: int = 250
    games: int = 120
    keeper: float = 0.3
    hard_share: float = 0.5
    trials: int = 12
    horizon: int = 4
    hard_trials: int = 24
    hard_horizon: int = 8

    def __post_init__(self) -> None:
        if min(self.positions, self.games, self.trials, self.horizon, self.hard_trials, self.hard_horizon) < 1:
            raise ValueError(f"positions, games, trials and horizons must be positive: {self}")
        if not (0.0 <= self.keeper <= 1.0 and 0.0 <= self.hard_share <= 1.0):
            raise ValueError(f"keeper and hard_share are shares, in [0, 1]: {self}")


@njit(cache=True)
def _anchors(side: np.ndarray) -> int:
    n = 0
    for i in range(18, 24):
        if side[i] >= 2:
            n += 1
    return n


@njit(cache=True)
def styled_play(player: np.ndarray, opp: np.ndarray, d1: int, d2: int, noise: float, keep: bool, random_play: bool,
                ctx: Arrays, net: Arrays, tabs: Arrays, bear: Arrays, onroll_out: np.ndarray,
                mover_out: np.ndarray) -> int:
    """A play of a styled player (see the module's notes): the 0-ply choice with ``noise`` on each
    candidate's equity and, when ``keep``, 10 added for each anchor kept, up to two; or, when
    ``random_play``, a legal play drawn uniformly. Writes the position it leads to; returns the
    play's index (-1: no legal play, the position handed over)."""
    bufs, slots, stamps, genv, out, idx, val, hid, onr, mov, p, ckeys, cvals = ctx
    n = fast.legal(player, opp, d1, d2, bufs, slots, stamps, genv, out)
    if n == 0:
        onroll_out[:] = opp
        mover_out[:] = player
        return -1
    best = np.random.randint(0, n) if random_play else -1
    best_v = 0.0
    for k in range(n):
        if random_play and k != best:
            continue
        fast.unpack2(out[0, k], out[1, k], mov)
        onr[:] = opp
        hits = out[2, k]
        for i in range(24):
            if (hits >> i) & 1:
                onr[23 - i] -= 1
                onr[24] += 1
        if random_play:
            onroll_out[:] = onr
            mover_out[:] = mov
            return k
        fast.probs0(onr, mov, net, tabs, bear, True, idx, val, hid, p)
        v = -(2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4])
        if noise > 0.0:
            v += noise * np.random.standard_normal()
        if keep:
            v += 10.0 * min(_anchors(mov), 2)
        if best < 0 or v > best_v:
            best = k
            best_v = v
            onroll_out[:] = onr
            mover_out[:] = mov
    return best


@njit(cache=True)
def varied_games(n_games: int, seed: int, noise: np.ndarray, keep: np.ndarray, opening: np.ndarray,
                 ctx: Arrays, net: Arrays, tabs: Arrays, bear: Arrays) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n_games`` styled games (side ``s`` of game ``g``: ``noise[g, s]``, ``keep[g, s]``;
    ``opening[g]`` random plies first) from the opening; every position before a roll, the side
    on roll first: (M, 2, 25) boards and (M,) game numbers."""
    np.random.seed(seed)
    cap = n_games * 400
    boards = np.zeros((cap, 2, 25), dtype=np.int8)
    games = np.zeros(cap, dtype=np.int64)
    m = 0
    player = np.empty(25, dtype=np.int64)
    opp = np.empty(25, dtype=np.int64)
    nxt_on = np.empty(25, dtype=np.int64)
    nxt_mv = np.empty(25, dtype=np.int64)
    for g in range(n_games):
        for i in range(25):
            player[i] = 0
        player[23] = 2
        player[12] = 5
        player[7] = 3
        player[5] = 5
        opp[:] = player
        for ply in range(400):
            if ply:
                boards[m, 0] = player
                boards[m, 1] = opp
                games[m] = g
                m += 1
            d1 = np.random.randint(1, 7)
            d2 = np.random.randint(1, 7)
            while ply == 0 and d1 == d2:
                d2 = np.random.randint(1, 7)
            side = ply % 2
            styled_play(player, opp, d1, d2, noise[g, side], keep[g, side], ply < opening[g], ctx, net, tabs, bear,
                        nxt_on, nxt_mv)
            if nxt_mv.sum() == 0:
                break
            player[:] = nxt_on
            opp[:] = nxt_mv
    return boards[:m], games[:m]


_ENGINES: dict[str, fast.Engine] = {}


def teacher_engine(path: str) -> fast.Engine:
    """The teacher (exported weights) on the compiled engine, loaded once a process."""
    if path not in _ENGINES:
        with open(path, "rb") as f:
            _ENGINES[path] = fast.Engine(Net.from_json_bytes(f.read()))
    return _ENGINES[path]


def sample(spec: VariedLabelSpec, k: int, eng: fast.Engine) -> tuple[list[Position], np.ndarray]:
    """Batch ``k``'s positions and their classes (indices into :data:`bot_training.classes.CLASSES`)."""
    rng = np.random.default_rng([spec.seed, k])
    g = spec.games
    noise = NOISES[rng.integers(0, len(NOISES), size=(g, 2))]
    keep = rng.random((g, 2)) < spec.keeper
    opening = rng.integers(0, 5, size=g)
    boards, _ = varied_games(g, int(rng.integers(1 << 31)), noise, keep, opening, eng.ctx, eng.arrays, eng.tabs,
                             eng.bear)
    seen: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for i, b in enumerate(boards.tolist()):
        seen.setdefault((tuple(b[0]), tuple(b[1])), i)
    positions = [Position(a, b) for a, b in seen]
    cls = np.array([CLASSES.index(position_class(p)) for p in positions])
    hard = [np.flatnonzero(cls == CLASSES.index(c)) for c in HARD]
    want_hard = int(round(spec.hard_share * spec.positions))
    chosen: list[int] = []
    # the hard classes in turn, as many as found up to the share, then the rest at random
    pools = [list(rng.permutation(h)) for h in hard]
    while len(chosen) < want_hard and any(pools):
        for pool in pools:
            if pool and len(chosen) < want_hard:
                chosen.append(int(pool.pop()))
    rest = np.setdiff1d(np.arange(len(positions)), np.array(chosen, dtype=np.int64))
    chosen += [int(i) for i in rng.permutation(rest)[: spec.positions - len(chosen)]]
    return [positions[i] for i in chosen], cls[chosen]


def label_batch(spec: VariedLabelSpec, k: int) -> dict[str, np.ndarray]:
    """Batch ``k``: its positions, classes and labels (deterministic in ``spec`` and ``k``)."""
    eng = teacher_engine(spec.teacher)
    positions, cls = sample(spec, k, eng)
    y = np.zeros((len(positions), 5))
    y1 = np.zeros((len(positions), 5))
    for i, pos in enumerate(positions):
        long = CLASSES[cls[i]] in ("backgame", "crunched")
        trials, horizon = (spec.hard_trials, spec.hard_horizon) if long else (spec.trials, spec.horizon)
        rng = np.random.default_rng([spec.seed, k, i])
        first = rng.permutation(36)
        dice = rng.integers(0, 36, size=(trials, horizon), dtype=np.int64)
        dice[:, 0] = first[np.arange(trials) % 36]
        y[i] = eng.rollout_dice(pos, dice, horizon, reduce=True).mean(axis=0)
        y1[i] = eng.rollout_dice(pos, dice[:1, :1], 1, reduce=True)[0]
    return {"onroll": np.array([p.player for p in positions], dtype=np.int8).reshape(-1, 25),
            "other": np.array([p.opponent for p in positions], dtype=np.int8).reshape(-1, 25),
            "source": np.full(len(positions), SOURCE_VARIED, dtype=np.int8),
            "cls": cls.astype(np.int8), "y": y.astype(np.float32), "y1": y1.astype(np.float32)}


def run_task(spec_fields: dict[str, Any], out: str, k: int) -> str:
    """One task: batch ``k`` into ``out`` unless done; returns the file's path."""
    return write_batch(out, k, lambda: label_batch(VariedLabelSpec(**spec_fields), k))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--batches", required=True, type=parse_range, help="START:STOP, e.g. 0:1600")
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--ray-address", default=None)
    ap.add_argument("--pack", action="store_true", help="pack the batches done so far into batches.npz and stop")
    fields = {f.name: f for f in dataclasses.fields(VariedLabelSpec) if f.name != "kind"}
    for name, f in fields.items():
        ap.add_argument("--" + name.replace("_", "-"), type=type(f.default), default=f.default)
    args = ap.parse_args()
    spec = VariedLabelSpec(**{name: getattr(args, name) for name in fields})
    if args.pack:
        print(pack_run(args.out))
        return
    start = time.time()

    def progress(path: str) -> None:
        print(f"{path} ({time.time() - start:.0f} s)", flush=True)

    run_tasks(run_task, spec, args.out, args.batches, args.workers, args.ray_address, progress)
    if set(args.batches) <= done_batches(args.out):
        print(pack_run(args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
