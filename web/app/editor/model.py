"""The position editor's state and what a click, a key or a drop does to it: pure, no DOM.

The editor holds an :class:`EditorState`: the :class:`~core.setup_draft.SetupDraft` being
set up and the tool (the colour a click adds, or removing). Each gesture is a function
from a state to an :class:`Outcome` (the new state and a message in the page's language);
a refusal keeps the state and says why, in the core's words (:func:`problem_text`).
Places are the board's (:mod:`app.board.places`: points in White's numbering, ``"bar"``,
``"off"``); the core's draft speaks each player's own numbering, which :func:`to_mover`
gives.

>>> state = EditorState(SetupDraft.empty()).with_tool(1)
>>> outcome = click(state, 19, "en")
>>> outcome.state.draft.count(1, 6), outcome.message
(1, '')
>>> click(outcome.state.with_tool(0), 19, "fr").message
'La case 19 aurait des pions des deux couleurs.'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.board.places import OFF, Place, to_mover
from app.board.view import BoardView, build_board_view
from app.records.formats import IdTextError, read_id
from app.text import player_name, sentence, t
from core.position import Position
from core.setup_draft import IllegalSetupError, SetupDraft, SetupProblem

__all__ = [
    "EditorState",
    "Outcome",
    "click",
    "counts_text",
    "drop",
    "editor_view",
    "export_text",
    "load_id",
    "press",
    "problem_text",
    "status_text",
]

ADD_KEYS = ("+", "=")
REMOVE_KEYS = ("-", "Delete", "Backspace")
SWAP_KEYS = ("x", "X")


@dataclass(frozen=True, slots=True)
class EditorState:
    """The set-up being edited, and the tool: ``colour`` (0 White, 1 Black) is added by a click, unless ``erase``."""

    draft: SetupDraft
    colour: int = 0
    erase: bool = False

    def with_tool(self, colour: int, erase: bool = False) -> EditorState:
        """Clicks add ``colour`` (or remove a checker, ``erase``)."""
        return replace(self, colour=colour, erase=erase)

    def with_draft(self, draft: SetupDraft) -> EditorState:
        return replace(self, draft=draft)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a gesture did: the new ``state``, and a ``message`` (``kind`` ``"error"`` for a refusal)."""

    state: EditorState
    message: str = ""
    kind: str = "info"


def problem_text(lang: str, problem: SetupProblem) -> str:
    """Why a set-up is refused, as a sentence in ``lang``.

    >>> from core.setup_draft import SETUP_SCORE_OVER
    >>> problem_text("fr", SetupProblem(SETUP_SCORE_OVER, player=1, value=7, limit=7))
    'Le score de Noir (7) atteint la longueur du match (7).'
    """
    player = t(lang, f"player.{problem.player}") if problem.player is not None else ""
    return sentence(
        t(
            lang,
            f"editor.why.{problem.reason}",
            player=player,
            point=problem.point,
            value=problem.value,
            limit=problem.limit,
        )
    )


def _refused(state: EditorState, lang: str, exc: IllegalSetupError) -> Outcome:
    return Outcome(state, problem_text(lang, exc.problem), "error")


def _change(state: EditorState, lang: str, edit: object) -> Outcome:
    try:
        draft = edit() if callable(edit) else state.draft
    except IllegalSetupError as exc:
        return _refused(state, lang, exc)
    assert isinstance(draft, SetupDraft)
    return Outcome(state.with_draft(draft))


def owner_at(draft: SetupDraft, place: Place, prefer: int) -> int | None:
    """Whose checker is at ``place`` (the bar holds both: ``prefer``'s first); ``None`` when empty.

    >>> start = SetupDraft.initial()
    >>> owner_at(start, 19, 0), owner_at(start, 3, 0), owner_at(start, "bar", 1)
    (1, None, None)
    """
    for player in (prefer, 1 - prefer):
        if place != OFF and draft.count(player, to_mover(place, player)):
            return player
    return None


def add(state: EditorState, place: Place, lang: str, colour: int | None = None) -> Outcome:
    """One checker of ``colour`` (default: the tool's) on ``place``; the trays only explain themselves."""
    player = state.colour if colour is None else colour
    if place == OFF:
        return Outcome(state, t(lang, "editor.off_hint"))
    return _change(state, lang, lambda: state.draft.add(player, to_mover(place, player)))


def remove(state: EditorState, place: Place, lang: str) -> Outcome:
    """One checker fewer on ``place`` (on the bar: the tool's colour first)."""
    if place == OFF:
        return Outcome(state, t(lang, "editor.off_hint"))
    player = owner_at(state.draft, place, state.colour)
    if player is None:
        player = state.colour  # nothing there: the core says so
    return _change(state, lang, lambda: state.draft.remove(player, to_mover(place, player)))


def click(state: EditorState, place: Place, lang: str) -> Outcome:
    """A click (or Enter) on ``place``: the tool adds its colour there, or removes a checker.

    >>> state = EditorState(SetupDraft.initial(), erase=True)
    >>> click(state, 24, "en").state.draft.borne_off(0), click(state, 3, "en").message
    (1, 'White has no checker on point 3.')
    """
    return remove(state, place, lang) if state.erase else add(state, place, lang)


