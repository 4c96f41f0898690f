"""Match text files (``.mat``, the JellyFish format that GNU Backgammon and XG exchange).

:func:`format_mat` writes a match or money session the way ``gnubg``'s
``export match mat`` does: a header with the match length (``0 point match``
for money), then for each game its number, both players' names and scores,
and numbered lines with player 0's action on the left and player 1's on the
right: ``52: 13/8 24/22`` (every step written out, ``25`` for the bar, ``0``
for off, ``*`` for a hit), ``Doubles => 2``, ``Takes``, ``Drops``, and a final
``Wins 2 points``. A resignation has no line of its own in the format: the
game simply ends with the points won, as gnubg writes it.

What the format has no place for goes into comment lines before the header,
``; [Tag "value"]`` as XG writes them (gnubg ignores them): the players' names
exactly (``Player 1``, ``Player 2``), the ``Crawford`` rule of a match, the
``Jacoby`` rule of a money session, whether a first game at a one-away score
is the Crawford game (``Crawford game``) and a match given up (``Resigned``).
Each game's score line writes the names as :func:`mat_name` makes them
(no colon, no control character, at most 31 bytes: what gnubg reads), so
that any name of at most :data:`MAX_NAME_CHARS` characters reads back
exactly, and other programs still show a readable one.

:func:`parse_mat` reads such files, from gnubg or XG, and replays every action
through the core (:class:`~core.match.Match`), so an impossible play is
reported with its game, line and reason. :func:`read_mat` also says what it
inferred (:data:`MAT_NOTES`): a file with no ``Crawford`` tag and a double in
what would be the Crawford game was played without the Crawford rule.

>>> from core.match import Match
>>> match = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5")
>>> match = match.double().drop()
>>> text = format_mat(match)
>>> print(text.split("Game 1")[1].rstrip())
<BLANKLINE>
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Drops                       Wins 1 point
>>> parse_mat(text).score
(0, 1)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .dice import Roll
from .errors import BackgammonError, InvalidRecordError, quote
from .game import Action, Game
from .limits import MAX_MATCH_LENGTH
from .match import Match

__all__ = [
    "MAT_NOTES",
    "MAX_LINE_CHARS",
    "MAX_MAT_CHARS",
    "MAX_NAME_CHARS",
    "NOTE_NO_CRAWFORD",
    "MatRecord",
    "format_mat",
    "mat_name",
    "parse_mat",
    "read_mat",
]

MAX_MAT_CHARS = 2_000_000
"""The longest ``.mat`` text read (a long money session is far shorter): a wrong file is refused at once."""
MAX_LINE_CHARS = 1_000
"""The longest line read (a move line is under 80 characters, a name tag under 800)."""
MAX_NAME_CHARS = 64
"""The longest player name a ``.mat`` file carries exactly (:func:`format_mat` refuses longer ones)."""
_MAX_DIGITS = 9  # a number in a .mat file: a length, a score, a cube, points won
_SCORE_NAME_BYTES = 31  # gnubg reads at most 31 bytes of a name in a score line

NOTE_NO_CRAWFORD = "no-crawford-inferred"
"""Note of :func:`read_mat`: no ``Crawford`` tag, and a double in what would be the Crawford game."""
MAT_NOTES = {
    NOTE_NO_CRAWFORD: "the file does not say whether the Crawford rule was used, and a player doubles "
    "in what would be the Crawford game: read as a match played without the Crawford rule",
}
"""What each note of :attr:`MatRecord.notes` means (English; the page translates the code)."""

_LEFT = 28  # width of player 0's column after the line number


def _hop(point: int) -> str:
    return str(point)


def _play_text(action: Action, game_before: Game | None = None) -> str:
    assert action.dice is not None
    d1, d2 = action.dice
    words = []
    hits = set(action_hits(action, game_before))
    for s, t in action.steps:
        words.append(f"{_hop(s)}/{_hop(t)}" + ("*" if t in hits else ""))
        hits.discard(t)
    return f"{d1}{d2}: " + " ".join(words) + " "


def action_hits(action: Action, game_before: Game | None) -> tuple[int, ...]:
    """Points hit by a play action, found by replaying it on the board before it."""
    if game_before is None or not action.steps:
        return ()
    from .moves import legal_plays

    assert action.dice is not None
    position = game_before.position
    key_steps = tuple(action.steps)
    for play in legal_plays(position, action.dice):
        if play.steps == key_steps:
            return play.hits
    # the play was made in another order: match by result
    from .turn import Turn

    turn = Turn.start(position, action.dice)
    for s, t in action.steps:
        turn = turn.step(s, t)
    return turn.play().hits


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def mat_name(name: str) -> str:
    """A player's name as a game's score line writes it: what gnubg and XG can read back.

    Control characters and colons become spaces, runs of spaces one space,
    and the name is cut to 31 bytes of UTF-8; an empty name becomes ``-``.
    The exact name travels in the file's ``Player`` tags.

    >>> mat_name("  Ann   Lee "), mat_name("A : 1  B"), mat_name(""), mat_name("x" * 40)
    ('Ann Lee', 'A 1 B', '-', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')
    """
    plain = "".join(ch if ch.isprintable() and ch != ":" else " " for ch in name)
    words = " ".join(plain.split())
    cut = words.encode("utf-8")[:_SCORE_NAME_BYTES].decode("utf-8", errors="ignore").rstrip()
    return cut or "-"


def _tag_value(text: str) -> str:
    """``text`` as a double-quoted tag value: JSON escapes, and every unprintable character escaped."""
    out = []
    for ch in json.dumps(text, ensure_ascii=False):
        out.append(ch if ch.isprintable() else json.dumps(ch)[1:-1])
    return "".join(out)


def format_mat(match: Match) -> str:
    """The match as ``.mat`` text.

    Raises :class:`BackgammonError` for a game set up from a position, and
    for a name longer than :data:`MAX_NAME_CHARS`.
    """
    for index, name in enumerate(match.names):
        if len(name) > MAX_NAME_CHARS:
            raise BackgammonError(
                f"player {index + 1}'s name {quote(name)} has {len(name)} characters: "
                f"a .mat file carries at most {MAX_NAME_CHARS}"
            )
    out = ['; [Site "Videau"]']
    out += [f"; [Player {i + 1} {_tag_value(name)}]" for i, name in enumerate(match.names)]
    out.append(f'; [Crawford "{"On" if match.crawford_rule else "Off"}"]')
    if match.length:
        first = match.games[0]
        if match.length - 1 in first.score_before and match.crawford_rule:
            out.append(f'; [Crawford game "{"Yes" if first.crawford else "No"}"]')
    else:
        out.append(f'; [Jacoby "{"On" if match.jacoby else "Off"}"]')
    if match.resigned_by is not None:
        out.append(f'; [Resigned "Player {match.resigned_by + 1}"]')
    out += ["", f" {match.length} point match", ""]
    names = [mat_name(n) for n in match.names]
    for number, played in enumerate(match.games, start=1):
        game = played.game
        if game.setup is not None:
            raise BackgammonError(
                f"game {number} starts from a set-up position ({game.setup.position.to_id()}): "
                "the .mat format only records games from the starting position"
            )
        out.append(f" Game {number}")
        a, b = played.score_before
        left = f"{names[0]} : {a}"
        out.append(" " + left.ljust(max(31, len(left) + 2)) + f"{names[1]} : {b}")
        cells: list[tuple[int, str]] = []  # (player, text)
        replay = Game.new()  # the game again, to know the board before each action
        pending: tuple[int, tuple[int, int]] | None = None  # a roll not yet played
        for action in game.actions:
            before = replay
            replay = replay.apply(action)
            if action.kind in ("opening", "roll"):
                after = replay
                assert after.dice is not None
                assert after.turn is not None
                pending = (after.turn, after.dice)
            elif action.kind == "play":
                assert before.dice is not None
                cells.append((action.player, _play_text(_with_dice(action, before.dice), before)))
                pending = None
            elif action.kind == "double":
                cells.append((action.player, f" Doubles => {before.cube * 2}"))
            elif action.kind == "take":
                cells.append((action.player, " Takes"))
            elif action.kind == "drop":
                cells.append((action.player, " Drops"))
            # resign / accept / decline have no line in the format
        if pending is not None:  # rolled, then resigned (or the game is still being played)
            cells.append((pending[0], f"{pending[1][0]}{pending[1][1]}: "))
        if game.result is not None:
            cells.append((game.result.winner, f" Wins {_points(game.result.points)}"))
        out.extend(_layout(cells))
        out.append("")
    return "\n".join(out)


def _with_dice(action: Action, dice: tuple[int, int]) -> Action:
    return Action(action.kind, action.player, dice=dice, steps=action.steps)


def _layout(cells: list[tuple[int, str]]) -> list[str]:
    """Put the actions into numbered lines: player 0 left, player 1 right.

    A line holding only the final ``Wins`` has no number, as gnubg writes it.
    """
    rows: list[list[str | None]] = []
    for player, text in cells:
        if player == 0:
            rows.append([text, None])
        elif rows and rows[-1][1] is None and rows[-1][0] is not None and not rows[-1][0].startswith(" Wins"):
            rows[-1][1] = text
        else:
            rows.append([None, text])
    lines = []
    number = 0
    for left, right in rows:
        only_wins = all(c is None or c.startswith(" Wins") for c in (left, right))
        if only_wins:
            prefix = " " * 5
        else:
            number += 1
            prefix = f"{number:3d}) "
        lines.append(prefix + ((left or "").ljust(_LEFT) + right if right is not None else left or ""))
    return lines


# --- import ------------------------------------------------------------------
# Lines are read with string methods and regular expressions that cannot
# backtrack (anchored, one way to match each character), so reading is linear
# in the text; every number is ASCII digits, at most _MAX_DIGITS of them.

_ROLL = re.compile(r"^([1-6])([1-6]):$")
_WORD = re.compile(r"\S+")


def _is_number(word: str) -> bool:
    return len(word) > 0 and word.isascii() and word.isdigit()


def _number(word: str, what: str, where: str) -> int:
    """``word`` as a number of ASCII digits (at most 9), or an error naming ``what``."""
    if not _is_number(word):
        raise InvalidRecordError(f"{where}: {what} {quote(word)} is not a number")
    if len(word) > _MAX_DIGITS:
        raise InvalidRecordError(f"{where}: {what} {quote(word)} has more than {_MAX_DIGITS} digits")
    return int(word)


def _header_length(stripped: str) -> str | None:
    """The number of an ``N point match`` line (any case, any spaces), else ``None``."""
    words = stripped.split()
    if len(words) == 3 and _is_number(words[0]) and words[1].lower() == "point" and words[2].lower() == "match":
        return words[0]
    return None


def _game_number(stripped: str) -> str | None:
    words = stripped.split()
    if len(words) == 2 and words[0].lower() == "game":
        return words[1]
    return None


def _is_move_line(stripped: str) -> bool:
    """A numbered line: ``12) ...``."""
    number, paren, _ = stripped.partition(")")
    return bool(paren) and _is_number(number)


@dataclass(frozen=True, slots=True)
class _Scores:
    names: tuple[str, str]
    scores: tuple[int, int]
    right: int  # column where the second name starts


def _scores_line(line: str, where: str) -> _Scores:
    """Read ``name : score   name : score`` as gnubg does: the first name ends at the first colon."""
    fail = InvalidRecordError(
        f"{where}: expected the players and scores ('Ann : 0   Bob : 0'), got {quote(line.strip())}"
    )
    first = line.find(":")
    last = line.rfind(":")
    if first < 0 or last == first:
        raise fail
    name0 = line[:first].strip()
    middle = line[first + 1 : last]
    words = middle.split(None, 1)
    if len(words) != 2:
        raise fail
    score0 = _number(words[0], "score", where)
    name1 = words[1].strip()
    score1 = _number(line[last + 1 :].strip(), "score", where)
    if not name0 or not name1:
        raise fail
    right = line.find(name1, first + 1)
    return _Scores((name0, name1), (score0, score1), right)


@dataclass
class _Event:
    kind: str  # "move", "double", "take", "drop", "wins"
    line: int
    player: int = 0
    dice: tuple[int, int] | None = None
    text: str = ""
    value: int = 0


@dataclass
class _GameText:
    line: int
    score: tuple[int, int]
    events: list[_Event]


_KEYWORDS = ("doubles", "takes", "drops", "passes", "wins", "beavers", "accepts", "rejects")


def _tokens(line: str, start: int) -> list[tuple[str, str, int]]:
    """Split a line from column ``start`` into (kind, text, column) events, in order."""
    words = [(m.group(0), m.start()) for m in _WORD.finditer(line, start)]
    out: list[tuple[str, str, int]] = []
    i = 0
    while i < len(words):
        w, col = words[i]
        low = w.lower()
        if _ROLL.match(w):
            j = i + 1
            moves = []
            while j < len(words) and not _ROLL.match(words[j][0]) and words[j][0].lower() not in _KEYWORDS:
                moves.append(words[j][0])
                j += 1
            out.append(("move", w + " " + " ".join(moves), col))
            i = j
        elif low == "doubles":
            if i + 2 < len(words) and words[i + 1][0] == "=>":
                out.append(("double", words[i + 2][0], col))
                i += 3
            else:
                out.append(("double", "", col))
                i += 1
        elif low in ("takes", "accepts"):
            out.append(("take", "", col))
            i += 1
        elif low in ("drops", "passes", "rejects"):
            out.append(("drop", "", col))
            i += 1
        elif low == "wins":
            out.append(("wins", " ".join(w for w, _ in words[i : i + 3]), col))
            i += 3
        else:
            out.append(("bad", w, col))
            i += 1
    return out


@dataclass(frozen=True, slots=True)
class MatRecord:
    """What :func:`read_mat` found: the match, and ``notes`` (codes of :data:`MAT_NOTES`) on what it inferred."""

    match: Match
    notes: tuple[str, ...] = ()


@dataclass
class _Tags:
    names: list[str | None]
    crawford: bool | None = None
    crawford_game: bool | None = None
    jacoby: bool = False
    resigned_by: int | None = None


def _on_off(value: str, tag: str, where: str, words: tuple[str, str] = ("on", "off")) -> bool:
    low = value.strip().lower()
    if low not in words:
        raise InvalidRecordError(f"{where}: {tag} tag {quote(value)}: {words[0]!r} or {words[1]!r} expected")
    return low == words[0]


def _read_tag(stripped: str, tags: _Tags, where: str) -> None:
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
    elif key == "crawford":
        tags.crawford = _on_off(value, "Crawford", where)
    elif key == "crawford game":
        tags.crawford_game = _on_off(value, "Crawford game", where, ("yes", "no"))
    elif key == "jacoby":
        tags.jacoby = _on_off(value, "Jacoby", where)
    elif key == "resigned":
        low = value.strip().lower()
        if low not in ("player 1", "player 2"):
            raise InvalidRecordError(f"{where}: Resigned tag {quote(value)}: 'Player 1' or 'Player 2' expected")
        tags.resigned_by = int(low[-1]) - 1


def read_mat(text: str) -> MatRecord:
    """Read ``.mat`` text into a :class:`MatRecord`, replaying every action through the core.

    Raises :class:`InvalidRecordError` naming the line and the reason for
    anything it cannot read or replay, and for text over :data:`MAX_MAT_CHARS`
    characters or a line over :data:`MAX_LINE_CHARS`.

    >>> text = " 3 point match\\n\\n Game 1\\n Ann : 0     Bob : 0\\n"
    >>> record = read_mat(text)
    >>> record.match.names, record.match.game.phase, record.notes
    (('Ann', 'Bob'), 'opening', ())
    """
    if not isinstance(text, str):
        raise InvalidRecordError(f".mat: text expected, got {type(text).__name__}")
    if len(text) > MAX_MAT_CHARS:
        raise InvalidRecordError(
            f".mat: {len(text):,} characters: too long for a match file (at most {MAX_MAT_CHARS:,})"
        )
    lines = text.splitlines()
    length: int | None = None
    tags = _Tags([None, None])
    names: tuple[str, str] | None = None
    games: list[_GameText] = []
    current: list[_Event] | None = None
    expect_scores = False
    split = 30  # events starting at or after this column are player 1's
    for number, raw in enumerate(lines, start=1):
        where = f".mat line {number}"
        if len(raw) > MAX_LINE_CHARS:
            raise InvalidRecordError(
                f"{where}: {len(raw):,} characters: longer than any line of a match file (at most {MAX_LINE_CHARS:,})"
            )
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            continue
        if expect_scores:  # the line after "Game N", whatever it starts with
            found = _scores_line(line, where)
            names = names or found.names
            games[-1].score = found.scores
            split = min(found.right - 3, 30) if found.right > 10 else 30
            expect_scores = False
            continue
        if stripped.startswith((";", "#")):
            if length is None and stripped.startswith(";"):
                _read_tag(stripped, tags, where)
            continue
        if length is None:
            header = _header_length(stripped)
            if header is None:
                if stripped.startswith("[") or ":" in stripped and not _is_move_line(stripped):
                    continue  # other programs' header lines
                raise InvalidRecordError(f"{where}: expected 'N point match', got {quote(stripped)}")
            length = _number(header, "match length", where)
            if length > MAX_MATCH_LENGTH:
                raise InvalidRecordError(f"{where}: a {length}-point match is longer than {MAX_MATCH_LENGTH}")
            continue
        game_number = _game_number(stripped)
        if game_number is not None:
            _number(game_number, "game number", where)
            current = []
            games.append(_GameText(number, (0, 0), current))
            expect_scores = True
            continue
        if current is None:
            raise InvalidRecordError(f"{where}: expected 'Game 1', got {quote(stripped)}")
        start = line.index(")") + 1 if _is_move_line(stripped) else 0
        for kind, value, col in _tokens(line, start):
            if kind == "bad":
                raise InvalidRecordError(f"{where}: cannot read {quote(value)}")
            ev = _Event(kind, number, 1 if col >= split else 0)
            if kind == "move":
                roll, _, moves = value.partition(" ")
                rm = _ROLL.match(roll)
                assert rm
                ev.dice = (int(rm.group(1)), int(rm.group(2)))
                ev.text = moves.strip()
            elif kind == "double":
                ev.value = _number(value, "cube value", where) if value else 0
            elif kind == "wins":
                words = value.split()
                if len(words) != 3 or words[2].lower() not in ("point", "points"):
                    raise InvalidRecordError(f"{where}: cannot read {quote(value)}")
                ev.value = _number(words[1], "points won", where)
            current.append(ev)
    if length is None:
        raise InvalidRecordError(".mat: no 'N point match' header found")
    if not games:
        raise InvalidRecordError(".mat: no game found")
    if expect_scores:
        raise InvalidRecordError(
            f".mat line {games[-1].line}: the file ends before the players and scores of this game"
        )
    assert names is not None
    return _replay_all(length, _names(names, tags), games, tags)


def parse_mat(text: str) -> Match:
    """Read ``.mat`` text into a :class:`Match` (:func:`read_mat` without its notes).

    Raises :class:`InvalidRecordError` naming the line and the reason for
    anything it cannot read or replay.
    """
    return read_mat(text).match


def _names(found: tuple[str, str], tags: _Tags) -> tuple[str, str]:
    """The names of the ``Player`` tags where they agree with the score line, else the score line's."""
    out = []
    for shown, tagged in zip(found, tags.names):
        out.append(tagged if tagged is not None and mat_name(tagged) == mat_name(shown) else shown)
    return out[0], out[1]


