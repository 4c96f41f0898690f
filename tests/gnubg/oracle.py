"""GNU Backgammon as a test oracle: batches of questions, answered by a pool of gnubg processes.

Plain Python, no pytest: the tests use it through ``tests/gnubg/conftest.py``
and benchmarks may import it directly. Each call splits its batch over up to
``processes`` gnubg processes running side by side (``gnubg -t -q -r -p
gnubg_script.py``), each with its own temporary ``$HOME``, its requests and
answers in JSON-lines files, its board printing sent to /dev/null. gnubg
spends about 10 ms per ``hint`` waiting rather than computing, so more
processes than cores pay off.

Example (needs gnubg)::

    oracle = GnubgOracle(processes=4)
    [results] = oracle.legal_results([("4HPwATDgc/ABMA", 3, 1)])
    len(results)  # 16 positions after an opening 31
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

GNUBG = os.environ.get("VIDEAU_GNUBG", "/usr/games/gnubg")
SCRIPT = Path(__file__).with_name("gnubg_script.py")

Case = tuple[str, int, int]
"""(Position ID with the player on roll, die 1, die 2)."""


class OracleError(RuntimeError):
    """gnubg did not answer a request (crashed, refused the ID, timed out)."""


def gnubg_available(path: str = GNUBG) -> bool:
    """True when the gnubg binary exists and is executable."""
    return os.path.isfile(path) and os.access(path, os.X_OK)


def default_processes() -> int:
    """min(4, 2 x cores): gnubg mostly waits, so two per core keep the cores busy."""
    return min(4, 2 * (os.cpu_count() or 1))


class GnubgOracle:
    """Asks gnubg in batches; every method takes a list and answers in the same order."""

    def __init__(self, processes: int | None = None, gnubg: str = GNUBG, timeout: float = 1800.0) -> None:
        self.processes = processes or default_processes()
        self.gnubg = gnubg
        self.timeout = timeout
        self.last_seconds = 0.0
        """Wall time of the last batch (for the timing reports of tests and benchmarks)."""

    # -- what the tests ask ----------------------------------------------------
    def legal_results(self, cases: Sequence[Case]) -> list[set[str]]:
        """For each case, the Position IDs of every position a legal play leaves.

        Each ID is the board after the play with the MOVER still the side on
        roll (not swapped). An empty set: no legal play (gnubg's hint list is
        empty then).
        """
        requests = [{"op": "legal", "pos": pid, "dice": [d1, d2]} for pid, d1, d2 in cases]
        return [set(answer["results"]) for answer in self.ask(requests)]

    def legal_moves(self, cases: Sequence[Case]) -> list[list[tuple[str, str]]]:
        """For each case, gnubg's (notation, resulting Position ID) pairs, for failure reports."""
        requests = [{"op": "legal", "pos": pid, "dice": [d1, d2]} for pid, d1, d2 in cases]
        return [list(zip(a["moves"], a["results"])) for a in self.ask(requests)]

    def ids_for(self, ids: Sequence[str], kind: str = "gnubgid") -> list[dict[str, Any]]:
        """gnubg's state after ``set gnubgid ID`` (``kind="gnubgid"``) or ``set xgid ID`` (``"xgid"``).

        Each answer holds ``positionid``, ``matchid`` (what gnubg would show),
        ``board`` (opponent's side first, player on roll second), ``cubeinfo``
        (cube, cubeowner, move, matchto, score, crawford, jacoby, beavers...) and
        ``posinfo`` (dice, turn, resigned, doubled, gamestate), in gnubg's player
        numbering.
        """
        if kind not in ("gnubgid", "xgid"):
            raise ValueError(f"kind must be 'gnubgid' or 'xgid', not {kind!r}")
        return self.ask([{"op": kind, "id": text} for text in ids])

    def match_ids(self, fields: Iterable[dict[str, Any]]) -> list[str]:
        """gnubg's own Match ID encoder, ``gnubg.matchid(cubeinfo, posinfo)``, once per dict of fields.

        Keys (gnubg's players, cube owner -1 when centred): cube, cubeowner, move,
        matchto, score, crawford, jacoby, turn, resigned, doubled, gamestate, dice.
        """
        return [answer["matchid"] for answer in self.ask([{"op": "matchid", "fields": f} for f in fields])]

    def position_ids(self, boards: Iterable[Sequence[Sequence[int]]]) -> list[tuple[str, list[list[int]]]]:
        """``gnubg.positionid(board)`` and the board gnubg decodes from it, for each board.

        ``board`` = (opponent's 25 counts, player on roll's 25 counts), as gnubg's own.
        """
        requests = [{"op": "positionid", "board": [list(side) for side in board]} for board in boards]
        return [(a["positionid"], a["board"]) for a in self.ask(requests)]

    # -- the pool ----------------------------------------------------------------
    def ask(self, requests: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Send raw requests (see ``gnubg_script.py``); raise :class:`OracleError` on any failure."""
        started = time.perf_counter()
        if not requests:
            return []
        if not gnubg_available(self.gnubg):
            raise OracleError(f"gnubg not found at {self.gnubg}")
        n = min(self.processes, len(requests))
        # Interleaved chunks: neighbouring requests (often alike) spread over processes.
        chunks = [list(range(i, len(requests), n)) for i in range(n)]
        answers: list[dict[str, Any] | None] = [None] * len(requests)
        with ThreadPoolExecutor(max_workers=n) as pool:
            for chunk, chunk_answers in zip(
                chunks, pool.map(lambda c: self._run_one([requests[i] for i in c]), chunks)
            ):
                for i, answer in zip(chunk, chunk_answers):
                    answers[i] = answer
        self.last_seconds = time.perf_counter() - started
        done: list[dict[str, Any]] = []
        for request, answer in zip(requests, answers):
            if answer is None or not answer.get("ok"):
                error = answer.get("error") if answer else "no answer"
                raise OracleError(f"gnubg failed on {request}: {error}")
            done.append(answer)
        return done

    def _run_one(self, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
        work = Path(tempfile.mkdtemp(prefix="videau-gnubg-"))
        try:
            (work / "home").mkdir()
            src, out, err = work / "in.jsonl", work / "out.jsonl", work / "stderr.txt"
            src.write_text("".join(json.dumps(r) + "\n" for r in requests))
            env = {
                **os.environ,
                "HOME": str(work / "home"),
                "VIDEAU_ORACLE_IN": str(src),
                "VIDEAU_ORACLE_OUT": str(out),
            }
            with err.open("wb") as stderr:
                proc = subprocess.run(
                    [self.gnubg, "-t", "-q", "-r", "-p", str(SCRIPT)],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=stderr,
                    env=env,
                    cwd=work,
                    timeout=self.timeout,
                    check=False,
                )
            lines = out.read_text().splitlines() if out.exists() else []
            if len(lines) != len(requests):
                tail = err.read_text(errors="replace")[-2000:]
                raise OracleError(
                    f"gnubg (exit {proc.returncode}) answered {len(lines)} of {len(requests)} requests; "
                    f"stderr ends with:\n{tail}"
                )
            return [json.loads(line) for line in lines]
        finally:
            shutil.rmtree(work, ignore_errors=True)


_DEFAULT: GnubgOracle | None = None


def _default() -> GnubgOracle:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = GnubgOracle()
    return _DEFAULT


def legal_results(cases: Sequence[Case]) -> list[set[str]]:
    """:meth:`GnubgOracle.legal_results` with a default pool."""
    return _default().legal_results(cases)


def ids_for(ids: Sequence[str], kind: str = "gnubgid") -> list[dict[str, Any]]:
    """:meth:`GnubgOracle.ids_for` with a default pool."""
    return _default().ids_for(ids, kind)
