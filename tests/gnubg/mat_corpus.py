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

GNUBG = os.environ.get("VIDEAU_GNUBG", "/usr/games/gnubg")  # as tests/gnubg/oracle.py finds it
SCRIPT = Path(__file__).with_name("mat_import_script.py")
_NOISE = re.compile(r"^(\s*$| GNU Backgammon|\s+Match ID|\s*[+|v^]|.*points? match|\s+\d+ points?$)")


@dataclass(frozen=True)
class GnubgRead:
    """What gnubg made of one file: its ``gnubg.match()`` (``None`` if it read no match) and its warnings."""

    record: dict[str, Any] | None
    warnings: tuple[str, ...]


def _run_once(paths: Sequence[str], home: str) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """One gnubg process over ``paths`` (safe names): its records, as many as it wrote, and warnings."""
    answer = os.path.join(home, "answer.jsonl")
    job = os.path.join(home, "job.json")
    Path(job).write_text(json.dumps({"files": list(paths), "answer": answer}))
    if os.path.exists(answer):
        os.remove(answer)
    out = subprocess.run(
        ["stdbuf", "-oL", "-eL", GNUBG, "-t", "-q", "-p", str(SCRIPT)],
        env=dict(os.environ, HOME=home, VIDEAU_MAT_IMPORT=job),
        capture_output=True, text=True, timeout=1800, check=False,
    )
    lines = Path(answer).read_text().splitlines() if os.path.exists(answer) else []
    warnings: list[list[str]] = [[] for _ in paths]
    current = -1
    for line in out.stdout.splitlines():
        if line.startswith("@@FILE "):
            current = int(line.split()[1])
        elif 0 <= current < len(paths) and ("WARNING" in line or "nvalid" in line or "rror" in line):
            warnings[current].append(line.strip())
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except ValueError:
            break
    return records, warnings


def _run(paths: Sequence[str]) -> list[GnubgRead]:
    """gnubg over ``paths``, started again after any file that makes it crash (that file: no record)."""
    reads: list[GnubgRead] = []
    with tempfile.TemporaryDirectory() as home:
        safe = []
        for index, path in enumerate(paths):  # names without spaces or quotes for gnubg's command line
            link = os.path.join(home, f"f{index}{Path(path).suffix.lower() or '.mat'}")
            os.symlink(os.path.abspath(path), link)
            safe.append(link)
        while len(reads) < len(safe):
            rest = safe[len(reads):]
            records, warnings = _run_once(rest, home)
            for record, warned in zip(records, warnings):
                if "error" in record or not record.get("games"):
                    reads.append(GnubgRead(None, tuple(warned)))
                else:
                    reads.append(GnubgRead(record, tuple(warned)))
            if len(records) < len(rest):  # gnubg died on this file
                reads.append(GnubgRead(None, ("gnubg crashed",) + tuple(warnings[len(records)])))
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
        moves: list[list[Any]] = []
        for a in game["game"]:
            if a.get("action") == "move" or a.get("action") == "set" and a.get("dice"):
                # "set": dice rolled and never played (no board)
                move = [a["player"], sorted(a["dice"]), a.get("board")]
                if moves and moves[-1][:2] == move[:2] and not a.get("move"):
                    # gnubg's artefact: meeting Galaxy's "Losses" line at column 0 after a roll with no
                    # play, gnubg records the same roll again, by the same player (no game has that)
                    continue
                moves.append(move)
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
    differently: ``detail`` says where), ``gnubg-warned`` (both read it, differently, and gnubg warned
    that its reading went wrong: an invalid move), ``gnubg-refused`` (gnubg read no match, or crashed)
    or ``crash`` (an error other than a refusal)."""

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
    found = _compare(ours(match), theirs(gnubg.record))
    if found is not None and gnubg.warnings:  # gnubg said that its own reading went wrong
        return Verdict("gnubg-warned", f"{found}; gnubg: {gnubg.warnings[0]}")
    return Verdict("equal") if found is None else Verdict("differs", found)


def _compare(mine: list[dict[str, Any]], gnubgs: list[dict[str, Any]]) -> str | None:
    """Where the two readings first differ, ``None`` where they agree."""
    if len(mine) != len(gnubgs):
        return f"{len(mine)} games, gnubg {len(gnubgs)}"
    for number, (a, b) in enumerate(zip(mine, gnubgs), start=1):
        if a["moves"] and b["moves"] and b["moves"][-1][2] is None:
            a["moves"][-1][2] = None  # gnubg keeps no board for a roll never played
        for key in ("score", "moves", "cube", "winner", "points"):
            if a[key] != b[key]:
                if key == "moves":
                    pairs = enumerate(zip(a[key], b[key]))
                    at = next((i for i, (x, y) in pairs if x != y), min(len(a[key]), len(b[key])))
                    return (f"game {number}: move {at + 1}: ours {a[key][at:at + 1]}, "
                            f"gnubg {b[key][at:at + 1]} ({len(a[key])} vs {len(b[key])} moves)")
                return f"game {number}: {key}: ours {a[key]}, gnubg {b[key]}"
    return None
