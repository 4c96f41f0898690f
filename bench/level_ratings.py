"""Each level the page offers, rated as the page's Analyse rates a player (#59; not run in CI).

    python bench/level_ratings.py --matches 24 --lengths 1,5 --workers 2 [--part tune|held-out|all]
        [--levels beginner,intermediate,expert,strongest] [--noise beginner=0.3,intermediate=0.1]

Each level plays matches (``--lengths``: 1-point and 5-point by default) against itself, with dice
from a seeded ``random.Random``; each match is then graded by :func:`core.analysis.analyse_match`
(the page's Analyse, the yardstick a player sees) and both sides' decisions pooled: the level's error
rate is the total equity lost over the decisions counted, in thousandths (mEMG per decision, gnubg's
scale), with a 95% interval from the spread between matches; the cube's part is printed beside it
(mEMG a cube decision counted, times how many). Its rating must be the level's name
(:data:`BANDS`): Beginner 26-35, Intermediate 12-18.

The expert and strongest levels add no noise: the page's Analyse grades with the same net a little
deeper, so it finds them near perfect (about 1 mEMG, "Supernatural") and cannot place them in a band;
their yardstick is GNU Backgammon 2-ply (``bench/bot_loss.py``: 7.3 and 4.9 mEq a move on 1,500
positions, Expert's band 5-8 and World class under 5, bench/RESULTS.md). Here they are only checked
to play at least as well as their name (under 8, under 5).

Seeds: match ``i`` of a (level, length) uses seed ``i``, from ``--first`` (0) to ``--first + --matches``;
the even seeds are the ``tune`` part (where noises are chosen), the odd ones the ``held-out`` part
(reported once, never tuned on: a held-out figure after a change is measured on seeds never reported
before, ``--first`` past them).
``--noise``: try other noises for the noisy levels (equity standard deviation, EMG); ``--cube-ply``:
other depths for their cube decisions.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from _paths import ROOT  # noqa: F401  (puts the repository on sys.path)

from bot_training.stats import ratio_ci95  # noqa: E402
from core.analysis import analyse_match, rating  # noqa: E402
from core.bot import LEVELS, Bot  # noqa: E402
from core.match import Match  # noqa: E402

BANDS: dict[str, tuple[float, float]] = {
    "beginner": (26.0, 35.0),
    "intermediate": (12.0, 18.0),
    "expert": (0.0, 8.0),  # at least as well as Expert by this yardstick (see the docstring)
    "strongest": (0.0, 5.0),
}
"""mEMG per decision, [low, high): the band of gnubg's rating that bears the level's name."""
GAMES_CAP = 40  # a 5-point match with the cube rarely lasts more than a dozen games


def play_match(level: str, length: int, seed: int, noise: dict[str, float], cube_ply: dict[str, int]) -> Match:
    """A match of ``level`` against itself (each side its own noise), seeded; ``noise`` and ``cube_ply``
    try other values for the levels they name."""
    for name, value in noise.items():
        LEVELS[name] = replace(LEVELS[name], noise=value)
    for name, ply in cube_ply.items():
        LEVELS[name] = replace(LEVELS[name], cube_ply=ply)
    dice_rng = random.Random(seed * 1_000 + length)
    bots = {side: Bot(level, rng=random.Random(seed * 7 + side).random) for side in (0, 1)}

    def die() -> int:
        return dice_rng.randint(1, 6)

    match = Match.new(length)
    while not match.is_over and len(match.games) <= GAMES_CAP:
        game = match.game
        if game.phase == "opening":
            match = match.opening(die)
            continue
        if game.phase == "over":
            match = match.next_game(die)
            continue
        player = game.player_to_act
        assert player is not None
        answer = bots[player].decide(match, player)
        if answer.kind == "play":
            assert answer.play is not None
            match = match.play(answer.play, by=player)
        elif answer.kind == "roll":
            match = match.roll(die)
        elif answer.kind == "pass":
            match = match.pass_turn(by=player)
        else:
            match = getattr(match, answer.kind)()
    return match


Rated = tuple[str, int, int, float, int, float, float, int]
"""(level, length, seed, loss, decisions, seconds, cube loss, cube decisions) of one match, both sides pooled."""


def rate_one(task: tuple[str, int, int, dict[str, float], dict[str, int]]) -> Rated:
    """One match played and graded (:data:`Rated`): the loss and decisions in all, and the cube's part."""
    level, length, seed, noise, cube_ply = task
    started = time.perf_counter()
    match = play_match(level, length, seed, noise, cube_ply)
    s0, s1 = analyse_match(match).summary
    loss, decisions = s0.total_loss + s1.total_loss, s0.decisions + s1.decisions
    cube_loss, cube_decisions = s0.cube_loss + s1.cube_loss, s0.cube_decisions + s1.cube_decisions
    return level, length, seed, loss, decisions, time.perf_counter() - started, cube_loss, cube_decisions


