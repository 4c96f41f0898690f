"""Reading GNU Backgammon's own match files, ``.sgf`` (:func:`core.record.read_sgf`).

gnubg saves a match as one SGF game tree per game (``GM[6]``, backgammon). Its root holds
``MI[length:7][game:0][ws:0][bs:2]`` (the match length, 0 for money, the game's number and the
scores before it), ``PW`` / ``PB`` (the names of player 0, white, and player 1, black), ``RU``
(``Crawford``, ``Crawford:CrawfordGame``, ``Jacoby``...) and ``RE[W+2R]`` (the winner, the points
and ``R`` for a resignation). Each node after it is one action: ``W[41mixw]`` (dice, then a
letter pair per step: ``a``-``x`` the points, in white's numbering ``a`` = 1, in black's ``a`` =
24; ``y`` the bar, ``z`` off), ``W[61]`` (a roll that cannot be played), ``B[double]``,
``W[take]``, ``W[drop]``, and ``PL[B]DI[56]`` (dice rolled and never played: the player then
gave up). Analysis (``A``, ``DA``, ``GS``...) and comments are skipped.

The games are turned into the events a ``.mat`` file gives (:mod:`core.record._lines`) and
replayed through the core the same way, so every play is checked against the rules. A game set
up from a position (``AE``, ``AB``, ``AW``) is refused: the core records games from the start.

The text is read in one linear pass (``str.find`` for the end of each value); nothing in it can
make the reader backtrack.
"""

from __future__ import annotations

import re

from .. import reasons
from ..errors import InvalidRecordError, quote
from ..limits import MAX_MATCH_LENGTH
from ._lines import MAX_DIGITS, Event, GameText, Tags

MAX_SGF_CHARS = 20_000_000
"""The longest ``.sgf`` text read: gnubg's analysis makes a long match a few megabytes."""

_PROPERTY = re.compile(r"[A-Za-z]+")
_SETUP = frozenset(("AE", "AB", "AW", "AP_SETUP"))
_LETTERS = "abcdefghijklmnopqrstuvwx"


def _error(detail: str, reason: str, line: int | None = None, game: int | None = None) -> InvalidRecordError:
    return InvalidRecordError(detail, reason, line=line, game=game, kind=".sgf")


Node = tuple[int, dict[str, list[str]]]
"""A node: its line in the text, and its properties (each a list of values)."""


def parse_trees(text: str) -> list[list[Node]]:
    """The game trees of SGF text, each as its main line of nodes: inside a tree, the first
    variation carries the main line on and the others are skipped.

    >>> [[sorted(props) for _, props in tree] for tree in parse_trees("(;GM[6];W[31](;B[double])(;B[64]))")]
    [[['GM'], ['W'], ['B']]]
    """
    trees: list[list[Node]] = []
    depth = 0
    i = 0
    n = len(text)
    line = 1
    current: list[Node] | None = None
    skipping = 0  # the depth of the variation being skipped, 0 on the main line
    taken: list[bool] = [False]  # per depth: whether a variation already carried the main line on
    node: dict[str, list[str]] | None = None
    last_key = ""
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif ch in " \t\r":
            i += 1
        elif ch == "(":
            if depth == 0:
                current = []
                trees.append(current)
            elif not skipping:
                if taken[depth]:
                    skipping = depth + 1  # a second variation: not the main line
                taken[depth] = True
            depth += 1
            taken.append(False)
            i += 1
        elif ch == ")":
            if depth == 0:
                raise _error("')' without its '('", reasons.MAT_UNREADABLE, line)
            if skipping == depth:
                skipping = 0
            depth -= 1
            taken.pop()
            i += 1
        elif ch == ";":
            if current is None:
                raise _error("a node outside any game tree", reasons.MAT_UNREADABLE, line)
            node = {}
            if not skipping:
                current.append((line, node))
            last_key = ""
            i += 1
        elif ch == "[":
            end = i + 1
            while True:
                close = text.find("]", end)
                if close < 0:
                    raise _error("a value without its ']'", reasons.MAT_UNREADABLE, line)
                backslashes = 0
                k = close - 1
                while k > i and text[k] == "\\":
                    backslashes += 1
                    k -= 1
                if backslashes % 2 == 0:
                    break
                end = close + 1
            value = text[i + 1 : close]
            if node is None or not last_key:
                raise _error("a value without its property", reasons.MAT_UNREADABLE, line)
            node.setdefault(last_key, []).append(value.replace("\\]", "]").replace("\\\\", "\\"))
            line += value.count("\n")
            i = close + 1
        else:
            m = _PROPERTY.match(text, i)
            if m is None or node is None:
                raise _error(f"cannot read {quote(text[i : i + 20])}", reasons.MAT_UNREADABLE, line)
            last_key = "".join(c for c in m.group(0) if c.isupper())
            i = m.end()
    if depth:
        raise _error("the text ends inside a game tree", reasons.MAT_UNREADABLE, line)
    return trees


