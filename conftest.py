"""Collection of the page's package (``web/app``) by pytest: its doctests run under CPython.

A module that needs Pyodide (it imports ``js``, ``pyscript`` or ``pyodide``, directly or
through another module of the package) cannot be imported here: it is skipped, found by
reading the imports, not from a list kept by hand. Its doctests, if any, would run only in
the browser; such modules keep theirs out and are covered by the e2e tests.

``--shard K/N`` keeps every N-th collected test from the K-th (0-based): ./build.sh runs the
core's tests in Pyodide, which computes on one thread, as N such processes side by side.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parent / "web" / "app"
TEST_BUILD = Path(__file__).resolve().parent / "tests" / "test_build"
"""Files laid over a copy of dist/ for the e2e tests (tools/make_test_build.py): modules of the
package ``app`` living outside web/app, so not importable here; tests/web imports the pure one."""
PYODIDE_ONLY = frozenset({"js", "pyscript", "pyodide"})


def _module_file(name: str) -> Path | None:
    """The file of ``app.x.y`` in web/app, if it is one of the package's modules."""
    parts = name.split(".")
    if parts[0] != "app":
        return None
    path = APP.joinpath(*parts[1:])
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imports(path: Path) -> set[str]:
    """Dotted names imported by the module at ``path`` (``from a import b``: ``a`` and ``a.b``)."""
    names: set[str] = set()
    # the package that relative imports start from: a/b/c.py -> a.b, a/b/__init__.py -> a.b
    package = ".".join(("app", *path.relative_to(APP).parts[:-1]))
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, node.module] if node.module else parts)
            else:
                base = node.module or ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


@cache
def needs_pyodide(path: Path) -> bool:
    """True when the module at ``path`` imports a Pyodide-only module, directly or through the package."""
    names = _imports(path)
    if any(name.split(".")[0] in PYODIDE_ONLY for name in names):
        return True
    return any((other := _module_file(name)) is not None and other != path and needs_pyodide(other) for name in names)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    path = collection_path.resolve()
    if path == TEST_BUILD or path.is_relative_to(TEST_BUILD):
        return True
    if path.suffix == ".py" and path.is_relative_to(APP) and needs_pyodide(path):
        return True
    return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--shard", metavar="K/N", help="run only every N-th test from the K-th (0 <= K < N)")


def shard_of(text: str) -> tuple[int, int]:
    """``"K/N"`` as (K, N), checked.

    >>> shard_of("1/2")
    (1, 2)
    >>> shard_of("2/2")
    Traceback (most recent call last):
    ...
    ValueError: --shard 2/2: expected K/N with 0 <= K < N
    """
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and int(k) < int(n)):
        raise ValueError(f"--shard {text}: expected K/N with 0 <= K < N")
    return int(k), int(n)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    option = config.getoption("--shard")
    if not option:
        return
    try:
        k, n = shard_of(option)
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None
    kept = [item for i, item in enumerate(items) if i % n == k]
    config.hook.pytest_deselected(items=[item for i, item in enumerate(items) if i % n != k])
    items[:] = kept
