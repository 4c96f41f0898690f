"""The page's clocks: follow the match, count down, and apply the rule when a flag falls.

Off by default; chosen in the new-match dialog (:func:`~app.page.clock.clock_text.rules_for`) for
two players at this screen or against the computer. The rules are the core's
(:mod:`core.clock`); this module runs them on the page's time, ``performance.now()``:

* The clock of the player on move runs (:func:`core.clock.player_on_move`), followed by the
  page's step (:mod:`app.page.step`) at every action and every :data:`TICK_MS`, and drawn. When it
  runs out, the match is lost on time (:meth:`core.match.Match.lose_on_time`), committed (saved,
  drawn), and the page says so (en/fr); an action made after the flag fell is lost on time too.
* The **computer has no clock**: its thinking never counts, neither for it nor against
  the human, whose clock runs only while the human is on move.
* The clock is **saved with the match** at every save (:func:`core.state.to_json`), held,
  and once more when the page is left or hidden (``pagehide``, ``visibilitychange``). **A reload resumes it with what
  was left when the page was left: time while the page is closed does not count** (the
  page cannot know it, and a closed page cannot have been playing).
* The visible clocks are plain text; a separate polite live region speaks only when
  something changes (:class:`~app.page.clock.clock_text.Announcer`), never at every tick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from app.dom import el, guarded
from app.page.clock.clock_text import Announcer, announcement, choice_of, clock_line, stage
from app.page.host import Clocked
from app.page.step import Leave, Tick
from core.clock import Clock, ClockRules

TICK_MS = 500
"""How often the clocks are checked and drawn."""


def _callback(action: Callable[[], None]) -> Callable[..., None]:
    """``action`` as a guarded JS callback, whatever it is called with (a timer passes nothing)."""
    run = guarded(lambda _event: action())

    def call(*_args: Any) -> None:
        run(None)

    return call


class PageClocks:
    """The match's clock on the page: its beat, its choice for the next match, and its drawing.

    The clock itself is the page's state (:attr:`app.page.step.PageState.clock`), followed by the
    step at every action (:func:`app.page.step.step`); this class only beats (:class:`Tick` every
    :data:`TICK_MS`, :class:`Leave` when the page is left or hidden) and draws it."""

    def __init__(self, host: Clocked) -> None:
        self.host = host
        self.chosen: tuple[ClockRules | None] | None = None
        """The new-match dialog's choice, for the next match installed."""
        self.announcer = Announcer()
        self.announced_for = -1  # the generation the announcer speaks for
        tick, leave = create_proxy(_callback(self.tick)), create_proxy(_callback(self.leave))
        hidden = create_proxy(_callback(lambda: self.leave() if document.hidden else None))
        self.proxies = [tick, leave, hidden]
        window.setInterval(tick, TICK_MS)
        window.addEventListener("pagehide", leave)
        document.addEventListener("visibilitychange", hidden)  # a phone may close a hidden page unannounced

    def choose(self, rules: ClockRules | None) -> None:
        """The clock of the match about to start (from the new-match dialog); ``None``: no clock."""
        self.chosen = (rules,)

    def take_choice(self) -> Clock | None:
        """The clock of the match installed now: the dialog's choice (once), else the save's."""
        chosen, self.chosen = self.chosen, None
        if chosen is not None:
            return None if chosen[0] is None else Clock.new(chosen[0])
        clock: Clock | None = self.host.store.clock  # the save's (None after a match without clock or a new match)
        return clock

    def choice(self) -> str:
        """The dialog's choice for the current clock (``"off"`` for none)."""
        return choice_of(self.host.state.clock)

    @staticmethod
    def now() -> float:
        return float(window.performance.now())

    def tick(self) -> None:
        """Every :data:`TICK_MS`: the clock follows the match (lost on time when a flag fell), drawn."""
        self.host.dispatch(Tick(self.now()))

    def leave(self) -> None:
        """The page is left (reload, closed): save the running clock as it is now."""
        self.host.dispatch(Leave(self.now()))

    def draw(self, now: float) -> None:
        """Both clocks as text, the running one marked; the live region when something changed."""
        host = self.host
        state = host.state
        box, clock = el("clocks"), state.clock
        box.hidden = clock is None
        if clock is None:
            return
        if self.announced_for != state.generation:  # another match: its announcer starts afresh
            self.announcer, self.announced_for = Announcer(), state.generation
        lang = state.lang
        names = host.view.names if host.view is not None else state.match.names
        for player in (0, 1):
            reading = clock.reading(player, now) if clock.rules.timed[player] else None
            node = el(f"clock-{player}")
            node.textContent = clock_line(lang, names[player], reading, flagged=clock.flagged == player)
            running = clock.running and clock.on_move == player
            node.classList.toggle("clock--running", running)
            node.classList.toggle("clock--low", running and reading is not None and stage(reading).endswith("short"))
        if clock.flagged is not None:  # said once, at once: the last "0:30 left" must not stand after it
            fallen = clock_line(lang, names[clock.flagged], None, flagged=True)
            if str(el("clock-live").textContent) != fallen:
                el("clock-live").textContent = fallen
        elif clock.running and clock.on_move is not None:
            reading = clock.reading(clock.on_move, now)
            key = f"{clock.on_move}:{clock.deadline()}:{stage(reading)}"
            said = self.announcer.offer(now, key, announcement(lang, names[clock.on_move], reading))
            if said is not None:
                el("clock-live").textContent = said
