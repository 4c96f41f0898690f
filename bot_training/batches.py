"""Training labels as independent batch tasks: seeded, reproducible, resumable.

A run is a folder and a :class:`LabelSpec` (written to ``spec.json`` on the first run; a
rerun must use the same settings). Batch ``k`` is one task: it plays its own games with
the teacher net (seeded by ``[seed, k]``, so a batch's output never depends on which other
batches ran, in what order or on which worker), samples ``positions`` of them and labels
each; the output is ``batch_{k:05d}.npz``, written atomically, and a batch whose file
exists is skipped, so rerunning the same command resumes a stopped run.

Tasks run through a local ``concurrent.futures.ProcessPoolExecutor`` (``--workers``, 0 for
in-process), or through Ray when ``--ray-address`` is given (``pip install .[training]``;
Ray is imported only then, and nothing in the app or CI needs it).

Positions come from the teacher's 0-ply self-play (with a little exploration) and, for a
share ``pubeval`` of the games, from games where one side plays pubeval's choice (the loose
structures a weaker opponent leads to). Labels, for the side on roll, before its roll:

* ``ply1``: the teacher's 1-ply probabilities (each roll's best play at 0-ply, with the
  bear-off database and exact endings, weighted by the roll's chances), as ``distill gen``;
* ``ply2``: 2-ply: for each roll, the ``top`` best plays at 0-ply (within ``margin``) are
  rated at 1-ply, and the best of them counts; the file also holds the ply-1 labels
  (``y1``), so the two can be compared on the same positions;
* ``rollout``: truncated rollouts with variance reduction (:mod:`bot_training.rollout`),
  ``trials`` games of ``horizon`` rolls a position, seeded by ``[seed, k]`` as the batch's
  games (``y1`` too). ``bench/label_quality.py`` measures each label against GNU Backgammon
  2-ply, and its cost;
* ``siblings``: labels for choosing, not only for valuing. Each sampled position gets one roll
  (drawn by the batch's generator) and its ``top`` best plays at 0-ply within ``margin`` are
  kept when there are two or more (a decision); each play's result (the other side on roll) is
  labelled by a rollout as ``rollout``'s, every sibling of a decision rolling the same dice
  (common random numbers; measured on one batch, the luck correction already leaves the
  differences as precise with independent dice: 0.0087 against 0.0088 mean |difference| between
  two seeds). The file's rows are the siblings; ``decision`` (N,) int64
  numbers each decision uniquely within the run (``k * 100000 + i``), for a fit that compares
  siblings (``bot_training.fitx --pairs``). ``positions`` counts the sampled positions, so a
  batch holds up to ``top`` times as many rows.

A finished run is packed into one file, ``batches.npz`` (:func:`pack_run`): every batch's arrays
concatenated in batch order, with ``batches`` (the batch numbers packed) and ``counts`` (each
one's rows), its members compressed with LZMA (``numpy.load`` reads it as any ``.npz``). The
command packs when every batch of its ``--batches`` range is done, and ``--pack`` packs the
batches done so far without labelling any. While a run is in progress its batches are loose
``batch_{k:05d}.npz`` files (ignored by git under ``bot_training/labels/``); a batch counts as
done whether loose or packed, so a rerun resumes either way, and :func:`load_labels` reads both.
Only packed rounds are committed: one file a round instead of hundreds (see
``bot_training/README.md``, "Where the labels live").

Each batch holds ``onroll`` and ``other`` (N, 25) int8 boards (each side in its own
numbering), so any encoding can be computed later, ``y`` (N, 5) float32 labels and
``source`` (N,) int8 (0: self-play, 1: a game against pubeval; 2: the bear-off database, written
by :mod:`bot_training.bearoff_labels`). Only our own engine and net make the labels.

    OMP_NUM_THREADS=1 python -m bot_training.batches --out bot_training/runs/l5 \\
        --teacher bot_training/weights/net_v1.json.gz --label ply1 --batches 0:200 --positions 2000 --workers 2
"""

from __future__ import annotations

