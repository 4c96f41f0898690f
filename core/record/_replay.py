"""Replaying a ``.mat`` file's games through the core (:mod:`core.record`), and what it had to infer.

The events that :mod:`core.record._lines` read are played through a
:class:`~core.match.Match`, so an impossible play is reported with its game,
line and reason. A file that does not say whether the Crawford rule was used
and doubles in what would be the Crawford game is replayed again without it
(note :data:`NOTE_NO_CRAWFORD`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import reasons
from ..dice import Roll
from ..errors import BackgammonError, InvalidNotationError, InvalidRecordError, quote
from ..match import Match
from ..moves import Play, legal_plays
from ..notation import parse_journeys
from ..position import Position
from ._lines import Event, GameText, Tags

NOTE_NO_CRAWFORD = "no-crawford-inferred"
"""Note of :func:`core.record.read_mat`: no ``Crawford`` tag, and a double in what would be the Crawford game."""
NOTE_RESULT_FROM_BOARD = "result-from-board"
"""Note: a game ended on the board with other points than its ``Wins`` line says; the board's are kept (gnubg too)."""
NOTE_RESIGN_GUESSED = "resignation-guessed"
"""Note: a resignation's points are no resignation at the cube's value (``Wins 4016 points``); read as the
smallest that gives them, at most a backgammon (gnubg too)."""
NOTE_FORCED_PLAY = "forced-play-unwritten"
"""Note: a roll with one legal play only has no play written (FIBS' logs): that play is made (gnubg too)."""
NOTE_GIVEN_UP_UNPLAYED = "given-up-unplayed"
"""Note: a game given up before its first roll, where no game can be resigned: read as not yet played."""
NOTE_MATCH_RESIGNED = "match-resigned"
"""Note: a player gave up where no game can be resigned (before the first roll) and the points written win
the match: read as the match given up."""


class _CrawfordDouble(Exception):
    """A double in the Crawford game: the replay starts again under other assumptions."""

    def __init__(self, game: int, error: InvalidRecordError) -> None:
        super().__init__(str(error))
        self.game = game
        self.error = error


def replay_games(
    length: int, names: tuple[str, str], games: list[GameText], tags: Tags
) -> tuple[Match, tuple[str, ...]]:
    """The match the games replay to, and the notes (codes) on what the replay inferred."""
    crawford_rule = True if tags.crawford is None else tags.crawford
    first_crawford = tags.crawford_game
    notes: list[str] = []
    while True:
        try:
            found: list[str] = []
            match = _replay(length, names, games, tags, crawford_rule, first_crawford, found)
        except _CrawfordDouble as exc:
            if exc.game == 0 and first_crawford is None and crawford_rule:
                first_crawford = False  # a first game at a one-away score after the Crawford game
            elif tags.crawford is None and crawford_rule:
                crawford_rule = False
                notes.append(NOTE_NO_CRAWFORD)
            else:
                raise exc.error from None
            continue
        return match, tuple(notes) + tuple(dict.fromkeys(found))


def _replay(
    length: int,
    names: tuple[str, str],
    games: list[GameText],
    tags: Tags,
    crawford_rule: bool,
    first_crawford: bool | None,
    notes: list[str],
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
            beavers=not length and (tags.beavers or any(e.kind == "beaver" for g in games for e in g.events)),
            names=names,
            score=score,
            crawford_game=crawford_game,
        )
    except BackgammonError as exc:
        raise InvalidRecordError(str(exc), reasons.MAT_BAD_SCORES, line=first.line) from None
    for index, game in enumerate(games):
        if index:
            if not match.game.is_over:
                raise InvalidRecordError(
                    f"game {index} did not end before game {index + 1}", reasons.MAT_GAME_NOT_OVER, line=game.line
                )
            try:
                match = match.next_game()
            except BackgammonError as exc:
                raise InvalidRecordError(str(exc), reasons.MAT_ILLEGAL, line=game.line) from None
        if match.score != game.score:
            raise InvalidRecordError(
                f"game {index + 1} starts at {game.score[0]}-{game.score[1]} "
                f"but the games before it give {match.score[0]}-{match.score[1]}",
                reasons.MAT_BAD_SCORES,
                line=game.line,
            )
        if match.is_over:  # the match was given up in the game before
            raise InvalidRecordError(
                f"game {index + 1} follows a game in which the match was given up", reasons.MAT_ILLEGAL, line=game.line
            )
        match = _replay_game(match, index, game.events, notes)
    if tags.resigned_by is not None:
        try:
            match = match.resign_match(tags.resigned_by)
        except BackgammonError as exc:
            raise InvalidRecordError(f"Resigned tag: {exc}", reasons.MAT_ILLEGAL) from None
    if tags.out_of_time is not None:
        try:
            match = match.lose_on_time(tags.out_of_time)
        except BackgammonError as exc:
            raise InvalidRecordError(f"Lost on time tag: {exc}", reasons.MAT_ILLEGAL) from None
    return match


