"""DOM glue for the field's formats: the "Files and positions" panel and its three dialogs.

Export and import ``.mat`` files, copy the XGID or gnubg ID, set up a position from a
pasted ID, replay a match, show the dice record. The rules and the texts live in pure
modules tested under CPython (:mod:`~app.records.formats`, :mod:`~app.records.replay`,
:mod:`~app.records.dice_record`); this file only moves values between them and the page.

The panel sees the page only through :class:`PanelHost` (the App provides it). It never
writes the saved match itself: a new current match (an imported file, a position set up
from an ID) goes to :meth:`PanelHost.replace_match`, which saves it, and only once the
player has confirmed. A file that cannot be read changes nothing.

Listeners go through :meth:`PanelHost.on` (guarded: an unexpected exception shows
the page's alert). The page's elements are in ``web/index.html`` (ids ``rec-*``,
``replay-*``, ``setup-*``, ``dice-*``); their static texts carry ``data-i18n`` and are
translated with the rest of the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol

import js
from pyodide.ffi import to_js
from pyscript import document, window

from app.board.render import render_board
from app.board.view import build_view
from app.dom import el, escape, guarded_async, ignore_event, js_object
from app.records.dice_record import dice_html, dice_stats, match_throws
from app.records.formats import (
    MAT_TYPE,
    MAX_FILE_CHARS,
    IdTextError,
    RecordFileError,
    export_mat,
    id_kind,
    import_summary,
    looks_like_match,
    mat_filename,
    position_ids,
    read_mat_file,
    record_error_text,
    setup_from_id,
)
from app.records.replay import Replay, frame_view, game_choices, moves_html, shown_names
from app.text import t
from core.match import Match

if TYPE_CHECKING:
    from core.analysis import MatchAnalysis  # the analysis loads on first use, never at start-up

BUTTONS = (
    "rec-export",
    "rec-import",
    "rec-copy-xgid",
    "rec-copy-gnubg",
    "rec-copy-embed",
    "rec-setup",
    "rec-edit",
    "rec-replay",
    "rec-dice",
)


class PanelHost(Protocol):
    """What the panel needs of the page: its language, the match, a way to replace the match, and
    listeners. The position editor is not the panel's: the page gives it as a callback (:func:`install`)."""

    @property
    def lang(self) -> str: ...

    @property
    def match(self) -> Match: ...

    @property
    def bot_player(self) -> int | None: ...

    @property
    def flipped(self) -> bool: ...

    def bot_available(self) -> bool: ...

    def replace_match(self, match: Match, *, bot_level: str | None = None, note: str = "") -> bool: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...

    def whole_match(self) -> Match:
        """The whole match or session, its archived games read now (:attr:`match` holds the recent ones)."""
        ...


def _carries_files(event: Any) -> bool:
    """Whether a drag event carries files (not text or a link dragged within the page)."""
    transfer = event.dataTransfer
    if transfer is None:
        return False
    return any(str(kind) == "Files" for kind in transfer.types)


