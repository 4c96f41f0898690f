"""The move list: a game's actions in standard notation (``31: 8/5 6/5``, ``64: 24/18 13/9*``).

A game keeps its actions, each play with the points it hit (``*``); the dice and the
cube before each action come from replaying them through the core. :class:`MoveLog` caches the replay, so a
redraw after one more action replays one action, not the whole game.

>>> from core.match import Match
>>> game = Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/18 13/9").double().game
>>> [(e.player, e.text) for e in MoveLog().entries(game, "en")]
[(0, '31: 8/5 6/5'), (1, '64: 24/18 13/9'), (0, 'doubles to 2')]
"""

from __future__ import annotations

from dataclasses import dataclass

from app.text import t
from core.game import Action, Game
from core.notation import format_play


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the list: who, the words, and the kind of action (for styling)."""

    player: int
    text: str
    kind: str


@dataclass(frozen=True, slots=True)
class _Fact:
    """An action with what the replay knew before it: the dice and the cube."""

    action: Action
    dice: tuple[int, int] | None
    cube: int


def _fresh(game: Game) -> Game:
    """The game as it was before its first action."""
    setup = game.setup
    if setup is None:
        return Game.new(cube_available=game.cube_available, jacoby=game.jacoby, beavers=game.beavers)
    return Game.from_setup(setup, cube_available=game.cube_available, jacoby=game.jacoby, beavers=game.beavers)


def _dice_text(dice: tuple[int, int] | None) -> str:
    if dice is None:
        return ""
    return f"{max(dice)}{min(dice)}"


class MoveLog:
    """Turns games into lines, replaying only the actions not seen before."""

    def __init__(self) -> None:
        self._replay: Game | None = None
        self._facts: list[_Fact] = []

    def _update(self, game: Game) -> list[_Fact]:
        seen = len(self._facts)
        replay = self._replay
        if (
            replay is None
            or replay.setup != game.setup
            or len(game.actions) < seen
            or game.actions[:seen] != replay.actions
        ):
            replay, self._facts, seen = _fresh(game), [], 0
        for action in game.actions[seen:]:
            self._facts.append(_Fact(action, replay.dice, replay.cube))
            replay = replay.apply(action)
        self._replay = replay
        return self._facts

    def entries(self, game: Game, lang: str) -> list[LogEntry]:
        """The game's lines, in order; opening and roll actions show with the play that follows."""
        out: list[LogEntry] = []
        for fact in self._update(game):
            action = fact.action
            kind = action.kind
            if kind in ("opening", "roll"):
                continue
            if kind == "play":
                dice = _dice_text(fact.dice)
                if action.steps:
                    text = f"{dice}: {format_play(action.steps, action.hits)}"
                else:
                    text = f"{dice}: {t(lang, 'log.cannot_move')}"
            elif kind == "double":
                text = t(lang, "log.double", value=fact.cube * 2)
            elif kind == "beaver":
                text = t(lang, "log.beaver", value=fact.cube * 4)
            elif kind == "resign":
                text = t(lang, f"log.resign.{action.level}")
            else:
                text = t(lang, f"log.{kind}")
            out.append(LogEntry(action.player, text, kind))
        return out


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def moves_html(entries: list[LogEntry], names: tuple[str, str], result: str, lang: str) -> str:
    """The items of the move list (``#move-list``): one per entry, then how the game ended.

    >>> print(moves_html([LogEntry(0, "31: 8/5 6/5", "play")], ("Ann", "Bob"), "", "en"))
    <li class="moves__item moves__item--0 moves__item--play">...Ann: </span>31: 8/5 6/5</li>
    >>> moves_html([], ("Ann", "Bob"), "", "en")
    '<li class="moves__empty">No moves yet.</li>'
    """
    items = []
    for entry in entries:
        name = _escape(names[entry.player])
        items.append(
            f'<li class="moves__item moves__item--{entry.player} moves__item--{entry.kind}">'
            f'<span class="swatch swatch--{entry.player}" aria-hidden="true"></span>'
            f'<span class="visually-hidden">{name}: </span>{_escape(entry.text)}</li>'
        )
    if result:
        items.append(f'<li class="moves__item moves__item--result">{_escape(result)}</li>')
    if not items:
        items.append(f'<li class="moves__empty">{_escape(t(lang, "ui.no_moves"))}</li>')
    return "".join(items)
