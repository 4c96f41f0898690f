"""Boot: start the playable page (:mod:`app.page.app`) once Pyodide runs this file.

The core's wheel and the ``app`` package (every ``web/app/**/*.py`` at the same relative
path) sit in Pyodide's working directory (see dist/config.json), so ``import core`` and
``import app.board.view`` work. Only what the board needs is imported here; the computer
opponent is imported when a match against it starts.
"""

from __future__ import annotations

import traceback

from pyscript import document, window

window.performance.mark("videau:main")  # where PyScript hands over to our code (bench/startup.py)

try:
    from app.page.app import boot

    boot()
except Exception as exc:
    box = document.getElementById("error")
    if box is not None:
        document.getElementById("error-text").textContent = f"Videau could not start: {type(exc).__name__}: {exc}"
        box.hidden = False
    document.getElementById("status").textContent = "".join(traceback.format_exception_only(exc)).strip()
    raise
