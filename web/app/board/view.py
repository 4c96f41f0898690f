"""What the board shows, as plain values: a pure function of the game state.

:func:`build_board_view` turns a position (seen from player 0, the bottom player)
plus optional dice, :class:`~core.turn.Turn`, cube and captions into a
:class:`BoardView`; :func:`build_view` does it for a whole match. The view holds
only tuples, ints, bools and strings (every text already translated), so the
renderer needs neither the core nor :mod:`i18n`.

Places are numbered from player 0's side: ``1``..``24``, ``"bar"`` and ``"off"``.
Player 0's point ``p`` is player 1's point ``25 - p``; the core speaks the mover's
numbering (``25`` = bar, ``0`` = off), :func:`to_mover` and :func:`from_mover`
convert.

>>> from core import Position, Turn
>>> view = build_board_view(Position.initial(), turn=Turn.start(Position.initial(), (3, 1)), selected=8)
>>> view.point(8).label, view.point(8).movable, view.point(8).selected
('point 8, 3 white checkers', True, True)
>>> [p.number for p in view.points if p.dest]
[5, 7]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from app.text import checkers_text, game_over_text, player_name, reason_text, t
from core.game import Game
from core.match import Match
from core.position import BAR as BAR_INDEX
from core.position import CHECKERS, Position
from core.turn import Turn

Place: TypeAlias = int | str
"""A place on the board: a point 1..24 in player 0's numbering, ``"bar"`` or ``"off"``."""

BAR: Literal["bar"] = "bar"
OFF: Literal["off"] = "off"
NAME_MAX = 20


# -- places ----------------------------------------------------------------
def to_mover(place: Place, mover: int) -> int:
    """The core's number for ``place`` seen by ``mover`` (25 = bar, 0 = off).

    >>> to_mover(13, 1), to_mover("bar", 1), to_mover("off", 0)
    (12, 25, 0)
    """
    if place == BAR:
        return 25
    if place == OFF:
        return 0
    if not isinstance(place, int) or not 1 <= place <= 24:
        raise ValueError(f"no such place: {place!r}")
    return place if mover == 0 else 25 - place


def from_mover(point: int, mover: int) -> Place:
    """The place of the core's ``point`` (mover's numbering) in player 0's numbering.

    >>> from_mover(12, 1), from_mover(25, 1), from_mover(0, 1)
    (13, 'bar', 'off')
    """
    if point == 25:
        return BAR
    if point == 0:
        return OFF
    if not 1 <= point <= 24:
        raise ValueError(f"no such point: {point!r}")
    return point if mover == 0 else 25 - point


def parse_place(text: str) -> Place | None:
    """Read a ``data-point`` attribute: ``"13"`` -> ``13``, ``"bar"``, ``"off"``; ``None`` if invalid.

    >>> parse_place("13"), parse_place("bar"), parse_place("25")
    (13, 'bar', None)
    """
    text = text.strip().lower()
    if text in (BAR, OFF):
        return text
    if text.isdigit() and 1 <= int(text) <= 24:
        return int(text)
    return None


def board_for_player0(position: Position, mover: int) -> Position:
    """The position seen from player 0, given one seen from ``mover``."""
    return position if mover == 0 else position.swapped()


def display_number(point: int, viewer: int) -> int:
    """Player 0's point ``point`` as ``viewer`` numbers it."""
    return point if viewer == 0 else 25 - point


# -- the view --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PointView:
    """One of the 24 points: ``number`` in player 0's numbering, ``shown`` as the viewer numbers it."""

    number: int
    shown: int
    owner: int | None
    count: int
    movable: bool
    dest: bool
    selected: bool
    label: str


@dataclass(frozen=True, slots=True)
class StackView:
    """The bar or the trays: ``counts`` of player 0 and player 1."""

    place: str
    counts: tuple[int, int]
    movable: bool
    dest: bool
    selected: bool
    label: str


@dataclass(frozen=True, slots=True)
class DieView:
    """A die on the board: whose it is and whether its number is already played."""

    value: int
    owner: int
    used: bool


