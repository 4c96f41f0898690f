"""Play by link on the page: DOM glue over :mod:`app.page.link.link_book` (imported on first use).

While a match by link is open, :class:`LinkPlay` saves the page's match (the page's step
asks it with :class:`~app.page.step.HandOver`): a change of the match is not written over the
normal save, it becomes the next link once the turn passes (:meth:`LinkSession.played`), and the
device's record of the link match is updated; it answers with the match to keep and whether
this device is to act (:class:`~app.page.step.Kept`). The Roll button sends the choice to roll
(:meth:`LinkPlay.roll`: the dice come only from the link). The match replaced by any other (a new
match, an import) ends link mode.
When the match has a time per move, the panel shows both players what the player on
move has left, or how late he is (:meth:`LinkPlay.draw_time`): shown, never enforced.

A link comes in through the address (``#link=``, at start-up or on ``hashchange``,
see :mod:`app.page.link.link_boot`): refused, its reason goes to the ``role="alert"``
box, and nothing stored changes.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from app.dom import el, ignore_event, js_object
from app.page.browser import crypto_bytes
from app.page.host import LinkHost, Saves
from app.page.link.link_book import STALE, STORAGE, LinkBook, LinkSession, NoSeatError
from app.page.live import live_link
from app.page.screen.in_view import bring_into_view, focus_next_step, focus_quietly
from app.page.step import Commit, Kept, Mode, Say, SetLanguage
from app.text import t
from core.link import PREFIX, LinkError, RollProof
from core.match import Match

__all__ = ["LinkPlay", "boot", "create_match", "open_link"]


def now_ms() -> int:
    """The device's clock, epoch milliseconds (carried in each link it makes)."""
    return int(window.Date.now())


def _when(ms: int, lang: str) -> str:
    return str(window.Date.new(ms).toLocaleString(lang)) if ms else "?"


def _page_url() -> str:
    return str(window.location.href).split("#")[0]


def _set_hash(fragment: str) -> None:
    """Put ``fragment`` in the address without a new history entry nor a ``hashchange``."""
    window.history.replaceState(None, "", _page_url() + fragment)