import argparse
import dataclasses
import fcntl
import glob
import json
import os
import time
import zipfile
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from core.bot.features import is_back_game
from core.bot.net import Net
from core.dice import ROLLS
from core.position import Position

from . import engine, npenc
from .checkpoints import load_ckpt
from .distill import one_ply_targets
from .match import pubeval_scorer
from .mlp import flip
from .npbot import NumpyBot, equity_of, twin_of
from .rollout import rollout_targets

LABELS = ("ply1", "ply2", "rollout", "siblings")
CLASS_CHOICES = ("all", "contact", "race")
_WAYS = np.array([r.ways for r in ROLLS], dtype=np.float64) / 36.0


@dataclasses.dataclass(frozen=True)
class LabelSpec:
    """Everything that decides a run's output (stored in the run's ``spec.json``)."""

    teacher: str
    label: str = "ply1"
    seed: int = 1
    positions: int = 2000
    games: int = 32
    sample: float = 0.25
    explore: float = 0.1
    pubeval: float = 0.5
    top: int = 3
    margin: float = 0.3
    group: int = 48
    classes: str = "all"
    backgame_weight: float = 1.0
    trials: int = 12
    horizon: int = 4

    def __post_init__(self) -> None:
        if self.label not in LABELS:
            raise ValueError(f"unknown label kind {self.label!r}: expected one of {', '.join(LABELS)}")
        if min(self.positions, self.games, self.top, self.group, self.trials, self.horizon) < 1:
            raise ValueError(f"positions, games, top, group, trials and horizon must be positive: {self}")
        if not 0.0 < self.sample <= 1.0:
            raise ValueError(f"sample must be in (0, 1]: {self.sample}")
        if self.classes not in CLASS_CHOICES:
            raise ValueError(f"unknown classes {self.classes!r}: expected one of {', '.join(CLASS_CHOICES)}")
        if self.backgame_weight <= 0.0:
            raise ValueError(f"backgame_weight must be positive: {self.backgame_weight}")


def sampling_rate(p: Position, spec: LabelSpec) -> float:
    """The chance that a game's position is kept: ``spec.sample``, or 0 for a position without
    contact when ``spec.classes == "contact"`` (races and bear-offs: the net's easy classes, and
    the bear-off database's), or 0 for a position with contact when ``spec.classes == "race"``
    (labels for a race net: races are 5% of an ``all`` run, and gammon-saving races rarer still),
    times ``spec.backgame_weight`` for a back game (a side holds two or more points in the other's
    home board: the net's worst class, and a rare one in its games).
    """
    if spec.classes == "all" and spec.backgame_weight == 1.0:
        return spec.sample
    if spec.classes != "all" and p.is_race() != (spec.classes == "race"):
        return 0.0
    if is_back_game(p.player, p.opponent):
        return min(1.0, spec.sample * spec.backgame_weight)
    return spec.sample


_BOTS: dict[str, NumpyBot] = {}


def teacher_bot(path: str) -> NumpyBot:
    """The teacher net (an encoder-1 checkpoint, or exported weights of either encoder, such as the
    shipped ``core/bot/weights/net_v2.json.gz``) as a numpy bot, loaded once per process."""
    bot = _BOTS.get(path)
    if bot is None:
        if path.endswith((".json.gz", ".json")):
            with open(path, "rb") as f:
                bot = twin_of(Net.from_json_bytes(f.read()))  # encoder 1 or 2, as the file says
        else:
            net, _ = load_ckpt(path)
            bot = NumpyBot(net)
        _BOTS[path] = bot
    return bot


