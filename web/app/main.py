"""Boot: start the playable page (web/app/controller.py) once Pyodide runs this file.

The core's wheel and every ``web/app/*.py`` sit in Pyodide's working directory (see
dist/config.json), so modules import by plain name. Only what the board needs is
imported here; the computer opponent is imported when a match against it starts.
"""

from __future__ import annotations

import traceback

from pyscript import document

try:
    import controller

    controller.boot()
except Exception as exc:
    box = document.getElementById("error")
    if box is not None:
        document.getElementById("error-text").textContent = f"Videau could not start: {type(exc).__name__}: {exc}"
        box.hidden = False
    document.getElementById("status").textContent = "".join(traceback.format_exception_only(exc)).strip()
    raise
