"""No private names across modules: a module's ``_helpers`` are its own.

If another module needs a helper, the helper is public (named without ``_`` and
documented) or the seam between the two modules is in the wrong place. Checked
from the syntax tree (:mod:`ast`), imports at module level and inside functions:

* in ``core/``, no module imports a name beginning with ``_`` from another of
  the core's modules (``from .moves import _apply``), nor reads one off an
  imported module (``from . import features`` then ``features._escapes``);
* a private *module* (``core/record/_lines.py``) is a child of its package: the
  package's own modules may import it (and its public names), nobody else may;
* ``web/app/``, ``bench/``, ``bot_training/`` and ``tools/`` use the core through
  its public names only (their own modules are theirs to arrange; the page's
  layers are held by ``tests/web/test_layers.py``).

Tests may import private names (a test may reach into what it tests, as
``tests/core/reference_moves.py`` does); code may not. Outside the core, a private
attribute read off an imported class or function (``Position._unchecked``,
``Evaluator._shared``) counts too; inside it, the check reads names, not types.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CORE = ("core", ROOT / "core")
"""The package whose private names stay inside their modules."""

USERS = [ROOT / "web" / "app", ROOT / "bench", ROOT / "bot_training", ROOT / "tools"]
"""Folders whose code may use only the core's public names."""


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def modules_of(name: str, folder: Path) -> dict[str, Path]:
    """Every module of the package ``name`` in ``folder``: dotted name -> file."""
    out: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([name, *parts])] = path
    return out


def _absolute(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target> import ...`` written in ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _private_module_refused(importer: str, target: str) -> bool:
    """True when ``importer`` may not import the module ``target`` (a private module outside its package)."""
    parts = target.split(".")
    for i, part in enumerate(parts):
        if _is_private(part):
            package = ".".join(parts[:i])
            if not (importer == package or importer.startswith(package + ".")):
                return True
    return False


def private_uses(module: str, path: Path, package: str, known: set[str]) -> Iterator[str]:
    """What ``module`` (the file ``path``) takes privately from the other modules of ``package``.

    ``known``: the package's module names. Yields one line per offence, ``file:line: what``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    bound: dict[str, str] = {}  # local name -> one of the package's modules, bound by an import

    def ours(name: str) -> bool:
        return name == package or name.startswith(package + ".")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if ours(alias.name):
                    if _private_module_refused(module, alias.name):
                        yield f"{where}:{node.lineno}: import {alias.name}"
                    if alias.asname:
                        bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            if not ours(base):
                continue
            if _private_module_refused(module, base):
                yield f"{where}:{node.lineno}: from {base} import ..."
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:  # a module
                    if _private_module_refused(module, full):
                        yield f"{where}:{node.lineno}: from {base} import {alias.name}"
                    bound[alias.asname or alias.name] = full
                elif _is_private(alias.name) and base != module:
                    yield f"{where}:{node.lineno}: from {base} import {alias.name}"
                elif not ours(module):  # code outside the package: a public class or function, bound
                    bound[alias.asname or alias.name] = full
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _is_private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and bound[node.value.id] != module
        ):
            yield f"{where}:{node.lineno}: {bound[node.value.id]}.{node.attr}"


def offences(package: tuple[str, Path], users: list[Path]) -> list[str]:
    """Every private name of ``package`` taken across modules, by the package or by ``users``' code."""
    name, folder = package
    modules = modules_of(name, folder)
    known = set(modules)
    found = [line for module, path in modules.items() for line in private_uses(module, path, name, known)]
    for user in users:
        for path in sorted(user.rglob("*.py")):
            # the user's own module name does not matter: it is outside the package
            found.extend(private_uses(f"{user.name}.{path.stem}", path, name, known))
    return found


def test_no_private_name_of_the_core_is_used_outside_its_module() -> None:
    found = offences(CORE, [user for user in USERS if user.is_dir()])
    assert found == [], "private names used across modules:\n" + "\n".join(found)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("files", "user", "expected"),
    [
        # a private name from a sibling, relative and absolute, at module level and in a function
        (
            {
                "__init__.py": "",
                "low.py": "def _helper(): ...\n",
                "high.py": "from .low import _helper\n",
                "deep/__init__.py": "",
                "deep/mid.py": "def f():\n    from pkg.low import _helper as h\n",
            },
            "",
            ["pkg/deep/mid.py:2: from pkg.low import _helper", "pkg/high.py:1: from pkg.low import _helper"],
        ),
        # a private name read off an imported module
        (
            {"__init__.py": "", "low.py": "_TABLE = ()\n", "high.py": "from . import low\nx = low._TABLE\n"},
            "",
            ["pkg/high.py:2: pkg.low._TABLE"],
        ),
        # a private child module: its package may import it, another package may not
        (
            {
                "__init__.py": "",
                "rec/__init__.py": "from ._lines import read\nfrom . import _lines\n",
                "rec/_lines.py": "def read(): ...\n",
                "other.py": "from .rec._lines import read\nimport pkg.rec._lines\n",
            },
            "",
            ["pkg/other.py:1: from pkg.rec._lines import ...", "pkg/other.py:2: import pkg.rec._lines"],
        ),
        # code outside the package: only the package's private names count
        (
            {"__init__.py": "", "low.py": "def _helper(): ...\n"},
            "from pkg.low import _helper\nfrom os import _exit\nfrom ._mine import _x\n",
            ["user/script.py:1: from pkg.low import _helper"],
        ),
        # code outside the package: a private attribute of an imported class, read or written
        (
            {"__init__.py": "", "low.py": "class Pos:\n    @classmethod\n    def _raw(cls): ...\n"},
            "from pkg.low import Pos as P\nP._raw()\nP._cache = None\nP.public()\n",
            ["user/script.py:2: pkg.low.Pos._raw", "user/script.py:3: pkg.low.Pos._cache"],
        ),
    ],
)
def test_the_check_finds_private_names_across_modules(
    tmp_path: Path, files: dict[str, str], user: str, expected: list[str]
) -> None:
    _write(tmp_path / "pkg", files)
    _write(tmp_path / "user", {"script.py": user})
    found = offences(("pkg", tmp_path / "pkg"), [tmp_path / "user"])
    assert sorted(line.replace(str(tmp_path) + "/", "") for line in found) == expected


def test_the_check_passes_public_names_and_a_module_s_own_privates(tmp_path: Path) -> None:
    _write(
        tmp_path / "pkg",
        {
            "__init__.py": "from .low import helper\n",
            "low.py": "def _own(): ...\ndef helper():\n    return _own()\n",
            "high.py": "from . import low\nfrom .low import helper\nx = low.helper, low.__name__\n",
        },
    )
    assert offences(("pkg", tmp_path / "pkg"), []) == []
