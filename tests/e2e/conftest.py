"""Fixtures for browser tests of the built app (dist/) in Debian's Chromium.

Every test in tests/e2e is marked ``e2e``. What a test gets:

- ``app_url``: the root URL (``http://localhost:PORT/``) of the tests' build, dist-test/,
  served by tools/serve.py for the session, with netlify.toml's headers (its
  Content-Security-Policy included). dist-test/ is made once a run from dist/ by
  tools/make_test_build.py: the same site, but ``?seed=N`` gives seeded dice there.
  Under pytest-xdist (``-n 2``, as ``./build.sh test`` runs) each worker has its own
  server (so its own origin: storage and service workers apart) and its own Chromium;
  the first worker that needs dist-test/ makes it, the others wait for it (a file lock).
- ``production_url``: dist/ itself, as ``./build.sh build`` ships it (no test hook).
- ``page``: a fresh context and page (pytest-playwright's, with ``base_url`` = ``app_url``,
  so ``page.goto("./")`` opens the app). Service workers are blocked in every context: the
  page then runs as on a first visit, and no context spends ~1.8 s of CPU precaching the whole
  site (~150 contexts a run). A test of the offline cache asks for it with
  ``@pytest.mark.browser_context_args(service_workers="allow")`` (pytest-playwright's marker).
  Requests to any host but localhost are aborted and recorded; console errors and page
  errors are recorded too. At teardown the test fails if any occurred, unless it is marked
  ``@pytest.mark.allow_console_errors``.
- ``browser``: the worker's Chromium, launched again after a test whose renderer crashed
  ("Target crashed") and every 25 tests. It compiles WebAssembly without optimizing it
  (``BASELINE_WASM``), except for a test marked ``@pytest.mark.computes``, which gets a second,
  default Chromium.
- ``page_errors``: that record (a ``PageErrors``), to inspect in the test.
- ``touch_page``: a phone (390x844, touch input: ``locator.tap()``, ``page.touchscreen``), with
  the same blocking of other hosts and the same failure on page errors.
Helpers live in e2e_helpers.py (``from e2e_helpers import wait_ready, go_offline``):

- ``wait_ready(page)``: waits until the app sets ``document.body.dataset.ready = "true"``.
- ``go_offline(page)`` / ``go_online(page)``: network emulation for the service-worker tests.
"""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from e2e_helpers import OFFLINE_PROBE, PageErrors
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route
from playwright.sync_api import Error as PlaywrightError

from tools.make_test_build import make_test_build

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
DIST_TEST = ROOT / "dist-test"
CHROMIUM = os.environ.get("VIDEAU_CHROMIUM", "/usr/bin/chromium")
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


@contextmanager
def _serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on a free localhost port; yields the root URL."""
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", "--quiet", "--dir", str(directory)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        match = re.search(r"http://\S+", line)
        if not match:
            pytest.fail(f"tools/serve.py did not print its URL: {line!r}")
        url = match.group(0)
        with urlopen(url, timeout=10) as response:  # answers before any test starts
            assert response.status == 200
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def _require_dist() -> None:
    if not (DIST / "index.html").is_file() or not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run ./build.sh build (./build.sh test does)")


def _make_test_build_once(tmp_path_factory: pytest.TempPathFactory, config: pytest.Config) -> None:
    """Make dist-test/ from dist/, once a run: under xdist the workers share it (made under a lock)."""
    if not hasattr(config, "workerinput"):  # a plain run: this process is the only one
        make_test_build(DIST, DIST_TEST)
        return
    run_dir = tmp_path_factory.getbasetemp().parent  # the run's temporary folder, common to its workers
    with (run_dir / "dist-test.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        made = run_dir / "dist-test.made"
        if not made.exists():
            make_test_build(DIST, DIST_TEST)
            made.touch()


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[str]:
    """Serve the tests' build (dist-test/, made from dist/: ``?seed=N`` works there) for the session."""
    _require_dist()
    _make_test_build_once(tmp_path_factory, pytestconfig)
    with _serve(DIST_TEST) as url:
        yield url


