"""The page's one commit path: ``App.commit`` is the only place the page's match changes.

Two kinds of checks:

* from the syntax tree (:mod:`ast`): no module of ``web/app`` but ``page/app.py`` assigns an
  attribute ``match`` of another object (``host.match = ...``, ``self.app.match, b = ...``,
  ``setattr(x, "match", ...)``; an object's own ``self.match``, the analysis panel's, is its own),
  and in ``page/app.py`` only ``App.__init__`` and ``App.commit`` assign it, even on ``self``;
* behaviour, in CPython with stand-ins for the browser's modules: a commit applies the clock's
  rule, saves, draws once and lets the computer act; the computer's play comes through it step by
  step (drawn, not saved) and its decision once (saved); a fallen flag is committed by the clock.
"""

from __future__ import annotations

import ast
import asyncio
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.clock import PRESETS, Clock
from core.match import Match
from core.state import read_session

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "web" / "app"
THE_APP = APP / "page" / "app.py"


# -- who assigns .match ----------------------------------------------------------------------------
def _targets(node: ast.AST) -> Iterator[ast.expr]:
    if isinstance(node, ast.Assign):
        todo = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        todo = [node.target]
    else:
        return
    while todo:
        target = todo.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            todo.extend(target.elts)
        elif isinstance(target, ast.Starred):
            todo.append(target.value)
        else:
            yield target


def match_writes(source: str, *, own: bool = True) -> list[tuple[int, str]]:
    """Where ``source`` assigns an attribute ``match``: (line, enclosing function or ``<module>``).

    ``own``: count ``self.match`` too (else an object's own attribute is left alone)."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
            for target in _targets(child):
                if isinstance(target, ast.Attribute) and target.attr == "match":
                    mine = isinstance(target.value, ast.Name) and target.value.id == "self"
                    if own or not mine:
                        found.append((child.lineno, where))
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id == "setattr"
                and len(child.args) >= 2
                and isinstance(child.args[1], ast.Constant)
                and child.args[1].value == "match"
            ):
                found.append((child.lineno, where))
            visit(child, inside)

    visit(tree, "<module>")
    return found


def test_only_the_app_assigns_the_match() -> None:
    others = {
        str(path.relative_to(ROOT)): writes
        for path in sorted(APP.rglob("*.py"))
        if path != THE_APP and (writes := match_writes(path.read_text(encoding="utf-8"), own=False))
    }
    assert others == {}, "the page's match changes through App.commit only"


def test_in_the_app_only_commit_assigns_the_match() -> None:
    where = {function for _line, function in match_writes(THE_APP.read_text(encoding="utf-8"))}
    assert where == {"__init__", "commit"}


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("host.match = m\n", [(1, "<module>")]),
        ("def f(app):\n    app.match, app.selected = m, None\n", [(2, "f")]),
        ("async def g(h):\n    h.match += 1\n", [(2, "g")]),
        ("def f(a):\n    setattr(a, 'match', m)\n", [(2, "f")]),
        ("class A:\n    def commit(self, m):\n        self.host.match: int = m\n", [(3, "commit")]),
        ("match = host.match\nself.matches = 1\nhost.match.game = 2\n", []),  # reads, another name
        ("def f(self):\n    self.app.match = m\n", [(2, "f")]),
    ],
)
def test_the_check_sees_each_way_of_assigning(source: str, found: list[tuple[int, str]]) -> None:
    assert match_writes(source) == found
    assert match_writes(source, own=False) == found


def test_an_object_s_own_match_is_its_own() -> None:
    source = "class Panel:\n    def open(self, m):\n        self.match = m\n"
    assert match_writes(source, own=False) == [] and match_writes(source) == [(3, "open")]


# -- the commit path's behaviour --------------------------------------------------------------------
class Loose:
    """A browser object that answers anything: attributes, calls, numbers; falsy."""

    def __getattr__(self, name: str) -> Loose:
        return Loose()

    def __call__(self, *args: Any, **kwargs: Any) -> Loose:
        return Loose()

    def __bool__(self) -> bool:
        return False

    def __float__(self) -> float:
        return 0.0

    def __iter__(self) -> Iterator[Any]:
        return iter(())


class Clockwork:
    """``performance.now()``, set by the test."""

    ms = 0.0

    def now(self) -> float:
        return self.ms


@pytest.fixture(scope="module")
def page_module() -> Iterator[types.ModuleType]:
    """``app.page.app`` imported with stand-ins for ``js``, ``pyscript`` and ``pyodide.ffi``; all undone after."""
    before = dict(sys.modules)
    window = Loose()
    window.navigator = types.SimpleNamespace(languages=[])  # no Web Locks: the computer's turn goes on without
    window.matchMedia = lambda _query: types.SimpleNamespace(matches=True)  # less motion: no animation
    window.performance = Clockwork()
    pyscript = types.ModuleType("pyscript")
    pyscript.document, pyscript.window = Loose(), window  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.to_js = lambda value, **_kw: value  # type: ignore[attr-defined]
    ffi.jsnull = object()  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    js = types.ModuleType("js")
    js.__getattr__ = lambda name: Loose()  # type: ignore[method-assign]
    sys.modules.update({"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi, "js": js})
    try:
        import app.page.app as module

        yield module
    finally:
        for name in set(sys.modules) - set(before):  # what saw the stand-ins (the core's modules stay)
            if name.split(".")[0] in ("app", "js", "pyscript", "pyodide"):
                del sys.modules[name]
        sys.modules.update(before)


class Recorder:
    """What the App drew and scheduled, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []


