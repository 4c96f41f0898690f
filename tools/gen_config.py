"""Write dist/config.json, the PyScript config of the built app.

(Not named pyscript.json: netlify.toml's "/pyscript/*" rule would match that name too.)

    python tools/gen_config.py dist

- ``interpreter`` is the local Pyodide (a path starting with ``./``: anything else is read
  as a version and fetched from a CDN).
- The videau wheel in ``dist/wheels/`` is unpacked into Pyodide's working directory, which
  is on ``sys.path``: ``import core`` works.
- Every ``dist/app/**/*.py`` (copied from ``web/app/``, the ``app`` package) is written to
  the same relative path under that directory, so the page imports it by package path
  (``from app.board.view import build_view``).
- Keys of an optional ``web/config.json`` (copied to dist/ by the build) are kept; the
  two above are set over them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def pyscript_config(dist: Path) -> dict[str, Any]:
    """The config for the files now in ``dist``."""
    existing = dist / "config.json"
    config: dict[str, Any] = json.loads(existing.read_text()) if existing.exists() else {}
    wheels = sorted((dist / "wheels").glob("videau-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one videau wheel in {dist / 'wheels'}, found {wheels}")
    files: dict[str, str] = dict(config.get("files", {}))
    files[f"./wheels/{wheels[0].name}"] = "./*"
    for module in sorted((dist / "app").rglob("*.py")):
        rel = module.relative_to(dist).as_posix()
        files[f"./{rel}"] = f"./{rel}"
    config["interpreter"] = "./pyodide/pyodide.mjs"
    config["files"] = files
    return config


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: gen_config.py DIST_DIR")
    dist = Path(argv[0])
    config = pyscript_config(dist)
    (dist / "config.json").write_text(json.dumps(config, indent=2) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
