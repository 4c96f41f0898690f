"""Write the boards shown before Python starts into the built pages (run by build.sh).

    python tools/prerender.py dist

With the page's own renderer (web/app/board/render.py, through :mod:`app.page.screen.firstboard`):

- dist/index.html: the board host ``#board`` gets the opening board in English (the first
  paint, the very SVG the page draws on a first visit), then ``<template>``s holding the same
  board in French and the empty board, which web/first-board.js shows instead when they fit;
- dist/index.html gets ``modulepreload`` hints for PyScript's chunks, whose names hold a hash;
- dist/embed.html: the empty board replaces the hand-drawn skeleton of the embed's board host,
  and the build's hash (dist/embed.json, so run this after gen_embed_manifest.py) goes into a
  ``<meta name="videau-build">``, so that embed.js shows a cached drawing without a request.

Each page marks the place with the comment ``<!-- prerendered board -->`` (index.html) or
between ``<!-- prerendered shell -->`` and ``<!-- /prerendered shell -->`` (embed.html).
"""

from __future__ import annotations

import json
import re
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:  # the page's package `app`, and the core beside it
    sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from app.page.screen.firstboard import opening_board, shell_board  # noqa: E402
from app.text import t  # noqa: E402

BOARD_MARK = "<!-- prerendered board -->"
SHELL_START = "<!-- prerendered shell -->"
SHELL_END = "<!-- /prerendered shell -->"


def board_host_markup() -> str:
    """What goes into index.html's ``#board``: the English opening, then the templates.

    >>> markup = board_host_markup()
    >>> markup.startswith("<svg"), markup.count("<template"), markup.count("data-checker=")
    (True, 2, 60)
    """
    return (
        opening_board("en")
        + f'<template id="board-opening-fr">{opening_board("fr")}</template>'
        + f'<template id="board-shell">{shell_board()}</template>'
    )


FIRST_BOARD_SCRIPT = '<script src="./first-board.js"></script>'
I18N_KEY = re.compile(r'data-i18n(?:-label|-placeholder)?="([^"]+)"')


def french_words(html: str) -> str:
    """A ``<script type="application/json" id="i18n-fr">``: the French of every text ``html``
    marks (``data-i18n``, ``-label``, ``-placeholder``), and the loading words, for
    web/first-board.js to put the page in French before Python starts (#46).

    >>> words = french_words('<b data-i18n="ui.moves">Moves</b><i data-i18n-label="button.flip"></i>')
    >>> words.startswith('<script type="application/json" id="i18n-fr">'), json.loads(words[45:-9])["ui.moves"]
    (True, 'Coups')
    """
    keys = sorted(set(I18N_KEY.findall(html)) | {"ui.loading", "button.language"})
    text = json.dumps({key: t("fr", key) for key in keys}, ensure_ascii=False, separators=(",", ":"))
    safe = text.replace("</", "<\\/")  # no end of the script inside it
    return f'<script type="application/json" id="i18n-fr">{safe}</script>'


def prerender_index(html: str) -> str:
    """``html`` (index.html) with the boards in its board host.

    >>> prerender_index('<div id="board"><!-- prerendered board --></div>').count("<svg")
    3
    >>> prerender_index("<div></div>")
    Traceback (most recent call last):
    ...
    SystemExit: index.html: no '<!-- prerendered board -->' mark in the board host
    """
    if html.count(BOARD_MARK) != 1:
        raise SystemExit(f"index.html: no {BOARD_MARK!r} mark in the board host")
    html = html.replace(BOARD_MARK, board_host_markup())
    if FIRST_BOARD_SCRIPT in html:  # the words before the script that uses them
        html = html.replace(FIRST_BOARD_SCRIPT, french_words(html) + "\n  " + FIRST_BOARD_SCRIPT, 1)
    return html


def prerender_embed(html: str) -> str:
    """``html`` (embed.html) with the empty board between its marks.

    >>> page = prerender_embed('<div id="board"><!-- prerendered shell --><svg/><!-- /prerendered shell --></div>')
    >>> page.startswith('<div id="board"><svg xmlns'), "data-point" in page
    (True, True)
    """
    start, end = html.find(SHELL_START), html.find(SHELL_END)
    if start < 0 or end < start:
        raise SystemExit(f"embed.html: no {SHELL_START!r} ... {SHELL_END!r} marks")
    return html[:start] + shell_board() + html[end + len(SHELL_END) :]


