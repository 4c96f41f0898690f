"""The app's one translation lookup, :func:`t`, over one catalogue of French and English words.

The catalogue (:mod:`app.text.en`, :mod:`app.text.fr`) holds the board's, the page's
(``ui.*``, ``log.*``), the embed's (``embed.*``) and the core's reasons (``reason.*``)
words. Keys are dotted names (``"button.roll"``, ``"reason.point-blocked"``); values are
``str.format`` templates. :func:`t` looks a key up, falls back to English, then to
the key itself, and picks the plural form ``key.one`` / ``key.other`` from a
``count`` argument. Player 0 (bottom) plays the white checkers, player 1 (top) the
black ones.

>>> t("fr", "ui.next_game"), t("en", "log.double", value=4), t("fr", "embed.quiz.right", play="8/5 6/5")
('Partie suivante', 'doubles to 4', 'Bravo : 8/5 6/5.')

>>> t("fr", "button.roll")
'Lancer'
>>> t("en", "label.point", point=13, checkers=checkers_text("en", 5, 0))
'point 13, 5 white checkers'
>>> t("fr", "reason.point-blocked.at", point=6)
'la case 6 est bloquée'
>>> detect_lang(["de-DE", "fr-CA", "en"])
'fr'
"""

from __future__ import annotations

from collections.abc import Iterable

from app.text.en import EN
from app.text.fr import FR

LANGS = ("en", "fr")
DEFAULT_LANG = "en"

STRINGS: dict[str, dict[str, str]] = {"en": EN, "fr": FR}


def sentence(words: str) -> str:
    """A catalogue fragment shown on its own, as a sentence: capital first letter, final full stop.

    Refusal reasons (``reason.*``) are lower-case fragments so that they can be composed;
    wherever one is shown as a message (the page's notice, the embed's line) it goes through
    here, in both languages.

    >>> sentence("la case 6 est bloquée"), sentence("point 6 is blocked."), sentence(" ")
    ('La case 6 est bloquée.', 'Point 6 is blocked.', '')
    >>> sentence("« 8/5 » n’est pas permis !"), sentence("élan")
    ('« 8/5 » n’est pas permis !', 'Élan.')
    """
    words = words.strip()
    if not words:
        return words
    words = words[0].upper() + words[1:]
    return words if words.endswith((".", "!", "?", "…")) else words + "."


def plural_form(lang: str, count: int) -> str:
    """``"one"`` or ``"other"``: French treats 0 and 1 as singular, English only 1.

    >>> plural_form("fr", 0), plural_form("en", 0)
    ('one', 'other')
    """
    if lang == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def _lookup(lang: str, key: str) -> str | None:
    table = STRINGS.get(lang, EN)
    text = table.get(key)
    if text is None and table is not EN:
        text = EN.get(key)
    return text


def t(lang: str, key: str, **kw: object) -> str:
    """The text of ``key`` in ``lang`` (English, then the key itself, when missing).

    A ``count`` argument selects ``key.one`` or ``key.other`` when those exist.

    >>> t("en", "pips", count=1)
    '1 pip'
    >>> t("fr", "score", count=2)
    '2 points'
    >>> t("xx", "button.pass")
    'Pass'
    """
    count = kw.get("count")
    text: str | None = None
    if isinstance(count, int):
        text = _lookup(lang, f"{key}.{plural_form(lang, count)}")
    if text is None:
        text = _lookup(lang, key)
    if text is None:
        return key
    return text.format(**kw) if kw else text


def player_name(lang: str, player: int, name: str = "") -> str:
    """The name to show for ``player``: the given name, else its colour ("White", "Noir")."""
    return name.strip() or t(lang, f"player.{player}")


def checkers_text(lang: str, white: int, black: int) -> str:
    """Checkers of both colours in words ("5 white checkers", "1 pion noir", "empty").

    >>> checkers_text("en", 1, 2)
    '1 white checker, 2 black checkers'
    >>> checkers_text("fr", 0, 0)
    'vide'
    """
    parts = []
    for player, n in ((0, white), (1, black)):
        if n:
            color = t(lang, f"color.{player}", count=n)
            parts.append(t(lang, "checkers", count=n, color=color))
    return ", ".join(parts) if parts else t(lang, "checkers.none")


def reason_text(lang: str, code: str, *, point: int | None = None) -> str:
    """Translate a reason code of ``core.reasons``; ``point`` (as the user sees it) when known.

    >>> reason_text("fr", "must-enter-from-bar")
    'vous devez d’abord rentrer le pion de la barre'
    >>> reason_text("en", "point-blocked", point=6)
    'point 6 is blocked'
    >>> reason_text("en", "no-such-code")
    'that is not allowed'
    """
    if point is not None and _lookup(lang, f"reason.{code}.at") is not None:
        return t(lang, f"reason.{code}.at", point=point)
    if _lookup(lang, f"reason.{code}") is None:
        return t(lang, "reason.unknown")
    return t(lang, f"reason.{code}")


def points_text(lang: str, points: int) -> str:
    """The points a game gives, in words: "1 point", "4 points"."""
    return t(lang, "over.points", count=points)


def game_over_text(
    lang: str,
    winner: str,
    loser: str,
    points: int,
    *,
    how: str,
    resigned: int = 0,
) -> str:
    """The line that ends a game.

    ``how``: ``"single"``, ``"gammon"``, ``"backgammon"``, ``"pass"`` (a double
    passed) or ``"resign"`` (with ``resigned`` = 1, 2 or 3: what was given up).

    >>> game_over_text("en", "White", "Black", 4, how="gammon")
    'White wins a gammon and 4 points'
    >>> game_over_text("fr", "Blanc", "Noir", 2, how="resign", resigned=2)
    'Noir abandonne un gammon : Blanc gagne 2 points'
    """
    key = f"over.resign.{resigned}" if how == "resign" else f"over.{how}"
    return t(lang, key, winner=winner, loser=loser, points_text=points_text(lang, points))


def detect_lang(navigator_languages: Iterable[str] | str | None) -> str:
    """``"fr"`` or ``"en"`` from the browser's preferred languages (first supported wins).

    >>> detect_lang(["fr-FR", "en-US"])
    'fr'
    >>> detect_lang("es")
    'en'
    >>> detect_lang(None)
    'en'
    """
    if navigator_languages is None:
        return DEFAULT_LANG
    if isinstance(navigator_languages, str):
        navigator_languages = [navigator_languages]
    for tag in navigator_languages:
        base = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if base in LANGS:
            return base
    return DEFAULT_LANG
