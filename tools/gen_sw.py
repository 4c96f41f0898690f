"""Write dist/sw.js: a service worker that precaches every file of dist/.

    python tools/gen_sw.py dist

Run it last in the build, once dist/ is complete. The cache is named by a hash of every
file's path and content, so an unchanged build keeps its cache and any change replaces it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("sw_template.js")
SW_NAME = "sw.js"


def precache_urls(dist: Path) -> list[str]:
    """Relative URLs of every file of ``dist`` but the service worker itself.

    A folder holding an ``index.html`` is listed as well (``./``), since that is the
    address a visitor navigates to.
    """
    urls: list[str] = []
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        if rel == SW_NAME:
            continue
        if path.name == "index.html":
            urls.append("./" + rel.removesuffix("index.html"))
        urls.append("./" + rel)
    return urls


def content_hash(dist: Path, urls: list[str]) -> str:
    digest = hashlib.sha256()
    for url in urls:
        path = dist / url.removeprefix("./")
        if path.is_file():
            digest.update(url.encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def service_worker(dist: Path) -> str:
    urls = precache_urls(dist)
    return (
        TEMPLATE.read_text()
        .replace("__CACHE_NAME__", f"videau-{content_hash(dist, urls)}")
        .replace("__PRECACHE__", json.dumps(urls, indent=2))
    )


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: gen_sw.py DIST_DIR")
    dist = Path(argv[0])
    (dist / SW_NAME).write_text(service_worker(dist))


if __name__ == "__main__":
    main(sys.argv[1:])
