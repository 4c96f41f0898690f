"""The page's dialogs: a new match, offering the cube, resigning, and a save that could not be read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from app.dom import bind, el, ignore_event, js_object
from app.page.clock.clock_text import link_allowance_hours, rules_for
from app.page.computer.opponent import bot_available, dialog_choice_from_json, dialog_choice_to_json, load_bot
from app.page.dialogs.in_progress import in_progress, replace_warning
from app.page.dialogs.match_length import read_match_length
from app.page.dice.dice_source import bot_noise
from app.page.host import Dialogued, LinkHost
from app.page.step import Do, Held, Say
from app.page.storage.storage_keys import NEW_MATCH_KEY, recall
from app.text import player_name, t
from core.match import Match

NAME_DEFAULTS = ("Bottom", "Top")  # Match.new's names, shown by the view as the colours


class Dialogs:
    """The dialogs' state and listeners."""

    def __init__(self, host: Dialogued, links: LinkHost) -> None:
        self.host = host
        self.links = links
        """The page as play by link sees it: a match by link starts from this dialog."""
        self.broken_url: str | None = None
        self.recovery: tuple[str, str] | None = None
        """The broken save's error and the key it was copied to ("" when the copy failed)."""
        self.recovery_confirm = False
        """True while the panel asks whether to erase the uncopied broken save."""
        self.warned: Match | None = None
        """The match in progress the new-match dialog said it would replace (Start then replaces it)."""

    def wire(self, on: Callable[[Any, str, Callable[[Any], None]], None]) -> None:
        """Install the dialogs' listeners through ``on`` (guarded)."""
        on(el("new-match-form"), "submit", self.on_new_match_submit)
        on(el("nm-cancel"), "click", ignore_event(lambda: el("new-match-dialog").close()))
        on(el("nm-opponent"), "change", ignore_event(self.sync_opponent_fields))
        on(el("double-yes"), "click", ignore_event(self.confirm_double))
        on(el("double-cancel"), "click", ignore_event(lambda: el("double-dialog").close()))
        for level in (1, 2, 3):
            on(el(f"resign-{level}"), "click", ignore_event(bind(self.resign, level)))
        on(el("resign-cancel"), "click", ignore_event(lambda: el("resign-dialog").close()))
        on(el("resign-match"), "click", ignore_event(self.ask_resign_match))
        on(el("resign-match-yes"), "click", ignore_event(self.resign_match))
        on(el("resign-match-no"), "click", ignore_event(lambda: self.show_match_confirm(False)))
        on(el("nm-length"), "input", ignore_event(self.sync_opponent_fields))

    # -- a broken save ----------------------------------------------------------------------------
    def show_recovery(self, text: str, error: str, kept_as: str) -> None:
        """Offer the unreadable save for download, and a fresh match.

        The text says truthfully whether a copy was made (``kept_as``, the key): when it was
        not (storage full), a new match replaces the save only once the player confirms.
        """
        blob = js.Blob.new(to_js([text]), js_object({"type": "application/json"}))
        if self.broken_url is not None:
            js.URL.revokeObjectURL(self.broken_url)
        self.broken_url = str(js.URL.createObjectURL(blob))
        el("recovery-download").setAttribute("href", self.broken_url)
        self.recovery = (error, kept_as)
        self.recovery_confirm = False
        self.draw_recovery()
        el("recovery").hidden = False
        self.host.dispatch(Held(True))  # the store holds the broken save: nothing is played meanwhile

    def ask_discard(self) -> None:
        """A new match would erase the uncopied broken save: ask the player (the download stays offered)."""
        self.recovery_confirm = True
        self.draw_recovery()
        el("recovery").hidden = False
        el("recovery-discard").focus()

    def hide_recovery(self) -> None:
        self.recovery = None
        self.recovery_confirm = False
        el("recovery").hidden = True
        el("recovery-discard").hidden = True

    def draw_recovery(self) -> None:
        """The recovery panel's text, in the page's language."""
        if self.recovery is None:
            return
        error, kept_as = self.recovery
        lang = self.host.state.lang
        if self.recovery_confirm:
            text = t(lang, "saves.broken_confirm")
        elif kept_as:
            text = t(lang, "ui.broken_text", error=error)
        else:
            text = t(lang, "saves.broken_not_kept", error=error)
        el("recovery-text").textContent = text
        el("recovery-discard").hidden = not self.recovery_confirm
        el("recovery-fresh").hidden = self.recovery_confirm

    # -- the new-match dialog ---------------------------------------------------------------------
    def sync_bot_option(self) -> None:
        option = document.querySelector('#nm-opponent option[value="bot"]')
        available = bot_available()
        option.disabled = not available
        option.textContent = t(self.host.state.lang, "ui.opponent.bot" if available else "ui.opponent.bot_missing")

    def sync_opponent_fields(self) -> None:
        bot = str(el("nm-opponent").value) == "bot"
        el("nm-level-field").hidden = not bot
        el("nm-name1-field").hidden = bot  # the computer's seat is named by the page, never by a typed name
        by_link = str(el("nm-opponent").value) == "link"  # by link: a time per move, not the page's clocks
        el("nm-link-time-field").hidden, el("nm-clock-field").hidden = not by_link, by_link
        el("nm-money-field").hidden = read_match_length(str(el("nm-length").value)) != 0

    def open_new_match(self) -> None:
        host = self.host
        match = host.state.match
        names = [("" if n in NAME_DEFAULTS else n) for n in match.names]
        el("nm-name0").value = names[0] if host.state.mode.bot_player != 0 else ""
        bot = host.state.mode.bot_player
        el("nm-name1").value = names[1] if bot != 1 else ""  # the computer's name is not a player's
        self.show_replace(None)
        el("nm-length").value = str(match.length)
        el("nm-crawford").checked = match.crawford_rule
        el("nm-jacoby").checked = match.jacoby
        el("nm-beavers").checked = match.beavers
        el("nm-lang").value = self.host.state.lang
        opponent, level = dialog_choice_from_json(recall(self.host.storage, NEW_MATCH_KEY), bot_ok=bot_available())
        el("nm-opponent").value = opponent
        el("nm-level").value = level
        el("nm-clock").value = self.host.clocks.choice()
        self.sync_bot_option()
        self.sync_opponent_fields()
        dialog = el("new-match-dialog")
        if not dialog.open:
            dialog.showModal()

    def on_new_match_submit(self, event: Any) -> None:
        event.preventDefault()
        form = el("new-match-form")
        length_input = el("nm-length")
        length = read_match_length(str(length_input.value))
        if length is None:
            length_input.setCustomValidity(t(self.host.state.lang, "ui.length_hint"))
            form.reportValidity()
            length_input.setCustomValidity("")
            return
        names = (
            str(el("nm-name0").value).strip() or NAME_DEFAULTS[0],
            str(el("nm-name1").value).strip() or NAME_DEFAULTS[1],
        )
        bot, level, opponent = None, str(el("nm-level").value), str(el("nm-opponent").value)
        remember(self.host, NEW_MATCH_KEY, dialog_choice_to_json(opponent, level))
        if opponent == "link":  # a friend, by link: app.page.link.link_panel, imported on first use
            from app.page.link.link_panel import create_match

            el("new-match-dialog").close()
            hours = link_allowance_hours(str(el("nm-link-time").value))
            typed = tuple("" if n in NAME_DEFAULTS else n[:24] for n in names)
            create_match(
                self.links, length, bool(el("nm-crawford").checked), str(el("nm-lang").value), hours,
                (typed[0], typed[1]),
            )  # fmt: skip
            return
        if self.replacing():  # after the link's branch: a match by link never touches the saved match
            return  # the dialog says first what the new match would end
        if opponent == "bot":
            try:
                bot = load_bot(level, bot_noise())  # imported now, not at start-up
            except Exception as exc:
                self.host.dispatch(Say(t(self.host.state.lang, "ui.bot_failed", error=str(exc)), draw=True))
                return
            names = (names[0], t(str(el("nm-lang").value), "ui.opponent.bot"))  # whatever the hidden field holds
        lang = str(el("nm-lang").value)
        jacoby = length == 0 and bool(el("nm-jacoby").checked)  # money play only
        beavers = length == 0 and bool(el("nm-beavers").checked)
        crawford = bool(el("nm-crawford").checked)
        match = Match.new(length, crawford_rule=crawford, jacoby=jacoby, beavers=beavers, names=names)
        el("new-match-dialog").close()
        self.host.clocks.choose(rules_for(str(el("nm-clock").value), computer=None if bot is None else 1))
        self.host.start_match(match, bot, level, lang=lang)
        from app.records import panel  # loaded after the board: the first visit's dialog may come first

        if panel.PANEL is not None:
            panel.PANEL.forget()
        el("btn-roll").focus()

    def replacing(self) -> bool:
        """True when Start must first say which match in progress it would end (#46).

        The match is read again from storage first: another tab may have played on, or begun
        one, since this tab last looked. While a match by link is shown (kept in its own book,
        never ended by a new match), the question is about the saved match it stands over.
        Start pressed again on the same match replaces it.
        """
        host = self.host
        if host.state.mode.kind != "link":
            host.catch_up()
            match, archived = host.state.match, host.store.base
        else:
            saved = host.store.peek()
            if saved is None:
                return False
            match, archived = saved
        if not in_progress(match, archived=archived) or self.warned == match:
            return False
        self.show_replace(match)
        return True

    def show_replace(self, match: Match | None) -> None:
        """Say that Start would end ``match`` (``None``: say nothing, Start is plain Start again)."""
        self.warned = match
        host, box, start = self.host, el("nm-replace"), el("nm-start")
        box.hidden = match is None
        if match is None:
            start.textContent = t(host.state.lang, "button.start")
            return
        lang = host.state.lang
        names = tuple(player_name(lang, p, "" if n in NAME_DEFAULTS else n) for p, n in enumerate(match.names))
        box.textContent = replace_warning(host.state.lang, (names[0], names[1]), match)
        start.textContent = t(host.state.lang, "dialog.replace_start")
        start.focus()
        # Start was pressed, so it had the focus already and the browser scrolls nothing: on a phone the
        # dialog is taller than the screen, the warning and "Replace it" are brought into its view (#59)
        box.scrollIntoView(js_object({"block": "nearest"}))
        start.scrollIntoView(js_object({"block": "nearest"}))

    # -- the cube and resignations ----------------------------------------------------------------
    def ask_double(self) -> None:
        host = self.host
        game = host.state.match.game
        if not game.can_double() or host.state.waiting():
            return
        assert host.view is not None
        value = game.cube * 2
        other = host.view.names[1 - (game.turn or 0)]
        points = t(host.state.lang, "over.points", count=game.cube)
        el("double-title").textContent = t(host.state.lang, "ui.double_title", value=value)
        el("double-text").textContent = t(host.state.lang, "ui.double_text", other=other, value=value, points=points)
        el("double-dialog").showModal()

    def confirm_double(self) -> None:
        el("double-dialog").close()
        self.host.dispatch(Do("double"))

    def ask_resign(self) -> None:
        host = self.host
        levels = host.state.match.resign_levels(host.state.match.game.turn)
        if not levels or host.state.waiting():
            return
        assert host.view is not None
        other = host.view.names[1 - (host.state.match.game.turn or 0)]
        el("resign-text").textContent = t(host.state.lang, "ui.resign_text", other=other)
        for level in (1, 2, 3):
            el(f"resign-{level}").disabled = level not in levels
        money = host.state.match.is_money
        el("resign-match").textContent = t(host.state.lang, "resign.match_money" if money else "resign.match")
        self.show_match_confirm(False)
        el("resign-dialog").showModal()

    def show_match_confirm(self, shown: bool) -> None:
        """The resign dialog's confirmation before the whole match is given up."""
        el("resign-match-confirm").hidden = not shown
        el("resign-match").hidden = shown
        el("resign-match-yes" if shown else "resign-match").focus()

    def ask_resign_match(self) -> None:
        host = self.host
        assert host.view is not None
        other = host.view.names[1 - (host.state.match.game.turn or 0)]
        key = "resign.match_confirm_money" if host.state.match.is_money else "resign.match_confirm"
        el("resign-match-text").textContent = t(host.state.lang, key, other=other)
        self.show_match_confirm(True)

    def resign_match(self) -> None:
        """The player on turn gives up the whole match (the money session ends), once confirmed."""
        el("resign-dialog").close()
        player = self.host.state.match.game.turn or 0
        self.host.dispatch(Do("resign_match", (player,)))

    def resign(self, level: int) -> None:
        el("resign-dialog").close()
        self.host.dispatch(Do("resign", (level,)))


def remember(host: Dialogued, key: str, value: str) -> None:
    """Store a choice of the dialog (storage that fails: the choice holds for this page, said)."""
    try:
        host.storage.set(key, value)
    except Exception as exc:
        host.dispatch(Say(t(host.state.lang, "ui.storage_failed", error=str(exc))))
