"""The few names start-up needs to know whether play by link is in use (no import of :mod:`core.link`).

>>> PREFIX, INDEX_KEY
('#link=', 'videau.link.index')
"""

from __future__ import annotations

PREFIX = "#link="
"""What a match link's fragment starts with (as :data:`core.link.codec.PREFIX`)."""
BOOK_KEY = "videau.link"
"""Prefix of the keys of the device's link matches."""
INDEX_KEY = BOOK_KEY + ".index"
"""The list of the device's link matches, newest first."""
