"""The page's clocks: follow the match, count down, and apply the rule when a flag falls.

Off by default; chosen in the new-match dialog (:func:`~app.page.clock.clock_text.rules_for`) for
two players at this screen or against the computer. The rules are the core's
(:mod:`core.clock`); this module runs them on the page's time, ``performance.now()``:

* The clock of the player on move runs (:func:`core.clock.player_on_move`), checked and
  drawn every :data:`TICK_MS`. When it runs out, the match is lost on time
  (:meth:`core.match.Match.lose_on_time`), committed by the page (saved, drawn), and the page
  says so (en/fr). The page's every commit asks :meth:`PageClocks.follow` first, so an action
  made after the flag fell is lost on time too.
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
from app.page.host import PageHost
from core.clock import Clock, ClockRules, player_on_move
from core.match import Match

TICK_MS = 500
"""How often the clocks are checked and drawn."""


def _callback(action: Callable[[], None]) -> Callable[..., None]:
    """``action`` as a guarded JS callback, whatever it is called with (a timer passes nothing)."""
    run = guarded(lambda _event: action())

    def call(*_args: Any) -> None:
        run(None)

    return call


class PageClocks:
    """The match's clock on the page (``clock`` is ``None`` when the match has none)."""

    def __init__(self, host: PageHost) -> None:
        self.host = host
        self.clock: Clock | None = None
        self.generation = host.generation
        self.chosen: tuple[ClockRules | None] | None = None
        """The new-match dialog's choice, for the next match installed."""
        self.announcer = Announcer()
        tick, leave = create_proxy(_callback(self.tick)), create_proxy(_callback(self.leave))
        hidden = create_proxy(_callback(lambda: self.leave() if document.hidden else None))
        self.proxies = [tick, leave, hidden]
        window.setInterval(tick, TICK_MS)
        window.addEventListener("pagehide", leave)
        document.addEventListener("visibilitychange", hidden)  # a phone may close a hidden page unannounced

    def choose(self, rules: ClockRules | None) -> None:
        """The clock of the match about to start (from the new-match dialog); ``None``: no clock."""
        self.chosen = (rules,)

    def choice(self) -> str:
        """The dialog's choice for the current clock (``"off"`` for none)."""
        return choice_of(self.clock)

    @staticmethod
    def now() -> float:
        return float(window.performance.now())

    def follow(self, match: Match) -> Match:
        """The clock follows ``match``, about to be the page's: ``match``, or lost on time if a flag fell."""
        return self.sync(match, self.now()) or match

    def sync(self, match: Match, now: float) -> Match | None:
        """Make the clock follow ``match``; the match lost on time when a flag fell, else ``None``."""
        host = self.host
        if host.generation != self.generation:  # another match: a new one, or one loaded
            self.generation = host.generation
            if self.chosen is not None:
                self.clock = None if self.chosen[0] is None else Clock.new(self.chosen[0])
                self.chosen = None
            else:
                self.clock = host.store.clock  # the save's (None after a match without clock or a new match)
            self.announcer = Announcer()
        before = self.clock
        if before is None:
            return None
        clock = before.follow(player_on_move(match), now)
        deadline = before.deadline()
        if clock.flagged is not None and before.flagged is None and match.is_over and deadline is not None:
            clock = before.follow(None, deadline - 1)  # the match ended (an action) before the flag fell
        self.clock = clock
        if clock.flagged is not None and not match.is_over:
            return match.lose_on_time(clock.flagged)
        return None

    def settle(self) -> Clock | None:
        """The clock as it is to be saved now: following the page's match, held.

        A flag that falls just now is saved with the clock; the match lost on time is the next
        :meth:`tick`'s commit (the page's commits follow the clock first, so it is seldom needed)."""
        now = self.now()
        self.sync(self.host.match, now)
        return None if self.clock is None else self.clock.stopped(now)

    def tick(self) -> None:
        """Every :data:`TICK_MS`: follow the match, commit it lost on time when a flag fell, draw."""
        if self.host.store.held:
            return
        now = self.now()
        lost = self.sync(self.host.match, now)
        if lost is not None:
            self.host.commit(lost, note=None)
        self.draw(now)

    def leave(self) -> None:
        """The page is left (reload, closed): save the running clock as it is now."""
        if self.clock is not None and self.clock.running and not self.host.store.held:
            self.host.save()

    def draw(self, now: float) -> None:
        """Both clocks as text, the running one marked; the live region when something changed."""
        box, clock = el("clocks"), self.clock
        box.hidden = clock is None
        if clock is None:
            return
        host = self.host
        lang = host.lang
        names = host.view.names if host.view is not None else host.match.names
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
