"""Every key the page uses in the browser's ``localStorage``, in one place (pure constants), and
:func:`recall`, the one safe read of a stored value.

A key's value is described where it is read and written (named beside each key). Nothing
else in ``web/app`` spells a ``videau.`` key: ``tests/web/test_layers.py`` holds it.

>>> all(key.startswith(OUR_PREFIXES) for key in (MATCH_KEY, ARCHIVE_KEY, BOARD_KEY, INDEX_KEY, TUTOR_KEY))
True
"""

from __future__ import annotations

from typing import Any

# -- the match (app.page.storage.match_store) --------------------------------------------
MATCH_KEY = "videau.match"
"""The match: :func:`core.state.to_json`, or a session whose finished games are archived."""
REV_KEY = "videau.match.rev"
"""A revision counter, raised by one at every save (another tab's save is seen by it)."""
BROKEN_KEY = "videau.match.broken"
"""A save that could not be read, copied aside (then ``.broken.2`` ...)."""
ARCHIVE_KEY = "videau.archive"
"""A session's finished games, one key each: ``videau.archive.<n>``."""

# -- the player's choices ---------------------------------------------------------------------
LANG_KEY = "videau.lang"
"""The language chosen (app.page.storage.match_store.choose_lang)."""
OPTIONS_KEY = "videau.options"
"""The options (app.page.storage.match_store.Options)."""
OPPONENT_KEY = "videau.opponent"
"""The computer playing the match, if any (app.page.computer.opponent.opponent_to_json)."""
NEW_MATCH_KEY = "videau.new_match"
"""The new-match dialog's last choices (opponent, level): it opens with them."""
TUTOR_KEY = "videau.tutor"
"""The tutor's band, ``"off"`` or one of app.page.coach.hint_words.BANDS."""

# -- practice (app.page.practice.deck_store) ------------------------------------------------------
PRACTICE_KEY = "videau.practice"
"""The practice deck: :meth:`core.practice.Deck.to_json`."""
PRACTICE_BROKEN_KEY = "videau.practice.broken"
"""A deck that could not be read, copied aside (then ``.broken.2`` ...)."""

# -- the board shown before Python starts (app.page.screen.firstboard) -----------------------
BOARD_KEY = "videau.board"
"""The last drawn board: JSON ``{"rev": int, "digest": int, "svg": str}`` (read by web/first-board.js too)."""

# -- play by link (app.page.link.link_book) -----------------------------------------------------
BOOK_KEY = "videau.link"
"""Prefix of the keys of the device's link matches (``videau.link.<match id>``)."""
INDEX_KEY = BOOK_KEY + ".index"
"""The list of the device's link matches, newest first."""

# -- how much of each value is read (core.jsontext.read_json: longer or deeper text is set aside) ---
MAX_PREFERENCE_CHARS = 4_000
"""The options, the opponent, the new-match dialog's choices, the tutor's band, the language."""
MAX_BOARD_CHARS = 2_000_000
"""The board drawn last (an SVG of the board: about 30,000 characters)."""
MAX_INDEX_CHARS = 200_000
"""The list of link matches (25 characters a match)."""
MAX_RECORD_CHARS = 4_000_000
"""One link match's record (its full link: at most about 2.8 million characters)."""

# -- everything of ours --------------------------------------------------------------------
OUR_PREFIXES = ("videau.", "videau-embed")
"""Our keys in localStorage: the page's and the embeds' cache (``web/embed.js``: up to 60 diagrams of ~15 KB)."""


def recall(storage: Any, key: str) -> str | None:
    """The value stored under ``key`` in ``storage`` (``None`` when absent, or when storage fails)."""
    try:
        value = storage.get(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None