@pytest.fixture(scope="session")
def production_url() -> Iterator[str]:
    """Serve dist/ itself, what ``./build.sh build`` ships (no test hook), for the session."""
    _require_dist()
    with _serve(DIST) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(app_url: str) -> str:
    """pytest-playwright passes this to every context: relative ``goto`` targets the app."""
    return app_url


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """No service worker unless a test asks for one (see the module's docstring)."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium; ``playwright install`` is never used."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium (./build.sh deps)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
            # /dev/shm is 64 MB in many containers: Chromium's renderer then crashes under load.
            "--disable-dev-shm-usage",
        ],
    }


class _Chromium:
    """The worker's Chromium, launched again after a test whose renderer crashed and every
    ``FRESH_AFTER`` tests: a long-lived browser that has crashed once tends to crash again
    (seen in CI: after one "Target crashed", about one test in four crashed on that worker),
    and each launch costs about a second."""

    FRESH_AFTER = 25

    def __init__(self, launch: Callable[[], Browser]) -> None:
        self._launch = launch
        self._browser: Browser | None = None
        self._tests = 0
        self.crashed = False

    def get(self) -> Browser:
        stale = self.crashed or self._tests >= self.FRESH_AFTER
        if self._browser is not None and (stale or not self._browser.is_connected()):
            self.close()
        if self._browser is None:
            self._browser = self._launch()
            self._tests = 0
            self.crashed = False
        self._tests += 1
        return self._browser

    def close(self) -> None:
        if self._browser is not None:
            with suppress(PlaywrightError):  # already gone with its crash
                self._browser.close()
            self._browser = None


_CHROMIUM: list[_Chromium] = []  # the session's, for the report hook below

BASELINE_WASM = "--js-flags=--liftoff-only"
"""V8 compiles WebAssembly with its baseline compiler only (Liftoff), never optimizing it.

Each page load starts Pyodide, whose runtime is one large WebAssembly module: optimizing its hot
functions (TurboFan) costs about 1.4 s of CPU a load, half the renderer's start (2.5 -> 1.1 s,
Chromium 150). Most tests load a page, act a little and close it, so that work never pays back;
a test whose page computes for long (the computer's moves, an analysis) runs slower without it
and is marked ``computes``: it gets a Chromium as the site's visitors have it. The flag changes
how fast code runs, never what it does."""


@pytest.fixture(scope="session")
def _chromiums(
    launch_browser: Callable[..., Browser], browser_type_launch_args: dict[str, Any]
) -> Iterator[dict[bool, _Chromium]]:
    """The worker's two Chromiums by "optimizes WebAssembly", each launched on first use."""
    baseline_args = [*browser_type_launch_args["args"], BASELINE_WASM]
    chromiums = {False: _Chromium(lambda: launch_browser(args=baseline_args)), True: _Chromium(launch_browser)}
    _CHROMIUM.extend(chromiums.values())
    yield chromiums
    for chromium in chromiums.values():
        chromium.close()
        _CHROMIUM.remove(chromium)


@pytest.fixture
def browser(_chromiums: dict[bool, _Chromium], request: pytest.FixtureRequest) -> Browser:
    """pytest-playwright's browser, but a live one (see ``_Chromium``); with optimized WebAssembly
    for a test marked ``computes`` (see ``BASELINE_WASM``)."""
    return _chromiums[request.node.get_closest_marker("computes") is not None].get()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if call.excinfo is not None and "Target crashed" in str(call.excinfo.value):
        for chromium in _CHROMIUM:
            chromium.crashed = True  # the next test (or its rerun) gets a new Chromium
        # tests/conftest.py prints this section at the end of the run, found by its title
        report.sections.append(("the machine when Chromium's renderer crashed", _machine_state()))
    return report


def _machine_state() -> str:
    """Memory, temporary space and processes, for a crash seen only in CI."""
    lines = []
    commands = (["free", "-m"], ["df", "-m", "/tmp", "/dev/shm"], ["sh", "-c", "ps -eo rss,comm --sort=-rss | head -8"])
    for command in commands:
        try:
            lines.append(subprocess.run(command, capture_output=True, text=True, timeout=5).stdout)
        except (OSError, subprocess.SubprocessError) as error:
            lines.append(f"{command[0]}: {error}")
    return "\n".join(lines)


def _only_localhost(errors: PageErrors) -> Any:
    def handle(route: Route) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            errors.blocked.append(url)
            route.abort("blockedbyclient")

    return handle


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture
def context(new_context: Any, page_errors: PageErrors) -> BrowserContext:
    """A fresh browser context whose requests may only reach localhost."""
    ctx: BrowserContext = new_context()
    ctx.route("**/*", _only_localhost(page_errors))
    return ctx


def _watched_page(context: BrowserContext, page_errors: PageErrors, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A new page of ``context`` whose console and page errors go to ``page_errors``; at teardown
    the test fails if any occurred, unless it is marked ``allow_console_errors``."""
    page = context.new_page()

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and OFFLINE_PROBE not in str(message.location.get("url")):
            location = message.location
            page_errors.console.append(f"{message.text} ({location.get('url')}:{location.get('lineNumber')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: page_errors.uncaught.append(str(error)))
    yield page
    if request.node.get_closest_marker("allow_console_errors") is None:
        problems = page_errors.all()
        if problems:
            pytest.fail("the page reported errors:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page(context: BrowserContext, page_errors: PageErrors, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page that records console errors and page errors; the test fails on any."""
    yield from _watched_page(context, page_errors, request)


@pytest.fixture
def touch_page(new_context: Any, page_errors: PageErrors, request: pytest.FixtureRequest) -> Iterator[Page]:
    """``page`` on a phone (390x844, touch input), requests likewise only to localhost."""
    context: BrowserContext = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.route("**/*", _only_localhost(page_errors))
    yield from _watched_page(context, page_errors, request)
