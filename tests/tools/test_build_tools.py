"""The build's own tools: headers (one CSP source of truth), config and service worker."""

from __future__ import annotations

import ast
import json
import re
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import gen_config  # noqa: E402
import gen_sw  # noqa: E402
import precompile  # noqa: E402
import serve  # noqa: E402


def _policies(path: str) -> list[str]:
    rules = serve.load_header_rules()
    return [v for k, v in serve.headers_for(path, rules) if k.lower() == "content-security-policy"]


def _directives(policy: str) -> dict[str, str]:
    return dict((d.strip() + " ").split(" ", 1) for d in policy.split(";") if d.strip())


def test_every_policy_is_the_base_policy_plus_frame_ancestors() -> None:
    with (ROOT / "netlify.toml").open("rb") as f:
        config = tomllib.load(f)
    policies = [
        r["values"]["Content-Security-Policy"] for r in config["headers"] if "Content-Security-Policy" in r["values"]
    ]
    base = _directives(policies[0])
    assert "frame-ancestors" not in base
    for policy in policies[1:]:
        directives = _directives(policy)
        directives.pop("frame-ancestors", None)
        if directives != base:  # only the embed's own document may be stricter: see the next test
            assert policy in _policies("/embed.html"), policy
            assert set(directives) == set(base), policy
            for name, sources in directives.items():
                assert set(sources.split()) <= set(base[name].split()), (name, policy)


def test_the_embed_document_runs_without_eval_or_blob_workers() -> None:
    """Other sites frame embed.html: its document allows neither 'unsafe-eval' nor blob: workers.

    The shared worker that runs Python is its own script with the base policy; the policies a
    document receives are all enforced, so the embed's stricter one is what counts there.
    """
    policies = _policies("/embed.html")
    assert len(policies) == 2  # the base policy and the embed's own
    strict = [_directives(p) for p in policies if "frame-ancestors" in _directives(p)]
    assert len(strict) == 1
    assert "'unsafe-eval'" not in strict[0]["script-src"].split()
    assert "blob:" not in strict[0]["worker-src"].split()
    assert "*" in strict[0]["frame-ancestors"].split()
    # the app's own page still gets what Pyodide needs on the main thread
    app = [_directives(p) for p in _policies("/index.html")]
    assert all("'unsafe-eval'" in d["script-src"].split() for d in app)


def test_only_the_csp_appears_in_overlapping_rules() -> None:
    """Netlify may join or override a header set by two matching rules: avoid both."""
    rules = serve.load_header_rules()
    paths = [
        "/",
        "/index.html",
        "/embed.html",
        "/rules/index.html",
        "/sw.js",
        "/config.json",
        "/pyscript.json",
        "/app/main.py",
        "/wheels/videau-0.1.0-py3-none-any.whl",
        "/pyodide/pyodide.asm.wasm",
        "/pyscript/core.js",
    ]
    for path in paths:
        names = [name.lower() for rule in rules if rule.pattern.match(path) for name, _ in rule.values]
        repeated = {n for n in names if names.count(n) > 1} - {"content-security-policy"}
        assert not repeated, (path, repeated)


@pytest.mark.parametrize(("path", "framed_by_others"), [("/", False), ("/index.html", False), ("/embed.html", True)])
def test_frame_ancestors(path: str, framed_by_others: bool) -> None:
    ancestors = [_directives(p).get("frame-ancestors", "*").strip() for p in _policies(path)]
    assert ancestors
    assert all(a == "*" for a in ancestors) is framed_by_others


def test_wasm_content_type_and_cache_headers() -> None:
    rules = serve.load_header_rules()
    wasm = dict(serve.headers_for("/pyodide/pyodide.asm.wasm", rules))
    assert wasm["Content-Type"] == "application/wasm"
    assert "immutable" in wasm["Cache-Control"]
    assert dict(serve.headers_for("/sw.js", rules))["Cache-Control"] == "no-cache"
    assert dict(serve.headers_for("/wheels/videau-0.1.0-py3-none-any.whl", rules))["Cache-Control"] == "no-cache"
    assert serve.MIME_TYPES[".wasm"] == "application/wasm"
    assert serve.MIME_TYPES[".mjs"].startswith("text/javascript")


