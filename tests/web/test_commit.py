"""The page's runner (``App.dispatch``, :mod:`app.page.app`) in CPython, with stand-ins for the
browser's modules: it steps each action (:mod:`app.page.step`), carries the effects out in order
(save, draw, keep the board, start the computer's turn), and steps an effect's answer at once; the
computer's play comes through it step by step (drawn, not saved) and its decision once (saved); a
fallen flag is committed on the clock's beat. The syntax-tree checks of the reducer are in
``tests/web/test_step_purity.py``; whole games through the pure step in ``tests/web/test_step_games.py``.
"""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from app.page.step import Commit
from core.clock import PRESETS, Clock
from core.match import Match
from core.state import read_session


# -- the runner's behaviour ----------------------------------------------------------------------------
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
    """What the App drew and the effects it carried out, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []


def make_app(page: types.ModuleType, match: Match | None = None) -> Any:
    """A real App on memory storage, its drawing and its effects recorded (no DOM)."""
    from app.page.step import Install
    from app.page.storage.match_store import MatchStore, MemoryStorage

    app = page.App()
    app.storage = MemoryStorage()
    app.store = MatchStore(app.storage)
    record = Recorder()
    app.events = record.events

    def redraw(moves: Any = (), *, rolled: bool = False) -> None:
        record.events.append(("redraw", app.match, tuple(moves), rolled, app.notice))

    app.redraw = redraw
    real_perform = app.perform

    def perform(effect: Any) -> Any:
        if type(effect).__name__ != "Draw":
            record.events.append((type(effect).__name__, app.match))
        return real_perform(effect)

    app.perform = perform
    if match is not None:
        app.dispatch(Install(match, shown=False))
    app.events.clear()
    return app


def saved(app: Any) -> Match:
    text = app.store.text
    assert text is not None
    return read_session(text).match


def kinds(app: Any) -> list[str]:
    return [e[0] for e in app.events]


OPENED = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1)


def test_a_commit_applies_saves_draws_and_keeps_the_board(page_module: types.ModuleType) -> None:
    from app.page.step import Select

    app = make_app(page_module, OPENED)
    app.dispatch(Select(8))
    assert app.selected == 8
    after = OPENED.play("8/5 6/5")
    app.dispatch(Commit(after, note="noted", moves=((8, 5),), rolled=False))
    assert app.match is after and app.selected is None and app.notice == "noted"
    assert saved(app) == after  # saved before it is drawn
    assert kinds(app) == ["redraw", "Save", "redraw", "KeepBoard"]
    assert app.events[2] == ("redraw", after, ((8, 5),), False, "noted")


def test_a_commit_keeps_the_notice_when_asked_and_may_skip_the_save(page_module: types.ModuleType) -> None:
    app = make_app(page_module, OPENED)
    app.say("kept", "error")
    step = OPENED.step(8, 5)
    app.dispatch(Commit(step, note=None, save=False))
    assert app.notice == "kept" and app.notice_kind == "error"
    assert saved(app) == OPENED  # a step shown, not saved
    assert kinds(app) == ["redraw", "KeepBoard"]


def test_a_play_goes_through_the_step_and_a_refusal_changes_nothing(page_module: types.ModuleType) -> None:
    from app.page.step import Choose, Do

    app = make_app(page_module, OPENED)
    app.dispatch(Choose(8))
    app.dispatch(Choose(5))
    app.dispatch(Choose(6))
    app.dispatch(Choose(5))
    app.dispatch(Do("confirm"))
    assert saved(app) == app.match and app.match.game.turn == 1 and app.match.game.phase == "roll"
    before = app.match
    app.dispatch(Do("take"))  # nothing to take: refused by the core
    assert app.match is before and app.notice and app.notice_kind == "error"


def test_another_tab_s_save_is_installed_as_it_is(page_module: types.ModuleType) -> None:
    """Installed (a new generation: a computer's turn in flight stops), never saved again."""
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
    assert "Save" not in kinds(app) and "redraw" in kinds(app)


def test_a_match_by_link_keeps_what_its_saves_hand_back(page_module: types.ModuleType) -> None:
    from app.page.step import Kept, Mode

    app = make_app(page_module, OPENED)
    base = OPENED

    class LinkSaves:
        def mode(self) -> Mode:
            return Mode("link", 0)

        def save(self) -> Kept:
            return Kept(base, True, note="refused")  # the link could not carry the change: back to where the turn began

        def leave(self) -> None: ...

    app.open_by_link(LinkSaves(), OPENED)
    app.events.clear()
    app.dispatch(Commit(OPENED.step(8, 5)))
    assert app.match is base
    assert app.events[0][0] == "HandOver" and app.events[1][:2] == ("redraw", base)  # drawn as kept
    assert app.events[1][4] == "refused" and app.notice_kind == "error"  # with what the link had to say


def test_an_action_after_the_flag_fell_is_lost_on_time(page_module: types.ModuleType) -> None:
    from app.page.step import Install

    app = make_app(page_module, OPENED)
    app.clocks.choose(PRESETS["move30"])
    app.store.new_match()
    app.dispatch(Install(OPENED, clock=app.clocks.take_choice(), shown=False))  # the clock starts with the match
    assert isinstance(app.state.clock, Clock)
    page_module.window.performance.ms = 200_000.0  # past the 30 s a move and the 2 min reserve
    app.dispatch(Commit(OPENED.play("8/5 6/5")))
    assert app.match.is_over and saved(app).is_over
    page_module.window.performance.ms = 0.0


def test_the_clock_commits_a_fallen_flag(page_module: types.ModuleType) -> None:
    from app.page.step import Install

    app = make_app(page_module)
    app.clocks.choose(PRESETS["move30"])
    app.store.new_match()
    app.dispatch(Install(OPENED, clock=app.clocks.take_choice(), shown=False))
    app.events.clear()
    page_module.window.performance.ms = 10_000_000.0
    app.clocks.tick()
    assert app.match.is_over and saved(app) == app.match
    assert kinds(app) == ["Save", "redraw", "KeepBoard", "DrawClocks"]
    page_module.window.performance.ms = 0.0


def test_the_computer_plays_through_the_runner(page_module: types.ModuleType) -> None:
    """Its play shown step by step (drawn, not saved), its decision committed once (saved), drawn once it let go."""
    from app.page.computer import turns
    from app.page.computer.opponent import load_bot
    from app.page.step import Install, Mode

    app = make_app(page_module)
    app.bot = load_bot("beginner")
    start = OPENED.play("8/5 6/5").roll_with((6, 4))
    started: list[int] = []
    real_start = turns.start_turn
    turns.start_turn = lambda host, generation: started.append(generation)  # the test plays the turn below
    try:
        app.dispatch(Install(start, Mode("computer", 1), shown=True, save=False))
    finally:
        turns.start_turn = real_start
    assert started == [app.generation] and app.bot_busy and app.waiting()
    app.events.clear()
    asyncio.run(turns.bot_turn(app, app.generation))
    draws = [e for e in app.events if e[0] == "redraw"]
    assert [len(e[1].game.turn_in_progress.steps) for e in draws if e[2]] == [1, 2]  # each step drawn with its checker
    assert kinds(app).count("Save") == 1  # the decision saved once; the steps before it were not
    assert app.match.game.turn == 0 and not app.bot_busy
    assert saved(app) == app.match
    assert app.events[-1][0] == "KeepBoard" and draws[-1][1] is app.match  # drawn once the computer let go
