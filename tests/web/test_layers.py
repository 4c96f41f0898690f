"""The page's package holds its layers: text < board < dom < records, editor, embed < page < main.

Read from the code's own imports (the graph of ``tests/test_import_graph.py``: :mod:`ast`,
module level, inside functions and under ``TYPE_CHECKING``): each wing of ``web/app`` (its
first-level package or module) may import only the wings named for it in :data:`MAY_IMPORT`,
besides itself and the core. So:

* ``text`` imports nothing of the app; ``board`` only ``text``;
* ``dom`` (the browser's helpers) sits on ``board``; ``embed`` runs in a worker and never
  imports ``dom``; ``records`` may use ``embed``, ``editor`` may use ``records`` and ``embed``;
* ``records``, ``editor`` and ``embed`` never import ``page``: what they need of it comes in
  as a callback or a ``Protocol`` of their own;
* nothing imports ``page`` but ``main``, the entry; and the core imports nothing of the app.

A new wing fails the test until it is given its place here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("import_graph_check", ROOT / "tests" / "test_import_graph.py")
assert _spec is not None and _spec.loader is not None
_graph = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _graph
_spec.loader.exec_module(_graph)
import_graph = _graph.import_graph

MAY_IMPORT: dict[str, frozenset[str]] = {
    "app": frozenset(),  # the package's own __init__: a docstring
    "text": frozenset(),
    "board": frozenset({"text"}),
    "dom": frozenset({"text", "board"}),
    "embed": frozenset({"text", "board"}),
    "records": frozenset({"text", "board", "dom", "embed"}),
    "editor": frozenset({"text", "board", "dom", "embed", "records"}),
    "page": frozenset({"text", "board", "dom", "embed", "records", "editor"}),
    "main": frozenset({"page"}),
}
"""For each wing of ``app``, the other wings it may import (the core is open to all of them)."""


def wing(module: str) -> str:
    """The wing of a module: ``app.page.link.link_panel`` -> ``page``; ``core.match`` -> ``core``."""
    parts = module.split(".")
    if parts[0] != "app":
        return parts[0]
    return parts[1] if len(parts) > 1 else "app"


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import that breaks a layer, as ``importer -> imported``, sorted."""
    found = []
    for module, imported in graph.items():
        here = wing(module)
        for target in imported:
            there = wing(target)
            if there == here:
                continue
            if here == "core":
                allowed = there == "core"
            elif there == "core":
                allowed = True
            else:
                allowed = there in MAY_IMPORT.get(here, frozenset())
            if not allowed:
                found.append(f"{module} -> {target}")
    return sorted(found)


def app_graph() -> dict[str, set[str]]:
    return import_graph([("app", ROOT / "web" / "app"), ("core", ROOT / "core")])


def test_every_wing_has_its_place() -> None:
    wings = {wing(module) for module in app_graph() if module.startswith("app")}
    assert wings == set(MAY_IMPORT), "a wing of web/app without a place in MAY_IMPORT (or one gone)"


def test_the_layers_hold() -> None:
    graph = app_graph()
    # the check sees the page's real edges, across wings and into the core
    assert "app.board.places" in graph["app.page.app"] and "core.match" in graph["app.page.app"]
    assert "app.text" in graph["app.board.view"]
    assert violations(graph) == []


def test_nothing_but_the_entry_imports_the_page() -> None:
    importers = {wing(m) for m, imported in app_graph().items() for i in imported if wing(i) == "page"}
    assert importers <= {"page", "main"}


@pytest.mark.parametrize(
    ("edge", "broken"),
    [
        (("app.text.en", "app.board.view"), True),  # text imports nothing of the app
        (("app.board.view", "app.dom"), True),  # board is pure
        (("app.records.panel", "app.page.dialogs.editor_host"), True),  # the debt #47 named
        (("app.embed.modes", "app.dom"), True),  # the embed runs in a worker
        (("app.embed.modes", "app.records.formats"), True),
        (("app.core_like", "app.page.app"), True),  # an unknown wing may import nothing
        (("core.match", "app.board.places"), True),  # the core knows nothing of the app
        (("app.main", "app.page.app"), False),
        (("app.editor.form", "app.records.formats"), False),
        (("app.page.app", "core.match"), False),
        (("app.page.app", "app.page.link.link_boot"), False),
    ],
)
def test_the_check_sees_a_broken_layer(edge: tuple[str, str], broken: bool) -> None:
    importer, imported = edge
    assert violations({importer: {imported}}) == ([f"{importer} -> {imported}"] if broken else [])


def test_the_check_reads_imports_from_the_code(tmp_path: Path) -> None:
    """A function-level import of the page from ``records`` is found in a real file."""
    pkg = tmp_path / "app"
    for name, text in {
        "__init__.py": "",
        "page/__init__.py": "",
        "page/app.py": "X = 1\n",
        "records/__init__.py": "",
        "records/panel.py": "def f():\n    from app.page.app import X\n    return X\n",
    }.items():
        (pkg / name).parent.mkdir(parents=True, exist_ok=True)
        (pkg / name).write_text(text, encoding="utf-8")
    assert violations(import_graph([("app", pkg)])) == ["app.records.panel -> app.page.app"]
