"""Self-play and rollout speed: the compiled training engine against GNU Backgammon's own rollouts.

Issue #56: the training engine's self-play must play at least 0.5x the games a second of gnubg's
0-ply rollout, on the same machine, one core each, in one run. Run from the repository root:

    python bench/rollout_speed.py            # about a minute and a half
    python bench/rollout_speed.py --record   # the same, and rewrite the section in bench/RESULTS.md

The same position and settings on both sides: the opening position before its roll (the first
roll may be a double), cubeless, whole games (no truncation), both sides choosing at 0-ply (the
engine: the shipped net, its bear-off database; gnubg: its nets and databases), one thread
(gnubg ``set threads 1``; the engine is single-threaded). Measured:

- the engine's self-play (``bot_training.fast.Engine.self_play``: games from the opening, its
  first roll never a double), in games a second;
- its rollouts (``Engine.rollout``), trials a second, without and with the luck correction
  (every roll's 21 alternatives played, as gnubg's lookahead variance reduction does);
- gnubg's ``rollout`` of the same position with ``set rollout varredn off`` and ``on``, timed
  inside gnubg around the command (its start and quit left out);
- optionally (``--numpy-games``) the numpy engine that trained the nets so far
  (``bot_training.match.play_match`` on ``npbot``'s 0-ply), for the record of what changed.

The machine is shared, so the engine and gnubg alternate, ``--rounds`` times, and the medians
are compared: only the ratios of one run mean something.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import _paths  # noqa: F401  (the repository's root on sys.path)
import results

from core.position import Position

GNUBG = "/usr/games/gnubg"
GOAL = ("issue #56: the training engine's self-play at least 0.5x gnubg's 0-ply rollout games a second, "
        "same machine, one core each, one run")

_SCRIPT = r"""
import gnubg, sys, time
for c in ("set threads 1", "set player 0 human", "set player 1 human", "set automatic roll off",
          "set automatic move off", "set automatic game off", "set display off", "new session",
          "set rollout cubeful off", "set rollout truncation enable off", "set rollout quasirandom on",
          "set rollout seed SEED", "set rollout chequerplay plies 0", "set rollout cubedecision plies 0",
          "set rollout later enable off", "set board POSITION"):
    gnubg.command(c)
for varredn, trials in (("off", PLAIN), ("on", REDUCED)):
    if not trials:
        continue
    gnubg.command("set rollout varredn " + varredn)
    gnubg.command("set rollout trials %d" % trials)
    start = time.perf_counter()
    gnubg.command("rollout")
    sys.stderr.write("@@ROLLOUT %s %d %.6f\n" % (varredn, trials, time.perf_counter() - start))
"""


def gnubg_rollouts(position_id: str, plain: int, reduced: int, seed: int) -> dict[str, float]:
    """gnubg's rollout trials a second of ``position_id``, varredn off (``plain`` trials) and on."""
    script = (_SCRIPT.replace("SEED", str(seed)).replace("POSITION", position_id)
              .replace("PLAIN", str(plain)).replace("REDUCED", str(reduced)))
    with tempfile.TemporaryDirectory() as home:
        path = os.path.join(home, "rollout.py")
        with open(path, "w") as f:
            f.write(script)
        done = subprocess.run([GNUBG, "-t", "-q", "-p", path], env={**os.environ, "HOME": home},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=3600)
    out = {}
    for varredn, trials, seconds in re.findall(r"@@ROLLOUT (\w+) (\d+) ([0-9.]+)", done.stderr):
        out[varredn] = int(trials) / float(seconds)
    if len(out) != (plain > 0) + (reduced > 0):
        raise RuntimeError(f"gnubg gave no timing (exit {done.returncode}): {done.stderr[-2000:]}")
    return out


def rate(run: object, n: int) -> float:
    start = time.perf_counter()
    run()  # type: ignore[operator]
    return n / (time.perf_counter() - start)