@dataclass(frozen=True, slots=True)
class _Where:
    """The line of an event and the number of its game, for its errors."""

    line: int
    game: int

    def error(self, reason: str, detail: str) -> InvalidRecordError:
        return InvalidRecordError(detail, reason, line=self.line, game=self.game)


def _replay_game(match: Match, index: int, events: list[Event], notes: list[str]) -> Match:
    number = index + 1
    first_move = True
    last_action = max((i for i, e in enumerate(events) if e.kind != "wins"), default=-1)
    for position, ev in enumerate(events):
        where = _Where(ev.line, number)
        game = match.game
        try:
            if ev.kind == "move":
                assert ev.dice is not None
                d1, d2 = ev.dice
                if first_move and game.phase == "opening":
                    if Roll.of(ev.dice).is_double:
                        raise where.error(reasons.MAT_ILLEGAL, f"the opening roll cannot be a double ({d1}{d2})")
                    high, low = max(d1, d2), min(d1, d2)
                    match = match.opening_with(high, low) if ev.player == 0 else match.opening_with(low, high)
                else:
                    if game.turn != ev.player:
                        raise where.error(
                            reasons.MAT_WRONG_PLAYER, f"player {ev.player} rolls but it is player {game.turn}'s turn"
                        )
                    match = match.roll_with((d1, d2))
                first_move = False
                if match.game.turn_in_progress is not None and match.game.turn_in_progress.legal_play_count == 0:
                    if ev.text:
                        raise where.error(
                            reasons.MAT_ILLEGAL, f"{d1}{d2} cannot be played, but the file plays {quote(ev.text)}"
                        )
                    # The turn passes, unless the roll ends the record: the roller then resigned
                    # (the other player wins) or has not yet confirmed that nothing can be played.
                    after = events[position + 1] if position + 1 < len(events) else None
                    if position < last_action or (after is not None and after.player == ev.player):
                        match = match.pass_turn()
                elif ev.text:
                    turn = match.game.turn_in_progress
                    literal = None if turn is None else literal_play(turn.position, (d1, d2), ev.text)
                    match = match.play(literal if literal is not None else ev.text)
                elif position < last_action:
                    turn = match.game.turn_in_progress
                    plays = () if turn is None else legal_plays(turn.position, (d1, d2))
                    if len(plays) != 1:
                        raise where.error(
                            reasons.MAT_ILLEGAL,
                            f"{d1}{d2} has {len(plays)} legal plays but none is written: a roll must be played",
                        )
                    # a forced play left out (FIBS' logs): played, as gnubg plays it
                    notes.append(NOTE_FORCED_PLAY)
                    match = match.play(plays[0])
            elif ev.kind == "double":
                if game.phase in ("roll", "move") and game.turn != ev.player:
                    raise where.error(
                        reasons.MAT_WRONG_PLAYER,
                        f"'Doubles' is written in player {ev.player}'s column, but it is player {game.turn}'s turn",
                    )
                if match.crawford and game.phase == "roll":
                    refused = where.error(reasons.MAT_ILLEGAL, "a double in the Crawford game, where there is no cube")
                    raise _CrawfordDouble(index, refused)
                match = match.double(by=ev.player)
                if ev.value and ev.value != match.game.cube * 2:
                    raise where.error(
                        reasons.MAT_ILLEGAL, f"doubles to {ev.value}, but the cube is at {match.game.cube}"
                    )
            elif ev.kind == "beaver":
                if game.phase == "double" and game.player_to_act != ev.player:
                    raise where.error(
                        reasons.MAT_WRONG_PLAYER,
                        f"'Beavers' is written in player {ev.player}'s column, "
                        f"but player {game.player_to_act} answers the double",
                    )
                match = match.beaver(by=ev.player)
                if ev.value and ev.value != match.game.cube:
                    raise where.error(
                        reasons.MAT_ILLEGAL, f"beavers to {ev.value}, but the cube goes to {match.game.cube}"
                    )
            elif ev.kind in ("take", "drop"):
                if game.phase == "double" and game.player_to_act != ev.player:
                    word = "Takes" if ev.kind == "take" else "Drops"
                    raise where.error(
                        reasons.MAT_WRONG_PLAYER,
                        f"'{word}' is written in player {ev.player}'s column, "
                        f"but player {game.player_to_act} answers the double",
                    )
                match = match.take(by=ev.player) if ev.kind == "take" else match.drop(by=ev.player)
            elif ev.kind == "wins":
                match = _finish(match, ev, where, notes)
        except (InvalidRecordError, _CrawfordDouble):
            raise
        except BackgammonError as exc:
            unreadable = isinstance(exc, InvalidNotationError)  # not notation at all: no rule refused it
            raise where.error(reasons.MAT_UNREADABLE if unreadable else reasons.MAT_ILLEGAL, str(exc)) from None
    return match


