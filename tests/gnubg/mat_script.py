"""Run inside GNU Backgammon (``gnubg -t -q -p mat_script.py``): .mat import and export jobs.

The job is a JSON file named by ``$VIDEAU_MAT_JOB``::

    {"selfplay": [{"seed": 7, "length": 5, "out": "/tmp/a.mat"}, ...],
     "import": ["/tmp/b.mat", ...],
     "answer": "/tmp/answer.json"}

``selfplay`` lets gnubg play itself (0-ply, cube on) and export each match;
``import`` reads each file and records what gnubg made of it: ``gnubg.match()``
with tuples turned into lists. Not a test module: gnubg's embedded Python runs it.
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


def main() -> None:
    with open(os.environ["VIDEAU_MAT_JOB"]) as handle:
        job = json.load(handle)
    answer = {"selfplay": [], "import": []}
    for game in job.get("selfplay", []):
        for side in (0, 1):
            gnubg.command(f"set player {side} gnubg")
            gnubg.command(f"set player {side} chequerplay evaluation plies 0")
            gnubg.command(f"set player {side} cubedecision evaluation plies 0")
        gnubg.command("set rng mersenne")
        gnubg.command(f"set seed {int(game['seed'])}")
        if int(game["length"]) == 0:
            gnubg.command("new session")
        else:
            gnubg.command(f"new match {int(game['length'])}")
        gnubg.command(f"export match mat {game['out']}")
        answer["selfplay"].append(plain(gnubg.match()))
    for path in job.get("import", []):
        gnubg.command(f"import mat {path}")
        answer["import"].append(plain(gnubg.match()))
    with open(job["answer"], "w") as handle:
        json.dump(answer, handle)


main()
