"""What the build adds to Pyodide's standard library (tools/pyodide_site/sitecustomize.py).

Here in CPython, whose zipimport and dataclasses work as Pyodide's do on these points; the last
test starts the built standard library in Pyodide under Node.
"""

from __future__ import annotations

import dataclasses
import importlib.machinery
import importlib.util
import io
import json
import marshal
import subprocess
import sys
import zipfile
import zipimport
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import precompile  # noqa: E402

SITE = precompile.site_module()


def _compiled_zip(tmp_path: Path, files: dict[str, str]) -> Path:
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    path = tmp_path / "lib.zip"
    path.write_bytes(precompile.precompile_zip(raw.getvalue(), str(path)))
    return path


def _load(importer: Any, name: str) -> ModuleType:
    """What the import system does with a path entry's importer: find the spec, then run the module."""
    spec = importer.find_spec(name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bytecode_is_stored_in_the_zip_so_that_no_import_inflates_it(tmp_path: Path) -> None:
    path = _compiled_zip(tmp_path, {"mod.py": "X = 1\n", "data.txt": "text " * 50})
    with zipfile.ZipFile(path) as archive:
        kinds = {info.filename: info.compress_type for info in archive.infolist()}
    assert kinds == {"mod.py": zipfile.ZIP_DEFLATED, "mod.pyc": zipfile.ZIP_STORED, "data.txt": zipfile.ZIP_DEFLATED}


def test_an_added_module_is_compiled_and_replaces_an_older_copy_and_its_bytecode() -> None:
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as archive:
        archive.writestr("a.py", "A = 1\n")
        archive.writestr("site_x.py", "OLD = 1\n")
        archive.writestr("site_x.pyc", b"stale")
    data = precompile.precompile_zip(raw.getvalue(), "/lib/x.zip", only=set(), add={"site_x.py": b"NEW = 2\n"})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.namelist() == ["a.py", "site_x.py", "site_x.pyc"]  # a.py not asked for: no bytecode
        assert archive.read("site_x.py") == b"NEW = 2\n"
        code = marshal.loads(archive.read("site_x.pyc")[16:])
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["NEW"] == 2 and "OLD" not in namespace


def test_the_zip_importer_reads_each_module_once_and_names_it_as_zipimport_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _compiled_zip(tmp_path, {"mod.py": "def f():\n    return 41 + 1\n", "pkg/__init__.py": "P = 'p'\n"})
    reads: list[str] = []
    real = zipimport._get_module_code  # type: ignore[attr-defined]

    def counted(importer: zipimport.zipimporter, name: str) -> Any:
        reads.append(name)
        return real(importer, name)

    monkeypatch.setattr(zipimport, "_get_module_code", counted)
    seen = {}
    for kind in (zipimport.zipimporter, SITE.OnceZipImporter):
        reads.clear()
        importer = kind(str(path))
        mod, pkg = _load(importer, "mod"), _load(importer, "pkg")
        seen[kind] = (reads.copy(), mod.__file__, mod.__spec__.origin, pkg.__file__, pkg.__path__, mod.f(), pkg.P)
    plain, once = seen[zipimport.zipimporter], seen[SITE.OnceZipImporter]
    assert plain[0] == ["mod", "mod", "pkg", "pkg"]  # zipimport: once to name the file, once to run it
    assert once[0] == ["mod", "pkg"]
    assert once[1:] == plain[1:]
    assert once[1] == f"{path}/mod.pyc" and once[5] == 42
    # get_code asked first (no get_filename before it): read then
    reads.clear()
    assert SITE.OnceZipImporter(str(path)).get_code("mod").co_filename == f"{path}/mod.py"
    assert reads == ["mod"]


def test_installed_the_importer_takes_every_zip_path_and_the_zips_found_already(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(_compiled_zip(tmp_path, {"zmod.py": "Z = 3\n"}))
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    monkeypatch.setattr(sys, "path_importer_cache", {path: zipimport.zipimporter(path), "/elsewhere": None})
    assert SITE.install_zip_importer() is True
    assert type(sys.path_importer_cache[path]) is SITE.OnceZipImporter
    assert sys.path_importer_cache["/elsewhere"] is None
    hook = sys.path_hooks[0]
    assert type(hook(path + "/sub")) is SITE.OnceZipImporter  # a folder inside a zip
    with pytest.raises(ImportError, match="not a zip"):
        hook(str(tmp_path))  # a folder: the next hook's (FileFinder)
    monkeypatch.delattr(zipimport, "_get_module_code")
    assert SITE.install_zip_importer() is False  # another Python: nothing changed


def _point_class() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()

    return Point


def test_dataclasses_run_the_recorded_code_of_a_text_they_know_and_compile_any_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SITE, "RECORDED", {})
    monkeypatch.setattr(dataclasses, "exec", SITE.recording_exec(), raising=False)
    _point_class()
    recorded = dict(SITE.RECORDED)
    assert recorded and all(text.startswith("def ") for text in recorded)
    monkeypatch.setattr(SITE, "STATS", {"served": 0, "compiled": 0})
    monkeypatch.setattr(dataclasses, "exec", SITE.dataclass_exec(recorded), raising=False)
    point = _point_class()
    assert {"served": len(recorded), "compiled": 0} == SITE.STATS
    a, b = point(1), point(1, 0)
    assert a == b and hash(a) == hash(b) and repr(point(2, 3)) == f"{point.__qualname__}(x=2, y=3, tags=())"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 5
    assert point.__match_args__ == ("x", "y", "tags") and "__slots__" in point.__dict__

    @dataclasses.dataclass
    class Other:  # a text the recording never saw
        name: str

    assert SITE.STATS["compiled"] >= 1 and SITE.STATS["served"] == len(recorded)
    assert Other("z").name == "z"


def test_the_recorded_codes_are_installed_only_when_they_can_be_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SITE.RECORD_ENV, raising=False)
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    assert SITE.install_dataclass_codes(None) is False

    def missing(name: str) -> bytes:
        raise OSError(name)

    assert SITE.install_dataclass_codes(missing) is False
    assert SITE.install_dataclass_codes(lambda name: b"not marshal data") is False
    assert exec is dataclasses.exec  # type: ignore[attr-defined]  # untouched
    asked = []
    assert SITE.install_dataclass_codes(lambda name: asked.append(name) or marshal.dumps({})) is True
    assert asked == [SITE.DATACLASS_CODES] and dataclasses.exec is not exec  # type: ignore[attr-defined]
    monkeypatch.setenv(SITE.RECORD_ENV, "1")
    assert SITE.install_dataclass_codes(None) is True  # recording: nothing to read


