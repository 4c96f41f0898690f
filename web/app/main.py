"""Placeholder app: proves the pipeline until the real view, render and controller land.

It runs in Pyodide (see dist/config.json): the videau wheel is unpacked into the working
directory, so ``import core`` finds the rules core, and every ``web/app/*.py`` sits beside it.
"""

from __future__ import annotations

from pyscript import document

import core

status = document.querySelector("#status")
status.textContent = f"Rules core ready: {len(core.__all__)} public names."
document.body.dataset.ready = "true"
