"""Practice answers graded off the page's thread (#59): one Web Worker, the analysis's own script.

The practice dialog starts a :class:`WorkerGrader` as it opens (:func:`start_grader`), so that the
worker (``analysis-worker.mjs``, a Pyodide of its own, seconds to start) is ready by the first
answer; :meth:`WorkerGrader.grade` sends it the card and the answer
(:func:`core.analysis.cards.pack_grading`) and awaits its grade
(:class:`core.analysis.cards.CardGrader`: the evaluation the hints use), while the page's thread
only passes messages and the dialog keeps answering. :class:`GraderFailed` says the worker could
not start, or failed: the panel then grades on the page's thread, in slices, as before.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from core.analysis.cards import Graded, pack_grading, read_graded
from core.practice import Card

__all__ = ["WORKER_URL", "GraderFailed", "WorkerGrader", "start_grader"]

WORKER_URL = "./analysis-worker.mjs"


class GraderFailed(Exception):
    """The grading worker could not start, failed, or answered what is no grade (the message says why)."""


class WorkerGrader:
    """The practice's worker and the answers it is grading, each awaited by its number."""

    def __init__(self) -> None:
        self.waiting: dict[int, asyncio.Future[str]] = {}
        self.sent = 0
        self.failed = ""
        """Why the worker failed ("" while it works): every later grade is refused at once."""
        options = to_js({"type": "module", "name": "videau-practice"}, dict_converter=js.Object.fromEntries)
        try:
            self.worker = js.Worker.new(WORKER_URL, options)
        except Exception as exc:  # a browser that refuses module workers (or this script)
            raise GraderFailed(str(exc)) from exc
        self.proxies = [create_proxy(self.on_message), create_proxy(self.on_error)]
        self.worker.addEventListener("message", self.proxies[0])
        self.worker.addEventListener("error", self.proxies[1])
        self.worker.addEventListener("messageerror", self.proxies[1])

    def on_message(self, event: Any) -> None:
        data = event.data
        message = data.to_py(depth=1) if hasattr(data, "to_py") else data
        if not isinstance(message, dict):
            return
        if "fatal" in message:
            self.fail(str(message["fatal"]))
            return
        future = self.waiting.pop(message.get("graded", -1), None)
        if future is not None and not future.done():
            future.set_result(str(message.get("reply", "")))

    def on_error(self, event: Any) -> None:
        text = getattr(event, "message", None)
        self.fail(str(text) if text else "the grading worker could not start")

    def fail(self, why: str) -> None:
        """The worker is of no more use: every answer it holds, and every later one, fails with ``why``."""
        self.failed = why or "the grading worker failed"
        waiting, self.waiting = self.waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(GraderFailed(self.failed))

    async def grade(self, card: Card, answer: str) -> Graded:
        """``answer`` to ``card`` graded by the worker; :class:`GraderFailed` when it cannot be."""
        if self.failed:
            raise GraderFailed(self.failed)
        self.sent += 1
        number = self.sent
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.waiting[number] = future
        message = {"op": "grade", "id": number, "request": pack_grading(card, answer)}
        self.worker.postMessage(to_js(message, dict_converter=js.Object.fromEntries))
        reply = await future
        try:
            return read_graded(reply)
        except ValueError as exc:
            raise GraderFailed(str(exc)) from exc

    def terminate(self) -> None:
        """End the worker now (the answers it holds fail)."""
        self.fail("the grading worker was ended")
        self.worker.terminate()
        for proxy in self.proxies:
            proxy.destroy()
        self.proxies = []


def start_grader() -> WorkerGrader | None:
    """The practice's grading worker, started now; ``None`` where the browser has no module workers
    or refuses this one (the page's thread grades then)."""
    if not hasattr(js, "Worker"):
        return None
    try:
        return WorkerGrader()
    except GraderFailed:
        return None
