"""The snippet for authors: the ``<iframe>`` that shows a position in a tutorial page (pure).

The page's "Embed this position" (:mod:`app.records.panel`) and the position editor's "Copy embed
snippet" (:mod:`app.editor.model`) write it; the embed itself is :mod:`app.embed.host`'s. This
module imports neither the worker nor its modes, so the records and the editor need only the
fragment's reader.

>>> snippet = embed_snippet("start", {"mode": "try", "dice": 31, "base_url": "https://example.org/embed.html"})
>>> snippet.split('"')[1]
'https://example.org/embed.html#start&amp;mode=try&amp;dice=31'
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from app.board.layout import EMBED_HEIGHT, WIDTH
from app.embed.fragment import KEYS, format_fragment, parse_fragment
from app.embed.values import FragmentError

SNIPPET_WIDTH = 480


def _snippet_height(width: int, mode: str, caption: bool) -> int:
    """The board's height at ``width``, plus room for the status line, the buttons (or the hint's
    ranked plays: two lines of status, a table of six rows) and the caption."""
    buttons = 170 if mode == "hint" else 44 if mode != "diagram" else 0
    extra = 30 + buttons + (36 if caption else 0)
    return round(width * EMBED_HEIGHT / WIDTH) + extra


def embed_snippet(xgid_or_gnubgid: str, options: Mapping[str, object] | None = None) -> str:
    """The ``<iframe>`` that shows this position in a tutorial page (what "Embed this position" copies).

    ``xgid_or_gnubgid``: an XGID (``XGID=...``), a gnubg ``PositionID:MatchID`` or
    ``"start"``. ``options``: fragment keys (``mode``, ``dice``, ``lang``, ``caption``,
    ``play``, ``answer``, ...; values as text or numbers) plus ``base_url``, the address
    of ``embed.html`` (default ``"embed.html"``: pass the absolute one, e.g.
    ``new URL("embed.html", location)``), and ``width`` in pixels (default 480).
    The fragment is checked: a wrong option raises :class:`~app.embed.values.FragmentError`.

    >>> snippet = embed_snippet("4HPwATDgc/ABMA:cAkAAAAAAAAA", {"width": 320, "caption": "Départ"})
    >>> snippet.split('"')[1:6]
    ['embed.html#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA&amp;caption=D%C3%A9part', ' width=', '320', ' height=', '341']
    """
    options = dict(options or {})
    base_url = str(options.pop("base_url", "embed.html"))
    width_value = options.pop("width", SNIPPET_WIDTH)
    if isinstance(width_value, bool) or not isinstance(width_value, (int, str)) or not str(width_value).isdigit():
        raise FragmentError(f"width: {width_value!r} is not a number of pixels", "width")
    width = int(str(width_value)[:5])
    if not 160 <= width <= 1600:
        raise FragmentError(f"width: {width} is out of range 160..1600", "width")
    for scheme in ("javascript:", "data:", "vbscript:"):
        if base_url.strip().lower().startswith(scheme):
            raise FragmentError(f"base_url: {scheme} addresses are not allowed", "base_url")
    source = xgid_or_gnubgid.strip()
    fields: dict[str, str] = {}
    if source == "start":
        fields["start"] = ""
    elif source.startswith("XGID=") or source.count(":") >= 8:
        fields["xgid"] = source
    else:
        fields["gnubgid"] = source
    for key, value in options.items():
        if key not in KEYS or key in ("xgid", "gnubgid", "start"):
            raise FragmentError(f"unknown option {key!r}", key)
        fields[key] = str(value).lower() if isinstance(value, bool) else str(value)
    fragment = format_fragment(fields)
    config = parse_fragment(fragment)  # raises on anything wrong
    height = _snippet_height(width, config.mode, bool(config.caption))
    title = "Backgammon position" if (config.lang or "en") == "en" else "Position de backgammon"
    if config.caption:
        title = config.caption
    src = f"{base_url.split('#', 1)[0]}#{fragment}"
    return (
        f'<iframe src="{escape(src, quote=True)}" width="{width}" height="{height}"'
        f' style="border:0;max-width:100%" loading="lazy" title="{escape(title, quote=True)}"></iframe>'
    )