def _fake_dist(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "wheels").mkdir(parents=True)
    for rel, text in {
        "index.html": "<!doctype html>",
        "rules/index.html": "<!doctype html>",
        "app/__init__.py": "",
        "app/main.py": "from app.board import view",
        "app/board/__init__.py": "",
        "app/board/view.py": "",
        "pyodide/pyodide.asm.wasm": "wasm",
    }.items():
        (dist / rel).parent.mkdir(parents=True, exist_ok=True)
        (dist / rel).write_text(text)
    wheel = {
        "core/__init__.py": "",
        "core/bot/weights/net.json.gz": "weights",
        "videau-0.1.0.dist-info/RECORD": "",
    }
    with zipfile.ZipFile(dist / "wheels" / "videau-0.1.0-py3-none-any.whl", "w") as archive:
        for name, text in wheel.items():
            archive.writestr(name, text)
    return dist


def test_config_writes_one_zip_of_the_core_and_every_app_module(tmp_path: Path) -> None:
    dist = _fake_dist(tmp_path)
    (dist / "config.json").write_text(json.dumps({"debug": True, "files": {"./data.txt": "./data.txt"}}))
    config = gen_config.pyscript_config(dist)
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert config["debug"] is True
    # written as a file, not unpacked ("./*"): nothing to unpack at start
    assert config["files"] == {"./data.txt": "./data.txt", "./videau.zip": "./videau.zip"}
    # PyScript's plugins the page does not use are not loaded; its error display stays
    assert config["plugins"] == ["!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
    archive = gen_config.write_python_zip(dist)
    with zipfile.ZipFile(archive) as packed:
        assert packed.namelist() == [  # the wheel's files but its metadata, then the app's, sorted
            "app/__init__.py",
            "app/board/__init__.py",
            "app/board/view.py",
            "app/main.py",
            "core/__init__.py",
            "core/bot/weights/net.json.gz",
        ]
        assert packed.read("app/main.py") == b"from app.board import view"
        assert packed.read("core/bot/weights/net.json.gz") == b"weights"
    first = archive.read_bytes()
    assert gen_config.write_python_zip(dist).read_bytes() == first  # reproducible


def test_the_page_puts_on_sys_path_the_zip_its_config_writes() -> None:
    main = (ROOT / "web" / "app" / "main.py").read_text()
    assert f'PYTHON_ZIP = "{gen_config.PYTHON_ZIP}"' in main
    assert "sys.path.insert(0, os.path.join(os.getcwd(), PYTHON_ZIP))" in main
    first_visit = (ROOT / "web" / "first-board.js").read_text()  # preloaded on a first visit
    assert f'"./{gen_config.PYTHON_ZIP}",' in first_visit


def test_service_worker_precaches_every_file_and_names_its_cache_by_content(tmp_path: Path) -> None:
    dist = _fake_dist(tmp_path)
    (dist / "sw.js").write_text("old")
    script = gen_sw.service_worker(dist)
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", script, re.S).group(1))  # type: ignore[union-attr]
    files = {"./" + p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert set(precache) == (files - {"./sw.js"}) | {"./", "./rules/"}
    name = re.search(r'const CACHE = "(videau-[0-9a-f]{16})"', script)
    assert name is not None
    assert gen_sw.service_worker(dist) == script
    (dist / "app" / "board" / "view.py").write_text("changed")
    assert name.group(1) not in gen_sw.service_worker(dist)


def test_the_local_server_sends_compressed_files_to_clients_that_accept_gzip(tmp_path: Path) -> None:
    import gzip
    import threading
    from functools import partial
    from http.server import ThreadingHTTPServer
    from urllib.request import Request, urlopen

    (tmp_path / "index.html").write_text("<!doctype html><p>" + "board " * 500, encoding="utf-8")
    (tmp_path / "icon.png").write_bytes(b"\x89PNG" + bytes(300))
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(serve.Handler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        for path in ("/", "/index.html"):
            with urlopen(Request(base + path, headers={"Accept-Encoding": "gzip, br"})) as reply:
                assert reply.headers["Content-Encoding"] == "gzip"
                assert reply.headers["Vary"] == "Accept-Encoding"
                assert reply.headers["Content-Type"].startswith("text/html")
                body = reply.read()
            assert len(body) < 500 and gzip.decompress(body) == (tmp_path / "index.html").read_bytes()
        with urlopen(base + "/index.html") as reply:  # no Accept-Encoding: sent as stored
            assert reply.headers["Content-Encoding"] is None
            assert reply.read() == (tmp_path / "index.html").read_bytes()
        with urlopen(Request(base + "/icon.png", headers={"Accept-Encoding": "gzip"})) as reply:
            assert reply.headers["Content-Encoding"] is None  # already compressed formats as they are
    finally:
        server.shutdown()
        server.server_close()
    raw, sent = serve.first_visit_bytes(tmp_path)
    assert raw == sum(p.stat().st_size for p in tmp_path.iterdir())
    assert sent < raw


def test_the_manifest_offers_png_and_maskable_icons_that_exist() -> None:
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text())
    purposes = set()
    for icon in manifest["icons"]:
        path = ROOT / "web" / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            data = path.read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            purposes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= purposes
    index = (ROOT / "web" / "index.html").read_text()
    touch = re.search(r'<link rel="apple-touch-icon" href="\./([^"]+)"', index)
    assert touch is not None
    data = (ROOT / "web" / touch.group(1)).read_bytes()
    assert data[:4] == b"\x89PNG" and int.from_bytes(data[16:20], "big") == 180


# -- bytecode (tools/precompile.py; the build runs it inside Pyodide, here it is CPython's) --
def _zip(files: dict[str, str]) -> bytes:
    import io

    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return raw.getvalue()


def _import_from_zip(path: Path, name: str) -> object:
    import zipimport

    importer = zipimport.zipimporter(str(path))
    spec = importer.find_spec(name)
    assert spec is not None and spec.loader is not None
    module = __import__("importlib.util").util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_zipimport_runs_the_bytecode_without_reading_the_source(tmp_path: Path) -> None:
    data = _zip({"other.py": "", "mod.py": "def f():\n    return 1\n", "bad.py": "def (:\n"})
    compiled = precompile.precompile_zip(data, "/lib/std.zip", only={"mod.py", "bad.py"})
    names = zipfile.ZipFile(__import__("io").BytesIO(compiled)).namelist()
    assert names == ["other.py", "mod.py", "mod.pyc", "bad.py"]  # only those named, and only what compiles
    path = tmp_path / "std.zip"
    path.write_bytes(compiled)
    module = _import_from_zip(path, "mod")
    assert module.f.__code__.co_filename == "/lib/std.zip/mod.py"  # type: ignore[attr-defined]
    assert module.__file__.endswith("mod.pyc")  # type: ignore[attr-defined]
    # unchecked: the source beside it is not read (hence the build writes both in one go, never
    # one without the other): a changed source does not change what runs
    changed = tmp_path / "changed.zip"
    with zipfile.ZipFile(__import__("io").BytesIO(compiled)) as src, zipfile.ZipFile(changed, "w") as dst:
        for info in src.infolist():
            body = b"def f():\n    return 2\n" if info.filename == "mod.py" else src.read(info)
            dst.writestr(info.filename, body)
    assert _import_from_zip(changed, "mod").f() == 1  # type: ignore[attr-defined]


def test_our_zip_gets_bytecode_for_every_module_and_imports_from_it(tmp_path: Path) -> None:
    data = _zip({"zapp/__init__.py": "", "zapp/m.py": "X = 1\n", "zcore/__init__.py": "Y = 2\n", "zcore/w.gz": "w"})
    path = tmp_path / "videau.zip"
    path.write_bytes(precompile.precompile_zip(data, str(path)))
    assert zipfile.ZipFile(path).namelist() == [
        "zapp/__init__.py", "zapp/__init__.pyc", "zapp/m.py", "zapp/m.pyc", "zcore/__init__.py", "zcore/__init__.pyc",
        "zcore/w.gz",
    ]
    sys.path.insert(0, str(path))
    try:
        import zapp.m  # type: ignore[import-not-found]

        assert zapp.m.X == 1
        assert zapp.m.__file__ == f"{path}/zapp/m.pyc"
    finally:
        sys.path.remove(str(path))
        for name in ("zapp.m", "zapp"):
            sys.modules.pop(name, None)


ARCHIVE_MODULES = {"shutil", "tempfile", "zipfile"}
ARCHIVE_NAMES = {"shutil", "NamedTemporaryFile", "ZipFile"}


def _imported(nodes: list[ast.stmt]) -> set[str]:
    """The modules imported and the names bound by the import statements among ``nodes`` (not nested)."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names} | {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            found |= {node.module or ""} | {a.asname or a.name for a in node.names}
    return found


def test_pyodides_start_imports_no_archive_module_and_its_unpacking_still_finds_them() -> None:
    """precompile.py rewrites the pinned Pyodide's package loader: nothing of shutil, tempfile or
    zipfile imported when Pyodide's start imports it, each imported in the functions that unpack."""
    stdlib = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    for name in precompile.ARCHIVE_IMPORTS:
        before = ast.parse(stdlib.read(name).decode("utf-8"))
        assert _imported(before.body) & ARCHIVE_MODULES  # what the rewrite is for: still Pyodide's text
        rewritten = precompile.defer_archive_imports(name, stdlib.read(name).decode("utf-8"))
        assert precompile.defer_archive_imports(name, rewritten) == rewritten  # a second run changes nothing
        tree = ast.parse(rewritten)
        assert not _imported(tree.body) & (ARCHIVE_MODULES | ARCHIVE_NAMES), name
        for statement in tree.body:  # module level, outside functions: none of those names
            if not isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
                used = {n.id for n in ast.walk(statement) if isinstance(n, ast.Name)}
                assert not used & ARCHIVE_NAMES, (name, ast.unparse(statement)[:80])
        for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            # in a body (annotations are evaluated lazily in Pyodide's Python 3.14), each name is imported there
            names = [n for s in function.body for n in ast.walk(s) if isinstance(n, ast.Name)]
            used = {n.id for n in names if isinstance(n.ctx, ast.Load)}
            local = _imported([n for s in function.body for n in ast.walk(s) if isinstance(n, ast.stmt)])
            assert used & ARCHIVE_NAMES <= local, (name, function.name)
    loader = precompile.defer_archive_imports(
        "pyodide/_package_loader.py", stdlib.read("pyodide/_package_loader.py").decode("utf-8")
    )
    assert "_shutil().unpack_archive(" in loader  # with the wheel format registered first
    assert "_shutil().get_unpack_formats()" in loader


def test_the_rewrite_stops_the_build_on_another_pyodides_text() -> None:
    data = _zip({"pyodide/common.py": "import os\n", "pyodide/_package_loader.py": "import shutil\n"})
    with pytest.raises(SystemExit, match="another Pyodide"):
        precompile.precompile_zip(data, "/lib/std.zip", rewrite=True)
    with pytest.raises(SystemExit, match="not in the zip"):
        precompile.precompile_zip(_zip({"os.py": ""}), "/lib/std.zip", rewrite=True)
    assert precompile.precompile_zip(_zip({"pyodide/common.py": "import os\n"}), "/lib/std.zip")  # not asked: as is


def test_the_pyscript_chunks_to_preload_are_found_in_the_pinned_pyscript() -> None:
    """prerender.py preloads the chunks PyScript fetches before it asks for Pyodide (the names hold a hash)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import prerender

    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    chunks = prerender.pyscript_chunks(pyscript)
    names = [c.rsplit("-", 1)[0] for c in chunks]
    assert names == ["core", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal"]
    assert all((pyscript / chunk).is_file() for chunk in chunks)