class LinkPlay:
    """A match by link open on the page (``app.link``): it saves the page's match meanwhile."""

    def __init__(self, app: LinkHost, session: LinkSession, original: Saves) -> None:
        self.app, self.session, self.original = app, session, original
        self.download_url: str | None = None

    @property
    def active(self) -> bool:
        """False once the page's match was replaced by another (link mode ended)."""
        return self.app.link is self

    @property
    def seat(self) -> int:
        return self.session.seat

    def mode(self) -> Mode:
        """Who plays the page's match: this device its seat, the friend by link (awaited or not)."""
        return Mode("link", self.session.seat, my_turn=self.session.my_turn)

    def roll(self) -> None:
        """The Roll button in link mode: send the choice to roll (never dice from this device)."""
        if not self.active:
            return
        if self.session.choose_roll(now_ms(), crypto_bytes):
            self.app.dispatch(Commit(self.session.base, note=None, save=False, mode=self.mode()))
            self.sent()

    def rename(self) -> None:
        """The friend names himself in his answer to the invitation (blank: the invitation's name again).

        His answer is made again with the name (same dice: see :meth:`LinkSession.rename`), both
        boards show it, and the link to send, now carrying it, comes back into view."""
        app = self.app
        if not self.active or not self.session.can_rename:
            return
        lang = app.state.lang
        try:
            self.session.rename(str(el("link-name").value), now_ms())
        except LinkError as exc:
            app.dispatch(Say(t(lang, "link.name_refused", error=str(exc)), draw=True))
            return
        except Exception as exc:
            app.dispatch(Say(t(lang, "ui.storage_failed", error=str(exc)), draw=True))
            return
        # no notice: its line would push the link to send below a desktop's fold; the status line
        # ("You play <name>.") says it, and the link, made again, comes back into view
        app.dispatch(Commit(self.session.base, note=None, save=False, mode=self.mode()))
        self.sent()

    # -- saving the page's match meanwhile ----------------------------------------------------------
    def save(self) -> Kept | None:
        """After each change: make the next link once the turn passed (the normal save is left alone).

        Answers the match the page is to keep instead of its own, and whether this device is to act:
        where the turn began when the link cannot carry the change, the match as the link sent it;
        ``None``: the page's match stays."""
        app = self.app
        if not self.active:
            return None
        try:
            promise = bool(el("link-promise").checked)
            sent = self.session.played(app.state.match, now_ms(), crypto_bytes, promise)
        except LinkError as exc:  # a change the link cannot carry: back to where the turn began
            base: Match = self.session.base
            if exc.reason == STALE and self.refresh():  # another tab moved the match on: read it again
                return None
            return Kept(base, self.session.my_turn, note=None if exc.reason == STALE else str(exc))
        except Exception as exc:
            return Kept(None, note=t(app.state.lang, "ui.storage_failed", error=str(exc)))
        if sent:
            el("link-promise").checked = False  # a promise is for one turn: asked again with each move
            self.sent()
            return Kept(self.session.base, self.session.my_turn)
        return None

    def whole_match(self) -> Match:
        match: Match = self.app.state.match if self.active else self.original.whole_match()
        return match

    def check_budget(self) -> None:
        self.original.check_budget()

    def reload(self, note: str, kind: str = "info") -> None:
        self.original.reload(note, kind)

    def on_storage(self, event: Any) -> None:
        """Another tab wrote storage: this match's record is read again (:meth:`record_changed`), the rest as before."""
        if not self.record_changed(event):
            self.original.on_storage(event)

    def record_changed(self, event: Any) -> bool:
        """A ``storage`` event: True when it is this match's record (another tab moved it on: read it again)."""
        key = event.key if event is not None else None
        if not self.active or key != self.session.book.key(self.session.match_id):
            return False
        if event.newValue is not None and str(event.newValue) != self.session.stored_json:
            self.refresh()
        return True

    def refresh(self) -> bool:
        """Read this match again from the device's record (another tab moved it on), and say so.

        True when the record's match is now the page's."""
        app, book = self.app, self.session.book
        record = book.get(self.session.match_id)
        if record is None or record.link == self.session.stored:
            return False
        try:
            session = LinkSession.open(book, record.link, time_ms=now_ms(), draw=crypto_bytes)
        except LinkError as exc:
            app.dispatch(Say(str(exc)))
            return False
        activate(app, session, note=t(app.state.lang, "link.reason.link-stale"))
        return True

    # -- the panel ----------------------------------------------------------------------------------
    def sent(self) -> None:
        """A new link: into the address (a reload resumes it) and the share box, brought into view."""
        live_link.sent(self)  # live (#58): over the direct channel at once, when one is open
        _set_hash(self.session.link)
        self.draw()
        draw_book(self.app)
        self.bring_into_view()

    def bring_into_view(self) -> None:
        """What the link asks of the player, in view, the board's top kept on screen (#59): the link to
        send and its one action focused (Share, else Copy), or on his turn the board and the next step."""
        if self.session.my_turn or self.session.state.waiting_for is None:
            bring_into_view()
            focus_next_step()
            return
        bring_into_view(el("link-status"), el("btn-link-copy"))
        focus_quietly(el("btn-link-copy" if el("btn-link-share").hidden else "btn-link-share"))

    def leave(self) -> None:
        """Link mode ended (the runner let go of it): panel hidden, the address without link."""
        document.body.removeAttribute("data-link")
        document.body.removeAttribute("data-link-turn")
        el("link-panel").hidden = True
        if str(window.location.hash).startswith(PREFIX):
            _set_hash("")

    def draw(self) -> None:
        """The panel: whose turn, the link to send, Copy and (where the browser has it) Share."""
        session, lang = self.session, self.app.state.lang
        names = self.app.view.names if self.app.view is not None else self.app.state.match.names
        when = _when(session.last_time_ms, lang)
        if session.state.waiting_for is None:
            status = t(lang, "link.over")
        elif len(session.state.history) == 1:
            status = t(lang, "link.invite", name=names[1])
        elif len(session.state.history) == 2 and session.seat == 1:  # the friend who just took his seat
            status = t(lang, "link.joined")
        elif session.my_turn:
            status = t(lang, "link.your_turn", time=when)
        else:
            status = t(lang, "link.waiting", time=when)
        el("link-status").textContent = f"{t(lang, 'link.seat', name=names[session.seat])} {status}"
        self.draw_time()
        panel = el("link-panel")
        panel.dataset.turn = "over" if session.state.waiting_for is None else "yours" if session.my_turn else "theirs"
        document.body.dataset.linkTurn = panel.dataset.turn  # waiting: no room kept for buttons (style.css)
        el("link-promise-row").hidden = not session.my_turn  # a promise goes with a move of this device's
        self.draw_promise()
        el("link-name-row").hidden = not session.can_rename  # the friend names himself in his answer (#59)
        panel.dataset.seat = str(session.seat)
        panel.dataset.entries = str(len(session.state.history))
        el("share-link").value = _page_url() + session.link
        el("link-share").hidden = session.my_turn
        can_share = bool(getattr(window.navigator, "share", None))
        el("btn-link-share").hidden = not can_share
        el("btn-link-copy").classList.toggle("btn--primary", not can_share)  # one clear action: Share, else Copy
        live_link.drawn(self)  # live (#58): the live box; the link to send gets its offer or answer
        self.draw_qr()

    def draw_promise(self) -> None:
        """The promise's words: with a move, or, for a doubled player, with his take (the same promise)."""
        key = "link.promise_take" if self.session.base.game.phase == "double" else "link.promise"
        label = el("link-promise-text")
        label.dataset.i18n = key  # the page's translation keeps these words in the other language
        label.textContent = t(self.app.state.lang, key)

    def draw_qr(self) -> None:
        """The QR code of the link to send, while its box is open (drawn on demand: a second device nearby)."""
        box = el("link-qr-code")
        if not bool(el("link-qr").open) or self.session.my_turn:
            box.innerHTML = ""
            return
        from app.page.link.qr_code import qr_svg

        url, lang = str(el("share-link").value), self.app.state.lang
        try:
            box.innerHTML = qr_svg(url, label=t(lang, "link.qr_label"))
        except ValueError as exc:  # longer than any QR code (a full link of a long match)
            box.textContent = t(lang, "link.qr_failed", error=str(exc))

    def draw_time(self) -> None:
        """The time per move, when the match has one: what the player on move has left, or how late he is.

        From the last link's time (its sender's clock) to this device's clock: shown to both
        players alike, enforced by nobody (``core/link/PROTOCOL.md``).
        """
        from app.page.clock.clock_text import link_time_line

        state, lang, box = self.session.state, self.app.state.lang, el("link-time")
        time = state.time_left(now_ms()) if self.active else None
        box.hidden = time is None
        el("link-clock-note").hidden = time is None  # "no server checks them": only with a time per move
        if time is None or state.waiting_for is None:
            return
        names = self.app.view.names if self.app.view is not None else self.app.state.match.names
        hours = state.history.header.allowance_hours
        box.textContent = link_time_line(lang, names[state.waiting_for], hours, time, _when(time.deadline_ms, lang))
        box.dataset.overdue = "true" if time.is_overdue else "false"

    def copy(self) -> None:
        box = el("share-link")
        box.focus()
        box.select()
        copied = bool(document.execCommand("copy"))
        text = t(self.app.state.lang, "link.copied" if copied else "link.copy_failed")
        self.app.dispatch(Say(text, "info", draw=True))

    def copy_full(self) -> None:
        """Copy the whole match as one link: for a friend whose device lacks the history (link-no-history)."""
        box = el("share-link")
        box.value = _page_url() + self.session.full_link
        box.focus()
        box.select()
        copied = bool(document.execCommand("copy"))
        text = t(self.app.state.lang, "link.full_copied" if copied else "link.copy_failed")
        self.app.dispatch(Say(text, "info", draw=True))

    def share(self) -> None:
        lang = self.app.state.lang
        url = str(el("share-link").value)
        data = js_object({"title": t(lang, "link.title"), "text": t(lang, "link.share_text"), "url": url})
        promise = window.navigator.share(data)
        promise.catch(lambda _error: None)  # the reader closed the share sheet

    def verify(self) -> None:
        """The "verify dice" dialog: each roll, how it was made, checked again from the link."""
        from core.link import verify_rolls

        proofs = verify_rolls(self.session.full_link)
        show_proofs(self.app, proofs)


