"""An evaluation set drawn from varied play, every legal play rated by GNU Backgammon (issue #43).

Self-play of a strong net rarely reaches back games, crunched boards or odd structures, yet
those are the positions a learner reaches and the coach grades. This set is drawn from games
between players of uneven strength, and every legal play of each kept case (a position and
its roll) is rated by gnubg 2-ply: gnubg is the yardstick only. The set is never training
data: :func:`bot_training.batches.load_labels` refuses a varied run, and its held-out part
(:func:`part_of`) is read only for a final report (:func:`load_cases` refuses it otherwise).

**Games.** Each game pairs two players drawn from ``players`` (:data:`PLAYERS`): gnubg 0-ply
choosing the play of highest equity, with seeded Gaussian noise of standard deviation ``σ``
added to each play's equity (``gnubg~σ``; no noise: ``gnubg``), pubeval, and our weaker levels
(``beginner``, ``intermediate``: ``core.bot.Bot`` on the fixed net ``net``, not the shipped
one, so the games do not change when the shipped net does). Each game opens with 0 to
``opening`` random plies.

**Cases.** A turn is a candidate with chance ``sample`` when its roll allows two or more
plays; it is kept when gnubg 0-ply's best and worst plays differ by ``threshold`` or more
(and again at 2-ply once rated), at most once a batch for a (position, roll). Cases are spread
over the classes of :mod:`bot_training.classes`: the batch plays up to ``games`` games, stopping
early once every class has ``positions / 8`` candidates, then takes candidates from each class
in turn (the order found) up to ``positions``, so the rare classes are kept whole and the
common ones fill the rest.

**Batches.** As the training labels (:mod:`bot_training.batches`): batch ``k`` is one task,
seeded by ``[seed, k]``, run serially, in a process pool (``--workers``) or on Ray
(``--ray-address``); each task runs its own gnubg process. Rerunning the command resumes; the run
is packed into one ``batches.npz`` (LZMA) when its range is done (``--pack`` packs what is done).
The rows are the plays: ``case`` (int64, ``k * 100000 + i``), the position before (``onroll``,
``other``: (N, 25) int8, each side in its own numbering), ``dice`` (N, 2), ``cls`` (index in
:data:`~bot_training.classes.CLASSES`), ``mover`` and ``opponent`` (indices in the run's players:
who was on roll, against whom), the position the play leaves (``after_player``,
``after_opponent``, still from the mover's side), gnubg's equity of the play at 2-ply ``eq2``
(cubeless money; the candidates outside gnubg's move filter keep their 0-ply equity, as in
``bench/bot_loss.py``), ``plies2`` (the depth it was rated at) and ``rank2`` (its place in gnubg's
2-ply order: 0 is gnubg's choice), and the same at 0-ply, ``eq0`` and ``rank0``.

**Held out.** A position is in the held-out part when a hash of its position ID says so
(:func:`part_of`, :data:`HELDOUT_PERCENT` of positions), whatever its roll, batch or run, so the
split never moves when the set grows. Tuning and choosing between candidates use the ``tune``
part only.

    OMP_NUM_THREADS=1 nice -n 19 python -m bot_training.varied --out bench/data/varied/v1 \\
        --batches 0:12 --positions 40 --seed 43 --workers 1
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import IO, Any, Self

import numpy as np

from core.bot import Bot, Evaluator
from core.bot.net import Net
from core.bot.pubeval import PubEval
from core.moves import Play, legal_plays
from core.position import Position

from .batches import (
    PACK,
    batch_path,
    done_batches,
    ensure_spec,
    pack_run,
    parse_range,
    read_run,
    run_tasks,
    write_batch,
)
from .classes import CLASSES, position_class

GNUBG = "/usr/games/gnubg"
PLAYERS = ("gnubg", "gnubg~0.04", "gnubg~0.1", "gnubg~0.25", "pubeval", "beginner", "intermediate")
OUR_LEVELS = ("beginner", "intermediate")
PARTS = ("tune", "heldout")
HELDOUT_PERCENT = 30
_SALT = b"videau-varied-1:"
KIND = "varied"


class HeldOutError(PermissionError):
    """The held-out part was asked for by code that must not see it."""


def part_of(position_id: str) -> str:
    """``"heldout"`` for :data:`HELDOUT_PERCENT` of positions (by a hash of the position ID, so the
    same position is always in the same part), else ``"tune"``.

    >>> part_of("4HPwATDgc/ABMA") in PARTS
    True
    >>> part_of("4HPwATDgc/ABMA") == part_of("4HPwATDgc/ABMA")
    True
    """
    h = int.from_bytes(hashlib.sha256(_SALT + position_id.encode("ascii")).digest()[:8], "big")
    return "heldout" if h % 100 < HELDOUT_PERCENT else "tune"


def player_noise(name: str) -> float | None:
    """The noise of a gnubg player (``gnubg`` 0.0, ``gnubg~0.1`` 0.1), ``None`` for another player.

    >>> player_noise("gnubg~0.25"), player_noise("gnubg"), player_noise("pubeval")
    (0.25, 0.0, None)
    """
    if name == "gnubg":
        return 0.0
    if name.startswith("gnubg~"):
        return float(name[len("gnubg~") :])
    return None


@dataclasses.dataclass(frozen=True)
class VariedSpec:
    """Everything that decides a run's output (its ``spec.json``)."""

    seed: int = 1
    positions: int = 40
    games: int = 24
    sample: float = 0.3
    threshold: float = 0.02
    opening: int = 4
    players: str = ",".join(PLAYERS)
    net: str = "bot_training/weights/net_v2_round11d.json.gz"
    plies: int = 2
    kind: str = KIND

    def __post_init__(self) -> None:
        if min(self.positions, self.games) < 1 or self.opening < 0 or self.plies < 0:
            raise ValueError(f"positions and games must be positive, opening and plies not negative: {self}")
        if not 0.0 < self.sample <= 1.0:
            raise ValueError(f"sample must be in (0, 1]: {self.sample}")
        if self.kind != KIND:
            raise ValueError(f"kind must be {KIND!r}, not {self.kind!r}")
        for name in self.player_list():
            if name not in OUR_LEVELS and name != "pubeval" and player_noise(name) is None:
                raise ValueError(f"unknown player {name!r}: expected gnubg, gnubg~NOISE, pubeval or "
                                 f"one of {', '.join(OUR_LEVELS)}")
            noise = player_noise(name)
            if noise is not None and not (math.isfinite(noise) and noise >= 0.0):
                raise ValueError(f"player {name!r}: the noise must be a number >= 0")

    def player_list(self) -> list[str]:
        return [p.strip() for p in self.players.split(",") if p.strip()]


