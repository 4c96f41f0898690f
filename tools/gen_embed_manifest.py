"""Write dist/embed.json: what the embed's shared worker loads, and a hash of it.

    python tools/gen_embed_manifest.py dist

``web/embed-worker.mjs`` starts one Pyodide for every embed of a page. It reads this
manifest to find the core's wheel (its name holds the version) and the files of the
``app`` package (``dist/app/``) that ``app.embed.host`` imports, directly or not (found
by reading their ``import`` statements, absolute or relative), with the ``__init__.py``
of every package on the way; ``build`` is a hash of exactly those files, so a diagram
cached by ``embed.js`` is only reused while the code that drew it is unchanged.

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
PACKAGE = "app"
ENTRY = "app.embed.host"


def imported_names(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """Dotted names a module's source may import: each module, and each ``from`` target's names.

    ``from a.b import c`` gives ``a.b`` and ``a.b.c`` (``c`` may be a module); relative
    imports are resolved against ``module`` (a package's ``__init__`` when ``is_package``).

    >>> sorted(imported_names("import app.board.view\\nfrom core.turn import Turn", "app.embed.host"))
    ['app.board.view', 'core.turn', 'core.turn.Turn']
    >>> sorted(imported_names("from ..text import t\\nfrom . import fragment", "app.embed.host"))
    ['app.embed', 'app.embed.fragment', 'app.text', 'app.text.t']
    """
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base_parts = parts[: len(parts) - (node.level - 1)]
                if node.module:
                    base_parts.append(node.module)
                base = ".".join(base_parts)
            else:
                base = node.module or ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def module_file(root: Path, name: str) -> Path | None:
    """The file of module ``name`` under ``root`` (``a/b.py`` or ``a/b/__init__.py``), if any."""
    path = root.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def embed_modules(root: Path, entry: str = ENTRY) -> list[str]:
    """Paths (relative to ``root``) of ``entry``, every module of the package it imports,
    directly or not, and the ``__init__.py`` of their packages; sorted."""
    if module_file(root, entry) is None:
        raise SystemExit(f"no module {entry} in {root}")
    found: set[Path] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name.split(".")[0] != PACKAGE:
            continue
        parts = name.split(".")
        # importing a.b.c runs a/__init__.py and a/b/__init__.py first
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)) if module_file(root, ".".join(parts[:i])))
        path = module_file(root, name)
        if path is None or path in found:
            continue
        found.add(path)
        source = path.read_text(encoding="utf-8")
        todo.extend(imported_names(source, name, is_package=path.name == "__init__.py"))
    return sorted(path.relative_to(root).as_posix() for path in found)


def embed_manifest(dist: Path) -> dict[str, Any]:
    """The manifest for the files now in ``dist``."""
    wheels = sorted((dist / "wheels").glob("videau-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one videau wheel in {dist / 'wheels'}, found {wheels}")
    modules = embed_modules(dist)
    digest = hashlib.sha256()
    digest.update(wheels[0].name.encode() + b"\0" + hashlib.sha256(wheels[0].read_bytes()).digest())
    for module in modules:
        digest.update(module.encode() + b"\0" + hashlib.sha256((dist / module).read_bytes()).digest())
    return {
        "build": digest.hexdigest()[:16],
        "wheel": f"./wheels/{wheels[0].name}",
        "modules": [f"./{m}" for m in modules],
        "entry": ENTRY,
    }


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: gen_embed_manifest.py DIST_DIR")
    dist = Path(argv[0])
    (dist / MANIFEST).write_text(json.dumps(embed_manifest(dist), indent=2) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