def playing(app: LinkHost) -> LinkPlay | None:
    """The match by link open on the page, if any (active or not)."""
    return app.link if isinstance(app.link, LinkPlay) else None


def _current_link(app: LinkHost) -> str:
    """The link of the match by link open on the page; "" when none is."""
    play = playing(app)
    return play.session.link if play is not None and play.active else ""


def show_proofs(app: LinkHost, proofs: tuple[RollProof, ...]) -> None:
    lang = app.state.lang
    names = app.view.names if app.view is not None else app.state.match.names
    box = el("verify-list")
    box.innerHTML = ""
    for proof in proofs:
        item = document.createElement("li")
        kind = t(lang, "link.verify_opening" if proof.kind == "opening" else "link.verify_roll")
        item.textContent = t(
            lang, "link.verify_row", who=names[proof.holder], kind=kind,
            dice=f"{proof.dice[0]}-{proof.dice[1]}", secret=proof.secret.hex()[:12], commit=proof.commit_entry + 1,
            gift=proof.contribution.hex()[:12], given=proof.contribution_entry + 1, reveal=proof.reveal_entry + 1,
        )  # fmt: skip
        item.value = proof.index + 1  # the list numbers the rolls (once: the row's words do not)
        item.dataset.dice = f"{proof.dice[0]}{proof.dice[1]}"
        box.appendChild(item)
    if not proofs:
        item = document.createElement("li")
        item.textContent = t(lang, "link.verify_none")
        item.className = "verify-list__none"  # no number: it is no roll
        box.appendChild(item)
    el("verify-dialog").showModal()