def test_pyscripts_package_is_read_from_the_pinned_core_chunk() -> None:
    sources = precompile.pyscript_sources(ROOT / "node_modules" / "@pyscript" / "core" / "dist")
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/display.py"} <= set(sources)
    for name, text in sources.items():
        compile(text, name, "exec")  # Python text, unescaped
    assert "from pyscript.context import" in sources["pyscript/__init__.py"]
    with pytest.raises(ValueError, match="JSON|Expecting|Invalid"):
        precompile.js_object('{a:"\\x41"}', 0)  # an escape of JavaScript's own, not JSON's


def test_modules_written_at_run_time_run_the_builds_bytecode_unless_their_source_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources = {"runpkg/__init__.py": "from runpkg.part import VALUE\n", "runpkg/part.py": "VALUE = 'built'\n"}
    table = precompile.source_bytecode(sources, str(tmp_path))
    read = {SITE.SOURCE_BYTECODE: marshal.dumps(table)}
    for name, text in sources.items():  # written at run time, as PyScript writes its package
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    compiled: list[str] = []
    real = importlib.machinery.SourceFileLoader.source_to_code

    def counted(self: Any, data: Any, path: Any, *args: Any, **kwargs: Any) -> Any:
        compiled.append(str(path))
        return real(self, data, path, *args, **kwargs)

    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code", counted)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert SITE.install_source_bytecode(read.__getitem__) is True
    try:
        import runpkg  # type: ignore[import-not-found]

        assert runpkg.VALUE == "built" and compiled == []  # both from the table's bytecode
        assert type(runpkg.__spec__.loader).__name__ == "Loader"
        assert runpkg.__file__ == str(tmp_path / "runpkg" / "__init__.py")
        # a source that is not the one compiled (another PyScript): compiled from the source, as before
        for name in ("runpkg", "runpkg.part"):
            sys.modules.pop(name)
        (tmp_path / "runpkg" / "part.py").write_text("VALUE = 'changed'\n", encoding="utf-8")
        import runpkg

        assert runpkg.VALUE == "changed" and compiled == [str(tmp_path / "runpkg" / "part.py")]
    finally:
        for name in ("runpkg", "runpkg.part"):
            sys.modules.pop(name, None)

    def missing(name: str) -> bytes:
        raise OSError(name)

    assert SITE.install_source_bytecode(missing) is False  # none in the zip: nothing installed


