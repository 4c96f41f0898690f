"""Match files both ways with the real GNU Backgammon.

* Matches that the core plays out (random players with cube actions and
  resignations) are exported with :func:`core.record.format_mat` and imported
  by gnubg; gnubg's replay must see, action by action, the same boards, dice,
  scores and results, and print no warning.
* Matches that gnubg plays against itself and exports are imported with
  :func:`core.record.parse_mat`; our replay must match gnubg's own record
  of them the same way.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from randomplay import Style, random_action

from core.match import Match
from core.record import format_mat, parse_mat
from tests.gnubg.oracle import GNUBG, GnubgOracle

pytestmark = pytest.mark.gnubg
SCRIPT = Path(__file__).with_name("mat_script.py")


def run_gnubg(job: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as home:
        job = dict(job, answer=os.path.join(home, "answer.json"))
        job_path = os.path.join(home, "job.json")
        Path(job_path).write_text(json.dumps(job))
        out = subprocess.run(
            [GNUBG, "-t", "-q", "-p", str(SCRIPT)],
            env=dict(os.environ, HOME=home, VIDEAU_MAT_JOB=job_path),
            capture_output=True, text=True, timeout=900, check=False,
        )
        warnings = [line for line in (out.stdout + out.stderr).splitlines() if "WARNING" in line or "nvalid" in line]
        assert not warnings, warnings[:5]
        assert out.returncode == 0, out.stderr[-2000:]
        return dict(json.loads(Path(job["answer"]).read_text()))


def ours(match: Match) -> list[dict[str, Any]]:
    """Each game as gnubg describes it: scores, result, and (player, dice, board) of every move."""
    games = []
    for played in match.games:
        game = played.game
        moves = []
        replay = Match.new(
            match.length,
            beavers=match.beavers,
            names=match.names,
            score=played.score_before,
            crawford_game=played.crawford,
        )
        pending = None  # a roll with no play after it: the roller resigned, gnubg lists it as a move
        for action in game.actions:
            if action.kind == "play":
                g = replay.game
                assert g.dice is not None
                moves.append(("XO"[action.player], sorted(g.dice), g.position.to_id()))
                pending = None
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
            "moves": moves,
        })
    return games


def theirs(record: dict[str, Any]) -> list[dict[str, Any]]:
    games = []
    for game in record["games"]:
        info = game["info"]
        moves = [
            (a["player"], sorted(a["dice"]), a["board"])
            for a in game["game"]
            if a.get("action") == "move"
        ]
        games.append({
            "score": [info["score-X"], info["score-O"]],
            "winner": info.get("winner"),
            "points": info.get("points-won"),
            "moves": moves,
        })
    return games


def random_match(seed: int, length: int) -> Match:
    rnd = random.Random(seed)
    match = Match.new(length, names=("Ann", "Bob"))
    style = Style(double=0.08, resign=0.01, by_steps=0.0, accept=0.6)
    while not match.is_over:
        if length == 0 and len(match.games) >= 3 and match.game.is_over:
            break
        match = random_action(match, rnd, style)
    return match


def test_gnubg_replays_what_we_export(oracle: GnubgOracle) -> None:
    matches = [random_match(seed, length) for seed, length in enumerate([1, 3, 3, 5, 5, 7, 0, 0])]
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, match in enumerate(matches):
            path = os.path.join(tmp, f"m{i}.mat")
            Path(path).write_text(format_mat(match))
            paths.append(path)
        answer = run_gnubg({"import": paths})
    for match, record, path in zip(matches, answer["import"], paths):
        mine, gnubgs = ours(match), theirs(record)
        # a money session's last game may be unfinished here; gnubg keeps it too
        assert len(mine) == len(gnubgs), path
        for number, (a, b) in enumerate(zip(mine, gnubgs), start=1):
            assert a["score"] == b["score"], (path, number)
            assert a["moves"] == b["moves"], (path, number)
            if a["winner"] is not None:
                assert (a["winner"], a["points"]) == (b["winner"], b["points"]), (path, number)


def test_we_replay_what_gnubg_exports(oracle: GnubgOracle) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [{"seed": seed, "length": length, "out": os.path.join(tmp, f"g{seed}.mat")}
                for seed, length in [(1, 3), (2, 5), (3, 7), (4, 1)]]
        answer = run_gnubg({"selfplay": jobs})
        texts = [Path(job["out"]).read_text() for job in jobs]
    for text, record in zip(texts, answer["selfplay"]):
        match = parse_mat(text)
        mine, gnubgs = ours(match), theirs(record)
        assert len(mine) == len(gnubgs)
        for number, (a, b) in enumerate(zip(mine, gnubgs), start=1):
            assert a["score"] == b["score"], number
            assert a["moves"] == b["moves"], number
            assert (a["winner"], a["points"]) == (b["winner"], b["points"]), number
        assert match.is_over
        assert list(match.score) == [
            record["games"][-1]["info"]["score-X"] + (record["games"][-1]["info"]["points-won"]
                                                      if record["games"][-1]["info"]["winner"] == "X" else 0),
            record["games"][-1]["info"]["score-O"] + (record["games"][-1]["info"]["points-won"]
                                                      if record["games"][-1]["info"]["winner"] == "O" else 0),
        ]
