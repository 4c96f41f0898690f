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
is the Crawford game (``Crawford game``), a match given up (``Resigned``) and a
match lost on time (``Lost on time``, our tag: see :mod:`core.clock`).
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

from .. import reasons
from ..errors import BackgammonError, InvalidRecordError, quote
from ..game import Action, Game
from ..limits import MAX_MATCH_LENGTH
from ..match import Match
from ._lines import (
    ROLL,
    Event,
    GameText,
    Tags,
    game_number,
    header_length,
    is_move_line,
    read_number,
    read_tag,
    result_points,
    scores_line,
    tokens,
)
from ._replay import (
    NOTE_FORCED_PLAY,
    NOTE_GIVEN_UP_UNPLAYED,
    NOTE_MATCH_RESIGNED,
    NOTE_NO_CRAWFORD,
    NOTE_RESIGN_GUESSED,
    NOTE_RESULT_FROM_BOARD,
    replay_games,
)
from ._sgf import MAX_SGF_CHARS, sgf_games

__all__ = [
    "MAT_NOTES",
    "MAX_LINE_CHARS",
    "MAX_MAT_CHARS",
    "MAX_NAME_CHARS",
    "MAX_SGF_CHARS",
    "MAX_SOURCE_CHARS",
    "NOTE_FORCED_PLAY",
    "NOTE_GIVEN_UP_UNPLAYED",
    "NOTE_MATCH_RESIGNED",
    "NOTE_NO_CRAWFORD",
    "NOTE_RESIGN_GUESSED",
    "NOTE_RESULT_FROM_BOARD",
    "MatRecord",
    "format_mat",
    "mat_name",
    "parse_mat",
    "read_mat",
    "read_match_file",
    "read_sgf",
]

MAX_MAT_CHARS = 2_000_000
"""The longest ``.mat`` text read (a long money session is far shorter): a wrong file is refused at once."""
MAX_LINE_CHARS = 1_000
"""The longest line read (a move line is under 80 characters, a name tag under 800)."""
MAX_SOURCE_CHARS = 100
"""The most characters of the line at fault that an error carries (:attr:`InvalidRecordError.source`)."""
MAX_NAME_CHARS = 64
"""The longest player name a ``.mat`` file carries exactly (:func:`format_mat` refuses longer ones)."""
_SCORE_NAME_BYTES = 31  # gnubg reads at most 31 bytes of a name in a score line

