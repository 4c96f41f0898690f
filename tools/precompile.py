"""Bytecode for what Pyodide imports, compiled at build time so that no page load compiles it.

    node tools/precompile.mjs dist     (runs this module inside Pyodide: its CPython, its magic)

Pyodide's ``python_stdlib.zip`` holds sources only and Pyodide runs with
``dont_write_bytecode``, so every page load compiles each module it imports from source: the
~190 modules of the interpreter's own start, then ours. This adds bytecode beside the sources:

:func:`precompile_zip` rewrites a zip imported by ``zipimport`` with a ``name.pyc`` next to each
``name.py`` (``zipimport`` tries ``.pyc`` first): the standard library's (the modules the
interpreter's start and ours import) and ``videau.zip`` (the core and the ``app`` package, all
of it; written by tools/gen_config.py, put on ``sys.path`` by the page).

Every ``.pyc`` is *unchecked-hash* (PEP 552): the importer runs it without reading the source
beside it (checked-hash bytecode made each import read, inflate and hash its source: in Node,
loadPyodide() 914 -> 717 ms and our imports 275 -> 154 ms unchecked, medians of 10, #46). That
is safe because each zip is written whole by the build, sources and bytecode together, and never
changed after (tools/make_test_build.py, which rewrites videau.zip, compiles it again with
``--ours-only``). A
``.pyc`` of another Python (another magic number) is still ignored; the sources stay, for
tracebacks. The interpreter that runs this module must be the one that will import the files
(hence Pyodide under Node: the build's CPython is another version).

:func:`defer_archive_imports` also rewrites two of Pyodide's own modules in the standard
library's zip before they are compiled: its start imports ``pyodide._package_loader``, whose first
lines import ``shutil`` (with ``bz2``, ``lzma``, ``compression.zstd``), ``tempfile`` (with
``random``) and ``zipfile`` and register the wheel format with ``shutil``; ``pyodide.common``
imports ``shutil``. All of it serves only to unpack archives (``pyodide.unpackArchive``: the embeds'
and the analysis' workers), never done at the page's start. Rewritten, each imports them where
it unpacks, and every start imports 19 modules fewer (bench/startup.py, 5 interleaved rounds,
load 2.7: warm ready 681 vs 723 ms, cold 1277 vs 1397; #46).

Each ``.pyc`` is *stored* in its zip, not deflated: zipimport then has nothing to inflate at each
import (a pyc deflates to about a quarter, but the server sends the zips gzip-compressed, so the
bytes on the wire do not grow: a first visit 9.79 MB deflated, 9.76 MB stored, bench/startup.py).
And :data:`SITE` (tools/pyodide_site/sitecustomize.py) goes into the standard library's zip,
compiled, with beside it the bytecode of PyScript's own package (:func:`source_bytecode`) and the
code that dataclasses generate on the page's start (:func:`record_dataclass_codes`, run by
tools/precompile.mjs in a second Pyodide started from that zip): see that module for all three.

>>> import io, zipfile
>>> raw = io.BytesIO()
>>> with zipfile.ZipFile(raw, "w") as z:
...     z.writestr("pkg/__init__.py", "X = 1\\n")
>>> names = zipfile.ZipFile(io.BytesIO(precompile_zip(raw.getvalue(), "/lib/x.zip"))).namelist()
>>> names
['pkg/__init__.py', 'pkg/__init__.pyc']
"""

from __future__ import annotations

import importlib.util
import io
import json
import marshal
import os
import re
import sys
import tempfile
import zipfile
from collections.abc import Collection, Iterable
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path
from types import ModuleType

HOME = "/home/pyodide"  # Pyodide's working directory, where PyScript writes config.json's files
SITE = Path(__file__).with_name("pyodide_site") / "sitecustomize.py"  # added to the standard library's zip
START = "app.page.app"  # what the page imports before it is ready (web/app/main.py)


