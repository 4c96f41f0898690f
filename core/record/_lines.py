"""Reading the lines of a ``.mat`` file into games and events, before any replay (:mod:`core.record`).

Lines are read with string methods and regular expressions that cannot
backtrack (anchored, one way to match each character), so reading is linear
in the text; every number is ASCII digits, at most :data:`MAX_DIGITS` of them.
:mod:`core.record._replay` then replays the events through the core.

>>> [(kind, text) for kind, text, _ in tokens("  1) 31: 8/5 6/5      Doubles => 2", 4)]
[('move', '31: 8/5 6/5'), ('double', '2')]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .. import reasons
from ..errors import InvalidRecordError, quote

MAX_DIGITS = 9
"""The most digits of a number in a ``.mat`` file: a length, a score, a cube, points won."""

ROLL = re.compile(r"^([1-6])([1-6]):$")
_WORD = re.compile(r"\S+")


def _is_number(word: str) -> bool:
    return len(word) > 0 and word.isascii() and word.isdigit()


def read_number(word: str, what: str, line: int) -> int:
    """``word`` as a number of ASCII digits (at most :data:`MAX_DIGITS`), or an error naming ``what``."""
    if not _is_number(word):
        raise InvalidRecordError(f"{what} {quote(word)} is not a number", reasons.MAT_BAD_NUMBER, line=line)
    if len(word) > MAX_DIGITS:
        raise InvalidRecordError(
            f"{what} {quote(word)} has more than {MAX_DIGITS} digits", reasons.MAT_BAD_NUMBER, line=line
        )
    return int(word)


def header_length(stripped: str) -> str | None:
    """The number of an ``N point match`` line (any case, any spaces), else ``None``."""
    words = stripped.split()
    if len(words) == 3 and _is_number(words[0]) and words[1].lower() == "point" and words[2].lower() == "match":
        return words[0]
    return None


def game_number(stripped: str) -> str | None:
    words = stripped.split()
    if len(words) == 2 and words[0].lower() == "game":
        return words[1]
    return None


def is_move_line(stripped: str) -> bool:
    """A numbered line: ``12) ...``."""
    number, paren, _ = stripped.partition(")")
    return bool(paren) and _is_number(number)


@dataclass(frozen=True, slots=True)
class _Scores:
    names: tuple[str, str]
    scores: tuple[int, int]
    right: int  # column where the second name starts


def scores_line(line: str, number: int) -> _Scores:
    """Read ``name : score   name : score`` as gnubg does: the first name ends at the first colon.

    Either name may be empty (Backgammon Galaxy writes `` lasse : 0      : 0`` for a player
    without one): the ``Player`` tag then gives it, if the file has one.
    """
    fail = InvalidRecordError(
        f"expected the players and scores ('Ann : 0   Bob : 0'), got {quote(line.strip())}",
        reasons.MAT_BAD_SCORES,
        line=number,
    )
    first = line.find(":")
    last = line.rfind(":")
    if first < 0 or last == first:
        raise fail
    name0 = line[:first].strip()
    middle = line[first + 1 : last]
    words = middle.split(None, 1)
    if not words:
        raise fail
    score0 = read_number(words[0], "score", number)
    name1 = words[1].strip() if len(words) == 2 else ""  # an empty name (" lasse : 0      : 0") is read as such
    score1 = read_number(line[last + 1 :].strip(), "score", number)
    right = line.find(name1, first + 1 + len(words[0])) if name1 else last - 1
    return _Scores((name0, name1), (score0, score1), right)


@dataclass
class Event:
    kind: str  # "move", "double", "take", "drop", "wins"
    line: int
    player: int = 0
    dice: tuple[int, int] | None = None
    text: str = ""
    value: int = 0


@dataclass
class GameText:
    line: int
    score: tuple[int, int]
    events: list[Event]


_KEYWORDS = ("doubles", "takes", "drops", "passes", "wins", "losses", "beavers", "accepts", "rejects")
_NO_MOVE = ("cannot move", "can't move", "no move", "(no move)")
"""What some programs write for a roll followed by no play: one that cannot be played (Backgammon
Studio, eXtreme Gammon: ``66: Cannot Move``), or question marks (Backgammon Studio's and XG's
``32: ????``, XG's ``.mat`` export ``32: ???``), a roll the player never played (the game ended, he
resigned or ran out of time): read as no play written, which only a roll that cannot be played or
the last roll of a game may have (:func:`is_no_move`)."""


def is_no_move(text: str) -> bool:
    """``text`` (after a roll) says that no play was made: ``Cannot Move``, ``????``, ``???``...

    >>> is_no_move("Cannot Move"), is_no_move("???"), is_no_move("?? 8/5")
    (True, True, False)
    """
    low = text.lower()
    return low in _NO_MOVE or len(low) > 0 and low.strip("?") == ""


def _ends_play(word: str) -> bool:
    return bool(ROLL.match(word)) or word.lower() in _KEYWORDS or word.endswith(")") and _is_number(word[:-1])


def tokens(line: str, start: int) -> list[tuple[str, str, int]]:
    """Split a line from column ``start`` into (kind, text, column) events, in order."""
    words = [(m.group(0), m.start()) for m in _WORD.finditer(line, start)]
    out: list[tuple[str, str, int]] = []
    i = 0
    while i < len(words):
        w, col = words[i]
        low = w.lower()
        if w.endswith(")") and _is_number(w[:-1]):  # a move number again inside the line (Galaxy)
            i += 1
        elif ROLL.match(w):
            j = i + 1
            moves = []
            while j < len(words) and not _ends_play(words[j][0]):
                moves.append(words[j][0])
                j += 1
            if is_no_move(" ".join(moves)):
                moves = []
            out.append(("move", w + " " + " ".join(moves), col))
            i = j
        elif low == "doubles":
            if i + 2 < len(words) and words[i + 1][0] == "=>":
                out.append(("double", words[i + 2][0], col))
                i += 3
            else:
                out.append(("double", "", col))
                i += 1
        elif low == "beavers":  # gnubg writes "Beavers => 4": the cube after the beaver
            if i + 2 < len(words) and words[i + 1][0] == "=>":
                out.append(("beaver", words[i + 2][0], col))
                i += 3
            else:
                out.append(("beaver", "", col))
                i += 1
        elif low in ("takes", "accepts"):
            out.append(("take", "", col))
            i += 1
        elif low in ("drops", "passes", "rejects"):
            out.append(("drop", "", col))
            i += 1
        elif low in ("wins", "losses"):
            # "Wins 2 points", and Backgammon Galaxy's "Wins 2 point and the match" and "Losses 2 point"
            # (in the loser's column): the words after the points are read to the end of the line
            j = i + 1
            while j < len(words) and words[j][0].lower() not in ("wins", "losses"):
                j += 1
            out.append(("wins" if low == "wins" else "losses", " ".join(w for w, _ in words[i:j]), col))
            i = j
        else:
            out.append(("bad", w, col))
            i += 1
    return out


@dataclass
class Tags:
    names: list[str | None]
    crawford: bool | None = None
    crawford_game: bool | None = None
    jacoby: bool = False
    beavers: bool = False
    resigned_by: int | None = None
    out_of_time: int | None = None
    site: str | None = None  # the program or site that wrote the file (XG's ``Site`` tag)


def _on_off(value: str, tag: str, line: int, words: tuple[str, str] = ("on", "off")) -> bool:
    low = value.strip().lower()
    if low not in words:
        raise InvalidRecordError(
            f"{tag} tag {quote(value)}: {words[0]!r} or {words[1]!r} expected", reasons.MAT_BAD_TAG, line=line
        )
    return low == words[0]


def read_tag(stripped: str, tags: Tags, line: int) -> None:
    """Read a ``; [Key "value"]`` comment line into ``tags`` (other comments are ignored)."""
    inner = stripped[1:].strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        return
    inner = inner[1:-1]
    quote_at = inner.find('"')
    if quote_at < 0 or not inner.endswith('"') or quote_at == len(inner) - 1:
        return
    key = " ".join(inner[:quote_at].split()).lower()
    raw = inner[quote_at:]
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw[1:-1]  # another program's escapes: taken as written
    if not isinstance(value, str):
        return
    if key in ("player 1", "player 2"):
        tags.names[int(key[-1]) - 1] = value
    elif key == "site":
        tags.site = value.strip()[:60] or None
    elif key == "crawford":
        tags.crawford = _on_off(value, "Crawford", line)
    elif key == "crawford game":
        tags.crawford_game = _on_off(value, "Crawford game", line, ("yes", "no"))
    elif key == "jacoby":
        tags.jacoby = _on_off(value, "Jacoby", line)
    elif key == "beavers":
        tags.beavers = _on_off(value, "Beavers", line)
    elif key in ("resigned", "lost on time"):  # the match ended: resigned, or lost on time (our tag)
        low = value.strip().lower()
        if low not in ("player 1", "player 2"):
            tag = "Resigned" if key == "resigned" else "Lost on time"
            raise InvalidRecordError(
                f"{tag} tag {quote(value)}: 'Player 1' or 'Player 2' expected", reasons.MAT_BAD_TAG, line=line
            )
        if key == "resigned":
            tags.resigned_by = int(low[-1]) - 1
        else:
            tags.out_of_time = int(low[-1]) - 1


_RESULT_TAILS = ("", "and the match")


def result_points(value: str, line: int) -> int:
    """The points of a result: ``Wins 2 points``, ``Wins 1 point and the match``, ``Losses 2 point``."""
    words = value.split()
    tail = " ".join(words[3:]).lower()
    if len(words) < 3 or words[2].lower() not in ("point", "points") or tail not in _RESULT_TAILS:
        raise InvalidRecordError(f"cannot read {quote(value)}", reasons.MAT_UNREADABLE, line=line)
    return read_number(words[1], "points won", line)