@dataclass(frozen=True, slots=True)
class CubeView:
    """The doubling cube: ``face`` is the number shown (64 when centred at 1), ``owner`` None when centred."""

    value: int
    face: int
    owner: int | None
    shown: bool
    offered: bool
    offered_by: int | None
    label: str


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's caption: name, pip count and score, already as text."""

    player: int
    name: str
    pips: int
    pip_text: str
    score: int
    score_text: str
    on_turn: bool


@dataclass(frozen=True, slots=True)
class ArrowView:
    """An arrow for a diagram: one checker's journey from ``start`` to ``end`` (player 0's numbering)."""

    start: Place
    end: Place
    owner: int


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything the board shows. Plain values only; see the module docstring for places."""

    points: tuple[PointView, ...]
    bar: StackView
    off: StackView
    dice: tuple[DieView, ...]
    dice_label: str
    cube: CubeView
    players: tuple[PlayerView, PlayerView]
    on_turn: int | None
    mover: int
    phase: str
    message: str
    match_length: int
    match_text: str
    crawford: bool
    selected: Place | None
    dests: tuple[Place, ...]
    movable: tuple[Place, ...]
    actions: tuple[str, ...]
    arrows: tuple[ArrowView, ...]
    viewer: int
    flipped: bool
    focusable: bool
    lang: str
    label: str

    def point(self, number: int) -> PointView:
        """The point ``number`` (player 0's numbering)."""
        return self.points[number - 1]

    def place(self, place: Place) -> PointView | StackView:
        """The point, the bar or the trays."""
        if place == BAR:
            return self.bar
        if place == OFF:
            return self.off
        assert isinstance(place, int)
        return self.point(place)

    @property
    def names(self) -> tuple[str, str]:
        return self.players[0].name, self.players[1].name

    @property
    def score(self) -> tuple[int, int]:
        return self.players[0].score, self.players[1].score

    @property
    def pips(self) -> tuple[int, int]:
        return self.players[0].pips, self.players[1].pips


def _clip(name: str) -> str:
    name = " ".join(name.split())
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"


def _dice_views(
    mover: int,
    turn: Turn | None,
    dice: Sequence[int],
    opening: tuple[int, int] | None,
) -> tuple[DieView, ...]:
    if opening is not None:
        left = turn.dice_left if turn is not None else opening
        return DieView(opening[0], 0, opening[0] not in left), DieView(opening[1], 1, opening[1] not in left)
    if turn is not None:
        d1, d2 = turn.dice
        if d1 == d2:
            used_count = len(turn.steps)
            return tuple(DieView(d1, mover, i < used_count) for i in range(4))
        left = turn.dice_left
        return tuple(DieView(d, mover, d not in left) for d in (d1, d2))
    if len(dice) == 2 and dice[0] == dice[1]:
        dice = (dice[0],) * 4
    return tuple(DieView(int(d), mover, False) for d in dice)


def _dice_label(lang: str, dice: tuple[DieView, ...]) -> str:
    if not dice:
        return ""
    words = [t(lang, "label.dice.used", value=d.value) if d.used else str(d.value) for d in dice]
    return t(lang, "label.dice", dice=", ".join(words))


def build_board_view(
    position: Position,
    *,
    mover: int = 0,
    turn: Turn | None = None,
    dice: Sequence[int] = (),
    opening: tuple[int, int] | None = None,
    selected: Place | None = None,
    cube_value: int = 1,
    cube_owner: int | None = None,
    cube_shown: bool = True,
    cube_offered: bool = False,
    names: tuple[str, str] = ("", ""),
    score: tuple[int, int] = (0, 0),
    match_length: int = 0,
    crawford: bool = False,
    on_turn: int | None = None,
    phase: str = "",
    message: str = "",
    arrows: Sequence[ArrowView] = (),
    actions: Sequence[str] = (),
    interactive: bool = True,
    focusable: bool = True,
    lang: str = "en",
    viewer: int = 0,
    flipped: bool = False,
) -> BoardView:
    """The view of a board, for the game or for a diagram without a match.

    * ``position``: the board seen from player 0 (:func:`board_for_player0` converts).
      With a ``turn`` in progress, pass the board after its steps:
      ``board_for_player0(turn.position, mover)``.
    * ``mover``: the player whose ``turn`` / ``dice`` they are. ``turn`` gives the dice
      (used ones dimmed) and the legal moves: movable places, and the destinations of
      the ``selected`` place (player 0's numbering; only a place of the mover counts).
    * ``dice``: dice to show without a turn; ``opening``: the opening roll (player 0's
      die, player 1's die).
    * ``on_turn``: who must act now (a double is answered by the other player);
      ``None`` for a diagram.
    * ``interactive=False`` shows the dice of ``turn`` but no movable checker nor
      destination (the bot's turn, an offer waiting for an answer).
    * ``focusable=False`` for a still diagram: its places are labelled images, not
      buttons in the keyboard's tab order.
    * ``names``: empty names show as the colours ("White", "Noir"); ``actions``: what
      the buttons may do now (``Match.legal_actions()``), passed through.

    >>> v = build_board_view(Position.from_text("x 6:2 / o bar:1 1:14"), names=("Ann", ""))
    >>> v.bar.label, v.off.label, v.names
    ('bar, 1 black checker', 'borne off, 13 white checkers', ('Ann', 'Black'))
    """
    if turn is not None and board_for_player0(turn.position, mover) != position:
        raise ValueError("position does not match the turn: pass board_for_player0(turn.position, mover)")
    mine = position.player
    theirs = position.opponent

    movable: tuple[Place, ...] = ()
    dests: tuple[Place, ...] = ()
    if turn is not None and interactive:
        destinations = turn.destinations()
        movable = tuple(from_mover(p, mover) for p in sorted(destinations, reverse=True))
        if selected is not None and selected != OFF:
            dests = tuple(from_mover(p, mover) for p in destinations.get(to_mover(selected, mover), ()))
    if selected is not None:
        own = mine if mover == 0 else theirs
        if selected == OFF or own[to_mover(selected, mover) - 1] == 0:
            selected = None

    points = []
    for p in range(1, 25):
        n0, n1 = mine[p - 1], theirs[24 - p]
        owner = 0 if n0 else 1 if n1 else None
        shown = display_number(p, viewer)
        points.append(
            PointView(
                number=p,
                shown=shown,
                owner=owner,
                count=n0 or n1,
                movable=p in movable,
                dest=p in dests,
                selected=selected == p,
                label=t(lang, "label.point", point=shown, checkers=checkers_text(lang, n0, n1)),
            )
        )
    bar_counts = (mine[BAR_INDEX], theirs[BAR_INDEX])
    off_counts = (CHECKERS - sum(mine), CHECKERS - sum(theirs))
    bar = StackView(
        BAR,
        bar_counts,
        BAR in movable,
        False,
        selected == BAR,
        t(lang, "label.bar", checkers=checkers_text(lang, *bar_counts)),
    )
    off = StackView(
        OFF, off_counts, False, OFF in dests, False, t(lang, "label.off", checkers=checkers_text(lang, *off_counts))
    )

    dice_views = _dice_views(mover, turn, dice, opening)
    shown_names = (_clip(player_name(lang, 0, names[0])), _clip(player_name(lang, 1, names[1])))

    if cube_offered:
        face, cube_label = cube_value * 2, t(lang, "label.cube.offered", name=shown_names[mover], value=cube_value * 2)
    elif cube_owner is None:
        face, cube_label = (64 if cube_value == 1 else cube_value), t(lang, "label.cube.centre")
    else:
        face, cube_label = cube_value, t(lang, "label.cube.owned", value=cube_value, name=shown_names[cube_owner])
    cube = CubeView(
        value=cube_value,
        face=face,
        owner=cube_owner,
        shown=cube_shown,
        offered=cube_offered,
        offered_by=mover if cube_offered else None,
        label=cube_label,
    )

    pips = position.pip_count()
    players = tuple(
        PlayerView(
            player=i,
            name=shown_names[i],
            pips=pips[i],
            pip_text=t(lang, "pips", count=pips[i]),
            score=score[i],
            score_text=t(lang, "score", count=score[i]),
            on_turn=on_turn == i,
        )
        for i in (0, 1)
    )
    if match_length:
        match_text = t(lang, "match.length", count=match_length)
        if crawford:
            match_text += " · " + t(lang, "match.crawford")
    else:
        match_text = t(lang, "match.money")

    return BoardView(
        points=tuple(points),
        bar=bar,
        off=off,
        dice=dice_views,
        dice_label=_dice_label(lang, dice_views),
        cube=cube,
        players=(players[0], players[1]),
        on_turn=on_turn,
        mover=mover,
        phase=phase,
        message=message,
        match_length=match_length,
        match_text=match_text,
        crawford=crawford,
        selected=selected,
        dests=dests,
        movable=movable,
        actions=tuple(actions),
        arrows=tuple(arrows),
        viewer=viewer,
        flipped=flipped,
        focusable=focusable,
        lang=lang,
        label=t(lang, "label.board"),
    )


# -- arrows for diagrams -----------------------------------------------------
def arrows_from_steps(steps: Sequence[tuple[int, ...]], mover: int = 0) -> tuple[ArrowView, ...]:
    """One arrow per step of a play (the core's ``(from, to)`` steps, mover's numbering).

    A checker moving twice (``13/7`` with 4-2 as ``13/9 9/7``) gives one arrow per die.

    >>> arrows_from_steps([(13, 7), (8, 7)])
    (ArrowView(start=13, end=7, owner=0), ArrowView(start=8, end=7, owner=0))
    >>> arrows_from_steps([(25, 22)], mover=1)
    (ArrowView(start='bar', end=3, owner=1),)
    """
    return tuple(ArrowView(from_mover(s[0], mover), from_mover(s[1], mover), mover) for s in steps)


_JOURNEY = re.compile(r"^((?:bar|off|\d{1,2})\*?(?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def arrows_from_notation(text: str, mover: int = 0) -> tuple[ArrowView, ...]:
    """Arrows for a play written in gnubg's notation (``"13/7 8/7"``, ``"bar/22*/16"``, ``"6/2(2)"``).

    This only draws: it reads the journeys without checking that they are legal
    (use :func:`core.notation.parse_play` for that). A journey through an
    intermediate point gives one arrow per leg.

    >>> arrows_from_notation("13/7 8/7")
    (ArrowView(start=13, end=7, owner=0), ArrowView(start=8, end=7, owner=0))
    >>> len(arrows_from_notation("24/18(2)"))
    2
    """
    arrows: list[ArrowView] = []
    for word in text.lower().split():
        match = _JOURNEY.match(word)
        if match is None:
            raise ValueError(f"cannot read the play {text!r}: {word!r}")
        names = [part.rstrip("*") for part in match.group(1).split("/")]
        points = [25 if n == "bar" else 0 if n == "off" else int(n) for n in names]
        if any(not 0 <= p <= 25 for p in points):
            raise ValueError(f"cannot read the play {text!r}: {word!r}")
        legs = [(points[i], points[i + 1]) for i in range(len(points) - 1)]
        arrows.extend(arrows_from_steps(legs, mover) * int(match.group(2) or 1))
    return tuple(arrows)


# -- a whole match ---------------------------------------------------------
CORE_DEFAULT_NAMES = ("Bottom", "Top")
"""``Match.new``'s placeholder names: shown as the colours instead."""


def _names(match: Match) -> tuple[str, str]:
    return (
        "" if match.names[0] == CORE_DEFAULT_NAMES[0] else match.names[0],
        "" if match.names[1] == CORE_DEFAULT_NAMES[1] else match.names[1],
    )


def _dice_text(dice: Sequence[int]) -> str:
    return "-".join(str(d) for d in dice)


def _opening_dice(game: Game) -> tuple[int, int] | None:
    """The opening roll while its first move is being played (one die per player)."""
    if game.phase != "move" or not game.actions or game.actions[-1].kind != "opening":
        return None
    dice = game.actions[-1].dice
    return None if dice is None else (dice[0], dice[1])


def _resign_level(kind: str) -> int:
    return {"single": 1, "gammon": 2, "backgammon": 3}.get(kind, 1)


def phase_message(match: Match, lang: str, names: tuple[str, str]) -> str:
    """The line under the board: whose turn and what to do, or how the game or match ended.

    >>> from core.match import Match
    >>> phase_message(Match.new(5).opening_with(3, 1), "en", ("White", "Black"))
    'White starts and plays 3-1'
    """
    game = match.game
    if match.is_over and match.winner is not None:
        winner = match.winner
        score = t(lang, "match.score", score0=match.score[winner], score1=match.score[1 - winner])
        if match.resigned_by is not None:
            return t(lang, "over.match_resigned", winner=names[winner], loser=names[1 - winner])
        ending = game_result_message(game, lang, names)
        done = t(lang, "over.match", winner=names[winner], score=score)
        return f"{ending}. {done}" if ending else done
    if game.phase == "over":
        return game_result_message(game, lang, names)
    mover = 0 if game.turn is None else game.turn
    name, other = names[mover], names[1 - mover]
    if game.phase == "opening":
        return t(lang, "phase.opening")
    if game.phase == "roll":
        return t(lang, "phase.roll.may_double" if game.can_double() else "phase.roll", name=name)
    if game.phase == "double":
        return t(lang, "phase.double", name=name, other=other, value=game.cube * 2)
    if game.phase == "resign" and game.resign_offer is not None:
        what = t(lang, f"resign.what.{game.resign_offer.level}")
        return t(
            lang, "phase.resign", name=names[game.resign_offer.by], other=names[1 - game.resign_offer.by], what=what
        )
    turn = game.turn_in_progress
    if game.phase == "move" and turn is not None:
        dice = _dice_text(turn.dice)
        if turn.legal_play_count == 0:
            return t(lang, "phase.move.none", name=name, dice=dice)
        if turn.is_complete:
            return t(lang, "phase.move.done", name=name)
        if _opening_dice(game) is not None and not turn.steps:
            return t(lang, "phase.opening.won", name=name, dice=dice)
        return t(lang, "phase.move", name=name, dice=dice)
    return ""


def game_result_message(game: Game, lang: str, names: tuple[str, str]) -> str:
    """How the game ended ("White wins a gammon and 2 points"); empty while it goes on."""
    result = game.result
    if result is None:
        return ""
    how = result.kind if result.how == "bear-off" else result.how
    return game_over_text(
        lang,
        names[result.winner],
        names[result.loser],
        result.points,
        how=how,
        resigned=_resign_level(result.kind),
    )


def build_view(
    match: Match,
    *,
    selected: Place | None = None,
    lang: str = "en",
    flipped: bool = False,
    viewer: int = 0,
    interactive: bool = True,
    message: str | None = None,
    arrows: Sequence[ArrowView] = (),
) -> BoardView:
    """The view of a match's current game.

    ``interactive=False`` while the player to move is not the one at the screen
    (the bot); ``message`` replaces the phase message (a refused move's reason, say).

    >>> from core.match import Match
    >>> view = build_view(Match.new(5, names=("Ann", "Bot")).opening_with(2, 6), selected=12, lang="fr")
    >>> view.on_turn, view.point(12).label, view.dests, view.message
    (1, 'case 12, 5 pions noirs', (18, 14), 'Bot commence et joue 6-2')
    >>> [(d.value, d.owner) for d in view.dice]
    [(2, 0), (6, 1)]
    """
    game = match.game
    mover = 0 if game.turn is None else game.turn
    names = _names(match)
    shown = (_clip(player_name(lang, 0, names[0])), _clip(player_name(lang, 1, names[1])))
    turn = game.turn_in_progress
    playing = game.phase == "move" and not match.is_over
    return build_board_view(
        game.board_for(0),
        mover=mover,
        turn=turn,
        dice=game.dice or (),
        opening=_opening_dice(game),
        selected=selected,
        cube_value=game.cube,
        cube_owner=game.cube_owner,
        cube_shown=game.cube_available,
        cube_offered=game.phase == "double",
        names=names,
        score=match.score,
        match_length=match.length,
        crawford=match.crawford,
        on_turn=None if match.is_over else game.player_to_act,
        phase=game.phase,
        message=phase_message(match, lang, shown) if message is None else message,
        arrows=arrows,
        actions=match.legal_actions(),
        interactive=interactive and playing,
        lang=lang,
        viewer=viewer,
        flipped=flipped,
    )


def describe_refusal(lang: str, reason: str, place: Place | None = None, *, viewer: int = 0) -> str:
    """A refused action's reason in words, naming the point as ``viewer`` numbers it.

    >>> describe_refusal("fr", "point-blocked", 19)
    'la case 19 est bloquée'
    """
    point = display_number(place, viewer) if isinstance(place, int) else None
    return reason_text(lang, reason, point=point)
