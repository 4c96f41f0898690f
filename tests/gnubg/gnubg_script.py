"""Runs INSIDE GNU Backgammon's embedded Python: ``gnubg -t -q -r -p gnubg_script.py``.

One batch per process: it reads JSON requests, one per line, from the file
named by ``$VIDEAU_ORACLE_IN`` and writes one JSON answer per line, in the same
order, to ``$VIDEAU_ORACLE_OUT`` (gnubg prints boards on stdout, so answers
never go there). ``tests/gnubg/oracle.py`` starts the processes and reads the
answers; nothing here imports the project.

Requests (``op``):

``legal`` ``{"pos": PositionID, "dice": [d1, d2]}``
    Sets the position with the player on roll to move, then lists every play
    with ``hint`` at 0-ply (gnubg exposes no move generator; its hint list
    holds one entry per distinct resulting position, and is empty when no
    play is legal). Each play's notation is read back with ``parsemove`` and
    applied to the board here: ``results`` are the gnubg Position IDs of the
    boards after each play, the mover still on roll (not swapped).
``gnubgid`` / ``xgid`` ``{"id": text}``
    ``set gnubgid`` / ``set xgid``, then reports gnubg's state: Position ID,
    Match ID, board, cube and position info.
``matchid`` ``{"fields": {...}}``
    gnubg's own Match ID encoder, ``gnubg.matchid(cubeinfo, posinfo)``, fed
    field by field: cube, cubeowner (-1 centred), move, matchto, score,
    crawford, jacoby (cube info); turn, resigned, doubled, gamestate, dice
    (position info). Numbers are gnubg's players.
``positionid`` ``{"board": [[25 ints], [25 ints]]}``
    ``gnubg.positionid(board)`` and ``gnubg.positionfromid`` of it.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import Any

SETUP = (
    "set player 0 human",
    "set player 1 human",
    "set automatic roll off",
    "set automatic move off",
    "set automatic game off",
    "set automatic bearoff off",
    "set automatic crawford off",
    "set automatic doubles 0",
    "set display off",
    "set evaluation chequerplay evaluation plies 0",
    "set evaluation cubedecision evaluation plies 0",
)
# A state that no request asks for: set before each `set ...id`, so that an
# ID that gnubg refuses leaves this state behind, not the previous answer's.
SENTINEL = "/wAAAAAAAAAAA:AQGrADAACAAE"


def _apply(board: list[list[int]], steps: Any) -> None:
    """Apply gnubg's steps (from, to): 25 = bar, 0 = off; ``board[1]`` moves."""
    me, opp = board[1], board[0]
    # A checker only moves down, so sources highest first is an order that works
    # whatever order the notation lists the steps in.
    for src, dst in sorted(steps, key=lambda s: -s[0]):
        if me[src - 1] <= 0:
            raise ValueError(f"no checker on {src} for {steps}")
        me[src - 1] -= 1
        if dst <= 0:
            continue
        me[dst - 1] += 1
        # Our point p is the opponent's point 25 - p: index 24 - p.
        if opp[24 - dst] == 1:
            opp[24 - dst] = 0
            opp[24] += 1
        elif opp[24 - dst] > 1:
            raise ValueError(f"point {dst} is blocked for {steps}")


def _state(gnubg: Any) -> dict[str, Any]:
    """gnubg's current state; ``None`` for what it cannot give (no game: no position)."""

    def get(call: Any) -> Any:
        try:
            return call()
        except Exception:
            return None

    cube = get(gnubg.cubeinfo)
    board = get(gnubg.board)
    return {
        "positionid": get(gnubg.positionid),
        "matchid": get(gnubg.matchid),
        "board": [list(side) for side in board] if board else None,
        "cubeinfo": {k: v for k, v in cube.items() if k != "gammonprice"} if cube else None,
        "posinfo": get(gnubg.posinfo),
    }


def _legal(gnubg: Any, request: dict[str, Any]) -> dict[str, Any]:
    d1, d2 = request["dice"]
    cube = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
    match_id = gnubg.matchid(cube, gnubg.posinfo(1, 0, 0, 1, (d1, d2)))
    gnubg.command(f"set gnubgid {SENTINEL}")
    gnubg.command(f"set gnubgid {request['pos']}:{match_id}")
    if gnubg.positionid() != request["pos"] or sorted(gnubg.posinfo()["dice"]) != sorted((d1, d2)):
        return {"ok": False, "error": f"gnubg did not take {request['pos']}:{match_id}"}
    before = [list(side) for side in gnubg.board()]
    moves = [entry["move"] for entry in gnubg.hint(9999)["hint"]]
    results = []
    for move in moves:
        board = [list(side) for side in before]
        _apply(board, gnubg.parsemove(move))
        results.append(gnubg.positionid(board))
    return {"ok": True, "moves": moves, "results": results}


def _handle(gnubg: Any, request: dict[str, Any]) -> dict[str, Any]:
    op = request["op"]
    if op == "legal":
        return _legal(gnubg, request)
    if op in ("gnubgid", "xgid"):
        gnubg.command(f"set gnubgid {SENTINEL}")
        gnubg.command(f"set {op} {request['id']}")
        return {"ok": True, **_state(gnubg)}
    if op == "matchid":
        # Start from valid dicts, then overwrite every field: gnubg's cubeinfo()
        # constructor would drop a money game's score, and takes no Jacoby flag.
        cube = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
        pos = gnubg.posinfo(1, 0, 0, 1, (0, 0))
        for key, value in request["fields"].items():
            target = pos if key in pos else cube
            target[key] = tuple(value) if isinstance(value, list) else value
        return {"ok": True, "matchid": gnubg.matchid(cube, pos)}
    if op == "positionid":
        board = request["board"]
        pid = gnubg.positionid(board)
        return {"ok": True, "positionid": pid, "board": [list(side) for side in gnubg.positionfromid(pid)]}
    return {"ok": False, "error": f"unknown op {op!r}"}


def main() -> None:
    import gnubg  # only inside gnubg

    for command in SETUP:
        gnubg.command(command)
    gnubg.command("new session")
    with open(os.environ["VIDEAU_ORACLE_IN"]) as src, open(os.environ["VIDEAU_ORACLE_OUT"], "w") as out:
        for line in src:
            if not line.strip():
                continue
            try:
                answer = _handle(gnubg, json.loads(line))
            except Exception:  # one bad request must not lose the batch
                answer = {"ok": False, "error": traceback.format_exc()}
            out.write(json.dumps(answer) + "\n")
            out.flush()  # a crash then shows which request caused it
    sys.stderr.write("videau oracle: batch done\n")


if __name__ == "__main__":
    main()
