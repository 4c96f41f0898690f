"""Money cube decisions against GNU Backgammon 2-ply (not run in CI).

    python bench/bot_cube.py --positions 2000 --workers 4
    python bench/bot_cube.py --positions 6000 --seed 79 --ply 2 --workers 2 [--match] \\
        --cache bench/data/gnubg/cube_{money,match}_2ply_6000_seed79.jsonl.gz --record   # the levels' figure

Distinct positions as in ``bench/bot_loss.py`` (games of the shipped net against itself and against
pubeval, spread over contact, race and bear-off), the side on roll before rolling, cube
centred, money play without the Jacoby rule (``--jacoby``: with it). gnubg's ``hint`` (cube decision at 2-ply) gives
the proper action; ours is :meth:`core.bot.Bot.cube_decision` (the net's probabilities at 0-ply
as the bot used them, or 1-ply cubeful with ``--ply 1``, and Janowski's formula with the cube life by
position class, or 0.68 everywhere with ``--fixed-life``). ``--cache FILE`` keeps gnubg's
answers, so that variants of ours are compared on the same positions without gnubg again.
Two answers are compared: should the side on roll double, and
should the other side take if doubled. Reported over every position and over those near a
decision (where gnubg would double, or rates a double within 0.2 of not doubling), where
agreeing is not trivial; then the same counting as agreeing the differences that gnubg's own
equities rate as ties (:func:`is_tie`), then what the differing answers cost by gnubg's equities
(:func:`decision_costs`). ``--gnubg-probs PLIES`` is a diagnostic: our cube model fed gnubg's
own cubeless probabilities instead of our net's, to tell the model's errors from the net's.
``--gnubg-rollout GAMES`` feeds it gnubg's own rollouts instead (the games gnubg plays from each
position near a decision, :mod:`gnubg_rollout`), to tell whether gnubg's 2-ply chances are its games'.
gnubg is only the yardstick here: nothing is fitted to its answers.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass, replace

import _paths  # noqa: F401  (the imports below)
from bot_loss import CLASSES, position_class, sample_cases  # noqa: E402
from gnubg_rollout import gnubg_rollout_probs  # noqa: E402
from gnubg_workers import GnubgWorkers, cached_probs, open_cache  # noqa: E402

from bot_training.stats import proportion_ci95  # noqa: E402
from core.bot import Bot, ScoreConfig  # noqa: E402
from core.bot.cube import CENTERED, CUBE_LIFE, CubeDecision, Probs, cube_life, match_decision, money_decision  # noqa: E402
from core.bot.evaluator import Evaluator  # noqa: E402
from core.bot.net import Net  # noqa: E402
from core.ids import MatchInfo, encode_gnubg_id, encode_position_id  # noqa: E402
from core.position import Position  # noqa: E402

WORKER = r"""
import gnubg, sys
for c in ("set player 0 human", "set player 1 human", "set automatic roll off", "set automatic move off",
          "set automatic game off", "new session", "set display off"):
    gnubg.command(c)
gnubg.command("set evaluation cubedecision evaluation plies PLIES")
for line in sys.stdin:
    gnubg.command("set gnubgid " + line.strip())
    gnubg.command("hint")
    sys.stdout.write("\n@@END\n")
    sys.stdout.flush()
"""


PROBS_WORKER = r"""
import gnubg, sys, json
for c in ("set player 0 human", "set player 1 human", "set automatic roll off", "set automatic move off",
          "set automatic game off", "new session", "set display off"):
    gnubg.command(c)
context = {"cubeful": 0, "plies": PLIES, "deterministic": 1, "prune": 1, "noise": 0.0}
for line in sys.stdin:
    gnubg.command("set gnubgid " + line.strip())
    probs = gnubg.evaluate(gnubg.board(), gnubg.cubeinfo(), context)[:5]
    sys.stdout.write("@@ " + json.dumps(list(probs)) + "\n")
    sys.stdout.flush()
