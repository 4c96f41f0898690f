"""Live diagrams for tutorial pages: the worker's entry point (:data:`HOST`) and the authors' snippet.

``embed.html`` (see ``web/EMBED.md``) is thin JavaScript: it sends the fragment
and the reader's clicks to a shared worker, where :data:`HOST` answers each
request with the board as SVG, the texts to show and the events to post to the
host page. Everything here is pure: states are values, :func:`~app.embed.modes.act`
returns the next state and its events (:mod:`app.embed.modes`),
:func:`~app.embed.present.present` turns a state into what the page shows
(:mod:`app.embed.present`); the fragment is read by :mod:`app.embed.fragment`, the
rules come from :class:`core.turn.Turn` and the words from :mod:`app.text`.

Modes: ``diagram`` (static, optional arrows), ``try`` (the reader plays the
dice; refused steps are explained), ``quiz`` (find the play: ``solved`` when
found, ``show`` reveals it; ``answer=best``: the bot's best play, and a wrong play is told what it
loses), ``replay`` (step through a list of plays) and ``hint`` (the bot's ranked plays, the best
drawn as arrows). Only ``hint`` and ``answer=best`` load the bot (:mod:`app.embed.bot_ranking`).

>>> state, events = open_embed("mode=try&dice=52&lang=fr")
>>> [e["event"] for e in events], present(state)["status"]
(['ready'], 'Blanc joue 5-2 : touchez un pion, puis la case où il va.')
>>> state, events = act(state, {"action": "click", "place": "6"})
>>> state, events = act(state, {"action": "click", "place": "1"})
>>> present(state)["status"], events[0]["reason"]
('La case 1 est bloquée.', 'point-blocked')
>>> state, events = act(state, {"action": "click", "place": "4"})
>>> present(state)["status"], events[0]["step"]
('Pour l’instant : 6/4.', '6/4')
>>> snippet = embed_snippet("start", {"mode": "try", "dice": 31, "base_url": "https://example.org/embed.html"})
>>> snippet.split('"')[1]
'https://example.org/embed.html#start&amp;mode=try&amp;dice=31'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape
from typing import Any

from app.board.layout import HEIGHT, WIDTH
from app.embed.fragment import KEYS, format_fragment, parse_fragment
from app.embed.modes import EmbedState, Note, act, open_embed
from app.embed.present import present, present_error
from app.embed.values import FragmentError
from app.text import t

# -- words --------------------------------------------------------------------


# -- the state ------------------------------------------------------------------


# -- actions --------------------------------------------------------------------


# -- what the page shows -----------------------------------------------------------


# -- the worker's entry point ----------------------------------------------------------
class EmbedHost:
    """Every open embed of the worker, by session id; :meth:`handle` answers one JSON request.

    Requests: ``{"op": "open", "session": id, "fragment": "#...", "languages": [...]}``,
    ``{"op": "act", "session": id, "action": {...}}``, ``{"op": "close", "session": id}``.
    Answers are :func:`present` or :func:`present_error` as JSON. Nothing raises:
    an unexpected error becomes an error answer.

    >>> host = EmbedHost()
    >>> json.loads(host.handle('{"op": "open", "session": "a", "fragment": "#dice=99"}'))["error"]
    "dice: '99' is not two digits from 1 to 6 (such as 43) or none"
    """

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self.sessions: dict[str, EmbedState] = {}

    def handle(self, request: str) -> str:
        try:
            answer = self._handle(json.loads(request))
        except Exception as exc:  # never let one embed's bug break the shared worker
            answer = present_error("", t("en", "embed.error.internal", kind=type(exc).__name__))
        return json.dumps(answer, ensure_ascii=False)

    def _handle(self, message: Any) -> dict[str, Any]:
        if not isinstance(message, dict):
            raise TypeError("request is not an object")
        op = message.get("op")
        session = message.get("session")
        if not isinstance(session, str) or not 0 < len(session) <= 100:
            raise TypeError("bad session id")
        languages = message.get("languages")
        if not (isinstance(languages, list) and all(isinstance(x, str) for x in languages)):
            languages = None
        if op == "open":
            fragment = message.get("fragment")
            self.sessions.pop(session, None)
            try:
                if not isinstance(fragment, str):
                    raise FragmentError("the fragment is not text")
                state, events = open_embed(fragment, languages)
            except FragmentError as exc:
                return present_error(fragment, str(exc), languages)
            self.sessions[session] = state
            while len(self.sessions) > self.limit:
                del self.sessions[next(iter(self.sessions))]
            return present(state, events)
        if op == "act":
            current = self.sessions.get(session)
            action = message.get("action")
            if current is None or not isinstance(action, dict):
                raise KeyError("no such embed")
            state, events = act(current, action)
            self.sessions[session] = state
            return present(state, events)
        if op == "close":
            self.sessions.pop(session, None)
            return {"ok": True, "closed": True, "events": []}
        raise ValueError("unknown op")


HOST = EmbedHost()


# -- the snippet for authors ---------------------------------------------------------
SNIPPET_WIDTH = 480


def _snippet_height(width: int, mode: str, caption: bool) -> int:
    """The board's height at ``width``, plus room for the status line, the buttons (or the hint's
    ranked plays: two lines of status, a table of six rows) and the caption."""
    buttons = 170 if mode == "hint" else 44 if mode != "diagram" else 0
    extra = 30 + buttons + (36 if caption else 0)
    return round(width * HEIGHT / WIDTH) + extra


def embed_snippet(xgid_or_gnubgid: str, options: Mapping[str, object] | None = None) -> str:
    """The ``<iframe>`` that shows this position in a tutorial page (what "Embed this position" copies).

    ``xgid_or_gnubgid``: an XGID (``XGID=...``), a gnubg ``PositionID:MatchID`` or
    ``"start"``. ``options``: fragment keys (``mode``, ``dice``, ``lang``, ``caption``,
    ``play``, ``answer``, ...; values as text or numbers) plus ``base_url``, the address
    of ``embed.html`` (default ``"embed.html"``: pass the absolute one, e.g.
    ``new URL("embed.html", location)``), and ``width`` in pixels (default 480).
    The fragment is checked: a wrong option raises :class:`~app.embed.values.FragmentError`.

    >>> snippet = embed_snippet("4HPwATDgc/ABMA:cAkAAAAAAAAA", {"width": 320, "caption": "Départ"})
    >>> snippet.split('"')[1:6]
    ['embed.html#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA&amp;caption=D%C3%A9part', ' width=', '320', ' height=', '358']
    """
    options = dict(options or {})
    base_url = str(options.pop("base_url", "embed.html"))
    width_value = options.pop("width", SNIPPET_WIDTH)
    if isinstance(width_value, bool) or not isinstance(width_value, (int, str)) or not str(width_value).isdigit():
        raise FragmentError(f"width: {width_value!r} is not a number of pixels", "width")
    width = int(str(width_value)[:5])
    if not 160 <= width <= 1600:
        raise FragmentError(f"width: {width} is out of range 160..1600", "width")
    for scheme in ("javascript:", "data:", "vbscript:"):
        if base_url.strip().lower().startswith(scheme):
            raise FragmentError(f"base_url: {scheme} addresses are not allowed", "base_url")
    source = xgid_or_gnubgid.strip()
    fields: dict[str, str] = {}
    if source == "start":
        fields["start"] = ""
    elif source.startswith("XGID=") or source.count(":") >= 8:
        fields["xgid"] = source
    else:
        fields["gnubgid"] = source
    for key, value in options.items():
        if key not in KEYS or key in ("xgid", "gnubgid", "start"):
            raise FragmentError(f"unknown option {key!r}", key)
        fields[key] = str(value).lower() if isinstance(value, bool) else str(value)
    fragment = format_fragment(fields)
    config = parse_fragment(fragment)  # raises on anything wrong
    height = _snippet_height(width, config.mode, bool(config.caption))
    title = "Backgammon position" if (config.lang or "en") == "en" else "Position de backgammon"
    if config.caption:
        title = config.caption
    src = f"{base_url.split('#', 1)[0]}#{fragment}"
    return (
        f'<iframe src="{escape(src, quote=True)}" width="{width}" height="{height}"'
        f' style="border:0;max-width:100%" loading="lazy" title="{escape(title, quote=True)}"></iframe>'
    )


__all__ = [
    "HOST",
    "EmbedHost",
    "EmbedState",
    "Note",
    "act",
    "embed_snippet",
    "open_embed",
    "present",
    "present_error",
]
