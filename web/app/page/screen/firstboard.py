"""The board on screen before Python starts: pre-rendered at build time, or the one last drawn.

Pure (no ``js`` nor ``pyscript``): the build (``tools/prerender.py``) and the page share it.

* :func:`opening_board` is the SVG that the page draws on a first visit (a new match of
  :data:`DEFAULT_LENGTH`, nothing selected, player 0 at the screen); the build writes it into
  dist/index.html's board host, so that the first paint is that very board.
* :func:`shell_board` is the same drawing with no checker, dice, names nor texts: what a
  returning player sees when their save has no stored drawing (never another position).
* :func:`remember_board` stores the SVG the page drew, under :data:`BOARD_KEY`, keyed to the
  save it shows: the save's revision and :func:`save_digest` of its text. ``web/first-board.js``
  puts that SVG on screen before Python starts only when both still match the save present;
  it never computes anything about the game, it only compares the key.

>>> from app.page.storage.match_store import MemoryStorage, MatchStore
>>> from core.match import Match
>>> store = MatchStore(MemoryStorage())
>>> match = Match.new(3)
>>> store.save(match)
'saved'
>>> remember_board(store, match, "<svg/>")
True
>>> stored_board(store.storage)
'<svg/>'
>>> store.storage.set("videau.match", store.storage.get("videau.match").replace("3", "7"))
>>> stored_board(store.storage) is None  # the save changed: the drawing is not its board
True
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import replace

from app.board.render import render_board
from app.board.view import BoardView, PlayerView, build_view
from app.page.storage.match_store import MatchStore, Storage, parse_rev
from app.page.storage.storage_keys import BOARD_KEY, MATCH_KEY, MAX_BOARD_CHARS, REV_KEY
from core.jsontext import read_json
from core.match import Match

DEFAULT_LENGTH = 5
"""The length of the match a first visit starts with (the page's default)."""


def save_digest(text: str) -> int:
    """The CRC-32 of the save's text in UTF-8 (what web/first-board.js computes too).

    >>> save_digest("")
    0
    >>> save_digest("Videau é")
    2147923631
    """
    return zlib.crc32(text.encode("utf-8"))


def board_record(rev: int, text: str, svg: str) -> str:
    """The stored entry: ``svg`` drawn from the save ``text`` at revision ``rev``.

    >>> board_record(2, "{}", "<svg/>")
    '{"rev":2,"digest":2745614147,"svg":"<svg/>"}'
    """
    return json.dumps({"rev": rev, "digest": save_digest(text), "svg": svg}, separators=(",", ":"))


def stored_board(storage: Storage) -> str | None:
    """The stored SVG if it was drawn from the save present (same revision and digest), else None.

    The same check as web/first-board.js, which is what shows it; this one is for the tests.

    >>> from app.page.storage.match_store import MemoryStorage
    >>> stored_board(MemoryStorage({BOARD_KEY: board_record(1, "{}", "<svg/>")})) is None  # no save
    True
    >>> storage = MemoryStorage({MATCH_KEY: "{}", REV_KEY: "1", BOARD_KEY: board_record(1, "{}", "<svg/>")})
    >>> stored_board(storage)
    '<svg/>'
    >>> storage.set(REV_KEY, "2")
    >>> stored_board(storage) is None
    True
    """
    text, entry = storage.get(MATCH_KEY), storage.get(BOARD_KEY)
    if text is None or entry is None:
        return None
    try:
        data = read_json(entry, "the stored board", max_chars=MAX_BOARD_CHARS)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("svg"), str):
        return None
    if data.get("rev") != parse_rev(storage.get(REV_KEY)) or data.get("digest") != save_digest(text):
        return None
    svg: str = data["svg"]
    return svg


def remember_board(store: MatchStore, match: Match, svg: str) -> bool:
    """Store ``svg``, the board just drawn of ``match``, if ``match`` is exactly the save in storage.

    The store says which match its text stands for (:attr:`MatchStore.saved`): the save's format
    is known only there, with its clock and its archived games.

    Returns True when the entry is (now) stored. Nothing is stored while a broken save is
    held, nor by a tab whose save another tab has replaced since, nor for a match that differs
    from the save (a computer's turn in progress, say):
    the entry is keyed to the save's text, so it can never stand for another position.
    Storage errors are ignored: the entry is only a speed-up.
    """
    text = store.text
    if store.held or text is None or not store.is_current() or store.saved != match:
        return False
    entry = board_record(store.rev, text, svg)
    try:
        if store.storage.get(BOARD_KEY) != entry:
            store.storage.set(BOARD_KEY, entry)
    except Exception:
        return False
    return True


def opening_view(lang: str) -> BoardView:
    """The view the page draws on a first visit, in ``lang``."""
    return build_view(Match.new(DEFAULT_LENGTH), lang=lang, viewer=0, interactive=True, roving=True)


def opening_board(lang: str) -> str:
    """The SVG the page draws on a first visit, in ``lang`` (pre-rendered into dist/index.html).

    >>> svg = opening_board("en")
    >>> svg.count("data-checker="), 'data-phase="opening"' in svg
    (30, True)
    """
    return render_board(opening_view(lang))


def shell_view(lang: str = "en") -> BoardView:
    """The opening view with nothing on it: no checker, die, cube, name, count nor message."""
    view = opening_view(lang)
    points = tuple(replace(p, owner=None, count=0, movable=False, dest=False, selected=False) for p in view.points)
    players = (_blank(view.players[0]), _blank(view.players[1]))
    return replace(
        view,
        points=points,
        bar=replace(view.bar, counts=(0, 0), movable=False),
        off=replace(view.off, counts=(0, 0), movable=False),
        dice=(),
        cube=replace(view.cube, shown=False),
        players=players,
        on_turn=None,
        message="",
        match_text="",
        focusable=False,
    )


def _blank(player: PlayerView) -> PlayerView:
    return replace(player, name="", pip_text="", on_turn=False)


def shell_board() -> str:
    """The empty board: same frame, size and layout as every board, nothing else.

    >>> svg = shell_board()
    >>> svg.count("data-checker="), svg.count('data-point="'), 'viewBox="0 0 704 642"' in svg
    (0, 26, True)
    >>> "data-score" in svg
    False
    """
    return _SCORE.sub("", render_board(shell_view()))


_SCORE = re.compile(r'<g class="score" data-score="\d+">.*?</text></g>')
"""The score boxes, left out of the shell: a returning player's score is not known before Python."""
