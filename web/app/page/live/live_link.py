"""Live play on the page: the DOM glue between a match by link and a direct data channel (issue #58).

The channel is only a faster messenger for play by link (:mod:`app.page.link.link_panel`):

* While this device shows a link to send and no channel is open, it gathers an **offer** (the
  browser side is ``web/live.js``, loaded on first use) and the link shown carries it packed after
  ``&live=`` (:mod:`core.link.connect`). The friend's device, opening such a link, gathers the
  **answer**, which its own link to send carries back. The answer opened on the creator's device
  (usually in a new tab) is handed to the tab that holds the offer (a ``BroadcastChannel``).
* Once the channel is open, every link this device makes goes over it at once
  (:func:`sent`), and every link that comes is accepted as an opened link is
  (:func:`~app.page.live.live_session.receive_link`), or refused with the same alert.
* If the channel cannot open or drops, nothing changes for the match: the link to send is shown
  as before, carrying a fresh offer (a new pair of links reconnects); a reload rejoins by links.
* Presence (here/away, and whose move it is), three short phrases, the live clock (a time per
  move and a reserve, chosen by the match's creator: its device tells the other) and Rematch.

No outside server: host candidates only; the optional STUN address (off by default) lets a
public server see this device's address so that play across networks can find a path.

The hooks into the link panel are three calls, each marked ``# live (#58)`` there:
:func:`incoming` (a link opened from the address), :func:`drawn` (the panel drawn) and
:func:`sent` (a link made); :func:`install` gives this module the panel's functions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from app.dom import el, ignore_event, js_value
from app.page.browser import crypto_bytes, url_param
from app.page.host import LinkHost
from app.page.link.link_book import LinkSession
from app.page.live.live_session import MoveTimer, receive_link
from app.page.step import Do, Say
from app.text import t
from core.link import LinkError
from core.link.connect import (
    FIELD,
    Connect,
    ConnectError,
    decode_connect,
    encode_connect,
    format_sdp,
    parse_sdp,
    split_live,
)
from core.link.errors import OLDER, OTHER_MATCH
from core.link.live import (
    CLOCK,
    CLOCK_CHOICES,
    LINK,
    PHRASES,
    PRESENCE,
    REMATCH,
    SAY,
    LiveClock,
    LiveError,
    LiveMessage,
    decode_message,
    encode_message,
)

__all__ = ["LinkPanel", "drawn", "incoming", "install", "sent"]

STUN_URL = "stun:stun.l.google.com:19302"
"""The public STUN address offered (off by default): it sees this device's public address."""
HEARTBEAT_MS = 4_000
"""How often presence is said while the channel is open (a silent friend is shown disconnected)."""
SILENT_MS = 15_000
"""How long without a word from the friend before the channel is taken as dropped."""
MAX_FAILURES = 3
"""Attempts in a row that may fail before any open (the browser refusing WebRTC): then links only."""


@dataclass(frozen=True, slots=True)
class LinkPanel:
    """What this module uses of the link panel (given by :func:`install`: no import of it here)."""

    activate: Callable[[LinkHost, LinkSession], None]
    open_link: Callable[[LinkHost, str], bool]
    refuse: Callable[[LinkHost, LinkError], None]
    create_match: Callable[[LinkHost, int, bool, str, int, tuple[str, str]], None]


def _now() -> float:
    """The monotonic clock, ms (the live clock's)."""
    return float(window.performance.now())


def _epoch() -> int:
    return int(window.Date.now())