def make_app(page: types.ModuleType, match: Match | None = None) -> Any:
    """A real App on memory storage, its drawing and the computer's scheduling recorded (no DOM)."""
    from app.page.storage.match_store import MatchStore, MemoryStorage

    app = page.App()
    app.storage = MemoryStorage()
    app.store = MatchStore(app.storage)
    record = Recorder()
    app.events = record.events

    def redraw(moves: Any = (), *, rolled: bool = False) -> None:
        record.events.append(("redraw", app.match, tuple(moves), rolled, app.notice))

    app.redraw = redraw
    real_schedule = app.schedule_bot

    def schedule_bot() -> None:
        record.events.append(("schedule", app.match))
        real_schedule()

    app.schedule_bot = schedule_bot
    if match is not None:
        app.renew()
        app.commit(match, shown=False)
    app.events.clear()
    return app


def saved(app: Any) -> Match:
    text = app.store.text
    assert text is not None
    return read_session(text).match


OPENED = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1)


def test_a_commit_applies_saves_draws_and_schedules_once(page_module: types.ModuleType) -> None:
    app = make_app(page_module, OPENED)
    app.selected = "8"
    after = OPENED.play("8/5 6/5")
    app.commit(after, note="noted", moves=(("8", "5"),), rolled=False)
    assert app.match is after and app.selected is None and app.notice == "noted"
    assert saved(app) == after  # saved before it is drawn
    assert app.events == [("redraw", after, (("8", "5"),), False, "noted"), ("schedule", after)]


def test_a_commit_keeps_the_notice_when_asked_and_may_skip_the_save(page_module: types.ModuleType) -> None:
    app = make_app(page_module, OPENED)
    app.say("kept", "error")
    step = OPENED.step(8, 5)
    app.commit(step, note=None, save=False)
    assert app.notice == "kept" and app.notice_kind == "error"
    assert saved(app) == OPENED  # a step shown, not saved
    assert [e[0] for e in app.events] == ["redraw", "schedule"]


def test_act_goes_through_the_commit_and_a_refusal_changes_nothing(page_module: types.ModuleType) -> None:
    app = make_app(page_module, OPENED)
    commits: list[Match] = []
    real = app.commit
    app.commit = lambda match, **kw: (commits.append(match), real(match, **kw))[-1]
    assert app.act(lambda m: m.play("8/5 6/5"))
    assert commits == [app.match] and saved(app) == app.match and app.match.game.turn == 1
    before = app.match
    assert not app.act(lambda m: m.move(24, 1))  # not this player's turn to move: refused by the core
    assert app.match is before and len(commits) == 1 and app.notice


