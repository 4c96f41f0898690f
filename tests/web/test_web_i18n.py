"""app.text (en.py, fr.py): every key in both languages, every reason code translated, button names, plurals."""

from __future__ import annotations

import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from app.text import EN, FR, STRINGS, checkers_text, detect_lang, game_over_text, reason_text, t
from core import reasons

BUTTONS_EN = {
    "roll": "Roll",
    "double": "Double",
    "take": "Take",
    "pass": "Pass",
    "undo": "Undo",
    "confirm": "Confirm",
    "resign": "Resign",
    "accept": "Accept",
    "decline": "Decline",
    "new_match": "New match",
    "start": "Start",
}
BUTTONS_FR = {
    "roll": "Lancer",
    "double": "Doubler",
    "take": "Accepter le videau",
    "pass": "Passer",
    "undo": "Annuler",
    "confirm": "Valider",
    "resign": "Abandonner",
    "accept": "Accepter",
    "decline": "Refuser",
    "new_match": "Nouveau match",
    "start": "Commencer",
}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert set(EN) == set(FR)
    for key in EN:
        assert fields(EN[key]) == fields(FR[key]), key


@pytest.mark.parametrize("code", reasons.ALL)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_reason_code_is_translated(code: str, lang: str) -> None:
    text = reason_text(lang, code)
    assert text
    assert text != reason_text(lang, "no-such-reason")
    assert f"reason.{code}" in (EN if lang == "en" else FR)


def test_reason_with_a_point() -> None:
    assert reason_text("fr", reasons.BLOCKED, point=6) == "la case 6 est bloquée"
    assert reason_text("fr", reasons.BLOCKED) == "cette case est bloquée"
    assert reason_text("en", reasons.NO_CHECKER, point=3) == "you have no checker on point 3"
    assert reason_text("fr", reasons.MUST_ENTER, point=3) == "vous devez d’abord rentrer le pion de la barre"
    assert reason_text("fr", reasons.BOTH_DICE) == "vous devez jouer les deux dés"
    assert reason_text("fr", reasons.LARGER_DIE).endswith("vous devez jouer le plus grand")


def test_button_names() -> None:
    for key, name in BUTTONS_EN.items():
        assert t("en", f"button.{key}") == name
    for key, name in BUTTONS_FR.items():
        assert t("fr", f"button.{key}") == name


def test_dialog_labels() -> None:
    assert [t("en", f"dialog.{k}") for k in ("opponent", "match_length", "crawford")] == [
        "Opponent",
        "Match length",
        "Crawford rule",
    ]
    assert [t("fr", f"dialog.{k}") for k in ("opponent", "match_length", "crawford")] == [
        "Adversaire",
        "Longueur du match",
        "Règle de Crawford",
    ]


@pytest.mark.parametrize(
    ("lang", "white", "black", "text"),
    [
        ("en", 0, 0, "empty"),
        ("en", 1, 0, "1 white checker"),
        ("en", 3, 0, "3 white checkers"),
        ("en", 0, 1, "1 black checker"),
        ("en", 2, 1, "2 white checkers, 1 black checker"),
        ("fr", 0, 0, "vide"),
        ("fr", 1, 0, "1 pion blanc"),
        ("fr", 3, 0, "3 pions blancs"),
        ("fr", 0, 2, "2 pions noirs"),
    ],
)
def test_checkers_plurals(lang: str, white: int, black: int, text: str) -> None:
    assert checkers_text(lang, white, black) == text


def test_game_over_texts() -> None:
    assert game_over_text("en", "Ann", "Bob", 1, how="single") == "Ann wins a single game and 1 point"
    assert game_over_text("en", "Ann", "Bob", 6, how="backgammon") == "Ann wins a backgammon and 6 points"
    assert game_over_text("en", "Ann", "Bob", 2, how="pass") == "Bob drops: Ann wins 2 points"
    assert game_over_text("en", "Ann", "Bob", 1, how="resign", resigned=1) == (
        "Bob resigns a single game: Ann wins 1 point"
    )
    assert game_over_text("fr", "Ann", "Bob", 2, how="gammon") == "Ann gagne un gammon et 2 points"
    assert game_over_text("fr", "Ann", "Bob", 1, how="pass") == "Bob refuse le videau : Ann gagne 1 point"