def sample_positions(bot: NumpyBot, spec: LabelSpec, rng: np.random.Generator) -> tuple[list[Position], np.ndarray]:
    """``spec.positions`` positions (side on roll, game not over) from ``spec.games`` games played
    side by side, and their sources (0: self-play, 1: a game with pubeval on one side)."""
    init = Position.initial()
    n_games = spec.games
    pos = [init] * n_games
    first = np.ones(n_games, dtype=bool)
    # -1: self-play; 0 or 1: the parity of pubeval's turns in that game
    pub = np.where(rng.random(n_games) < spec.pubeval, rng.integers(0, 2, size=n_games), -1)
    turn = np.zeros(n_games, dtype=np.int64)
    out: list[Position] = []
    src: list[int] = []
    while len(out) < spec.positions:
        for g in range(n_games):
            p = pos[g]
            if rng.random() < sampling_rate(p, spec) and min(sum(p.player), sum(p.opponent)) > 0 \
                    and len(out) < spec.positions:
                out.append(p)
                src.append(int(pub[g] >= 0))
        dice = rng.integers(1, 7, size=(n_games, 2))
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
        for g in range(n_games):
            b = int(best[g])
            lo, hi = int(c.seg[g]), int(c.seg[g + 1])
            pubeval_moved = pub[g] == 1 - turn[g]
            if hi - lo > 1 and not pubeval_moved and rng.random() < spec.explore:
                order = lo + np.argsort(-val[lo:hi], kind="stable")[:3]
                b = int(order[rng.integers(len(order))])
            if finished[b]:
                pos[g] = init
                first[g] = True
                turn[g] = 0
                pub[g] = rng.integers(0, 2) if rng.random() < spec.pubeval else -1
            else:
                pos[g] = engine.to_position(c.onroll[b], c.mover[b])
    return out, np.array(src, dtype=np.int8)


def two_ply_targets(bot: NumpyBot, positions: Sequence[Position], top: int = 3, margin: float = 0.3) -> np.ndarray:
    """(N, 5) 2-ply probabilities for the side on roll of each position (before its roll).

    For each of the 21 rolls, the ``top`` plays that the net rates best (0-ply, within
    ``margin`` of the best) are rated at 1-ply (:func:`bot_training.distill.one_ply_targets`
    from the opponent's side), and the best of them by equity counts, weighted by the roll's
    chances. With ``top=1`` this is the 1-ply value of the 0-ply choice of each roll.
    """
    reps = len(ROLLS)
    c = engine.candidates([p for p in positions for _ in range(reps)], [r.dice for _ in positions for r in ROLLS])
    q0 = bot.probs(c.onroll, c.mover)  # the opponent's view after each of our plays
    ours0 = flip(q0)
    val = equity_of(ours0)
    finished = c.mover.sum(axis=1) == 0
    chosen: list[int] = []  # rows rated at 1-ply
    for s in range(len(c.seg) - 1):
        lo, hi = int(c.seg[s]), int(c.seg[s + 1])
        order = lo + np.argsort(-val[lo:hi], kind="stable")
        best = val[order[0]]
        chosen += [int(k) for k in order[:top] if val[k] >= best - margin and not finished[k]]
    deep = ours0.copy()
    if chosen:
        rows = np.array(chosen)
        after = [engine.to_position(c.onroll[k], c.mover[k]) for k in rows]
        deep[rows] = flip(one_ply_targets(bot, after))
    # a row not rated at 1-ply only competes when it is exact (a finished game) or the only play
    live = np.zeros(len(val), dtype=bool)
    live[chosen] = True
    live |= finished
    single = np.diff(c.seg) == 1
    live[c.seg[:-1][single]] = True
    score = np.where(live, equity_of(deep), -1e9)
    best_rows = engine.segment_argmax(score, c.seg)
    per_roll = deep[best_rows].reshape(len(positions), reps, 5)
    out: np.ndarray = (per_roll * _WAYS[None, :, None]).sum(axis=1)
    return out


