"""Write dist/videau.zip and dist/config.json, the PyScript config of the built app.

(Not named pyscript.json: netlify.toml's "/pyscript/*" rule would match that name too.)

    python tools/gen_config.py dist

- ``interpreter`` is the local Pyodide (a path starting with ``./``: anything else is read
  as a version and fetched from a CDN).
- The page's Python is ONE zip, ``dist/videau.zip``: the core (every file of the videau wheel
  in ``dist/wheels/`` but its ``.dist-info``, the bot's weights included) and every
  ``dist/app/**/*.py`` (copied from ``web/app/``, the ``app`` package), at their package paths.
  config.json writes it as a plain file (destination ``./videau.zip``, no ``/*``): nothing is
  unpacked at start (unpacking an archive cost the page Python's ``zipfile``, ``shutil`` and
  ``tempfile`` and the writing of every file, #46). The page (app/main.py) puts ``videau.zip``
  on ``sys.path``, the analysis worker every ``files`` entry whose destination is a ``.zip``, and
  ``zipimport`` (loaded already for the standard library) imports from it. tools/precompile.py
  then adds the bytecode beside each module. The sources stay in ``dist/app/`` and the wheel
  in ``dist/wheels/`` for the embeds' worker (see gen_embed_manifest.py).
- ``plugins`` turns off PyScript's plugins that the page does not use (its code editor, game
  and terminal elements, the "donkey" helper, the deprecation notices): PyScript fetches and runs
  each plugin's chunk before it starts Python unless the config names it with a ``!``. Its
  ``error`` plugin (Python errors shown on the page) stays.
- Keys of an optional ``web/config.json`` (copied to dist/ by the build) are kept; the
  keys above are set over them (its plugins are kept, ours added).
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path
from typing import Any

PYTHON_ZIP = "videau.zip"
INTERPRETER = "./pyodide/pyodide.mjs"
# PyScript 0.7's plugins (core chunk's registry) the page does without; see the module's docstring
UNUSED_PLUGINS = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
_DATE = (1980, 1, 1, 0, 0, 0)  # fixed dates: a reproducible zip


def the_wheel(dist: Path) -> Path:
    """The one videau wheel in ``dist/wheels/``."""
    wheels = sorted((dist / "wheels").glob("videau-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one videau wheel in {dist / 'wheels'}, found {wheels}")
    return wheels[0]


def write_python_zip(dist: Path) -> Path:
    """Pack the wheel's package files and ``dist/app/**/*.py`` into ``dist/videau.zip``.

    Entries are deflated, sorted by path (the wheel's, then the app's), dated 1980: the same
    inputs give the same bytes. The wheel's metadata (``*.dist-info/``) is left out.
    """
    target = dist / PYTHON_ZIP
    entries: dict[str, bytes] = {}
    with zipfile.ZipFile(the_wheel(dist)) as wheel:
        for name in wheel.namelist():
            if not name.endswith("/") and ".dist-info/" not in name:
                entries[name] = wheel.read(name)
    for module in sorted((dist / "app").rglob("*.py")):
        entries[module.relative_to(dist).as_posix()] = module.read_bytes()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name])
    return target


def pyscript_config(dist: Path) -> dict[str, Any]:
    """The config for the files now in ``dist`` (``videau.zip`` written by :func:`write_python_zip`)."""
    existing = dist / "config.json"
    config: dict[str, Any] = json.loads(existing.read_text()) if existing.exists() else {}
    files: dict[str, str] = dict(config.get("files", {}))
    files[f"./{PYTHON_ZIP}"] = f"./{PYTHON_ZIP}"
    plugins: list[str] = list(config.get("plugins", []))
    config["interpreter"] = INTERPRETER
    config["files"] = files
    config["plugins"] = plugins + [f"!{name}" for name in UNUSED_PLUGINS if f"!{name}" not in plugins]
    return config


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: gen_config.py DIST_DIR")
    dist = Path(argv[0])
    write_python_zip(dist)
    config = pyscript_config(dist)
    (dist / "config.json").write_text(json.dumps(config, indent=2) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
