"""No import cycles: dependencies point one way, lower floors know nothing of upper ones.

The graph is built from the source with :mod:`ast`: absolute and relative
imports, at module level and inside functions (and under ``TYPE_CHECKING``:
a cycle there is still two modules that know each other), with ``from pkg
import module`` resolved to the module. Each package is given as
(import name, folder); a folder without ``__init__.py`` is skipped, so the
page's package joins the check once it is one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PACKAGES: list[tuple[str, Path]] = [
    ("core", Path("core")),
    ("app", Path("web/app")),
    ("bot_training", Path("bot_training")),
]


def module_names(name: str, folder: Path) -> dict[str, Path]:
    """Every module of the package ``name`` in ``folder``: dotted name -> file."""
    out: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([name, *parts])] = path
    return out


def _resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The modules in ``known`` that ``module`` (the file ``path``) imports, anywhere in its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def add(name: str) -> None:
        # the module itself, else the nearest known package above it
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            relative = node.level > 0
            base = _resolve_relative(module, is_package, node.level, node.module) if relative else node.module or ""
            for alias in node.names:
                full = f"{base}.{alias.name}" if base else alias.name
                add(full if full in known else base)
    return found


def import_graph(packages: list[tuple[str, Path]]) -> dict[str, set[str]]:
    """The import graph of the packages that exist (a folder with ``__init__.py``)."""
    modules: dict[str, Path] = {}
    for name, folder in packages:
        if (folder / "__init__.py").is_file():
            modules.update(module_names(name, folder))
    known = set(modules)
    return {module: imports_of(module, path, known) for module, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as ``[a, b, ..., a]``, or ``None`` when there is none."""
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_no_import_cycle() -> None:
    packages = [(name, ROOT / folder) for name, folder in PACKAGES]
    graph = import_graph(packages)
    assert "core.game" in graph and "core.moves" in graph["core.turn"]
    assert "bot_training.checkpoints" in graph["bot_training.match"]  # the training tools are walked too
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("files", "cycle"),
    [
        # a function-level relative import closes the cycle
        (
            {"__init__.py": "", "a.py": "from . import b\n", "b.py": "def f():\n    from .a import x\n"},
            ["pkg.a", "pkg.b", "pkg.a"],
        ),
        # absolute imports, through a subpackage, `from pkg.sub import module`
        (
            {
                "__init__.py": "",
                "low.py": "import pkg.high\n",
                "sub/__init__.py": "",
                "sub/mid.py": "from pkg import low\n",
                "high.py": "from pkg.sub import mid\n",
            },
            ["pkg.high", "pkg.sub.mid", "pkg.low", "pkg.high"],
        ),
    ],
)
def test_the_check_finds_a_cycle(tmp_path: Path, files: dict[str, str], cycle: list[str]) -> None:
    _write(tmp_path / "pkg", files)
    graph = import_graph([("pkg", tmp_path / "pkg"), ("none", tmp_path / "missing")])
    assert find_cycle(graph) == cycle


def test_the_check_passes_a_package_without_cycle(tmp_path: Path) -> None:
    _write(tmp_path / "pkg", {"__init__.py": "from .a import x\n", "a.py": "from . import b\n", "b.py": "import os\n"})
    graph = import_graph([("pkg", tmp_path / "pkg")])
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": set()}
    assert find_cycle(graph) is None
