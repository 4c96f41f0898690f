"""DOM glue for the playable page: events in, one transition of the match, save, one redraw out.

No rules here: every question ("may this checker move?", "where to?", "is the turn
complete?") goes to the core through the :class:`~core.match.Match` and the turn it
holds; the board (:mod:`view`, :mod:`render`) only shows the answers. What is not DOM
lives in pure modules with their own tests: :mod:`saves` (storage without losing a
save), :mod:`pagestate` (phase, buttons, keyboard moves), :mod:`movelog` (the move
list), :mod:`dice_source` (fair dice from ``crypto.getRandomValues``), :mod:`ui_text`.

Listeners: one delegated ``click`` and one ``keydown`` on the board's host element,
pointer events on the same element for drag and drop, one ``click`` per button, the
window's ``storage`` event (another tab), and a document ``keydown`` for shortcuts.
Every handler runs inside :func:`guarded`: an unexpected exception shows an alert
instead of dying silently.
"""

from __future__ import annotations

import asyncio
import importlib.util
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from app.board.messages import describe_refusal, game_result_message
from app.board.places import BAR, OFF, Place, parse_place, to_mover
from app.board.render import render_board
from app.board.view import BoardView, build_view
from app.page.computer import Decision, decide_steps, load_bot, opponent_from_json, opponent_to_json
from app.page.controls import (
    BUTTONS,
    Controls,
    Row,
    controls_for,
    follow_up,
    neighbour,
    page_phase,
    resign_levels,
    row_of,
)
from app.page.dice import ByteDice, parse_seed, seeded_dice
from app.page.movelog import MoveLog
from app.page.storage import (
    LANG_KEY,
    MATCH_KEY,
    OPPONENT_KEY,
    OPTIONS_KEY,
    REV_KEY,
    MatchStore,
    MemoryStorage,
    Options,
    choose_lang,
)
from app.text.ui import tr
from core.errors import IllegalActionError
from core.match import Match

DEFAULT_LENGTH = 5
DRAG_THRESHOLD_PX = 6
ANIMATION_MS = 220
NAME_DEFAULTS = ("Bottom", "Top")  # Match.new's names, shown by the view as the colours


# -- small DOM helpers -------------------------------------------------------------------
def _el(element_id: str) -> Any:
    return document.getElementById(element_id)


