"""Run inside GNU Backgammon (``gnubg -t -q -r -p analysis_script.py``): noisy self-play and analysis.

The job is a JSON file named by ``$VIDEAU_ANALYSIS_JOB``::

    {"selfplay": [{"seed": 7, "length": 5, "noise": [0.02, 0.08], "out": "/tmp/a.mat"}, ...],
     "analyse": ["/tmp/a.mat", ...],
     "plies": 2,
     "answer": "/tmp/answer.json"}

``selfplay``: gnubg plays itself at 0-ply with evaluation noise on the chequer play (each
player its own ``noise``, so the two make mistakes of different sizes), the cube at 0-ply
without noise, and exports the match (``length`` 0: one money game, Jacoby and beavers off).
``analyse``: gnubg imports each file, runs ``analyse match`` with chequer play and cube
decisions at ``plies``, and writes per move record what the test needs: the action, the
player (0 for the .mat's left column), the dice, the move, the equity of the best and of the
played move, the cube analysis fields, the luck of the roll and gnubg's statistics per player.
Not a test module: gnubg's embedded Python runs it (see tests/gnubg/test_analysis_vs_gnubg.py).
"""

import json
import os

import gnubg  # type: ignore[import-not-found]


def plain(value):  # type: ignore[no-untyped-def]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def selfplay(game):  # type: ignore[no-untyped-def]
    for side in (0, 1):
        gnubg.command(f"set player {side} gnubg")
        gnubg.command(f"set player {side} chequerplay evaluation plies 0")
        gnubg.command(f"set player {side} chequerplay evaluation noise {float(game['noise'][side])}")
        gnubg.command(f"set player {side} cubedecision evaluation plies 0")
        gnubg.command(f"set player {side} cubedecision evaluation noise 0")
    gnubg.command("set rng mersenne")
    gnubg.command(f"set seed {int(game['seed'])}")
    if int(game["length"]) == 0:
        gnubg.command("set jacoby off")
        gnubg.command("set beavers 0")
        gnubg.command("set automatic game off")
        gnubg.command("new session")
    else:
        gnubg.command("set automatic game on")
        gnubg.command(f"new match {int(game['length'])}")
    gnubg.command("set player 0 name Ann")
    gnubg.command("set player 1 name Bob")
    gnubg.command(f"export match mat {game['out']}")


def record(entry):  # type: ignore[no-untyped-def]
    """One move record, its analysis trimmed to the best and the played move."""
    out = {k: entry.get(k) for k in ("action", "player", "dice", "move")}
    out["player"] = 0 if entry.get("player") == "X" else 1
    analysis = dict(entry.get("analysis") or {})
    moves = analysis.pop("moves", None)
    if moves:
        imove = analysis.get("imove")
        out["best"] = {k: moves[0].get(k) for k in ("move", "score", "probs")}
        if imove is not None and 0 <= imove < len(moves):
            out["played"] = {k: moves[imove].get(k) for k in ("move", "score", "probs")}
        out["candidates"] = len(moves)
    out["analysis"] = analysis
    return out


def analyse(path, plies):  # type: ignore[no-untyped-def]
    gnubg.command("set jacoby off")
    gnubg.command("set beavers 0")
    gnubg.command(f"import mat {path}")
    gnubg.command(f"set analysis chequerplay evaluation plies {int(plies)}")
    gnubg.command(f"set analysis cubedecision evaluation plies {int(plies)}")
    gnubg.command("analyse match")
    match = plain(gnubg.match(analysis=1, boards=1, statistics=1, verbose=1))
    games = [[record(entry) for entry in game["game"]] for game in match["games"]]
    return {"mat": path, "plies": plies, "info": match["match-info"], "games": games,
            "stats": match.get("stats"), "game_stats": [game.get("stats") for game in match["games"]]}


def main() -> None:
    with open(os.environ["VIDEAU_ANALYSIS_JOB"]) as handle:
        job = json.load(handle)
    for command in ("set display off",):
        gnubg.command(command)
    answer = {"analyse": []}
    for game in job.get("selfplay", []):
        selfplay(game)
    for path in job.get("analyse", []):
        answer["analyse"].append(analyse(path, job.get("plies", 2)))
    with open(job["answer"], "w") as handle:
        json.dump(answer, handle)


main()