class _CrawfordDouble(Exception):
    """A double in the Crawford game: the replay starts again under other assumptions."""

    def __init__(self, game: int, error: InvalidRecordError) -> None:
        super().__init__(str(error))
        self.game = game
        self.error = error


def _replay_all(length: int, names: tuple[str, str], games: list[_GameText], tags: _Tags) -> MatRecord:
    crawford_rule = True if tags.crawford is None else tags.crawford
    first_crawford = tags.crawford_game
    notes: list[str] = []
    while True:
        try:
            match = _replay(length, names, games, tags, crawford_rule, first_crawford)
        except _CrawfordDouble as exc:
            if exc.game == 0 and first_crawford is None and crawford_rule:
                first_crawford = False  # a first game at a one-away score after the Crawford game
            elif tags.crawford is None and crawford_rule:
                crawford_rule = False
                notes.append(NOTE_NO_CRAWFORD)
            else:
                raise exc.error from None
            continue
        return MatRecord(match, tuple(notes))


def _replay(
    length: int,
    names: tuple[str, str],
    games: list[_GameText],
    tags: _Tags,
    crawford_rule: bool,
    first_crawford: bool | None,
) -> Match:
    first = games[0]
    score = first.score
    one_away = length > 1 and max(score) == length - 1 > min(score)
    crawford_game = crawford_rule and one_away and first_crawford is not False
    try:
        if length and max(score) >= length:
            raise BackgammonError(f"game 1 starts at {score[0]}-{score[1]}: the match to {length} is already over")
        match = Match.new(
            length,
            crawford_rule=crawford_rule,
            jacoby=tags.jacoby and not length,
            names=names,
            score=score,
            crawford_game=crawford_game,
        )
    except BackgammonError as exc:
        raise InvalidRecordError(f".mat line {first.line}: {exc}") from None
    for index, game in enumerate(games):
        if index:
            if not match.game.is_over:
                raise InvalidRecordError(f".mat line {game.line}: game {index} did not end before game {index + 1}")
            try:
                match = match.next_game()
            except BackgammonError as exc:
                raise InvalidRecordError(f".mat line {game.line}: {exc}") from None
        if match.score != game.score:
            raise InvalidRecordError(
                f".mat line {game.line}: game {index + 1} starts at {game.score[0]}-{game.score[1]} "
                f"but the games before it give {match.score[0]}-{match.score[1]}"
            )
        match = _replay_game(match, index, game.events)
    if tags.resigned_by is not None:
        try:
            match = match.resign_match(tags.resigned_by)
        except BackgammonError as exc:
            raise InvalidRecordError(f".mat: Resigned tag: {exc}") from None
    return match


