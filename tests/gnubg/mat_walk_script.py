"""Run inside GNU Backgammon (``gnubg -t -q -r -p mat_walk_script.py``): walk through a .mat file.

``$VIDEAU_MAT_WALK`` names a JSON job ``{"mat": path, "answer": path}``. gnubg imports
the file, goes back to the start of its first game, then steps with ``next`` (one
move record at a time) and ``next game``, writing what it shows after each step:
``{"game": n (1-based), "step": k (1-based within the game), "positionid", "matchid"}``.
gnubg shows the position after each record: after a play, the next player to roll
(no dice); after a double, the double on offer; after a pass, the game over.
Not a test module: gnubg's embedded Python runs it (see tests/gnubg/test_replay_vs_gnubg.py).
"""

import json
import os

import gnubg  # type: ignore[import-not-found]


def shown():  # type: ignore[no-untyped-def]
    try:
        return gnubg.positionid(), gnubg.matchid()
    except Exception:  # between games gnubg has no position
        return None


def main() -> None:
    with open(os.environ["VIDEAU_MAT_WALK"]) as handle:
        job = json.load(handle)
    for command in ("set player 0 human", "set player 1 human", "set display off"):
        gnubg.command(command)
    gnubg.command(f"import mat {job['mat']}")
    for _ in range(200):
        gnubg.command("previous game")
    rows = []
    game, last = 1, None
    while True:
        step = 0
        while True:
            gnubg.command("next")
            now = shown()
            if now is None or now == last:
                break
            step += 1
            rows.append({"game": game, "step": step, "positionid": now[0], "matchid": now[1]})
            last = now
        if step == 0:
            break
        gnubg.command("next game")
        game += 1
    with open(job["answer"], "w") as handle:
        json.dump(rows, handle)


main()
