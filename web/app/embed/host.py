"""Live diagrams for tutorial pages: the embed's modes as pure state machines.

``embed.html`` (see ``web/EMBED.md``) is thin JavaScript: it sends the fragment
and the reader's clicks to a shared worker, where :data:`HOST` answers each
request with the board as SVG, the texts to show and the events to post to the
host page. Everything here is pure: states are values, :func:`act` returns the
next state and its events, :func:`present` turns a state into what the page
shows; the rules come from :class:`core.turn.Turn` and the words from
:mod:`i18n`.

Modes: ``diagram`` (static, optional arrows), ``try`` (the reader plays the
dice; refused steps are explained), ``quiz`` (find the play: ``solved`` when
found, ``show`` reveals it) and ``replay`` (step through a list of plays).

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

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from app.board.arrows import ArrowView, arrows_from_steps
from app.board.layout import HEIGHT, WIDTH
from app.board.places import OFF, Place, board_for_player0, display_number, parse_place, to_mover
from app.board.render import render_board
from app.board.view import BoardView, build_board_view
from app.embed.fragment import (
    KEYS,
    EmbedConfig,
    FragmentError,
    format_fragment,
    lenient_id,
    lenient_lang,
    parse_fragment,
)
from app.text import detect_lang, player_name, reason_text, t
from core import reasons
from core.errors import IllegalPlayError
from core.moves import Play
from core.notation import format_play
from core.turn import Turn, steps_to_play_steps

Event = dict[str, Any]

# -- words --------------------------------------------------------------------
def sentence(words: str) -> str:
    """A reason text as a sentence: capital first letter, final full stop."""
    words = words.strip()
    if not words:
        return words
    words = words[0].upper() + words[1:]
    return words if words.endswith((".", "!", "?")) else words + "."


def _dice_text(dice: Sequence[int]) -> str:
    return "-".join(str(d) for d in dice)


# -- the state ------------------------------------------------------------------
@dataclass(frozen=True)
class Note:
    """The line under the board: ``kind`` is ``info``, ``ok`` or ``refused``; ``reason`` a core code."""

    kind: str
    text: str
    reason: str = ""


@dataclass(frozen=True)
class EmbedState:
    """One embed: its checked fragment and where the reader is.

    ``turn`` (try and quiz) is the turn being played; ``selected`` the place
    picked (player 0's numbering); ``frame`` (replay) the move shown, from 0 to
    ``len(config.replay)`` (the final position).
    """

    config: EmbedConfig
    lang: str
    turn: Turn | None = None
    selected: Place | None = None
    note: Note | None = None
    attempts: int = 0
    solved: bool = False
    revealed: bool = False
    frame: int = 0


def open_embed(fragment: str, languages: Sequence[str] | str | None = None) -> tuple[EmbedState, list[Event]]:
    """The first state of the embed that ``fragment`` describes, and its ``ready`` event.

    Raises :class:`~app.embed.fragment.FragmentError` for a fragment that is wrong.
    ``languages``: the reader's preferred languages (``navigator.languages``), used
    when the fragment names none.
    """
    config = parse_fragment(fragment)
    lang = config.lang or detect_lang(languages)
    turn = None
    if config.mode in ("try", "quiz"):
        assert config.dice is not None
        turn = Turn.start(config.mover_position, config.dice)
    state = EmbedState(config, lang, turn=turn)
    return state, [_event(state, "ready", xgid=config.xgid, lang=lang)]


def _event(state: EmbedState, name: str, **details: Any) -> Event:
    event: Event = {"event": name, "mode": state.config.mode}
    if state.config.embed_id:
        event["id"] = state.config.embed_id
    event.update(details)
    return event


# -- actions --------------------------------------------------------------------
def act(state: EmbedState, action: Mapping[str, Any]) -> tuple[EmbedState, list[Event]]:
    """Apply one action of the reader; unknown or impossible actions change nothing.

    Actions: ``{"action": "click", "place": "13"}`` (``"bar"``, ``"off"``),
    ``undo``, ``reset``, ``show`` (quiz), ``first``/``prev``/``next``/``last`` (replay).
    """
    name = action.get("action")
    mode = state.config.mode
    if mode in ("try", "quiz"):
        if name == "click":
            place = action.get("place")
            parsed = parse_place(place) if isinstance(place, str) else None
            return (state, []) if parsed is None else _click(state, parsed)
        if name == "undo":
            return _undo(state)
        if name == "reset":
            return _reset(state)
        if name == "show" and mode == "quiz":
            return _show_answer(state)
    if mode == "replay" and name in ("first", "prev", "next", "last"):
        return _goto(state, name)
    return state, []


def _turn(state: EmbedState) -> Turn:
    assert state.turn is not None
    return state.turn


def _mover(state: EmbedState) -> int:
    return state.config.on_roll


def _finished(state: EmbedState) -> bool:
    """No more steps to make: the play is complete or the roll has no legal play."""
    turn = _turn(state)
    return state.solved or turn.legal_play_count == 0 or turn.is_complete


def _refuse(state: EmbedState, reason: str, place: Place | None, *, target: bool) -> tuple[EmbedState, list[Event]]:
    """Explain a refused click; a selected checker stays selected, for another try.

    ``target``: the click named where a checker should go (else the checker itself),
    so a blocked point or a missing checker can be named.
    """
    point = display_number(place, state.config.viewer) if isinstance(place, int) else None
    if reason == reasons.BLOCKED and not target:
        words = t(state.lang, "embed.try.all_blocked")
    else:
        named = point if (reason == reasons.BLOCKED) == target else None
        words = sentence(reason_text(state.lang, reason, point=named))
    new = dataclasses.replace(state, note=Note("refused", words, reason))
    return new, [_event(new, "refused", reason=reason, message=words)]


def _click(state: EmbedState, place: Place) -> tuple[EmbedState, list[Event]]:
    if _finished(state):
        return state, []
    turn = _turn(state)
    mover = _mover(state)
    point = to_mover(place, mover)
    destinations = turn.destinations()
    selected = state.selected
    if selected is None:
        if point in destinations:
            note = Note("info", t(state.lang, "embed.try.selected"))
            return dataclasses.replace(state, selected=place, note=note), []
        if place == OFF:
            return state, []
        return _refuse(state, turn.why_not(point, None), place, target=False)
    if place == selected:
        return dataclasses.replace(state, selected=None, note=None), []
    start = to_mover(selected, mover)
    if point in destinations.get(start, ()):
        return _step(state, start, point)
    if point in destinations:
        return dataclasses.replace(state, selected=place, note=Note("info", t(state.lang, "embed.try.selected"))), []
    return _refuse(state, turn.why_not(start, point), place, target=True)


def _hits(turn: Turn) -> list[int]:
    """Points (mover's numbering) where the steps made so far hit a blot."""
    hits = []
    before = turn.start_position
    board = list(before.opponent)
    for _, end, _ in turn.steps:
        if 1 <= end <= 24 and board[24 - end] == 1:
            hits.append(end)
            board[24 - end] = 0
    return hits


def _played(turn: Turn) -> str:
    """The steps made so far in notation."""
    if turn.is_complete:
        return format_play(turn.play())
    return format_play(steps_to_play_steps(turn.steps), _hits(turn))


def _step(state: EmbedState, start: int, end: int) -> tuple[EmbedState, list[Event]]:
    before = _turn(state)
    try:
        turn = before.step(start, end)
    except IllegalPlayError as exc:  # pragma: no cover - destinations() offered this step
        return _refuse(state, exc.reason, None, target=True)
    lang = state.lang
    hit = 1 <= end <= 24 and before.position.opponent[24 - end] == 1
    step_text = format_play([(start, end)], [end] if hit else [])
    new = dataclasses.replace(state, turn=turn, selected=None)
    if not turn.is_complete:
        note = Note("info", t(lang, "embed.try.partial", play=_played(turn)))
        new = dataclasses.replace(new, note=note)
        return new, [_event(new, "moved", step=step_text, play=_played(turn), complete=False)]
    play = turn.play()
    play_text = format_play(play)
    if state.config.mode == "try":
        new = dataclasses.replace(new, note=Note("ok", t(lang, "embed.try.done", play=play_text)))
        return new, [_event(new, "moved", step=step_text, play=play_text, complete=True)]
    attempts = state.attempts + 1
    if _is_answer(state.config, play):
        new = dataclasses.replace(
            new, attempts=attempts, solved=True, note=Note("ok", t(lang, "embed.quiz.right", play=play_text))
        )
        return new, [
            _event(new, "moved", step=step_text, play=play_text, complete=True, correct=True),
            _event(new, "solved", play=play_text, attempts=attempts, revealed=state.revealed),
        ]
    new = dataclasses.replace(new, attempts=attempts, note=Note("refused", t(lang, "embed.quiz.wrong", play=play_text)))
    return new, [_event(new, "moved", step=step_text, play=play_text, complete=True, correct=False)]


def _is_answer(config: EmbedConfig, play: Play) -> bool:
    return any(play.key == answer.key for answer in config.answers)


def _undo(state: EmbedState) -> tuple[EmbedState, list[Event]]:
    turn = _turn(state)
    if state.solved or not turn.steps:
        return state, []
    turn = turn.undo()
    note = Note("info", t(state.lang, "embed.try.partial", play=_played(turn))) if turn.steps else None
    return dataclasses.replace(state, turn=turn, selected=None, note=note), []


def _reset(state: EmbedState) -> tuple[EmbedState, list[Event]]:
    turn = _turn(state)
    if not turn.steps and state.note is None and not state.revealed and not state.solved:
        return state, []
    return dataclasses.replace(state, turn=turn.undo_all(), selected=None, note=None, solved=False, revealed=False), []


def _answers_text(state: EmbedState) -> str:
    return t(state.lang, "embed.or").join(format_play(p) for p in state.config.answers)


def _show_answer(state: EmbedState) -> tuple[EmbedState, list[Event]]:
    if state.solved:
        return state, []
    count = len(state.config.answers)
    key = "embed.quiz.answer.one" if count == 1 else "embed.quiz.answer.other"
    note = Note("ok", t(state.lang, key, plays=_answers_text(state)))
    new = dataclasses.replace(state, turn=_turn(state).undo_all(), selected=None, note=note, revealed=True)
    return new, [_event(new, "revealed", answers=[format_play(p) for p in state.config.answers])]


def _goto(state: EmbedState, where: str) -> tuple[EmbedState, list[Event]]:
    last = len(state.config.replay)
    frame = {"first": 0, "prev": state.frame - 1, "next": state.frame + 1, "last": last}[where]
    frame = max(0, min(last, frame))
    if frame == state.frame:
        return state, []
    new = dataclasses.replace(state, frame=frame)
    move = state.config.replay[frame] if frame < last else None
    return new, [_event(new, "moved", index=frame, count=last, play=move.text if move else "", final=move is None)]


# -- what the page shows -----------------------------------------------------------
def _name(state: EmbedState, player: int) -> str:
    return player_name(state.lang, player)


def _board_view(state: EmbedState) -> BoardView:
    config = state.config
    lang = state.lang
    common: dict[str, Any] = {
        "cube_value": config.cube,
        "cube_owner": config.cube_owner,
        "cube_shown": config.cube_shown,
        "score": config.score,
        "match_length": config.match_length,
        "crawford": config.crawford,
        "lang": lang,
        "viewer": config.viewer,
        "flipped": config.flipped,
    }
    if config.mode == "replay":
        moves = config.replay
        if state.frame < len(moves):
            move = moves[state.frame]
            arrows = arrows_from_steps(move.play.steps, move.mover) if move.play else ()
            return build_board_view(
                move.board_before,
                mover=move.mover,
                dice=move.dice,
                on_turn=move.mover,
                arrows=arrows,
                focusable=False,
                **common,
            )
        assert config.final_board is not None
        return build_board_view(config.final_board, mover=1 - moves[-1].mover, focusable=False, **common)
    mover = config.on_roll
    if state.turn is not None:
        turn = state.turn
        shown: tuple[ArrowView, ...] = ()
        if state.revealed and not turn.steps and config.answers:
            shown = arrows_from_steps(config.answers[0].steps, mover)
        return build_board_view(
            board_for_player0(turn.position, mover),
            mover=mover,
            turn=turn,
            selected=state.selected,
            on_turn=mover,
            arrows=shown,
            interactive=not _finished(state),
            **common,
        )
    return build_board_view(
        config.board,
        mover=mover,
        dice=config.dice or (),
        cube_offered=config.cube_offered,
        on_turn=mover if config.dice or config.cube_offered else None,
        arrows=config.arrows,
        focusable=False,
        **common,
    )


def _status(state: EmbedState) -> tuple[str, str]:
    """The line under the board and its kind (``info``, ``ok``, ``refused``)."""
    config = state.config
    lang = state.lang
    if config.mode == "replay":
        moves = config.replay
        count = len(moves)
        if state.frame == count:
            return t(lang, "embed.replay.end.single" if count == 1 else "embed.replay.end.many", count=count), "info"
        move = moves[state.frame]
        values = {
            "index": state.frame + 1,
            "count": count,
            "name": _name(state, move.mover),
            "dice": _dice_text(move.dice),
        }
        if move.play is None:
            return t(lang, "embed.replay.pass", **values), "info"
        return t(lang, "embed.replay.move", play=move.text, **values), "info"
    if state.note is not None:
        return state.note.text, state.note.kind
    if state.turn is not None:
        name, dice = _name(state, config.on_roll), _dice_text(state.turn.dice)
        if state.turn.legal_play_count == 0:
            return t(lang, "embed.try.none", name=name, dice=dice), "info"
        key = "embed.quiz.prompt" if config.mode == "quiz" else "embed.try.prompt"
        return t(lang, key, name=name, dice=dice), "info"
    return "", "info"


def _controls(state: EmbedState) -> list[dict[str, Any]]:
    """The buttons under the board: action, label, enabled."""
    config = state.config
    lang = state.lang

    def button(action: str, enabled: bool) -> dict[str, Any]:
        return {"action": action, "label": t(lang, f"embed.button.{action}"), "enabled": enabled}

    if config.mode == "replay":
        last = len(config.replay)
        return [
            button("first", state.frame > 0),
            button("prev", state.frame > 0),
            button("next", state.frame < last),
            button("last", state.frame < last),
        ]
    if state.turn is None:
        return []
    steps = bool(state.turn.steps)
    out = [
        button("undo", steps and not state.solved),
        button("reset", steps or state.solved or state.revealed or state.note is not None),
    ]
    if config.mode == "quiz":
        shown = state.revealed and not state.turn.steps
        out.append(button("show", not state.solved and not shown and state.turn.legal_play_count > 0))
    return out


def present(state: EmbedState, events: Sequence[Event] = ()) -> dict[str, Any]:
    """What the page shows for ``state``, as JSON-ready values (the SVG comes from the escaping renderer).

    >>> shown = present(open_embed("caption=<b>hi</b>")[0])
    >>> shown["caption"], "<b>" in shown["svg"]
    ('<b>hi</b>', False)
    """
    config = state.config
    status, kind = _status(state)
    view = _board_view(state)
    return {
        "ok": True,
        "lang": state.lang,
        "mode": config.mode,
        "svg": render_board(view),
        "status": status,
        "status_kind": kind,
        "caption": config.caption,
        "controls": _controls(state),
        "controls_label": t(state.lang, "embed.controls"),
        "size": config.size,
        "interactive": bool(view.movable),
        "events": list(events),
    }


def present_error(fragment: object, message: str, languages: Sequence[str] | str | None = None) -> dict[str, Any]:
    """The error box: a title in the reader's language and the problem (English, for the author)."""
    frag = fragment if isinstance(fragment, str) else ""
    lang = lenient_lang(frag) or detect_lang(languages)
    event: Event = {"event": "error", "message": message}
    embed_id = lenient_id(frag)
    if embed_id:
        event["id"] = embed_id
    return {"ok": False, "lang": lang, "title": t(lang, "embed.error.title"), "error": message, "events": [event]}


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
    """The board's height at ``width``, plus room for the status line, the buttons and the caption."""
    extra = 30 + (44 if mode != "diagram" else 0) + (36 if caption else 0)
    return round(width * HEIGHT / WIDTH) + extra


def embed_snippet(xgid_or_gnubgid: str, options: Mapping[str, object] | None = None) -> str:
    """The ``<iframe>`` that shows this position in a tutorial page (what "Embed this position" copies).

    ``xgid_or_gnubgid``: an XGID (``XGID=...``), a gnubg ``PositionID:MatchID`` or
    ``"start"``. ``options``: fragment keys (``mode``, ``dice``, ``lang``, ``caption``,
    ``play``, ``answer``, ...; values as text or numbers) plus ``base_url``, the address
    of ``embed.html`` (default ``"embed.html"``: pass the absolute one, e.g.
    ``new URL("embed.html", location)``), and ``width`` in pixels (default 480).
    The fragment is checked: a wrong option raises :class:`~app.embed.fragment.FragmentError`.

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