def draw_book(app: LinkHost) -> None:
    """The list of this device's link matches, each a link to resume it."""
    lang = app.state.lang
    records = LinkBook(app.storage).records()
    box = el("link-matches")
    box.innerHTML = ""
    names = ("Bottom", "Top") if app.view is None else app.view.names
    for record in records:
        item = document.createElement("li")
        anchor = document.createElement("a")
        anchor.href = _page_url() + record.link
        state = t(lang, f"link.state.{record.status or 'theirs'}")
        anchor.textContent = t(
            lang, "link.match_item", length=record.length, name=names[record.seat], state=state,
            time=_when(record.updated, lang),
        )  # fmt: skip
        item.appendChild(anchor)
        if record.status == "over":  # a finished match can be deleted (one in play never is)
            delete = document.createElement("button")
            delete.type = "button"
            delete.className = "link-delete"
            delete.textContent = t(lang, "link.delete")
            delete.setAttribute("aria-label", f"{t(lang, 'link.delete')}: {anchor.textContent}")
            delete.onclick = create_proxy(lambda _event, match_id=record.match_id: _delete(app, match_id))
            item.appendChild(delete)
        box.appendChild(item)
    el("link-book").hidden = not records


def _delete(app: LinkHost, match_id: str) -> None:
    LinkBook(app.storage).delete(match_id)
    draw_book(app)


def _alert(app: LinkHost, error: LinkError, record: Match | None) -> None:
    lang = app.state.lang
    reason = t(lang, f"link.reason.{error.reason}")
    text = t(lang, "link.refused", reason=reason)
    if isinstance(error, NoSeatError):
        text = t(lang, "link.no_secret")
    el("link-alert-text").textContent = text
    el("link-alert").dataset.reason = error.reason
    button = el("link-alert-export")
    button.hidden = record is None
    button.onclick = None
    if record is not None:
        button.onclick = create_proxy(lambda _event: export_record(record))
    _offer_own_match(app)
    el("link-alert").hidden = False
    bring_into_view(el("link-alert"))  # above the board: where the eye is, whatever was scrolled (#59)
    focus_quietly(el("link-alert-close"))


def _offer_own_match(app: LinkHost) -> None:
    """In the alert: "open your match by link" when this device has one (the latest)."""
    mine = LinkBook(app.storage).records()
    anchor = el("link-alert-open")
    anchor.hidden = not mine
    if mine:
        anchor.href = _page_url() + mine[0].link


def _close_alert() -> None:
    """The alert closed (or a link match opened): the page's own board comes back if it was kept out of sight."""
    el("link-alert").hidden = True
    document.body.removeAttribute("data-link-refused")


def export_record(match: Match) -> None:
    """Download ``match`` as a .mat file (what a device without its secret can still do)."""
    from app.records.formats import MAT_TYPE, export_mat, mat_filename

    blob = js.Blob.new(to_js([export_mat(match)]), js_object({"type": MAT_TYPE}))
    url = str(js.URL.createObjectURL(blob))
    anchor = document.createElement("a")
    anchor.href, anchor.download, anchor.hidden = url, mat_filename(match, date.today()), True
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()


def activate(app: LinkHost, session: LinkSession, note: str = "") -> None:
    """Make ``session``'s match the page's match (the normal save stays as it is)."""
    previous = playing(app)
    original = previous.original if previous is not None else app.saves
    _wire(app)
    play = LinkPlay(app, session, original)
    document.body.dataset.link = "on"
    el("link-panel").hidden = False
    _close_alert()
    _set_hash(session.link)
    app.open_by_link(play, session.base, note=note)
    play.draw()
    draw_book(app)
    play.bring_into_view()