def with_build(html: str, build: str) -> str:
    """``html`` (embed.html) with the build's hash (embed.json's ``build``) in a ``<meta>``.

    embed.js reads it to find the cached drawing of its fragment without fetching embed.json.

    >>> with_build("<head></head>", "ab12")
    '<head><meta name="videau-build" content="ab12">\\n</head>'
    """
    return html.replace("</head>", f'<meta name="videau-build" content="{escape(build)}">\n</head>', 1)


PYSCRIPT_PRELOAD_MARK = '<script type="module" src="./pyscript/core.js"></script>'
_CORE_CHUNK = re.compile(r'from"\./(core-[\w-]+\.js)"')
_PLUGIN_CHUNK = re.compile(r'(?:"[\w-]+"|\w+):\(\)=>import\("\./([\w-]+\.js)"\)')


def pyscript_chunks(pyscript: Path) -> list[str]:
    """The chunks PyScript's ``core.js`` fetches before it asks for Pyodide: its core chunk (which
    ``core.js`` re-exports), then its plugins. The page keeps one plugin, ``error``
    (tools/gen_config.py turns the others off for ``py``), but PyScript also prepares the ``mpy``
    script type, which has no config, and imports every plugin for it: a warm trace showed five
    more chunks requested just before Pyodide (#46, bench/journal/2026-12.md). Their names hold a
    hash: read from the files.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "core.js").write_text('export{a as b}from"./core-Ab_1.js";')
    >>> plugins = 'x={"py-x":()=>import("./py-x-Q1.js"),error:()=>import("./error-Zz9.js")}'
    >>> _ = (folder / "core-Ab_1.js").write_text(plugins)
    >>> pyscript_chunks(folder)
    ['core-Ab_1.js', 'py-x-Q1.js', 'error-Zz9.js']
    """
    core = _CORE_CHUNK.search((pyscript / "core.js").read_text(encoding="utf-8"))
    if core is None:
        raise SystemExit(f"{pyscript / 'core.js'}: no core chunk found (another PyScript version?)")
    plugins = _PLUGIN_CHUNK.findall((pyscript / core.group(1)).read_text(encoding="utf-8"))
    if not any(name.startswith("error-") for name in plugins):
        raise SystemExit(f"{pyscript / core.group(1)}: no error plugin found (another PyScript version?)")
    return [core.group(1), *plugins]


def preload_pyscript(html: str, chunks: list[str]) -> str:
    """``html`` with a ``modulepreload`` of each chunk, just before PyScript's ``core.js``:
    fetched with the page's first requests, not after ``core.js`` and then the core chunk ran (#46).

    >>> page = preload_pyscript('<head><script type="module" src="./pyscript/core.js"></script>', ["core-x.js"])
    >>> page.split("\\n")[0]
    '<head><link rel="modulepreload" href="./pyscript/core-x.js">'
    """
    if html.count(PYSCRIPT_PRELOAD_MARK) != 1:
        raise SystemExit(f"index.html: no {PYSCRIPT_PRELOAD_MARK!r}")
    hints = "".join(f'<link rel="modulepreload" href="./pyscript/{chunk}">\n  ' for chunk in chunks)
    return html.replace(PYSCRIPT_PRELOAD_MARK, hints + PYSCRIPT_PRELOAD_MARK, 1)


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: prerender.py DIST_DIR")
    dist = Path(argv[0])
    index = dist / "index.html"
    html = prerender_index(index.read_text(encoding="utf-8"))
    index.write_text(preload_pyscript(html, pyscript_chunks(dist / "pyscript")), encoding="utf-8")
    embed = dist / "embed.html"
    if embed.is_file() and SHELL_START in embed.read_text(encoding="utf-8"):
        page = prerender_embed(embed.read_text(encoding="utf-8"))
        manifest = dist / "embed.json"
        if manifest.is_file():
            page = with_build(page, str(json.loads(manifest.read_text())["build"]))
        embed.write_text(page, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
