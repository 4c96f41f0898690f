"""GNU Backgammon's own cubeless rollouts of positions, as a yardstick (for the benchmarks; not run in CI).

gnubg 1.07's ``rollout`` command prints no result through its embedded Python, so each rollout's
games are logged instead (``set rollout log on``: one SGF file a game, the position and every
play) and read back here: :func:`sgf_game_result` replays a logged game from its set-up position
and tells who won and how much. The games are played to the end (no truncation, bear-off
databases not used as a shortcut), cubeless, by gnubg's 0-ply, with quasi-random dice from a fixed
seed and no variance reduction, so a position's estimate carries the plain noise of ``games``
games (about 0.5 / sqrt(games) on the winning chance at worst).

Used by ``bench/bot_cube.py --gnubg-rollout GAMES`` to tell whether gnubg's 2-ply probabilities
are those of the games gnubg itself plays (bench/journal/2026-12.md, "Which of our own estimates could
close the cube gap"). gnubg's output is a yardstick only: never training data.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import tempfile

from gnubg_workers import GnubgWorkers, apply_gnubg_steps, cached_probs

Probs = tuple[float, float, float, float, float]

WORKER = r"""
import gnubg, sys
for c in ("set player 0 human", "set player 1 human", "set automatic roll off", "set automatic move off",
          "set automatic game off", "new session", "set display off",
          "set rollout trials GAMES", "set rollout cubeful off", "set rollout truncation enable off",
          "set rollout bearofftruncation exact off", "set rollout bearofftruncation onesided off",
          "set rollout varredn off", "set rollout quasirandom on", "set rollout seed SEED",
          "set rollout chequerplay plies 0", "set rollout later enable off", "set rollout log on"):
    gnubg.command(c)
for line in sys.stdin:
    gid, folder = line.split()
    gnubg.command("set rollout logfile " + folder + "/game")
    gnubg.command("set gnubgid " + gid)
    gnubg.command("rollout")
    sys.stdout.write("\n@@DONE\n")
    sys.stdout.flush()
"""

_POINT = {c: i + 1 for i, c in enumerate("abcdefghijklmnopqrstuvwx")}  # SGF points, White's numbering
_SETUP = re.compile(r"A([WB])((?:\[[a-y]\])+)")
_MOVE = re.compile(r";([WB])\[([1-6]{2})([a-z]*)\]")


def _own(side: str, c: str) -> int:
    """An SGF point letter in ``side``'s own numbering (25: the bar, 0: off). White's 1-point is
    ``a`` and Black's is ``x``, so White's letters are its numbers and Black's count back."""
    if c == "y":
        return 25
    if c == "z":
        return 0
    n = _POINT[c]
    return n if side == "W" else 25 - n


def sgf_game_result(text: str) -> tuple[bool, int]:
    """(did the side on roll at the start win, points: 1, 2 for a gammon, 3 for a backgammon) of one
    game logged by gnubg's rollout, replayed from its set-up (``AW``/``AB``, ``PL``) through every
    play. A ``ValueError`` names what is wrong when the log is not a finished game."""
    first = re.search(r"PL\[([WB])\]", text)
    if first is None:
        raise ValueError("no PL[] (side on roll) in the logged game")
    boards: dict[str, list[int]] = {"W": [0] * 25, "B": [0] * 25}
    for side, stones in _SETUP.findall(text):
        for c in re.findall(r"\[([a-y])\]", stones):
            boards[side][_own(side, c) - 1] += 1
    if not any(boards["W"]) or not any(boards["B"]):
        raise ValueError("the logged game sets up no checkers for one side")
    last: str | None = None
    for side, _dice, steps in _MOVE.findall(text):
        if len(steps) % 2:
            raise ValueError(f"an odd number of points in the play {side}[{_dice}{steps}]")
        other = "B" if side == "W" else "W"
        flat = tuple(_own(side, c) for c in steps)
        mover, opp = apply_gnubg_steps(tuple(boards[side]), tuple(boards[other]), flat)
        if min(mover) < 0:
            raise ValueError(f"the play {side}[{_dice}{steps}] moves a checker that is not there")
        boards[side], boards[other] = list(mover), list(opp)
        last = side
    if last is None or sum(boards[last]) != 0:
        raise ValueError("the logged game does not end with a side's last checker off")
    loser = boards["B" if last == "W" else "W"]
    points = 1
    if sum(loser) == 15:
        # a backgammon: the loser still has a checker on the bar or in the winner's home board
        # (the winner's points 1-6 are the loser's 19-24)
        points = 3 if sum(loser[18:25]) else 2
    return last == first.group(1), points


def probabilities(results: list[tuple[bool, int]]) -> Probs:
    """The five cubeless chances (win, win gammon, win backgammon, lose gammon, lose backgammon;
    gammons include backgammons) of a rollout's game results, for the side on roll at the start."""
    if not results:
        raise ValueError("no game results")
    n = len(results)
    win = sum(won for won, _ in results) / n
    wg = sum(won and p >= 2 for won, p in results) / n
    wb = sum(won and p == 3 for won, p in results) / n
    lg = sum(not won and p >= 2 for won, p in results) / n
    lb = sum(not won and p == 3 for won, p in results) / n
    return win, wg, wb, lg, lb


def gnubg_rollout_probs(ids: list[str], games: int, workers: int, cache: str | None, seed: int = 7) -> list[Probs]:
    """gnubg's rollout probabilities (``games`` games each, as the module says) of each position
    (a gnubg ID, the side on roll before its roll), read from ``cache`` (JSON lines) when it holds
    exactly these positions and settings, else rolled out and written there."""
    return cached_probs(cache, "id", ids, {"games": games, "seed": seed}, lambda: _rollout(ids, games, workers, seed))


def _rollout(ids: list[str], games: int, workers: int, seed: int) -> list[Probs]:
    """gnubg's rollout probabilities of each position (:func:`gnubg_rollout_probs`, uncached)."""
    logs = tempfile.mkdtemp(prefix="gnubg-rollout-logs-")
    out: list[Probs] = []
    try:
        script = WORKER.replace("GAMES", str(int(games))).replace("SEED", str(int(seed)))
        with GnubgWorkers(workers, script, "gnubg-rollout-") as pool:
            for start in range(0, len(ids), len(pool)):
                chunk = ids[start : start + len(pool)]
                folders = [os.path.join(logs, str(start + k)) for k in range(len(chunk))]
                for folder in folders:
                    os.makedirs(folder)
                pool.ask([f"{gid} {folder}" for gid, folder in zip(chunk, folders)], "@@DONE")
                for gid, folder in zip(chunk, folders):
                    files = sorted(glob.glob(os.path.join(folder, "*.sgf")))
                    if len(files) != games:
                        raise RuntimeError(f"{gid}: gnubg logged {len(files)} games, not {games}")
                    results = []
                    for path in files:
                        with open(path, encoding="utf-8") as f:
                            results.append(sgf_game_result(f.read()))
                    out.append(probabilities(results))
                    shutil.rmtree(folder)
    finally:
        shutil.rmtree(logs, ignore_errors=True)
    return out