class Live:
    """The page's live connection (one per tab) and what it knows of the friend."""

    def __init__(self, app: LinkHost, panel: LinkPanel) -> None:
        self.app, self.panel = app, panel
        self.bridge: Any = None  # window.videauLive once web/live.js is loaded
        self.play: Any = None  # the LinkPlay last drawn
        self.match_id: str | None = None
        self.role: str | None = None  # "offer"/"answer" while gathering or waiting, None: no attempt
        self.local_code: str | None = None
        self.pending: Connect | None = None  # the connection data of the link just opened
        self.answered: str = ""  # the key of the last offer answered (never twice)
        self.open = False
        self.elsewhere = False  # another tab of this browser holds the channel open
        self.was_open = False
        self.presence = "here"
        self.heard: str | None = None
        self.last_word = 0.0
        self.timer = MoveTimer()
        self.clock_note = ""
        self.stun = False
        self.failures = 0  # attempts that failed before opening: after MAX_FAILURES, links only

    # -- the browser side ---------------------------------------------------------------------
    def load(self) -> bool:
        """``web/live.js`` loaded (True) or asked for (False: :meth:`redraw` comes once it is)."""
        if self.bridge is not None:
            return True
        if not hasattr(window, "RTCPeerConnection") or url_param("live") == "off":  # ?live=off: links only
            return False
        bridge = getattr(window, "videauLive", None)
        if bridge is not None:
            self.bridge = bridge
            bridge.listen(create_proxy(self.on_event))
            return True
        if js_value(document.getElementById("live-js")) is None:
            script = document.createElement("script")
            script.id, script.src = "live-js", "./live.js"
            script.onload = create_proxy(lambda _e: self.redraw())
            document.head.appendChild(script)
        return False

    def redraw(self) -> None:
        play = self.play
        if play is not None and play.active:
            play.draw()

    @property
    def stun_url(self) -> str:
        return STUN_URL if self.stun else ""

    def send(self, message: LiveMessage) -> bool:
        if self.bridge is None or self.match_id is None or not (self.open or self.elsewhere):
            return False
        return bool(self.bridge.send(self.match_id, encode_message(message)))

    def reset(self) -> None:
        """No attempt under way: the next link shown carries a fresh offer."""
        self.role, self.local_code = None, None

    # -- the panel drawn ------------------------------------------------------------------------
    def drawn(self, play: Any) -> None:
        self.play = play
        session: LinkSession = play.session
        match_id = session.match_id
        if match_id != self.match_id:
            if self.open and self.bridge is not None:  # another match on the page: the channel follows it
                self.match_id = match_id
            else:
                self.match_id, self.elsewhere = match_id, False
                self.reset()
                if self.bridge is not None:
                    self.bridge.ask(match_id)
        state = session.state
        self.timer.turn((len(state.history), -1 if state.waiting_for is None else state.waiting_for), now=_now())
        if self.load():
            self.connect(session)
        if self.local_code and not self.open and not self.elsewhere:
            box = el("share-link")
            box.value = str(box.value) + FIELD + self.local_code
        self.draw_panel(session)

    def connect(self, session: LinkSession) -> None:
        """Start what the link just opened or the link to send calls for: an answer, an accepted answer, an offer."""
        remote, self.pending = self.pending, None
        over = session.state.waiting_for is None
        if remote is not None and not self.open:
            if remote.role == "offer" and remote.key != self.answered:
                self.answered, self.role, self.local_code = remote.key, "answer", None
                self.bridge.answer(self.match_id, format_sdp(remote), self.stun_url)
                return
            if remote.role == "answer":
                self.bridge.accept(self.match_id, format_sdp(remote))
                return
        tried = self.failures >= MAX_FAILURES  # the browser refuses (no WebRTC allowed): links only
        if (
            not self.open
            and not self.elsewhere
            and self.role is None
            and not over
            and not session.my_turn
            and not tried
        ):
            self.role = "offer"
            self.bridge.offer(self.match_id, self.stun_url)

    def draw_panel(self, session: LinkSession) -> None:
        """The live box: the connection, the friend's presence, the clocks, the phrases heard."""
        lang = self.app.state.lang
        box = el("live-panel")
        box.hidden = self.bridge is None and (not hasattr(window, "RTCPeerConnection") or url_param("live") == "off")
        live = self.open or self.elsewhere
        names = self.app.view.names if self.app.view is not None else self.app.state.match.names
        friend = names[1 - session.seat]
        if self.open:
            key = "live.thinking" if session.waiting_for_friend else "live.connected"
            if self.presence == "away":
                key = "live.away"
        elif self.elsewhere:
            key = "live.elsewhere"
        elif self.was_open:
            key = "live.dropped"
        elif self.role is not None:
            key = "live.waiting" if self.local_code else "live.preparing"
        else:
            key = "live.off"
        box.dataset.state = "open" if live else ("dropped" if self.was_open else "off")
        document.body.dataset.live = "on" if live else "off"
        el("live-status").textContent = t(lang, key, name=friend)
        el("link-share").hidden = session.my_turn or (self.open and session.state.waiting_for is not None)
        el("live-say").hidden = not self.open
        el("live-rematch").hidden = not (self.open and session.state.waiting_for is None)
        el("live-heard").textContent = t(lang, f"live.say.{self.heard}", name=friend) if self.heard else ""
        el("live-clock-choice").hidden = not (session.seat == 0 and len(session.state.history) <= 3)
        self.draw_clock(session)

    def draw_clock(self, session: LinkSession | None = None) -> None:
        if session is None:
            if self.play is None or not self.play.active:
                return
            session = self.play.session
        clock, lang = self.timer.clock, self.app.state.lang
        line = el("live-clock")
        live = self.open or self.elsewhere  # by links the live clock rests (the link's time per move is shown)
        line.hidden = clock is None or not live
        el("live-clock-note").textContent = self.clock_note
        el("live-clock-note").hidden = not self.clock_note
        if clock is None or not live:
            return
        names = self.app.view.names if self.app.view is not None else self.app.state.match.names
        waiting = session.state.waiting_for
        parts = []
        for seat in (0, 1):
            used = self.timer.used(_now()) if seat == waiting else 0
            left = clock.left(seat, used)
            move = max(clock.per_move_ms - used, 0)
            reserve = left - move
            parts.append(t(lang, "live.clock_line", name=names[seat], move=_mmss(move), reserve=_mmss(reserve)))
        line.textContent = " · ".join(parts)
        if waiting == session.seat and session.my_turn and clock.flag_fell(session.seat, self.timer.used(_now())):
            self.lose_on_time(session)

    def lose_on_time(self, session: LinkSession) -> None:
        """This device's player ran out of time: his device ends the match (a resignation of the match)."""
        seat = session.seat
        self.app.dispatch(Say(t(self.app.state.lang, "live.out_of_time")))
        self.app.dispatch(Do("resign_match", (seat,)))

    # -- events from web/live.js -----------------------------------------------------------------
    def on_event(self, text: Any) -> None:
        try:
            event = json.loads(str(text))
            self.handle(event)
        except Exception as exc:  # never let a bad event stop the page: the match goes on by links
            window.console.warn(f"live: {exc}")

    def handle(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "local" and event.get("matchId") == self.match_id:
            try:
                self.local_code = encode_connect(parse_sdp(str(event["sdp"]), str(event["role"])))
            except ConnectError as exc:  # the browser wrote what a link cannot carry: links only
                window.console.warn(f"live: {exc}")
                self.local_code = None
            self.redraw()
        elif kind == "open":
            self.open, self.was_open, self.elsewhere, self.presence = True, True, False, "here"
            self.local_code, self.last_word, self.failures = None, _now(), 0
            self.say_presence()
            if self.play is not None and self.play.active:
                session: LinkSession = self.play.session
                if session.seat == 0 and self.timer.clock is not None:
                    self.send(LiveMessage(CLOCK, self.timer.clock.text))
                if not session.my_turn and session.state.waiting_for is not None:
                    self.send(LiveMessage(LINK, session.link))  # the friend may lack this device's last link
            self.redraw()
        elif kind == "closed":
            self.dropped()
        elif kind == "message":
            self.last_word = _now()
            self.receive(str(event.get("text", "")))
        elif kind == "handed":
            self.elsewhere = True
            self.app.dispatch(Say(t(self.app.state.lang, "live.handed"), "info", draw=True))
            self.redraw()
        elif kind == "orphan":
            self.reset()
            self.app.dispatch(Say(t(self.app.state.lang, "live.orphan"), "info", draw=True))
            self.redraw()
        elif kind == "elsewhere" and event.get("matchId") == self.match_id and not self.open:
            self.elsewhere = bool(event.get("open"))
            self.redraw()

    def dropped(self) -> None:
        if not self.open:
            self.failures += 1
        if self.open:
            self.open = False
            self.reset()
            self.app.dispatch(Say(t(self.app.state.lang, "live.dropped_note"), "info", draw=True))
        self.reset()
        self.redraw()

    def receive(self, text: str) -> None:
        try:
            message = decode_message(text)
        except LiveError as exc:
            window.console.warn(f"live: {exc}")
            return
        if message.kind == LINK:
            self.take_link(message)
        elif message.kind == PRESENCE:
            if message.text != self.presence:
                self.presence = message.text
                self.redraw()
        elif message.kind == SAY:
            self.heard = message.text
            self.redraw()
        elif message.kind == CLOCK:
            play = self.play
            if play is not None and play.active and play.session.seat == 1:
                self.timer.clock = LiveClock.parse(message.text)
                self.redraw()
        elif message.kind == REMATCH:
            self.open_link(message.text)

    def take_link(self, message: LiveMessage) -> None:
        play, app = self.play, self.app
        if play is None or not play.active:
            self.open_link(message.text)
            return
        session: LinkSession = play.session
        try:
            new = receive_link(session, message.text, time_ms=_epoch(), draw=crypto_bytes)
        except LinkError as exc:
            if exc.reason == OLDER:  # this device already went past it (sent twice): nothing to do
                return
            if exc.reason == OTHER_MATCH:  # the friend's page is on another match (a rematch): open it
                self.open_link(message.text)
                return
            self.panel.refuse(app, exc)  # refused as a forged link is: the alert, nothing stored
            return
        if new is session:
            return
        waiting = session.state.waiting_for
        if waiting is not None and waiting != session.seat:
            _charged, off = self.timer.hand_over(waiting, now=_now(), claimed=message.used_ms)
            names = app.view.names if app.view is not None else app.state.match.names
            self.clock_note = (
                t(app.state.lang, "live.clock_disagree", name=names[waiting], seconds=f"{abs(off) / 1000:.1f}")
                if off and self.timer.clock is not None
                else ""
            )
        self.panel.activate(app, new)
        self.answer_back()

    def open_link(self, text: str) -> None:
        """A link of another match (a rematch's invitation): opened as from the address, answered over the channel."""
        if self.panel.open_link(self.app, text):
            self.answer_back()

    def answer_back(self) -> None:
        """After a link came: when the match now waits for the friend (this device answered by itself), send it."""
        play = self.play
        if play is None or not play.active:
            return
        session: LinkSession = play.session
        if not session.my_turn and session.state.waiting_for is not None:
            self.send(LiveMessage(LINK, session.link))

    def sent(self, play: Any) -> None:
        """This device made a link: over the channel at once, with the time the move took on this device."""
        session: LinkSession = play.session
        history = session.state.history
        entries, seat = len(history), session.seat
        sender = history.entries[-1].sender if entries else None
        used = None
        if sender == seat and (self.open or self.elsewhere):
            used, _ = self.timer.hand_over(seat, now=_now(), claimed=None)
        self.send(LiveMessage(LINK, session.link, used_ms=used))
        self.timer.turn((entries, -1 if session.state.waiting_for is None else session.state.waiting_for), now=_now())

    def say_presence(self) -> None:
        here = str(document.visibilityState) != "hidden"
        self.send(LiveMessage(PRESENCE, "here" if here else "away"))

    def heartbeat(self) -> None:
        if not self.open:
            return
        if _now() - self.last_word > SILENT_MS and self.bridge is not None:
            self.bridge.close()  # a friend silent this long is gone: links from here
            return
        self.say_presence()
        self.draw_clock()

    def say(self, phrase: str) -> None:
        if self.send(LiveMessage(SAY, phrase)):
            lang = self.app.state.lang
            self.app.dispatch(Say(t(lang, "live.said", phrase=t(lang, f"live.phrase.{phrase}")), "info", draw=True))

    def choose_clock(self) -> None:
        per, reserve = CLOCK_CHOICES.get(str(el("live-clock-select").value), (0, 0))
        self.timer.clock = LiveClock(per, reserve) if per else None
        self.send(LiveMessage(CLOCK, self.timer.clock.text if self.timer.clock else "off"))
        self.redraw()

    def rematch(self) -> None:
        play = self.play
        if play is None or not self.open:
            return
        header = play.session.state.history.header
        self.panel.create_match(
            self.app, header.length, header.crawford_rule, self.app.state.lang, header.allowance_hours, header.names
        )
        play = self.play  # the new match's, drawn as it opened
        if play is not None and play.active:
            self.send(LiveMessage(REMATCH, play.session.link))


def _mmss(ms: int) -> str:
    seconds = max(ms, 0) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


_LIVE: list[Live] = []


def install(app: LinkHost, panel: LinkPanel) -> None:
    """Once, when the link panel is wired: the live box's listeners and the heartbeat."""
    if _LIVE:
        return
    live = Live(app, panel)
    _LIVE.append(live)
    for phrase in PHRASES:
        app.on(el(f"live-say-{phrase}"), "click", ignore_event(partial(live.say, phrase)))
    app.on(el("live-rematch"), "click", ignore_event(live.rematch))
    app.on(el("live-clock-select"), "change", lambda _e: live.choose_clock())

    def stun(_event: Any) -> None:
        live.stun = bool(el("live-stun").checked)

    app.on(el("live-stun"), "change", stun)
    app.on(document, "visibilitychange", lambda _e: live.say_presence())
    window.setInterval(create_proxy(live.heartbeat), HEARTBEAT_MS)
    window.setInterval(create_proxy(lambda: live.draw_clock()), 500)


def incoming(text: str) -> None:
    """A link opened from the address (before it is read): keep its connection data for :func:`drawn`."""
    if not _LIVE:
        return
    _link, code = split_live(text)
    live = _LIVE[0]
    live.pending = None
    if code:
        try:
            live.pending = decode_connect(code)
        except ConnectError as exc:  # unreadable connection data: the match goes on by links
            window.console.warn(f"live: {exc}")


def drawn(play: Any) -> None:
    """The link panel drawn (``play``: its ``LinkPlay``): the live box; the link to send with its offer or answer."""
    if _LIVE:
        _LIVE[0].drawn(play)


def sent(play: Any) -> None:
    """The link panel made a link (``play``: its ``LinkPlay``): over the channel at once when it is open."""
    if _LIVE:
        _LIVE[0].sent(play)
