"""Match text files (``.mat``, the JellyFish format that GNU Backgammon and XG exchange).

:func:`format_mat` writes a match or money session the way ``gnubg``'s
``export match mat`` does: a header with the match length (``0 point match``
for money), then for each game its number, both players' names and scores,
and numbered lines with player 0's action on the left and player 1's on the
right: ``52: 13/8 24/22`` (every step written out, ``25`` for the bar, ``0``
for off, ``*`` for a hit), ``Doubles => 2``, ``Takes``, ``Drops``, and a final
``Wins 2 points``. A resignation has no line of its own in the format: the
game simply ends with the points won, as gnubg writes it.

:func:`parse_mat` reads such files, from gnubg or XG, and replays every action
through the core (:class:`~core.match.Match`), so an impossible play is
reported with its game, line and reason.

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

import re
from dataclasses import dataclass

from .dice import Roll
from .errors import BackgammonError, InvalidRecordError
from .game import Action, Game
from .limits import MAX_MATCH_LENGTH
from .match import Match

__all__ = ["format_mat", "parse_mat"]

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


def format_mat(match: Match) -> str:
    """The match as ``.mat`` text; raises :class:`BackgammonError` for a game set up from a position."""
    out = ["; [Site \"Videau\"]", "", f" {match.length} point match", ""]
    for number, played in enumerate(match.games, start=1):
        game = played.game
        if game.setup is not None:
            raise BackgammonError(
                f"game {number} starts from a set-up position ({game.setup.position.to_id()}): "
                "the .mat format only records games from the starting position"
            )
        if not game.actions:
            continue  # a game waiting for its opening roll has nothing to write
        out.append(f" Game {number}")
        a, b = played.score_before
        out.append(" " + f"{match.names[0]} : {a}".ljust(31) + f"{match.names[1]} : {b}")
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

_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORES = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s{2,}(.*?)\s*:\s*(\d+)\s*$")
_LINE = re.compile(r"^\s*(\d+)\)(.*)$")
_ROLL = re.compile(r"^([1-6])([1-6]):$")
_WINS = re.compile(r"Wins\s+(\d+)\s+points?", re.IGNORECASE)


@dataclass
class _Event:
    kind: str  # "move", "double", "take", "drop", "wins"
    line: int
    player: int | None = None
    dice: tuple[int, int] | None = None
    text: str = ""
    value: int = 0


_KEYWORDS = ("doubles", "takes", "drops", "passes", "wins", "beavers", "accepts", "rejects")


def _tokens(line: str, start: int) -> list[tuple[str, str, int]]:
    """Split a line from column ``start`` into (kind, text, column) events, in order."""
    words = [(m.group(0), m.start()) for m in re.finditer(r"\S+", line) if m.start() >= start]
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
            out.append(("wins", " ".join(w for w, _ in words[i:i + 3]), col))
            i += 3
        else:
            out.append(("bad", w, col))
            i += 1
    return out


def parse_mat(text: str) -> Match:
    """Read ``.mat`` text into a :class:`Match`, replaying every action through the core.

    Raises :class:`InvalidRecordError` naming the line and the reason for
    anything it cannot read or replay.
    """
    if not isinstance(text, str):
        raise InvalidRecordError(".mat: text expected")
    lines = text.splitlines()
    length: int | None = None
    names: tuple[str, str] | None = None
    games: list[tuple[int, tuple[int, int], list[_Event]]] = []
    current: list[_Event] | None = None
    split = 30  # events starting at or after this column are player 1's
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith((";", "#")):
            continue
        if length is None:
            m = _HEADER.match(line)
            if not m:
                if stripped.startswith("[") or ":" in stripped and not _LINE.match(line):
                    continue  # other programs' header lines
                raise InvalidRecordError(f".mat line {number}: expected 'N point match', got {stripped[:40]!r}")
            length = int(m.group(1))
            if length > MAX_MATCH_LENGTH:
                raise InvalidRecordError(
                    f".mat line {number}: a {length}-point match is longer than {MAX_MATCH_LENGTH}"
                )
            continue
        m = _GAME.match(line)
        if m:
            current = []
            games.append((number, (0, 0), current))
            continue
        if current is None:
            raise InvalidRecordError(f".mat line {number}: expected 'Game 1', got {stripped[:40]!r}")
        m = _SCORES.match(line)
        if m and not _LINE.match(line) and not current:
            names_here = (m.group(1).strip(), m.group(3).strip())
            names = names or names_here
            games[-1] = (games[-1][0], (int(m.group(2)), int(m.group(4))), current)
            right = line.find(m.group(3), line.index(":") + 1)
            split = right - 3 if right > 10 else split
            continue
        lm = _LINE.match(line)
        start = line.index(")") + 1 if lm else 0
        for kind, value, col in _tokens(line, start):
            if kind == "bad":
                raise InvalidRecordError(f".mat line {number}: cannot read {value!r}")
            ev = _Event(kind, number, 1 if col >= split else 0)
            if kind == "move":
                roll, _, moves = value.partition(" ")
                rm = _ROLL.match(roll)
                assert rm
                ev.dice = (int(rm.group(1)), int(rm.group(2)))
                ev.text = moves.strip()
            elif kind == "double":
                if value and not value.isdigit():
                    raise InvalidRecordError(f".mat line {number}: cannot read the cube value {value!r}")
                ev.value = int(value) if value else 0
            elif kind == "wins":
                wm = _WINS.match(value)
                if not wm:
                    raise InvalidRecordError(f".mat line {number}: cannot read {value!r}")
                ev.value = int(wm.group(1))
            current.append(ev)
    if length is None:
        raise InvalidRecordError(".mat: no 'N point match' header found")
    if not games:
        raise InvalidRecordError(".mat: no game found")
    return _replay(length, names or ("Player 0", "Player 1"), games)


def _replay(length: int, names: tuple[str, str], games: list[tuple[int, tuple[int, int], list[_Event]]]) -> Match:
    try:
        match = Match.new(length, names=names)
    except BackgammonError as exc:
        raise InvalidRecordError(f".mat header: {exc}") from None
    for index, (line, score, events) in enumerate(games):
        if index:
            if not match.game.is_over:
                raise InvalidRecordError(f".mat line {line}: game {index} did not end before game {index + 1}")
            try:
                match = match.next_game()
            except BackgammonError as exc:
                raise InvalidRecordError(f".mat line {line}: {exc}") from None
        if match.score != score:
            raise InvalidRecordError(
                f".mat line {line}: game {index + 1} starts at {score[0]}-{score[1]} "
                f"but the games before it give {match.score[0]}-{match.score[1]}"
            )
        match = _replay_game(match, index + 1, events)
    return match


def _replay_game(match: Match, number: int, events: list[_Event]) -> Match:
    first_move = True
    for ev in events:
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
                    # keep the order the dice were written in
                    match = _set_dice_order(match, (d1, d2))
                else:
                    if game.turn != ev.player:
                        raise InvalidRecordError(
                            f"{where}: player {ev.player} rolls but it is player {game.turn}'s turn"
                        )
                    match = match.roll_with((d1, d2))
                first_move = False
                if match.game.turn_in_progress is not None and match.game.turn_in_progress.legal_play_count == 0:
                    if ev.text:
                        raise InvalidRecordError(f"{where}: {d1}{d2} cannot be played, but the file plays {ev.text!r}")
                    match = match.pass_turn()
                elif ev.text:
                    match = match.play(ev.text)
                elif ev is not events[-1] and any(e.kind != "wins" for e in events[events.index(ev) + 1:]):
                    raise InvalidRecordError(f"{where}: {d1}{d2} has legal plays but none is written")
            elif ev.kind == "double":
                match = match.double()
                if ev.value and ev.value != match.game.cube * 2:
                    raise InvalidRecordError(f"{where}: doubles to {ev.value}, but the cube is at {match.game.cube}")
            elif ev.kind == "take":
                match = match.take()
            elif ev.kind == "drop":
                match = match.drop()
            elif ev.kind == "wins":
                match = _finish(match, ev, where)
        except InvalidRecordError:
            raise
        except BackgammonError as exc:
            raise InvalidRecordError(f"{where}: {exc}") from None
    return match


def _set_dice_order(match: Match, dice: tuple[int, int]) -> Match:
    return match


def _finish(match: Match, ev: _Event, where: str) -> Match:
    game = match.game
    winner = ev.player if ev.player is not None else 0
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
