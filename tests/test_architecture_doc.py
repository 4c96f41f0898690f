"""docs/architecture.md tells the truth about imports: its picture and its claim about ``tests/``.

The picture's arrows (a Mermaid graph) are compared with the imports read from the code
(:mod:`ast`, at any depth of a module, ``TYPE_CHECKING`` included), both ways: every arrow
drawn is an import somewhere, and every import between two rooms of the picture is drawn.
The sentence "nothing imports `tests/` but ..." must name exactly the modules outside
``tests/`` that import it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"

ROOMS: list[tuple[str, str]] = [  # (path prefix, room), the first that matches
    ("bench/", "bench"),
    ("bot_training/", "training"),
    ("tools/", "tools"),
    ("web/app/main.py", "page"),
    ("web/app/page/", "page"),
    ("web/app/records/", "records"),
    ("web/app/editor/", "editor"),
    ("web/app/embed/", "embed"),
    ("web/app/dom.py", "dom"),
    ("web/app/board/", "board"),
    ("web/app/text/", "text"),
    ("core/analysis/", "analysis"),
    ("core/bot/", "bot"),
    ("core/link/", "link"),
    ("core/", "rules"),
]
"""Where each file of the code sits in the picture (web/app's own ``__init__`` sits nowhere)."""

PACKAGE_ROOMS: list[tuple[str, str]] = [  # an imported module's dotted name -> room
    ("bot_training", "training"),
    ("tools", "tools"),
    ("app.main", "page"),
    ("app.page", "page"),
    ("app.records", "records"),
    ("app.editor", "editor"),
    ("app.embed", "embed"),
    ("app.dom", "dom"),
    ("app.board", "board"),
    ("app.text", "text"),
    ("core.analysis", "analysis"),
    ("core.bot", "bot"),
    ("core.link", "link"),
    ("core", "rules"),
]


def room_of_file(path: Path) -> str | None:
    rel = path.relative_to(ROOT).as_posix()
    return next((room for prefix, room in ROOMS if rel.startswith(prefix)), None)


def room_of_module(name: str) -> str | None:
    for prefix, room in PACKAGE_ROOMS:
        if name == prefix or name.startswith(prefix + "."):
            return room
    return None


def imported_names(path: Path) -> set[str]:
    """The absolute dotted names a file imports (``from a.b import c`` gives ``a.b.c`` and ``a.b``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:  # relative: resolved against the file
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[:2] == ["web", "app"]:
                parts = ["app", *parts[2:]]
            base = parts[: len(parts) - node.level]
            names.add(".".join(base + ([node.module] if node.module else [])))
    return names


def code_files() -> list[Path]:
    folders = ("core", "web/app", "bench", "bot_training", "tools")
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def code_edges() -> set[tuple[str, str]]:
    edges: set[tuple[str, str]] = set()
    for path in code_files():
        source = room_of_file(path)
        if source is None:
            continue
        for name in imported_names(path):
            target = room_of_module(name)
            if target is not None and target != source:
                edges.add((source, target))
    return edges


def drawn_edges(text: str) -> set[tuple[str, str]]:
    block = text.split("```mermaid", 1)[1].split("```", 1)[0]
    edges: set[tuple[str, str]] = set()
    for line in block.splitlines():
        if "-->" not in line:
            continue
        left, right = (side.strip() for side in line.split("-->", 1))
        for a in left.split("&"):
            for b in right.split("&"):
                edges.add((a.strip(), b.strip()))
    return edges


def test_the_pictures_arrows_are_the_codes_imports() -> None:
    drawn, found = drawn_edges(DOC.read_text(encoding="utf-8")), code_edges()
    assert sorted(drawn - found) == [], "arrows drawn that no import makes"
    assert sorted(found - drawn) == [], "imports between rooms the picture does not draw"


def test_the_modules_that_import_tests_are_the_ones_named() -> None:
    pattern = r"nothing imports `tests/` but ((?:`[^`]+`(?:,\s*|\s+and\s+)?)+)"
    sentence = re.search(pattern, DOC.read_text(encoding="utf-8"))
    assert sentence is not None
    named = set(re.findall(r"`([^`]+\.py)`", sentence.group(1)))
    importers = {
        path.relative_to(ROOT).as_posix()
        for path in code_files()
        if any(name == "tests" or name.startswith("tests.") for name in imported_names(path))
    }
    assert importers == named
