"""Practice grading off the page's thread (#59): the worker's side in CPython, and the page's side
(``app.page.practice.grader``, the panel's fallback) with stand-ins for ``js`` and ``pyodide.ffi``:
a stand-in Worker answers as ``analysis-worker.mjs`` does, by :class:`core.analysis.cards.CardGrader`."""

from __future__ import annotations

import asyncio
import json
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from app.page.practice.session import Asking
from core.analysis.cards import CardGrader, Graded, grade_card, pack_grading, read_graded, unpack_grading
from core.analysis.engine import Engine
from core.analysis.lessons import lesson_cards
from core.practice import OPENING_31, Card


def test_the_workers_grade_is_the_pages() -> None:
    grader, engine = CardGrader(), Engine()
    cards = [Card.new(OPENING_31), *lesson_cards("cube")[1:3]]
    answers = {
        "move": ["8/5 6/5", "24/21 6/5", "13/10 6/5"],
        "double": ["Double", "No double"],
        "take": ["Take", "Pass"],
    }
    assert {card.kind for card in cards} == {"move", "double", "take"}
    for card in cards:
        for answer in answers[card.kind]:
            assert read_graded(grader.grade(pack_grading(card, answer))) == grade_card(engine, card, answer)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[]", "an object with a card and an answer"),
        ('{"card": {"xgid": "XGID=x"}, "answer": "Take"}', "not a valid XGID"),
        ('{"card": {}, "answer": 3}', "an object with a card and an answer"),
        ("{" * 40, "nested"),
        ('"' + "x" * 5000 + '"', "characters"),
    ],
)
def test_a_bad_grading_request_is_refused_saying_why(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        unpack_grading(text)


def test_a_request_round_trips() -> None:
    card = Card.new(OPENING_31, played="24/21 6/5", best="8/5 6/5", loss=0.2, source="match")
    assert unpack_grading(pack_grading(card, "8/5 6/5")) == (card, "8/5 6/5")


class Proxy:
    """``create_proxy``'s stand-in: the function, which can be destroyed."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function, self.destroyed = function, False

    def __call__(self, *args: Any) -> Any:
        return self.function(*args)

    def destroy(self) -> None:
        self.destroyed = True


class StandInWorker:
    """A worker as ``analysis-worker.mjs`` answers: each "grade" message graded by CardGrader, answered
    on the loop's next turn; ``fatal`` makes it answer as a worker whose Python could not start."""

    made: list[StandInWorker] = []
    fatal = ""

    def __init__(self, url: str, options: Any) -> None:
        self.url, self.options = url, options
        self.listeners: dict[str, list[Any]] = {}
        self.posted: list[dict[str, Any]] = []
        self.grader = CardGrader()
        self.ended = False
        StandInWorker.made.append(self)

    @classmethod
    def new(cls, url: str, options: Any) -> StandInWorker:
        return cls(url, options)

    def addEventListener(self, kind: str, listener: Any) -> None:  # noqa: N802 - the browser's name
        self.listeners.setdefault(kind, []).append(listener)

    def postMessage(self, message: dict[str, Any]) -> None:  # noqa: N802 - the browser's name
        self.posted.append(message)
        if StandInWorker.fatal:
            reply: dict[str, Any] = {"fatal": StandInWorker.fatal}
        else:
            reply = {"graded": message["id"], "reply": self.grader.grade(message["request"])}
        event = types.SimpleNamespace(data=reply)
        asyncio.get_running_loop().call_soon(lambda: [f(event) for f in self.listeners["message"]])

    def terminate(self) -> None:
        self.ended = True


@pytest.fixture
def grader_module() -> Iterator[types.ModuleType]:
    """``app.page.practice.grader`` imported with stand-ins for ``js`` and ``pyodide.ffi``; undone after."""
    before = dict(sys.modules)
    js = types.ModuleType("js")
    js.Worker = StandInWorker  # type: ignore[attr-defined]
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **_kw: value  # type: ignore[attr-defined]
    ffi.jsnull = None  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi})
    sys.modules.pop("app.page.practice.grader", None)
    StandInWorker.made, StandInWorker.fatal = [], ""
    try:
        import app.page.practice.grader as module

        yield module
    finally:
        for name in set(sys.modules) - set(before):
            if name.split(".")[0] in ("app", "js", "pyodide"):
                del sys.modules[name]
        sys.modules.update(before)


def test_the_page_sends_the_answer_and_awaits_the_workers_grade(grader_module: types.ModuleType) -> None:
    grader = grader_module.start_grader()
    assert grader is not None
    [worker] = StandInWorker.made
    assert worker.url == "./analysis-worker.mjs" and worker.options["name"] == "videau-practice"
    card = Card.new(OPENING_31)

    async def two_answers() -> list[Graded]:
        return list(await asyncio.gather(grader.grade(card, "24/21 6/5"), grader.grade(card, "8/5 6/5")))

    wrong, right = asyncio.run(two_answers())
    assert (wrong.right, right) == (False, Graded(True, 0.0, "8/5 6/5"))
    assert [json.loads(m["request"])["answer"] for m in worker.posted] == ["24/21 6/5", "8/5 6/5"]
    assert [m["id"] for m in worker.posted] == [1, 2] and not grader.waiting
    grader.terminate()
    assert worker.ended and all(not isinstance(p, Proxy) or p.destroyed for p in [*worker.listeners["message"]])


def test_a_worker_that_could_not_start_fails_each_grade_at_once(grader_module: types.ModuleType) -> None:
    grader = grader_module.start_grader()
    StandInWorker.fatal = "Pyodide could not load"
    card = Card.new(OPENING_31)
    with pytest.raises(grader_module.GraderFailed, match="Pyodide could not load"):
        asyncio.run(grader.grade(card, "8/5 6/5"))
    sent = len(StandInWorker.made[0].posted)
    with pytest.raises(grader_module.GraderFailed):  # refused at once: nothing more sent to it
        asyncio.run(grader.grade(card, "8/5 6/5"))
    assert len(StandInWorker.made[0].posted) == sent


def test_an_answer_that_is_no_grade_fails(grader_module: types.ModuleType) -> None:
    grader = grader_module.start_grader()
    worker = StandInWorker.made[0]
    worker.grader.grade = lambda _request: '{"right": "yes"}'  # type: ignore[method-assign]
    with pytest.raises(grader_module.GraderFailed, match="a grade"):
        asyncio.run(grader.grade(Card.new(OPENING_31), "8/5 6/5"))


def test_no_worker_in_this_browser_means_the_page_grades(grader_module: types.ModuleType) -> None:
    del sys.modules["js"].Worker
    assert grader_module.start_grader() is None


def test_the_panel_grades_on_the_page_when_the_worker_fails(
    grader_module: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The panel asks the worker, and on its failure grades on the page's thread (the same grade), from then on."""
    pyscript = types.ModuleType("pyscript")
    pyscript.window = pyscript.document = types.SimpleNamespace()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    from app.page.practice.practice_panel import PracticePanel

    panel = PracticePanel(types.SimpleNamespace())  # type: ignore[arg-type]
    panel.grader = grader_module.start_grader()
    asking = Asking.of(Card.new(OPENING_31)).typed("24/21 6/5")
    by_worker = asyncio.run(panel.graded(asking, "24/21 6/5"))
    assert by_worker[1] == "worker"
    StandInWorker.fatal = "the worker broke"
    by_page = asyncio.run(panel.graded(asking, "24/21 6/5"))
    assert by_page == (by_worker[0], "page") and panel.grader is None and StandInWorker.made[0].ended