def sibling_decisions(bot: NumpyBot, positions: Sequence[Position], top: int, margin: float,
                      rng: np.random.Generator) -> tuple[list[Position], np.ndarray, np.ndarray]:
    """For each position, one roll drawn by ``rng`` (no double in the opening position) and the
    results of its ``top`` best plays at 0-ply within ``margin`` of the best, games that end left
    out; kept when two or more remain. Returns the siblings (the other side on roll), the index
    of the position each comes from, and each sibling's 0-ply rank in its decision (0: the best)."""
    init = Position.initial()
    dice: list[tuple[int, int]] = []
    for p in positions:
        a, b = (int(v) for v in rng.integers(1, 7, size=2))
        while p == init and a == b:
            a, b = (int(v) for v in rng.integers(1, 7, size=2))
        dice.append((a, b))
    c = engine.candidates(list(positions), dice)
    val = -equity_of(bot.probs(c.onroll, c.mover))
    finished = c.mover.sum(axis=1) == 0
    out: list[Position] = []
    origin: list[int] = []
    rank: list[int] = []
    for g in range(len(positions)):
        lo, hi = int(c.seg[g]), int(c.seg[g + 1])
        if any(finished[lo:hi]):
            continue  # a play that ends the game is exact: nothing to learn in the choice
        order = lo + np.argsort(-val[lo:hi], kind="stable")
        kept = [int(k) for k in order[:top] if val[k] >= val[order[0]] - margin]
        if len(kept) < 2:
            continue
        for r, k in enumerate(kept):
            out.append(engine.to_position(c.onroll[k], c.mover[k]))
            origin.append(g)
            rank.append(r)
    return out, np.array(origin, dtype=np.int64), np.array(rank, dtype=np.int8)


PACK = "batches.npz"


def batch_path(out: str, k: int) -> str:
    """Where batch ``k`` of the run in ``out`` is written while the run is in progress (loose)."""
    return os.path.join(out, f"batch_{k:05d}.npz")


def _loose_batches(out: str) -> dict[int, str]:
    found: dict[int, str] = {}
    for path in glob.glob(os.path.join(out, "batch_*.npz")):
        number = os.path.basename(path)[len("batch_") : -len(".npz")]
        if number.isdigit():
            found[int(number)] = path
    return found


def _read_pack(out: str) -> dict[int, dict[str, np.ndarray]]:
    path = os.path.join(out, PACK)
    if not os.path.exists(path):
        return {}
    with np.load(path) as f:
        arrays = {key: f[key] for key in f.files}
    try:
        numbers, counts = arrays.pop("batches"), arrays.pop("counts")
    except KeyError:
        raise ValueError(f"{path}: not a packed run (no batches and counts members)") from None
    ends = np.cumsum(counts)
    if len(numbers) != len(counts) or any(len(a) != (ends[-1] if len(ends) else 0) for a in arrays.values()):
        raise ValueError(f"{path}: its counts ({int(counts.sum())} rows) do not match its arrays")
    starts = ends - counts
    return {int(k): {key: a[int(lo) : int(hi)] for key, a in arrays.items()}
            for k, lo, hi in zip(numbers.tolist(), starts.tolist(), ends.tolist())}


def read_run(out: str) -> dict[int, dict[str, np.ndarray]]:
    """Every batch done in the run ``out``, packed or loose, by batch number (a batch both packed
    and loose, as after a pack stopped before it removed the loose files, is read from the pack).

    >>> read_run("no/such/run")
    {}
    """
    batches = _read_pack(out)
    for k, path in sorted(_loose_batches(out).items()):
        if k not in batches:
            with np.load(path) as f:
                batches[k] = {key: f[key] for key in f.files}
    return dict(sorted(batches.items()))


def done_batches(out: str) -> set[int]:
    """The numbers of the batches done in the run ``out`` (packed or loose)."""
    path = os.path.join(out, PACK)
    packed: set[int] = set()
    if os.path.exists(path):
        with np.load(path) as f:
            packed = set(f["batches"].tolist())
    return packed | set(_loose_batches(out))


def pack_run(out: str) -> str:
    """Pack the run ``out``: its packed and loose batches into one ``batches.npz`` (written
    atomically, members compressed with LZMA), then remove the loose files. One process packs at
    a time (a lock on the folder); returns the pack's path."""
    lock = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        loose = _loose_batches(out)
        batches = read_run(out)
        if not batches:
            raise FileNotFoundError(f"{out}: no batch to pack")
        keys = list(next(iter(batches.values())))
        for k, arrays in batches.items():
            if list(arrays) != keys:
                raise ValueError(f"{out}: batch {k} holds {sorted(arrays)}, batch {next(iter(batches))} {sorted(keys)}")
        members = {key: np.concatenate([arrays[key] for arrays in batches.values()]) for key in keys}
        members["batches"] = np.array(list(batches), dtype=np.int64)
        members["counts"] = np.array([len(arrays[keys[0]]) for arrays in batches.values()], dtype=np.int64)
        path = os.path.join(out, PACK)
        tmp = path + f".tmp{os.getpid()}"
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_LZMA) as z:
            for key, array in members.items():
                with z.open(f"{key}.npy", "w", force_zip64=True) as member:
                    np.lib.format.write_array(member, np.ascontiguousarray(array), allow_pickle=False)
        os.replace(tmp, path)
        for loose_path in loose.values():
            os.remove(loose_path)
    finally:
        os.close(lock)  # releases the lock
    return path


