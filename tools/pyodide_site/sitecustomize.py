"""What Videau's build adds to Pyodide's standard library: three start-up costs of imports, cut.

tools/precompile.py puts this module in ``python_stdlib.zip``, where ``site`` imports it at each
interpreter's start (the page's, the analysis and embed workers'), before Pyodide's own start
imports its ~150 modules and ours follow. Measured in the page (#46, bench/journal/2026-12.md,
"Start-up: each module read once"):

- **zipimport reads each module twice.** ``find_spec`` asks the loader for ``get_filename``, and
  zipimport's answers by reading, inflating and unmarshalling the module's code; ``exec_module``
  then reads it all again. :class:`OnceZipImporter` keeps the code it read for the name and hands
  it to ``get_code``: every zip on ``sys.path`` (the standard library's, ``videau.zip``) is read
  once per module.
- **dataclasses compile each class's methods from generated source** (one ``exec`` a class: ~1 ms
  in the page, some 40 classes before it is ready). The build records each generated text with
  its code (``DATACLASS_CODES`` beside this module, a marshalled ``{text: code}``);
  :func:`install_dataclass_codes` gives ``dataclasses`` an ``exec`` that runs the recorded code of
  a text it knows, and compiles any other text as before. A text holds the whole class (names,
  fields, defaults' names), so a class changed since the build is simply not found.
- **PyScript compiles its own package at each start**: it writes ``pyscript/*.py`` in the working
  directory from its JavaScript, then imports them, with no bytecode to find. The build compiles
  those sources as the pinned PyScript writes them (``SOURCE_BYTECODE``: checked-hash ``.pyc``,
  PEP 552) and :func:`install_source_bytecode` lets the import system read that bytecode where it
  looks for the ``.pyc``. Checked: the import system compares the hash of the source on disk
  with the one in the bytecode, and compiles the source as before if they differ.

All three only change where code comes from, never which code runs. With ``VIDEAU_RECORD_DATACLASSES``
set in the environment (the build's recording run), every generated text is compiled and kept in
:data:`RECORDED` instead.
"""

from __future__ import annotations

import marshal
import os
import sys
import zipimport

TYPE_CHECKING = False  # not typing's: nothing more is imported at every start
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

DATACLASS_CODES = "_videau_dataclasses.marshal"  # beside this module in the zip
SOURCE_BYTECODE = "_videau_source_bytecode.marshal"  # {module: (path of its .pyc, checked .pyc)}, beside it too
RECORD_ENV = "VIDEAU_RECORD_DATACLASSES"

RECORDED: dict[str, bytes] = {}  # the recording run's texts, each with its marshalled code
STATS = {"served": 0, "compiled": 0}  # dataclass texts run from the recorded code / compiled here


class OnceZipImporter(zipimport.zipimporter):
    """zipimport's importer, reading a module's code once: what ``get_filename`` reads is kept for ``get_code``."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self._read: dict[str, Any] = {}  # code read to name a module's file, until it is asked for

    def get_filename(self, fullname: str) -> str:
        code, _package, path = zipimport._get_module_code(self, fullname)  # type: ignore[attr-defined]
        self._read[fullname] = code
        return str(path)

    def get_code(self, fullname: str) -> Any:
        code = self._read.pop(fullname, None)
        return code if code is not None else super().get_code(fullname)


def _zip_hook(path: str) -> OnceZipImporter:
    if not (path.endswith(".zip") or ".zip/" in path):
        raise ImportError(f"not a zip: {path}")
    return OnceZipImporter(path)


def install_zip_importer() -> bool:
    """Import from zips with :class:`OnceZipImporter`, those already on ``sys.path`` included.

    ``False`` (nothing changed) if this Python's zipimport has no ``_get_module_code``.
    """
    if not hasattr(zipimport, "_get_module_code"):
        return False
    sys.path_hooks.insert(0, _zip_hook)
    for path, finder in list(sys.path_importer_cache.items()):
        if type(finder) is zipimport.zipimporter:
            sys.path_importer_cache[path] = OnceZipImporter(path)
    return True


def dataclass_exec(codes: dict[str, bytes]) -> Callable[..., None]:
    """An ``exec`` for ``dataclasses``: a text found in ``codes`` runs its recorded code."""
    builtin_exec = exec

    def run(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        data = codes.get(source) if type(source) is str else None
        if data is None:
            STATS["compiled"] += 1
            builtin_exec(source, globals, locals)
        else:
            STATS["served"] += 1
            builtin_exec(marshal.loads(data), globals, locals)

    return run


def recording_exec() -> Callable[..., None]:
    """An ``exec`` for ``dataclasses`` that keeps each text it is given, with its code, in :data:`RECORDED`."""
    builtin_exec = exec

    def run(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if type(source) is str:
            # as exec compiles a text given from a module without __future__ imports (dataclasses)
            RECORDED[source] = marshal.dumps(compile(source, "<string>", "exec", dont_inherit=True))
        builtin_exec(source, globals, locals)

    return run


def install_dataclass_codes(read: Callable[[str], bytes] | None) -> bool:
    """Give ``dataclasses`` the recorded codes, read by ``read(DATACLASS_CODES)`` (or record them)."""
    if os.environ.get(RECORD_ENV):
        run = recording_exec()
    else:
        if read is None:
            return False
        try:
            codes = marshal.loads(read(DATACLASS_CODES))
        except (OSError, EOFError, ValueError, TypeError):
            return False
        run = dataclass_exec(codes)
    import dataclasses  # imported by Pyodide's own start anyway (traceback, _colorize)

    dataclasses.exec = run  # type: ignore[attr-defined]  # a module global shadows the builtin
    return True


def install_source_bytecode(read: Callable[[str], bytes]) -> bool:
    """Let the modules named in ``read(SOURCE_BYTECODE)`` find their bytecode there, not on disk.

    A finder ahead of the others finds those modules as usual (``PathFinder``: their sources) and
    gives them a loader whose ``get_data`` answers the ``.pyc`` path from the table.
    """
    try:
        table: dict[str, tuple[str, bytes]] = marshal.loads(read(SOURCE_BYTECODE))
    except (OSError, EOFError, ValueError, TypeError):
        return False
    from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader

    bytecode = dict(table.values())

    class Loader(SourceFileLoader):
        def get_data(self, path: str) -> bytes:
            data = bytecode.get(path)
            return data if data is not None else super().get_data(path)

    class Finder:
        @staticmethod
        def find_spec(fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
            if fullname not in table:
                return None
            spec = PathFinder.find_spec(fullname, path, target)
            if spec is not None and type(spec.loader) is SourceFileLoader:
                spec.loader = Loader(spec.loader.name, spec.loader.path)
            return spec

    sys.meta_path.insert(0, Finder)
    return True


def _read_beside(name: str) -> bytes:
    """The zip entry ``name`` beside this module (``OSError`` if there is none)."""
    loader = globals().get("__loader__")
    if not isinstance(loader, zipimport.zipimporter):
        raise OSError(f"{__name__} is not imported from a zip")
    return bytes(loader.get_data(os.path.join(os.path.dirname(__file__), name)))


if __name__ == "sitecustomize":  # imported by ``site`` (not by the tests, which import it by path)
    install_zip_importer()
    install_dataclass_codes(_read_beside)
    install_source_bytecode(_read_beside)
