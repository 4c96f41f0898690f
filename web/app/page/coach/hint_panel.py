"""DOM glue for the coach: the Hint button and panel, the best play's arrows, and the tutor.

The core ranks (:mod:`core.analysis.hint`, imported on the first hint or the first check:
never at start-up); :mod:`app.page.coach.hint_words` words it; this module only runs the thinking in
slices of :data:`~app.page.computer.opponent.SLICE_S` (the page yields a frame between them, as the
computer's turn does) and moves values into the page (``#hint``, ``#btn-hint``,
``#opt-tutor``, ``#tutor-dialog``). It talks to the App through :class:`~app.page.host.Coached`; the App
calls :meth:`Coach.arrows` while it builds the board, :meth:`Coach.draw` after each redraw
and :meth:`Coach.holds` in ``act`` before a transition is applied: when the tutor is on and
the transition makes a decision (a play confirmed, a double, a take or pass, a roll instead
of a double), the tutor prices it first and, if it loses more than the chosen band, asks
whether to rethink (back to the start of the turn), play anyway, or see the best.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Generator
from typing import Any, TypeVar

from app.board.arrows import ArrowView, arrows_from_steps
from app.dom import el, guarded_async, ignore_event
from app.page.board_input.moved import Moved
from app.page.coach.hint_words import (
    band_threshold,
    cube_lines,
    cube_verdict,
    hint_html,
    hint_kind,
    read_band,
    tutor_warning,
)
from app.page.computer.opponent import SLICE_S
from app.page.host import Coached
from app.page.screen.in_view import bring_into_view, focus_next_step, focus_quietly
from app.page.step import AskTutor, Say, SetTutor, TutorDone
from app.page.storage.storage_keys import TUTOR_KEY, recall
from app.text import t
from app.text.coach_lines import play_lines
from core.match import Match

T = TypeVar("T")


def moment(match: Match) -> tuple[int, int, str]:
    """What a hint belongs to: the game, its actions so far and the phase (steps of a turn in
    progress do not change it, so the hint stays while the player moves checkers)."""
    return (len(match.games), len(match.game.actions), match.game.phase)


class Coach:
    """The Hint button and panel, and the tutor (see the module docstring)."""

    def __init__(self, host: Coached) -> None:
        self.host = host
        self.engine: Any = None  # core.analysis.engine.Engine, on first use (its tables are reused)
        self.result: Any = None  # the hint shown: a CheckerHint or a CubeHint
        self.shown_at: tuple[int, int, str] | None = None
        self.mine: str | None = None  # the player's play, marked in a hint the tutor opened
        self.chosen = 0  # the hint's row whose arrows the board shows (the best, until one is chosen)
        self.thinking = False
        self.checking = False
        self.band = read_band(recall(host.storage, TUTOR_KEY))
        self.pending: tuple[Match, Match, Moved, bool, Any] | None = None

    def install(self) -> Coach:
        """Wire the coach's elements; the coach, for the App to keep."""
        on = self.host.on
        on(el("btn-hint"), "click", ignore_event(self.ask))
        on(el("hint-close"), "click", ignore_event(self.close))
        on(el("hint-body"), "click", self.on_row_click)
        on(el("hint-body"), "keydown", self.on_row_key)
        on(el("opt-tutor"), "change", self.on_band)
        on(el("tutor-rethink"), "click", ignore_event(lambda: self.answer("rethink")))
        on(el("tutor-anyway"), "click", ignore_event(lambda: self.answer("anyway")))
        on(el("tutor-best"), "click", ignore_event(lambda: self.answer("best")))
        on(el("tutor-dialog"), "close", lambda _event: self.answer("rethink"))
        el("opt-tutor").value = self.band
        el("opt-tutor").disabled = False
        self.host.dispatch(SetTutor(band_threshold(self.band)))
        self.draw()
        return self

    # -- the hint ----------------------------------------------------------------------------------
    def current(self) -> bool:
        return self.result is not None and self.shown_at == moment(self.host.state.match)

    def arrows(self) -> tuple[ArrowView, ...]:
        """The best play's arrows while its hint is shown and no checker has moved yet."""
        if not self.current() or not hasattr(self.result, "plays") or not self.result.plays:
            return ()
        turn = self.host.state.match.game.turn_in_progress
        if turn is None or turn.steps:
            return ()
        chosen = self.chosen if 0 <= self.chosen < len(self.result.plays) else 0
        return arrows_from_steps(self.result.plays[chosen].play.steps, self.result.player)

    def choose(self, row: int) -> None:
        """Show the arrows of the hint's ``row`` (by click, tap, Enter or Space, or the arrow keys)."""
        if not self.current() or not hasattr(self.result, "plays") or not 0 <= row < len(self.result.plays):
            return
        self.chosen = row
        self.host.redraw()
        target = el("hint-body").querySelector(f'tr[data-row="{row}"]')
        if target:  # where the finger or the arrow key is: no scroll but the least, the board kept (#59)
            focus_quietly(target)
            bring_into_view(target)

    def on_row_click(self, event: Any) -> None:
        row = event.target.closest("tr[data-row]")
        if row:
            self.choose(int(row.dataset.row))

    def on_row_key(self, event: Any) -> None:
        row = event.target.closest("tr[data-row]")
        if not row:
            return
        key, index = str(event.key), int(row.dataset.row)
        moves = {"Enter": index, " ": index, "ArrowDown": index + 1, "ArrowUp": index - 1}
        if key not in moves:
            return
        event.preventDefault()
        event.stopPropagation()
        nxt = el("hint-body").querySelector(f'tr[data-row="{moves[key]}"]')
        if nxt:  # a row listed (the ranking's rows are not all shown)
            self.choose(moves[key])

    def draw(self) -> None:
        """The Hint button (shown when a hint applies) and the panel (hidden once stale)."""
        host = self.host
        button = el("btn-hint")
        kind = hint_kind(host.state.match, waiting=host.state.waiting() or self.checking)
        button.hidden = kind is None
        button.disabled = self.thinking
        panel = el("hint")
        if self.thinking:
            return
        if not self.current():
            panel.hidden = True
            return
        lang = host.state.lang
        if hasattr(self.result, "plays"):
            best = self.result.plays[0].notation if self.result.plays else ""
            el("hint-verdict").textContent = t(lang, "hint.best_play", play=best)
            body = hint_html(play_lines(self.result, lang, mine=self.mine), lang, chosen=self.chosen)
        else:
            el("hint-verdict").textContent = cube_verdict(self.result, lang)
            body = hint_html(cube_lines(self.result, lang), lang, cube=True)
        el("hint-body").innerHTML = body
        el("hint-note").textContent = t(lang, "hint.note" if hasattr(self.result, "plays") else "hint.note_cube")
        panel.hidden = False

    def ask(self) -> None:
        """The Hint button (or H): think in slices, then show the hint."""
        kind = hint_kind(self.host.state.match, waiting=self.host.state.waiting())
        if kind is None or self.thinking or self.checking:
            return
        if self.current():
            self.show_panel()
            return
        asyncio.ensure_future(guarded_async(lambda: self.think(kind))())

    async def think(self, kind: str) -> None:
        from core.analysis.hint import checker_hint_steps, cube_hint_steps

        match = self.host.state.match
        self.thinking = True
        self.mine = None
        panel = el("hint")
        panel.hidden = False
        el("hint-verdict").textContent = t(self.host.state.lang, "hint.thinking")
        el("hint-body").innerHTML = ""
        el("btn-hint").disabled = True
        try:
            engine = self.load_engine()
            hinting = checker_hint_steps if kind == "play" else cube_hint_steps
            steps = hinting(match, engine=engine)
            result = await self.run(steps, match)
        except Exception as exc:
            self.thinking = False
            self.host.dispatch(Say(t(self.host.state.lang, "hint.failed", error=str(exc)), draw=True))
            self.draw()
            return
        self.thinking = False
        if result is not None:
            self.result, self.shown_at, self.chosen = result, moment(match), 0
        self.host.redraw()
        if result is not None:  # on a phone the panel is under the board
            self.show_panel()

    def show_panel(self) -> None:
        """The hint in view as far as the board's top allows (#59), the focus on its chosen row
        (a cube hint: its Close button), never on ``<body>``."""
        bring_into_view(el("hint"))
        row = el("hint-body").querySelector(f'tr[data-row="{self.chosen}"]')
        if not focus_quietly(row):
            focus_quietly(el("hint-close"))

    def close(self) -> None:
        self.result = self.shown_at = None
        self.host.redraw()
        el("btn-hint").focus()

    def load_engine(self) -> Any:
        if self.engine is None:
            from core.analysis.engine import Engine

            self.engine = Engine()
        return self.engine

    async def run(self, steps: Generator[None, None, T], match: Match) -> T | None:
        """Run ``steps`` in slices, a browser frame between them; ``None`` if the match changed meanwhile."""
        last = time.perf_counter()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                value: T = done.value
                return value
            if time.perf_counter() - last > SLICE_S:
                await asyncio.sleep(0)
                last = time.perf_counter()
                if self.host.state.match is not match:
                    return None

    # -- the tutor -----------------------------------------------------------------------------------
    def on_band(self, _event: Any) -> None:
        self.band = read_band(str(el("opt-tutor").value))
        with contextlib.suppress(Exception):  # storage full or refused: the choice holds for this page
            self.host.storage.set(TUTOR_KEY, self.band)
        self.host.dispatch(SetTutor(band_threshold(self.band)))

    def judge(self, asked: AskTutor) -> None:
        """The page's step held a decision for the tutor (:class:`~app.page.step.AskTutor`): price it,
        then let it through or ask the player; the step waits (the board rests) until
        :class:`~app.page.step.TutorDone`."""
        self.checking = True
        before, after, moves, rolled = asked.before, asked.after, asked.moves, asked.rolled
        check = self.check(before, after, moves, rolled, asked.decision, asked.threshold)
        asyncio.ensure_future(guarded_async(lambda: check)())

    async def check(self, before: Match, after: Match, moves: Moved, rolled: bool, action: Any, limit: float) -> None:
        from core.analysis.hint import action_cost_steps

        host = self.host
        host.dispatch(Say(t(host.state.lang, "hint.tutor_checking"), "info", draw=True))
        self.draw()
        try:
            cost = await self.run(action_cost_steps(before, action, engine=self.load_engine()), before)
        except Exception as exc:
            cost = None
            host.dispatch(Say(t(host.state.lang, "hint.failed", error=str(exc))))
        finally:
            self.checking = False
        if host.state.match is not before:  # another tab's save came meanwhile: nothing to apply
            host.dispatch(TutorDone())
            return
        if cost is None or cost.loss < limit:
            self.commit(after, moves, rolled)
            return
        self.pending = (before, after, moves, rolled, cost)
        host.dispatch(Say("", "info", draw=True))
        el("tutor-text").textContent = tutor_warning(cost, host.state.lang)
        el("tutor-dialog").showModal()
        el("tutor-rethink").focus()

    def commit(self, after: Match, moves: Moved, rolled: bool) -> None:
        """Apply the transition the tutor let through, as the page's step would have."""
        self.host.dispatch(TutorDone(after, moves, rolled))

    def answer(self, choice: str) -> None:
        """The tutor's dialog: ``rethink`` (back to the start of the turn), ``anyway``, or ``best``."""
        if self.pending is None:
            return
        before, after, moves, rolled, cost = self.pending
        self.pending = None
        dialog = el("tutor-dialog")
        if dialog.open:
            dialog.close()
        host = self.host
        if host.state.match is not before:
            host.dispatch(TutorDone())
            return
        if choice == "anyway":
            self.commit(after, moves, rolled)
            return
        turn = before.game.turn_in_progress
        back = before.undo_all() if turn is not None and turn.steps else before
        if choice == "best":
            self.result, self.shown_at, self.chosen = cost.hint, moment(back), 0
            self.mine = cost.played if cost.kind == "move" else None
        host.dispatch(TutorDone(back))
        if choice == "best":
            self.show_panel()
        else:  # rethink: the board, where the turn starts again
            focus_next_step()
