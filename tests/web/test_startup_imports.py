"""What the page imports to start: only what the first board needs (bench/RESULTS.md, "startup").

``app.page.app`` is imported in a fresh CPython with stand-ins for the Pyodide-only modules
(``js``, ``pyscript``, ``pyodide.ffi``): the modules it pulls in are those the page imports
before it is ready. Each one left out here costs the page nothing at start; each one in costs
its import in Pyodide (bench/startup_python.mjs measures them).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

IMPORT_THE_PAGE = """
import json, sys, types

class Stand_in(types.ModuleType):
    def __getattr__(self, name):
        return lambda *args, **kwargs: None

for name in ("js", "pyscript", "pyodide", "pyodide.ffi"):
    sys.modules[name] = Stand_in(name)
before = set(sys.modules)
import app.page.app
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def start_up_modules() -> set[str]:
    """The modules that ``import app.page.app`` loads (the page's start, less ``app.main``)."""
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_THE_PAGE],
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT / 'web'}:{ROOT}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    modules: set[str] = set(json.loads(done.stdout))
    return modules


def test_the_page_starts_without_what_the_first_board_does_not_need() -> None:
    modules = start_up_modules()
    assert {"app.page.app", "app.board.render", "core.match"} <= modules  # the check sees the page
    late = {m for m in modules if m.split(".")[:2] in (["core", "bot"], ["core", "analysis"], ["app", "records"])}
    assert not late, "imported on first use, not at start"
    # standard modules that cost ~0.1 s each in Pyodide, and that the board does not need
    assert not {"html", "html.entities", "fractions", "numbers", "decimal"} & modules