class FormatsPanel:
    """The panel's state: the replay shown, the match imported (not yet current), the set-up read."""

    def __init__(
        self,
        app: PanelHost,
        open_editor: Callable[[], None],
        add_mistakes: Callable[[Match, MatchAnalysis], str] | None = None,
    ) -> None:
        self.practise = add_mistakes
        self.app = app
        self.open_editor = open_editor
        """Opens the position editor on the page's match (the page's, imported on first use)."""
        self.replay: Replay | None = None
        self.imported: Match | None = None
        self.file_name = ""
        self.setup_match: Match | None = None
        self.dice_match: Match | None = None
        self.download_url: str | None = None
        self.analysis: Any = None  # app.records.analysis_panel.AnalysisPanel, made on first use

    @property
    def lang(self) -> str:
        return self.app.lang

    # -- wiring ---------------------------------------------------------------------------------
    def install(self) -> None:
        on = self.app.on
        on(el("rec-export"), "click", ignore_event(self.export))
        on(el("rec-import"), "click", ignore_event(lambda: el("rec-file").click()))
        on(el("rec-file"), "change", self.on_file)
        # a match file dropped anywhere on the page, or its text pasted outside a text field (#55)
        on(document, "dragover", self.on_dragover)
        on(document, "drop", self.on_drop)
        on(document, "paste", self.on_paste)
        on(el("rec-copy-xgid"), "click", ignore_event(lambda: self.copy_current("xgid")))
        on(el("rec-copy-gnubg"), "click", ignore_event(lambda: self.copy_current("gnubg")))
        on(el("rec-copy-embed"), "click", ignore_event(lambda: self.copy_current("embed")))
        on(el("rec-setup"), "click", ignore_event(self.open_setup))
        on(el("rec-edit"), "click", ignore_event(self.open_editor))
        on(el("rec-replay"), "click", ignore_event(lambda: self.open_replay(self.app.whole_match(), None)))
        on(el("rec-dice"), "click", ignore_event(lambda: self.open_dice(self.app.whole_match())))
        # the replay dialog
        on(el("replay-first"), "click", ignore_event(lambda: self.move(lambda r: r.seek(r.game, 0))))
        on(el("replay-prev"), "click", ignore_event(lambda: self.move(lambda r: r.step(-1))))
        on(el("replay-next"), "click", ignore_event(lambda: self.move(lambda r: r.step(1))))
        on(el("replay-last"), "click", ignore_event(lambda: self.move(lambda r: r.seek(r.game, -1))))
        on(el("replay-moves"), "click", self.on_move_click)
        on(el("replay-game"), "change", self.on_game_change)
        on(el("replay-dialog"), "keydown", self.on_replay_key)
        on(el("replay-copy-xgid"), "click", ignore_event(lambda: self.copy_frame("xgid")))
        on(el("replay-copy-gnubg"), "click", ignore_event(lambda: self.copy_frame("gnubg")))
        on(el("replay-dice"), "click", ignore_event(self.open_replay_dice))
        on(el("replay-replace"), "click", ignore_event(self.ask_replace))
        on(el("replay-replace-yes"), "click", ignore_event(self.replace_with_imported))
        on(el("replay-replace-no"), "click", ignore_event(self.cancel_replace))
        on(el("replay-close"), "click", ignore_event(lambda: el("replay-dialog").close()))
        # the set-up dialog
        on(el("setup-text"), "input", self.on_setup_input)
        on(el("setup-form"), "submit", self.on_setup_submit)
        on(el("setup-cancel"), "click", ignore_event(lambda: el("setup-dialog").close()))
        # the dice dialog
        on(el("dice-who"), "change", ignore_event(self.draw_dice))
        on(el("dice-close"), "click", ignore_event(lambda: el("dice-dialog").close()))
        # the analysis (#15): its module is imported on first use
        on(el("rec-analyse"), "click", ignore_event(lambda: self.analyse(self.app.whole_match(), None)))
        on(el("replay-analyse"), "click", ignore_event(self.analyse_replay))
        for element_id in BUTTONS:
            el(element_id).disabled = False
        el("rec-analyse").disabled = not self.app.bot_available()
        el("replay-analyse").hidden = not self.app.bot_available()

    def forget(self) -> None:
        """A new match: the messages and the ID shown were about the one before."""
        self.say("rec-message", "")
        el("rec-id-box").hidden = True

    def say(self, element_id: str, text: str, *, error: bool = False) -> None:
        """A message under the panel's buttons or in a dialog (``error``: styled as one)."""
        element = el(element_id)
        element.textContent = text
        if error:
            element.classList.add("is-error")
        else:
            element.classList.remove("is-error")

    # -- export -----------------------------------------------------------------------------------
    def export(self) -> None:
        whole = self.app.whole_match()
        match = replace(whole, names=shown_names(whole, self.lang))  # the players as the screen calls them
        try:
            text = export_mat(match)
        except RecordFileError as exc:
            self.say("rec-message", t(self.lang, "records.export_failed", error=exc.detail), error=True)
            return
        name = mat_filename(match, date.today())
        blob = js.Blob.new(to_js([text]), js_object({"type": MAT_TYPE}))
        if self.download_url is not None:
            js.URL.revokeObjectURL(self.download_url)
        self.download_url = str(js.URL.createObjectURL(blob))
        link = document.createElement("a")
        link.href = self.download_url
        link.download = name
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()
        self.say("rec-message", t(self.lang, "records.exported", name=name))

    # -- import -----------------------------------------------------------------------------------
    def on_file(self, _event: Any) -> None:
        chooser = el("rec-file")
        files = chooser.files
        if files is None or not files.length:
            return
        chosen = files.item(0)
        chooser.value = ""  # the same file may be chosen again
        asyncio.ensure_future(guarded_async(lambda: self.read_file(chosen))())

    async def read_file(self, chosen: Any) -> None:
        name = str(chosen.name)
        if int(chosen.size) > 4 * MAX_FILE_CHARS:  # UTF-8 takes at most 4 bytes a character
            self.say("rec-message", t(self.lang, "records.import_too_big", file=name), error=True)
            return
        self.import_text(str(await chosen.text()), name)

    def import_text(self, text: str, name: str) -> None:
        """Read a match file's text: its replay opens, saying what was read (games, score, the program
        that wrote it, what the core inferred), its Analyse one step away; or the line refused."""
        try:
            record = read_mat_file(text)
        except RecordFileError as exc:
            problem = record_error_text(self.lang, exc, name)
            self.say("rec-message", f"{problem} {t(self.lang, 'records.import_kept')}", error=True)
            return
        self.say("rec-message", "")
        self.open_replay(record.match, name)
        notes = " ".join(t(self.lang, f"records.note.{note}") for note in record.notes)
        self.say("replay-message", f"{import_summary(self.lang, record, name)} {notes}".strip())
        analyse = el("replay-analyse")
        if not analyse.disabled:
            analyse.focus()  # the analysis of the file: one key or click away

    def on_dragover(self, event: Any) -> None:
        if _carries_files(event):
            event.preventDefault()  # the page accepts the drop

    def on_drop(self, event: Any) -> None:
        if not _carries_files(event):
            return
        event.preventDefault()
        chosen = event.dataTransfer.files.item(0)
        asyncio.ensure_future(guarded_async(lambda: self.read_file(chosen))())

    def on_paste(self, event: Any) -> None:
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "textarea", "select") or bool(getattr(target, "isContentEditable", False)):
            return  # text pasted into a field is the field's
        data = event.clipboardData
        text = "" if data is None else str(data.getData("text/plain") or "")
        if not looks_like_match(text):
            return
        event.preventDefault()
        self.import_text(text, t(self.lang, "records.pasted"))

    # -- copying IDs -------------------------------------------------------------------------------
    def copy_current(self, kind: str) -> None:
        self.copy_ids(self.app.match, kind, "rec")

    def copy_frame(self, kind: str) -> None:
        if self.replay is not None:
            self.copy_ids(self.replay.frame.state, kind, "replay")

    def copy_ids(self, match: Match, kind: str, where: str) -> None:
        """Copy the position's XGID or gnubg ID; the ID also shows, selected, in a text field."""
        ids = position_ids(match)
        if kind == "embed":
            text = self.embed_code(ids.xgid or ids.gnubg_id)
        else:
            text = ids.gnubg_id if kind == "gnubg" else ids.xgid
        what = t(self.lang, f"records.what.{kind}")
        box, field = el(f"{where}-id-box"), el(f"{where}-id-text")
        if text is None:
            box.hidden = True
            self.say(f"{where}-message", t(self.lang, "records.no_xgid"), error=True)
            return
        field.value = text
        box.hidden = False
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is None:
            self.clipboard_failed(where, what)
            return
        try:
            promise = clipboard.writeText(text)  # now, while the click still counts as the player's
        except Exception:
            self.clipboard_failed(where, what)
            return
        asyncio.ensure_future(guarded_async(lambda: self.copied(promise, where, what))())

    def embed_code(self, position_id: str | None) -> str | None:
        """The tutorial snippet (an ``<iframe>`` of this site's ``embed.html``) for a position."""
        if position_id is None:
            return None
        from app.embed.snippet import embed_snippet  # only when asked: the page does not need it to start

        base = str(js.URL.new("embed.html", window.location.href).href)
        return embed_snippet(position_id, {"base_url": base, "lang": self.lang})

    async def copied(self, promise: Any, where: str, what: str) -> None:
        try:
            await promise
        except Exception:  # refused (no permission, page not focused): the field is there
            self.clipboard_failed(where, what)
            return
        self.say(f"{where}-message", t(self.lang, "records.copied", what=what))

    def clipboard_failed(self, where: str, what: str) -> None:
        self.say(f"{where}-message", t(self.lang, "records.copy_fallback", what=what))
        field = el(f"{where}-id-text")
        field.focus()
        field.select()

    # -- replay ------------------------------------------------------------------------------------
    def open_replay(self, match: Match, file_name: str | None) -> None:
        """Replay ``match``: the current match from its latest position, an imported one from its start."""
        self.imported = match if file_name is not None else None
        self.file_name = file_name or ""
        self.replay = Replay.of(match, at_end=file_name is None)
        lang = self.lang
        source = t(lang, "replay.of_file", file=file_name) if file_name is not None else t(lang, "replay.of_current")
        el("replay-source").textContent = source
        el("replay-game").innerHTML = "".join(
            f'<option value="{i}">{escape(label)}</option>' for i, label in game_choices(match, lang)
        )
        el("replay-replace").hidden = self.imported is None
        el("replay-confirm").hidden = True
        el("replay-id-box").hidden = True
        self.say("replay-message", "")
        self.draw_replay()
        dialog = el("replay-dialog")
        if not dialog.open:
            dialog.showModal()
        el("replay-next" if file_name is not None else "replay-prev").focus()

    def move(self, change: Callable[[Replay], Replay]) -> None:
        if self.replay is not None:
            self.replay = change(self.replay)
            self.draw_replay()

    def draw_replay(self) -> None:
        replay = self.replay
        if replay is None:
            return
        frame = replay.frame
        view = frame_view(frame, self.lang, flipped=self.app.flipped)
        el("replay-board").innerHTML = render_board(view)
        moves = el("replay-moves")
        active = document.activeElement
        in_list = active is not None and bool(moves.contains(active))
        moves.innerHTML = moves_html(replay, self.lang)
        el("replay-game").value = str(replay.game)
        last_ply = len(replay.frames) - 1
        el("replay-first").disabled = replay.ply == 0
        el("replay-prev").disabled = replay.at_start
        el("replay-next").disabled = replay.at_end
        el("replay-last").disabled = replay.ply == last_ply
        dialog = el("replay-dialog")
        dialog.dataset.game = str(replay.game)
        dialog.dataset.ply = str(replay.ply)
        current = moves.querySelector("[aria-current]")
        if current is not None:
            current.scrollIntoView(js_object({"block": "nearest"}))
            if in_list:  # the focused entry was redrawn: focus follows the entry shown
                current.focus(js_object({"preventScroll": True}))
        if document.activeElement is None or document.activeElement == document.body:
            dialog.focus()  # keep the keys (arrows, Home, End) inside the dialog

    def on_move_click(self, event: Any) -> None:
        target = event.target.closest("[data-ply]") if event.target is not None else None
        if target is None or self.replay is None:
            return
        ply = int(str(target.dataset.ply))
        self.move(lambda r: r.seek(r.game, ply))

    def on_game_change(self, _event: Any) -> None:
        game = int(str(el("replay-game").value))
        self.move(lambda r: r.seek(game, 0))

    def on_replay_key(self, event: Any) -> None:
        target = event.target
        if target is not None and hasattr(target, "closest") and target.closest("select, input, textarea"):
            return
        steps: dict[str, Callable[[Replay], Replay]] = {
            "ArrowLeft": lambda r: r.step(-1),
            "ArrowRight": lambda r: r.step(1),
            "Home": lambda r: r.seek(r.game, 0),
            "End": lambda r: r.seek(r.game, -1),
            "PageUp": lambda r: r.previous_game(),
            "PageDown": lambda r: r.next_game(),
        }
        change = steps.get(str(event.key))
        if change is not None:
            event.preventDefault()
            self.move(change)

    def ask_replace(self) -> None:
        el("replay-confirm").hidden = False
        el("replay-replace-yes").focus()

    def cancel_replace(self) -> None:
        el("replay-confirm").hidden = True
        el("replay-replace").focus()

    def replace_with_imported(self) -> None:
        match = self.imported
        if match is None:
            return
        note = t(self.lang, "replay.replaced")
        if not self.app.replace_match(match):
            self.say("replay-message", t(self.lang, "records.busy"), error=True)
            return
        self.imported = None
        el("replay-dialog").close()
        self.say("rec-message", note)

    def open_replay_dice(self) -> None:
        if self.replay is not None:
            self.open_dice(self.replay.match)

    # -- analysis (#15) ---------------------------------------------------------------------------
    def analyse(self, match: Match, file_name: str | None) -> None:
        """Open the analysis of ``match``; the analysis code (and the bot) loads now, the first time."""
        if self.analysis is None:
            from app.records import analysis_panel

            self.analysis = analysis_panel.make(self)
        self.analysis.open(match, file_name)

    def analyse_replay(self) -> None:
        """The replay's Analyse: back to the analysis under it, or analyse the match replayed."""
        replay = self.replay
        el("replay-dialog").close()
        if replay is not None and not el("analysis-dialog").open:
            self.analyse(replay.match, self.file_name or None)

    @property
    def flipped(self) -> bool:
        """The page's board side (the analysis's review draws its board the same way)."""
        return self.app.flipped

    def add_mistakes(self, match: Match, analysis: MatchAnalysis) -> str:
        """Hand a finished analysis's mistakes to the page's practice deck; what to tell the player."""
        return self.practise(match, analysis) if self.practise is not None else ""

    def open_replay_at(self, match: Match, file_name: str | None, game: int, ply: int) -> None:
        """The replay of ``match`` at ``ply`` of ``game`` (0-based), above the analysis."""
        self.open_replay(match, file_name)
        self.move(lambda r: r.seek(game, ply))
        el("replay-moves").querySelector("[aria-current]").focus()

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        self.app.on(target, event, handler)

    # -- set-up from an ID ----------------------------------------------------------------------------
    def open_setup(self) -> None:
        el("setup-text").value = ""
        self.setup_match = None
        self.show_setup(None, "", error=False)
        option = document.querySelector('#setup-opponent option[value="bot"]')
        option.disabled = not self.app.bot_available()
        el("setup-opponent").value = "bot" if self.app.bot_player is not None and self.app.bot_available() else "human"
        dialog = el("setup-dialog")
        if not dialog.open:
            dialog.showModal()
        el("setup-text").focus()

    def on_setup_input(self, _event: Any) -> None:
        text = str(el("setup-text").value)
        self.setup_match = None
        if not text.strip():
            self.show_setup(None, "", error=False)
            return
        current = self.app.match
        try:
            match = setup_from_id(text, names=current.names, crawford_rule=current.crawford_rule)
        except IdTextError as exc:
            if exc.kind is None:
                self.show_setup(None, t(self.lang, "setup.not_id"), error=True)
            else:
                self.show_setup(None, t(self.lang, f"setup.invalid.{exc.kind}", detail=exc.detail), error=True)
            return
        self.setup_match = match
        kind = id_kind(text) or "gnubg"
        self.show_setup(match, t(self.lang, f"setup.read.{kind}"), error=False)
        el("setup-dialog").dataset.kind = kind

    def show_setup(self, match: Match | None, status: str, *, error: bool) -> None:
        self.say("setup-status", status, error=error)
        preview = el("setup-preview")
        if match is None:
            preview.innerHTML = ""
            preview.hidden = True
        else:
            view = build_view(match, lang=self.lang, interactive=False, flipped=self.app.flipped)
            preview.innerHTML = render_board(replace(view, focusable=False))
            preview.hidden = False
        el("setup-play").disabled = match is None

    def on_setup_submit(self, event: Any) -> None:
        event.preventDefault()
        match = self.setup_match
        if match is None:
            return
        bot_level = str(el("nm-level").value) if str(el("setup-opponent").value) == "bot" else None
        kind = str(el("setup-dialog").dataset.kind or "gnubg")
        note = t(self.lang, "setup.done", what=t(self.lang, f"records.what.{kind}"))
        if not self.app.replace_match(match, bot_level=bot_level):
            self.say("setup-status", t(self.lang, "records.busy"), error=True)
            return
        el("setup-dialog").close()
        self.say("rec-message", note)

    # -- the dice record ------------------------------------------------------------------------------
    def open_dice(self, match: Match) -> None:
        self.dice_match = match
        names = shown_names(match, self.lang)
        el("dice-who").innerHTML = "".join(
            [f'<option value="all">{escape(t(self.lang, "dice.both"))}</option>']
            + [f'<option value="{i}">{escape(names[i])}</option>' for i in (0, 1)]
        )
        self.draw_dice()
        dialog = el("dice-dialog")
        if not dialog.open:
            dialog.showModal()
        el("dice-who").focus()

    def draw_dice(self) -> None:
        if self.dice_match is None:
            return
        who = str(el("dice-who").value)
        player = None if who == "all" else int(who)
        stats = dice_stats(match_throws(self.dice_match), player)
        el("dice-body").innerHTML = dice_html(stats, self.lang)


PANEL: FormatsPanel | None = None


def install(
    app: PanelHost,
    open_editor: Callable[[], None],
    add_mistakes: Callable[[Match, MatchAnalysis], str] | None = None,
) -> FormatsPanel:
    """Wire the panel and its dialogs to ``app`` (called by :func:`app.page.app.boot`); ``open_editor``
    is what the "Edit position" button calls; ``add_mistakes`` what a finished analysis hands its
    match's mistakes to (the page's practice deck), returning what to tell the player."""
    global PANEL
    PANEL = FormatsPanel(app, open_editor, add_mistakes)
    PANEL.install()
    return PANEL
