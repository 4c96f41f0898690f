"""Cube decisions on positions from varied play, rated by GNU Backgammon 2-ply (issue #43).

The cube's part of the varied evaluation set (:mod:`bot_training.varied`): the same games of
uneven strength (gnubg 0-ply with noise, pubeval, our weaker levels, random openings; the players
of :class:`bot_training.varied.Table`), the same position classes, the same held-out split
(:func:`bot_training.varied.part_of`, by position ID: a position is held out here exactly when it
is held out of the chequer-play set). gnubg is the yardstick only; nothing here is training data
(:func:`bot_training.batches.load_labels` refuses the run, :func:`load_decisions` refuses the
held-out part but to a final report).

**Positions.** Before a turn's roll (not the game's first), with chance ``sample``, the side on roll
is a candidate; it is asked about at two scores: money (cube centred, no Jacoby rule) and a
match score drawn for it (a length of :data:`MATCH_LENGTHS`, each side's score below it, the side on
roll not one point away; the other side one point away is a post-Crawford game), the cube centred.
A candidate is kept when, at either score, gnubg 0-ply's better of double/take and double/pass is at
most ``window`` below no double (cubeful equities per unit of cube; normalized in a match): around
the doubling window, clear cases included (clear no doubles up to ``window`` away, clear takes and
passes, too good to double). Kept candidates are spread over the classes as the chequer-play set's,
at most ``positions`` a batch, each position once a batch.

**Labels.** Each kept position at each of its two scores: gnubg's cubeful equities of no double,
double/take and double/pass and its proper action, at ``plies`` (2) and at 0-ply (``gnubg
0-ply`` in the bench), from ``gnubg.cfevaluate`` (the numbers of its ``hint``).

**Rows** (one per position and score): ``case`` (``k * 100000 + i``), ``onroll``, ``other`` ((N, 25)
int8, each side in its own numbering), ``cls``, ``mover``, ``opponent`` (as the chequer-play set),
``length`` (0: money), ``away``, ``opp_away`` (points each side still needs; 0 in money play),
``nd2``, ``dt2``, ``dp2`` (float32) and ``action2`` (gnubg's words), the same at 0-ply (``nd0`` ...).
Batches, resuming, packing, process pool and Ray as :mod:`bot_training.varied`.

    OMP_NUM_THREADS=1 nice -n 19 python -m bot_training.varied_cube --out bench/data/varied/cube1 \\
        --batches 0:20 --seed 44 --workers 1
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from core.bot import ScoreConfig
from core.ids import MatchInfo, encode_gnubg_id
from core.moves import legal_plays
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
from .varied import HINT_SCRIPT, PARTS, PLAYERS, Gnubg, HeldOutError, Table, VariedSpec, part_of, pipe, roll, spread

KIND = "varied-cube"
MATCH_LENGTHS = (3, 5, 7, 11)

# the chequer-play worker of bot_training.varied, and "cube PLIES GNUBGID" lines: cfevaluate's numbers
# (those of gnubg's hint), then a new money session for the next plays
CUBE_SCRIPT = HINT_SCRIPT.replace("for line in sys.stdin:\n", """for line in sys.stdin:
    if line.startswith("cube "):
        _c, plies, gid = line.split()
        gnubg.command("set gnubgid " + gid)
        if gnubg.positionid(gnubg.board()) != gid.split(":")[0]:
            sys.stdout.write("@@ " + json.dumps(["refused", gid]) + "\\n")
        else:
            ctx = {"cubeful": 1, "plies": int(plies), "deterministic": 1, "prune": 1, "noise": 0.0}
            r = gnubg.cfevaluate(gnubg.board(), gnubg.cubeinfo(), ctx)
            sys.stdout.write("@@ " + json.dumps([r[1], r[2], r[3], r[5]]) + "\\n")
        sys.stdout.flush()
        for c in ("new session", "set display off"):
            gnubg.command(c)
        continue
