"""The name start-up needs to know whether play by link is in use (no import of :mod:`core.link`).

>>> PREFIX
'#link='

Its keys in localStorage are :mod:`app.page.storage.storage_keys`' (``BOOK_KEY``, ``INDEX_KEY``).
"""

from __future__ import annotations

PREFIX = "#link="
"""What a match link's fragment starts with (as :data:`core.link.codec.PREFIX`)."""