def _number(value: str, what: str, line: int) -> int:
    word = value.strip()
    if not (word.isascii() and word.isdigit()) or len(word) > MAX_DIGITS:
        raise _error(f"{what} {quote(value)} is not a number", reasons.MAT_BAD_NUMBER, line)
    return int(word)


def _match_info(values: list[str], line: int) -> dict[str, int]:
    out = {}
    for value in values:
        key, _, number = value.partition(":")
        if key in ("length", "game", "ws", "bs"):
            out[key] = _number(number, key, line)
    if "length" not in out:
        raise _error("no match length (MI[length:N])", reasons.MAT_NO_HEADER, line)
    return out


def _point(letter: str, player: int, line: int, text: str) -> int:
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    index = _LETTERS.find(letter)
    if index < 0:
        raise _error(f"cannot read the move {quote(text)}", reasons.MAT_UNREADABLE, line)
    return index + 1 if player == 0 else 24 - index


def _move_event(value: str, player: int, line: int) -> Event:
    word = value.strip().lower()
    if word in ("double", "take", "drop", "beaver"):
        return Event(word, line, player)
    if len(word) < 2 or not word[:2].isdigit() or not all(c in "123456" for c in word[:2]) or len(word) % 2:
        raise _error(f"cannot read the move {quote(value)}", reasons.MAT_UNREADABLE, line)
    steps = []
    for k in range(2, len(word), 2):
        steps.append(f"{_point(word[k], player, line, value)}/{_point(word[k + 1], player, line, value)}")
    return Event("move", line, player, dice=(int(word[0]), int(word[1])), text=" ".join(steps))


def sgf_games(text: str) -> tuple[int, tuple[str, str], list[GameText], Tags, str | None]:
    """The match length, names, games (as ``.mat`` events) and rules of gnubg ``.sgf`` text, and
    the program named in its ``AP`` (``None`` without one)."""
    if len(text) > MAX_SGF_CHARS:
        raise _error(f"{len(text):,} characters: too long for a match file (at most {MAX_SGF_CHARS:,})",
                     reasons.MAT_TOO_LONG)
    trees = parse_trees(text)
    if not trees or not trees[0]:
        raise _error("no game found", reasons.MAT_NO_GAME)
    length: int | None = None
    names: tuple[str, str] = ("", "")
    tags = Tags([None, None])
    games: list[GameText] = []
    program: str | None = None
    for number, tree in enumerate(trees, start=1):
        root_line, root = tree[0]
        if root.get("GM", ["6"])[0].strip() != "6":
            raise _error(f"GM[{root['GM'][0]}] is not backgammon (GM[6])", reasons.MAT_NO_HEADER, root_line)
        info = _match_info(root.get("MI", []), root_line)
        if length is None:
            length = info["length"]
            if length > MAX_MATCH_LENGTH:
                raise _error(f"a {length}-point match is longer than {MAX_MATCH_LENGTH}", reasons.MAT_BAD_NUMBER,
                             root_line)
            names = (root.get("PW", [""])[0].strip(), root.get("PB", [""])[0].strip())
            rules = [r.strip().lower() for r in ":".join(root.get("RU", [])).split(":")]
            tags.crawford = "crawford" in rules if length else None
            tags.crawford_game = "crawfordgame" in rules if length else None
            tags.jacoby = "jacoby" in rules
            tags.beavers = "beavers" in rules
            if "AP" in root:
                program = root["AP"][0].split(":")[0].strip() or None
        elif info["length"] != length:
            raise _error(f"game {number} is of a {info['length']}-point match, the first of a {length}-point one",
                         reasons.MAT_BAD_SCORES, root_line)
        events: list[Event] = []
        game = GameText(root_line, (info.get("ws", 0), info.get("bs", 0)), events)
        games.append(game)
        for line, node in tree:
            if _SETUP & node.keys():
                raise _error("the game starts from a set-up position: only games from the start are read",
                             reasons.MAT_ILLEGAL, line, number)
            for key, player in (("W", 0), ("B", 1)):
                for value in node.get(key, []):
                    events.append(_move_event(value, player, line))
            if "DI" in node:  # dice rolled and never played
                who = node.get("PL", [""])[0].strip().upper()
                if who not in ("W", "B"):
                    raise _error("dice (DI) without the player who rolled them (PL)", reasons.MAT_UNREADABLE, line)
                events.append(_move_event(node["DI"][0], 0 if who == "W" else 1, line))
        result = root.get("RE", [""])[0].strip()
        if result:
            m = re.fullmatch(r"([WB])\+(\d{1,9})R?", result)
            if m is None:
                raise _error(f"cannot read the result RE[{quote(result)}]", reasons.MAT_UNREADABLE, root_line, number)
            last = events[-1].line if events else root_line
            events.append(Event("wins", last, 0 if m.group(1) == "W" else 1, value=int(m.group(2))))
    assert length is not None
    return length, names, games, tags, program
