"""DOM helpers for the page and its panels: elements, JS values, listeners that report errors instead of dying.

Every handler the page installs runs inside :func:`guarded`: an unexpected exception
shows an alert (``#error``, role="alert") in the page's language instead of dying silently.
"""

from __future__ import annotations

import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document

from app.board.places import Place, parse_place
from app.text import t

_error_lang: Callable[[], str] = lambda: "en"  # noqa: E731 - replaced by report_in


def el(element_id: str) -> Any:
    """The element of id ``element_id``."""
    return document.getElementById(element_id)


def js_object(value: Any) -> Any:
    """A Python dict (or list of them) as plain JS objects."""
    return to_js(value, dict_converter=js.Object.fromEntries)


def js_value(value: Any) -> Any:
    """A JS value, with JS ``null`` (``jsnull`` in Pyodide) turned into ``None``."""
    return None if value is jsnull else value


def str_or_none(value: Any) -> str | None:
    """A JS string as ``str``; JS ``null`` (``jsnull`` in Pyodide) and ``undefined`` as ``None``."""
    if value is None or value is jsnull:
        return None
    return str(value)


def escape(text: str) -> str:
    """``text`` safe inside HTML elements and double-quoted attributes."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def place_of(target: Any) -> Place | None:
    """The board place (``data-point``) holding the DOM node ``target``, if any."""
    target = js_value(target)
    if target is None or not hasattr(target, "closest"):
        return None
    group = js_value(target.closest("[data-point]"))
    if group is None:
        return None
    return parse_place(str(group.dataset.point))


def bind(function: Callable[[int], None], value: int) -> Callable[[], None]:
    return lambda: function(value)


def ignore_event(action: Callable[[], object]) -> Callable[[Any], None]:
    """A handler that drops its event and runs ``action``."""

    def handle(_event: Any) -> None:
        action()

    return handle


def report_in(lang_of: Callable[[], str]) -> None:
    """Show later errors in the language ``lang_of()`` gives (the page's, once it runs)."""
    global _error_lang
    _error_lang = lang_of


def report(exc: BaseException) -> None:
    """Show an unexpected error to the player (role="alert") and log it for the developer."""
    try:
        el("error-text").textContent = t(_error_lang(), "ui.error", error=f"{type(exc).__name__}: {exc}")
        el("error").hidden = False
    finally:
        js.console.error("Videau: " + "".join(traceback.format_exception(exc)))


def guarded(handler: Callable[[Any], None]) -> Callable[[Any], None]:
    """``handler``, reporting any exception it raises (:func:`report`)."""

    def run(event: Any) -> None:
        try:
            handler(event)
        except Exception as exc:
            report(exc)

    return run


def guarded_async(coroutine: Callable[[], Awaitable[object]]) -> Callable[[], Awaitable[None]]:
    """An async ``coroutine``, reporting any exception it raises (:func:`report`)."""

    async def run() -> None:
        try:
            await coroutine()
        except Exception as exc:
            report(exc)

    return run


def create_once(function: Callable[[], None]) -> Any:
    """A proxy for a callback called once (setTimeout), destroyed after the call."""
    proxy: Any = None

    def run() -> None:
        try:
            guarded(lambda _e: function())(None)
        finally:
            proxy.destroy()

    proxy = create_proxy(run)
    return proxy


class Listeners:
    """Installs guarded listeners and keeps their proxies alive for the page's life."""

    def __init__(self) -> None:
        self.proxies: list[Any] = []

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(guarded(handler))
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)
