"""The page as a reducer (#57), read from the syntax tree (:mod:`ast`):

* no module of ``web/app`` but the runner (``App.dispatch`` in ``page/app.py``) assigns the page's
  state, and none writes what used to be the App's state (``match``, ``selected``, ``notice``,
  ``bot_busy`` ...) on another object;
* the state, the actions and the effects are frozen values;
* :func:`app.page.step.step` is pure: nothing it imports, directly or not, reaches the browser
  (``js``, ``pyscript``, ``pyodide``), the page's storage, a clock or a random source;
* no feature protocol of :mod:`app.page.host` (nor any other ``Protocol`` of ``web/app``) has more
  than eight members.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "web" / "app"
RUNNER = APP / "page" / "app.py"
STEP = APP / "page" / "step.py"

STATE_NAMES = frozenset(
    {"state", "match", "selected", "notice", "notice_kind", "generation", "bot_busy", "bot_player", "over_closed_at"}
)
"""The page's state, and the App's old names for its parts (now read-only properties of the App)."""


def _targets(node: ast.AST) -> Iterator[ast.expr]:
    if isinstance(node, ast.Assign):
        todo = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        todo = [node.target]
    else:
        return
    while todo:
        target = todo.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            todo.extend(target.elts)
        elif isinstance(target, ast.Starred):
            todo.append(target.value)
        else:
            yield target


def state_writes(source: str) -> list[tuple[int, str, str, bool]]:
    """Where ``source`` assigns an attribute named in :data:`STATE_NAMES`: (line, enclosing
    function, attribute, on ``self``)."""
    found: list[tuple[int, str, str, bool]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
            for target in _targets(child):
                if isinstance(target, ast.Attribute) and target.attr in STATE_NAMES:
                    if isinstance(target.value, ast.Attribute) and target.value.attr == "dataset":
                        continue  # an element's data-state attribute, the DOM's
                    mine = isinstance(target.value, ast.Name) and target.value.id == "self"
                    found.append((child.lineno, where, target.attr, mine))
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id in ("setattr", "object.__setattr__")
                and len(child.args) >= 2
                and isinstance(child.args[1], ast.Constant)
                and child.args[1].value in STATE_NAMES
            ):
                found.append((child.lineno, where, str(child.args[1].value), False))
            visit(child, inside)

    visit(ast.parse(source), "<module>")
    return found


def test_only_the_runner_assigns_the_page_state() -> None:
    others = {}
    for path in sorted(APP.rglob("*.py")):
        writes = [w for w in state_writes(path.read_text(encoding="utf-8")) if not w[3]]
        if writes:
            others[str(path.relative_to(ROOT))] = writes
    assert others == {}, "no module writes the page's state on another object"
    in_runner = {(where, attr) for _line, where, attr, mine in state_writes(RUNNER.read_text(encoding="utf-8")) if mine}
    assert in_runner == {("__init__", "state"), ("dispatch", "state")}


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("host.match = m\n", [(1, "<module>", "match", False)]),
        ("def f(app):\n    app.state, x = s, 1\n", [(2, "f", "state", False)]),
        ("async def g(h):\n    h.generation += 1\n", [(2, "g", "generation", False)]),
        ("def f(a):\n    setattr(a, 'selected', m)\n", [(2, "f", "selected", False)]),
        ("class A:\n    def go(self, m):\n        self.host.bot_busy: bool = m\n", [(3, "go", "bot_busy", False)]),
        ("class A:\n    def go(self):\n        self.state = 1\n", [(3, "go", "state", True)]),
        ("match = host.match\nself.matches = 1\nhost.state.match.game\n", []),  # reads, another name
    ],
)
def test_the_check_sees_each_way_of_assigning(source: str, found: list[tuple[int, str, str, bool]]) -> None:
    assert state_writes(source) == found


def test_the_state_actions_and_effects_are_frozen_values() -> None:
    from app.page import step

    classes = [
        value
        for value in vars(step).values()
        if inspect.isclass(value) and value.__module__ == step.__name__ and dataclasses.is_dataclass(value)
    ]
    assert {c.__name__ for c in classes} >= {"PageState", "Mode", "Do", "Roll", "Commit", "Install", "Save", "Draw"}
    assert all(c.__dataclass_params__.frozen for c in classes)  # type: ignore[attr-defined]
    from app.page.board_input.gestures import Gestures

    assert Gestures.__dataclass_params__.frozen  # type: ignore[attr-defined]


# -- the step is pure -------------------------------------------------------------------------------
IMPURE = (
    "js", "pyscript", "pyodide", "time", "random", "secrets", "datetime", "asyncio", "app.dom", "app.page.browser",
)  # fmt: skip
"""Modules through which code reaches the browser, the storage, a clock or a random source."""


def _module_path(name: str) -> Path | None:
    parts = name.split(".")
    if parts[0] == "app":
        base = APP.parent
    elif parts[0] == "core":
        base = ROOT
    else:
        return None
    path = base.joinpath(*parts)
    if (path / "__init__.py").exists():
        return path / "__init__.py"
    file = path.with_suffix(".py")
    return file if file.exists() else None


def _imports(path: Path, name: str, *, lazy: bool = False) -> set[str]:
    """Every module ``path`` (module ``name``) imports at its top (``lazy``: inside functions too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    guarded = [node for top in tree.body if isinstance(top, ast.If) for node in top.body]  # TYPE_CHECKING
    nodes = ast.walk(tree) if lazy else iter(tree.body + guarded)
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            for alias in node.names:  # "from app.page import step" imports a module too
                found.add(f"{module}.{alias.name}")
    return found


def closure(start: str) -> set[str]:
    """The modules ``start`` imports (at its top or on first use inside it), directly or through the
    top-level imports of those (of ``app`` and ``core``): what running ``start`` loads."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = _module_path(name)
        if path is None:
            continue
        for imported in _imports(path, name, lazy=name == start):
            head = imported.split(".")[0]
            if head in ("app", "core") and _module_path(imported) is None:
                continue  # a name imported from a module, not a module
            todo.append(imported)
    return seen


def test_the_step_reaches_no_browser_storage_clock_or_dice() -> None:
    reached = closure("app.page.step")
    assert "core.match" in reached and "app.page.board_input.gestures" in reached  # the walk works
    impure = sorted(name for name in reached if any(name == bad or name.startswith(bad + ".") for bad in IMPURE))
    assert impure == []


def test_the_walk_would_see_an_impure_import() -> None:
    assert any(name.startswith("pyscript") for name in closure("app.page.app"))
    assert "app.page.browser" in closure("app.page.app")


def test_the_step_names_no_browser_global() -> None:
    tree = ast.parse(STEP.read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert not names & {"window", "document", "localStorage", "performance", "perf_counter", "Date"}


def test_the_step_does_not_change_the_state_it_is_given() -> None:
    from app.page.step import Choose, PageState, Roll, step
    from core.match import Match

    state = PageState(Match.new(3))
    copy = dataclasses.replace(state)
    after, _ = step(state, Roll(draws=(5, 2)))
    again, _ = step(state, Roll(draws=(5, 2)))
    assert state == copy and after == again and after != state  # same action, same answer
    picked, _ = step(after, Choose(13))
    assert picked.selected == 13 and after.selected is None


# -- narrow rooms -----------------------------------------------------------------------------------
def protocols() -> dict[str, int]:
    """Each ``Protocol`` class of ``web/app`` and its count of members (its bases' in the same module included)."""
    counts: dict[str, int] = {}
    for path in sorted(APP.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}

        def members(node: ast.ClassDef, classes: dict[str, ast.ClassDef] = classes) -> set[str]:
            own = {
                item.name if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) else item.target.id  # type: ignore[union-attr]
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                or (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name))
            }
            for base in node.bases:
                if isinstance(base, ast.Name) and base.id in classes:
                    own |= members(classes[base.id])
            return own

        for name, node in classes.items():
            if any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases):
                counts[f"{path.relative_to(APP)}:{name}"] = len(members(node))
    return counts


def test_no_feature_protocol_has_more_than_eight_members() -> None:
    counts = protocols()
    assert "page/host.py:LinkHost" in counts and "page/host.py:Computer" in counts
    assert {name: n for name, n in counts.items() if n > 8} == {}
    assert counts["page/host.py:LinkMode"] == 8  # its own four and the Saves' four


def test_each_feature_is_given_its_protocol_not_the_app() -> None:
    """No module of the page but app.py and main.py names the App's class."""
    named = sorted(
        str(path.relative_to(APP))
        for path in APP.rglob("*.py")
        if path not in (RUNNER, APP / "main.py") and "page.app import" in path.read_text(encoding="utf-8")
    )
    assert named == []
