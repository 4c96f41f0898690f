"""What the page takes from the browser: storage (``localStorage``) and random bytes (``crypto``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import window

from app.dom import str_or_none
from app.page.storage.match_store import MemoryStorage
from app.page.storage.storage_keys import MATCH_KEY


class BrowserStorage:
    """``window.localStorage`` behind :class:`~app.page.storage.match_store.Storage` (memory when it is disabled)."""

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

    def remove(self, key: str) -> None:
        if self.memory is not None:
            self.memory.remove(key)
        else:
            self.local.removeItem(key)

    def names(self) -> list[str]:
        if self.memory is not None:
            return self.memory.names()
        return [str(self.local.key(i)) for i in range(int(self.local.length))]


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


@asynccontextmanager
async def tab_lock(name: str) -> AsyncIterator[bool]:
    """Hold the Web Lock ``name``, shared by this page's tabs, for the ``async with`` block (waits for it).

    Yields True once held; False at once when the browser has no Web Locks API (the tabs
    then rely on the save's revision alone). The lock is released when the block ends,
    or by the browser when the tab closes or crashes: no tab holds it for ever.
    """
    locks = getattr(window.navigator, "locks", None)
    if locks is None:
        yield False
        return
    loop = asyncio.get_event_loop()
    granted: asyncio.Future[None] = loop.create_future()
    released: asyncio.Future[None] = loop.create_future()

    def hold(resolve: Any, _reject: Any) -> None:
        released.add_done_callback(lambda _done: resolve())

    def on_grant(_lock: Any) -> Any:
        if not granted.done():
            granted.set_result(None)
        return js.Promise.new(hold_proxy)  # the lock is held until this promise settles

    def on_refused(_error: Any) -> None:  # the browser refused the request: go on without the lock
        if not granted.done():
            granted.set_result(None)

    proxies = (create_proxy(hold), create_proxy(on_grant), create_proxy(on_refused))
    hold_proxy = proxies[0]
    request = locks.request(name, proxies[1]).catch(proxies[2])
    try:
        await granted
        yield True
    finally:
        if not released.done():
            released.set_result(None)  # also when cancelled while waiting: a later grant ends at once
        asyncio.ensure_future(_free_after(request, proxies))


async def _free_after(request: Any, proxies: tuple[Any, ...]) -> None:
    """Destroy the lock's callbacks once its request has settled."""
    try:
        await request
    except Exception:  # refused: already handled by ``on_refused``
        pass
    finally:
        for proxy in proxies:
            proxy.destroy()
