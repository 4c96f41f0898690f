"""Play by link, at start-up: :mod:`app.page.link.link_panel` is imported only by a page that needs it.

A page opened with a match link (``#link=``), a device that has link matches, or a
link pasted in the address of an open page (``hashchange``) loads it; any other
start-up imports nothing of it.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from app.page.host import LinkHost
from app.page.link.link_keys import PREFIX
from app.page.storage.storage_keys import INDEX_KEY


def _boot(app: LinkHost) -> bool:
    from app.page.link.link_panel import boot  # on first use

    return boot(app)


def _has_index(app: LinkHost) -> bool:
    """True when this device keeps link matches (storage that fails keeps none)."""
    try:
        return bool(app.storage.get(INDEX_KEY))
    except Exception:
        return False


def watch_links(app: LinkHost) -> bool:
    """Listen for links pasted in the address; open the address's link now. True when a link match is open."""

    def on_hash(_event: Any) -> None:
        if str(window.location.hash).startswith(PREFIX):
            _boot(app)

    app.on(window, "hashchange", on_hash)
    if str(window.location.hash).startswith(PREFIX) or _has_index(app):
        return _boot(app)
    return False
