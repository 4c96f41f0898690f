"""What the page takes from the browser: storage (``localStorage``) and random bytes (``crypto``)."""

from __future__ import annotations

from typing import Any

import js
from pyscript import window

from app.dom import str_or_none
from app.page.storage import MATCH_KEY, MemoryStorage


class BrowserStorage:
    """``window.localStorage`` behind :class:`app.page.storage.Storage` (falls back to memory when disabled)."""

    def __init__(self) -> None:
        self.memory: MemoryStorage | None = None
        self.local: Any
        try:
            self.local = window.localStorage
            self.local.getItem(MATCH_KEY)
        except Exception:
            self.local = None
            self.memory = MemoryStorage()

    @property
    def available(self) -> bool:
        return self.memory is None

    def get(self, key: str) -> str | None:
        if self.memory is not None:
            return self.memory.get(key)
        return str_or_none(self.local.getItem(key))

    def set(self, key: str, value: str) -> None:
        if self.memory is not None:
            self.memory.set(key, value)
        else:
            self.local.setItem(key, value)


def crypto_bytes(count: int) -> bytes:
    """``count`` bytes from the browser's cryptographic random source."""
    array = js.Uint8Array.new(count)
    window.crypto.getRandomValues(array)
    return bytes(array.to_bytes())


def url_param(name: str) -> str | None:
    """The page address's query parameter ``name`` (``?seed=``, ``?lang=``), if given."""
    return str_or_none(js.URLSearchParams.new(window.location.search).get(name))


def set_url_param(name: str, value: str) -> None:
    """Change the query parameter ``name`` in the address bar, without loading the page again."""
    params = js.URLSearchParams.new(window.location.search)
    params.set(name, value)
    window.history.replaceState(None, "", f"?{params.toString()}{window.location.hash}")


def reduced_motion() -> bool:
    """True when the reader asked for less motion (``prefers-reduced-motion: reduce``)."""
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
