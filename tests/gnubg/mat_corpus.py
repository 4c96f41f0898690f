"""Match files read by us and by GNU Backgammon's import, compared (tests and ``bench/mat_corpus.py``).

Plain Python, no pytest. :func:`gnubg_import` runs gnubg (``import mat`` / ``load match``) on
files and returns, for each, gnubg's record of the match and the warnings it printed;
:func:`verdict` reads the same file with :func:`core.record.read_match_file` and compares,
game by game: the score before it, every move (player, dice, board before it), every cube action
(player and kind), the winner and the points won.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import InvalidRecordError
from core.match import Match
from tests.gnubg.oracle import GNUBG

SCRIPT = Path(__file__).with_name("mat_import_script.py")
_NOISE = re.compile(r"^(\s*$| GNU Backgammon|\s+Match ID|\s*[+|v^]|.*points? match|\s+\d+ points?$)")


@dataclass(frozen=True)
class GnubgRead:
    """What gnubg made of one file: its ``gnubg.match()`` (``None`` if it read no match) and its warnings."""

    record: dict[str, Any] | None
    warnings: tuple[str, ...]


def _run(paths: Sequence[str]) -> list[GnubgRead]:
    with tempfile.TemporaryDirectory() as home:
        answer = os.path.join(home, "answer.jsonl")
        job = os.path.join(home, "job.json")
        Path(job).write_text(json.dumps({"files": [os.path.abspath(p) for p in paths], "answer": answer}))
        out = subprocess.run(
            ["stdbuf", "-oL", "-eL", GNUBG, "-t", "-q", "-p", str(SCRIPT)],
            env=dict(os.environ, HOME=home, VIDEAU_MAT_IMPORT=job),
            capture_output=True, text=True, timeout=1800, check=False,
        )
        lines = Path(answer).read_text().splitlines() if os.path.exists(answer) else []
    warnings: list[list[str]] = [[] for _ in paths]
    current = -1
    for line in out.stdout.splitlines() + out.stderr.splitlines():
        if line.startswith("@@FILE "):
            current = int(line.split()[1])
        elif current >= 0 and ("WARNING" in line or "nvalid" in line or "rror" in line):
            warnings[current].append(line.strip())
    reads = []
    for index in range(len(paths)):
        record = json.loads(lines[index]) if index < len(lines) else None
        if record is not None and ("error" in record or not record.get("games")):
            record = None
        reads.append(GnubgRead(record, tuple(warnings[index])))
    return reads


def gnubg_import(paths: Sequence[str], processes: int = 2) -> list[GnubgRead]:
    """gnubg's import of each file, ``processes`` gnubg processes side by side."""
    if not paths:
        return []
    chunks = [list(paths[i::processes]) for i in range(processes)]
    with ThreadPoolExecutor(processes) as pool:
        answers = list(pool.map(_run, chunks))
    out: list[GnubgRead | None] = [None] * len(paths)
    for i, answer in enumerate(answers):
        for j, read in enumerate(answer):
            out[i + j * processes] = read
    return [r for r in out if r is not None]


def ours(match: Match) -> list[dict[str, Any]]:
    """Each game as gnubg describes it: scores, result, moves (player, dice, board before), cube actions."""
    games = []
    for played in match.games:
        game = played.game
        moves = []
        cube = []
        replay = Match.new(
            match.length,
            crawford_rule=match.crawford_rule,
            jacoby=match.jacoby,
            beavers=match.beavers,
            names=match.names,
            score=played.score_before,
            crawford_game=played.crawford,
        )
        pending = None  # a roll with no play after it: gnubg lists it as a move (no move, or resigned)
        for action in game.actions:
            if action.kind == "play":
                g = replay.game
                assert g.dice is not None
                moves.append(("XO"[action.player], sorted(g.dice), g.position.to_id()))
                pending = None
            elif action.kind in ("double", "take", "drop", "beaver"):
                cube.append(("XO"[action.player], action.kind))
            replay = replay.apply(action)
            if action.kind in ("opening", "roll"):
                g = replay.game
                assert g.dice is not None and g.turn is not None
                pending = ("XO"[g.turn], sorted(g.dice), g.position.to_id())
        if pending is not None:
            moves.append(pending)
        result = game.result
        games.append({
            "score": list(played.score_before),
            "winner": None if result is None else "XO"[result.winner],
            "points": None if result is None else result.points,
            "moves": [list(m) for m in moves],
            "cube": [list(c) for c in cube],
        })
    return games


def theirs(record: dict[str, Any]) -> list[dict[str, Any]]:
    """gnubg's ``gnubg.match()`` in the shape of :func:`ours`."""
    games = []
    for game in record["games"]:
        info = game["info"]
        moves = [
            [a["player"], sorted(a["dice"]), a.get("board")]  # "set": dice rolled and never played (no board)
            for a in game["game"]
            if a.get("action") == "move" or a.get("action") == "set" and a.get("dice")
        ]
        cube = [[a["player"], a["action"]] for a in game["game"] if a.get("action") in ("double", "take", "drop")]
        games.append({
            "score": [info["score-X"], info["score-O"]],
            "winner": info.get("winner"),
            "points": info.get("points-won"),
            "moves": moves,
            "cube": cube,
        })
    return games


@dataclass(frozen=True)
class Verdict:
    """One file: ``equal``, ``refused`` (we refused it: ``detail`` is our error), ``differs`` (both read it,
    differently: ``detail`` says where), ``gnubg-refused`` (gnubg read no match) or ``crash`` (an error
    other than a refusal)."""

    kind: str
    detail: str = ""


def verdict(text: str, gnubg: GnubgRead) -> Verdict:
    """Our reading of ``text`` against gnubg's."""
    from core.record import read_match_file

    try:
        match = read_match_file(text).match
    except InvalidRecordError as exc:
        return Verdict("refused", str(exc))
    except Exception as exc:  # noqa: BLE001 -- anything else is a crash, reported as such
        return Verdict("crash", f"{type(exc).__name__}: {exc}")
    if gnubg.record is None:
        return Verdict("gnubg-refused", "; ".join(gnubg.warnings[:3]))
    mine, gnubgs = ours(match), theirs(gnubg.record)
    if len(mine) != len(gnubgs):
        return Verdict("differs", f"{len(mine)} games, gnubg {len(gnubgs)}")
    for number, (a, b) in enumerate(zip(mine, gnubgs), start=1):
        if a["moves"] and b["moves"] and b["moves"][-1][2] is None:
            a["moves"][-1][2] = None  # gnubg keeps no board for a roll never played
        for key in ("score", "moves", "cube", "winner", "points"):
            if a[key] != b[key]:
                if key == "moves":
                    pairs = enumerate(zip(a[key], b[key]))
                    at = next((i for i, (x, y) in pairs if x != y), min(len(a[key]), len(b[key])))
                    return Verdict("differs", f"game {number}: move {at + 1}: ours {a[key][at:at + 1]}, "
                                   f"gnubg {b[key][at:at + 1]} ({len(a[key])} vs {len(b[key])} moves)")
                return Verdict("differs", f"game {number}: {key}: ours {a[key]}, gnubg {b[key]}")
    return Verdict("equal")
