"""The playable page: the runner of :mod:`app.page.step`, the view, and the listeners.

**The page as a reducer (#57).** What the page shows and remembers is one immutable
:class:`~app.page.step.PageState`; every listener, timer and feature turns what happened into an
action and hands it to :meth:`App.dispatch`, the runner: the one place the state is assigned
(``tests/web/test_step_purity.py``). The runner asks the pure :func:`~app.page.step.step` for the
next state and the effects, and carries the effects out with the browser (save, draw, keep the board
for the next start-up, start the computer's turn, pass a forced roll later, hand a turn over by link,
ask the tutor). An effect that answers (the saves keep another match) is stepped at once by the
runner; an action dispatched while effects run waits its turn: nothing re-enters the step. No rules
here: every question goes to the core through the :class:`~core.match.Match`; the board
(:mod:`app.board`) only shows the answers.

The jobs around the App live in the feature packages of :mod:`app.page` (board_input, screen, dialogs,
storage, computer, clock, coach, dice, link), each given the narrow protocol of :mod:`app.page.host`
it needs; :mod:`app.records.panel` holds match files, IDs and replay. Every listener runs inside
:func:`~app.dom.guarded`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, cast

from pyscript import document, window

from app.board.places import Place, parse_place
from app.board.render import render_board
from app.board.view import BoardView, build_view
from app.dom import Listeners, create_once, el, ignore_event, js_value, report_in
from app.page.auto_play import PASS_PAUSE_MS
from app.page.board_input import animation
from app.page.board_input.drag import BoardPointer
from app.page.board_input.keys import BoardKeys, on_shortcut
from app.page.board_input.moved import Moved
from app.page.browser import BrowserStorage, set_url_param, url_param
from app.page.clock import page_clock
from app.page.computer import turns
from app.page.computer.opponent import bot_available, load_bot, opponent_from_json, opponent_to_json
from app.page.dialogs.match_dialogs import Dialogs
from app.page.dice.dice_source import bot_noise, page_dice
from app.page.host import LinkMode, Saves
from app.page.link.link_boot import watch_links
from app.page.screen.buttons import controls_for, page_phase
from app.page.screen.firstboard import DEFAULT_LENGTH, remember_board
from app.page.screen.in_view import focus_next_step
from app.page.screen.movelog import MoveLog
from app.page.screen.page_view import draw_controls, draw_moves, draw_notice, draw_over, status_line, translate_page
from app.page.step import (
    Action,
    AskTutor,
    Choose,
    CloseOver,
    Do,
    Draw,
    DrawClocks,
    DrawNotice,
    Drop,
    Effect,
    HandOver,
    Install,
    KeepBoard,
    LinkRoll,
    Mode,
    NewMatchShown,
    NextGame,
    PageState,
    PassLater,
    Resume,
    Roll,
    Save,
    Say,
    Select,
    SetLanguage,
    SetOptions,
    StartComputer,
    Translate,
    step,
)
from app.page.storage.match_store import MatchStore, Options, choose_lang
from app.page.storage.saving import PageSaves
from app.page.storage.storage_keys import LANG_KEY, OPPONENT_KEY, OPTIONS_KEY, recall
from app.page.storage.stored_values import set_aside_unreadable
from app.text import t
from core.match import Match

if TYPE_CHECKING:  # each imported on first use, never at start-up
    from app.page.coach.hint_panel import Coach
    from core.bot import Bot

DRAWS_PER_ROLL = 40
"""Die values drawn for one roll action: the opening throws ties again (40 values are 20 throws)."""


class App:
    """The page: the runner of its state (:meth:`dispatch`), the view, and the listeners."""

    def __init__(self) -> None:
        self.storage = BrowserStorage()
        self.set_aside = set_aside_unreadable(self.storage)  # before anything reads a stored value
        self.store = MatchStore(self.storage)
        self.rng: Callable[[], int] = page_dice()
        self.url_lang = url_param("lang")
        lang = choose_lang(self.url_lang, self._get(LANG_KEY), list(window.navigator.languages or []))
        self.state = PageState(Match.new(DEFAULT_LENGTH), lang=lang, options=Options.from_json(self._get(OPTIONS_KEY)))
        """The page's state: assigned only by :meth:`dispatch`."""
        self._queue: deque[Action] = deque()
        self._running = False
        # the runner's resources and the view's memory (not the page's state)
        self.view: BoardView | None = None
        self.drawn: tuple[Match, str] | None = None  # the board last drawn, when a reload may show it
        self.log = MoveLog()
        self.bot: Bot | None = None
        self.coach: Coach | None = None  # installed after start-up
        self.listeners = Listeners()
        self.pointer = BoardPointer(self)
        self.keys = BoardKeys(self)
        self.dialogs = Dialogs(self, self)
        self.page_saves = PageSaves(self)
        self.clocks = page_clock.PageClocks(self)  # off unless chosen: see app.page.clock.page_clock
        self.pending: tuple[Match, Bot | None, str, str] | None = None
        """A new match waiting for the player's consent to erase an uncopied broken save."""
        self.link: LinkMode | None = None
        """A match by link open on the page (:mod:`app.page.link.link_panel`): it saves the page's match meanwhile."""

    # -- the runner ---------------------------------------------------------------------------------
    def dispatch(self, action: Action) -> None:
        """Step ``action`` and carry out its effects: the one place the page's state changes.

        The runner reads the clock for the step (``now``). An action dispatched while effects run
        (by a feature an effect called) is stepped after them, in order; an effect's answer
        (:class:`~app.page.step.Kept`) is stepped at once, before the effects that follow it."""
        if any(f.name == "now" for f in fields(cast(Any, action))):
            action = cast(Action, replace(cast(Any, action), now=self.clocks.now()))
        self._queue.append(action)
        if self._running:
            return
        self._running = True
        try:
            while self._queue:
                self.state, effects = step(self.state, self._queue.popleft())
                todo = deque(effects)
                while todo:
                    answer = self.perform(todo.popleft())
                    if answer is not None:
                        self.state, more = step(self.state, answer)
                        todo.extendleft(reversed(more))
        except BaseException:
            self._queue.clear()
            raise
        finally:
            self._running = False

    def perform(self, effect: Effect) -> Action | None:
        """Carry out one effect with the browser; an action when the effect answers."""
        if isinstance(effect, Save):
            return self.page_saves.save(effect.clock)
        if isinstance(effect, HandOver):
            return self.link.save() if self.link is not None else None
        if isinstance(effect, LinkRoll):
            if self.link is not None:
                self.link.roll()
        elif isinstance(effect, Draw):
            self.redraw(effect.moves, rolled=effect.rolled)
        elif isinstance(effect, DrawNotice):
            draw_notice(self.notice, self.notice_kind, self.lang)
        elif isinstance(effect, DrawClocks):
            self.clocks.draw(effect.now)
        elif isinstance(effect, KeepBoard):
            self.keep_board()
        elif isinstance(effect, StartComputer):
            turns.start_turn(self, effect.generation)
        elif isinstance(effect, PassLater):
            self.pass_later(effect.match, effect.generation)
        elif isinstance(effect, AskTutor):
            if self.coach is not None:
                self.coach.judge(effect)
        elif isinstance(effect, NewMatchShown):
            self.log = MoveLog()
            if effect.mode.kind != "link" and self.link is not None:
                link, self.link = self.link, None
                link.leave()
        elif isinstance(effect, Translate):
            self._remember(LANG_KEY, self.lang)
            if self.url_lang is not None:  # keep a shared link's ?lang= in step with the choice
                set_url_param("lang", self.lang)
                self.url_lang = self.lang
            self.apply_language()
            self.saves.check_budget()
        return None

    # -- the state, read ----------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.state.match

    @property
    def selected(self) -> Place | None:
        return self.state.selected

    @property
    def lang(self) -> str:
        return self.state.lang

    @property
    def options(self) -> Options:
        return self.state.options

    @property
    def generation(self) -> int:
        return self.state.generation

    @property
    def notice(self) -> str:
        return self.state.notice

    @property
    def notice_kind(self) -> str:
        return self.state.notice_kind

    @property
    def bot_player(self) -> int | None:
        return self.state.mode.bot_player

    @property
    def bot_busy(self) -> bool:
        return self.state.computer_busy

    @property
    def saves(self) -> Saves:
        """Where the page's match is saved: the link while a match by link is open, else the page's saves."""
        return self.link if self.link is not None else self.page_saves

    @property
    def flipped(self) -> bool:
        return self.options.flipped

    @property
    def turned(self) -> bool:
        """Player 1 at the bottom: a device playing seat 1 by link sees the board from its own seat."""
        return self.state.mode.seat == 1

    def bot_available(self) -> bool:
        """True when the computer opponent can be chosen (the core ships its bot)."""
        return bot_available()

    def viewer(self) -> int:
        """Who the points are numbered for (:meth:`~app.page.step.PageState.viewer`)."""
        return self.state.viewer()

    def waiting(self) -> bool:
        """True when the screen may not act (:meth:`~app.page.step.PageState.waiting`)."""
        return self.state.waiting()

    # -- storage -------------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        return recall(self.storage, key)

    def say(self, text: str, kind: str = "error") -> None:
        """Set the notice shown above the buttons: ``"error"`` (refused, failed) or ``"info"``."""
        self.dispatch(Say(text, kind))

    def show_notice(self, text: str, kind: str = "error") -> None:
        """:meth:`say`, and draw it now (outside a redraw)."""
        self.dispatch(Say(text, kind, draw=True))

    def _remember(self, key: str, value: str) -> None:
        """Store a value (a failure becomes the notice)."""
        try:
            self.storage.set(key, value)
        except Exception as exc:
            self.say(t(self.lang, "ui.storage_failed", error=str(exc)))

    def keep_board(self) -> None:
        """Store the board last drawn, for the next start-up to show at once (when it is the save's)."""
        if self.drawn is not None and self.drawn[0] is self.match:
            remember_board(self.store, self.drawn[0], self.drawn[1])

    def catch_up(self) -> None:
        """Show the match another tab saved, when it changed since this tab last read or wrote it."""
        if not self.store.held and not self.store.is_current():
            self.saves.reload(t(self.lang, "ui.other_tab"))
            self.redraw()

    def whole_match(self) -> Match:
        """The whole match or session for the records panel (see :mod:`app.page.storage.saving`)."""
        return self.saves.whole_match()

    # -- start -------------------------------------------------------------------------------
    def start(self) -> None:
        self.apply_language()
        self.wire()
        if not self.storage.available:
            self.say(t(self.lang, "ui.storage_failed", error="localStorage"))
        elif self.set_aside:
            names = ", ".join(t(self.lang, f"stored.{key}") for key in self.set_aside)
            self.say(t(self.lang, "ui.set_aside", names=names), "info")
        result = self.store.load()
        self.saves.check_budget()
        first_visit = False
        if result.status == "ok" and result.match is not None:
            self.load(result.match, note=None, shown=False)
        elif result.status == "broken":
            self.dialogs.show_recovery(result.text, result.error, result.kept_as)
        else:
            first_visit = True
        self.redraw()
        self.keep_board()
        first_visit = not watch_links(self) and first_visit  # a match link (#link=) opens over the saved match
        for element_id in ("btn-new", "btn-flip", "btn-lang", "opt-auto-confirm", "opt-auto-forced", "opt-bot-fast"):
            el(element_id).disabled = False
        el("board").removeAttribute("aria-busy")
        el("board").removeAttribute("inert")  # the board drawn before Python was inert
        document.body.dataset.ready = "true"
        if first_visit:
            self.dialogs.open_new_match()
        self.dispatch(Resume())  # the computer's turn, a forced pass: what comes next by itself

    def load(self, match: Match, *, note: str | None = "", kind: str = "info", shown: bool = True) -> None:
        """A match read from storage (at start, or another tab's save): the computer back if it played
        in it, its clock as saved, installed as it is (nothing saved). ``note``: the notice (``None`` keeps it)."""
        player, level = opponent_from_json(self._get(OPPONENT_KEY))
        self.bot, mode = None, Mode()
        if player is not None:
            try:
                self.bot, mode = load_bot(level, bot_noise()), Mode("computer", player)
            except Exception as exc:
                note, kind = t(self.lang, "ui.bot_failed", error=str(exc)), "error"
        store = self.store
        self.dispatch(Install(match, mode, store.clock, store.held, note=note, kind=kind, save=False, shown=shown))

    # -- wiring ------------------------------------------------------------------------------
    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        """Listen to ``event`` on ``target`` (guarded; the proxy lives as long as the page)."""
        self.listeners.on(target, event, handler)

    def wire(self) -> None:
        on = self.on
        board = el("board")
        on(board, "click", self.pointer.on_click)
        on(board, "keydown", self.keys.on_key)
        on(board, "pointerdown", self.pointer.on_down)
        on(board, "pointermove", self.pointer.on_move)
        on(board, "pointerup", self.pointer.on_up)
        on(board, "pointercancel", self.pointer.on_cancel)
        on(board, "focusin", self.keys.on_focus_in)
        actions: dict[str, Callable[[], object]] = {
            "roll": self.roll,
            "double": self.dialogs.ask_double,
            "resign": self.dialogs.ask_resign,
        }
        for name in ("take", "beaver", "drop", "pass", "undo", "confirm", "accept", "decline"):
            actions[name] = lambda name=name: self.dispatch(Do(name))  # type: ignore[misc]
        for name, action in actions.items():
            on(el(f"btn-{name}"), "click", ignore_event(animation.board_keeps_focus(el(f"btn-{name}"), action)))
        on(el("btn-next"), "click", ignore_event(self.next_game))
        on(el("btn-bar-next"), "click", ignore_event(self.next_game))
        on(el("btn-over-close"), "click", ignore_event(lambda: self.close_over(True)))
        on(el("btn-over-show"), "click", ignore_event(lambda: self.close_over(False)))
        on(document, "keydown", self.on_over_key)
        for name in ("btn-new", "btn-over-new", "btn-bar-new", "recovery-fresh"):
            on(el(name), "click", ignore_event(self.dialogs.open_new_match))
        on(el("btn-flip"), "click", ignore_event(self.flip))
        on(el("btn-lang"), "click", ignore_event(lambda: self.set_language("fr" if self.lang == "en" else "en")))
        on(el("recovery-discard"), "click", ignore_event(self.discard_broken))
        for option in ("opt-auto-confirm", "opt-auto-forced", "opt-bot-fast"):
            on(el(option), "change", self.on_option)
        self.dialogs.wire(on)
        on(window, "storage", lambda event: self.saves.on_storage(event))
        on(document, "keydown", on_shortcut)

    # -- language ----------------------------------------------------------------------------
    def apply_language(self) -> None:
        translate_page(self.lang)
        self.dialogs.sync_bot_option()
        self.dialogs.draw_recovery()

    def set_language(self, lang: str) -> None:
        self.dispatch(SetLanguage(lang))

    # -- drawing -----------------------------------------------------------------------------
    def redraw(self, moves: Moved = (), *, rolled: bool = False) -> None:
        """Draw everything from the state: board, status, buttons, end-of-game card, move list."""
        board = el("board")
        before = animation.checker_centres(moves) if moves and animation.animate() else {}
        focus = animation.focused_place()
        waiting = self.waiting()
        view = build_view(
            self.match,
            selected=self.selected,
            lang=self.lang,
            flipped=self.options.flipped,
            turned=self.turned,
            viewer=self.viewer(),
            interactive=not waiting,
            focus=parse_place(focus) if focus is not None else None,
            roving=True,
            arrows=self.coach.arrows() if self.coach is not None else (),
        )
        self.view = view
        thinking = self.bot_player if self.bot_busy else None
        status = status_line(self.match, view, self.lang, thinking=thinking)
        if status != view.message:
            view = self.view = replace(view, message=status)
        board.innerHTML = svg = render_board(view)
        # what a reload may show at once (keep_board stores it): no selection, no hint, no computer thinking
        self.drawn = (self.match, svg) if self.selected is None and not self.bot_busy and not view.arrows else None
        phase = page_phase(self.match)
        document.body.dataset.phase = phase
        el("status").textContent = status
        draw_notice(self.notice, self.notice_kind, self.lang)
        draw_controls(controls_for(self.match, waiting=waiting))
        if self.coach is not None:
            self.coach.draw()
        over_closed = self.state.over_closed_at == len(self.match.games)
        draw_over(self.match, view, phase, self.lang, closed=over_closed)
        draw_moves(self.match, self.log, view, self.lang, archived=self.store.base)
        el("opt-auto-confirm").checked = self.options.auto_confirm
        el("opt-auto-forced").checked = self.options.auto_forced
        el("opt-bot-fast").checked = self.options.bot_fast
        if focus is not None:
            animation.focus_place(focus)
        if before:
            animation.animate_moves(moves, before)
        if rolled and animation.animate():
            dice = js_value(board.querySelector(".dice"))
            if dice is not None:
                dice.classList.add("dice--rolled")

    # -- actions -----------------------------------------------------------------------------------
    def draws(self) -> tuple[int, ...]:
        """Die values for one roll action, from the page's dice."""
        return tuple(self.rng() for _ in range(DRAWS_PER_ROLL))

    def roll(self) -> None:
        self.dispatch(Roll(self.draws()))

    def next_game(self) -> None:
        self.dispatch(NextGame(self.draws()))

    def open_by_link(self, play: LinkMode, match: Match, *, note: str = "") -> None:
        """A match by link opens: ``play`` saves it meanwhile (the normal save stays as it is), the
        computer plays no part; ``match``, the link's, is installed unsaved."""
        self.bot, self.link = None, play
        self.dispatch(Install(match, play.mode(), None, self.store.held, note=note, save=False))

    def flip(self) -> None:
        options = replace(self.options, flipped=not self.options.flipped)
        self._remember(OPTIONS_KEY, options.to_json())
        self.dispatch(SetOptions(options))
        self.keep_board()

    def on_option(self, _event: Any) -> None:
        options = replace(
            self.options,
            auto_confirm=bool(el("opt-auto-confirm").checked),
            auto_forced=bool(el("opt-auto-forced").checked),
            bot_fast=bool(el("opt-bot-fast").checked),
        )
        self._remember(OPTIONS_KEY, options.to_json())
        self.dispatch(SetOptions(options))

    def close_over(self, closed: bool) -> None:
        """Close the end-of-game card to look at the final position, or open it again."""
        self.dispatch(CloseOver(closed))
        el("btn-over-show" if closed else "btn-over-close").focus()

    def on_over_key(self, event: Any) -> None:
        """Escape closes the end-of-game card (unless a dialog is open: Escape is the dialog's)."""
        if str(event.key) != "Escape" or event.defaultPrevented or el("over").hidden:
            return
        if js_value(document.querySelector("dialog[open]")) is None:
            event.preventDefault()
            self.close_over(True)

    # -- the board: events from the board's input (a place chosen, a checker dropped) ------------------
    def select(self, place: Place | None) -> None:
        """Pick the checker on ``place`` (``None``: drop the pick), and draw it."""
        self.dispatch(Select(place))

    def choose(self, place: Place) -> None:
        """A click, or Enter, on a place: select a checker, move it, or say why not."""
        self.dispatch(Choose(place))

    def drop(self, start: Place, end: Place) -> None:
        """A checker dragged from ``start`` and dropped on ``end``."""
        self.dispatch(Drop(start, end))

    # -- a new match ------------------------------------------------------------------------------
    def _install(self, match: Match, bot: Bot | None, level: str, note: str, *, discard: bool = False) -> bool:
        """Make ``match`` current (the computer, ``bot``, plays the top player), save and show it.

        Refused (False) while a broken save that could not be copied aside is held and the
        player has not agreed to erase it (``discard``): the panel then asks, the download
        still offered, and :meth:`discard_broken` installs the match once they agree.
        """
        if self.store.held:
            if not self.store.start_fresh(discard=discard):
                self.pending = (match, bot, level, note)
                self.dialogs.ask_discard()
                return False
            self.dialogs.hide_recovery()
        self.pending = None
        self.bot = bot
        mode = Mode("computer", 1) if bot is not None else Mode()
        self._remember(OPPONENT_KEY, opponent_to_json(mode.bot_player, level))
        self.store.new_match()
        self.dispatch(Install(match, mode, self.clocks.take_choice(), self.store.held, note=note))
        return True

    def discard_broken(self) -> None:
        """The player agreed to erase the uncopied broken save: install the match they asked for."""
        if self.pending is None:
            return
        match, bot, level, note = self.pending
        if not self._install(match, bot, level, note, discard=True):
            self.redraw()

    def start_match(self, match: Match, bot: Bot | None, level: str, *, lang: str) -> None:
        """A match from the new-match dialog, in the language chosen there."""
        if lang != self.lang:
            self.set_language(lang)
        if not self._install(match, bot, level, ""):
            self.redraw()

    def replace_match(self, match: Match, *, bot_level: str | None = None, note: str = "") -> bool:
        """Make ``match`` the current match, once the player confirmed: an imported .mat, a set-up position.

        Used by :mod:`app.records.panel`. ``bot_level``: the computer plays the top player at that
        level; ``None``: two players at this screen. Refused (``False``) while the computer is
        in the middle of its turn, or while an uncopied broken save waits for the player's consent.
        """
        if self.bot_busy:
            return False
        bot = load_bot(bot_level, bot_noise()) if bot_level is not None else None
        installed = self._install(match, bot, bot_level or "intermediate", note)
        if not installed:
            self.redraw()
        return installed

    # -- what comes by itself --------------------------------------------------------------------------
    def pass_later(self, match: Match, generation: int) -> None:
        """A roll that cannot be played is passed for the player at this screen once it was shown for
        :data:`~app.page.auto_play.PASS_PAUSE_MS` (#59), unless the match changed meanwhile (a click on
        Pass, another tab, a new match). The computer passes on its own turns; by link, only on this seat's."""

        def pass_now() -> None:
            if self.match is not match or self.generation != generation or self.waiting():
                return
            pass_button = el("btn-pass")
            had_focus = js_value(document.activeElement) in (None, document.body, pass_button)
            self.dispatch(Do("pass"))
            if had_focus:
                focus_next_step()

        window.setTimeout(create_once(pass_now), PASS_PAUSE_MS)

    def still(self, generation: int) -> bool:
        """True while the match is the one of ``generation`` and storage holds what this tab last read or wrote."""
        return generation == self.generation and self.store.is_current()


APP: App | None = None


def boot() -> App:
    """Start the page (called by :mod:`app.main`); its records panel, practice and coach in the next task.

    Ready (``data-ready``) is only seen once the task that set it ends, so what is not needed to
    draw the board and take the first roll or move is installed after it: the records panel's
    buttons stay disabled and the hint button hidden until then (as web/index.html has them).
    """
    global APP
    page = APP = App()
    report_in(lambda: page.lang)
    page.start()
    window.setTimeout(create_once(lambda: install_panels(page)), 0)
    return page


def install_panels(page: App) -> None:
    """The records panel, the practice button and the coach (imported here, not at start-up)."""
    from app.records.panel import install

    def open_editor() -> None:
        from app.page.dialogs.editor_dialog import open_editor  # on first use, never at start-up

        open_editor(page)

    from app.page.practice import entry as practice

    install(page, open_editor, lambda match, analysis: practice.practise_mistakes(page, match, analysis))
    practice.install(page, page.bot_available())
    from app.page.coach.hint_panel import Coach

    page.coach = Coach(page).install()
