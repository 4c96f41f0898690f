"""Write dist/config.json, the PyScript config of the built app.

(Not named pyscript.json: netlify.toml's "/pyscript/*" rule would match that name too.)

    python tools/gen_config.py dist

- ``interpreter`` is the local Pyodide (a path starting with ``./``: anything else is read
  as a version and fetched from a CDN).
- The videau wheel in ``dist/wheels/`` is unpacked into Pyodide's working directory, which
  is on ``sys.path``: ``import core`` works.
- Every ``dist/app/**/*.py`` (copied from ``web/app/``, the ``app`` package) goes into one
  archive, ``dist/app.zip`` (one request instead of one per module), unpacked at the same
  relative paths under that directory, so the page imports by package path
  (``from app.board.view import build_view``). The files stay in ``dist/app/`` for the
  embeds' worker (see gen_embed_manifest.py).
- Keys of an optional ``web/config.json`` (copied to dist/ by the build) are kept; the
  two above are set over them.
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path
from typing import Any

APP_ZIP = "app.zip"


def write_app_zip(dist: Path) -> Path:
    """Pack ``dist/app/**/*.py`` into ``dist/app.zip`` (paths ``app/...``, fixed dates: reproducible)."""
    target = dist / APP_ZIP
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for module in sorted((dist / "app").rglob("*.py")):
            info = zipfile.ZipInfo(module.relative_to(dist).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, module.read_bytes())
    return target


def pyscript_config(dist: Path) -> dict[str, Any]:
    """The config for the files now in ``dist`` (``app.zip`` written by :func:`write_app_zip`)."""
    existing = dist / "config.json"
    config: dict[str, Any] = json.loads(existing.read_text()) if existing.exists() else {}
    wheels = sorted((dist / "wheels").glob("videau-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one videau wheel in {dist / 'wheels'}, found {wheels}")
    files: dict[str, str] = dict(config.get("files", {}))
    files[f"./wheels/{wheels[0].name}"] = "./*"
    files[f"./{APP_ZIP}"] = "./*"
    config["interpreter"] = "./pyodide/pyodide.mjs"
    config["files"] = files
    return config


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: gen_config.py DIST_DIR")
    dist = Path(argv[0])
    write_app_zip(dist)
    config = pyscript_config(dist)
    (dist / "config.json").write_text(json.dumps(config, indent=2) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