@pytest.mark.parametrize(
    ("languages", "lang"),
    [
        (["fr-FR"], "fr"),
        (["FR"], "fr"),
        (["en-GB", "fr"], "en"),
        (["de", "it", "fr-BE"], "fr"),
        (["de"], "en"),
        ([], "en"),
        (None, "en"),
        ("fr_CA", "fr"),
    ],
)
def test_detect_lang(languages: list[str] | str | None, lang: str) -> None:
    assert detect_lang(languages) == lang


def test_unknown_language_and_key_fall_back() -> None:
    assert t("de", "button.roll") == "Roll"
    assert t("fr", "no.such.key") == "no.such.key"


def test_a_refused_sum_of_the_dice_names_its_point() -> None:
    assert reason_text("en", reasons.PATH_BLOCKED, point=14) == "every way to point 14 stops on a blocked point"
    assert reason_text("fr", reasons.PATH_BLOCKED) == "tous les chemins vers cette case passent par une case bloquée"


def test_the_coach_words_add_keys_and_never_replace_one() -> None:
    """``app.text.<lang>_coach`` is merged into the catalogue with ``update``: a key in both would win silently."""
    import importlib

    for lang in ("en", "fr"):
        coach = getattr(importlib.import_module(f"app.text.{lang}_coach"), f"{lang.upper()}_COACH")
        catalogue = {"en": EN, "fr": FR}[lang]
        source = importlib.import_module(f"app.text.{lang}").__file__
        assert source is not None
        with open(source, encoding="utf-8") as handle:
            own = handle.read()
        assert coach and all(catalogue[key] == value for key, value in coach.items())
        assert not [key for key in coach if f'"{key}":' in own], f"{lang}: a coach key is also in {lang}.py"


class _MarkedTexts(HTMLParser):
    """Every element of a page marked ``data-i18n`` (its text), ``-label`` or ``-placeholder`` (its attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None, list[str]]] = []
        self.texts: list[tuple[str, str]] = []
        self.attributes: list[tuple[str, str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if "data-i18n-label" in found:
            key = str(found["data-i18n-label"])
            self.attributes.append((key, "aria-label", found.get("aria-label")))
            if "title" in found:
                self.attributes.append((key, "title", found["title"]))
        if "data-i18n-placeholder" in found:
            self.attributes.append((str(found["data-i18n-placeholder"]), "placeholder", found.get("placeholder")))
        if tag not in VOID:
            self.open.append((tag, found.get("data-i18n"), []))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, key, text = self.open.pop()
            if key is not None:
                self.texts.append((key, "".join(text)))
            if self.open:
                self.open[-1][2].append("".join(text))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def test_the_page_says_in_english_before_python_what_python_would_write() -> None:
    """web/index.html's marked texts are the English catalog's, so that the page shows the same
    words before Python and after, and Python need not write them again at start (#46)."""
    page = _MarkedTexts()
    page.feed((Path(__file__).parents[2] / "web" / "index.html").read_text(encoding="utf-8"))
    assert len(page.texts) > 150 and len(page.attributes) >= 20
    assert [(key, text) for key, text in page.texts if text != t("en", key)] == []
    assert [(key, name, value) for key, name, value in page.attributes if value != t("en", key)] == []


NEVER_ONE = {
    "dice.test", "dice.test_few", "saves.budget", "editor.why.setup-too-many-checkers", "embed.replay.end.many"
}  # fmt: skip
"""Keys whose number before a plural noun is never 1 (degrees of freedom, a minimum of rolls, a budget...)."""


def test_a_french_count_of_one_is_never_followed_by_a_plural() -> None:
    """ "1 décisions analysées sur 107" (#59): every French text that puts a number before a noun reads
    right at 1, by its ``.one`` form or by its wording ("Décisions analysées : 1 sur 107")."""
    wrong = []
    for key, text in STRINGS["fr"].items():
        if key.endswith((".one", ".other")) or key in NEVER_ONE:
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        for field in fields:
            if not re.search(r"\{" + re.escape(field) + r"\} \w+[sx]\b", text):
                continue
            values: dict[str, object] = dict.fromkeys(fields, "X")
            values[field] = 1
            shown = t("fr", key, **values)
            if re.search(r"\b1 (?!des\b|dans\b|très\b)\w+[sx]\b", shown):
                wrong.append((key, shown))
    assert not wrong, wrong