def site_module() -> ModuleType:
    """:data:`SITE` loaded as a plain module (under another name: it installs nothing)."""
    spec = importlib.util.spec_from_file_location("videau_pyodide_site", SITE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pyc_bytes(source: bytes, filename: str) -> bytes:
    """Unchecked-hash bytecode of ``source``, its code named ``filename`` (what tracebacks show).

    >>> data = pyc_bytes(b"A = 2\\n", "/x/a.py")
    >>> data[:4] == importlib.util.MAGIC_NUMBER, int.from_bytes(data[4:8], "little")  # flags: hash, unchecked
    (True, 1)
    """
    code = compile(source, filename, "exec", dont_inherit=True)
    source_hash = importlib.util.source_hash(source)
    data: bytes = _code_to_hash_pyc(code, source_hash, checked=False)
    return bytes(data)


# Pyodide's text, then ours, for each module rewritten (the python_stdlib.zip of Pyodide 314.0.7, as
# package-lock.json pins it): exact, so
# that another version's text stops the build rather than ship a module half rewritten.
_WHEEL_FORMAT = """
    shutil.register_archive_format("whl", make_whlfile, description="Wheel file")
    shutil.register_unpack_format(
        "whl",
        [".whl", ".wheel"],
        shutil._unpack_zipfile,  # type: ignore[attr-defined]
        description="Wheel file",
    )
"""
ARCHIVE_IMPORTS: dict[str, tuple[tuple[str, str], ...]] = {
    "pyodide/_package_loader.py": (
        ("import shutil\n", ""),
        ("from tempfile import NamedTemporaryFile\n", ""),
        ("from zipfile import ZipFile\n", ""),
        (
            "if IN_PYODIDE:" + _WHEEL_FORMAT,
            "_wheel_format = False\n\n\n"
            "def _shutil():  # shutil, with the wheel format registered (Videau's build: imported on first use)\n"
            "    global _wheel_format\n"
            "    import shutil\n\n"
            "    if IN_PYODIDE and not _wheel_format:\n"
            "        _wheel_format = True" + _WHEEL_FORMAT.replace("\n    ", "\n        ") + "    return shutil\n",
        ),
        ("    return shutil._make_zipfile(", "    import shutil\n\n    return shutil._make_zipfile("),
        ("in shutil.get_unpack_formats():", "in _shutil().get_unpack_formats():"),
        (
            "    with NamedTemporaryFile(suffix=filename) as f:",
            "    from tempfile import NamedTemporaryFile\n    from zipfile import ZipFile\n\n"
            "    with NamedTemporaryFile(suffix=filename) as f:",
        ),
        ("        shutil.unpack_archive(f.name, ", "        _shutil().unpack_archive(f.name, "),
        (
            "        dynlib_paths_iter = ZipFile(archive).namelist()",
            "        from zipfile import ZipFile\n\n        dynlib_paths_iter = ZipFile(archive).namelist()",
        ),
    ),
    "pyodide/common.py": (
        ("import os\nimport shutil\n", "import os\n"),
        ("    src = Path(src).resolve()\n", "    import shutil\n\n    src = Path(src).resolve()\n"),
    ),
}


REWRITTEN = "# Rewritten by Videau's build (tools/precompile.py): shutil, tempfile, zipfile imported on use\n"


def defer_archive_imports(name: str, source: str) -> str:
    """``source`` of the zip's entry ``name`` with the archive modules imported where they are used
    (:data:`ARCHIVE_IMPORTS`); any other entry as it is.

    >>> common = "import os\\nimport shutil\\ndef f(src):\\n    src = Path(src).resolve()\\n"
    >>> print(defer_archive_imports("pyodide/common.py", common))
    # Rewritten by Videau's build (tools/precompile.py): shutil, tempfile, zipfile imported on use
    import os
    def f(src):
        import shutil
    <BLANKLINE>
        src = Path(src).resolve()
    <BLANKLINE>
    >>> defer_archive_imports("pyodide/common.py", "import shutil\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    SystemExit: pyodide/common.py: not Pyodide's text that tools/precompile.py rewrites (another Pyodide?): ...
    """
    if name not in ARCHIVE_IMPORTS or source.startswith(REWRITTEN):
        return source  # not one of them, or rewritten already (precompile run twice on one site)
    source = REWRITTEN + source
    for old, new in ARCHIVE_IMPORTS[name]:
        if source.count(old) != 1:
            raise SystemExit(
                f"{name}: not Pyodide's text that tools/precompile.py rewrites (another Pyodide?): {old!r}"
            )
        source = source.replace(old, new)
    return source


def precompile_zip(
    data: bytes,
    mounted_at: str,
    only: Collection[str] | None = None,
    *,
    rewrite: bool = False,
    add: dict[str, bytes] | None = None,
) -> bytes:
    """The zip ``data`` with a ``.pyc`` beside each ``.py`` (entries in the original order).

    ``only``: the names (``json/decoder.py``) to compile, the others keep their source alone.
    ``rewrite``: the sources that :func:`defer_archive_imports` names are rewritten first (and
    must then be in the zip). ``add``: entries to add (or replace) at the end, by name: a ``.py``
    is compiled too, any other (data read at run time) is stored, as bytecode is.

    ``mounted_at`` is the zip's path on ``sys.path`` (``/lib/python314.zip`` in Pyodide): code
    objects are named ``mounted_at/name.py``, as ``zipimport`` names what it compiles. A source
    that does not compile (a test fixture, say) is left without bytecode.
    """
    add = add or {}
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        replaced = set(add) | {name + "c" for name in add}  # an added module's old bytecode goes too
        entries = [(info, src.read(info)) for info in src.infolist() if info.filename not in replaced]
        names = {info.filename for info, _ in entries} | set(add)
        if rewrite and not set(ARCHIVE_IMPORTS) <= names:
            raise SystemExit(f"not in the zip: {sorted(set(ARCHIVE_IMPORTS) - names)} (another Pyodide?)")
        entries += [(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), body) for name, body in add.items()]
        for info, body in entries:
            if rewrite and info.filename in ARCHIVE_IMPORTS:
                body = defer_archive_imports(info.filename, body.decode("utf-8")).encode("utf-8")
            kind = info.compress_type
            if info.filename in add:
                kind = zipfile.ZIP_DEFLATED if info.filename.endswith(".py") else zipfile.ZIP_STORED
            dst.writestr(info, body, compress_type=kind)
            if not info.filename.endswith(".py") or info.filename + "c" in names:
                continue
            if only is not None and info.filename not in only and info.filename not in add:
                continue
            try:
                pyc = pyc_bytes(body, f"{mounted_at}/{info.filename}")
            except SyntaxError:
                continue
            entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            dst.writestr(entry, pyc, compress_type=zipfile.ZIP_STORED)  # nothing to inflate at import
    return out.getvalue()