START_CHECK = """
import { loadPyodide } from "pyodide";
const [stdlib, ours, pyscript] = process.argv.slice(1);
const py = await loadPyodide({ stdLibURL: stdlib, env: { HOME: "/home/pyodide" } });
py.registerJsModule("pyscript", { document: {}, window: { navigator: { languages: [] } } });
py.FS.writeFile("/home/pyodide/videau.zip", (await import("node:fs")).readFileSync(ours));
py.globals.set("pyscript_sources", pyscript);
try {
  console.log(py.runPython(`
import importlib.util, json, os, sys, sitecustomize
bootstrap = dict(sitecustomize.STATS)
sys.path.insert(0, "/home/pyodide/videau.zip")
import app.page.app
# PyScript's package, written as PyScript writes it: its bytecode found by the loader, for that source
found = {}
sources = json.loads(pyscript_sources)
for name, text in sources.items():
    path = "/home/pyodide/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
importlib.invalidate_caches()
for name, text in sources.items():
    path = "/home/pyodide/" + name
    module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    parent = ["/home/pyodide/pyscript"] if "." in module else ["/home/pyodide"]
    spec = sys.meta_path[0].find_spec(module, parent)
    pyc = spec.loader.get_data(importlib.util.cache_from_source(path))
    found[module] = pyc[8:16] == importlib.util.source_hash(text.encode())
json.dumps({"bootstrap": bootstrap, "start": sitecustomize.STATS,
            "importers": sorted({type(f).__name__ for p, f in sys.path_importer_cache.items() if ".zip" in p}),
            "origin": app.page.app.__spec__.origin, "pyscript": found})
`));
} catch (error) {
  console.error(String(error.message));
  process.exit(1);
}
"""


def test_the_built_standard_library_starts_the_page_with_each_dataclass_recorded() -> None:
    """dist/ as built: Pyodide starts from its standard library with sitecustomize, and the page's
    modules (imported as main.py does) create every dataclass from the build's recorded code; the
    bytecode of PyScript's package is found for the sources PyScript writes."""
    dist = ROOT / "dist"
    if not (dist / "pyodide" / "python_stdlib.zip").is_file():
        pytest.fail("dist/ is not built: run ./build.sh build (./build.sh test does)")
    stdlib, ours = dist / "pyodide" / "python_stdlib.zip", dist / "videau.zip"
    sources = precompile.pyscript_sources(dist / "pyscript")
    done = subprocess.run(
        ["node", "--input-type=module", "-e", START_CHECK, str(stdlib), str(ours), json.dumps(sources)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    assert facts["bootstrap"]["served"] >= 1  # Pyodide's own start (traceback's _colorize) already
    assert facts["start"]["compiled"] == 0 and facts["start"]["served"] > 30
    assert facts["importers"] == ["OnceZipImporter"]
    assert facts["origin"] == "/home/pyodide/videau.zip/app/page/app.pyc"
    assert facts["pyscript"] == dict.fromkeys(facts["pyscript"], True) and "pyscript.context" in facts["pyscript"]