"""


@dataclass(frozen=True)
class GnubgCube:
    """gnubg's cubeful equities (per cube unit, for the side on roll) and its proper action."""

    no_double: float
    double_take: float
    double_pass: float
    action: str

    @property
    def double(self) -> bool:
        return self.action.startswith(("Double", "Redouble"))

    @property
    def optional(self) -> bool:
        """gnubg rates doubling and not doubling alike ("Optional double"): either answer is proper."""
        return self.action.startswith(("Optional double", "Optional redouble"))

    @property
    def take(self) -> bool:
        return self.double_take <= self.double_pass


def parse_hint(lines: list[str]) -> GnubgCube:
    """The cube part of gnubg's printed ``hint``.

    >>> parse_hint(["1. No double           +1.065", "2. Double, take        +1.657  (+0.592)",
    ...             "3. Double, pass        +1.000  (-0.065)", "Proper cube action: Too good to double, pass (9.9%)"])
    GnubgCube(no_double=1.065, double_take=1.657, double_pass=1.0, action='Too good to double, pass (9.9%)')
    """
    eq: dict[str, float] = {}
    action = ""
    for line in lines:
        text = line.strip()
        if text.startswith("Proper cube action:"):
            action = text.split(":", 1)[1].strip()
        elif text[:2] in ("1.", "2.", "3.") and ("double" in text.lower()):
            name, value = text[2:].split("  ", 1)[0].strip().lower(), text[2:].split()
            eq[name.replace("redouble", "double")] = float([v for v in value if v[0] in "+-"][0])
    if not action or len(eq) != 3:
        raise RuntimeError("no cube analysis in gnubg's output:\n" + "\n".join(lines))
    return GnubgCube(eq["no double"], eq["double, take"], eq["double, pass"], action)


def gnubg_cube(ids: list[str], workers: int, plies: int) -> list[GnubgCube]:
    with GnubgWorkers(workers, WORKER.replace("PLIES", str(int(plies))), "gnubg-cube-") as pool:
        return [parse_hint(lines) for lines, _ in pool.ask(ids, "@@END")]


def decision_costs(g: GnubgCube, double: bool, take: bool) -> tuple[float, float]:
    """What our answers cost by gnubg's equities, per unit of cube: (the side on roll's double /
    no double, the other side's take / pass); 0 where we answer as gnubg does (either answer
    to an optional double).

    >>> g = GnubgCube(no_double=0.60, double_take=0.70, double_pass=1.0, action="Double, take")
    >>> [round(c, 3) for c in decision_costs(g, double=False, take=False)]
    [0.1, 0.3]
    >>> decision_costs(g, double=True, take=True)
    (0.0, 0.0)
    """
    best_double = min(g.double_take, g.double_pass)
    double_cost = 0.0 if g.optional else max(0.0, g.no_double - best_double if double else best_double - g.no_double)
    take_cost = abs(g.double_take - g.double_pass) if take != g.take else 0.0
    return double_cost, take_cost


def is_tie(cost: tuple[float, float]) -> bool:
    """A differing answer that gnubg's own equities, printed to thousandths, rate as equal to its
    own (for example doubling a certain win, no gammons: doubling and playing on both earn +1.000,
    and gnubg's label says "Double, pass" in a bear-off and "No double" in a longer race).

    >>> is_tie((0.0, 0.0)), is_tie((0.0004, 0.0)), is_tie((0.001, 0.0))
    (True, True, False)
    """
    return max(cost) < 0.0005


def gnubg_probs(ids: list[str], workers: int, plies: int, cache: str | None) -> list[Probs]:
    """gnubg's cubeless probabilities (side on roll, before its roll) of each position, read
    from ``cache`` (JSON lines) when it holds them, else asked and written there."""

    def ask() -> list[Probs]:
        out: list[Probs] = []
        with GnubgWorkers(workers, PROBS_WORKER.replace("PLIES", str(int(plies))), "gnubg-probs-") as pool:
            for _, line in pool.ask(ids, "@@ "):
                a, b, c, d, e = (float(v) for v in json.loads(line[3:]))
                out.append((a, b, c, d, e))
        return out

    return cached_probs(cache, "id", ids, {"plies": plies}, ask)


