"""The embed's modes as pure state machines: a state, and the reader's actions on it.

States are values; :func:`act` returns the next state and the events to post to the
host page; the rules come from :class:`core.turn.Turn`. :mod:`app.embed.present` turns
a state into what the page shows.

>>> state, events = open_embed("mode=try&dice=52&lang=fr")
>>> [e["event"] for e in events], state.config.mode
(['ready'], 'try')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.board.arrows import arrows_from_steps
from app.board.places import OFF, Place, display_number, parse_place, to_mover
from app.embed.bot_ranking import best_plays, needs_bot, rank
from app.embed.fragment import EmbedConfig, parse_fragment
from app.text import detect_lang, reason_text, sentence, t
from app.text.coach_lines import format_loss
from core import reasons
from core.errors import IllegalPlayError
from core.moves import Play
from core.notation import format_play
from core.turn import Turn, steps_to_play_steps

Event = dict[str, Any]
"""An event for the host page: ``{"event": name, ...details}``."""


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
    ranking: Any = None
    """The bot's ranked plays (:mod:`app.embed.bot_ranking`): ``mode=hint``, and a quiz with ``answer=best``."""


def open_embed(fragment: str, languages: Sequence[str] | str | None = None) -> tuple[EmbedState, list[Event]]:
    """The first state of the embed that ``fragment`` describes, and its ``ready`` event.

    Raises :class:`~app.embed.values.FragmentError` for a fragment that is wrong.
    ``languages``: the reader's preferred languages (``navigator.languages``), used
    when the fragment names none.
    """
    config = parse_fragment(fragment)
    lang = config.lang or detect_lang(languages)
    turn = ranking = None
    if needs_bot(config):  # only these embeds load the bot
        ranking = rank(config)
        if config.answer_best:
            config = dataclasses.replace(config, answers=best_plays(ranking))
        else:
            best = ranking.plays[0].play.steps
            config = dataclasses.replace(config, arrows=arrows_from_steps(best, config.on_roll))
    if config.mode in ("try", "quiz"):
        assert config.dice is not None
        turn = Turn.start(config.mover_position, config.dice)
    state = EmbedState(config, lang, turn=turn, ranking=ranking)
    return state, [_event(state, "ready", xgid=config.xgid, lang=lang)]


def _event(state: EmbedState, name: str, **details: Any) -> Event:
    event: Event = {"event": name, "mode": state.config.mode}
    if state.config.embed_id:
        event["id"] = state.config.embed_id
    event.update(details)
    return event


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


def finished(state: EmbedState) -> bool:
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
    if finished(state):
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
    if point in turn.routes(start):  # one die, or the sum of several
        return _step(state, start, point)
    if point in destinations:
        return dataclasses.replace(state, selected=place, note=Note("info", t(state.lang, "embed.try.selected"))), []
    return _refuse(state, turn.why_not_move(start, point), place, target=True)


def _played(turn: Turn) -> str:
    """The steps made so far in notation."""
    if turn.is_complete:
        return format_play(turn.play())
    return format_play(steps_to_play_steps(turn.steps), turn.hits)


def _step(state: EmbedState, start: int, end: int) -> tuple[EmbedState, list[Event]]:
    before = _turn(state)
    try:
        turn = before.move(start, end)
    except IllegalPlayError as exc:  # pragma: no cover - routes() offered this move
        return _refuse(state, exc.reason, None, target=True)
    lang = state.lang
    made = steps_to_play_steps(turn.steps[len(before.steps) :])
    step_text = format_play(made, list(turn.hits[len(before.hits) :]))
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
    entry = state.ranking.find(play) if state.ranking is not None else None
    details: dict[str, Any] = {}
    if entry is not None:  # the bot ranked the plays: say what this one loses
        words = t(lang, "embed.quiz.loss", play=play_text, loss=format_loss(entry.loss, lang))
        details["loss"] = round(entry.loss, 3)
    else:
        words = t(lang, "embed.quiz.wrong", play=play_text)
    new = dataclasses.replace(new, attempts=attempts, note=Note("refused", words))
    return new, [_event(new, "moved", step=step_text, play=play_text, complete=True, correct=False, **details)]


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
