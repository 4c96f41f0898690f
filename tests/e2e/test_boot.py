"""The built app starts in Chromium from localhost alone, and again offline once cached."""

from __future__ import annotations

import pytest
from e2e_helpers import assert_offline, go_offline, wait_ready
from playwright.sync_api import Page


def test_app_starts_with_no_errors(page: Page) -> None:
    page.goto("./")
    wait_ready(page)
    assert page.title() == "Videau"
    # `page` fails the test at teardown on any console error, page error, or request
    # that tried to leave localhost.


@pytest.mark.browser_context_args(service_workers="allow")  # the offline cache under test
def test_app_starts_offline_after_one_visit(page: Page) -> None:
    page.goto("./")
    wait_ready(page)
    # The service worker registers after load, precaches the build, then claims the page.
    page.evaluate("() => navigator.serviceWorker.ready.then(() => undefined)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()
    wait_ready(page)

    go_offline(page)
    page.reload()
    wait_ready(page)
    assert_offline(page)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")


def test_the_shipped_build_starts_from_its_bytecode_and_finds_the_bot(page: Page, production_url: str) -> None:
    """dist/ as ./build.sh ships it, not the tests' copy: videau.zip holds bytecode beside every
    module, so modules are found as ``.pyc`` there; the page starts from it and finds the bot
    package (Analyse enabled, as only the bot allows)."""
    page.goto(production_url)
    wait_ready(page)
    page.wait_for_function("() => !document.getElementById('rec-export').disabled")  # the records panel is wired
    assert page.evaluate("() => document.getElementById('rec-analyse').disabled") is False