def _replay_game(match: Match, index: int, events: list[_Event]) -> Match:
    number = index + 1
    first_move = True
    last_action = max((i for i, e in enumerate(events) if e.kind != "wins"), default=-1)
    for position, ev in enumerate(events):
        where = f".mat line {ev.line} (game {number})"
        game = match.game
        try:
            if ev.kind == "move":
                assert ev.dice is not None
                d1, d2 = ev.dice
                if first_move and game.phase == "opening":
                    if Roll.of(ev.dice).is_double:
                        raise InvalidRecordError(f"{where}: the opening roll cannot be a double ({d1}{d2})")
                    high, low = max(d1, d2), min(d1, d2)
                    match = match.opening_with(high, low) if ev.player == 0 else match.opening_with(low, high)
                else:
                    if game.turn != ev.player:
                        raise InvalidRecordError(
                            f"{where}: player {ev.player} rolls but it is player {game.turn}'s turn"
                        )
                    match = match.roll_with((d1, d2))
                first_move = False
                if match.game.turn_in_progress is not None and match.game.turn_in_progress.legal_play_count == 0:
                    if ev.text:
                        raise InvalidRecordError(
                            f"{where}: {d1}{d2} cannot be played, but the file plays {quote(ev.text)}"
                        )
                    # The turn passes, unless the roll ends the record: the roller then resigned
                    # (the other player wins) or has not yet confirmed that nothing can be played.
                    after = events[position + 1] if position + 1 < len(events) else None
                    if position < last_action or (after is not None and after.player == ev.player):
                        match = match.pass_turn()
                elif ev.text:
                    match = match.play(ev.text)
                elif position < last_action:
                    raise InvalidRecordError(f"{where}: {d1}{d2} has legal plays but none is written")
            elif ev.kind == "double":
                if game.phase in ("roll", "move") and game.turn != ev.player:
                    raise InvalidRecordError(
                        f"{where}: 'Doubles' is written in player {ev.player}'s column, "
                        f"but it is player {game.turn}'s turn"
                    )
                if match.crawford and game.phase == "roll":
                    refused = InvalidRecordError(f"{where}: a double in the Crawford game, where there is no cube")
                    raise _CrawfordDouble(index, refused)
                match = match.double(by=ev.player)
                if ev.value and ev.value != match.game.cube * 2:
                    raise InvalidRecordError(f"{where}: doubles to {ev.value}, but the cube is at {match.game.cube}")
            elif ev.kind in ("take", "drop"):
                if game.phase == "double" and game.player_to_act != ev.player:
                    word = "Takes" if ev.kind == "take" else "Drops"
                    raise InvalidRecordError(
                        f"{where}: '{word}' is written in player {ev.player}'s column, "
                        f"but player {game.player_to_act} answers the double"
                    )
                match = match.take(by=ev.player) if ev.kind == "take" else match.drop(by=ev.player)
            elif ev.kind == "wins":
                match = _finish(match, ev, where)
        except (InvalidRecordError, _CrawfordDouble):
            raise
        except BackgammonError as exc:
            raise InvalidRecordError(f"{where}: {exc}") from None
    return match


def _finish(match: Match, ev: _Event, where: str) -> Match:
    game = match.game
    winner = ev.player
    if game.is_over:
        assert game.result is not None
        if game.result.winner != winner or game.result.points != ev.value:
            raise InvalidRecordError(
                f"{where}: the file says player {winner} wins {ev.value}, "
                f"the replay gives player {game.result.winner} {game.result.points}"
            )
        return match
    # no natural end: the loser resigned
    loser = 1 - winner
    cube = game.cube
    if ev.value % cube or not 1 <= ev.value // cube <= 3:
        raise InvalidRecordError(f"{where}: {ev.value} points cannot be a resignation with the cube at {cube}")
    level = ev.value // cube
    if game.phase == "move" and game.turn != loser:
        # the winner rolled: a resignation is offered by the player on turn only
        raise InvalidRecordError(f"{where}: player {loser} resigns during player {game.turn}'s move")
    if game.turn != loser:
        raise InvalidRecordError(f"{where}: player {loser} cannot resign on player {game.turn}'s turn")
    match = match.resign(level)
    if match.game.phase == "resign":
        match = match.accept()
    return match