def open_link(app: LinkHost, text: str) -> bool:
    """Open link ``text`` (True when its match is now on the page; a refusal fills the alert box)."""
    book = LinkBook(app.storage)
    live_link.incoming(text)  # live (#58): the connection data after the link, for the next drawing
    try:
        session = LinkSession.open(book, text, time_ms=now_ms(), draw=crypto_bytes)
    except LinkError as exc:
        _alert(app, exc, exc.state.match if isinstance(exc, NoSeatError) else None)
        current = _current_link(app)
        _set_hash(current)
        return False
    except Exception as exc:  # storage refused the record (full): a link message, nothing half-written shown
        _alert(app, LinkError(str(exc), STORAGE), None)
        current = _current_link(app)
        _set_hash(current)
        return False
    activate(app, session)
    return True


def create_match(
    app: LinkHost,
    length: int,
    crawford_rule: bool,
    lang: str,
    allowance_hours: int = 0,
    names: tuple[str, str] = ("", ""),
) -> None:
    """A new match by link from the new-match dialog: this device plays the bottom seat; ``names`` go in the link."""
    if lang != app.state.lang:
        app.dispatch(SetLanguage(lang))
    book = LinkBook(app.storage)
    try:
        session = LinkSession.create(
            book, length, time_ms=now_ms(), draw=crypto_bytes, crawford_rule=crawford_rule,
            allowance_hours=allowance_hours, names=names,
        )  # fmt: skip
    except LinkError as exc:
        app.dispatch(Say(str(exc)))
        return
    activate(app, session)


_WIRED: list[bool] = []


def _wire(app: LinkHost) -> None:
    """The panel's listeners, once."""
    if _WIRED:
        return
    _WIRED.append(True)

    def with_link(action: Callable[[LinkPlay], object]) -> Callable[[], None]:
        def run() -> None:
            play = playing(app)
            if play is not None:
                action(play)

        return run

    app.on(el("btn-link-copy"), "click", ignore_event(with_link(LinkPlay.copy)))
    app.on(el("btn-link-share"), "click", ignore_event(with_link(LinkPlay.share)))
    app.on(el("btn-link-full"), "click", ignore_event(with_link(LinkPlay.copy_full)))

    def on_name(event: Any) -> None:
        event.preventDefault()
        with_link(LinkPlay.rename)()

    app.on(el("link-name-row"), "submit", on_name)
    app.on(window, "storage", lambda event: with_link(lambda play: play.record_changed(event))())
    app.on(el("link-alert-close"), "click", ignore_event(_close_alert))
    app.on(el("btn-link-verify"), "click", ignore_event(with_link(LinkPlay.verify)))
    app.on(el("link-qr"), "toggle", ignore_event(with_link(LinkPlay.draw_qr)))
    app.on(el("verify-close"), "click", ignore_event(lambda: el("verify-dialog").close()))
    # live (#58): what the live glue may do with the panel (it does not import this module)
    live_link.install(app, live_link.LinkPanel(activate, open_link, lambda a, e: _alert(a, e, None), create_match))

    def relabel(*_args: Any) -> None:  # the page's language changed (translate_page sets <html lang>)
        play = playing(app)
        if play is not None and play.active:
            play.draw()
        draw_book(app)

    def tick() -> None:  # the time per move runs on while the page stays open
        play = playing(app)
        if play is not None and play.active:
            play.draw_time()

    window.setInterval(create_proxy(tick), 30_000)
    observer = window.MutationObserver.new(create_proxy(relabel))
    observer.observe(document.documentElement, js_object({"attributes": True, "attributeFilter": ["lang"]}))


def boot(app: LinkHost) -> bool:
    """Draw the device's link matches; open the address's link if any (True when there was one)."""
    _wire(app)
    book = LinkBook(app.storage)
    broken = book.broken()
    for match_id in broken:  # unreadable records: moved aside (kept), the page starts without them
        book.set_aside(match_id)
    if broken:
        el("link-alert-text").textContent = t(app.state.lang, "link.set_aside", count=len(broken))
        el("link-alert").dataset.reason = "link-set-aside"
        el("link-alert-export").hidden = True
        el("link-alert").hidden = False
    draw_book(app)
    fragment = str(window.location.hash)
    if not fragment.startswith(PREFIX):
        return False
    starting = str(document.body.dataset.ready) != "true"
    if _current_link(app) != fragment:
        opened = open_link(app, fragment)
        if not opened and starting and not _current_link(app):
            # A page opened on a refused link (a new tab): its alert, never an unrelated live
            # board behind it; the page's own match comes back when the alert is closed.
            document.body.dataset.linkRefused = "true"
    return True
