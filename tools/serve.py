"""Serve the built app (dist/) on localhost with the headers Netlify would send.

    python tools/serve.py [--port 8000] [--dir dist] [--quiet]

The headers come from netlify.toml's ``[[headers]]`` rules (one source of truth, so the e2e
tests run under the production Content-Security-Policy); MIME types are set explicitly, since
Pyodide needs ``application/wasm`` and the platform's ``mimetypes`` table varies. ``--port 0``
takes a free port. The first line printed is ``Videau is served at http://localhost:PORT/``.

Text, WebAssembly and the wheel are sent gzip-compressed to a client that accepts it, as
Netlify does (``Content-Encoding: gzip``, ``Vary: Accept-Encoding``); each file is compressed
once per modification. ``first_visit_bytes`` tells what a first visit transfers.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import re
import threading
import tomllib
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".mat": "text/plain; charset=utf-8",
}

# Compressed on the way out (PNG and woff2 are compressed already).
COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".map", ".webmanifest", ".wasm", ".whl", ".zip", ".py", ".toml"}
    | {".txt", ".md", ".svg", ".mat"}
)

# Only this header may appear in several matching rules; see netlify.toml.
CSP = "content-security-policy"


@dataclass(frozen=True, slots=True)
class HeaderRule:
    """One ``[[headers]]`` table: a Netlify path pattern and the headers it sets."""

    pattern: re.Pattern[str]
    values: tuple[tuple[str, str], ...]


def netlify_path_regex(for_path: str) -> re.Pattern[str]:
    """Compile a Netlify ``for`` path as Netlify does (``*`` also matches ``/``).

    >>> bool(netlify_path_regex("/*.wasm").match("/pyodide/pyodide.asm.wasm"))
    True
    >>> bool(netlify_path_regex("/pyodide/*").match("/pyodide"))
    True
    >>> bool(netlify_path_regex("/").match("/index.html"))
    False
    """
    parts = []
    for part in (p.rstrip() for p in for_path.split("/")):
        if not part:
            continue
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        elif "*" in part:
            parts.append("(.*)".join(re.escape(piece) for piece in part.split("*")))
        else:
            parts.append(re.escape(part))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def load_header_rules(netlify_toml: Path = ROOT / "netlify.toml") -> list[HeaderRule]:
    """The ``[[headers]]`` rules of netlify.toml, in file order."""
    with netlify_toml.open("rb") as f:
        config: dict[str, Any] = tomllib.load(f)
    return [
        HeaderRule(
            netlify_path_regex(str(rule["for"])),
            tuple((str(k), str(v)) for k, v in rule.get("values", {}).items()),
        )
        for rule in config.get("headers", [])
    ]


def headers_for(url_path: str, rules: list[HeaderRule]) -> list[tuple[str, str]]:
    """The headers of every rule matching ``url_path``.

    A header set by several rules keeps the last value, except Content-Security-Policy,
    which is sent once per rule (the browser enforces every policy it receives).

    >>> rules = load_header_rules()
    >>> dict(headers_for("/pyodide/pyodide.asm.wasm", rules))["Content-Type"]
    'application/wasm'
    """
    single: dict[str, tuple[str, str]] = {}
    policies: list[tuple[str, str]] = []
    for rule in rules:
        if rule.pattern.match(url_path):
            for name, value in rule.values:
                if name.lower() == CSP:
                    policies.append((name, value))
                else:
                    single[name.lower()] = (name, value)
    return [*single.values(), *dict.fromkeys(policies)]


_GZIP_CACHE: dict[str, tuple[float, bytes]] = {}
_GZIP_LOCK = threading.Lock()


def gzipped(path: Path) -> bytes:
    """``path``'s bytes gzip-compressed, computed once per modification time."""
    key, mtime = str(path), path.stat().st_mtime
    with _GZIP_LOCK:
        cached = _GZIP_CACHE.get(key)
    if cached is not None and cached[0] == mtime:
        return cached[1]
    body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
    with _GZIP_LOCK:
        _GZIP_CACHE[key] = (mtime, body)
    return body


def first_visit_bytes(directory: Path) -> tuple[int, int]:
    """Bytes of every file in ``directory`` as stored and as sent compressed.

    The service worker precaches the whole site on the first visit, so this is what a first
    visit costs: ``(raw, sent)``.
    """
    raw = sent = 0
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        size = path.stat().st_size
        raw += size
        sent += len(gzipped(path)) if path.suffix.lower() in COMPRESSIBLE else size
    return raw, sent


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from ``directory`` with explicit MIME types and netlify.toml's headers."""

    protocol_version = "HTTP/1.1"  # keep-alive: the page loads some 40 files
    rules: ClassVar[list[HeaderRule]] = []
    quiet: ClassVar[bool] = False

    def guess_type(self, path: str | Any) -> str:
        suffix = Path(str(path)).suffix.lower()
        return MIME_TYPES.get(suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, value in headers_for(url_path, self.rules):
            if name.lower() != "content-type":  # already sent from MIME_TYPES
                self.send_header(name, value)
        super().end_headers()

    def send_head(self) -> Any:
        """Send a compressible file gzipped when the client accepts it; the rest as usual."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not path.is_file() or path.suffix.lower() not in COMPRESSIBLE:
            return super().send_head()
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return _Body(body)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class _Body:
    """The file-like value ``send_head`` returns: ``copyfile`` reads it, then it is closed."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, size: int = -1) -> bytes:
        data, self.data = (self.data, b"") if size < 0 else (self.data[:size], self.data[size:])
        return data

    def close(self) -> None:
        self.data = b""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    parser.add_argument("--first-visit", action="store_true", help="print what a first visit transfers, and exit")
    args = parser.parse_args(argv)

    directory: Path = args.dir.resolve()
    if args.first_visit:
        raw, sent = first_visit_bytes(directory)
        print(f"first visit (the service worker precaches every file): {sent / 1e6:.1f} MB sent compressed, "
              f"{raw / 1e6:.1f} MB stored")
        return
    if not (directory / "index.html").is_file():
        parser.error(f"{directory} has no index.html: run ./build.sh build first")
    Handler.rules = load_header_rules()
    Handler.quiet = args.quiet
    handler = partial(Handler, directory=str(directory))
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as server:
        port = server.server_address[1]
        host = "localhost" if args.host in ("127.0.0.1", "localhost") else args.host
        print(f"Videau is served at http://{host}:{port}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
