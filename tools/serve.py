"""Serve the built app (dist/) on localhost with the headers Netlify would send.

    python tools/serve.py [--port 8000] [--dir dist] [--quiet]

The headers come from netlify.toml's ``[[headers]]`` rules (one source of truth, so the e2e
tests run under the production Content-Security-Policy); MIME types are set explicitly, since
Pyodide needs ``application/wasm`` and the platform's ``mimetypes`` table varies. ``--port 0``
takes a free port. The first line printed is ``Videau is served at http://localhost:PORT/``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import re
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

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)

    directory: Path = args.dir.resolve()
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