def _js_object(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


def _js(value: Any) -> Any:
    """A JS value, with JS ``null`` (``jsnull`` in Pyodide) turned into ``None``."""
    return None if value is jsnull else value


def _str_or_none(value: Any) -> str | None:
    """A JS string as ``str``; JS ``null`` (``jsnull`` in Pyodide) and ``undefined`` as ``None``."""
    if value is None or value is jsnull:
        return None
    return str(value)


class BrowserStorage:
    """``window.localStorage`` behind :class:`saves.Storage` (falls back to memory when disabled)."""

    def __init__(self) -> None:
        self.memory: MemoryStorage | None = None
        try:
            self.local = window.localStorage
            self.local.getItem(MATCH_KEY)
        except Exception:
            self.local = None
            self.memory = MemoryStorage()

    @property
    def available(self) -> bool:
        return self.memory is None

    def get(self, key: str) -> str | None:
        if self.memory is not None:
            return self.memory.get(key)
        return _str_or_none(self.local.getItem(key))

    def set(self, key: str, value: str) -> None:
        if self.memory is not None:
            self.memory.set(key, value)
        else:
            self.local.setItem(key, value)


def crypto_bytes(count: int) -> bytes:
    """``count`` bytes from the browser's cryptographic random source."""
    array = js.Uint8Array.new(count)
    window.crypto.getRandomValues(array)
    return bytes(array.to_bytes())


@dataclass
class Drag:
    """A pointer pressed on a movable checker: a drag once it moves past the threshold."""

    place: Place
    pointer: int
    x: float
    y: float
    started: bool = False
    elements: tuple[Any, ...] = ()


class App:
    """The page: one match, its view, and the listeners that change it."""

    def __init__(self) -> None:
        self.storage = BrowserStorage()
        self.store = MatchStore(self.storage)
        params = js.URLSearchParams.new(window.location.search)
        seed = parse_seed(_str_or_none(params.get("seed")))
        self.rng: Callable[[], int] = seeded_dice(seed) if seed is not None else ByteDice(crypto_bytes)
        self.url_lang = _str_or_none(params.get("lang"))
        self.lang = choose_lang(self.url_lang, self._get(LANG_KEY), list(window.navigator.languages or []))
        self.options = Options.from_json(self._get(OPTIONS_KEY))
        self.match = Match.new(DEFAULT_LENGTH)
        self.selected: Place | None = None
        self.view: BoardView | None = None
        self.notice = ""
        self.alert_shown = False
        self.drag: Drag | None = None
        self.suppress_click = False
        self.row_hint: Row = "bottom"
        self.log = MoveLog()
        self.bot: Any = None
        self.bot_player: int | None = None
        self.bot_busy = False
        self.generation = 0  # raised whenever the match is replaced: a computer's turn in flight stops
        self.broken_url: str | None = None
        self.proxies: list[Any] = []  # kept alive for the page's life

    # -- storage -------------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except Exception:
            return None

    def _set(self, key: str, value: str) -> None:
        try:
            self.storage.set(key, value)
        except Exception as exc:
            self.notice = tr(self.lang, "ui.storage_failed", error=str(exc))

    def save(self) -> None:
        """Save the match unless another tab changed it meanwhile (then show theirs)."""
        try:
            outcome = self.store.save(self.match)
        except Exception as exc:
            self.notice = tr(self.lang, "ui.storage_failed", error=str(exc))
            return
        if outcome == "conflict":
            self.reload_from_storage(tr(self.lang, "ui.conflict"))

    def reload_from_storage(self, note: str) -> None:
        result = self.store.load()
        if result.status == "ok" and result.match is not None:
            self.match = result.match
            self.selected = None
            self.notice = note
            self._after_load()
            self.schedule_bot()
        elif result.status == "broken":
            self.show_recovery(result.text, result.error)
        else:  # cleared elsewhere: keep this match and save it again
            self.save()

    # -- start -------------------------------------------------------------------------------
    def start(self) -> None:
        self.apply_language()
        self.wire()
        if not self.storage.available:
            self.notice = tr(self.lang, "ui.storage_failed", error="localStorage")
        result = self.store.load()
        first_visit = False
        if result.status == "ok" and result.match is not None:
            self.match = result.match
            self._after_load()
        elif result.status == "broken":
            self.show_recovery(result.text, result.error)
        else:
            first_visit = True
        self.redraw()
        for element_id in ("btn-new", "btn-flip", "btn-lang", "opt-auto-confirm", "opt-auto-forced", "opt-bot-fast"):
            _el(element_id).disabled = False
        _el("board").removeAttribute("aria-busy")
        document.body.dataset.ready = "true"
        if first_visit:
            self.open_new_match()
        self.schedule_bot()

    def _after_load(self) -> None:
        """A match came from storage: bring the computer back if it played in it."""
        self.generation += 1
        player, level = opponent_from_json(self._get(OPPONENT_KEY))
        self.bot, self.bot_player = None, None
        if player is not None:
            try:
                self.bot, self.bot_player = load_bot(level), player
            except Exception as exc:
                self.notice = tr(self.lang, "ui.bot_failed", error=str(exc))

    # -- wiring ------------------------------------------------------------------------------
    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(guarded(handler))
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def wire(self) -> None:
        board = _el("board")
        self.on(board, "click", self.on_board_click)
        self.on(board, "keydown", self.on_board_key)
        self.on(board, "pointerdown", self.on_pointer_down)
        self.on(board, "pointermove", self.on_pointer_move)
        self.on(board, "pointerup", self.on_pointer_up)
        self.on(board, "pointercancel", self.on_pointer_cancel)
        self.on(board, "focusin", self.on_focus_in)
        actions: dict[str, Callable[[], object]] = {
            "roll": self.roll,
            "double": self.ask_double,
            "take": lambda: self.act(lambda m: m.take()),
            "pass": self.pass_,
            "undo": lambda: self.act(lambda m: m.undo()),
            "confirm": lambda: self.act(lambda m: m.confirm()),
            "resign": self.ask_resign,
            "accept": lambda: self.act(lambda m: m.accept()),
            "decline": lambda: self.act(lambda m: m.decline()),
        }
        for name, action in actions.items():
            self.on(_el(f"btn-{name}"), "click", _ignore_event(action))
        self.on(_el("btn-next"), "click", _ignore_event(lambda: self.act(lambda m: m.next_game(self.rng))))
        self.on(_el("btn-over-new"), "click", _ignore_event(self.open_new_match))
        self.on(_el("btn-new"), "click", _ignore_event(self.open_new_match))
        self.on(_el("btn-flip"), "click", _ignore_event(self.flip))
        self.on(_el("btn-lang"), "click", _ignore_event(lambda: self.set_language("fr" if self.lang == "en" else "en")))
        self.on(_el("recovery-fresh"), "click", _ignore_event(self.open_new_match))
        self.on(_el("opt-auto-confirm"), "change", self.on_option)
        self.on(_el("opt-auto-forced"), "change", self.on_option)
        self.on(_el("opt-bot-fast"), "change", self.on_option)
        # the new-match dialog
        self.on(_el("new-match-form"), "submit", self.on_new_match_submit)
        self.on(_el("nm-cancel"), "click", _ignore_event(lambda: _el("new-match-dialog").close()))
        self.on(_el("nm-opponent"), "change", _ignore_event(self.sync_opponent_fields))
        # double and resign dialogs
        self.on(_el("double-yes"), "click", _ignore_event(self.confirm_double))
        self.on(_el("double-cancel"), "click", _ignore_event(lambda: _el("double-dialog").close()))
        for level in (1, 2, 3):
            self.on(_el(f"resign-{level}"), "click", _ignore_event(_bind(self.resign, level)))
        self.on(_el("resign-cancel"), "click", _ignore_event(lambda: _el("resign-dialog").close()))
        self.on(window, "storage", self.on_storage)
        self.on(document, "keydown", self.on_shortcut)

    # -- language ----------------------------------------------------------------------------
    def apply_language(self) -> None:
        lang = self.lang
        document.documentElement.lang = lang
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = tr(lang, str(node.dataset.i18n))
        for node in document.querySelectorAll("[data-i18n-label]"):
            text = tr(lang, str(node.dataset.i18nLabel))
            node.setAttribute("aria-label", text)
            if node.hasAttribute("title"):
                node.setAttribute("title", text)
        for node in document.querySelectorAll("[data-i18n-placeholder]"):
            node.setAttribute("placeholder", tr(lang, str(node.dataset.i18nPlaceholder)))
        other = "fr" if lang == "en" else "en"
        button = _el("btn-lang")
        button.textContent = tr(lang, "button.language")
        button.setAttribute("lang", other)
        _el("nm-lang").value = lang
        self.sync_bot_option()

    def set_language(self, lang: str) -> None:
        if lang == self.lang:
            return
        self.lang = lang
        self._set(LANG_KEY, lang)
        if self.url_lang is not None:  # keep a shared link's ?lang= in step with the choice
            params = js.URLSearchParams.new(window.location.search)
            params.set("lang", lang)
            self.url_lang = lang
            window.history.replaceState(None, "", f"?{params.toString()}{window.location.hash}")
        self.apply_language()
        self.redraw()

    # -- drawing -----------------------------------------------------------------------------
    def viewer(self) -> int:
        """Who the points are numbered for: the human against the computer, else the player to act."""
        if self.bot_player is not None:
            return 1 - self.bot_player
        game = self.match.game
        acting = game.player_to_act
        return acting if acting is not None else (game.turn or 0)

    def waiting(self) -> bool:
        """True when the screen may not act: a broken save waits for a decision, or the computer is to act."""
        if self.store.held or self.bot_busy:
            return True
        return self.bot_player is not None and self.match.game.player_to_act == self.bot_player

    def status_text(self) -> str:
        match, lang = self.match, self.lang
        game = match.game
        assert self.view is not None
        if self.bot_busy and self.bot_player is not None:
            return tr(lang, "phase.bot_thinking", name=self.view.names[self.bot_player])
        turn = game.turn_in_progress
        if game.phase == "move" and turn is not None and turn.legal_play_count == 0 and not match.is_over:
            mover = game.turn or 0
            dice = "-".join(str(d) for d in turn.dice)
            return tr(lang, "ui.cannot_move", name=self.view.names[mover], dice=dice)
        return self.view.message

    def redraw(self, moves: tuple[tuple[int, Place, Place], ...] = (), *, rolled: bool = False) -> None:
        """Draw everything from the match: board, status, buttons, end-of-game card, move list."""
        board = _el("board")
        before = self._checker_centres(moves) if moves and self.animate() else {}
        focus = self._focused_place()
        waiting = self.waiting()
        self.view = build_view(
            self.match,
            selected=self.selected,
            lang=self.lang,
            flipped=self.options.flipped,
            viewer=self.viewer(),
            interactive=not waiting,
        )
        status = self.status_text()
        if status != self.view.message:
            self.view = replace(self.view, message=status)
        board.innerHTML = render_board(self.view)
        phase = page_phase(self.match)
        document.body.dataset.phase = phase
        _el("status").textContent = status
        _el("notice").textContent = self.notice
        self._draw_controls(controls_for(self.match, waiting=waiting))
        self._draw_over(phase)
        self._draw_moves()
        _el("opt-auto-confirm").checked = self.options.auto_confirm
        _el("opt-auto-forced").checked = self.options.auto_forced
        _el("opt-bot-fast").checked = self.options.bot_fast
        if focus is not None:
            self._focus_place(focus)
        if before:
            self._animate_moves(moves, before)
        if rolled and self.animate():
            dice = _js(board.querySelector(".dice"))
            if dice is not None:
                dice.classList.add("dice--rolled")

    def _draw_controls(self, controls: Controls) -> None:
        for name in BUTTONS:
            button = _el(f"btn-{name}")
            button.hidden = name not in controls.visible
            button.disabled = name not in controls.enabled
            if name == controls.primary:
                button.classList.add("is-next")
            else:
                button.classList.remove("is-next")

    def _draw_over(self, phase: str) -> None:
        over = _el("over")
        if phase not in ("game-over", "match-over"):
            over.hidden = True
            return
        assert self.view is not None
        match, lang, names = self.match, self.lang, self.view.names
        over.hidden = False
        match_over = phase == "match-over"
        _el("over-title").textContent = tr(lang, "ui.match_over" if match_over else "ui.game_over")
        result = game_result_message(match.game, lang, names)
        if match_over:
            result = self.view.message
        _el("over-result").textContent = result
        key = "ui.score_money" if match.is_money else "ui.score"
        score = tr(lang, key, score0=match.score[0], score1=match.score[1])
        _el("over-score").textContent = f"{names[0]} · {score} · {names[1]}"
        _el("btn-next").hidden = match_over
        _el("btn-over-new").hidden = not match_over

    def _draw_moves(self) -> None:
        game = self.match.game
        entries = self.log.entries(game, self.lang)
        number = len(self.match.games)
        _el("moves-game").textContent = tr(self.lang, "ui.game_n", n=number)
        items = []
        assert self.view is not None
        for entry in entries:
            name = _escape(self.view.names[entry.player])
            items.append(
                f'<li class="moves__item moves__item--{entry.player} moves__item--{entry.kind}">'
                f'<span class="swatch swatch--{entry.player}" aria-hidden="true"></span>'
                f'<span class="visually-hidden">{name}: </span>{_escape(entry.text)}</li>'
            )
        result = game_result_message(game, self.lang, self.view.names)
        if result:
            items.append(f'<li class="moves__item moves__item--result">{_escape(result)}</li>')
        if not items:
            items.append(f'<li class="moves__empty">{_escape(tr(self.lang, "ui.no_moves"))}</li>')
        moves = _el("move-list")
        moves.innerHTML = "".join(items)
        moves.scrollTop = moves.scrollHeight

    # -- focus and animation ---------------------------------------------------------------------
    def _focused_place(self) -> str | None:
        active = _js(document.activeElement)
        if active is None or not _el("board").contains(active):
            return None
        group = _js(active.closest("[data-point]"))
        return None if group is None else str(group.dataset.point)

    def _focus_place(self, place: str) -> None:
        element = _js(_el("board").querySelector(f'[data-point="{place}"]'))
        if element is not None:
            element.focus(_js_object({"preventScroll": True}))

    def animate(self) -> bool:
        return not bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def _top_checker(self, place: Place, owner: int) -> Any:
        group = _js(_el("board").querySelector(f'[data-point="{place}"]'))
        if group is None:
            return None
        checkers = group.querySelectorAll(f'[data-checker][data-owner="{owner}"]')
        return checkers.item(checkers.length - 1) if checkers.length else None

    def _checker_centres(self, moves: tuple[tuple[int, Place, Place], ...]) -> dict[int, tuple[float, float]]:
        centres = {}
        for i, (owner, start, _) in enumerate(moves):
            element = self._top_checker(start, owner)
            if element is not None:
                box = element.getBoundingClientRect()
                centres[i] = (box.x + box.width / 2, box.y + box.height / 2)
        return centres

    def _animate_moves(
        self, moves: tuple[tuple[int, Place, Place], ...], before: dict[int, tuple[float, float]]
    ) -> None:
        svg = _js(_el("board").querySelector("svg"))
        matrix = _js(svg.getScreenCTM()) if svg is not None else None
        scale = matrix.a if matrix is not None and matrix.a else 1.0
        for i, (owner, _, end) in enumerate(moves):
            if i not in before:
                continue
            element = self._top_checker(end, owner)
            if element is None:
                continue
            box = element.getBoundingClientRect()
            dx = (before[i][0] - (box.x + box.width / 2)) / scale
            dy = (before[i][1] - (box.y + box.height / 2)) / scale
            frames = _js_object([{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"}, {"transform": "none"}])
            timing = _js_object({"duration": ANIMATION_MS, "easing": "ease-out"})
            for item in _with_ring(element):
                item.animate(frames, timing)

    # -- actions -----------------------------------------------------------------------------------
    def act(
        self,
        change: Callable[[Match], Match],
        *,
        moves: tuple[tuple[int, Place, Place], ...] = (),
        rolled: bool = False,
    ) -> bool:
        """One transition: ask the core, follow up (forced moves, auto confirm), save, redraw once."""
        if self.waiting():
            return False
        try:
            match = change(self.match)
        except IllegalActionError as exc:
            self.notice = describe_refusal(self.lang, exc.reason)
            self.selected = None
            self.redraw()
            return False
        self.match = self.follow_up(match)
        self.selected = None
        self.notice = self._opening_note(match) if rolled else ""
        self.save()
        self.redraw(moves, rolled=rolled)
        self.schedule_bot()
        return True

    def follow_up(self, match: Match) -> Match:
        """The options' automatic steps (not on the computer's turns)."""
        if self.bot_player is not None and match.game.turn == self.bot_player:
            return match
        return follow_up(match, auto_confirm=self.options.auto_confirm, auto_forced=self.options.auto_forced)

    def _opening_note(self, match: Match) -> str:
        actions = match.game.actions
        if actions and actions[-1].kind == "opening" and actions[-1].ties:
            values = ", ".join(f"{v}-{v}" for v in actions[-1].ties)
            return tr(self.lang, "ui.opening_tie", values=values)
        return ""

    def roll(self) -> None:
        if self.match.game.phase == "opening":
            self.act(lambda m: m.opening(self.rng), rolled=True)
        else:
            self.act(lambda m: m.roll(self.rng), rolled=True)

    def pass_(self) -> None:
        if self.match.game.phase == "double":
            self.act(lambda m: m.drop())
        else:
            self.act(lambda m: m.pass_turn())

    def flip(self) -> None:
        self.options = replace(self.options, flipped=not self.options.flipped)
        self._set(OPTIONS_KEY, self.options.to_json())
        self.redraw()

    def on_option(self, _event: Any) -> None:
        self.options = replace(
            self.options,
            auto_confirm=bool(_el("opt-auto-confirm").checked),
            auto_forced=bool(_el("opt-auto-forced").checked),
            bot_fast=bool(_el("opt-bot-fast").checked),
        )
        self._set(OPTIONS_KEY, self.options.to_json())
        if not self.waiting():
            follow = self.follow_up(self.match)
            if follow is not self.match:
                self.match = follow
                self.save()
        self.redraw()

    # -- the cube and resignations ---------------------------------------------------------------
    def ask_double(self) -> None:
        game = self.match.game
        if not game.can_double() or self.waiting():
            return
        assert self.view is not None
        value = game.cube * 2
        other = self.view.names[1 - (game.turn or 0)]
        points = tr(self.lang, "over.points", count=game.cube)
        _el("double-title").textContent = tr(self.lang, "ui.double_title", value=value)
        _el("double-text").textContent = tr(self.lang, "ui.double_text", other=other, value=value, points=points)
        _el("double-dialog").showModal()

    def confirm_double(self) -> None:
        _el("double-dialog").close()
        self.act(lambda m: m.double())

    def ask_resign(self) -> None:
        levels = resign_levels(self.match)
        if not levels or self.waiting():
            return
        assert self.view is not None
        other = self.view.names[1 - (self.match.game.turn or 0)]
        _el("resign-text").textContent = tr(self.lang, "ui.resign_text", other=other)
        for level in (1, 2, 3):
            _el(f"resign-{level}").disabled = level not in levels
        _el("resign-dialog").showModal()

    def resign(self, level: int) -> None:
        _el("resign-dialog").close()
        self.act(lambda m: m.resign(level))

    # -- the board: clicks, keys, drags -------------------------------------------------------------
    def place_of(self, target: Any) -> Place | None:
        target = _js(target)
        if target is None or not hasattr(target, "closest"):
            return None
        group = _js(target.closest("[data-point]"))
        if group is None:
            return None
        return parse_place(str(group.dataset.point))

    def on_board_click(self, event: Any) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        place = self.place_of(event.target)
        if place is not None:
            self.choose(place)

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
            self.act(lambda m: m.auto_step(to_mover(place, mover)), moves=self._moves_for(place, None))
        elif place in view.movable:
            self.selected = place
            self.notice = ""
            self.redraw()
        else:
            self.explain(place)

    def step(self, start: Place, end: Place, *, animate: bool = True) -> None:
        mover = self.match.game.turn or 0
        moves = self._moves_for(start, end) if animate else self._moves_for(start, end)[1:]
        self.act(lambda m: m.step(to_mover(start, mover), to_mover(end, mover)), moves=moves)

    def _moves_for(self, start: Place, end: Place | None) -> tuple[tuple[int, Place, Place], ...]:
        """The checkers a step moves, for the animation: the mover's, and a hit blot to the bar."""
        game = self.match.game
        mover = game.turn or 0
        turn = game.turn_in_progress
        if end is None and turn is not None:
            steps = [t for s, t, _ in turn.next_steps() if s == to_mover(start, mover)]
            if not steps:
                return ()
            end = OFF if steps[0] == 0 else BAR if steps[0] == 25 else _from_mover(steps[0], mover)
        assert end is not None
        moves: list[tuple[int, Place, Place]] = [(mover, start, end)]
        if isinstance(end, int) and self.view is not None:
            point = self.view.point(end)
            if point.owner == 1 - mover and point.count == 1:
                moves.append((1 - mover, end, BAR))
        return tuple(moves)

    def explain(self, place: Place) -> None:
        """Why the place clicked cannot be used (the core's reason), and drop the selection."""
        game = self.match.game
        turn = game.turn_in_progress
        mover = game.turn or 0
        selected, self.selected = self.selected, None
        if turn is None:
            return
        if selected is not None and selected != place:
            reason = turn.why_not(to_mover(selected, mover), to_mover(place, mover))
        elif place != OFF and self._owns(place, mover):
            reason = turn.why_not(to_mover(place, mover), None)
        else:
            reason = ""
        self.notice = describe_refusal(self.lang, reason, place, viewer=self.viewer()) if reason else ""
        self.redraw()

    def _owns(self, place: Place, player: int) -> bool:
        assert self.view is not None
        if place == BAR:
            return self.view.bar.counts[player] > 0
        if isinstance(place, int):
            point = self.view.point(place)
            return point.owner == player and point.count > 0
        return False

    def on_focus_in(self, event: Any) -> None:
        place = self.place_of(event.target)
        if place is not None:
            self.row_hint = row_of(place, self.row_hint)

    def on_board_key(self, event: Any) -> None:
        place = self.place_of(event.target)
        if place is None:
            return
        key = str(event.key)
        if key in ("Enter", " "):
            event.preventDefault()
            self.choose(place)
        elif key == "Escape" and self.selected is not None:
            event.preventDefault()
            self.selected = None
            self.redraw()
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            target = neighbour(place, key, flipped=self.options.flipped, hint=self.row_hint)
            event.preventDefault()
            if target is not None:
                self._focus_place(str(target))

    def on_pointer_down(self, event: Any) -> None:
        if event.button != 0 or not event.isPrimary or self.view is None:
            return
        place = self.place_of(event.target)
        if place is not None and place in self.view.movable:
            self.drag = Drag(place, int(event.pointerId), float(event.clientX), float(event.clientY))

    def on_pointer_move(self, event: Any) -> None:
        drag = self.drag
        if drag is None or int(event.pointerId) != drag.pointer:
            return
        dx, dy = float(event.clientX) - drag.x, float(event.clientY) - drag.y
        if not drag.started:
            if dx * dx + dy * dy < DRAG_THRESHOLD_PX * DRAG_THRESHOLD_PX:
                return
            drag.started = True
            self.selected = drag.place
            self.redraw()
            assert self.view is not None
            element = self._top_checker(drag.place, self.view.mover)
            if element is None:
                self.drag = None
                return
            elements = _with_ring(element)
            svg = _js(_el("board").querySelector("svg"))
            for item in elements:  # last in the drawing: above every other checker
                item.classList.add("checker--dragged")
                svg.appendChild(item)
            drag.elements = tuple(elements)
            _el("board").setPointerCapture(drag.pointer)
        svg = _js(_el("board").querySelector("svg"))
        matrix = _js(svg.getScreenCTM()) if svg is not None else None
        scale = matrix.a if matrix is not None and matrix.a else 1.0
        for item in drag.elements:
            item.setAttribute("transform", f"translate({dx / scale:.1f} {dy / scale:.1f})")
        event.preventDefault()

    def on_pointer_up(self, event: Any) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag.started:
            return
        self.suppress_click = True
        window.setTimeout(create_once(self._clear_suppress), 0)
        target = _js(document.elementFromPoint(event.clientX, event.clientY))
        place = self.place_of(target)
        view = self.view
        if place is not None and view is not None and place in view.dests:
            self.step(drag.place, place, animate=False)
        else:
            if place != drag.place and place is not None:
                self.explain(place)
            else:
                self.redraw()

    def _clear_suppress(self) -> None:
        self.suppress_click = False

    def on_pointer_cancel(self, _event: Any) -> None:
        if self.drag is not None and self.drag.started:
            self.drag = None
            self.redraw()
        self.drag = None

    # -- keyboard shortcuts ---------------------------------------------------------------------------
    def on_shortcut(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or event.defaultPrevented:
            return
        target = _js(event.target)
        in_form = target is not None and hasattr(target, "closest")
        if in_form and _js(target.closest("input, select, textarea, dialog")) is not None:
            return
        names = {"r": "roll", "u": "undo", "c": "confirm"}
        name = names.get(str(event.key).lower())
        if name is None:
            return
        button = _el(f"btn-{name}")
        if not button.hidden and not button.disabled:
            event.preventDefault()
            button.click()

    # -- another tab -----------------------------------------------------------------------------------
    def on_storage(self, event: Any) -> None:
        key = _str_or_none(event.key)
        if key not in (MATCH_KEY, REV_KEY, None):
            return
        if self.store.held or self.store.is_current():
            return
        self.reload_from_storage(tr(self.lang, "ui.other_tab"))
        self.redraw()

    # -- a broken save ------------------------------------------------------------------------------
    def show_recovery(self, text: str, error: str) -> None:
        blob = js.Blob.new(to_js([text]), _js_object({"type": "application/json"}))
        if self.broken_url is not None:
            js.URL.revokeObjectURL(self.broken_url)
        self.broken_url = str(js.URL.createObjectURL(blob))
        _el("recovery-download").setAttribute("href", self.broken_url)
        _el("recovery-text").textContent = tr(self.lang, "ui.broken_text", error=error)
        _el("recovery").hidden = False

    # -- the new-match dialog ----------------------------------------------------------------------
    def sync_bot_option(self) -> None:
        option = document.querySelector('#nm-opponent option[value="bot"]')
        available = bot_available()
        option.disabled = not available
        option.textContent = tr(self.lang, "ui.opponent.bot" if available else "ui.opponent.bot_missing")

    def sync_opponent_fields(self) -> None:
        _el("nm-level-field").hidden = str(_el("nm-opponent").value) != "bot"

    def open_new_match(self) -> None:
        match = self.match
        names = [("" if n in NAME_DEFAULTS else n) for n in match.names]
        _el("nm-name0").value = names[0]
        _el("nm-name1").value = names[1]
        _el("nm-length").value = str(match.length)
        _el("nm-crawford").checked = match.crawford_rule
        _el("nm-lang").value = self.lang
        _el("nm-opponent").value = "bot" if self.bot_player is not None else "human"
        self.sync_bot_option()
        self.sync_opponent_fields()
        dialog = _el("new-match-dialog")
        if not dialog.open:
            dialog.showModal()

    def on_new_match_submit(self, event: Any) -> None:
        event.preventDefault()
        form = _el("new-match-form")
        length_input = _el("nm-length")
        try:
            length = int(str(length_input.value))
        except ValueError:
            length = -1
        if not 0 <= length <= 64:
            length_input.setCustomValidity(tr(self.lang, "ui.length_hint"))
            form.reportValidity()
            length_input.setCustomValidity("")
            return
        names = (
            str(_el("nm-name0").value).strip() or NAME_DEFAULTS[0],
            str(_el("nm-name1").value).strip() or NAME_DEFAULTS[1],
        )
        bot, level = None, str(_el("nm-level").value)
        if str(_el("nm-opponent").value) == "bot":
            try:
                bot = load_bot(level)  # imported now, not at start-up
            except Exception as exc:
                self.notice = tr(self.lang, "ui.bot_failed", error=str(exc))
                _el("notice").textContent = self.notice
                return
            if names[1] == NAME_DEFAULTS[1]:
                names = (names[0], tr(str(_el("nm-lang").value), "ui.opponent.bot"))
        lang = str(_el("nm-lang").value)
        self.bot, self.bot_player = bot, (1 if bot is not None else None)
        self._set(OPPONENT_KEY, opponent_to_json(self.bot_player, level))
        self.generation += 1
        self.match = Match.new(length, crawford_rule=bool(_el("nm-crawford").checked), names=names)
        self.selected = None
        self.notice = ""
        self.log = MoveLog()
        _el("new-match-dialog").close()
        if self.store.held:
            self.store.start_fresh()
            _el("recovery").hidden = True
        self.save()
        if lang != self.lang:
            self.set_language(lang)
        self.redraw()
        _el("btn-roll").focus()

    def replace_match(self, match: Match, *, bot_level: str | None = None, note: str = "") -> bool:
        """Make ``match`` the current match, once the player confirmed: an imported .mat, a set-up position.

        Used by :mod:`formats_panel`. ``bot_level``: the computer plays the top player at that
        level; ``None``: two players at this screen. Refused (``False``) while the computer is
        in the middle of its turn.
        """
        if self.bot_busy:
            return False
        bot = load_bot(bot_level) if bot_level is not None else None
        self.bot, self.bot_player = bot, (1 if bot is not None else None)
        self._set(OPPONENT_KEY, opponent_to_json(self.bot_player, bot_level or "intermediate"))
        self.generation += 1
        self.match = match
        self.selected = None
        self.notice = note
        self.log = MoveLog()
        if self.store.held:
            self.store.start_fresh()
            _el("recovery").hidden = True
        self.save()
        self.redraw()
        self.schedule_bot()
        return True

    # -- the computer opponent -----------------------------------------------------------------------
    def schedule_bot(self) -> None:
        if self.bot is None or self.bot_busy or self.bot_player is None or self.store.held:
            return
        if self.match.is_over or self.match.game.player_to_act != self.bot_player:
            return
        asyncio.ensure_future(guarded_async(self.bot_turn)())

    async def bot_turn(self) -> None:
        """One decision of the computer, shown as it happens; the page stays responsive throughout."""
        generation = self.generation
        self.bot_busy = True
        try:
            rolled = await self._bot_decision(generation)
        finally:
            self.bot_busy = False
        if generation == self.generation:
            self.notice = ""
            self.save()
        # else the match was replaced meanwhile (new match, another tab): draw that one
        self.redraw(rolled=rolled and generation == self.generation)
        self.schedule_bot()

    async def _bot_decision(self, generation: int) -> bool:
        """Apply the computer's next decision to the match, step by step; True when it rolled."""
        pause = 0.35 if self.animate() and not self.options.bot_fast else 0.02
        self.redraw()
        await asyncio.sleep(pause)  # the browser paints "thinking…" and the dice
        if generation != self.generation:
            return False
        player = self.bot_player if self.bot_player is not None else 1
        thinking = decide_steps(self.bot, self.match, player)
        last = time.perf_counter()
        while True:  # the lookahead comes in slices: give the browser a frame every ~30 ms
            try:
                next(thinking)
            except StopIteration as done:
                decision: Decision = done.value
                break
            if time.perf_counter() - last > 0.03:
                await asyncio.sleep(0)
                last = time.perf_counter()
                if generation != self.generation:
                    return False
        if decision.kind == "play" and decision.play is not None:
            mover = self.match.game.turn or 0
            for start, end in decision.play.steps:
                moves = self._moves_for(_from_mover(start, mover), _from_mover(end, mover))
                self.match = self.match.step(start, end)
                self.redraw(moves)
                await asyncio.sleep(pause)
                if generation != self.generation:
                    return False
            self.match = self.match.confirm()
        elif decision.kind == "roll":
            self.match = self.match.roll(self.rng)
            return True
        elif decision.kind != "wait":
            self.match = BOT_ACTIONS[decision.kind](self.match)
        return False


BOT_ACTIONS: dict[str, Callable[[Match], Match]] = {
    "double": lambda m: m.double(),
    "take": lambda m: m.take(),
    "drop": lambda m: m.drop(),
    "accept": lambda m: m.accept(),
    "decline": lambda m: m.decline(),
    "pass": lambda m: m.pass_turn(),
}


# -- the computer opponent, loaded only when chosen ------------------------------------------------
def bot_available() -> bool:
    """True when the core ships a bot package (``core/bot/__init__.py``); nothing is imported."""
    try:
        spec = importlib.util.find_spec("core.bot")
    except (ImportError, ValueError):
        return False
    return spec is not None and spec.origin is not None and spec.origin.endswith("__init__.py")


# -- helpers -----------------------------------------------------------------------------------
def _with_ring(checker: Any) -> list[Any]:
    """A checker's circle and the ring drawn just after it (render.py draws them as siblings)."""
    ring = _js(checker.nextElementSibling)
    if ring is not None and ring.classList.contains("checker__ring"):
        return [checker, ring]
    return [checker]


def _from_mover(point: int, mover: int) -> Place:
    if point == 25:
        return BAR
    if point == 0:
        return OFF
    return point if mover == 0 else 25 - point


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _bind(function: Callable[[int], None], value: int) -> Callable[[], None]:
    return lambda: function(value)


def _ignore_event(action: Callable[[], object]) -> Callable[[Any], None]:
    def handle(_event: Any) -> None:
        action()

    return handle


def create_once(function: Callable[[], None]) -> Any:
    """A proxy for a callback called once (setTimeout), destroyed after the call."""
    proxy: Any = None

    def run() -> None:
        try:
            guarded(lambda _e: function())(None)
        finally:
            proxy.destroy()

    proxy = create_proxy(run)
    return proxy


def report(exc: BaseException) -> None:
    """Show an unexpected error to the player (role="alert") and log it for the developer."""
    lang = APP.lang if APP is not None else "en"
    try:
        _el("error-text").textContent = tr(lang, "ui.error", error=f"{type(exc).__name__}: {exc}")
        _el("error").hidden = False
    finally:
        js.console.error("Videau: " + "".join(traceback.format_exception(exc)))


def guarded(handler: Callable[[Any], None]) -> Callable[[Any], None]:
    def run(event: Any) -> None:
        try:
            handler(event)
        except Exception as exc:
            report(exc)

    return run


def guarded_async(coroutine: Callable[[], Any]) -> Callable[[], Any]:
    async def run() -> None:
        try:
            await coroutine()
        except Exception as exc:
            report(exc)

    return run


APP: App | None = None


def boot() -> App:
    """Start the page (called by main.py)."""
    global APP
    APP = App()
    APP.start()
    from app.records import panel as formats_panel  # imports this module: loaded once APP exists

    formats_panel.install(APP)
    return APP
