"""The analysis in Web Workers (#44): the match cut into parts, graded off the page's thread.

:mod:`app.records.analysis_panel` calls :func:`start_pool` when Analyse is asked (never
before: each worker starts its own Pyodide, seconds of work and a heap of its own), before it
counts the match's decisions, so that the workers start meanwhile. It starts one worker
(``analysis-worker.mjs``) per core the browser reports (``hardwareConcurrency``, at most
:data:`MAX_WORKERS`); :meth:`WorkerPool.analyse` sends each the match, then parts of it
(:func:`core.analysis.split.plan_parts`, largest first), :data:`AHEAD` at a time to each worker
so that none waits for the page between two parts, the next to whichever worker finishes one,
and merges the parts' decisions in match order (:func:`core.analysis.split.merge_parts`): the
same analysis as the page's own. The page's thread only passes messages, so the board keeps
answering. :meth:`WorkerPool.terminate` ends every worker at once (Cancel). :class:`WorkersFailed`
says a worker could not start or run: the panel then analyses on the page's thread instead.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from core.analysis import Decision, Depth, MatchAnalysis
from core.analysis.split import Part, merge_parts, pack_job, plan_parts, unpack_decision
from core.match import Match

WORKER_URL = "./analysis-worker.mjs"
MAX_WORKERS = 4
"""At most this many workers: each is a Pyodide of its own (its start and its memory)."""

AHEAD = 2
"""Parts a worker holds at once (the one it grades, the next queued in its messages) while many are
left; one each for the last ones, so that the workers end close together."""


class WorkersFailed(Exception):
    """A worker could not start, or failed on a part (the message says why)."""


def worker_count() -> int:
    """How many workers to start: one per core the browser reports, at most :data:`MAX_WORKERS`;
    0 where the browser has no module workers."""
    if not hasattr(js, "Worker"):
        return 0
    cores = js.navigator.hardwareConcurrency
    cores = int(cores) if isinstance(cores, (int, float)) and cores >= 1 else 1
    return max(1, min(MAX_WORKERS, cores))


class WorkerPool:
    """The workers of one analysis and the messages they sent, queued for :meth:`analyse`."""

    def __init__(self, count: int) -> None:
        self.events: asyncio.Queue[tuple[int, Any]] = asyncio.Queue()
        self.workers: list[Any] = []
        self.proxies: list[Any] = []
        self.ended = False
        options = to_js({"type": "module", "name": "videau-analysis"}, dict_converter=js.Object.fromEntries)
        try:
            for index in range(count):
                worker = js.Worker.new(WORKER_URL, options)
                self.workers.append(worker)
                on_message = create_proxy(lambda event, i=index: self.events.put_nowait((i, event.data)))
                on_error = create_proxy(lambda event, i=index: self.events.put_nowait((i, {"error": _why(event)})))
                self.proxies += [on_message, on_error]
                worker.addEventListener("message", on_message)
                worker.addEventListener("error", on_error)
                worker.addEventListener("messageerror", on_error)
        except Exception as exc:  # a browser that refuses module workers (or this script)
            self.terminate()
            raise WorkersFailed(str(exc)) from exc

    def terminate(self) -> None:
        """End every worker now (their work is lost) and wake :meth:`analyse`, which returns ``None``."""
        if self.ended:
            return
        self.ended = True
        for worker in self.workers:
            worker.terminate()
        for proxy in self.proxies:
            proxy.destroy()
        self.proxies = []
        self.events.put_nowait((-1, None))

    async def analyse(
        self,
        match: Match,
        depth: Depth | None,
        games: list[int],
        on_progress: Callable[[int], None],
    ) -> MatchAnalysis | None:
        """Grade ``match`` (whose decisions are of ``games``, :func:`core.analysis.split.decision_games`)
        at ``depth`` over the workers; ``on_progress(done)`` after each decision graded. ``None``
        once :meth:`terminate` was called; raises :class:`WorkersFailed` when a worker fails."""
        job = to_js(pack_job(match, depth))
        parts = plan_parts(games, len(self.workers))
        todo = list(range(len(parts)))  # the parts not given yet, by index, in the order given
        busy: dict[int, list[int]] = {index: [] for index in range(len(self.workers))}  # worker -> its parts, in order
        graded: dict[int, list[Decision]] = {i: [] for i in range(len(parts))}
        done = finished = 0
        for worker in self.workers:
            worker.postMessage(to_js({"op": "job", "data": job}, dict_converter=js.Object.fromEntries))
        for held in range(1, AHEAD + 1):  # each worker its first part, then its next (largest first, in turn)
            for index in range(len(self.workers)):
                self._give(index, todo, busy, parts, held)
        js.performance.mark("videau:analysis-sent")
        while finished < len(parts):
            index, data = await self.events.get()
            if self.ended:
                return None
            if isinstance(data, dict):  # an error event, put as such by its listener
                message = data
            elif hasattr(data, "to_py"):
                message = data.to_py(depth=1)
            else:
                continue
            if "error" in message or "fatal" in message:
                raise WorkersFailed(str(message.get("fatal") or message.get("error")))
            number = message.get("part")
            if number not in graded or not busy[index] or busy[index][0] != number:
                continue
            if "decision" in message:  # one decision: unpickled now, a few milliseconds
                raw = message["decision"]
                graded[number].append(unpack_decision(bytes(raw) if isinstance(raw, memoryview) else raw.to_bytes()))
                done += 1
                on_progress(done)
            elif "end" in message:
                if message["end"] != len(graded[number]):
                    raise WorkersFailed(f"part {number}: {len(graded[number])} decisions came of {message['end']}")
                busy[index].pop(0)
                finished += 1
                self._give(index, todo, busy, parts, AHEAD)
        js.performance.mark("videau:analysis-graded")
        return merge_parts(match, ((parts[i], decisions) for i, decisions in graded.items()), len(games))

    def _give(
        self, index: int, todo: list[int], busy: dict[int, list[int]], parts: tuple[Part, ...], most: int
    ) -> None:
        """Give worker ``index`` the next parts of ``todo`` until it holds ``most`` (one only for the
        last parts, fewer than :data:`AHEAD` a worker)."""
        if len(todo) <= AHEAD * len(self.workers):
            most = 1
        while todo and len(busy[index]) < most:
            number = todo.pop(0)
            busy[index].append(number)
            part = parts[number]
            message = {"op": "part", "id": number, "start": part.start, "stop": part.stop}
            self.workers[index].postMessage(to_js(message, dict_converter=js.Object.fromEntries))


def _why(event: Any) -> str:
    text = getattr(event, "message", None)
    return str(text) if text else "the analysis worker could not start"


def start_pool() -> WorkerPool:
    """The workers for an analysis, started now (each loads Python and the bot's net, seconds,
    while the page counts the decisions); raises :class:`WorkersFailed`."""
    count = worker_count()
    if count == 0:
        raise WorkersFailed("this browser has no Web Workers")
    return WorkerPool(count)