def press(state: EditorState, place: Place, key: str, lang: str) -> Outcome | None:
    """A key on the focused ``place``: ``+`` adds the chosen colour, ``-`` (Delete) removes one, ``X``
    switches the colour; ``None`` for any other key.

    >>> state = EditorState(SetupDraft.empty())
    >>> after = press(press(state, 5, "x", "en").state, 5, "+", "en").state
    >>> after.colour, after.draft.count(1, 20), press(after, 5, "Delete", "en").state.draft.count(1, 20)
    (1, 1, 0)
    """
    if key in ADD_KEYS:
        return add(state, place, lang)
    if key in REMOVE_KEYS:
        return remove(state, place, lang)
    if key in SWAP_KEYS:
        colour = 1 - state.colour
        return Outcome(state.with_tool(colour), t(lang, "editor.tool_now", colour=t(lang, f"color.{colour}", count=2)))
    return None


def drop(state: EditorState, start: Place, end: Place, owner: int, lang: str) -> Outcome:
    """A checker of ``owner`` dragged from ``start`` to ``end``: from or to the trays it is added or removed.

    >>> state = EditorState(SetupDraft.initial())
    >>> moved = drop(state, 13, "bar", 0, "en").state.draft
    >>> moved.count(0, 13), moved.on_bar(0), drop(state, "off", 1, 1, "en").message
    (4, 1, 'Black has 16 checkers: at most 15.')
    """
    return _change(state, lang, lambda: state.draft.move(owner, to_mover(start, owner), to_mover(end, owner)))


def load_id(state: EditorState, text: str, lang: str) -> Outcome:
    """The set-up an XGID or gnubg ID names (an offer on the table is left out), or why not.

    >>> load_id(EditorState(SetupDraft.empty()), "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:31:2:4:0:7:10", "en").message
    'XGID read.'
    >>> load_id(EditorState(SetupDraft.empty()), "13/7", "fr").message
    'Ce n’est ni un XGID ni un ID gnubg.'
    """
    try:
        kind, position, info = read_id(text)
    except IdTextError as exc:
        if exc.kind is None:
            return Outcome(state, t(lang, "setup.not_id"), "error")
        return Outcome(state, t(lang, f"setup.invalid.{exc.kind}", detail=exc.detail), "error")
    return Outcome(state.with_draft(SetupDraft.from_info(position, info)), t(lang, f"setup.read.{kind}"))


def export_text(draft: SetupDraft, kind: str, lang: str, base_url: str = "embed.html") -> tuple[str | None, str]:
    """The text to copy (``kind``: ``"xgid"``, ``"gnubg"`` or ``"embed"``), or ``None`` and why not.

    The embed snippet shows the same set-up (:func:`app.embed.snippet.embed_snippet`).

    >>> export_text(SetupDraft.initial(), "xgid", "en")
    ('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:6', '')
    >>> export_text(SetupDraft.empty(), "gnubg", "en")
    (None, 'White has borne off all 15 checkers: that game is over.')
    """
    problems = draft.problems()
    if problems:
        return None, problem_text(lang, problems[0])
    if kind == "gnubg":
        return draft.gnubg_id(), ""
    if kind == "embed":
        from app.embed.snippet import embed_snippet  # only when asked

        return embed_snippet(draft.xgid(), {"base_url": base_url, "lang": lang}), ""
    return draft.xgid(), ""


def status_text(draft: SetupDraft, lang: str) -> tuple[str, str]:
    """The editor's status line: the first problem (``"error"``), else that the set-up is legal.

    >>> status_text(SetupDraft.initial(), "en")
    ('Legal position: play on from it or copy it.', 'info')
    """
    problems = draft.problems()
    if problems:
        return problem_text(lang, problems[0]), "error"
    return t(lang, "editor.legal"), "info"


def counts_text(draft: SetupDraft, lang: str) -> str:
    """Each colour's checkers on the board, on the bar and borne off.

    >>> counts_text(SetupDraft.initial().move(1, 6, 0).move(1, 24, 25), "en")
    'White: board 15, bar 0, borne off 0 · Black: board 14, bar 1, borne off 1'
    """
    return " · ".join(
        t(
            lang,
            "editor.counts",
            name=t(lang, f"player.{p}"),
            board=draft.on_board(p),
            bar=draft.on_bar(p),
            off=max(draft.borne_off(p), 0),
        )
        for p in (0, 1)
    )


def editor_view(
    state: EditorState,
    lang: str,
    *,
    names: tuple[str, str] = ("", ""),
    flipped: bool = False,
    focus: Place | None = None,
) -> BoardView:
    """The board as the editor shows it: every place a button, one Tab stop (arrows move inside).

    >>> view = editor_view(EditorState(SetupDraft.initial().with_turn(1, (6, 4))), "en", focus="bar")
    >>> view.on_turn, [d.value for d in view.dice], view.focus, view.point(19).owner
    (1, [6, 4], 'bar', 1)
    """
    draft = state.draft
    shown = (player_name(lang, 0, names[0]), player_name(lang, 1, names[1]))
    dice = draft.dice if draft.dice is not None and all(1 <= d <= 6 for d in draft.dice) else ()
    cube = draft.cube if 1 <= draft.cube <= 64 else 1
    return build_board_view(
        Position(draft.sides[0], draft.sides[1]),
        mover=draft.on_roll,
        dice=dice,
        cube_value=cube,
        cube_owner=draft.cube_owner,
        cube_shown=draft.match_length != 1 and not draft.crawford,
        names=names,
        score=draft.score,
        match_length=max(draft.match_length, 0),
        crawford=draft.crawford,
        on_turn=draft.on_roll,
        phase="edit",
        message=t(lang, "editor.on_roll", name=shown[draft.on_roll]),
        lang=lang,
        flipped=flipped,
        focus=focus,
        roving=True,
    )
