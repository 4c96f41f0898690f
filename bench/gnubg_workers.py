"""A pool of GNU Backgammon processes, each running one Python worker script (for the benchmarks).

Each process is ``gnubg -t -q -p SCRIPT`` with its own temporary ``$HOME`` (gnubg writes its
settings there), stdin and stdout piped, stderr dropped. The script reads requests line by
line on stdin and writes its answer on stdout, ended by a marker line of its own choosing;
gnubg prints other lines too (its board, its ``hint``), which :meth:`GnubgWorkers.read_until`
returns to the caller. Used by bot_loss.py, bot_strength.py and bot_cube.py; not run in CI.

    with GnubgWorkers(4, WORKER, "gnubg-loss-") as pool:
        pool.send(0, "4HPwATDgc/ABMA 3 1")
        lines, answer = pool.read_until(0, "@@ ")
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from types import TracebackType
from typing import IO

Probs5 = tuple[float, float, float, float, float]

GNUBG = "/usr/games/gnubg"


def open_cache(path: str, mode: str) -> IO[str]:
    """A cache of gnubg's answers (JSON lines) opened as text to read ("r"), write ("w") or append
    ("a"); a name ending in ``.gz`` is gzip-compressed (the caches kept in ``bench/data/gnubg``)."""
    if path.endswith(".gz"):
        return gzip.open(path, mode + "t", encoding="utf-8")  # type: ignore[return-value]
    return open(path, mode, encoding="utf-8")


def cached_probs(
    cache: str | None, key: str, keys: list[str], settings: dict[str, object], compute: Callable[[], list[Probs5]]
) -> list[Probs5]:
    """Five probabilities for each of ``keys``, from ``cache`` (JSON lines, one row a key:
    ``{key: k, **settings, "probs": p}``) when it holds exactly these keys, in order, with these
    settings; refused (``SystemExit``) when it holds others, so that a run never reads answers
    to another question; else computed by ``compute`` and, when ``cache`` is named, written there."""
    if cache and os.path.exists(cache):
        with open_cache(cache, "r") as f:
            rows = [json.loads(line) for line in f]
        if [r[key] for r in rows] == keys and all(r[k] == v for r in rows for k, v in settings.items()):
            return [(r["probs"][0], r["probs"][1], r["probs"][2], r["probs"][3], r["probs"][4]) for r in rows]
        named = ", ".join(settings)
        raise SystemExit(f"{cache}: other positions or settings ({named}) than asked; remove it or name another file")
    out = compute()
    if cache:
        with open_cache(cache, "w") as f:
            for k, p in zip(keys, out):
                f.write(json.dumps({key: k, **settings, "probs": p}) + "\n")
    return out


def _pipe(stream: IO[str] | None) -> IO[str]:
    """A worker's pipe (every worker is started with stdin and stdout piped)."""
    if stream is None:
        raise RuntimeError("gnubg worker started without a pipe")
    return stream


class GnubgWorkers:
    """``n`` gnubg processes running ``script`` (the text of a Python script for gnubg's ``-p``)."""

    def __init__(self, n: int, script: str, prefix: str = "gnubg-bench-") -> None:
        if n < 1:
            raise ValueError(f"need at least one gnubg worker, not {n}")
        self.tmp = tempfile.mkdtemp(prefix=prefix)
        path = os.path.join(self.tmp, "worker.py")
        with open(path, "w") as f:
            f.write(script)
        self.procs: list[subprocess.Popen[str]] = []
        for i in range(n):
            home = os.path.join(self.tmp, f"home{i}")
            os.makedirs(home)
            self.procs.append(subprocess.Popen([GNUBG, "-t", "-q", "-p", path], stdin=subprocess.PIPE,
                                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                               env=dict(os.environ, HOME=home), bufsize=1))

    def __len__(self) -> int:
        return len(self.procs)

    def send(self, k: int, line: str, flush: bool = True) -> None:
        """Write one request line to worker ``k`` (``flush=False`` to send several at once)."""
        stdin = _pipe(self.procs[k].stdin)
        stdin.write(line + "\n")
        if flush:
            stdin.flush()

    def flush(self) -> None:
        """Send what every worker was written."""
        for p in self.procs:
            _pipe(p.stdin).flush()

    def read_until(self, k: int, marker: str) -> tuple[list[str], str]:
        """Worker ``k``'s lines up to the first that starts with ``marker``: (the lines before, that line)."""
        before: list[str] = []
        stdout = _pipe(self.procs[k].stdout)
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError("gnubg worker died")
            if line.startswith(marker):
                return before, line
            before.append(line)

    def ask(self, requests: list[str], marker: str) -> list[tuple[list[str], str]]:
        """Each request line answered, in order: one request per worker at a time, each answer
        read up to the line that starts with ``marker`` (as :meth:`read_until`)."""
        out: list[tuple[list[str], str]] = []
        n = len(self.procs)
        for start in range(0, len(requests), n):
            chunk = requests[start : start + n]
            for k, line in enumerate(chunk):
                self.send(k, line)
            out += [self.read_until(k, marker) for k in range(len(chunk))]
        return out

    def close(self) -> None:
        """End every worker (their stdin closed, as the scripts stop at its end) and remove their files."""
        try:
            for p in self.procs:
                _pipe(p.stdin).close()
                p.wait(timeout=30)
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> GnubgWorkers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def apply_gnubg_steps(
    player: tuple[int, ...], opponent: tuple[int, ...], steps: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(mover, opponent) after gnubg's flat (from, to) pairs (25 = bar, 0 = off), mover's numbering.

    The pairs end at the first ``(0, 0)`` or negative ``from`` (how gnubg pads its move tuples).

    >>> start = tuple([0] * 5 + [5, 0, 3, 0, 0, 0, 0, 5] + [0] * 10 + [2, 0])
    >>> me, _ = apply_gnubg_steps(start, start, (8, 5, 6, 5, 0, 0, 0, 0))
    >>> me[4], me[5], me[7]
    (2, 4, 2)
    """
    me, opp = list(player), list(opponent)
    for i in range(0, len(steps), 2):
        s, t = steps[i], steps[i + 1]
        if s < 0 or (s == 0 and t == 0):
            break
        me[s - 1] -= 1
        if t > 0:
            me[t - 1] += 1
            if opp[24 - t] == 1:
                opp[24 - t] = 0
                opp[24] += 1
    return tuple(me), tuple(opp)
