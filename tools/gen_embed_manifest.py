"""Write dist/embed.json: what the embed's shared worker loads, and a hash of it.

    python tools/gen_embed_manifest.py dist

``web/embed-worker.mjs`` starts one Pyodide for every embed of a page. It reads this
manifest to find the core's wheel (its name holds the version) and the Python modules
of ``dist/app/`` that ``embed.py`` imports, directly or not (found by reading their
``import`` statements); ``build`` is a hash of exactly those files, so a diagram cached
by ``embed.js`` is only reused while the code that drew it is unchanged.

Run it after ``gen_config.py`` and before ``gen_sw.py`` (which precaches every file).
"""

from __future__ import annotations

import ast
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

MANIFEST = "embed.json"
ENTRY = "embed"


def app_imports(source: str) -> set[str]:
    """Top-level names imported by a module's source (``import a.b`` -> ``a``).

    >>> sorted(app_imports("import view\\nfrom i18n import t\\nfrom core.turn import Turn"))
    ['core', 'i18n', 'view']
    """
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def embed_modules(app: Path, entry: str = ENTRY) -> list[str]:
    """File names of ``entry`` and every module of ``app`` it imports, directly or not, sorted."""
    if not (app / f"{entry}.py").is_file():
        raise SystemExit(f"no {entry}.py in {app}")
    found: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        source = (app / f"{name}.py").read_text(encoding="utf-8")
        todo.extend(n for n in app_imports(source) if (app / f"{n}.py").is_file() and n not in found)
    return sorted(f"{name}.py" for name in found)


def embed_manifest(dist: Path) -> dict[str, Any]:
    """The manifest for the files now in ``dist``."""
    wheels = sorted((dist / "wheels").glob("videau-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one videau wheel in {dist / 'wheels'}, found {wheels}")
    modules = embed_modules(dist / "app")
    digest = hashlib.sha256()
    for path in [wheels[0], *(dist / "app" / m for m in modules)]:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return {
        "build": digest.hexdigest()[:16],
        "wheel": f"./wheels/{wheels[0].name}",
        "modules": [f"./app/{m}" for m in modules],
        "entry": ENTRY,
    }


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: gen_embed_manifest.py DIST_DIR")
    dist = Path(argv[0])
    (dist / MANIFEST).write_text(json.dumps(embed_manifest(dist), indent=2) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