MAT_NOTES = {
    NOTE_NO_CRAWFORD: "the file does not say whether the Crawford rule was used, and a player doubles "
    "in what would be the Crawford game: read as a match played without the Crawford rule",
    NOTE_RESULT_FROM_BOARD: "a game ended on the board with other points than the file writes: "
    "the points of the board are kept, as GNU Backgammon keeps them",
    NOTE_RESIGN_GUESSED: "a game was given up for points that no resignation gives at that cube: read as the "
    "smallest resignation that gives them (at most a backgammon), as GNU Backgammon reads it",
    NOTE_FORCED_PLAY: "a roll with a single legal play has no play written: that play is made, "
    "as GNU Backgammon makes it",
    NOTE_GIVEN_UP_UNPLAYED: "a game was given up before its first roll, where no game can be resigned: "
    "read as not yet played, as GNU Backgammon reads it",
    NOTE_MATCH_RESIGNED: "a player gave up before the first roll, where no game can be resigned yet, "
    "and the points written win the match: read as the match given up",
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
    from ..moves import legal_plays

    assert action.dice is not None
    position = game_before.position
    key_steps = tuple(action.steps)
    for play in legal_plays(position, action.dice):
        if play.steps == key_steps:
            return play.hits
    # the play was made in another order: match by result
    from ..turn import Turn

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
        if match.beavers:  # our tag (gnubg writes none): a session's first beaver may come late
            out.append('; [Beavers "On"]')
    if match.resigned_by is not None:
        out.append(f'; [Resigned "Player {match.resigned_by + 1}"]')
    if match.out_of_time is not None:  # our tag: the player lost the match on time (core.clock)
        out.append(f'; [Lost on time "Player {match.out_of_time + 1}"]')
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
        replay = Game.new(beavers=match.beavers)  # the game again, to know the board before each action
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
            elif action.kind == "beaver":  # as gnubg writes it: the cube after the beaver
                cells.append((action.player, f" Beavers => {before.cube * 4}"))
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


# --- import: _lines reads the lines, _replay replays them ---------------------


@dataclass(frozen=True, slots=True)
class MatRecord:
    """What :func:`read_mat` or :func:`read_sgf` found: the match, ``notes`` (codes of :data:`MAT_NOTES`)
    on what it inferred, the file's ``format`` (``"mat"`` or ``"sgf"``) and the ``program`` that wrote
    it, as the file says or shows it (``None`` when it does not)."""

    match: Match
    notes: tuple[str, ...] = ()
    format: str = "mat"
    program: str | None = None


_SITES = {
    "backgammongalaxy": "Backgammon Galaxy",
    "backgammon galaxy": "Backgammon Galaxy",
    "backgammon studio": "Backgammon Studio",
    "xg mobile": "XG Mobile",
    "extreme gammon": "eXtreme Gammon",
    "extremegammon": "eXtreme Gammon",
    "gnu backgammon": "GNU Backgammon",
    "gnubg": "GNU Backgammon",
}


_XG_HEADER = re.compile(r'^; \[Match ID "-?\d+"\]\r?\n(?:; \[[^\n]*\]\r?\n)*?; \[Player 1 Elo "', re.MULTILINE)
"""eXtreme Gammon's header: a ``Match ID`` tag, then, a few tags later, ``Player 1 Elo``."""


def _program(tags: Tags, text: str) -> str | None:
    """The program that wrote a ``.mat`` file: its ``Site`` tag when that names a program (XG Mobile,
    Backgammon Galaxy, Backgammon Studio, ours); else eXtreme Gammon when the file has XG's header
    (XG desktop writes the place where the match was played as its ``Site``, often nothing); else
    GNU Backgammon when the file has gnubg's shape (an ``EventDate`` tag and no ``Site``, each play
    followed by a space); else the ``Site`` as written, or ``None``.

    >>> _program(Tags([None, None], site="BackgammonGalaxy"), "")
    'Backgammon Galaxy'
    >>> _program(Tags([None, None], site="Angers"), '; [Match ID "-8"]\\n; [Player 1 Elo "1600.00/0"]\\n')
    'eXtreme Gammon'
    """
    known = _SITES.get(tags.site.lower()) if tags.site else None
    if known:
        return known
    head = text[:2000]
    if _XG_HEADER.search(head):
        return "eXtreme Gammon"
    if not tags.site and head.lstrip().startswith("; [EventDate") and re.search(r"\n +1\) [1-6][1-6]: \S.* \n", text):
        return "GNU Backgammon"
    return tags.site


def read_match_file(text: str) -> MatRecord:
    """Read a match file of either format: gnubg's ``.sgf`` (text starting with ``(``) or ``.mat``.

    >>> read_match_file(" 1 point match\\n\\n Game 1\\n A : 0     B : 0\\n").format
    'mat'
    >>> read_match_file("(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]AP[GNU Backgammon:1.07])").program
    'GNU Backgammon'
    """
    if isinstance(text, str) and text.lstrip("\ufeff \t\r\n").startswith("("):
        return read_sgf(text)
    return read_mat(text)


def read_sgf(text: str) -> MatRecord:
    """Read gnubg's ``.sgf`` text (:mod:`core.record._sgf`) into a :class:`MatRecord`, replaying every
    action through the core as :func:`read_mat` does.

    Raises :class:`InvalidRecordError` (kind ``.sgf``) naming the line and the reason for anything it
    cannot read or replay; its ``source`` is the line's text.
    """
    if not isinstance(text, str):
        raise InvalidRecordError(f"text expected, got {type(text).__name__}", reasons.MAT_NOT_TEXT, kind=".sgf")
    try:
        length, names, games, tags, program = sgf_games(text)
        names = (_fit_name(names[0]), _fit_name(names[1]))
        match, notes = replay_games(length, names, games, tags)
    except InvalidRecordError as exc:
        again = InvalidRecordError(exc.detail, exc.reason, line=exc.line, game=exc.game, kind=".sgf")
        if exc.line is not None:
            lines = text.splitlines()
            if exc.line <= len(lines):
                again.source = lines[exc.line - 1].strip()[:MAX_SOURCE_CHARS]
        raise again from None
    return MatRecord(match, notes, "sgf", program)


def read_mat(text: str) -> MatRecord:
    """Read ``.mat`` text into a :class:`MatRecord`, replaying every action through the core.

    Raises :class:`InvalidRecordError` naming the line and the reason for
    anything it cannot read or replay, and for text over :data:`MAX_MAT_CHARS`
    characters or a line over :data:`MAX_LINE_CHARS`; its ``source`` is the
    text of the line at fault (at most :data:`MAX_SOURCE_CHARS` characters).

    >>> text = " 3 point match\\n\\n Game 1\\n Ann : 0     Bob : 0\\n"
    >>> record = read_mat(text)
    >>> record.match.names, record.match.game.phase, record.notes
    (('Ann', 'Bob'), 'opening', ())
    """
    try:
        return _read_mat(text)
    except InvalidRecordError as exc:
        if exc.line is not None and exc.source is None:
            exc.source = text.splitlines()[exc.line - 1].strip()[:MAX_SOURCE_CHARS]
        raise


def _read_mat(text: str) -> MatRecord:
    if not isinstance(text, str):
        raise InvalidRecordError(f"text expected, got {type(text).__name__}", reasons.MAT_NOT_TEXT)
    if len(text) > MAX_MAT_CHARS:
        raise InvalidRecordError(
            f"{len(text):,} characters: too long for a match file (at most {MAX_MAT_CHARS:,})", reasons.MAT_TOO_LONG
        )
    lines = text.removeprefix("\ufeff").splitlines()  # XG writes a UTF-8 byte order mark first
    length: int | None = None
    tags = Tags([None, None])
    names: tuple[str, str] | None = None
    games: list[GameText] = []
    current: list[Event] | None = None
    expect_scores = False
    split = 30  # events starting at or after this column are player 1's
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise InvalidRecordError(
                f"{len(raw):,} characters: longer than any line of a match file (at most {MAX_LINE_CHARS:,})",
                reasons.MAT_TOO_LONG,
                line=number,
            )
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            continue
        if expect_scores:  # the line after "Game N", whatever it starts with
            found = scores_line(line, number)
            names = names or found.names
            games[-1].score = found.scores
            split = min(found.right - 3, 30) if found.right > 10 else 30
            expect_scores = False
            continue
        if stripped.startswith((";", "#")):
            if length is None and stripped.startswith(";"):
                read_tag(stripped, tags, number)
            continue
        if length is None:
            header = header_length(stripped)
            if header is None:
                if stripped.startswith("[") or ":" in stripped and not is_move_line(stripped):
                    continue  # other programs' header lines
                raise InvalidRecordError(
                    f"expected 'N point match', got {quote(stripped)}", reasons.MAT_NO_HEADER, line=number
                )
            length = read_number(header, "match length", number)
            if length > MAX_MATCH_LENGTH:
                raise InvalidRecordError(
                    f"a {length}-point match is longer than {MAX_MATCH_LENGTH}", reasons.MAT_BAD_NUMBER, line=number
                )
            continue
        game_word = game_number(stripped)
        if game_word is not None:
            read_number(game_word, "game number", number)
            current = []
            games.append(GameText(number, (0, 0), current))
            expect_scores = True
            continue
        if current is None:
            raise InvalidRecordError(f"expected 'Game 1', got {quote(stripped)}", reasons.MAT_NO_GAME, line=number)
        start = line.index(")") + 1 if is_move_line(stripped) else 0
        for kind, value, col in tokens(line, start):
            if kind == "bad":
                raise InvalidRecordError(f"cannot read {quote(value)}", reasons.MAT_UNREADABLE, line=number)
            ev = Event(kind, number, 1 if col >= split else 0)
            if kind == "move":
                roll, _, moves = value.partition(" ")
                rm = ROLL.match(roll)
                assert rm
                ev.dice = (int(rm.group(1)), int(rm.group(2)))
                ev.text = moves.strip()
            elif kind in ("double", "beaver"):
                ev.value = read_number(value, "cube value", number) if value else 0
            elif kind in ("wins", "losses"):
                ev.value = result_points(value, number)
                if kind == "losses":
                    continue  # the loser's side of the result: the "Wins" of the other column says it
            current.append(ev)
    if length is None:
        raise InvalidRecordError("no 'N point match' header found", reasons.MAT_NO_HEADER)
    if not games:
        raise InvalidRecordError("no game found", reasons.MAT_NO_GAME)
    if expect_scores:
        raise InvalidRecordError(
            "the file ends before the players and scores of this game", reasons.MAT_BAD_SCORES, line=games[-1].line
        )
    assert names is not None
    match, notes = replay_games(length, _names(names, tags), games, tags)
    return MatRecord(match, notes, "mat", _program(tags, text.removeprefix("\ufeff")))


def parse_mat(text: str) -> Match:
    """Read ``.mat`` text into a :class:`Match` (:func:`read_mat` without its notes).

    Raises :class:`InvalidRecordError` naming the line and the reason for
    anything it cannot read or replay.
    """
    return read_mat(text).match


def _fit_name(name: str) -> str:
    """``name`` kept to :data:`MAX_NAME_CHARS` characters: what :func:`format_mat` writes back."""
    return name[:MAX_NAME_CHARS].rstrip()


def _names(found: tuple[str, str], tags: Tags) -> tuple[str, str]:
    """The names of the ``Player`` tags where they agree with the score line, else the score line's.

    A name is kept to :data:`MAX_NAME_CHARS` characters, what :func:`format_mat` writes back.
    """
    out = []
    for shown, tagged in zip(found, tags.names):
        agree = tagged is not None and (not shown or mat_name(tagged) == mat_name(shown))
        out.append(_fit_name(tagged if agree and tagged is not None else shown))
    return out[0], out[1]