def _our_decisions(
    job: tuple[list[Position], list[MatchInfo], int, bool, str | None, bool, float | None],
) -> list[CubeDecision]:
    """Our cube decisions of a chunk of positions (a worker process's share)."""
    positions, infos, ply, jacoby, weights, fixed_life, margin = job
    evaluator = None
    if weights:
        with open(weights, "rb") as raw:
            evaluator = Evaluator(net=Net.from_json_bytes(raw.read()))
    bot = Bot(evaluator=evaluator)
    bot.cube_by_class = not fixed_life
    if margin is not None:
        bot.level = replace(bot.level, cube_margin=margin)
    return [
        bot.cube_decision(pos, score_of(info, jacoby), ply=ply) for pos, info in zip(positions, infos)
    ]


def _own_probs_chunk(job: tuple[list[Position], int, str]) -> list[Probs]:
    from bot_training.batches import teacher_bot, two_ply_targets
    from bot_training.distill import one_ply_targets

    chunk, plies, weights = job
    bot = teacher_bot(weights)
    arr = one_ply_targets(bot, chunk) if plies == 1 else two_ply_targets(bot, chunk)
    return [(float(a), float(b), float(c), float(d), float(e)) for a, b, c, d, e in arr]


def own_probs(positions: list[Position], plies: int, weights: str | None, workers: int = 1,
              cache: str | None = None) -> list[Probs]:
    """Our net's cubeless probabilities of each position (side on roll, before its roll), looked
    ahead ``plies`` by ``bot_training`` (numpy; the diagnostic ``--own-probs``), in ``workers``
    processes. ``cache`` (JSON lines keyed by position ID, with the plies and the weights file) is
    read when it holds exactly these, refused when it holds others, else written: the cubeless
    probabilities are the same at every score, so money and match runs share one."""
    shipped = os.path.join(os.path.dirname(__file__), "..", "core", "bot", "weights", "net_v2.json.gz")
    source = weights or shipped
    pids = [encode_position_id(pos) for pos in positions]

    def compute() -> list[Probs]:
        jobs = [(positions[i : i + 8], plies, source) for i in range(0, len(positions), 8)]
        out: list[Probs] = []
        if workers > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for part in pool.imap(_own_probs_chunk, jobs, chunksize=4):
                    out.extend(part)
        else:
            for job in jobs:
                out.extend(_own_probs_chunk(job))
        return out

    return cached_probs(cache, "pos", pids, {"plies": plies, "weights": os.path.basename(source)}, compute)


MATCH_LENGTHS = (3, 5, 7, 11)


def is_near(g: GnubgCube) -> bool:
    """Near a decision: gnubg would double, or rates a double within 0.2 of not doubling."""
    return g.double or min(g.double_take, g.double_pass) - g.no_double > -0.2


def match_scores(n: int, seed: int) -> list[MatchInfo]:
    """``n`` match scores for player 0 on roll, cube centred: a length from :data:`MATCH_LENGTHS`
    and each score drawn from 0 to length - 1, the side on roll not one point away (gnubg offers no
    cube analysis to a leader at 1-away). The other side one point away is taken as post-Crawford
    (in the Crawford game itself there is no cube decision to compare)."""
    import random

    rng = random.Random(seed * 7919 + 11)
    out = []
    for _ in range(n):
        length = rng.choice(MATCH_LENGTHS)
        out.append(MatchInfo(match_length=length, score=(rng.randrange(length - 1), rng.randrange(length))))
    return out