def interval(losses: list[float], counts: list[int]) -> tuple[float, float]:
    """The pooled rate (mEMG) and its 95% half-width (a ratio estimate over matches:
    :func:`bot_training.stats.ratio_ci95`)."""
    rate, half = ratio_ci95(losses, counts)
    return 1000 * rate, 1000 * half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=24, help="matches per level and length, both parts")
    parser.add_argument("--first", type=int, default=0, help="the first seed (held-out seeds once reported: past)")
    parser.add_argument("--lengths", default="1,5")
    parser.add_argument("--levels", default="beginner,intermediate,expert,strongest")
    parser.add_argument("--part", choices=("tune", "held-out", "all"), default="tune")
    parser.add_argument("--noise", default="", help="level=noise,... (tries other noises)")
    parser.add_argument("--cube-ply", default="", help="level=ply,... (tries other cube depths)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    noise = {k: float(v) for k, v in (item.split("=") for item in args.noise.split(",") if item)}
    cube_ply = {k: int(v) for k, v in (item.split("=") for item in args.cube_ply.split(",") if item)}
    levels, lengths = args.levels.split(","), [int(x) for x in args.lengths.split(",")]
    parity = {"tune": (0,), "held-out": (1,), "all": (0, 1)}[args.part]
    seeds = [s for s in range(args.first, args.first + args.matches) if s % 2 in parity]
    tasks = [(level, length, seed, noise, cube_ply) for level in levels for length in lengths for seed in seeds]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(rate_one, tasks, chunksize=1))
    tried = f"noise {noise or 'as shipped'}, cube plies {cube_ply or 'as shipped'}"
    span = f"seeds {seeds[0]}-{seeds[-1]}"
    print(f"part {args.part}, {len(seeds)} matches per level and length (self-play, {span}), {tried}")
    print(f"{'level':<13} {'length':>6} {'mEMG':>6} {'±95%':>6} {'decisions':>9} {'cube':>11}  rating (band)")
    failed = []
    for level in levels:
        low, high = BANDS[level]
        for length in [*lengths, 0]:
            rows = [r for r in results if r[0] == level and (length == 0 or r[1] == length)]
            rate, half = interval([r[3] for r in rows], [r[4] for r in rows])
            name = "all" if length == 0 else str(length)
            ok = low <= rate < high
            if not ok:
                failed.append(f"{level} {name}")
            band = f"{low:g}-{high:g}"
            flag = "" if ok else "  <- outside"
            decisions, cubes = sum(r[4] for r in rows), sum(r[7] for r in rows)
            cube = f"{1000 * sum(r[6] for r in rows) / cubes:.0f} x {cubes}" if cubes else "-"  # mEMG a cube decision
            row = f"{level:<13} {name:>6} {rate:6.1f} {half:6.1f} {decisions:9d} {cube:>11}"
            print(f"{row}  {rating(rate)} ({band}){flag}")
    outside = ", ".join(failed) or "none"
    print(f"{time.perf_counter() - started:.0f} s on {args.workers} workers; outside the band: {outside}")


if __name__ == "__main__":
    main()
