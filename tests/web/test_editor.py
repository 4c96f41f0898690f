"""The position editor's pure wing (app.editor): gestures, refusals in both languages, IDs, snippet, form."""

from __future__ import annotations

import ast
import re
from html import unescape
from pathlib import Path

import pytest

from app.board.render import render_board
from app.editor.form import CHECKS, FIELDS, form_fields, form_html, read_form
from app.editor.model import (
    EditorState,
    click,
    counts_text,
    drop,
    editor_view,
    export_text,
    load_id,
    press,
    problem_text,
    status_text,
)
from app.embed.fragment import parse_fragment
from app.text import t
from core.ids import decode_gnubg_id, decode_xgid
from core.position import Position
from core.setup_draft import SETUP_REASONS, SetupDraft, SetupProblem

START = EditorState(SetupDraft.initial())
RACE = EditorState(SetupDraft.empty().add(0, 6).add(0, 5).add(1, 3).add(1, 25))
"""White on its 6 and 5 points, Black one on its 3 point and one on the bar."""


# -- clicks and keys -------------------------------------------------------------------------------
def test_a_click_adds_the_chosen_colour_in_the_board_numbering() -> None:
    white = click(RACE, 10, "en")
    assert white.state.draft.count(0, 10) == 1 and white.kind == "info" and white.message == ""
    black = click(RACE.with_tool(1), 10, "en")
    assert black.state.draft.count(1, 15) == 1  # White's 10 point is Black's 15
    bar = click(RACE.with_tool(1), "bar", "en")
    assert bar.state.draft.on_bar(1) == 2


def test_the_remove_tool_takes_whatever_is_on_the_point() -> None:
    erase = RACE.with_tool(0, erase=True)
    assert click(erase, 22, "en").state.draft.count(1, 3) == 0  # Black's checker, White's numbering 22
    assert click(erase, 6, "en").state.draft.count(0, 6) == 0
    assert click(erase, "bar", "en").state.draft.on_bar(1) == 0  # only Black is on the bar


@pytest.mark.parametrize(
    ("state", "place", "en", "fr"),
    [
        (START, 19, "Point 19 would hold checkers of both colours.", "La case 19 aurait des pions des deux couleurs."),
        (START.with_tool(1), "bar", "Black has 16 checkers: at most 15.", "Noir a 16 pions : 15 au plus."),
        (
            RACE.with_tool(0, erase=True),
            9,
            "White has no checker on point 9.",
            "Blanc n’a pas de pion sur la case 9.",
        ),
    ],
)
def test_refused_clicks_keep_the_set_up_and_say_why_in_both_languages(
    state: EditorState, place: int | str, en: str, fr: str
) -> None:
    for lang, text in (("en", en), ("fr", fr)):
        outcome = click(state, place, lang)
        assert (outcome.state, outcome.message, outcome.kind) == (state, text, "error")


def test_the_trays_explain_themselves() -> None:
    outcome = click(RACE, "off", "fr")
    assert outcome.state == RACE and outcome.message == t("fr", "editor.off_hint") and outcome.kind == "info"


def test_keys_add_remove_and_switch_colour() -> None:
    state = press(RACE, 12, "+", "en")
    assert state is not None and state.state.draft.count(0, 12) == 1
    switched = press(state.state, 12, "x", "fr")
    assert switched is not None and switched.state.colour == 1
    assert switched.message == "Les touches ajoutent maintenant des pions noirs."
    refused = press(switched.state, 12, "+", "en")
    assert refused is not None and refused.kind == "error"  # White holds point 12
    removed = press(switched.state, 12, "Delete", "en")
    assert removed is not None and removed.state.draft.count(0, 12) == 0
    assert press(RACE, 12, "q", "en") is None and press(RACE, 12, "ArrowLeft", "en") is None


def test_drags_move_between_points_bar_and_trays() -> None:
    moved = drop(RACE, 6, 20, 0, "en").state.draft
    assert moved.count(0, 6) == 0 and moved.count(0, 20) == 1
    off = drop(RACE, 22, "off", 1, "en").state.draft
    assert off.count(1, 3) == 0 and off.borne_off(1) == 14
    back = drop(RACE, "off", "bar", 0, "en").state.draft
    assert back.on_bar(0) == 1 and back.borne_off(0) == 12
    refused = drop(RACE, 6, 22, 0, "en")
    assert refused.state == RACE and refused.message == "Point 22 would hold checkers of both colours."


# -- messages ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("reason", SETUP_REASONS)
def test_every_refusal_reason_reads_in_both_languages(reason: str) -> None:
    problem = SetupProblem(reason, player=1, point=7, value=3, limit=5)
    en, fr = problem_text("en", problem), problem_text("fr", problem)
    assert en != fr and en.endswith(".") and fr.endswith(".")
    assert "{" not in en + fr and not en.startswith("editor.") and not fr.startswith("editor.")
    for text in (en, fr):  # each number the reason quotes is in both sentences
        for field in ("point", "value", "limit"):
            if "{" + field + "}" in t("en", f"editor.why.{reason}"):
                assert str(getattr(problem, field)) in text
    if "{player}" in t("en", f"editor.why.{reason}"):
        assert "Black" in en and "Noir" in fr