""", 1)


@dataclasses.dataclass(frozen=True)
class CubeAnswer:
    """gnubg's cubeful equities for the side on roll (per unit of cube; normalized in a match) and
    its proper action, in its words."""

    no_double: float
    double_take: float
    double_pass: float
    action: str

    @property
    def double(self) -> bool:
        return self.action.startswith(("Double", "Redouble"))

    @property
    def optional(self) -> bool:
        """Doubling and not doubling rated alike: either answer is proper."""
        return self.action.startswith(("Optional double", "Optional redouble"))

    @property
    def take(self) -> bool:
        return self.double_take <= self.double_pass

    @property
    def gap(self) -> float:
        """How far the decision is from changing: the smaller of the doubler's (no double against
        its better of double/take and double/pass) and the taker's (double/take against double/pass).

        >>> CubeAnswer(0.5, 0.6, 1.0, "Double, take").gap
        0.1
        """
        best = min(self.double_take, self.double_pass)
        return round(min(abs(self.no_double - best), abs(self.double_take - self.double_pass)), 6)

    def costs(self, double: bool, take: bool) -> tuple[float, float]:
        """What the answers ``double`` and ``take`` cost by these equities: (the doubler's, the
        taker's); 0 where they are gnubg's (either answer to an optional double).

        >>> g = CubeAnswer(0.60, 0.70, 1.0, "Double, take")
        >>> [round(c, 3) for c in g.costs(double=False, take=False)]
        [0.1, 0.3]
        >>> g.costs(double=True, take=True)
        (0.0, 0.0)
        """
        best = min(self.double_take, self.double_pass)
        double_cost = 0.0 if self.optional else max(0.0, self.no_double - best if double else best - self.no_double)
        take_cost = abs(self.double_take - self.double_pass) if take != self.take else 0.0
        return double_cost, take_cost


def in_window(answer: CubeAnswer, window: float) -> bool:
    """Whether the better double is at most ``window`` below no double (module notes).

    >>> in_window(CubeAnswer(0.3, 0.0, 1.0, "No double, take"), 0.3)
    True
    >>> in_window(CubeAnswer(0.2, -0.2, 1.0, "No double, beaver"), 0.3)
    False
    """
    return min(answer.double_take, answer.double_pass) - answer.no_double >= -window - 1e-9


@dataclasses.dataclass(frozen=True)
class CubeSpec:
    """Everything that decides a cube run's output (its ``spec.json``)."""

    seed: int = 44
    positions: int = 40
    games: int = 16
    sample: float = 0.35
    window: float = 0.3
    opening: int = 4
    players: str = ",".join(PLAYERS)
    net: str = "bot_training/weights/net_v2_round11d.json.gz"
    plies: int = 2
    kind: str = KIND

    def __post_init__(self) -> None:
        if self.kind != KIND:
            raise ValueError(f"kind must be {KIND!r}, not {self.kind!r}")
        if not (math.isfinite(self.window) and self.window >= 0.0):
            raise ValueError(f"window must be a number >= 0: {self.window}")
        self.table_spec()  # the players, counts and sample checked as the chequer-play set's

    def table_spec(self) -> VariedSpec:
        """The chequer-play spec whose players (:class:`bot_training.varied.Table`) these games use."""
        return VariedSpec(seed=self.seed, positions=self.positions, games=self.games, sample=self.sample,
                          opening=self.opening, players=self.players, net=self.net, plies=self.plies)


def draw_score(rng: np.random.Generator) -> tuple[int, int, int]:
    """A match score for the side on roll: (length, its score, the other side's); the side on roll
    never one point away (gnubg offers no cube to a side at 1-away), the other side may be (a
    post-Crawford game).

    >>> length, me, them = draw_score(np.random.default_rng(1))
    >>> length in MATCH_LENGTHS and 0 <= me < length - 1 and 0 <= them < length
    True
    """
    length = MATCH_LENGTHS[int(rng.integers(len(MATCH_LENGTHS)))]
    return length, int(rng.integers(length - 1)), int(rng.integers(length))


def gnubg_id(pos: Position, length: int, me: int, them: int) -> str:
    """The gnubg ID of ``pos`` with the side on roll to act on a centred cube, money (``length`` 0)
    or at the match score ``me``-``them`` (a side one point away: post-Crawford)."""
    info = MatchInfo() if length == 0 else MatchInfo(match_length=length, score=(me, them))
    return encode_gnubg_id(pos, info)


def score_config(length: int, away: int, opp_away: int) -> ScoreConfig:
    """The bot's view of a decision's score (the side on roll, cube centred).

    >>> score_config(0, 0, 0) == ScoreConfig()
    True
    >>> score_config(5, 3, 1).post_crawford
    True
    """
    if length == 0:
        return ScoreConfig()
    return ScoreConfig(away=away, opp_away=opp_away, post_crawford=1 in (away, opp_away))


class CubeGnubg(Gnubg):
    """A :class:`bot_training.varied.Gnubg` that also answers cube decisions."""

    def __init__(self) -> None:
        super().__init__(CUBE_SCRIPT)

    def cube(self, gid: str, plies: int) -> CubeAnswer:
        stdin, stdout = pipe(self.proc.stdin), pipe(self.proc.stdout)
        stdin.write(f"cube {plies} {gid}\n")
        stdin.flush()
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError("gnubg died")
            if line.startswith("@@ "):
                nd, dt, dp, action = (json.loads(line[3:]) + [None, None])[:4]
                if nd == "refused":
                    raise RuntimeError(f"gnubg refused the position of {gid}")
                return CubeAnswer(float(nd), float(dt), float(dp), str(action))


@dataclasses.dataclass
class _Candidate:
    pos: Position
    cls: int
    mover: int
    opponent: int
    scores: list[tuple[int, int, int]]
    """(length, the side on roll's score, the other's): money (0, 0, 0), then the drawn match score."""
    zero: list[CubeAnswer]


def play_games(spec: CubeSpec, k: int, gnubg: CubeGnubg) -> list[_Candidate]:
    """Batch ``k``'s games and the kept candidates, spread over the classes (module notes)."""
    rng = np.random.default_rng([spec.seed, k])
    table = Table(spec.table_spec(), rng)
    names = table.names
    quota = math.ceil(spec.positions / len(CLASSES))
    found: list[list[_Candidate]] = [[] for _ in CLASSES]
    seen: set[str] = set()
    for _game in range(spec.games):
        if all(len(c) >= quota for c in found):
            break
        players = [int(rng.integers(len(names))), int(rng.integers(len(names)))]
        random_plies = int(rng.integers(spec.opening + 1))
        pos, side, ply = Position.initial(), 0, 0
        while ply < 600:
            pid = pos.to_id()
            if ply >= max(1, random_plies) and rng.random() < spec.sample and pid not in seen:
                seen.add(pid)
                scores = [(0, 0, 0), draw_score(rng)]
                zero = [gnubg.cube(gnubg_id(pos, *s), 0) for s in scores]
                cls = CLASSES.index(position_class(pos))
                if any(in_window(z, spec.window) for z in zero) and len(found[cls]) < spec.positions:
                    found[cls].append(_Candidate(pos, cls, players[side], players[1 - side], scores, zero))
            dice = roll(rng, ply == 0)
            plays = legal_plays(pos, dice)
            play = table.choose(players[side], pos, dice, plays, rng, gnubg, None, ply < random_plies)
            if play is not None and sum(play.result.player) == 0:
                break
            pos, side, ply = (pos if play is None else play.result).swapped(), 1 - side, ply + 1
    chosen: list[_Candidate] = spread(found, spec.positions)
    return chosen


ROW_KEYS = ("case", "onroll", "other", "cls", "mover", "opponent", "length", "away", "opp_away",
            "nd2", "dt2", "dp2", "action2", "nd0", "dt0", "dp0", "action0")


def label_batch(spec: CubeSpec, k: int) -> dict[str, np.ndarray]:
    """Batch ``k`` of ``spec``: each kept position at money and at its match score, gnubg's cube
    answers at ``spec.plies`` and 0-ply (deterministic in ``spec``, ``k`` and gnubg's version)."""
    rows: dict[str, list[Any]] = {key: [] for key in ROW_KEYS}
    with CubeGnubg() as gnubg:
        for i, c in enumerate(play_games(spec, k, gnubg)):
            for (length, me, them), zero in zip(c.scores, c.zero):
                deep = gnubg.cube(gnubg_id(c.pos, length, me, them), spec.plies)
                away, opp_away = (length - me, length - them) if length else (0, 0)
                for key, value in (("case", k * 100000 + i), ("onroll", c.pos.player), ("other", c.pos.opponent),
                                   ("cls", c.cls), ("mover", c.mover), ("opponent", c.opponent),
                                   ("length", length), ("away", away), ("opp_away", opp_away),
                                   ("nd2", deep.no_double), ("dt2", deep.double_take), ("dp2", deep.double_pass),
                                   ("action2", deep.action), ("nd0", zero.no_double), ("dt0", zero.double_take),
                                   ("dp0", zero.double_pass), ("action0", zero.action)):
                    rows[key].append(value)
    out: dict[str, np.ndarray] = {}
    for key, values in rows.items():
        if key.startswith("action"):
            out[key] = np.array(values, dtype="<U40")
        elif key[:2] in ("nd", "dt", "dp"):
            out[key] = np.array(values, dtype=np.float32)
        else:
            out[key] = np.array(values, dtype=np.int64 if key == "case" else np.int8)
    for key in ("onroll", "other"):
        out[key] = out[key].reshape(-1, 25)
    return out


def run_task(spec_fields: dict[str, Any], out: str, k: int) -> str:
    """One task: batch ``k`` into ``out`` unless its file exists; returns the file's path."""
    return write_batch(out, k, lambda: label_batch(CubeSpec(**spec_fields), k))


def run_batches(spec: CubeSpec, out: str, batches: Iterable[int], workers: int = 0,
                ray_address: str | None = None, progress: Callable[[str], None] | None = None) -> None:
    """Every batch of ``batches`` not yet done in ``out``: in this process (``workers=0``), a
    process pool, or on Ray (``ray_address``), as :func:`bot_training.batches.run_tasks`."""
    run_tasks(run_task, spec, out, batches, workers, ray_address, progress)


# -- reading a run ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Decision:
    """One kept position at one score, with gnubg's answers."""

    position: Position
    cls: str
    mover: str
    opponent: str
    length: int
    """0: money play."""
    away: int
    opp_away: int
    deep: CubeAnswer
    """gnubg at the run's depth (2-ply): the yardstick."""
    zero: CubeAnswer
    """gnubg 0-ply."""

    @property
    def part(self) -> str:
        return part_of(self.position.to_id())

    @property
    def score(self) -> ScoreConfig:
        return score_config(self.length, self.away, self.opp_away)

    @property
    def kind(self) -> str:
        return "money" if self.length == 0 else "match"


def is_cube_run(folder: str) -> bool:
    """Whether ``folder`` holds a varied cube run (its ``spec.json`` says so)."""
    path = os.path.join(folder, "spec.json")
    if not os.path.exists(path):
        return False
    with open(path) as f:
        return bool(json.load(f).get("kind") == KIND)


def load_decisions(runs: Sequence[str], part: str, *, final_report: bool = False) -> list[Decision]:
    """The decisions of ``part`` (``tune`` or ``heldout``) in the given runs, each (position, score)
    once (the first found). The held-out part is refused (:class:`bot_training.varied.HeldOutError`)
    unless ``final_report``: only a report of figures may read it, never tuning or choosing."""
    if part not in PARTS:
        raise ValueError(f"part {part!r}: expected one of {', '.join(PARTS)}")
    if part == "heldout" and not final_report:
        raise HeldOutError("the held-out part of the varied cube set is kept out of every training and selection "
                           "decision: only a final report (final_report=True) reads it; tune on 'tune'")
    out: list[Decision] = []
    seen: set[tuple[str, int, int, int]] = set()
    for run in runs:
        if not is_cube_run(run):
            raise ValueError(f"{run}: not a varied cube run (no spec.json of kind {KIND!r})")
        with open(os.path.join(run, "spec.json")) as f:
            names = CubeSpec(**json.load(f)).table_spec().player_list()
        batches = read_run(run)
        if not batches:
            raise FileNotFoundError(f"{run}: no batch done")
        data = {key: np.concatenate([b[key] for b in batches.values()]) for key in ROW_KEYS}
        for r in range(len(data["case"])):
            pos = Position(tuple(int(x) for x in data["onroll"][r]), tuple(int(x) for x in data["other"][r]))
            pid = pos.to_id()
            length, away, opp_away = int(data["length"][r]), int(data["away"][r]), int(data["opp_away"][r])
            key = (pid, length, away, opp_away)
            if key in seen or part_of(pid) != part:
                continue
            seen.add(key)
            out.append(Decision(
                position=pos, cls=CLASSES[int(data["cls"][r])], mover=names[int(data["mover"][r])],
                opponent=names[int(data["opponent"][r])], length=length, away=away, opp_away=opp_away,
                deep=CubeAnswer(float(data["nd2"][r]), float(data["dt2"][r]), float(data["dp2"][r]),
                                str(data["action2"][r])),
                zero=CubeAnswer(float(data["nd0"][r]), float(data["dt0"][r]), float(data["dp0"][r]),
                                str(data["action0"][r]))))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="the run's folder, e.g. bench/data/varied/cube1")
    ap.add_argument("--batches", default="0:10", help="which batches, e.g. 0:20")
    ap.add_argument("--seed", type=int, default=CubeSpec.seed)
    ap.add_argument("--positions", type=int, default=CubeSpec.positions, help="positions a batch keeps at most")
    ap.add_argument("--games", type=int, default=CubeSpec.games, help="games a batch plays at most")
    ap.add_argument("--sample", type=float, default=CubeSpec.sample, help="chance that a turn is a candidate")
    ap.add_argument("--window", type=float, default=CubeSpec.window,
                    help="kept when gnubg 0-ply's better double is at most this below no double")
    ap.add_argument("--opening", type=int, default=CubeSpec.opening, help="random plies at a game's start, at most")
    ap.add_argument("--players", default=CubeSpec.players)
    ap.add_argument("--net", default=CubeSpec.net, help="the fixed net our levels play with in the games")
    ap.add_argument("--plies", type=int, default=CubeSpec.plies, help="gnubg's depth for the labels")
    ap.add_argument("--workers", type=int, default=1, help="local processes (0: in this process)")
    ap.add_argument("--ray-address", default=None, help="run the tasks on a Ray cluster instead")
    ap.add_argument("--pack", action="store_true", help="pack the batches done so far and stop")
    args = ap.parse_args()
    spec = CubeSpec(seed=args.seed, positions=args.positions, games=args.games, sample=args.sample,
                    window=args.window, opening=args.opening, players=args.players, net=args.net,
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
