"""The position editor's dialog: DOM glue between the page and :mod:`app.editor`.

Imported on first use (the records panel's "Edit position" button calls :func:`open_editor`),
never at start-up. The dialog is built here (its markup is :func:`app.editor.form.form_html`'s),
with delegated listeners on the ``<dialog>`` itself: ``click`` (buttons, board places),
``change`` / ``input`` (the form), ``keydown`` (the board's keys), pointer events (dragging
a checker) and ``submit`` (Enter in the ID field loads it). Every gesture goes through the
pure :mod:`app.editor.model`, then one redraw; the rules, and every refusal's reason, are
:mod:`core.setup_draft`'s. "Play on" hands a new :class:`~core.match.Match` to the page
(:meth:`Editing.replace_match`), saved like any match.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import js
from pyscript import document, window

from app.board.places import Place
from app.board.render import render_board
from app.board.view import CORE_DEFAULT_NAMES
from app.dom import Listeners, el, guarded_async, js_value, place_of
from app.editor.form import CHECKS, FIELDS, form_fields, form_html, read_form
from app.editor.model import (
    EditorState,
    Outcome,
    click,
    counts_text,
    drop,
    editor_view,
    export_text,
    load_id,
    press,
    status_text,
)
from app.page.board_input.drag import ClickGuard, Drag, drop_place
from app.page.board_input.focus_moves import Row, neighbour, row_of
from app.page.host import Editing
from app.text import t
from core.setup_draft import SetupDraft

DIALOG_ID = "editor-dialog"


@dataclass
class Press:
    """A pointer pressed on ``owner``'s checker (``element``): the drag it may become."""

    drag: Drag
    owner: int
    element: Any