def label_batch(spec: LabelSpec, k: int) -> dict[str, np.ndarray]:
    """Batch ``k`` of ``spec``: its sampled positions and their labels (deterministic in ``spec`` and ``k``)."""
    bot = teacher_bot(spec.teacher)
    rng = np.random.default_rng([spec.seed, k])
    positions, src = sample_positions(bot, spec, rng)
    if spec.label == "siblings":
        return label_siblings(bot, spec, k, positions, src, rng)
    onroll = np.array([p.player for p in positions], dtype=np.int8)
    other = np.array([p.opponent for p in positions], dtype=np.int8)
    y1 = np.concatenate([one_ply_targets(bot, positions[i : i + spec.group])
                         for i in range(0, len(positions), spec.group)])
    result = {"onroll": onroll, "other": other, "source": src}
    if spec.label == "ply1":
        result["y"] = y1.astype(np.float32)
        return result
    if spec.label == "ply2":
        y = np.concatenate([two_ply_targets(bot, positions[i : i + 4], spec.top, spec.margin)
                            for i in range(0, len(positions), 4)])
    else:  # rollout: the trials of a few positions side by side; the dice go on from the batch's games
        y = np.concatenate([rollout_targets(bot, positions[i : i + 8], spec.trials, spec.horizon, rng)
                            for i in range(0, len(positions), 8)])
    result["y"] = y.astype(np.float32)
    result["y1"] = y1.astype(np.float32)
    return result


def label_siblings(bot: NumpyBot, spec: LabelSpec, k: int, positions: Sequence[Position], src: np.ndarray,
                   rng: np.random.Generator) -> dict[str, np.ndarray]:
    """The ``siblings`` label of batch ``k`` (see the module's notes)."""
    siblings, origin, rank = sibling_decisions(bot, positions, spec.top, spec.margin, rng)
    decision = k * 100000 + origin
    y1 = np.concatenate([one_ply_targets(bot, siblings[i : i + spec.group])
                         for i in range(0, len(siblings), spec.group)])
    # whole decisions side by side, about 8 positions a call; every call's dice are common to its rows
    ys = []
    start = 0
    while start < len(siblings):
        stop = start
        while stop < len(siblings) and (stop - start < 8 or origin[stop] == origin[stop - 1]):
            stop += 1
        ys.append(rollout_targets(bot, siblings[start:stop], spec.trials, spec.horizon, rng, common=True))
        start = stop
    return {
        "onroll": np.array([p.player for p in siblings], dtype=np.int8).reshape(-1, 25),
        "other": np.array([p.opponent for p in siblings], dtype=np.int8).reshape(-1, 25),
        "source": src[origin],
        "y": np.concatenate(ys).astype(np.float32),
        "y1": y1.astype(np.float32),
        "decision": decision,
        "rank": rank,
    }


def write_batch(out: str, k: int, make: Callable[[], dict[str, np.ndarray]]) -> str:
    """Batch ``k`` of run ``out``: ``make()`` written to its file (atomically) unless the file exists;
    returns the file's path. Every run's tasks (here, ``varied``, ``varied_cube``) write through it."""
    path = batch_path(out, k)
    if os.path.exists(path):
        return path
    data = make()
    tmp = path + f".tmp{os.getpid()}.npz"
    np.savez_compressed(tmp, **data)  # type: ignore[arg-type]  # numpy's stub types **kwds as one array-like
    os.replace(tmp, path)
    return path