def _ends_match(match: Match, ev: Event) -> bool:
    """Whether the points written win the match: Backgammon Galaxy then writes only the points the
    winner needed (``Wins 3 point and the match`` for a gammon at 2-away... or a resignation), and
    GNU Backgammon reads the game from the board (a game that ended) or as the smallest resignation
    giving those points, at most a backgammon (a game given up)."""
    return bool(match.length) and match.score[ev.player] + ev.value >= match.length


def _finish(match: Match, ev: Event, where: _Where, notes: list[str]) -> Match:
    game = match.game
    winner = ev.player
    if game.is_over:
        assert game.result is not None
        if game.result.winner != winner:
            raise where.error(
                reasons.MAT_WRONG_RESULT,
                f"the file says player {winner} wins {ev.value}, "
                f"the replay gives player {game.result.winner} {game.result.points}",
            )
        if game.result.points != ev.value and not _ends_match(match, ev):
            notes.append(NOTE_RESULT_FROM_BOARD)
        return match
    # no natural end: the loser resigned, on his turn or on the winner's (before the winner's roll or
    # during his move: the core allows both, as gnubg's import, FIBS and Backgammon Galaxy do)
    loser = 1 - winner
    cube = game.cube
    if game.phase == "opening":
        # given up before the first roll: no game can be resigned yet; the match given up when the
        # points win it, else the game stays unplayed (gnubg reads it so too)
        if _ends_match(match, ev) and not match.is_over:
            notes.append(NOTE_MATCH_RESIGNED)
            return match.resign_match(loser)
        notes.append(NOTE_GIVEN_UP_UNPLAYED)
        return match
    level = -(-ev.value // cube)  # the smallest resignation that gives the points written
    if ev.value % cube or not 1 <= level <= 3:
        if ev.value < 1:
            raise where.error(reasons.MAT_ILLEGAL, f"{ev.value} points cannot be a resignation")
        if not _ends_match(match, ev):
            notes.append(NOTE_RESIGN_GUESSED)
        level = min(level, 3)
    match = match.resign(level, by=loser)
    if match.game.phase == "resign":
        match = match.accept()
    return match


def literal_play(position: Position, dice: tuple[int, int], text: str) -> Play | None:
    """The legal play that ``text`` makes when its hops are made as written, else ``None``.

    Each hop ``a/b`` moves a checker from ``a`` to ``b`` and hits a lone opposing checker on ``b``,
    whether or not the file marks it with ``*``: what GNU Backgammon's ``import mat`` does, and what
    programs that write no ``*`` (Backgammon Galaxy) mean. ``25/24 24/21`` over a blot on 24 hits
    it; a hop over several dice (``24/14``) hits nothing on the way. The play is the legal one
    that leaves the same position; ``None`` when none does (the caller then reads the text as
    notation, which also knows hits marked on the way: ``13/7*/1``).
    """
    try:
        journeys = parse_journeys(text)
    except BackgammonError:
        return None
    player = list(position.player)
    opponent = list(position.opponent)
    for points in journeys:
        for a, b in zip(points, points[1:]):
            source = 24 if a == 25 else a - 1
            if a > 25 or a < 1 or player[source] == 0:
                return None
            player[source] -= 1
            if b == 0:
                continue
            there = 24 - b  # the opponent's index of our point b
            if opponent[there] > 1:
                return None
            if opponent[there] == 1:
                opponent[there] = 0
                opponent[24] += 1
            player[b - 1] += 1
    key = (tuple(player), tuple(opponent))
    for play in legal_plays(position, dice):
        result = play.result
        if (result.player, result.opponent) == key:
            return play
    return None
