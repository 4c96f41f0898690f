"""Run a benchmark's ``measure`` in Pyodide on Node and read back its result (not run in CI).

:func:`run_measure` loads Pyodide in Node, mounts the project at ``/project``, runs the
benchmark file (``run_name="pyodide_bench"``, so its ``main`` does not run) and calls its
``measure(*args)`` (the arguments go as JSON). The Node script prints one line
``RESULT <json> VERSION <pyodide version>`` (other lines are ignored); the JSON object comes back
with the version under ``"pyodide"``. Used by bot_speed.py and hint_speed.py.

    res = run_measure("bench/hint_speed.py", [n, depths, repeat, cpu])
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

NODE_SCRIPT = r"""
import { loadPyodide } from "pyodide";
const [root, script, args] = process.argv.slice(1);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.FS.chdir("/project");
pyodide.globals.set("bench_script", script);
pyodide.globals.set("bench_args", args);
const out = await pyodide.runPythonAsync(`
import sys, json, runpy
sys.path[:0] = ["/project", "/project/bench"]  # as bench/_paths.py does in CPython
sys.dont_write_bytecode = True
g = runpy.run_path("/project/" + bench_script, run_name="pyodide_bench")
json.dumps(g["measure"](*json.loads(bench_args)))
`);
console.log("RESULT " + out + " VERSION " + pyodide.version);
"""


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


def run_measure(script: str, args: list[Any]) -> dict[str, Any]:
    """``measure(*args)`` of the benchmark file ``script`` (relative to the project) in Pyodide
    on Node; its result (RuntimeError if none)."""
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_SCRIPT, ROOT, script, json.dumps(args)],
        cwd=ROOT, capture_output=True, text=True, timeout=3600,
    )
    res = read_result(proc.stdout)
    if res is None:
        raise RuntimeError(f"Pyodide run failed:\n{proc.stdout}\n{proc.stderr}")
    return res
