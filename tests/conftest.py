"""Settings shared by every test folder.

Hypothesis's per-example deadline is a timing check, and timings on a shared
2-core CI machine (and inside Pyodide, several times slower) say nothing about
correctness: speed is measured by the benchmarks in bench/, not by tests.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("videau", deadline=None)
settings.load_profile("videau")