def score_of(info: MatchInfo, jacoby: bool) -> ScoreConfig:
    """The bot's view of ``info``'s score, player 0 on roll, the cube centred; ``jacoby``: the
    Jacoby rule in money play. The other side one point away is post-Crawford (see :func:`match_scores`)."""
    if not info.match_length:
        return ScoreConfig(jacoby=jacoby)
    away = info.match_length - info.score[0]
    opp_away = info.match_length - info.score[1]
    return ScoreConfig(away=away, opp_away=opp_away, post_crawford=1 in (away, opp_away))


def cached_gnubg_cube(ids: list[str], workers: int, plies: int, cache: str | None) -> list[GnubgCube]:
    """:func:`gnubg_cube`, read from ``cache`` when it holds these positions at these plies."""
    if cache and os.path.exists(cache):
        with open_cache(cache, "r") as f:
            rows = [json.loads(line) for line in f]
        if [r["id"] for r in rows] == ids and all(r["plies"] == plies for r in rows):
            return [GnubgCube(r["no_double"], r["double_take"], r["double_pass"], r["action"]) for r in rows]
        raise SystemExit(f"{cache}: other positions or plies than asked; remove it or name another file")
    found = gnubg_cube(ids, workers, plies)
    if cache:
        with open_cache(cache, "w") as f:
            for gid, g in zip(ids, found):
                f.write(json.dumps({"id": gid, "plies": plies, **g.__dict__}) + "\n")
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=78)
    ap.add_argument("--save", help="write every position's decisions as JSON lines")
    ap.add_argument("--cache", help="gnubg's answers, JSON lines: read when the file exists, else written")
    ap.add_argument(
        "--ply",
        type=int,
        choices=(0, 1, 2),
        default=0,
        help="our cube decision: 0-ply (the net's probabilities in the cube model), 1-ply cubeful "
        "(the model applied after each of the 21 rolls, the opponent acting on the cube in turn), or 2-ply "
        "cubeful (two rolls ahead, cubeful at both, at the close calls as the levels decide)",
    )
    ap.add_argument(
        "--cube-margin",
        type=float,
        help="at --ply 2, look deeper where the one-roll answer is within this of changing (the levels': "
        "Level.cube_margin; 'inf': every decision)",
    )
    ap.add_argument("--fixed-life", action="store_true", help="cube life 0.68 everywhere, not by position class")
    ap.add_argument(
        "--match",
        action="store_true",
        help="match play: each position at a score drawn from 3- to 11-point matches (post-Crawford too)",
    )
    ap.add_argument(
        "--gnubg-probs",
        type=int,
        metavar="PLIES",
        help="a diagnostic: our cube model fed gnubg's cubeless probabilities at PLIES instead of our net's "
        "(how much of the difference is the net's, how much the model's)",
    )
    ap.add_argument(
        "--jacoby",
        action="store_true",
        help="money play under the Jacoby rule (gnubg told so by the match ID; not with --match)",
    )
    ap.add_argument(
        "--own-probs",
        type=int,
        choices=(1, 2),
        metavar="PLIES",
        help="a diagnostic: our cube model (0-ply) fed our own net's cubeless probabilities looked ahead PLIES "
        "(1: the 21 rolls; 2: bot_training's 2-ply), to see what deeper probabilities of ours would give",
    )
    ap.add_argument(
        "--gnubg-rollout",
        type=int,
        metavar="GAMES",
        help="a diagnostic: our cube model fed gnubg's own cubeless rollouts (GAMES games to the end, its 0-ply "
        "play; bench/gnubg_rollout.py) of the positions near a decision, which alone are then counted",
    )
    ap.add_argument("--probs-cache", help="the fed probabilities of --gnubg-probs, --gnubg-rollout or --own-probs, "
                    "JSON lines (read or written)")
    ap.add_argument("--weights", help="a weights file to measure instead of the shipped net")
    ap.add_argument("--record", action="store_true",
                    help="rewrite section cube-money, cube-jacoby or cube-match of bench/RESULTS.md")
    args = ap.parse_args()
    if args.record and (args.gnubg_probs is not None or args.own_probs is not None or args.gnubg_rollout is not None):
        ap.error("--record keeps the bot's own figures: not with --gnubg-probs, --own-probs or --gnubg-rollout")
    t0 = time.time()
    positions = [pos for pos, _dice in sample_cases(args.positions, args.seed, distinct_positions=True)]
    if args.jacoby and args.match:
        raise SystemExit("--jacoby is a money-play rule: not with --match")
    infos = match_scores(len(positions), args.seed) if args.match else [MatchInfo(jacoby=args.jacoby)] * len(positions)
    ids = [encode_gnubg_id(pos, info) for pos, info in zip(positions, infos)]
    theirs = cached_gnubg_cube(ids, args.workers, args.plies, args.cache)
    evaluator = None
    if args.weights:
        with open(args.weights, "rb") as raw:
            evaluator = Evaluator(net=Net.from_json_bytes(raw.read()))
    bot = Bot(evaluator=evaluator)
    bot.cube_by_class = not args.fixed_life
    if args.cube_margin is not None:
        bot.level = replace(bot.level, cube_margin=args.cube_margin)
    if sum(a is not None for a in (args.gnubg_rollout, args.gnubg_probs, args.own_probs)) > 1:
        raise SystemExit("--gnubg-rollout, --gnubg-probs and --own-probs each feed the model: name one")
    fed: dict[Position, Probs] | None = None
    if args.gnubg_rollout is not None:
        near_ids = [(pos, gid) for pos, gid, g in zip(positions, ids, theirs) if is_near(g)]
        probs = gnubg_rollout_probs([gid for _, gid in near_ids], args.gnubg_rollout, args.workers, args.probs_cache)
        fed = {pos: p for (pos, _), p in zip(near_ids, probs)}
    elif args.gnubg_probs is not None:
        fed = dict(zip(positions, gnubg_probs(ids, args.workers, args.gnubg_probs, args.probs_cache)))
    elif args.own_probs is not None:
        fed = dict(zip(positions, own_probs(positions, args.own_probs, args.weights, args.workers, args.probs_cache)))
    decided: dict[int, CubeDecision] = {}
    if fed is None and args.workers > 1:  # our decisions in worker processes, chunk by chunk
        import multiprocessing

        jobs = [
            (positions[i : i + 25], infos[i : i + 25], args.ply, args.jacoby, args.weights, args.fixed_life,
             args.cube_margin)
            for i in range(0, len(positions), 25)
        ]
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            for i, part in zip(range(0, len(positions), 25), pool.imap(_our_decisions, jobs)):
                decided.update((i + k, d) for k, d in enumerate(part))
    if fed is not None:
        probs_of = fed  # the closure's view (never None)

        def model(pos: Position, ply: int, score: ScoreConfig) -> CubeDecision:
            x = cube_life(pos.player, pos.opponent) if bot.cube_by_class else CUBE_LIFE
            p = probs_of[pos]
            match = score.match_state
            if match is None:
                return money_decision(p, CENTERED, x, jacoby=score.jacoby)
            return match_decision(p, match, 1, CENTERED, x)
    else:

        def model(pos: Position, ply: int, score: ScoreConfig) -> CubeDecision:
            return bot.cube_decision(pos, score, ply=ply)

    counts = {c: [0, 0, 0, 0] for c in (*CLASSES, "all")}  # agree, total, agree near a decision, near
    ties = {c: [0, 0] for c in (*CLASSES, "all")}  # differences that cost nothing: all, near a decision
    costs: dict[str, list[tuple[float, float]]] = {c: [] for c in (*CLASSES, "all")}  # where we differ
    rows = []
    for n, (pos, info, g) in enumerate(zip(positions, infos, theirs)):
        if fed is not None and pos not in fed:
            continue  # --gnubg-rollout: only the positions near a decision are rolled out
        ours = decided[n] if n in decided else model(pos, args.ply, score_of(info, args.jacoby))
        agree = (ours.double == g.double or g.optional) and ours.take == g.take
        near = is_near(g)
        cost = decision_costs(g, ours.double, ours.take)
        for key in (position_class(pos), "all"):
            if not agree:
                costs[key].append(cost)
                if is_tie(cost):
                    ties[key][0] += 1
                    ties[key][1] += near
            counts[key][0] += agree
            counts[key][1] += 1
            counts[key][2] += agree and near
            counts[key][3] += near
        rows.append(
            {
                "id": pos.to_id(),
                "class": position_class(pos),
                "gnubg": g.action,
                "gnubg_double": g.double,
                "gnubg_take": g.take,
                "double": ours.double,
                "take": ours.take,
                "cost": [round(cost[0], 4), round(cost[1], 4)],
                "equities": [round(ours.no_double, 4), round(ours.double_take, 4), round(ours.double_pass, 4)],
            }
        )
    if args.save:
        with open(args.save, "w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    kind = "match-play (3 to 11 points)" if args.match else "money (Jacoby rule)" if args.jacoby else "money"
    if args.own_probs is not None:
        kind += f" (our cube model on our net's {args.own_probs}-ply probabilities)"
    if args.gnubg_probs is not None:
        kind += f" (our cube model on gnubg's {args.gnubg_probs}-ply probabilities)"
    if args.gnubg_rollout is not None:
        kind += (f" (our cube model on gnubg's rollouts, {args.gnubg_rollout} games each; "
                 "positions near a decision only)")
    report: list[str] = []

    def say(line: str) -> None:
        print(line)
        report.append(line)

    say(
        f"{kind} cube decisions vs gnubg {args.plies}-ply ({len(positions)} positions, seed {args.seed}, "
        f"{time.time() - t0:.0f} s): agreement on double/no double and take/pass"
    )
    for key, (a, n, an, nn) in counts.items():
        if n:
            _, ci = proportion_ci95(a, n)
            near_text = f"; near a decision {an}/{nn} = {an / nn:.1%}" if nn else ""
            say(f"  {key}: {a}/{n} = {a / n:.1%} ± {ci:.1%}{near_text}")
    say("the same, a difference that costs nothing by gnubg's own equities (a tie to its printed "
          "precision, which its label breaks one way) counted as agreeing:")
    for key, (a, n, an, nn) in counts.items():
        if n:
            t, tn = ties[key]
            near_text = f"; near a decision {an + tn}/{nn} = {(an + tn) / nn:.1%}" if nn else ""
            say(f"  {key}: {a + t}/{n} = {(a + t) / n:.1%}{near_text} ({t} ties, {tn} of them near)")
    say("equity lost where we differ (gnubg's equities, per unit of cube): double/no double, take/pass")
    for key, lost in costs.items():
        if lost:
            dbl, tk = sum(c[0] for c in lost), sum(c[1] for c in lost)
            n = counts[key][1]
            say(f"  {key}: {len(lost)} differ, {1000 * (dbl + tk) / len(lost):.0f} mEq each "
                  f"(double {1000 * dbl / len(lost):.0f}, take {1000 * tk / len(lost):.0f}); "
                  f"{1000 * (dbl + tk) / n:.1f} mEq per position over all {n}")
    if args.record:
        import results

        name = "cube-match" if args.match else "cube-jacoby" if args.jacoby else "cube-money"
        goal = ("issue #16: on at least 2,000 positions near the doubling window (money and a spread of match "
                "scores), double / no double and take / pass as GNU Backgammon 2-ply's on at least 90%; the "
                "equity lost where they differ reported")
        results.record(name, f"Cube decisions against GNU Backgammon 2-ply: {kind}", goal,
                       results.code_block("\n".join(report)))


if __name__ == "__main__":
    main()
