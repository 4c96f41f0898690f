"""What the board shows, as plain values: a pure function of the game state.

:func:`build_board_view` turns a position (seen from player 0, the bottom player)
plus optional dice, :class:`~core.turn.Turn`, cube and captions into a
:class:`BoardView`; :func:`build_view` does it for a whole match. The view holds
only tuples, ints, bools and strings (every text already translated), so the
renderer needs neither the core nor :mod:`app.text`. Places (``1``..``24``,
``"bar"``, ``"off"``, player 0's numbering) are those of :mod:`app.board.places`;
the sentences come from :mod:`app.board.messages`, diagram arrows from
:mod:`app.board.arrows`.

>>> from core import Position, Turn
>>> view = build_board_view(Position.initial(), turn=Turn.start(Position.initial(), (3, 1)), selected=8)
>>> view.point(8).label, view.point(8).movable, view.point(8).selected
('point 8, 3 white checkers', True, True)
>>> [p.number for p in view.points if p.dest], view.sum_dests
([4, 5, 7], (4,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.board.arrows import ArrowView
from app.board.messages import opening_dice, phase_message
from app.board.places import BAR, OFF, Place, board_for_player0, display_number, from_mover, to_mover
from app.text import checkers_text, player_name, t
from core.dice import Roll
from core.match import Match
from core.position import Position
from core.turn import Turn

NAME_MAX = 20


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
    dest_sum: bool = False
    """``dest`` reached by the sum of several dice (one checker, several steps)."""


@dataclass(frozen=True, slots=True)
class StackView:
    """The bar or the trays: ``counts`` of player 0 and player 1."""

    place: str
    counts: tuple[int, int]
    movable: bool
    dest: bool
    selected: bool
    label: str
    dest_sum: bool = False


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
    sum_dests: tuple[Place, ...] = ()
    """The ``dests`` reached only by the sum of several dice."""
    focus: Place | None = None
    """The place holding the board's one Tab stop when ``roving`` (``None``: see :func:`build_board_view`)."""
    roving: bool = False
    """One Tab stop for the whole board (the page's arrow keys move inside it); else each place is one."""
    turned: bool = False
    """Player 1 drawn at the bottom: the board from his seat (``flipped`` still chooses left or right)."""

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

    def owns(self, place: Place, player: int) -> bool:
        """True when ``player`` has a checker at ``place`` (a point or the bar; never the trays).

        >>> from core import Position
        >>> view = build_board_view(Position.initial())
        >>> view.owns(6, 0), view.owns(19, 0), view.owns("bar", 0), view.owns("off", 0)
        (True, False, False, False)
        """
        if place == BAR:
            return self.bar.counts[player] > 0
        if isinstance(place, int):
            point = self.point(place)
            return point.owner == player and point.count > 0
        return False

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
        roll = turn.roll
        if roll.is_double:
            used_count = len(turn.steps)
            return tuple(DieView(d, mover, i < used_count) for i, d in enumerate(roll.steps))
        left = turn.dice_left
        return tuple(DieView(d, mover, d not in left) for d in roll.dice)
    if len(dice) == 2 and Roll.of(tuple(dice)).is_double:
        dice = Roll.of(tuple(dice)).steps
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
    focus: Place | None = None,
    roving: bool = False,
    turned: bool = False,
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
    * ``roving``: the board is one Tab stop (a page whose arrow keys move between places),
      held by ``focus`` (the keyboard's place; ``None``: the selected place, else the first
      movable, else point 1); without it every place is a Tab stop (the embeds).
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
    sum_dests: tuple[Place, ...] = ()
    if turn is not None and interactive:
        destinations = turn.destinations()
        movable = tuple(from_mover(p, mover) for p in sorted(destinations, reverse=True))
        if selected is not None and selected != OFF and to_mover(selected, mover) in destinations:
            start = to_mover(selected, mover)
            routes = turn.routes(start)
            singles = destinations[start]  # one die, the higher first; then the sums
            ordered = list(singles) + [p for p in routes if p not in singles]
            dests = tuple(from_mover(p, mover) for p in ordered)
            sum_dests = tuple(from_mover(p, mover) for p, steps in routes.items() if len(steps) > 1)
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
                dest_sum=p in sum_dests,
            )
        )
    bar_counts = position.on_bar()
    off_counts = position.borne_off()
    bar = StackView(
        BAR,
        bar_counts,
        BAR in movable,
        False,
        selected == BAR,
        t(lang, "label.bar", checkers=checkers_text(lang, *bar_counts)),
    )
    off = StackView(
        OFF,
        off_counts,
        False,
        OFF in dests,
        False,
        t(lang, "label.off", checkers=checkers_text(lang, *off_counts)),
        OFF in sum_dests,
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
        sum_dests=sum_dests,
        focus=focus,
        roving=roving,
        turned=turned,
    )


# -- arrows for diagrams -----------------------------------------------------


# -- a whole match ---------------------------------------------------------
CORE_DEFAULT_NAMES = ("Bottom", "Top")
"""``Match.new``'s placeholder names: shown as the colours instead."""


def _names(match: Match) -> tuple[str, str]:
    return (
        "" if match.names[0] == CORE_DEFAULT_NAMES[0] else match.names[0],
        "" if match.names[1] == CORE_DEFAULT_NAMES[1] else match.names[1],
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
    focus: Place | None = None,
    roving: bool = False,
    turned: bool = False,
) -> BoardView:
    """The view of a match's current game.

    ``interactive=False`` while the player to move is not the one at the screen
    (the bot); ``message`` replaces the phase message (a refused move's reason, say).

    >>> from core.match import Match
    >>> view = build_view(Match.new(5, names=("Ann", "Bot")).opening_with(2, 6), selected=12, lang="fr")
    >>> view.on_turn, view.point(12).label, view.dests, view.message
    (1, 'case 12, 5 pions noirs', (18, 14, 20), 'Bot commence et joue 6-2')
    >>> view.sum_dests
    (20,)
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
        opening=opening_dice(game),
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
        focus=focus,
        roving=roving,
        turned=turned,
    )


