"""The field's formats in the app: ``.mat`` files, XGID and gnubg ID, set-up from an ID.

Pure: no DOM, so every rule here runs under CPython (``tests/web/test_records.py``);
:mod:`app.records.panel` only moves text between these functions and the page.

* :func:`export_mat` / :func:`mat_filename`: the match as a ``.mat`` download.
* :func:`read_mat_file` / :func:`import_mat`: a ``.mat`` file's text to a
  :class:`~core.record.MatRecord` (the match and the core's notes on what it inferred) /
  to its :class:`~core.match.Match`, or a :class:`RecordFileError` that names the line
  at fault; nothing else is touched.
* :func:`position_ids`: the XGID and the gnubg ID of a match's current position
  (the board at the start of the turn: an ID holds no half-played move).
* :func:`read_id` / :func:`setup_from_id`: pasted text, XGID or gnubg ID (told apart
  by their shape), to a position, and to a new match set up there.

Players are the app's: ``0`` at the bottom, ``1`` at the top (see :mod:`core.ids`).

>>> from core.match import Match
>>> match = Match.new(5, names=("Ann", "Bob")).opening_with(5, 2)
>>> ids = position_ids(match)
>>> ids.xgid, ids.gnubg_id
('XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:6', '4HPwATDgc/ABMA:cImqAAAAAAAE')
>>> setup_from_id(ids.gnubg_id, names=("Ann", "Bob")).game.dice
(5, 2)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Literal

from app.text import reason_text, t
from core import reasons
from core.errors import BackgammonError, InvalidRecordError
from core.ids import (
    GameState,
    MatchInfo,
    decode_gnubg_id,
    decode_xgid,
    encode_gnubg_id,
    encode_xgid,
    find_gnubg_ids,
)
from core.match import Match
from core.position import Position
from core.record import MAX_MAT_CHARS, MAX_SGF_CHARS, MatRecord, format_mat, read_match_file

__all__ = [
    "MAX_FILE_CHARS",
    "MAX_MAT_CHARS",
    "IdTextError",
    "IdKind",
    "PositionIds",
    "RecordFileError",
    "export_mat",
    "id_kind",
    "import_mat",
    "import_summary",
    "looks_like_match",
    "mat_filename",
    "position_ids",
    "read_id",
    "read_mat_file",
    "record_error_text",
    "setup_from_id",
]

MAT_TYPE = "text/plain"
"""The MIME type of a ``.mat`` download."""
MAX_FILE_CHARS = max(MAX_MAT_CHARS, MAX_SGF_CHARS)
"""The longest match file text the page reads (gnubg's analysed ``.sgf`` are the longest)."""


# -- .mat ------------------------------------------------------------------------------------
class RecordFileError(ValueError):
    """A ``.mat`` file that cannot be read: ``line`` (1-based, ``None`` when no line is at fault),
    ``reason`` (a code of :mod:`core.reasons` that the page translates, ``reason.<code>`` in
    :mod:`app.text`) and ``detail``, the core's explanation (English)."""

    def __init__(self, line: int | None, detail: str, reason: str = "", source: str | None = None) -> None:
        super().__init__(detail if line is None else f"line {line}: {detail}")
        self.line = line
        self.detail = detail
        self.reason = reason
        self.source = source  # the text of the line at fault


def read_mat_file(text: str) -> MatRecord:
    """Read a match file, ``.mat`` (gnubg's, XG's, Galaxy's, ours...) or gnubg's ``.sgf``, through
    :func:`core.record.read_match_file`.

    The record holds the match, replayed action by action through the core, and the
    core's ``notes`` on what it inferred (codes of :data:`core.record.MAT_NOTES`).
    Raises :class:`RecordFileError` with the line at fault; nothing else is changed.

    >>> from core.match import Match
    >>> text = export_mat(Match.new(3).opening_with(3, 1).play("8/5 6/5"))
    >>> read_mat_file(text).notes
    ()
    >>> read_mat_file(text.replace("6/5", "6/6"))
    Traceback (most recent call last):
    ...
    app.records.formats.RecordFileError: line 10: notation '8/5 6/6': '6/6' moves backwards
    """
    if len(text) <= MAX_FILE_CHARS and "\x00" in text:  # a longer text: the core refuses it at once
        raise RecordFileError(None, "it holds NUL characters", reasons.MAT_NOT_TEXT)
    try:
        return read_match_file(text.removeprefix("\ufeff"))
    except InvalidRecordError as exc:
        raise RecordFileError(exc.line, exc.detail, exc.reason, exc.source) from None


def record_error_text(lang: str, error: RecordFileError, file: str) -> str:
    """What the page says of ``file`` that ``error`` refused, in ``lang``: the line, the reason
    translated, and the core's English detail in brackets.

    >>> from core.match import Match
    >>> text = export_mat(Match.new(3).opening_with(3, 1).play("8/5 6/5"))
    >>> try:
    ...     read_mat_file(text.replace("6/5", "6/6"))
    ... except RecordFileError as exc:
    ...     print(record_error_text("fr", exc, "a.mat"))
    a.mat ne peut pas être lu : ligne 10 (« 1) 31: 8/5 6/6 ») : une ligne est illisible (notation '8/5 6/6':
    '6/6' moves backwards)
    """
    reason, detail = reason_text(lang, error.reason or reasons.MAT_UNREADABLE), error.detail
    if error.line is None:
        return t(lang, "records.import_bad", file=file, reason=reason, detail=detail)
    if error.source:
        return t(lang, "records.import_source", file=file, line=error.line, source=error.source, reason=reason,
                 detail=detail)
    return t(lang, "records.import_line", file=file, line=error.line, reason=reason, detail=detail)


def import_summary(lang: str, record: MatRecord, file: str) -> str:
    """What the page says of a match file it read, in ``lang``: the games, the match, the players,
    the score reached and the program that wrote the file (as the file says or shows it).

    >>> from core.record import read_match_file
    >>> text = '; [Site "BackgammonGalaxy"]\\n 3 point match\\n\\n Game 1\\n Ann : 0     Bob : 0\\n'
    >>> text += "  1) 31: 8/5 6/5      Doubles => 2\\n  2)  Drops\\n"
    >>> print(import_summary("en", read_match_file(text), "m.txt"))
    m.txt: 1 game, 3-point match, Ann – Bob, score 0–1. Written by Backgammon Galaxy.
    """
    from app.records.replay import shown_names

    match = record.match
    names = shown_names(match, lang)
    parts = {
        "file": file,
        "games": t(lang, "records.games", count=len(match.games)),
        "length": t(lang, "records.length", count=match.length) if match.length else t(lang, "records.money"),
        "names": f"{names[0]} – {names[1]}",
        "score": t(lang, "match.score", score0=match.score[0], score1=match.score[1]),
    }
    if record.program:
        return t(lang, "records.read", program=record.program, **parts)
    return t(lang, "records.read_unknown", **parts)


def looks_like_match(text: str) -> bool:
    """Whether pasted text looks like a match file (and not a position ID or anything else).

    >>> looks_like_match(" 5 point match\\n\\n Game 1\\n"), looks_like_match("(;FF[4]GM[6]")
    (True, True)
    >>> looks_like_match("4HPwATDgc/ABMA")
    False
    """
    head = text[:5000].lstrip("\ufeff \t\r\n")
    if head.startswith("(;"):
        return "GM[6]" in head
    low = head.lower()
    return "point match" in low and "game" in low


def import_mat(text: str) -> Match:
    """The match in ``.mat`` text (:func:`read_mat_file` without the notes).

    >>> from core.match import Match
    >>> import_mat(export_mat(Match.new(3).opening_with(3, 1).play("8/5 6/5"))).game.actions[-1].steps
    ((8, 5), (6, 5))
    """
    return read_mat_file(text).match


def export_mat(match: Match) -> str:
    """The match as ``.mat`` text; :class:`RecordFileError` (no line) for a game set up from an ID.

    >>> text = export_mat(Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5"))
    >>> "  1) 31: 8/5 6/5" in text
    True
    """
    try:
        return format_mat(match)
    except BackgammonError as exc:
        raise RecordFileError(None, str(exc), exc.reason) from None


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _file_part(name: str, fallback: str) -> str:
    part = _UNSAFE.sub("-", name.strip()).strip("-.")[:24]
    return part or fallback


def mat_filename(match: Match, today: date) -> str:
    """A file name for the download: length, players and date, only safe characters.

    >>> mat_filename(Match.new(5, names=("Ann Lee", "Bob/2")), date(2025, 3, 9))
    'videau-5pt-Ann-Lee-vs-Bob-2-2025-03-09.mat'
    >>> mat_filename(Match.new(0), date(2025, 3, 9))
    'videau-money-Bottom-vs-Top-2025-03-09.mat'
    """
    kind = f"{match.length}pt" if match.length else "money"
    names = "-vs-".join(_file_part(n, f"player{i}") for i, n in enumerate(match.names))
    return f"videau-{kind}-{names}-{today.isoformat()}.mat"


# -- IDs --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PositionIds:
    """The IDs of a position: ``xgid`` is ``None`` once the game is over (an XGID has no such state)."""

    xgid: str | None
    gnubg_id: str


def position_ids(match: Match) -> PositionIds:
    """The XGID and gnubg ID of the match's current position, at the start of the turn.

    >>> position_ids(Match.new(7)).gnubg_id
    '4HPwATDgc/ABMA:cAjgAAAAAAAE'
    >>> position_ids(Match.new(1).opening_with(3, 1).resign(3)).xgid is None
    True
    """
    info = match.match_info()
    position = match.game.position
    xgid = None if info.game_state not in (GameState.NOT_STARTED, GameState.PLAYING) else encode_xgid(position, info)
    return PositionIds(xgid, encode_gnubg_id(position, info))


IdKind = Literal["xgid", "gnubg"]


class IdTextError(ValueError):
    """Pasted text that is no ID (``kind`` ``None``), or an XGID / gnubg ID that does not decode."""

    def __init__(self, kind: IdKind | None, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


_XGID = re.compile(r"^(?:XGID=)?[-A-Oa-o]{26}:", re.IGNORECASE)


def id_kind(text: str) -> IdKind | None:
    """What pasted text looks like: ``"xgid"``, ``"gnubg"``, or ``None`` (neither shape).

    >>> id_kind(" XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10 "), id_kind("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    ('xgid', 'gnubg')
    >>> id_kind("GNU Backgammon  Position ID: 4HPwATDgc/ABMA\\n  Match ID   : cAkAAAAAAAAA"), id_kind("hello")
    ('gnubg', None)
    """
    text = text.strip()
    if text.upper().startswith("XGID=") or _XGID.match(text):
        return "xgid"
    try:
        found = find_gnubg_ids(text)
    except BackgammonError:  # text too long to hold an ID
        return None
    return "gnubg" if found is not None else None


def read_id(text: str) -> tuple[IdKind, Position, MatchInfo]:
    """Decode pasted text: an XGID, or a gnubg ID as ``PositionID:MatchID`` or as gnubg prints it.

    Strict: raises :class:`IdTextError` for anything else, naming what is wrong.

    >>> kind, position, info = read_id("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10")
    >>> kind, position == Position.initial(), info.cube, info.score
    ('xgid', True, 2, (2, 4))
    >>> read_id("4HPwATDgc/ABMA")
    Traceback (most recent call last):
    ...
    app.records.formats.IdTextError: neither an XGID nor a gnubg ID: '4HPwATDgc/ABMA'
    """
    text = text.strip()
    kind = id_kind(text)
    if kind is None:
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise IdTextError(None, f"neither an XGID nor a gnubg ID: {shown!r}")
    try:
        if kind == "xgid":
            position, info = decode_xgid("XGID=" + text[5:] if text[:5].upper() == "XGID=" else text)
        else:
            found = find_gnubg_ids(text)
            assert found is not None  # id_kind found them
            position, info = decode_gnubg_id(f"{found[0]}:{found[1]}")
    except BackgammonError as exc:
        raise IdTextError(kind, str(exc)) from None
    return kind, position, info


def setup_from_id(text: str, *, names: tuple[str, str] = ("Bottom", "Top"), crawford_rule: bool = True) -> Match:
    """A new match set up at the position that ``text`` (XGID or gnubg ID) describes.

    Raises :class:`IdTextError` when the text is no ID or names a state no game can
    be played on from (a game already over, a board with a player already home...).

    >>> match = setup_from_id("XGID=-b----E-C---eE---c-e----B-:1:1:-1:31:2:4:0:7:10", names=("Ann", "Bob"))
    >>> match.score, match.game.turn, match.game.dice, match.game.cube, match.game.cube_owner
    ((2, 4), 1, (3, 1), 2, 0)
    """
    kind, position, info = read_id(text)
    try:
        return Match.from_info(position, info, names=names, crawford_rule=crawford_rule)
    except BackgammonError as exc:
        raise IdTextError(kind, str(exc)) from None