def with_entry(data: bytes, name: str, body: bytes) -> bytes:
    """The zip ``data`` with the entry ``name`` (stored) holding ``body``, in place of any before.

    >>> import io, zipfile
    >>> raw = io.BytesIO()
    >>> with zipfile.ZipFile(raw, "w") as z:
    ...     z.writestr("a.txt", "1")
    ...     z.writestr("b.txt", "2")
    >>> new = zipfile.ZipFile(io.BytesIO(with_entry(raw.getvalue(), "a.txt", b"3")))
    >>> new.namelist(), new.read("a.txt")
    (['b.txt', 'a.txt'], b'3')
    """
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != name:
                dst.writestr(info, src.read(info), compress_type=info.compress_type)
        dst.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), body, compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def imported_from(mounted_at: str, skip: Iterable[str] = ()) -> set[str]:
    """The names in the zip at ``mounted_at`` of the modules imported so far (``sys.modules``).

    >>> "json/__init__.py" in imported_from("/nowhere")
    False
    """
    found: set[str] = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(mounted_at + "/"):
            name = origin[len(mounted_at) + 1 :]
            found.add(name[:-1] if name.endswith(".pyc") else name)
    return found - set(skip)


def import_everything(root: Path, packages: Iterable[str]) -> list[str]:
    """Import every module of ``packages`` found under ``root`` (put first on ``sys.path``).

    Entry points (``app.main``, any ``__main__``) are skipped; a module that fails to import
    outside the page is passed over. Returns the modules imported.
    """
    sys.path.insert(0, str(root))
    done: list[str] = []
    for package in packages:
        for source in sorted((root / package).rglob("*.py")):
            parts = list(source.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join(parts)
            if name == "app.main" or parts[-1] == "__main__":
                continue
            try:
                importlib.import_module(name)
            except Exception:
                continue
            done.append(name)
    return done


_JS_TOKEN = re.compile(r'\s*(?:([{}:,])|([A-Za-z_$][\w$]*)|("(?:[^"\\]|\\.)*"))', re.S)


def js_object(text: str, start: int) -> tuple[dict[str, object], int]:
    """The object literal at ``text[start]`` of keys and string values (nested objects), and where it ends.

    Strings are read as JSON strings: an escape of JavaScript's own (``\\x41``) stops with ``ValueError``.

    >>> js_object('x = {a:{"b.py":"c\\\\n"},d:"e"};', 4)
    ({'a': {'b.py': 'c\\n'}, 'd': 'e'}, 28)
    """

    def token(at: int) -> tuple[str, int]:
        found = _JS_TOKEN.match(text, at)
        if found is None:
            raise ValueError(f"not an object literal of strings at {at}: {text[at : at + 40]!r}")
        return found.group(found.lastindex or 0), found.end()

    def value(at: int) -> tuple[object, int]:
        word, end = token(at)
        if word == "{":
            result: dict[str, object] = {}
            word, after = token(end)
            while word != "}":
                key = json.loads(word) if word.startswith('"') else word
                colon, after = token(after)
                if colon != ":":
                    raise ValueError(f"expected ':' at {after}")
                result[key], after = value(after)
                word, after = token(after)
                if word == ",":
                    word, after = token(after)
            return result, after
        if word.startswith('"'):
            return json.loads(word), end
        raise ValueError(f"expected a string or an object at {at}: {word!r}")

    found, end = value(start)
    if not isinstance(found, dict):
        raise ValueError(f"not an object literal at {start}")
    return found, end


PYSCRIPT_PACKAGE = '{pyscript:{"__init__.py":'  # how PyScript's core chunk holds its Python package


def pyscript_sources(pyscript: Path) -> dict[str, str]:
    """The Python files PyScript writes in the working directory at each start (``pyscript/x.py``: text),
    read from its core chunk in ``pyscript`` (dist/pyscript)."""
    chunks = sorted(pyscript.glob("core-*.js"))
    if len(chunks) != 1:
        raise SystemExit(
            f"{pyscript}: expected one core-*.js chunk, found {[c.name for c in chunks]} (another PyScript?)"
        )
    text = chunks[0].read_text(encoding="utf-8")
    if text.count(PYSCRIPT_PACKAGE) != 1:
        raise SystemExit(f"{chunks[0]}: PyScript's package not found as {PYSCRIPT_PACKAGE!r} (another PyScript?)")
    tree, _ = js_object(text, text.index(PYSCRIPT_PACKAGE))
    files: dict[str, str] = {}

    def walk(prefix: str, node: dict[str, object]) -> None:
        for name, item in node.items():
            if isinstance(item, str):
                files[prefix + name] = item
            else:
                walk(f"{prefix}{name}/", item)  # type: ignore[arg-type]

    walk("", tree)
    return files


def source_bytecode(sources: dict[str, str], folder: str) -> dict[str, tuple[str, bytes]]:
    """Checked-hash bytecode of ``sources`` (``pkg/mod.py``: text) as written under ``folder`` at run time:
    ``{module: (path of its .pyc, the .pyc)}``, what sitecustomize's ``install_source_bytecode`` reads.

    >>> table = source_bytecode({"pkg/__init__.py": "A = 1\\n", "pkg/m.py": ""}, "/home/x")
    >>> sorted(table), table["pkg"][0]  # doctest: +ELLIPSIS
    (['pkg', 'pkg.m'], '/home/x/pkg/__pycache__/__init__...pyc')
    >>> int.from_bytes(table["pkg.m"][1][4:8], "little")  # flags: hash-based, checked
    3
    """
    table: dict[str, tuple[str, bytes]] = {}
    for name, text in sources.items():
        path = f"{folder}/{name}"
        data = text.encode("utf-8")  # as PyScript writes it: write_text(..., encoding="utf-8")
        code = compile(data, path, "exec", dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        table[module] = (importlib.util.cache_from_source(path), bytes(pyc))
    return table


def record_dataclass_codes(dist: Path) -> int:
    """Write beside sitecustomize in DIST's standard-library zip the code dataclasses generate on the
    page's start; returns how many texts.

    Runs in a Pyodide started from that zip with the recording switched on (tools/precompile.mjs):
    its sitecustomize has kept every text since the interpreter's start (Pyodide's own classes,
    ``_colorize``'s), and :data:`START` is imported here from DIST's videau.zip, as the page does.
    """
    site = site_module()
    recorded = getattr(sys.modules.get("sitecustomize"), "RECORDED", None)
    if not os.environ.get(site.RECORD_ENV) or recorded is None:
        raise SystemExit(f"--record-dataclasses: run in a Pyodide started from {dist}'s zip with {site.RECORD_ENV}=1")
    sys.path.insert(0, str(dist / "videau.zip"))
    importlib.import_module(START)
    stdlib = dist / "pyodide" / "python_stdlib.zip"
    stdlib.write_bytes(with_entry(stdlib.read_bytes(), site.DATACLASS_CODES, marshal.dumps(dict(recorded))))
    return len(recorded)


def main(argv: list[str]) -> None:
    """``precompile.py DIST [--ours-only | --record-dataclasses] [--plain]``: bytecode into
    DIST/pyodide/python_stdlib.zip (with :func:`defer_archive_imports` and :data:`SITE`) and
    DIST/videau.zip; ``--plain``: bytecode only, none of the start-up tricks that lean on Pyodide's
    text or private APIs (no rewrite, no sitecustomize, no PyScript bytecode: a build to compare
    with, ``VIDEAU_PLAIN_START=1 ./build.sh build``); ``--ours-only``: into videau.zip alone (the tests' build,
    tools/make_test_build.py, rewrites only that zip of a compiled site); ``--record-dataclasses``:
    :func:`record_dataclass_codes`, the second step."""
    if "--record-dataclasses" in argv:
        count = record_dataclass_codes(Path(argv[0]))
        print(f"{argv[0]}: the code of {count} dataclass texts of the start recorded", file=sys.stderr)
        return
    ours_only, plain = "--ours-only" in argv, "--plain" in argv
    argv = [a for a in argv if a not in ("--ours-only", "--plain")]
    if len(argv) != 1:
        raise SystemExit("usage: precompile.py DIST_DIR [--ours-only] [--plain] (inside Pyodide: see precompile.mjs)")
    dist = Path(argv[0])
    stdlib = dist / "pyodide" / "python_stdlib.zip"
    ours = dist / "videau.zip"
    jobs: list[tuple[Path, bytes]] = []
    if not ours_only:
        mounted_at = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
        staging = Path(tempfile.mkdtemp())
        with zipfile.ZipFile(ours) as z:
            z.extractall(staging)
        imported = import_everything(staging, ("core", "app"))
        used = imported_from(mounted_at)
        print(f"{len(imported)} modules of ours import {len(used)} of the standard library's", file=sys.stderr)
        add: dict[str, bytes] = {}
        if not plain:  # the tricks that lean on private APIs and exact texts (docs/architecture.md)
            pyscript = source_bytecode(pyscript_sources(dist / "pyscript"), HOME)
            add = {SITE.name: SITE.read_bytes(), site_module().SOURCE_BYTECODE: marshal.dumps(pyscript)}
        data = precompile_zip(stdlib.read_bytes(), mounted_at, used, rewrite=not plain, add=add)
        jobs.append((stdlib, data))
    # videau.zip where the page writes it (config.json: "./videau.zip" in Pyodide's home directory)
    jobs.append((ours, precompile_zip(ours.read_bytes(), f"{HOME}/{ours.name}")))
    for path, data in jobs:
        before = path.stat().st_size
        path.write_bytes(data)
        tag = sys.implementation.cache_tag
        print(f"{path}: {before:,} -> {len(data):,} bytes (bytecode for {tag})", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