def test_another_tab_s_save_is_committed_as_it_is(page_module: types.ModuleType) -> None:
    """Loaded through the commit (a new generation: a computer's turn in flight stops), never saved again."""
    from app.page.storage.match_store import MatchStore
    from app.page.storage.storage_keys import REV_KEY

    app = make_app(page_module, OPENED)
    other_tab = MatchStore(app.storage)
    assert other_tab.load().match == OPENED
    theirs = OPENED.play("8/5 6/5")
    assert other_tab.save(theirs) == "saved"
    revision = app.storage.get(REV_KEY)
    generation = app.generation
    app.saves.reload("another tab")
    assert app.match == theirs and app.notice == "another tab" and app.generation == generation + 1
    assert app.storage.get(REV_KEY) == revision and app.store.is_current()
    assert [e[0] for e in app.events] == ["redraw", "schedule"]


def test_a_match_by_link_keeps_what_its_saves_hand_back(page_module: types.ModuleType) -> None:
    app = make_app(page_module, OPENED)
    base = OPENED

    class LinkSaves:
        def save(self) -> Match | None:
            return base  # the link could not carry the change: back to where the turn began

    app.saves = LinkSaves()
    app.commit(OPENED.step(8, 5))
    assert app.match is base
    assert app.events[0][1] is base  # drawn as kept


def test_an_action_after_the_flag_fell_is_lost_on_time(page_module: types.ModuleType) -> None:
    app = make_app(page_module, OPENED)
    app.clocks.choose(PRESETS["move30"])
    app.renew()
    app.store.new_match()
    app.commit(OPENED, shown=False)  # the clock starts with the match
    assert isinstance(app.clocks.clock, Clock)
    page_module.window.performance.ms = 200_000.0  # past the 30 s a move and the 2 min reserve
    app.commit(OPENED.play("8/5 6/5"))
    assert app.match.is_over and saved(app).is_over
    page_module.window.performance.ms = 0.0


def test_the_clock_commits_a_fallen_flag(page_module: types.ModuleType) -> None:
    app = make_app(page_module)
    app.clocks.choose(PRESETS["move30"])
    app.renew()
    app.store.new_match()
    app.commit(OPENED, shown=False)
    app.events.clear()
    page_module.window.performance.ms = 10_000_000.0
    app.clocks.tick()
    assert app.match.is_over and saved(app) == app.match
    assert [e[0] for e in app.events] == ["redraw", "schedule"]
    page_module.window.performance.ms = 0.0


def test_the_computer_plays_through_the_commit(page_module: types.ModuleType) -> None:
    """Its play shown step by step (drawn, not saved), its decision committed once (saved), drawn once it let go."""
    from app.page.computer import turns
    from app.page.computer.opponent import load_bot

    app = make_app(page_module, OPENED.play("8/5 6/5").roll_with((6, 4)))
    app.bot, app.bot_player = load_bot("beginner"), 1
    commits: list[tuple[Match, dict[str, Any]]] = []
    real = app.commit

    def commit(match: Match, **kw: Any) -> None:
        commits.append((match, kw))
        real(match, **kw)

    app.commit = commit
    before = app.match
    asyncio.run(turns.bot_turn(app))
    steps = [c for c in commits if c[1].get("save") is False]
    decisions = [c for c in commits if c[1].get("save", True)]
    assert before.game.dice == (6, 4) and len(steps) == 2  # one commit a step of its 64, each with its checker
    assert [len(m.game.turn_in_progress.steps) for m, _kw in steps] == [1, 2]  # type: ignore[union-attr]
    assert all(kw["moves"] for _m, kw in steps)
    assert len(decisions) == 1 and decisions[0][1].get("shown") is False
    assert app.match is decisions[0][0] and app.match.game.turn == 0 and not app.bot_busy
    assert saved(app) == app.match  # the decision saved; the steps before it were not
    assert app.events[-1][0] == "redraw" and app.events[-1][1] is app.match  # drawn once the computer let go