def test_status_counts_and_view() -> None:
    assert status_text(SetupDraft.empty(), "fr") == ("Blanc a sorti ses 15 pions : cette partie est finie.", "error")
    assert status_text(RACE.draft, "en")[1] == "info"
    assert counts_text(RACE.draft, "fr") == (
        "Blanc : plateau 2, barre 0, sortis 13 · Noir : plateau 2, barre 1, sortis 13"
    )
    view = editor_view(RACE, "fr", focus=6)
    svg = render_board(view)
    assert view.on_turn == 0 and view.point(22).owner == 1 and view.bar.counts == (0, 1)
    assert svg.count('role="button"') >= 26 and svg.count('tabindex="0"') == 1
    assert 'data-point="6" tabindex="0" role="button"' in svg
    assert "Blanc a le trait" in svg


# -- IDs and the snippet ---------------------------------------------------------------------------
LOADED = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:31:2:4:0:7:10"


def test_an_id_loads_and_bad_text_says_why() -> None:
    loaded = load_id(RACE, LOADED, "fr")
    assert loaded.message == "XGID lu." and loaded.state.draft.score == (2, 4) and loaded.state.draft.cube_owner == 1
    gnubg = load_id(RACE, "4HPwATDgc/ABMA:cAkAAAAAAAAA", "en")
    assert gnubg.message == "gnubg ID read." and gnubg.state.draft.sides == SetupDraft.initial().sides
    bad = load_id(RACE, LOADED.replace(":31:", ":71:"), "en")
    assert bad.state == RACE and bad.kind == "error" and bad.message.startswith("This XGID cannot be used: ")
    assert load_id(RACE, "hello", "en").message == "This is neither an XGID nor a gnubg ID."


def test_copied_ids_parse_back_to_the_same_set_up() -> None:
    draft = RACE.draft.with_turn(1, (4, 4)).with_cube(8, 1).with_match(9, (3, 7))
    xgid, why = export_text(draft, "xgid", "en")
    assert why == "" and xgid is not None and SetupDraft.from_info(*decode_xgid(xgid)) == draft
    gnubg, _ = export_text(draft, "gnubg", "en")
    assert gnubg is not None and SetupDraft.from_info(*decode_gnubg_id(gnubg)) == draft


def test_the_embed_snippet_loads_the_same_position() -> None:
    draft = RACE.draft.with_turn(1, (5, 2)).with_cube(2, 0).with_match(5, (1, 3))
    snippet, why = export_text(draft, "embed", "fr", "https://example.org/videau/embed.html")
    assert why == "" and snippet is not None and snippet.startswith("<iframe ")
    src = unescape(re.search(r'src="([^"]+)"', snippet).group(1))  # type: ignore[union-attr]
    base, fragment = src.split("#", 1)
    assert base == "https://example.org/videau/embed.html"
    config = parse_fragment(fragment)
    assert config.lang == "fr"
    assert config.board == Position(*draft.sides)  # drawn from White's side
    assert (config.on_roll, config.dice, config.cube, config.cube_owner) == (1, (5, 2), 2, 0)
    assert (config.match_length, config.score, config.crawford) == (5, (1, 3), False)


def test_an_illegal_set_up_is_not_copied() -> None:
    draft = RACE.draft.with_match(5, (5, 1))
    for kind in ("xgid", "gnubg", "embed"):
        assert export_text(draft, kind, "en") == (None, "White’s score (5) reaches the match length (5).")


# -- the form ----------------------------------------------------------------------------------------
def test_the_form_has_every_field_and_escapes_its_texts() -> None:
    for lang in ("en", "fr"):
        html = form_html(lang, bot=False)
        for key in FIELDS + CHECKS:
            assert f'id="{key}"' in html and f'for="{key}"' in html or f'id="{key}"> <span>' in html
        assert 'value="bot"' not in html and "<script" not in html
    assert 'value="bot"' in form_html("en")
    assert "Position de départ" in form_html("fr") and "Starting position" in form_html("en")


def test_fields_round_trip_and_bad_numbers_keep_the_old_value() -> None:
    draft = RACE.draft.with_turn(1, (3, 3)).with_cube(16, 0).with_match(0, (12, 4), jacoby=True, beavers=True)
    assert read_form(RACE.draft, form_fields(draft), "en") == (draft, "")
    fields = form_fields(draft) | {"ed-score1": "", "ed-die2": ""}
    read, why = read_form(draft, fields, "fr")
    assert read.score == (12, 4) and read.dice is None and why == "Score de Noir : un nombre entier est attendu."
    negative, _ = read_form(draft, form_fields(draft) | {"ed-length": "-3"}, "en")
    assert negative.match_length == -3 and negative.problems()[0].reason == "setup-match-length"


# -- imported on first use ---------------------------------------------------------------------------
def test_the_editor_is_imported_only_when_first_opened() -> None:
    """Outside the editor's own modules, ``app.editor`` and ``app.page.dialogs.editor_dialog`` are imported only inside
    an ``open_editor`` function (the "Edit position" button's), never while the page starts."""
    web = Path(__file__).resolve().parents[2] / "web"
    editor = {"app.page.dialogs.editor_dialog"}
    importers: list[str] = []
    for path in sorted((web / "app").rglob("*.py")):
        module = ".".join(path.relative_to(web).with_suffix("").parts)
        if module.startswith("app.editor") or module in editor:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            if not any(n.startswith("app.editor") or n in editor for n in names):
                continue
            scope: ast.AST | None = node
            while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scope = parents.get(scope)
            importers.append(f"{module}:{scope.name if scope is not None else '<module>'}")
    assert importers == ["app.page.app:open_editor"]
