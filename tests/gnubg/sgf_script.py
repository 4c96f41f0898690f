"""Run inside GNU Backgammon (``gnubg -t -q -p sgf_script.py``): matches saved as ``.sgf`` and exported as ``.mat``.

``$VIDEAU_SGF_JOB`` names a JSON file ``{"jobs": [...]}``; each job is either
``{"seed": 7, "length": 5}`` (gnubg plays itself, 0-ply, cube on; length 0 is a money session)
or ``{"import": "/tmp/a.mat"}`` (a match read with ``import mat``), with ``"analyse": true`` to
``analyse match`` (0-ply) first, and ``"sgf"`` / ``"mat"``: where to ``save match`` and
``export match mat``. Not a test module: gnubg's embedded Python runs it.
"""

import json
import os

import gnubg  # type: ignore[import-not-found]


def main() -> None:
    with open(os.environ["VIDEAU_SGF_JOB"]) as handle:
        jobs = json.load(handle)["jobs"]
    gnubg.command("set threads 1")
    for side in (0, 1):
        gnubg.command(f"set player {side} chequerplay evaluation plies 0")
        gnubg.command(f"set player {side} cubedecision evaluation plies 0")
    gnubg.command("set analysis chequerplay evaluation plies 0")
    gnubg.command("set analysis cubedecision evaluation plies 0")
    for job in jobs:
        if "import" in job:
            gnubg.command(f"import mat {job['import']}")
        else:
            for side in (0, 1):
                gnubg.command(f"set player {side} gnubg")
            gnubg.command("set rng mersenne")
            gnubg.command(f"set seed {int(job['seed'])}")
            if int(job["length"]) == 0:
                gnubg.command("set jacoby off")
                gnubg.command("set automatic game off")  # else a session never ends
                gnubg.command("new session")
                for _ in range(int(job.get("games", 3)) - 1):
                    gnubg.command("new game")
            else:
                gnubg.command("set automatic game on")  # the whole match
                gnubg.command(f"new match {int(job['length'])}")
        if job.get("analyse"):
            gnubg.command("analyse match")
        gnubg.command(f"save match {job['sgf']}")
        gnubg.command(f"export match mat {job['mat']}")
    print("@@END", flush=True)


main()
