"""Replaying a match: every game as a list of frames, a cursor that steps and seeks, the board of a frame.

Pure: the DOM glue (:mod:`app.records.panel`) asks a :class:`Replay` for its frame and
draws :func:`frame_view` with :func:`render.render_board`.

A game's frames are its start (frame 0), then one frame after each entry of the
move list: a play (with the roll it played), a double, a take, a pass, a resignation
offer and its answer. A roll shows with the play that follows it; a roll that has no
play after it (the last action of a game in progress, or one followed by a
resignation) has a frame of its own. Each :class:`Frame` holds the match as it stood
right after -- so its board, cube, score and IDs come straight from the core.

>>> from core.match import Match
>>> match = Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/18 13/9").double()
>>> replay = Replay.of(match)
>>> [frame_text(f, "en") for f in replay.frames]
['', '31: 8/5 6/5', '64: 24/18 13/9', 'doubles to 2']
>>> replay = replay.seek(0, 1)
>>> replay.frame.board.pip_count()  # after 8/5 6/5
(163, 167)
>>> replay.step(-1).frame.kind, replay.step(5).at_end
('start', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape

from app.board.messages import game_result_message
from app.board.view import BoardView, build_board_view
from app.text import player_name, t
from core.match import Match, PlayedGame
from core.notation import format_play
from core.position import Position

__all__ = [
    "Frame",
    "Replay",
    "frame_caption",
    "frame_text",
    "frame_view",
    "game_choices",
    "game_frames",
    "moves_html",
    "shown_names",
]

DEFAULT_NAMES = ("Bottom", "Top")
"""``Match.new``'s placeholder names: shown as the colours instead (as :mod:`app.board.view` does)."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The match right after one entry of a game's move list (``ply`` 0: the game's start).

    ``player`` acted (``None`` at the start); ``dice`` are the roll played or rolled
    (``opening``: the opening roll, player 0's die first); ``notation`` the play in
    gnubg's notation (``""`` when the roll could not be played); ``state`` the match
    right after, from which the board and the IDs come.
    """

    game: int
    ply: int
    kind: str
    player: int | None
    state: Match
    dice: tuple[int, int] | None = None
    opening: bool = False
    notation: str = ""
    level: int = 0
    cube: int = 1

    @property
    def board(self) -> Position:
        """The board after this entry, seen by player 0 (the bottom player)."""
        return self.state.game.board_for(0)


def _start(match: Match, played: PlayedGame) -> Match:
    """A one-game match standing where ``played`` started: same settings, score, Crawford and set-up."""
    return match.start_of(played)


def game_frames(match: Match, index: int) -> tuple[Frame, ...]:
    """The frames of ``match.games[index]``, replayed through the core from the game's start.

    >>> from core.match import Match
    >>> frames = game_frames(Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((1, 1)), 0)
    >>> [(f.kind, f.dice, f.opening) for f in frames]
    [('start', None, False), ('play', (3, 1), True), ('roll', (1, 1), False)]
    """
    played = match.games[index]
    actions = played.game.actions
    state = _start(match, played)
    frames = [Frame(index, 0, "start", None, state, cube=state.game.cube)]
    rolled = state.game.dice  # a game set up with the dice rolled starts with a play
    opening = False
    for i, action in enumerate(actions):
        before = state.game
        if len(before.actions) <= i:  # else done already: the accept that follows a backgammon resignation
            state = state.apply(action)
        kind = action.kind
        if kind in ("opening", "roll"):
            rolled, opening = state.game.dice, kind == "opening"
            next_kind = actions[i + 1].kind if i + 1 < len(actions) else None
            if next_kind == "play":
                continue
            dice = action.dice if opening else rolled
            frames.append(Frame(index, len(frames), "roll", action.player, state, dice, opening, cube=before.cube))
            continue
        notation = ""
        dice = None
        if kind == "play":
            dice = rolled
            if opening:  # the opening roll shows as thrown: player 0's die, player 1's die
                dice = next(a for a in reversed(actions[:i]) if a.kind == "opening").dice
            notation = format_play(action.steps, action.hits) if action.steps else ""
        frame = Frame(
            index,
            len(frames),
            kind,
            action.player,
            state,
            dice,
            opening and kind == "play",
            notation,
            action.level,
            before.cube,
        )
        frames.append(frame)
        if kind == "play":
            rolled, opening = None, False
    return tuple(frames)


def _roll_text(dice: tuple[int, int]) -> str:
    return f"{max(dice)}{min(dice)}"


def frame_text(frame: Frame, lang: str) -> str:
    """The frame's entry in the move list (``"52: 13/8 24/22"``, ``"doubles to 2"``); ``""`` at the start.

    >>> from core.match import Match
    >>> frames = game_frames(Match.new(3).opening_with(6, 6 - 1).play("24/13").double().take(), 0)
    >>> [frame_text(f, "fr") for f in frames]
    ['', '65: 24/13', 'double à 2', 'accepte']
    """
    kind = frame.kind
    if kind == "start":
        return ""
    if kind == "play":
        assert frame.dice is not None
        return f"{_roll_text(frame.dice)}: {frame.notation or t(lang, 'log.cannot_move')}"
    if kind == "roll":
        assert frame.dice is not None
        return f"{_roll_text(frame.dice)}:"
    if kind == "double":
        return t(lang, "log.double", value=frame.cube * 2)
    if kind == "resign":
        return t(lang, f"log.resign.{frame.level}")
    return t(lang, f"log.{kind}")


def shown_names(match: Match, lang: str) -> tuple[str, str]:
    """The players' names as the board shows them: the colours for ``Match.new``'s placeholders."""
    return (
        player_name(lang, 0, "" if match.names[0] == DEFAULT_NAMES[0] else match.names[0]),
        player_name(lang, 1, "" if match.names[1] == DEFAULT_NAMES[1] else match.names[1]),
    )


def frame_caption(frame: Frame, lang: str) -> str:
    """The line under the replayed board: the game, the entry, and how the game ended once it did.

    >>> from core.match import Match
    >>> frames = game_frames(Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5").double().drop(), 0)
    >>> frame_caption(frames[0], "en"), frame_caption(frames[1], "en")
    ('Game 1 · start', 'Game 1 · 1. Ann 31: 8/5 6/5')
    >>> frame_caption(frames[-1], "en")
    'Game 1 · 3. Ann drops · Ann drops: Bob wins 1 point'
    """
    names = shown_names(frame.state, lang)
    where = t(lang, "replay.game", n=frame.game + 1)
    if frame.kind == "start":
        return f"{where} · {t(lang, 'replay.start')}"
    assert frame.player is not None
    text = f"{where} · {frame.ply}. {names[frame.player]} {frame_text(frame, lang)}"
    result = game_result_message(frame.state.game, lang, names)
    return f"{text} · {result}" if result else text


def frame_view(frame: Frame, lang: str, *, viewer: int = 0, flipped: bool = False) -> BoardView:
    """The read-only board of a frame: the position after the entry, the roll it played, cube and score."""
    state = frame.state
    game = state.game
    mover = frame.player if frame.player is not None else 0
    names = (
        "" if state.names[0] == DEFAULT_NAMES[0] else state.names[0],
        "" if state.names[1] == DEFAULT_NAMES[1] else state.names[1],
    )
    dice: tuple[int, int] | None = frame.dice if frame.kind in ("play", "roll") else None
    return build_board_view(
        frame.board,
        mover=mover,
        dice=() if dice is None or frame.opening else dice,
        opening=dice if frame.opening else None,
        cube_value=game.cube,
        cube_owner=game.cube_owner,
        cube_shown=game.cube_available,
        cube_offered=game.phase == "double",
        names=names,
        score=state.score,
        match_length=state.length,
        crawford=state.crawford,
        on_turn=None,
        phase="replay",
        message=frame_caption(frame, lang),
        interactive=False,
        focusable=False,
        lang=lang,
        viewer=viewer,
        flipped=flipped,
    )


@dataclass
class _Book:
    """The frames of each game, replayed the first time a game is visited."""

    match: Match
    games: dict[int, tuple[Frame, ...]] = field(default_factory=dict)

    def frames(self, index: int) -> tuple[Frame, ...]:
        if index not in self.games:
            self.games[index] = game_frames(self.match, index)
        return self.games[index]


@dataclass(frozen=True)
class Replay:
    """A cursor on a match's frames: ``game`` (0-based) and ``ply`` (0 = the game's start).

    Steps cross from one game into the next. Build with :meth:`of`; every move returns
    a new value (the frames, replayed once per game, are shared).
    """

    match: Match
    game: int
    ply: int
    _book: _Book = field(repr=False, compare=False)

    @classmethod
    def of(cls, match: Match, *, at_end: bool = False) -> Replay:
        """A replay of ``match`` at the start of its first game (``at_end``: the last frame of its last game)."""
        replay = cls(match, 0, 0, _Book(match))
        return replay.seek(len(match.games) - 1, -1) if at_end else replay

    @property
    def game_count(self) -> int:
        return len(self.match.games)

    @property
    def frames(self) -> tuple[Frame, ...]:
        """The frames of the current game."""
        return self._book.frames(self.game)

    @property
    def frame(self) -> Frame:
        return self.frames[self.ply]

    @property
    def at_start(self) -> bool:
        return self.game == 0 and self.ply == 0

    @property
    def at_end(self) -> bool:
        return self.game == self.game_count - 1 and self.ply == len(self.frames) - 1

    def seek(self, game: int, ply: int = 0) -> Replay:
        """Go to ``ply`` of ``game`` (negative ``ply`` counts from the end); both clamped to what exists."""
        game = min(max(game, 0), self.game_count - 1)
        count = len(self._book.frames(game))
        ply = ply + count if ply < 0 else ply
        return replace(self, game=game, ply=min(max(ply, 0), count - 1))

    def step(self, delta: int) -> Replay:
        """``delta`` frames forwards (or backwards), across games, stopping at either end."""
        game, ply = self.game, self.ply + delta
        while ply < 0 and game > 0:
            game -= 1
            ply += len(self._book.frames(game))
        while ply >= len(self._book.frames(game)) and game < self.game_count - 1:
            ply -= len(self._book.frames(game))
            game += 1
        return self.seek(game, max(ply, 0))

    def next_game(self) -> Replay:
        return self.seek(self.game + 1, 0)

    def previous_game(self) -> Replay:
        """The start of this game, or of the one before when already at the start."""
        return self.seek(self.game - 1 if self.ply == 0 else self.game, 0)


# -- the move list and the game menu (HTML strings for the dialog) ----------------------------------
def moves_html(replay: Replay, lang: str) -> str:
    """The current game's entries as buttons (``data-ply``); the shown one has ``aria-current``.

    >>> from core.match import Match
    >>> html = moves_html(Replay.of(Match.new(3).opening_with(3, 1).play("8/5 6/5")), "en")
    >>> html.count("<li"), 'data-ply="0" aria-current="step"' in html
    (2, True)
    """
    names = shown_names(replay.match, lang)
    items = []
    for frame in replay.frames:
        current = ' aria-current="step"' if frame.ply == replay.ply else ""
        if frame.player is None:
            label = escape(t(lang, "replay.start"))
        else:
            label = (
                f'<span class="swatch swatch--{frame.player}" aria-hidden="true"></span>'
                f'<span class="visually-hidden">{escape(names[frame.player])}: </span>'
                f"{frame.ply}. {escape(frame_text(frame, lang))}"
            )
        items.append(
            f'<li class="moves__item moves__item--{frame.kind}"><button type="button" class="replay__move"'
            f' data-ply="{frame.ply}"{current}>{label}</button></li>'
        )
    return "".join(items)


def game_choices(match: Match, lang: str) -> list[tuple[int, str]]:
    """``(index, label)`` of each game for the game menu: its number and the score before it.

    >>> game_choices(Match.new(3).opening_with(3, 1).play("8/5 6/5").double().drop().next_game(), "fr")
    [(0, 'Partie 1 · 0–0'), (1, 'Partie 2 · 0–1')]
    """
    return [
        (i, f"{t(lang, 'replay.game', n=i + 1)} · {g.score_before[0]}–{g.score_before[1]}")
        for i, g in enumerate(match.games)
    ]
