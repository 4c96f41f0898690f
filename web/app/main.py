"""Boot: start the playable page (:mod:`app.page.app`) once Pyodide runs this file.

The core and the ``app`` package come as one zip, ``videau.zip``, that PyScript writes in
Pyodide's working directory (dist/config.json, tools/gen_config.py): put on ``sys.path`` here,
it is imported from by ``zipimport`` (with the bytecode beside each module, tools/precompile.py),
so ``import core`` and ``import app.board.view`` work and nothing is unpacked at start. Only what
the board needs is imported here; the computer opponent is imported when a match against it starts.
"""

from __future__ import annotations

import os
import sys
import traceback

from pyscript import document, window

PYTHON_ZIP = "videau.zip"  # tools/gen_config.py's PYTHON_ZIP

window.performance.mark("videau:main")  # where PyScript hands over to our code (bench/startup.py)

try:
    sys.path.insert(0, os.path.join(os.getcwd(), PYTHON_ZIP))
    from app.page.app import boot

    boot()
except Exception as exc:
    box = document.getElementById("error")
    if box is not None:
        document.getElementById("error-text").textContent = f"Videau could not start: {type(exc).__name__}: {exc}"
        box.hidden = False
    document.getElementById("status").textContent = "".join(traceback.format_exception_only(exc)).strip()
    raise
