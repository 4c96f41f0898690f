"""The playable page: one match, its view, and the listeners that change it.

Events in, one transition of the match, save, one redraw out. No rules here: every question goes to the
core through the :class:`~core.match.Match`; the board (:mod:`app.board`) only shows the answers.

**One commit path.** The page's match changes only in :meth:`App.commit` (``tests/web/test_commit.py``
holds it: no other module assigns ``.match``): the helpers around the App (the coach, the clock, the
saves, the computer, play by link) hand it the next match, and it applies the clock's rule, saves,
redraws, keeps the board for the next start-up and lets the computer act. :meth:`App.renew` comes first
when the next match is another one (new, read from storage, a link's). Drawing writes nothing to storage.

The jobs around the App live in the feature packages of :mod:`app.page` (board_input, screen, dialogs,
storage, computer, clock, coach, dice, link); :mod:`app.records.panel` holds match files, IDs and replay.
Every listener runs inside :func:`~app.dom.guarded`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from app.board.messages import describe_refusal
from app.board.places import OFF, Place, parse_place, to_mover
from app.board.render import render_board
from app.board.view import BoardView, build_view
from app.dom import Listeners, create_once, el, ignore_event, js_value, report_in
from app.page.auto_play import PASS_PAUSE_MS, follow_up, forced_pass
from app.page.board_input import animation
from app.page.board_input.drag import BoardPointer
from app.page.board_input.gestures import Gestures
from app.page.board_input.keys import BoardKeys, on_shortcut
from app.page.board_input.moved import Moved, checkers_moved
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
from app.page.screen.page_view import (
    draw_controls,
    draw_moves,
    draw_notice,
    draw_over,
    opening_note,
    status_line,
    translate_page,
)
from app.page.storage.match_store import MatchStore, Options, choose_lang
from app.page.storage.saving import PageSaves
from app.page.storage.storage_keys import LANG_KEY, OPPONENT_KEY, OPTIONS_KEY
from app.page.storage.stored_values import set_aside_unreadable
from app.text import t
from core.errors import IllegalActionError
from core.match import Match

if TYPE_CHECKING:  # each imported on first use, never at start-up
    from app.page.coach.hint_panel import Coach
    from core.bot import Bot


class App:
    """The page: one match, its view, and the listeners that change it."""

    def __init__(self) -> None:
        self.storage = BrowserStorage()
        self.set_aside = set_aside_unreadable(self.storage)  # before anything reads a stored value
        self.store = MatchStore(self.storage)
        self.rng: Callable[[], int] = page_dice()
        self.url_lang = url_param("lang")
        self.lang = choose_lang(self.url_lang, self._get(LANG_KEY), list(window.navigator.languages or []))
        self.options = Options.from_json(self._get(OPTIONS_KEY))
        self.match = Match.new(DEFAULT_LENGTH)  # replaced only by commit()
        self.selected: Place | None = None
        self.view: BoardView | None = None
        self.drawn: tuple[Match, str] | None = None  # the board last drawn, when a reload may show it
        self.notice = ""
        self.notice_kind = "error"  # "error" (refused, failed) or "info" (a harmless note)
        self.over_closed_at: int | None = None  # the game (count of games) whose end card was closed
        self.log = MoveLog()
        self.bot: Bot | None = None
        self.bot_player: int | None = None
        self.bot_busy = False
        self.generation = 0  # raised whenever the match is replaced: a computer's turn in flight stops
        self.coach: Coach | None = None  # installed after start-up
        self.listeners = Listeners()
        self.pointer = BoardPointer(self)
        self.keys = BoardKeys(self)
        self.gestures = Gestures()  # Undo takes back a whole gesture (a move by the sum: both dice)
        self.dialogs = Dialogs(self)
        self.saves: Saves = PageSaves(self)
        self.clocks = page_clock.PageClocks(self)  # off unless chosen: see app.page.clock.page_clock
        self.pending: tuple[Match, Bot | None, str, str] | None = None
        """A new match waiting for the player's consent to erase an uncopied broken save."""
        self.link: LinkMode | None = None
        """A match by link open on the page (:mod:`app.page.link.link_panel`): it stands in for :attr:`saves`."""

    @property
    def flipped(self) -> bool:
        return self.options.flipped

    @property
    def turned(self) -> bool:
        """Player 1 at the bottom: a device playing seat 1 by link sees the board from its own seat."""
        return bool(self.link is not None and self.link.active and self.link.seat == 1)

    def bot_available(self) -> bool:
        """True when the computer opponent can be chosen (the core ships its bot)."""
        return bot_available()

    # -- storage -------------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except Exception:
            return None

    def say(self, text: str, kind: str = "error") -> None:
        """Set the notice shown above the buttons: ``"error"`` (refused, failed) or ``"info"``."""
        self.notice, self.notice_kind = text, kind

    def show_notice(self, text: str, kind: str = "error") -> None:
        """:meth:`say`, and draw it now (outside a redraw)."""
        self.say(text, kind)
        draw_notice(self.notice, self.notice_kind, self.lang)

    def recall(self, key: str) -> str | None:
        """A stored value (``None`` when absent or storage fails)."""
        return self._get(key)

    def remember(self, key: str, value: str) -> None:
        """Store a value (a failure becomes the notice)."""
        try:
            self.storage.set(key, value)
        except Exception as exc:
            self.say(t(self.lang, "ui.storage_failed", error=str(exc)))

    def save(self) -> None:
        """Save the match as it is (the page is left); what the saves keep instead is committed.

        The board drawn is kept again for the new save (a running clock saved as the page is left
        changes the save, not the board)."""
        kept = self.saves.save()
        if kept is not None:
            self.commit(kept, note=None, save=False)
        else:
            self.keep_board()

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
        self.schedule_bot()
        self.schedule_pass()

    def load(self, match: Match, *, note: str | None = "", kind: str = "info", shown: bool = True) -> None:
        """A match read from storage (at start, or another tab's save): the computer back if it played
        in it, then committed as it is (nothing saved). ``note``: the notice (``None`` keeps it)."""
        self.renew()
        player, level = opponent_from_json(self._get(OPPONENT_KEY))
        self.bot, self.bot_player = None, None
        if player is not None:
            try:
                self.bot, self.bot_player = load_bot(level, bot_noise()), player
            except Exception as exc:
                note, kind = t(self.lang, "ui.bot_failed", error=str(exc)), "error"
        self.commit(match, note=note, kind=kind, save=False, shown=shown)

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
            "take": lambda: self.act(lambda m: m.take()),
            "beaver": lambda: self.act(lambda m: m.beaver()),
            "drop": lambda: self.act(lambda m: m.drop()),
            "pass": lambda: self.act(lambda m: m.pass_turn()),
            "undo": lambda: self.act(self.gestures.undo),
            "confirm": lambda: self.act(lambda m: m.confirm()),
            "resign": self.dialogs.ask_resign,
            "accept": lambda: self.act(lambda m: m.accept()),
            "decline": lambda: self.act(lambda m: m.decline()),
        }
        for name, action in actions.items():
            on(el(f"btn-{name}"), "click", ignore_event(animation.board_keeps_focus(el(f"btn-{name}"), action)))
        on(el("btn-next"), "click", ignore_event(lambda: self.act(lambda m: m.next_game(self.rng))))
        on(el("btn-bar-next"), "click", ignore_event(lambda: self.act(lambda m: m.next_game(self.rng))))
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
        on(window, "storage", self.saves.on_storage)
        on(document, "keydown", on_shortcut)

    # -- language ----------------------------------------------------------------------------
    def apply_language(self) -> None:
        translate_page(self.lang)
        self.dialogs.sync_bot_option()
        self.dialogs.draw_recovery()

    def set_language(self, lang: str) -> None:
        if lang == self.lang:
            return
        self.lang = lang
        self.remember(LANG_KEY, lang)
        if self.url_lang is not None:  # keep a shared link's ?lang= in step with the choice
            set_url_param("lang", lang)
            self.url_lang = lang
        self.apply_language()
        self.saves.check_budget()
        self.redraw()
        self.keep_board()

    # -- drawing -----------------------------------------------------------------------------
    def viewer(self) -> int:
        """Who the points are numbered for: the human against the computer, else the player to act."""
        if self.bot_player is not None:  # the human
            return 1 - self.bot_player
        if self.link is not None:  # the seat of this device
            return self.link.seat
        game = self.match.game
        acting = game.player_to_act
        return acting if acting is not None else (game.turn or 0)

    def waiting(self) -> bool:
        """True when the screen may not act: a broken save waits for a decision, or the computer is to act."""
        if self.store.held or self.bot_busy or (self.link is not None and self.link.waiting()):
            return True
        return self.bot_player is not None and self.match.game.player_to_act == self.bot_player

    def redraw(self, moves: Moved = (), *, rolled: bool = False) -> None:
        """Draw everything from the match: board, status, buttons, end-of-game card, move list."""
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
        draw_over(self.match, view, phase, self.lang, closed=self.over_closed_at == len(self.match.games))
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
    def act(self, change: Callable[[Match], Match], *, moves: Moved = (), rolled: bool = False) -> bool:
        """One transition: ask the core, follow up (forced moves, auto confirm), save, redraw once."""
        if self.waiting():
            return False
        try:
            match = change(self.match)
        except IllegalActionError as exc:
            self.say(describe_refusal(self.lang, exc.reason))
            self.selected = None
            self.redraw()
            return False
        followed = self.follow_up(match)
        if self.coach is not None and self.coach.holds(followed, moves, rolled):
            return False  # the tutor checks the decision first (and commits it, or not)
        self.gestures.follow(self.match, followed)
        self.commit(followed, note=opening_note(match, self.lang) if rolled else "", moves=moves, rolled=rolled)
        return True

    def commit(
        self,
        match: Match,
        *,
        note: str | None = "",
        kind: str = "info",
        moves: Moved = (),
        rolled: bool = False,
        save: bool = True,
        shown: bool = True,
    ) -> None:
        """Make ``match`` the page's match: the one place it changes. Apply, save, redraw, schedule.

        ``match`` is the next match (a transition of this one), or another one after :meth:`renew`.
        The clock's rule comes first (a flag that fell loses the match on time); the selection is
        dropped; ``note`` becomes the notice (``None`` keeps it). ``save``: write it (False for a
        match read from storage, or a step the computer shows before its decision is saved); the
        saves may hand back the match they kept instead (by link: where the turn began, or as the
        link sent it). ``shown``: redraw (``moves`` animated, the dice ``rolled``), keep the board for
        the next start-up, and let the computer act if it is to; False while the page starts, or
        while the computer holds the match (it draws once it let go).
        """
        self.match = self.clocks.follow(match)
        self.selected = None
        if note is not None:
            self.say(note, kind)
        if save:
            kept = self.saves.save()
            if kept is not None:
                self.match = kept
        if shown:
            self.redraw(moves, rolled=rolled)
            self.keep_board()
            self.schedule_bot()
            self.schedule_pass()

    def open_by_link(self, play: LinkMode, match: Match, *, note: str = "") -> None:
        """A match by link opens (after :meth:`renew`): ``play`` stands in for the saves, the normal save
        stays as it is, and the computer plays no part; ``match``, the link's, is committed unsaved."""
        self.bot, self.bot_player = None, None
        self.link = play
        self.saves = play
        self.commit(match, note=note, save=False)

    def close_link(self, saves: Saves) -> None:
        """Link mode ends (another match replaced the link's): ``saves``, the page's own, again."""
        self.saves, self.link = saves, None

    def renew(self) -> None:
        """Another match comes next (a new one, one read from storage, a link's): a computer's turn in
        flight stops, the clock and the link read the new match, the move list and end card start again."""
        self.generation += 1
        self.log = MoveLog()
        self.over_closed_at = None

    def follow_up(self, match: Match) -> Match:
        """The options' automatic steps (not on the computer's turns)."""
        if self.bot_player is not None and match.game.turn == self.bot_player:
            return match
        return follow_up(match, auto_confirm=self.options.auto_confirm, auto_forced=self.options.auto_forced)

    def roll(self) -> None:
        if self.link is not None and self.link.roll():  # by link, the dice come from the link only
            return
        if self.match.game.phase == "opening":
            self.act(lambda m: m.opening(self.rng), rolled=True)
        else:
            self.act(lambda m: m.roll(self.rng), rolled=True)

    def flip(self) -> None:
        self.options = replace(self.options, flipped=not self.options.flipped)
        self.remember(OPTIONS_KEY, self.options.to_json())
        self.redraw()
        self.keep_board()

    def on_option(self, _event: Any) -> None:
        self.options = replace(
            self.options,
            auto_confirm=bool(el("opt-auto-confirm").checked),
            auto_forced=bool(el("opt-auto-forced").checked),
            bot_fast=bool(el("opt-bot-fast").checked),
        )
        self.remember(OPTIONS_KEY, self.options.to_json())
        follow = self.follow_up(self.match) if not self.waiting() else self.match
        if follow is not self.match:
            self.commit(follow, note=None)
        else:
            self.redraw()

    def close_over(self, closed: bool) -> None:
        """Close the end-of-game card to look at the final position, or open it again."""
        self.over_closed_at = len(self.match.games) if closed else None
        self.redraw()
        el("btn-over-show" if closed else "btn-over-close").focus()

    def on_over_key(self, event: Any) -> None:
        """Escape closes the end-of-game card (unless a dialog is open: Escape is the dialog's)."""
        if str(event.key) != "Escape" or event.defaultPrevented or el("over").hidden:
            return
        if js_value(document.querySelector("dialog[open]")) is None:
            event.preventDefault()
            self.close_over(True)

    # -- the board: a place chosen by click, key or drop ----------------------------------------------
    def select(self, place: Place | None) -> None:
        """Pick the checker on ``place`` (``None``: drop the pick), and draw it."""
        self.selected = place
        self.redraw()

    def choose(self, place: Place) -> None:
        """A click, or Enter, on a place: select a checker, move it, or say why not."""
        view, game = self.view, self.match.game
        if view is None or self.waiting() or game.phase != "move" or game.turn_in_progress is None:
            return
        mover = game.turn or 0
        selected = self.selected
        if selected is not None and place in view.dests:
            self.step(selected, place)
        elif selected is not None and place == selected:
            moves = checkers_moved(self.match, place, None)
            self.act(lambda m: m.auto_step(to_mover(place, mover)), moves=moves)
        elif place in view.movable:
            self.selected = place
            self.notice = ""
            self.redraw()
        else:
            self.explain(place)

    def step(self, start: Place, end: Place, *, animate: bool = True) -> None:
        mover = self.match.game.turn or 0
        moves = checkers_moved(self.match, start, end)
        if not animate:  # dropped: the checker is already there
            moves = moves[1:]
        self.act(lambda m: m.move(to_mover(start, mover), to_mover(end, mover)), moves=moves)

    def explain(self, place: Place) -> None:
        """Why the place clicked cannot be used (the core's reason), and drop the selection."""
        game = self.match.game
        turn = game.turn_in_progress
        mover = game.turn or 0
        selected, self.selected = self.selected, None
        if turn is None:
            return
        if selected is not None and selected != place:
            reason = turn.why_not_move(to_mover(selected, mover), to_mover(place, mover))
        elif place != OFF and self.view is not None and self.view.owns(place, mover):
            reason = turn.why_not(to_mover(place, mover), None)
        else:
            reason = ""
        self.say(describe_refusal(self.lang, reason, place, viewer=self.viewer()) if reason else "")
        self.redraw()

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
        self.bot, self.bot_player = bot, (1 if bot is not None else None)
        self.remember(OPPONENT_KEY, opponent_to_json(self.bot_player, level))
        self.renew()
        self.store.new_match()
        self.commit(match, note=note)
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

    # -- the computer opponent -----------------------------------------------------------------------
    def schedule_bot(self) -> None:
        """Start the computer's turn when it is to act (see :mod:`app.page.computer.turns`)."""
        turns.schedule_bot(self)

    def schedule_pass(self) -> None:
        """A roll that cannot be played is passed for the player at this screen once it was shown for
        :data:`~app.page.auto_play.PASS_PAUSE_MS` (#59), unless the match changed meanwhile (a click on
        Pass, another tab, a new match). The computer passes on its own turns; by link, only on this seat's."""
        match, generation = self.match, self.generation
        if not forced_pass(match) or self.waiting():
            return

        def pass_now() -> None:
            if self.match is not match or self.generation != generation or self.waiting():
                return
            pass_button = el("btn-pass")
            had_focus = js_value(document.activeElement) in (None, document.body, pass_button)
            self.act(lambda m: m.pass_turn())
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
