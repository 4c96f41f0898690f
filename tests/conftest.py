"""Settings shared by every test folder.

Hypothesis's per-example deadline is a timing check, and timings on a shared
2-core CI machine (and inside Pyodide, several times slower) say nothing about
correctness: speed is measured by the benchmarks in bench/, not by tests.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

settings.register_profile("videau", deadline=None)
settings.load_profile("videau")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """At the end of a run, the machine's state at each Chromium renderer crash that made a test
    run again (recorded by tests/e2e/conftest.py under this title; seen in CI only, some runs):
    the rerun test passed, so pytest would show neither the test nor the section."""
    for report in terminalreporter.stats.get("rerun", []):
        for title, text in getattr(report, "sections", []):
            if title == "the machine when Chromium's renderer crashed":
                terminalreporter.write_sep("-", f"{title}: {report.nodeid}")
                terminalreporter.write_line(text)