# -- GNU Backgammon, one process a task ------------------------------------------------------------

HINT_SCRIPT = r'''
import gnubg, sys, json
for c in ("set player 0 human", "set player 1 human", "set automatic roll off", "set automatic move off",
          "new session", "set display off", "set evaluation chequerplay evaluation cubeful off"):
    gnubg.command(c)
for line in sys.stdin:
    plies, pid, a, b = line.split()
    gnubg.command("set evaluation chequerplay evaluation plies " + plies)
    gnubg.command("set board " + pid)
    gnubg.command("set dice %s %s" % (a, b))
    h = gnubg.hint(9999)
    out = [[[x for step in gnubg.parsemove(m["move"]) for x in step], m["equity"], m["context"]["plies"]]
           for m in h["hint"]]
    sys.stdout.write("@@ " + json.dumps(out) + "\n")
    sys.stdout.flush()
'''

Hint = list[tuple[tuple[int, ...], float, int]]


def pipe(stream: IO[str] | None) -> IO[str]:
    """``stream``, refused when the process was started without it."""
    if stream is None:
        raise RuntimeError("gnubg started without a pipe")
    return stream


class Gnubg:
    """One gnubg process rating every legal play of a position and roll (``hint`` at a depth)."""

    def __init__(self, script: str = HINT_SCRIPT) -> None:
        if not os.path.exists(GNUBG):
            raise FileNotFoundError(f"GNU Backgammon not found at {GNUBG} (apt-get install gnubg)")
        self.tmp = tempfile.mkdtemp(prefix="videau-varied-")
        path = os.path.join(self.tmp, "worker.py")
        with open(path, "w") as f:
            f.write(script)
        self.proc = subprocess.Popen([GNUBG, "-t", "-q", "-p", path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     env=dict(os.environ, HOME=self.tmp), bufsize=1)

    def hint(self, pos: Position, dice: tuple[int, int], plies: int) -> Hint:
        stdin, stdout = pipe(self.proc.stdin), pipe(self.proc.stdout)
        stdin.write(f"{plies} {pos.to_id()} {dice[0]} {dice[1]}\n")
        stdin.flush()
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError("gnubg died")
            if line.startswith("@@ "):
                return [(tuple(m[0]), float(m[1]), int(m[2])) for m in json.loads(line[3:])]

    def close(self) -> None:
        try:
            pipe(self.proc.stdin).close()
            self.proc.wait(timeout=30)
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


Boards = tuple[tuple[int, ...], tuple[int, ...]]


def after_steps(player: tuple[int, ...], opponent: tuple[int, ...], steps: tuple[int, ...]) -> Boards:
    """(mover, opponent) after gnubg's flat (from, to) pairs (25 = bar, 0 = off, mover's numbering;
    the pairs end at the first ``(0, 0)`` or negative ``from``), as ``bench/gnubg_workers.py``.

    >>> start = Position.initial()
    >>> me, _ = after_steps(start.player, start.opponent, (8, 5, 6, 5, 0, 0, 0, 0))
    >>> me[4], me[5], me[7]
    (2, 4, 2)
    """
    me, opp = list(player), list(opponent)
    for i in range(0, len(steps), 2):
        s, t = steps[i], steps[i + 1]
        if s < 0 or (s == 0 and t == 0):
            break
        me[s - 1] -= 1
        if t > 0:
            me[t - 1] += 1
            if opp[24 - t] == 1:
                opp[24 - t] = 0
                opp[24] += 1
    return tuple(me), tuple(opp)


def rate(pos: Position, plays: Sequence[Play], hint: Hint) -> list[tuple[float, int, int]]:
    """(equity, rank in gnubg's order, plies) of each of ``plays``, in their order; refuses a hint
    whose plays are not exactly ``plays``."""
    rated = {after_steps(pos.player, pos.opponent, steps): (eq, rank, plies)
             for rank, (steps, eq, plies) in enumerate(hint)}
    ours = [(p.result.player, p.result.opponent) for p in plays]
    if set(rated) != set(ours) or len(ours) != len(set(ours)):
        raise RuntimeError(f"gnubg's plays differ from ours in {pos.to_id()}: {len(rated)} vs {len(ours)}")
    return [rated[b] for b in ours]


# -- one batch -------------------------------------------------------------------------------------


@dataclasses.dataclass
class _Candidate:
    pos: Position
    dice: tuple[int, int]
    cls: int
    mover: int
    opponent: int
    zero: list[tuple[float, int, int]]


def roll(rng: np.random.Generator, first: bool) -> tuple[int, int]:
    """A roll of two dice from ``rng``; no double on a game's ``first`` roll."""
    while True:
        a, b = (int(x) for x in rng.integers(1, 7, size=2))
        if not (first and a == b):
            return a, b


class Table:
    """The players of a batch's games (module notes), made from the batch's generator ``rng``
    (our levels draw their own seeds from it, in :data:`OUR_LEVELS` order), choosing each play."""

    def __init__(self, spec: VariedSpec, rng: np.random.Generator) -> None:
        self.names = spec.player_list()
        with open(spec.net, "rb") as f:
            evaluator = Evaluator(net=Net.from_json_bytes(f.read()))
        self.bots = {name: Bot(level=name, rng=random.Random(int(rng.integers(2**62))).random, evaluator=evaluator)
                     for name in OUR_LEVELS if name in self.names}
        self.pub = PubEval()

    def choose(self, player: int, pos: Position, dice: tuple[int, int], plays: Sequence[Play],
               rng: np.random.Generator, gnubg: Gnubg, zero: list[tuple[float, int, int]] | None,
               random_turn: bool) -> Play | None:
        """The play of player ``player`` (its index in :attr:`names`): none on a dance, the only one,
        a random one (``random_turn``), gnubg 0-ply's best after noise (``zero``: gnubg 0-ply's
        ratings of ``plays`` when already asked), pubeval's, or our level's."""
        name = self.names[player]
        if not plays:  # a dance: the turn passes
            return None
        if len(plays) == 1:
            return plays[0]
        if random_turn:
            return plays[int(rng.integers(len(plays)))]
        if (noise := player_noise(name)) is not None:
            if zero is None:
                zero = rate(pos, plays, gnubg.hint(pos, dice, 0))
            noisy = [z[0] + noise * float(rng.standard_normal()) for z in zero]
            return plays[max(range(len(plays)), key=lambda i: (noisy[i], -i))]
        if name == "pubeval":
            return self.pub.choose_play(pos, dice)
        return self.bots[name].choose_play(pos, dice)


def spread(found: Sequence[Sequence[Any]], positions: int) -> list[Any]:
    """Up to ``positions`` of the candidates found, by class (one list a class, in the order
    found): each class in turn, so the rare classes are kept whole and the common ones fill the rest.

    >>> spread([[1, 2, 3], [], [4]], 3)
    [1, 4, 2]
    """
    chosen: list[Any] = []
    depth = 0
    while len(chosen) < positions and any(depth < len(c) for c in found):
        chosen += [c[depth] for c in found if depth < len(c)]
        depth += 1
    return chosen[:positions]


def play_games(spec: VariedSpec, k: int, gnubg: Gnubg) -> list[_Candidate]:
    """Batch ``k``'s games and the candidates they give, spread over the classes (module notes)."""
    rng = np.random.default_rng([spec.seed, k])
    table = Table(spec, rng)
    names = table.names
    quota = math.ceil(spec.positions / len(CLASSES))
    found: list[list[_Candidate]] = [[] for _ in CLASSES]
    seen: set[tuple[str, tuple[int, int]]] = set()
    for _game in range(spec.games):
        if all(len(c) >= quota for c in found):
            break
        players = [int(rng.integers(len(names))), int(rng.integers(len(names)))]
        random_plies = int(rng.integers(spec.opening + 1))
        pos, side, ply = Position.initial(), 0, 0
        while ply < 600:
            dice = roll(rng, ply == 0)
            plays = legal_plays(pos, dice)
            zero: list[tuple[float, int, int]] | None = None
            key = (pos.to_id(), dice)
            if len(plays) >= 2 and ply >= random_plies and rng.random() < spec.sample and key not in seen:
                seen.add(key)
                zero = rate(pos, plays, gnubg.hint(pos, dice, 0))
                equities = [z[0] for z in zero]
                cls = CLASSES.index(position_class(pos))
                if max(equities) - min(equities) >= spec.threshold and len(found[cls]) < spec.positions:
                    found[cls].append(_Candidate(pos, dice, cls, players[side], players[1 - side], zero))
            play = table.choose(players[side], pos, dice, plays, rng, gnubg, zero, ply < random_plies)
            if play is not None and sum(play.result.player) == 0:
                break
            pos, side, ply = (pos if play is None else play.result).swapped(), 1 - side, ply + 1
    chosen: list[_Candidate] = spread(found, spec.positions)
    return chosen


def label_batch(spec: VariedSpec, k: int) -> dict[str, np.ndarray]:
    """Batch ``k`` of ``spec``: its cases, one row per legal play (deterministic in ``spec``, ``k``
    and gnubg's version)."""
    rows: dict[str, list[Any]] = {key: [] for key in (
        "case", "onroll", "other", "dice", "cls", "mover", "opponent", "after_player", "after_opponent",
        "eq2", "plies2", "rank2", "eq0", "rank0")}
    with Gnubg() as gnubg:
        chosen = play_games(spec, k, gnubg)
        for i, c in enumerate(chosen):
            plays = legal_plays(c.pos, c.dice)
            deep = rate(c.pos, plays, gnubg.hint(c.pos, c.dice, spec.plies))
            if max(d[0] for d in deep) - min(d[0] for d in deep) < spec.threshold:
                continue
            for play, (eq2, rank2, plies2), (eq0, rank0, _p0) in zip(plays, deep, c.zero):
                for key, value in (("case", k * 100000 + i), ("onroll", c.pos.player), ("other", c.pos.opponent),
                                   ("dice", c.dice), ("cls", c.cls), ("mover", c.mover), ("opponent", c.opponent),
                                   ("after_player", play.result.player), ("after_opponent", play.result.opponent),
                                   ("eq2", eq2), ("plies2", plies2), ("rank2", rank2), ("eq0", eq0), ("rank0", rank0)):
                    rows[key].append(value)
    types = {"case": np.int64, "eq2": np.float32, "eq0": np.float32, "rank2": np.int16, "rank0": np.int16}
    out = {key: np.array(v, dtype=types.get(key, np.int8)) for key, v in rows.items()}
    for key, width in (("onroll", 25), ("other", 25), ("dice", 2), ("after_player", 25), ("after_opponent", 25)):
        out[key] = out[key].reshape(-1, width)
    return out


def run_task(spec_fields: dict[str, Any], out: str, k: int) -> str:
    """One task: batch ``k`` into ``out`` unless its file exists; returns the file's path."""
    return write_batch(out, k, lambda: label_batch(VariedSpec(**spec_fields), k))


def run_batches(spec: VariedSpec, out: str, batches: Iterable[int], workers: int = 0,
                ray_address: str | None = None, progress: Callable[[str], None] | None = None) -> None:
    """Every batch of ``batches`` not yet done in ``out``: in this process (``workers=0``), a
    process pool, or on Ray (``ray_address``), as :func:`bot_training.batches.run_tasks`."""
    run_tasks(run_task, spec, out, batches, workers, ray_address, progress)


# -- reading a run ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Case:
    """One kept position and roll, with gnubg's rating of every legal play."""

    position: Position
    dice: tuple[int, int]
    cls: str
    mover: str
    opponent: str
    plays: tuple[Boards, ...]
    """The position each legal play leaves (mover's side), in our generator's order."""
    eq2: tuple[float, ...]
    best2: int
    """Index in :attr:`plays` of gnubg's choice at the run's depth."""
    eq0: tuple[float, ...]
    best0: int
    """Index in :attr:`plays` of gnubg 0-ply's choice."""

    @property
    def part(self) -> str:
        return part_of(self.position.to_id())

    def loss(self, boards: Boards) -> float:
        """What the play leaving ``boards`` loses against gnubg's choice, in equity (never below 0:
        a play outside gnubg's filter keeps its 0-ply equity, which is no better play)."""
        return max(0.0, self.eq2[self.best2] - self.eq2[self.plays.index(boards)])


def is_varied_run(folder: str) -> bool:
    """Whether ``folder`` holds a varied evaluation run (its ``spec.json`` says so)."""
    path = os.path.join(folder, "spec.json")
    if not os.path.exists(path):
        return False
    with open(path) as f:
        return bool(json.load(f).get("kind") == KIND)


def load_cases(runs: Sequence[str], part: str, *, final_report: bool = False) -> list[Case]:
    """The cases of ``part`` (``tune`` or ``heldout``) in the given runs, each (position, roll) once
    (the first found). The held-out part is refused (:class:`HeldOutError`) unless
    ``final_report``: only a report of figures (``bench/bot_varied.py``) may read it, never tuning
    or choosing between candidates."""
    if part not in PARTS:
        raise ValueError(f"part {part!r}: expected one of {', '.join(PARTS)}")
    if part == "heldout" and not final_report:
        raise HeldOutError("the held-out part of the varied set is kept out of every training and selection "
                           "decision: only a final report (final_report=True) reads it; tune on 'tune'")
    cases: list[Case] = []
    seen: set[tuple[str, tuple[int, int]]] = set()
    for run in runs:
        if not is_varied_run(run):
            raise ValueError(f"{run}: not a varied evaluation run (no spec.json of kind {KIND!r})")
        with open(os.path.join(run, "spec.json")) as f:
            names = VariedSpec(**json.load(f)).player_list()
        batches = read_run(run)
        if not batches:
            raise FileNotFoundError(f"{run}: no batch done")
        data = {key: np.concatenate([b[key] for b in batches.values()]) for key in next(iter(batches.values()))}
        bounds = np.flatnonzero(np.diff(data["case"])) + 1
        for rows in np.split(np.arange(len(data["case"])), bounds):
            if not len(rows):
                continue
            r0 = int(rows[0])
            pos = Position(tuple(int(x) for x in data["onroll"][r0]), tuple(int(x) for x in data["other"][r0]))
            dice = (int(data["dice"][r0, 0]), int(data["dice"][r0, 1]))
            key = (pos.to_id(), dice)
            if key in seen or part_of(key[0]) != part:
                continue
            seen.add(key)
            rank2, rank0 = data["rank2"][rows].tolist(), data["rank0"][rows].tolist()
            cases.append(Case(
                position=pos, dice=dice, cls=CLASSES[int(data["cls"][r0])],
                mover=names[int(data["mover"][r0])], opponent=names[int(data["opponent"][r0])],
                plays=tuple((tuple(int(x) for x in data["after_player"][r]),
                             tuple(int(x) for x in data["after_opponent"][r])) for r in rows.tolist()),
                eq2=tuple(float(x) for x in data["eq2"][rows]), best2=rank2.index(min(rank2)),
                eq0=tuple(float(x) for x in data["eq0"][rows]), best0=rank0.index(min(rank0))))
    return cases


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="the run's folder, e.g. bench/data/varied/v1")
    ap.add_argument("--batches", default="0:10", help="which batches, e.g. 0:12")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=40, help="cases a batch keeps at most")
    ap.add_argument("--games", type=int, default=24, help="games a batch plays at most")
    ap.add_argument("--sample", type=float, default=0.3, help="chance that a turn is a candidate")
    ap.add_argument("--threshold", type=float, default=0.02, help="best minus worst play, in equity")
    ap.add_argument("--opening", type=int, default=4, help="random plies at a game's start, at most")
    ap.add_argument("--players", default=",".join(PLAYERS))
    ap.add_argument("--net", default=VariedSpec.net, help="the fixed net our levels play with in the games")
    ap.add_argument("--plies", type=int, default=2, help="gnubg's depth for the ratings")
    ap.add_argument("--workers", type=int, default=1, help="local processes (0: in this process)")
    ap.add_argument("--ray-address", default=None, help="run the tasks on a Ray cluster instead")
    ap.add_argument("--pack", action="store_true", help="pack the batches done so far and stop")
    args = ap.parse_args()
    spec = VariedSpec(seed=args.seed, positions=args.positions, games=args.games, sample=args.sample,
                      threshold=args.threshold, opening=args.opening, players=args.players, net=args.net,
                      plies=args.plies)
    if args.pack:
        ensure_spec(args.out, spec)
        print(pack_run(args.out))
        return
    t0 = time.time()
    count = 0

    def progress(path: str) -> None:
        nonlocal count
        count += 1
        print(f"{path} ({count} batches, {time.time() - t0:.0f} s)", flush=True)

    wanted = parse_range(args.batches)
    run_batches(spec, args.out, wanted, args.workers, args.ray_address, progress)
    if set(wanted) <= done_batches(args.out) and any(os.path.exists(batch_path(args.out, k)) for k in wanted):
        print(f"every batch of {args.batches} done: packed into {pack_run(args.out)}", flush=True)
    elif not os.path.exists(os.path.join(args.out, PACK)):
        print("not every batch done: rerun the command to go on", flush=True)


if __name__ == "__main__":
    main()
