"""The position editor's dialog: its markup in the page's language, and its fields to and from a set-up.

Pure: :func:`form_html` writes the dialog's inside (every text escaped), :func:`form_fields`
gives the value of each field for a :class:`~core.setup_draft.SetupDraft`, and
:func:`read_form` reads the fields back into one. The page (:mod:`app.page.dialogs.editor_dialog`) only
moves these values between the DOM and here. Every element id starts with ``ed-``.

>>> fields = form_fields(SetupDraft.initial().with_turn(1, (6, 2)).with_cube(4, 0).with_match(7, (2, 5)))
>>> fields["ed-turn"], fields["ed-die1"], fields["ed-die2"], fields["ed-cube"], fields["ed-owner"], fields["ed-score1"]
('1', '6', '2', '4', '0', '5')
>>> draft, why = read_form(SetupDraft.initial(), fields, "en")
>>> draft == SetupDraft.initial().with_turn(1, (6, 2)).with_cube(4, 0).with_match(7, (2, 5)), why
(True, '')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from html import escape

from app.text import t
from core.limits import MAX_CUBE
from core.setup_draft import SetupDraft

__all__ = ["CHECKS", "FIELDS", "form_fields", "form_html", "read_form"]

FIELDS = ("ed-turn", "ed-die1", "ed-die2", "ed-cube", "ed-owner", "ed-length", "ed-score0", "ed-score1")
"""The fields holding text (selects and number inputs)."""
CHECKS = ("ed-crawford", "ed-jacoby", "ed-beavers")
"""The check boxes (``"true"`` when checked, ``""`` when not)."""
CUBES = tuple(1 << i for i in range(MAX_CUBE.bit_length()))


def _options(pairs: list[tuple[str, str]]) -> str:
    return "".join(f'<option value="{escape(v)}">{escape(text)}</option>' for v, text in pairs)


def _select(lang: str, element_id: str, label_key: str, pairs: list[tuple[str, str]], **kw: object) -> str:
    return (
        f'<div class="field"><label for="{element_id}">{escape(t(lang, label_key, **kw))}</label>'
        f'<select id="{element_id}">{_options(pairs)}</select></div>'
    )


def _number(lang: str, element_id: str, label: str, high: int, hint: str = "") -> str:
    described = f' aria-describedby="{element_id}-hint"' if hint else ""
    small = f'<small id="{element_id}-hint">{escape(hint)}</small>' if hint else ""
    return (
        f'<div class="field"><label for="{element_id}">{escape(label)}</label>'
        f'<input id="{element_id}" type="number" min="0" max="{high}" step="1" inputmode="numeric"{described}>'
        f"{small}</div>"
    )


def _check(lang: str, element_id: str, key: str) -> str:
    return f'<label class="check"><input type="checkbox" id="{element_id}"> <span>{escape(t(lang, key))}</span></label>'


def _button(lang: str, element_id: str, key: str, extra: str = "") -> str:
    cls = "btn" + (f" {extra}" if extra else "")
    return f'<button type="button" id="{element_id}" class="{cls}">{escape(t(lang, key))}</button>'


def _button_row(lang: str, *buttons: tuple[str, str]) -> str:
    """A row of buttons, each ``(element_id, key)``."""
    return '<div class="editor__row">' + "".join(_button(lang, i, k) for i, k in buttons) + "</div>"


def form_html(lang: str, *, bot: bool = True) -> str:
    """The inside of the editor's ``<dialog>``, in ``lang`` (``bot``: the computer may be chosen to play on).

    >>> html = form_html("fr")
    >>> 'id="ed-board"' in html, "Éditeur de position" in html, html.count("<select")
    (True, True, 6)
    """
    player = [t(lang, "player.0"), t(lang, "player.1")]
    owners = [("", t(lang, "editor.centre")), ("0", player[0]), ("1", player[1])]
    dice = [("", t(lang, "editor.no_die"))] + [(str(d), str(d)) for d in range(1, 7)]
    tools = "".join(
        f'<label class="check"><input type="radio" name="ed-tool" id="ed-tool-{v}" value="{v}"> '
        f"<span>{escape(t(lang, f'editor.tool.{v}'))}</span></label>"
        for v in ("0", "1", "remove")
    )
    bot_option = "" if not bot else f'<option value="bot">{escape(t(lang, "ui.opponent.bot"))}</option>'
    return (
        '<form id="ed-form" method="dialog" class="form editor">'
        f'<h2 id="ed-title">{escape(t(lang, "editor.title"))}</h2>'
        '<div class="editor__body"><div class="editor__main">'
        f'<div id="ed-board" class="board-host editor__board" aria-label="{escape(t(lang, "editor.board"))}"></div>'
        '<p id="ed-counts" class="editor__counts"></p>'
        f'<fieldset class="editor__tools"><legend>{escape(t(lang, "editor.tool"))}</legend>{tools}</fieldset>'
        f'<p class="keys">{escape(t(lang, "editor.keys"))}</p>'
        + _button_row(lang, ("ed-start", "editor.start"), ("ed-clear", "editor.clear"), ("ed-swap", "editor.swap"))
        + "</div>"
        '<div class="editor__side">'
        + _select(lang, "ed-turn", "editor.turn", [("0", player[0]), ("1", player[1])])
        + '<div class="field-row">'
        + _select(lang, "ed-die1", "editor.die1", dice)
        + _select(lang, "ed-die2", "editor.die2", dice)
        + '</div><div class="field-row">'
        + _select(lang, "ed-cube", "editor.cube", [(str(c), str(c)) for c in CUBES])
        + _select(lang, "ed-owner", "editor.owner", owners)
        + "</div>"
        + _number(lang, "ed-length", t(lang, "editor.length"), 64, t(lang, "editor.length_hint"))
        + '<div class="field-row">'
        + _number(lang, "ed-score0", t(lang, "editor.score", name=player[0]), 99999)
        + _number(lang, "ed-score1", t(lang, "editor.score", name=player[1]), 99999)
        + "</div>"
        + _check(lang, "ed-crawford", "editor.crawford")
        + '<div id="ed-money" class="editor__money">'
        + _check(lang, "ed-jacoby", "editor.jacoby")
        + _check(lang, "ed-beavers", "editor.beavers")
        + "</div>"
        f'<div class="field"><label for="ed-id">{escape(t(lang, "editor.id_label"))}</label>'
        '<div class="editor__load"><input id="ed-id" type="text" spellcheck="false" autocomplete="off">'
        + _button(lang, "ed-load", "editor.load")
        + "</div></div></div></div>"
        '<p id="ed-status" class="tools__message editor__status" role="status" aria-live="polite"></p>'
        '<div id="ed-out-box" class="field tools__id" hidden>'
        f'<label for="ed-out">{escape(t(lang, "editor.out_label"))}</label>'
        '<input id="ed-out" type="text" readonly spellcheck="false" autocomplete="off"></div>'
        + _button_row(
            lang, ("ed-copy-xgid", "editor.copy_xgid"), ("ed-copy-gnubg", "editor.copy_gnubg"),
            ("ed-copy-embed", "editor.copy_embed"),
        )
        + '<div class="form__actions editor__actions">'
        f'<div class="field"><label for="ed-opponent">{escape(t(lang, "setup.against"))}</label>'
        f'<select id="ed-opponent"><option value="human">{escape(t(lang, "ui.opponent.human"))}</option>'
        f"{bot_option}</select></div>"
        f'<p class="setup__warning">{escape(t(lang, "setup.warning"))}</p>'
        + _button(lang, "ed-close", "button.close")
        + _button(lang, "ed-play", "editor.play", "btn--primary")
        + "</div></form>"
    )


def form_fields(draft: SetupDraft) -> dict[str, str]:
    """The value of every field (:data:`FIELDS`, :data:`CHECKS`) showing ``draft``."""
    dice = draft.dice or ("", "")
    return {
        "ed-turn": str(draft.on_roll),
        "ed-die1": str(dice[0]),
        "ed-die2": str(dice[1]),
        "ed-cube": str(draft.cube),
        "ed-owner": "" if draft.cube_owner is None else str(draft.cube_owner),
        "ed-length": str(draft.match_length),
        "ed-score0": str(draft.score[0]),
        "ed-score1": str(draft.score[1]),
        "ed-crawford": "true" if draft.crawford else "",
        "ed-jacoby": "true" if draft.jacoby else "",
        "ed-beavers": "true" if draft.beavers else "",
    }


def _whole(text: str) -> int | None:
    text = text.strip()
    if text.startswith("-") and text[1:].isdigit():
        return -int(text[1:])
    return int(text) if text.isdigit() and len(text) <= 9 else None


def read_form(draft: SetupDraft, fields: Mapping[str, str], lang: str) -> tuple[SetupDraft, str]:
    """``draft`` with the fields' player on roll, dice, cube, match and rules; and ``""``, or why a field
    was not read (a number field holding no whole number keeps the draft's value).

    Dice count only when both are chosen. The board is not in the form: it comes from ``draft``.

    >>> fields = form_fields(SetupDraft.initial()) | {"ed-die1": "5", "ed-length": "x"}
    >>> draft, why = read_form(SetupDraft.initial(), fields, "en")
    >>> draft.dice, draft.match_length, why
    (None, 0, 'Match length: a whole number is expected.')
    """
    why = ""
    numbers: dict[str, int] = {}
    current = {"ed-length": draft.match_length, "ed-score0": draft.score[0], "ed-score1": draft.score[1]}
    labels = {
        "ed-length": t(lang, "editor.length"),
        "ed-score0": t(lang, "editor.score", name=t(lang, "player.0")),
        "ed-score1": t(lang, "editor.score", name=t(lang, "player.1")),
    }
    for key, old in current.items():
        value = _whole(fields.get(key, ""))
        if value is None:
            why = why or t(lang, "editor.number", field=labels[key])
            value = old
        numbers[key] = value
    die1, die2 = fields.get("ed-die1", ""), fields.get("ed-die2", "")
    dice = (int(die1), int(die2)) if die1.isdigit() and die2.isdigit() else None
    cube = _whole(fields.get("ed-cube", "")) or draft.cube
    owner_text = fields.get("ed-owner", "")
    owner = int(owner_text) if owner_text in ("0", "1") else None
    checks = {key: fields.get(key, "") == "true" for key in CHECKS}
    updated = replace(
        draft,
        on_roll=1 if fields.get("ed-turn") == "1" else 0,
        dice=dice,
        cube=cube,
        cube_owner=owner,
        match_length=numbers["ed-length"],
        score=(numbers["ed-score0"], numbers["ed-score1"]),
        crawford=checks["ed-crawford"],
        jacoby=checks["ed-jacoby"],
        beavers=checks["ed-beavers"],
    )
    return updated, why