def numpy_games(games: int, seed: int) -> float:
    """Games a second of the numpy engine's self-play (both sides npbot's 0-ply on the shipped net)."""
    from bot_training.match import play_match
    from bot_training.npbot import shipped_twin

    bot = shipped_twin()

    def scorer(c: Any, rows: Any, race_before: Any) -> Any:
        return bot.zero_ply(c, rows)

    return rate(lambda: play_match(scorer, scorer, games // 2, seed=seed, duplicate=False), games)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="engine self-play games a round")
    ap.add_argument("--trials", type=int, default=1296, help="plain rollout trials a round (engine and gnubg)")
    ap.add_argument("--reduced-trials", type=int, default=144, help="rollout trials with variance reduction a round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--numpy-games", type=int, default=0, help="also time the numpy engine on this many games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--record", action="store_true")
    args = ap.parse_args()
    if not os.path.exists(GNUBG):
        sys.exit(f"{GNUBG} not found: apt-get install gnubg (./build.sh deps)")

    from bot_training.fast import Engine  # numba: the training extra, imported only to run

    opening = Position.initial()
    engine = Engine()
    engine.self_play(4, seed=0)  # compiles, or loads the compiled code
    engine.rollout(opening, 2, reduce=True)
    engine.rollout(opening, 2, reduce=False)
    rows: dict[str, list[float]] = {k: [] for k in ("self", "plain", "reduced", "g_plain", "g_reduced")}
    plies = []
    for r in range(args.rounds):
        seed = args.seed + r
        start = time.perf_counter()
        _, n_plies = engine.self_play(args.games, seed=seed)
        rows["self"].append(args.games / (time.perf_counter() - start))
        plies.append(float(n_plies.mean()))
        start = time.perf_counter()
        engine.rollout(opening, args.trials, reduce=False, seed=seed)
        rows["plain"].append(args.trials / (time.perf_counter() - start))
        start = time.perf_counter()
        engine.rollout(opening, args.reduced_trials, reduce=True, seed=seed)
        rows["reduced"].append(args.reduced_trials / (time.perf_counter() - start))
        g = gnubg_rollouts(opening.to_id(), args.trials, args.reduced_trials, seed)
        rows["g_plain"].append(g["off"])
        rows["g_reduced"].append(g["on"])
        print(f"round {r + 1}: engine self-play {rows['self'][-1]:.0f} games/s, rollout {rows['plain'][-1]:.0f} "
              f"trials/s plain, {rows['reduced'][-1]:.1f} reduced; gnubg {g['off']:.0f} plain, {g['on']:.1f} reduced",
              file=sys.stderr, flush=True)
    med = {k: statistics.median(v) for k, v in rows.items()}
    numpy_rate = numpy_games(args.numpy_games, args.seed) if args.numpy_games else 0.0
    sp, gp, pl, rd, gr = (med[k] for k in ("self", "g_plain", "plain", "reduced", "g_reduced"))
    print(f"{'':44}{'engine':>10}{'gnubg':>10}{'ratio':>8}", file=sys.stderr)
    for name, a, b in (("self-play games/s (gnubg: its rollout)", sp, gp), ("rollout trials/s, plain", pl, gp),
                       ("rollout trials/s, variance reduction", rd, gr)):
        print(f"{name:44}{a:10.1f}{b:10.1f}{a / b:7.2f}x", file=sys.stderr)
    with results.printed() as out:
        verdict = "met" if sp >= 0.5 * gp else "not met"
        print(f"Opening position before its roll, 0-ply both sides, cubeless, whole games, one core each; medians of "
              f"{args.rounds} rounds alternating. Self-play **{sp:.0f}** games/s ({statistics.mean(plies):.1f} plies a "
              f"game) against gnubg's rollout **{gp:.0f}**: **{sp / gp:.2f}x** (goal 0.5x: {verdict}).")
        print(f"Rollout trials/s: plain {pl:.0f} against {gp:.0f} ({pl / gp:.2f}x); luck-corrected {rd:.1f} against "
              f"gnubg's variance reduction {gr:.1f} ({rd / gr:.2f}x). Per round (engine/gnubg): "
              + "; ".join(f"{a:.0f}/{b:.0f}, {c:.0f}/{b:.0f}, {d:.1f}/{e:.1f}" for a, b, c, d, e in
                          zip(rows["self"], rows["g_plain"], rows["plain"], rows["reduced"], rows["g_reduced"]))
              + f" ({args.games} games, {args.trials} and {args.reduced_trials} trials a round)."
              + (f" The numpy engine before it (`match.play_match`, npbot 0-ply): {numpy_rate:.0f} games/s "
                 f"({args.numpy_games} games), {sp / numpy_rate:.1f}x slower." if numpy_rate else ""))
    if args.record:
        results.record("rollout-speed", "Training engine: self-play and rollouts against gnubg", GOAL, out.getvalue())


if __name__ == "__main__":
    main()
