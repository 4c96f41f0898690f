"""gnubg's IDs along the replay of a .mat file, recorded in ``tests/data/gnubg_5pt_ids.txt``.

The file holds what GNU Backgammon 1.07 shows, so that the app's replay, its "Copy gnubg
ID" / "Copy XGID" and its "Set up from ID" are tested against IDs gnubg produced, also
where gnubg is not installed (the Chromium tests, a laptop). Two kinds of lines:

``walk GAME STEP POSITIONID:MATCHID``
    gnubg imports ``tests/data/gnubg_5pt.mat`` and steps through it with ``next``
    (``mat_walk_script.py``): STEP k of GAME is the position gnubg shows after the
    game's k-th move record -- the app's replay frame k, except at a game's end (see
    ``tests/web/test_records.py``).
``xgid XGID POSITIONID:MATCHID``
    the XGID the app copies for a replay frame with the bottom player on roll, and
    the gnubg ID gnubg shows after ``set xgid`` of it.

Regenerate (needs gnubg; ``tests/gnubg/test_replay_vs_gnubg.py`` checks that the file
is still exactly what gnubg says)::

    python -m tests.gnubg.replay_ids --write
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tests.gnubg.oracle import GNUBG, GnubgOracle

ROOT = Path(__file__).resolve().parents[2]
MAT = ROOT / "tests" / "data" / "gnubg_5pt.mat"
IDS = ROOT / "tests" / "data" / "gnubg_5pt_ids.txt"
SCRIPT = Path(__file__).with_name("mat_walk_script.py")
XGID_SAMPLES = 12


@dataclass(frozen=True)
class WalkStep:
    """gnubg's ID after the ``step``-th move record of game ``game`` (both 1-based)."""

    game: int
    step: int
    gnubg_id: str


@dataclass(frozen=True)
class XgidRead:
    """An XGID and the gnubg ID gnubg shows once it has read it (``set xgid``)."""

    xgid: str
    gnubg_id: str


def read_ids(path: Path = IDS) -> tuple[list[WalkStep], list[XgidRead]]:
    """The recorded lines of ``path`` (comments and blank lines skipped)."""
    walk: list[WalkStep] = []
    reads: list[XgidRead] = []
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        kind, *rest = line.split()
        if kind == "walk":
            walk.append(WalkStep(int(rest[0]), int(rest[1]), rest[2]))
        elif kind == "xgid":
            reads.append(XgidRead(rest[0], rest[1]))
        else:
            raise ValueError(f"{path}: unknown line {line!r}")
    return walk, reads


def gnubg_walk(mat: Path = MAT, gnubg: str = GNUBG) -> list[WalkStep]:
    """Ask gnubg now: import ``mat`` and step through every game (see ``mat_walk_script.py``)."""
    with tempfile.TemporaryDirectory() as home:
        job = Path(home) / "job.json"
        answer = Path(home) / "answer.json"
        job.write_text(json.dumps({"mat": str(mat), "answer": str(answer)}))
        out = subprocess.run(
            [gnubg, "-t", "-q", "-r", "-p", str(SCRIPT)],
            env=dict(os.environ, HOME=home, VIDEAU_MAT_WALK=str(job)),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if out.returncode != 0 or not answer.exists():
            raise RuntimeError(f"gnubg failed (exit {out.returncode}): {out.stderr[-2000:]}")
        rows = json.loads(answer.read_text())
    return [WalkStep(r["game"], r["step"], f"{r['positionid']}:{r['matchid']}") for r in rows]


def sample_xgids() -> list[str]:
    """XGIDs the app copies for replay frames of the file with the bottom player on roll (a spread of them)."""
    sys.path.insert(0, str(ROOT / "web"))
    from app.records.formats import import_mat, position_ids  # noqa: PLC0415 - the app package, found on web/
    from app.records.replay import game_frames

    match = import_mat(MAT.read_text())
    found: list[str] = []
    for index in range(len(match.games)):
        for frame in game_frames(match, index)[1:-1]:
            info = frame.state.match_info()
            xgid = position_ids(frame.state).xgid
            if info.on_roll == 0 and not info.double_offered and xgid is not None:
                found.append(xgid)
    step = max(len(found) // XGID_SAMPLES, 1)
    return found[::step][:XGID_SAMPLES]


def gnubg_reads(xgids: list[str]) -> list[XgidRead]:
    """Ask gnubg now: the gnubg ID it shows after ``set xgid`` of each XGID."""
    states = GnubgOracle().ids_for(xgids, kind="xgid")
    return [XgidRead(x, f"{s['positionid']}:{s['matchid']}") for x, s in zip(xgids, states)]


HEADER = """\
# GNU Backgammon 1.07's IDs for tests/data/gnubg_5pt.mat (a match gnubg played and wrote).
# Made by `python -m tests.gnubg.replay_ids --write` (see tests/gnubg/replay_ids.py):
#   walk GAME STEP ID: gnubg's `import mat`, then `next` record by record; the ID gnubg shows.
#     gnubg draws the file's left-hand player (player 0 of the file) at the top: its IDs
#     name the players the other way round from the app, which draws that player at the bottom.
#   xgid XGID ID: an XGID the app copies for a replay frame, and the ID gnubg shows after `set xgid`.
"""


def render(walk: list[WalkStep], reads: list[XgidRead]) -> str:
    lines = [HEADER]
    lines += [f"walk {w.game} {w.step} {w.gnubg_id}" for w in walk]
    lines += [f"xgid {r.xgid} {r.gnubg_id}" for r in reads]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = render(gnubg_walk(), gnubg_reads(sample_xgids()))
    if "--write" in argv:
        IDS.write_text(text)
        print(f"wrote {IDS}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
