"""Live diagrams for tutorial pages: the worker's entry point (:data:`HOST`).

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
(['ready'], 'Blanc joue 5-2 : choisissez un pion, puis la case où il va.')
>>> state, events = act(state, {"action": "click", "place": "6"})
>>> state, events = act(state, {"action": "click", "place": "1"})
>>> present(state)["status"], events[0]["reason"]
('La case 1 est bloquée.', 'point-blocked')
>>> state, events = act(state, {"action": "click", "place": "4"})
>>> present(state)["status"], events[0]["step"]
('Pour l’instant : 6/4.', '6/4')

The authors' snippet (the ``<iframe>`` that shows a position) is :func:`app.embed.snippet.embed_snippet`.
"""

from __future__ import annotations

import json
from typing import Any

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


__all__ = [
    "HOST",
    "EmbedHost",
    "EmbedState",
    "Note",
    "act",
    "open_embed",
    "present",
    "present_error",
]