class Editor:
    """The editor's dialog, its state (:class:`~app.editor.model.EditorState`) and its listeners."""

    def __init__(self, host: Editing) -> None:
        self.host = host
        self.state = EditorState(SetupDraft.initial())
        self.listeners = Listeners()
        self.dialog: Any = None
        self.built_lang: str | None = None
        self.focus: Place = 1
        self.row: Row = "bottom"
        self.press: Press | None = None
        self.click_guard = ClickGuard()

    @property
    def lang(self) -> str:
        return self.host.lang

    # -- opening -----------------------------------------------------------------------------
    def open(self) -> None:
        """Open the editor on the current match's position (at the start of the turn)."""
        dialog = self._dialog()
        bot = self.host.bot_available()
        if self.built_lang != self.lang:
            dialog.innerHTML = form_html(self.lang, bot=bot)
            self.built_lang = self.lang
        self.state = EditorState(SetupDraft.from_match(self.host.match))
        el("ed-opponent").value = "bot" if bot and self.host.bot_player is not None else "human"
        el("ed-out-box").hidden = True
        el("ed-id").value = ""
        self.redraw(Outcome(self.state))
        if not dialog.open:
            dialog.showModal()
        self.focus_place()

    def _dialog(self) -> Any:
        if self.dialog is None:
            dialog = document.createElement("dialog")
            dialog.id = DIALOG_ID
            dialog.className = "dialog dialog--wide editor-dialog"
            dialog.setAttribute("aria-labelledby", "ed-title")
            document.body.appendChild(dialog)
            on = self.listeners.on
            on(dialog, "click", self.on_click)
            on(dialog, "change", self.on_change)
            on(dialog, "input", self.on_input)
            on(dialog, "keydown", self.on_key)
            on(dialog, "submit", self.on_submit)
            on(dialog, "pointerdown", self.on_down)
            on(dialog, "pointermove", self.on_move)
            on(dialog, "pointerup", self.on_up)
            on(dialog, "pointercancel", self.on_cancel)
            self.dialog = dialog
        return self.dialog

    # -- drawing -----------------------------------------------------------------------------
    def redraw(self, outcome: Outcome, *, form: bool = True) -> None:
        """Show ``outcome``: its state on the board and in the form, its message (else the set-up's status)."""
        self.state = state = outcome.state
        draft = state.draft
        names = tuple("" if n == d else n for n, d in zip(self.host.match.names, CORE_DEFAULT_NAMES))
        view = editor_view(state, self.lang, names=(names[0], names[1]), flipped=self.host.flipped, focus=self.focus)
        el("ed-board").innerHTML = render_board(view)
        el("ed-counts").textContent = counts_text(draft, self.lang)
        if form:
            for key, value in form_fields(draft).items():
                if key in CHECKS:
                    el(key).checked = value == "true"
                else:
                    el(key).value = value
        tool = "remove" if state.erase else str(state.colour)
        el(f"ed-tool-{tool}").checked = True
        el("ed-money").hidden = draft.match_length != 0
        message, kind = (outcome.message, outcome.kind) if outcome.message else status_text(draft, self.lang)
        self.say(message, kind)

    def say(self, text: str, kind: str = "info") -> None:
        status = el("ed-status")
        status.textContent = text
        if kind == "error":
            status.classList.add("is-error")
        else:
            status.classList.remove("is-error")

    def focus_place(self) -> None:
        group = js_value(el("ed-board").querySelector(f'[data-point="{self.focus}"]'))
        if group is not None:
            group.focus()

    def _board_has_focus(self) -> bool:
        active = js_value(document.activeElement)
        return active is not None and js_value(active.closest("#ed-board")) is not None

    def apply(self, outcome: Outcome | None) -> None:
        """Redraw after a board gesture, keeping the keyboard's place focused."""
        if outcome is None:
            return
        had_focus = self._board_has_focus()
        self.redraw(outcome)
        if had_focus:
            self.focus_place()

    # -- the form ----------------------------------------------------------------------------
    def read(self) -> None:
        fields = {key: str(el(key).value) for key in FIELDS}
        fields.update({key: "true" if el(key).checked else "" for key in CHECKS})
        draft, why = read_form(self.state.draft, fields, self.lang)
        self.redraw(Outcome(self.state.with_draft(draft), why, "error"), form=False)

    def on_change(self, event: Any) -> None:
        target = js_value(event.target)
        name = str(target.name or "") if target is not None else ""
        if name == "ed-tool":
            value = str(target.value)
            state = (
                self.state.with_tool(self.state.colour, True) if value == "remove" else self.state.with_tool(int(value))
            )
            self.redraw(Outcome(state), form=False)
        elif target is not None and str(target.id) in FIELDS + CHECKS:
            self.read()

    def on_input(self, event: Any) -> None:
        target = js_value(event.target)
        if target is not None and str(target.id) in ("ed-length", "ed-score0", "ed-score1"):
            self.read()

    def on_submit(self, event: Any) -> None:
        event.preventDefault()  # never closes the dialog: Enter in the ID field loads it (see on_key)

    # -- clicks --------------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = js_value(event.target)
        if target is None:
            return
        if js_value(target.closest("#ed-board")) is not None:
            if self.click_guard.swallow():
                return
            place = place_of(target)
            if place is not None:
                self.focus = place
                self.apply(click(self.state, place, self.lang))
            return
        button = js_value(target.closest("button"))
        if button is None:
            return
        actions: dict[str, Callable[[], object]] = {
            "ed-start": lambda: self.redraw(Outcome(self.state.with_draft(self._keep_match(SetupDraft.initial())))),
            "ed-clear": lambda: self.redraw(Outcome(self.state.with_draft(self._keep_match(SetupDraft.empty())))),
            "ed-swap": lambda: self.redraw(Outcome(self.state.with_draft(self.state.draft.swapped()))),
            "ed-load": self.load,
            "ed-copy-xgid": lambda: self.copy("xgid"),
            "ed-copy-gnubg": lambda: self.copy("gnubg"),
            "ed-copy-embed": lambda: self.copy("embed"),
            "ed-play": self.play_on,
            "ed-close": lambda: self.dialog.close(),
        }
        action = actions.get(str(button.id))
        if action is not None:
            action()

    def _keep_match(self, board: SetupDraft) -> SetupDraft:
        """``board``'s checkers with the rest of the current set-up (turn, dice, cube, score)."""
        return replace(self.state.draft, sides=board.sides)

    def load(self) -> None:
        text = str(el("ed-id").value)
        if text.strip():
            self.redraw(load_id(self.state, text, self.lang))

    # -- keys ------------------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        if str(event.key) == "Enter" and str(getattr(event.target, "id", "")) == "ed-id":
            event.preventDefault()
            self.load()
            return
        place = place_of(event.target)
        if place is None or js_value(event.target.closest("#ed-board")) is None:
            return
        key = str(event.key)
        self.focus = place
        self.row = row_of(place, self.row)
        if key in ("Enter", " "):
            event.preventDefault()
            self.apply(click(self.state, place, self.lang))
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            event.preventDefault()
            target = neighbour(place, key, flipped=self.host.flipped, hint=self.row)
            if target is not None:
                self.focus = target
                self.row = row_of(target, self.row)
                self.redraw(Outcome(self.state), form=False)  # the roving Tab stop moves with it
                self.focus_place()
        elif not (event.ctrlKey or event.metaKey or event.altKey):
            outcome = press(self.state, place, key, self.lang)
            if outcome is not None:
                event.preventDefault()
                self.apply(outcome)

    # -- dragging ------------------------------------------------------------------------------
    def on_down(self, event: Any) -> None:
        target = js_value(event.target)
        if event.button != 0 or not event.isPrimary or target is None:
            return
        checker = js_value(target.closest("#ed-board [data-owner]"))
        place = place_of(target)
        if checker is None or place is None:
            return
        self.press = Press(Drag.pressed(place, event), int(checker.dataset.owner), checker)

    def on_move(self, event: Any) -> None:
        press = self.press
        moved = press.drag.offset(event) if press is not None else None
        if press is None or moved is None:
            return
        if not press.drag.started:
            press.drag.lift([press.element], "ed-board")
        press.drag.follow(event, *moved, "ed-board")

    def on_up(self, event: Any) -> None:
        press, self.press = self.press, None
        if press is None or not press.drag.started:
            return
        self.click_guard.arm()
        place = drop_place(event)
        if place is None or place == press.drag.place:
            self.redraw(Outcome(self.state), form=False)
            return
        self.focus = place
        self.redraw(drop(self.state, press.drag.place, place, press.owner, self.lang), form=False)

    def on_cancel(self, _event: Any) -> None:
        press, self.press = self.press, None
        if press is not None and press.drag.started:
            self.redraw(Outcome(self.state), form=False)

    # -- copy, play on -----------------------------------------------------------------------------
    def copy(self, kind: str) -> None:
        """Copy the set-up's XGID, gnubg ID or embed snippet; shown, selected, in a field too."""
        base = str(js.URL.new("embed.html", window.location.href).href)
        text, why = export_text(self.state.draft, kind, self.lang, base)
        box, field = el("ed-out-box"), el("ed-out")
        if text is None:
            box.hidden = True
            self.say(why, "error")
            return
        field.value = text
        box.hidden = False
        what = t(self.lang, f"records.what.{kind}")
        clipboard = js_value(getattr(window.navigator, "clipboard", None))
        try:
            promise = clipboard.writeText(text)  # while the click still counts as the player's
        except Exception:
            self.copy_failed(what)
            return
        asyncio.ensure_future(guarded_async(lambda: self.copied(promise, what))())

    async def copied(self, promise: Any, what: str) -> None:
        try:
            await promise
        except Exception:  # refused (no permission, page not focused): the field is there
            self.copy_failed(what)
            return
        self.say(t(self.lang, "records.copied", what=what))

    def copy_failed(self, what: str) -> None:
        self.say(t(self.lang, "records.copy_fallback", what=what))
        field = el("ed-out")
        field.focus()
        field.select()

    def play_on(self) -> None:
        """Start a match from the set-up on the main board (refused, with the reason, when illegal)."""
        draft = self.state.draft
        problems = draft.problems()
        if problems:
            self.redraw(Outcome(self.state), form=False)  # the status line says why
            return
        match = draft.to_match(names=self.host.match.names)
        level = str(el("nm-level").value or "intermediate") if str(el("ed-opponent").value) == "bot" else None
        if self.host.replace_match(match, bot_level=level, note=t(self.lang, "editor.played")):
            self.dialog.close()
        else:
            self.say(t(self.lang, "records.busy"), "error")


EDITOR: Editor | None = None


def open_editor(host: Editing) -> Editor:
    """Open the position editor (built on the first call)."""
    global EDITOR
    if EDITOR is None or EDITOR.host is not host:
        EDITOR = Editor(host)
    EDITOR.open()
    return EDITOR
