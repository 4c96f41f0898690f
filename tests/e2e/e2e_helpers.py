"""Helpers for the browser tests: import them as ``from e2e_helpers import wait_ready``."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page

READY_TIMEOUT_MS = 60_000  # Pyodide starts in about 3 s here; CI machines are slower


@dataclass
class PageErrors:
    """What went wrong in a page: console errors, uncaught errors, blocked requests."""

    console: list[str] = field(default_factory=list)
    uncaught: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def all(self) -> list[str]:
        return (
            [f"console error: {m}" for m in self.console]
            + [f"page error: {m}" for m in self.uncaught]
            + [f"blocked request to another host: {u}" for u in self.blocked]
        )


def wait_ready(page: Page, timeout_ms: float = READY_TIMEOUT_MS) -> None:
    """Wait until the app says it is ready (``document.body.dataset.ready === "true"``).

    Fails at once, with the traceback, if PyScript shows a Python error (``.py-error``)
    instead of waiting for the timeout.
    """
    page.wait_for_function(
        "() => document.body !== null"
        " && (document.body.dataset.ready === 'true' || document.querySelector('.py-error') !== null)",
        timeout=timeout_ms,
    )
    error = page.query_selector(".py-error")
    if error is not None:
        raise AssertionError(f"Python error in the page:\n{error.inner_text()}")


def go_offline(page: Page) -> None:
    """Cut the network of the page's context (the service worker must then serve it)."""
    page.context.set_offline(True)


OFFLINE_PROBE = "offline-probe-"
"""The name of :func:`assert_offline`'s request, whose failure the console reports (not an error)."""


def assert_offline(page: Page) -> None:
    """The page's network is really cut: a request the service worker has not cached fails.

    ``navigator.onLine`` is no proof: some Chromium builds (150) report ``true`` after a
    reload although the context is offline.
    """
    outcome = page.evaluate(
        f"() => fetch('./{OFFLINE_PROBE}' + Date.now(), {{cache: 'no-store'}})"
        ".then(r => 'status ' + r.status, () => 'failed')"
    )
    assert outcome == "failed", f"the network is not cut: {outcome}"


def go_online(page: Page) -> None:
    page.context.set_offline(False)
