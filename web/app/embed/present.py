"""What an embed shows for a state: the board as SVG, the status line, the controls.

>>> from app.embed.modes import open_embed
>>> state, _ = open_embed("mode=try&dice=52&lang=fr")
>>> present(state)["status"]
'Blanc joue 5-2 : choisissez un pion, puis la case où il va.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.board.arrows import ArrowView, arrows_from_steps
from app.board.messages import dice_text
from app.board.places import board_for_player0
from app.board.render import render_board
from app.board.view import BoardView, build_board_view
from app.embed.bot_ranking import ranking_rows
from app.embed.fragment import lenient_id, lenient_lang
from app.embed.modes import EmbedState, Event, finished
from app.text import detect_lang, player_name, t


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
            interactive=not finished(state),
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
            "dice": dice_text(move.dice),
        }
        if move.play is None:
            return t(lang, "embed.replay.pass", **values), "info"
        return t(lang, "embed.replay.move", play=move.text, **values), "info"
    if state.note is not None:
        return state.note.text, state.note.kind
    if state.turn is not None:
        name, dice = _name(state, config.on_roll), dice_text(state.turn.dice)
        if state.turn.legal_play_count == 0:
            return t(lang, "embed.try.none", name=name, dice=dice), "info"
        key = "embed.quiz.prompt" if config.mode == "quiz" else "embed.try.prompt"
        return t(lang, key, name=name, dice=dice), "info"
    if config.mode == "hint" and state.ranking is not None and config.dice is not None:
        name, dice, best = _name(state, config.on_roll), dice_text(config.dice), state.ranking.plays[0].notation
        return t(lang, "embed.hint.status", name=name, dice=dice, play=best), "info"
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

    >>> from app.embed.modes import open_embed
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
        "svg": render_board(view, message_strip=False),  # the status line says it: no empty strip (#59)
        "status": status,
        "status_kind": kind,
        "caption": config.caption,
        "controls": _controls(state),
        "controls_label": t(state.lang, "embed.controls"),
        "size": config.size,
        "interactive": bool(view.movable),
        "ranking": ranking_rows(state.ranking, state.lang) if config.mode == "hint" and state.ranking else [],
        "ranking_head": _ranking_head(state.lang) if config.mode == "hint" else [],
        "events": list(events),
    }


def _ranking_head(lang: str) -> list[str]:
    """The ranking table's column titles (``mode=hint``)."""
    return ["#", *(t(lang, f"hint.col_{c}") for c in ("play", "equity", "diff", "win", "gammon"))]


def present_error(fragment: object, message: str, languages: Sequence[str] | str | None = None) -> dict[str, Any]:
    """The error box: a title in the reader's language and the problem (English, for the author)."""
    frag = fragment if isinstance(fragment, str) else ""
    lang = lenient_lang(frag) or detect_lang(languages)
    event: Event = {"event": "error", "message": message}
    embed_id = lenient_id(frag)
    if embed_id:
        event["id"] = embed_id
    return {"ok": False, "lang": lang, "title": t(lang, "embed.error.title"), "error": message, "events": [event]}
