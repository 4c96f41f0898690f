"""The page around the board, drawn from the match: texts in the chosen language, the game's
buttons, the end-of-game card and the move list.
"""

from __future__ import annotations

from pyscript import document

from app.board.messages import dice_text, game_result_message
from app.board.render import escape
from app.board.view import BoardView
from app.dom import el
from app.page.screen.buttons import BUTTONS, Controls
from app.page.screen.movelog import MoveLog, moves_html
from app.text import sentence, t
from core.match import Match


def translate_page(lang: str) -> None:
    """Put every text marked ``data-i18n`` (``-label``, ``-placeholder``) in ``lang``.

    Not again if they are in it already: web/first-board.js puts them in the page's language
    before Python starts and says so in ``<html data-texts-lang>`` (index.html's English is the
    catalog's, and its French comes from it: tests/web/test_web_i18n.py), as this does.
    """
    root = document.documentElement
    root.lang = lang
    if root.dataset.textsLang != lang:
        _write_marked_texts(lang)
        root.dataset.textsLang = lang
    other = "fr" if lang == "en" else "en"
    el("btn-lang").setAttribute("lang", other)  # its words are marked data-i18n
    el("nm-lang").value = lang


def _write_marked_texts(lang: str) -> None:
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = t(lang, str(node.dataset.i18n))
    for node in document.querySelectorAll("[data-i18n-label]"):
        text = t(lang, str(node.dataset.i18nLabel))
        node.setAttribute("aria-label", text)
        if node.hasAttribute("title"):
            node.setAttribute("title", text)
    for node in document.querySelectorAll("[data-i18n-placeholder]"):
        node.setAttribute("placeholder", t(lang, str(node.dataset.i18nPlaceholder)))


NOTICE_ICONS = {"error": "⚠", "info": "ℹ"}
"""Shown before the notice: an error and a harmless note differ by more than their colour."""


def notice_html(text: str, kind: str, lang: str) -> str:
    """The notice's content: icon, its kind for screen readers (``notice.error`` / ``notice.info``),
    and the text as a sentence (capitalised here, the one place for every notice)."""
    shown = sentence(text)
    if not shown:
        return ""
    label = t(lang, f"notice.{kind}")
    return (
        f'<span class="notice__icon" aria-hidden="true">{NOTICE_ICONS.get(kind, "")}</span>'
        f'<span class="visually-hidden">{escape(label)} </span><span class="notice__text">{escape(shown)}</span>'
    )


def draw_notice(text: str, kind: str, lang: str) -> None:
    """The notice above the buttons; ``data-kind`` is ``error`` or ``info`` (empty: none)."""
    node = el("notice")
    html = notice_html(text, kind, lang)
    node.innerHTML = html
    node.dataset.kind = kind if html else ""


def draw_controls(controls: Controls) -> None:
    """Show, enable and mark as next the game's buttons."""
    for name in BUTTONS:
        button = el(f"btn-{name}")
        button.hidden = name not in controls.visible
        button.disabled = name not in controls.enabled
        if name == controls.primary:
            button.classList.add("is-next")
        else:
            button.classList.remove("is-next")


def draw_over(match: Match, view: BoardView, phase: str, lang: str, *, closed: bool = False) -> None:
    """The end-of-game card, shown once a game or the match is over; ``closed``: the player closed
    it to look at the board, and a bar under the board keeps its result and buttons."""
    over, bar = el("over"), el("over-bar")
    if phase not in ("game-over", "match-over"):
        over.hidden = bar.hidden = True
        return
    names = view.names
    over.hidden, bar.hidden = closed, not closed
    match_over = phase == "match-over"
    el("over-title").textContent = t(lang, "ui.match_over" if match_over else "ui.game_over")
    result = game_result_message(match.game, lang, names)
    if match_over:
        result = view.message
    el("over-result").textContent = result
    el("over-bar-text").textContent = result
    key = "ui.score_money" if match.is_money else "ui.score"
    score = t(lang, key, score0=match.score[0], score1=match.score[1])
    el("over-score").textContent = f"{names[0]} · {score} · {names[1]}"
    el("btn-next").hidden = el("btn-bar-next").hidden = match_over
    el("btn-over-new").hidden = el("btn-bar-new").hidden = not match_over


def draw_moves(match: Match, log: MoveLog, view: BoardView, lang: str, *, archived: int = 0) -> None:
    """The move list of the current game, scrolled to its end (``archived``: games before ``match.games``)."""
    game = match.game
    entries = log.entries(game, lang)
    el("moves-game").textContent = t(lang, "ui.game_n", n=archived + len(match.games))
    result = game_result_message(game, lang, view.names)
    moves = el("move-list")
    moves.innerHTML = moves_html(entries, view.names, result, lang)
    moves.scrollTop = moves.scrollHeight


def status_line(match: Match, view: BoardView, lang: str, *, thinking: int | None = None) -> str:
    """The line under the board: the computer thinking (``thinking``: its player), a roll that
    cannot be played, else the view's phase message."""
    game = match.game
    if thinking is not None:
        return t(lang, "phase.bot_thinking", name=view.names[thinking])
    turn = game.turn_in_progress
    if game.phase == "move" and turn is not None and turn.legal_play_count == 0 and not match.is_over:
        mover = game.turn or 0
        return t(lang, "ui.cannot_move", name=view.names[mover], dice=dice_text(turn.dice))
    return view.message
