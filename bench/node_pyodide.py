"""Run a benchmark's Node script, which loads Pyodide, and read back its result (not run in CI).

The script is an ES module given inline (``node --input-type=module -e SCRIPT``); its arguments
are the project root then the caller's. It prints one line ``RESULT <json> VERSION <pyodide version>``
(other lines are ignored); the JSON object comes back with the version under ``"pyodide"``.
Used by bot_speed.py and hint_speed.py.

    res = run_node_script(NODE_SCRIPT, [str(n), depths])
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_result(stdout: str) -> dict[str, Any] | None:
    """The object of the first ``RESULT ... VERSION ...`` line, with ``"pyodide"`` set; None if none.

    >>> read_result('noise\\nRESULT {"a": 1} VERSION 0.27.5\\n')
    {'a': 1, 'pyodide': '0.27.5'}
    >>> read_result("no result here") is None
    True
    """
    for line in stdout.splitlines():
        if line.startswith("RESULT "):
            body, _, version = line[7:].partition(" VERSION ")
            res: dict[str, Any] = json.loads(body)
            res["pyodide"] = version
            return res
    return None


def run_node_script(script: str, args: list[str]) -> dict[str, Any]:
    """Run ``script`` on Node with the project root and ``args``; its result (RuntimeError if none)."""
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", script, ROOT, *args],
        cwd=ROOT, capture_output=True, text=True, timeout=3600,
    )
    res = read_result(proc.stdout)
    if res is None:
        raise RuntimeError(f"Pyodide run failed:\n{proc.stdout}\n{proc.stderr}")
    return res
