"""At start-up, before anything reads them: the page's small stored values checked, the unreadable set aside.

Every value the page keeps is hostile until checked (another program, an older build or a
person may have written it). The match (``videau.match``), its archived games and the
practice deck have readers of their own that keep a broken value aside
(:mod:`app.page.storage.match_store`, :mod:`app.page.practice`), and so do the link match
records (:class:`app.page.link.link_book.LinkBook`). The board drawn last (``videau.board``) is read
only by web/first-board.js, which ignores what it cannot use, and written over by the page: no
Python reads it at start, so it is not parsed here. This module does the same for the rest:
each value is read within bounds (:func:`core.jsontext.read_json`: length, depth, numbers)
and must have its kind (an object, a list of match ids, a short text, a count); one that does
not is moved to ``<key>.aside`` and removed, so the page starts on its defaults and says what
it set aside (:func:`set_aside_unreadable`).

>>> from app.page.storage.match_store import MemoryStorage
>>> storage = MemoryStorage({OPTIONS_KEY: "[" * 100_000, LANG_KEY: "fr", REV_KEY: "1e400"})
>>> set_aside_unreadable(storage)
('videau.options', 'videau.match.rev')
>>> storage.get(OPTIONS_KEY) is None, storage.get(OPTIONS_KEY + ".aside") == "[" * 100_000, storage.get(LANG_KEY)
(True, True, 'fr')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress

from app.page.storage.match_store import Storage
from app.page.storage.storage_keys import (
    INDEX_KEY,
    LANG_KEY,
    MAX_INDEX_CHARS,
    MAX_PREFERENCE_CHARS,
    NEW_MATCH_KEY,
    OPPONENT_KEY,
    OPTIONS_KEY,
    REV_KEY,
    TUTOR_KEY,
)
from core.jsontext import read_json

__all__ = ["ASIDE", "CHECKED_KEYS", "readable", "set_aside_unreadable"]

ASIDE = ".aside"
"""What an unreadable value's key gets at its end, where it is kept."""

_COUNT = re.compile(r"[0-9]{1,15}")
_MATCH_ID = re.compile(r"[0-9a-f]{1,64}")


def _object(limit: int) -> Callable[[str], bool]:
    return lambda text: isinstance(read_json(text, "value", max_chars=limit), dict)


def _ids(text: str) -> bool:
    ids = read_json(text, "the link index", max_chars=MAX_INDEX_CHARS)
    return isinstance(ids, list) and all(isinstance(i, str) and _MATCH_ID.fullmatch(i) for i in ids)


def _word(text: str) -> bool:
    return len(text) <= MAX_PREFERENCE_CHARS


CHECKED_KEYS: dict[str, Callable[[str], bool]] = {
    OPTIONS_KEY: _object(MAX_PREFERENCE_CHARS),
    OPPONENT_KEY: _object(MAX_PREFERENCE_CHARS),
    NEW_MATCH_KEY: _object(MAX_PREFERENCE_CHARS),
    INDEX_KEY: _ids,
    REV_KEY: lambda text: bool(_COUNT.fullmatch(text)),
    LANG_KEY: _word,
    TUTOR_KEY: _word,
}
"""Each small value the page reads at start, with what makes it readable."""


def readable(key: str, text: str) -> bool:
    """True when ``text`` is a value of ``key`` the page can read (:data:`CHECKED_KEYS`).

    >>> readable(OPTIONS_KEY, '{"flipped": true}'), readable(OPTIONS_KEY, '{"a": 1e400}'), readable(INDEX_KEY, '[7]')
    (True, False, False)
    """
    try:
        return CHECKED_KEYS[key](text)
    except ValueError:
        return False


def set_aside_unreadable(storage: Storage) -> tuple[str, ...]:
    """Move each unreadable value of :data:`CHECKED_KEYS` to ``<key>.aside``; the keys moved.

    A value that cannot be moved (storage full) is removed all the same: the page must start,
    and a preference is worth less than the page.
    """
    moved: list[str] = []
    for key, _check in CHECKED_KEYS.items():
        try:
            text = storage.get(key)
        except Exception:  # storage refused: nothing to check
            continue
        if text is None or readable(key, text):
            continue
        with suppress(Exception):  # full: the value is dropped rather than the page stopped
            storage.set(key + ASIDE, text)
        try:
            storage.remove(key)
        except Exception:
            continue
        moved.append(key)
    return tuple(moved)