def run_task(spec_fields: dict[str, Any], out: str, k: int) -> str:
    """One task: label batch ``k`` into ``out`` unless its file exists; returns the file's path."""
    return write_batch(out, k, lambda: label_batch(LabelSpec(**spec_fields), k))


def ensure_spec(out: str, spec: Any) -> None:
    """Write ``out/spec.json`` from the dataclass ``spec``, or check that the run was started with
    it (a run started before a field existed used its default); :class:`ValueError` otherwise."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "spec.json")
    fields = dataclasses.asdict(spec)
    if os.path.exists(path):
        with open(path) as f:
            stored = json.load(f)
        defaults = {f.name: f.default for f in dataclasses.fields(spec)}
        if {**defaults, **stored} != fields:
            raise ValueError(f"{out} was started with other settings: {stored} (now {fields})")
    else:
        with open(path, "w") as f:
            json.dump(fields, f, indent=1)


def run_tasks(
    task: Callable[[dict[str, Any], str, int], str],
    spec: Any,
    out: str,
    batches: Iterable[int],
    workers: int = 0,
    ray_address: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[str]:
    """Run ``task(fields of spec, out, k)`` for every batch ``k`` of ``batches`` not yet done in
    ``out`` (loose or packed), after :func:`ensure_spec`; returns the loose paths of all of them.

    ``task`` is a module-level function (a process pool and Ray send it by name). ``workers=0``
    runs in this process; ``workers>0`` through a process pool; ``ray_address`` (e.g. ``"auto"``
    or ``"ray://host:10001"``) through Ray instead.
    """
    ensure_spec(out, spec)
    batches = list(batches)
    done_before = done_batches(out)
    todo = [k for k in batches if k not in done_before]
    fields = dataclasses.asdict(spec)
    note = progress or (lambda _path: None)
    if ray_address is not None:
        import ray  # optional: only when asked for

        ray.init(address=ray_address)
        remote = ray.remote(task)
        pending = [remote.remote(fields, out, k) for k in todo]
        while pending:
            ready, pending = ray.wait(pending)
            for ref in ready:
                note(ray.get(ref))
    elif workers > 0:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for path in pool.map(task, [fields] * len(todo), [out] * len(todo), todo):
                note(path)
    else:
        for k in todo:
            note(task(fields, out, k))
    return [batch_path(out, k) for k in batches]


def run_batches(spec: LabelSpec, out: str, batches: Iterable[int], workers: int = 0,
                ray_address: str | None = None, progress: Callable[[str], None] | None = None) -> list[str]:
    """Label every batch in ``batches`` not yet done in ``out`` (loose or packed) into loose
    files; returns the loose paths of all of them (a batch packed earlier is in the pack);
    the ways to run them as :func:`run_tasks`."""
    return run_tasks(run_task, spec, out, batches, workers, ray_address, progress)


def parse_range(text: str) -> range:
    """``"0:200"`` -> batches 0..199; ``"7"`` -> batch 7 alone.

    >>> list(parse_range("3:6")), list(parse_range("4"))
    ([3, 4, 5], [4])
    """
    try:
        if ":" in text:
            a, b = text.split(":")
            return range(int(a), int(b))
        return range(int(text), int(text) + 1)
    except ValueError:
        raise ValueError(f"batches must look like 0:200 or 7, not {text!r}") from None


def _refuse_evaluation_run(path: str) -> None:
    """Refuse a varied evaluation run (:mod:`bot_training.varied`, or its cube part,
    :mod:`bot_training.varied_cube`) as training data: its ratings are gnubg's, the yardstick's, and
    it holds the held-out part."""
    spec = os.path.join(path, "spec.json")
    if os.path.exists(spec):
        with open(spec) as f:
            kind = json.load(f).get("kind")
        if kind in ("varied", "varied-cube"):
            raise ValueError(f"{path}: a varied evaluation set (gnubg's ratings, with a held-out part), "
                             "never training data")


def load_labels(folders: Sequence[str]) -> dict[str, np.ndarray]:
    """Every batch of the given runs (packed or loose), concatenated (keys as in the batches).

    A folder may name a range of its batches, ``FOLDER@START:STOP`` (batch numbers, STOP
    excluded), so that a fit on a run still in progress can be made again later. A varied evaluation
    run (:mod:`bot_training.varied`) is refused: it is never training data. The rows come
    in the order of ``FOLDER/batch_NNNNN.npz`` sorted as text, as when every batch was a file, so
    a fit on the same labels is the same fit.
    """
    runs: dict[str, dict[int, dict[str, np.ndarray]]] = {}
    found: list[tuple[str, dict[str, np.ndarray]]] = []
    for folder in folders:
        path, _, span = folder.partition("@")
        _refuse_evaluation_run(path)
        if path not in runs:
            runs[path] = read_run(path)
        chosen = runs[path]
        if span:
            start, sep, stop = span.partition(":")
            if not (sep and start.isdigit() and stop.isdigit()):
                raise ValueError(f"{folder!r}: a range of batches is written FOLDER@START:STOP, e.g. r10@0:90")
            chosen = {k: v for k, v in chosen.items() if int(start) <= k < int(stop)}
        found.extend((batch_path(path, k), arrays) for k, arrays in chosen.items())
    found.sort(key=lambda item: item[0])
    if not found:
        raise FileNotFoundError(f"no batch in {', '.join(folders)}")
    data = [arrays for _, arrays in found]
    return {key: np.concatenate([d[key] for d in data]) for key in data[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--teacher", required=True, help="checkpoint (.pkl) or exported weights (.json.gz)")
    ap.add_argument("--label", choices=LABELS, default="ply1")
    ap.add_argument("--batches", default="0:100", help="which batches, e.g. 0:200")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=2000, help="positions per batch")
    ap.add_argument("--games", type=int, default=32, help="games played side by side in a batch")
    ap.add_argument("--sample", type=float, default=0.25)
    ap.add_argument("--explore", type=float, default=0.1)
    ap.add_argument("--pubeval", type=float, default=0.5)
    ap.add_argument("--top", type=int, default=3,
                    help="ply2: plays per roll rated at 1-ply; siblings: plays kept per decision")
    ap.add_argument("--margin", type=float, default=0.3,
                    help="ply2 and siblings: within this equity of the best at 0-ply")
    ap.add_argument("--trials", type=int, default=12, help="rollout: games a position")
    ap.add_argument("--horizon", type=int, default=4, help="rollout: rolls a game before the net's estimate")
    ap.add_argument("--classes", choices=CLASS_CHOICES, default="all",
                    help="contact: keep no race or bear-off position; race: races and bear-offs only")
    ap.add_argument("--backgame-weight", type=float, default=1.0,
                    help="keep back-game positions this many times as often (at most every one)")
    ap.add_argument("--workers", type=int, default=1, help="local processes (0: in this process)")
    ap.add_argument("--ray-address", default=None, help="run the tasks on a Ray cluster instead")
    ap.add_argument("--pack", action="store_true",
                    help="pack the batches done so far into batches.npz and stop (the command packs by "
                         "itself once every batch of --batches is done)")
    args = ap.parse_args()
    spec = LabelSpec(teacher=args.teacher, label=args.label, seed=args.seed, positions=args.positions,
                     games=args.games, sample=args.sample, explore=args.explore, pubeval=args.pubeval,
                     top=args.top, margin=args.margin, classes=args.classes, backgame_weight=args.backgame_weight,
                     trials=args.trials, horizon=args.horizon)
    t0 = time.time()
    count = 0

    def progress(path: str) -> None:
        nonlocal count
        count += 1
        print(f"{path} ({count} batches, {time.time() - t0:.0f} s)", flush=True)

    if args.pack:
        ensure_spec(args.out, spec)  # the run's own command, with --pack
        print(pack_run(args.out))
        return
    wanted = parse_range(args.batches)
    run_batches(spec, args.out, wanted, args.workers, args.ray_address, progress)
    if set(wanted) <= done_batches(args.out) and _loose_batches(args.out):
        print(f"every batch of {args.batches} done: packed into {pack_run(args.out)}", flush=True)


if __name__ == "__main__":
    main()
