"""Walk a match record once, decision by decision: what each player faced and what they did.

:func:`walk_match` replays every game of a :class:`~core.match.Match` (played here, or read
from ``.mat`` by :func:`core.record.parse_mat`) and yields a :class:`Moment` for each
decision a player made:

* ``"double"``: before rolling, a player who could double did (``doubled``) or did not;
* ``"take"``: the answer to a double (``took`` or passed);
* ``"move"``: a roll and the play made with it (``steps``; none when nothing could be played).

``index`` numbers the records of a game the way gnubg's game record (and a ``.mat`` file)
lists them: each play, double, take and pass is one record; a decision not to double shares
the index of the play that follows it. Resignations are not graded.

>>> from core.match import Match
>>> match = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5")
>>> match = match.roll_with((6, 4)).play("24/14")
>>> [(m.index, m.player, m.kind) for m in walk_match(match)]
[(1, 0, 'move'), (2, 1, 'double'), (2, 1, 'move')]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from ..bot.score import ScoreConfig
from ..dice import Dice
from ..game import Action
from ..match import Match
from ..moves import Step
from ..position import Position

__all__ = ["Moment", "MomentKind", "Situation", "walk_match"]

MomentKind = Literal["move", "double", "take"]


Situation = ScoreConfig
"""What a decision's equity depends on besides the board, seen by the player on roll: the bot's
score and cube context (:class:`core.bot.score.ScoreConfig`), read off the match by
:meth:`~core.bot.score.ScoreConfig.from_match` as the bot reads it.

>>> Situation(2, "owned", away=3, opp_away=5).swapped().owner
'opponent'
"""


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision in a match record (see the module docstring).

    ``position`` is the board at the start of the turn seen by the player on roll (for a
    take, by the doubler: the taker is ``player``, the doubler ``1 - player``);
    ``situation`` is seen by the player on roll too. ``opening``: the game's first roll.
    """

    game: int
    index: int
    player: int
    kind: MomentKind
    position: Position
    situation: Situation
    dice: Dice | None = None
    steps: tuple[Step, ...] = ()
    doubled: bool = False
    took: bool = False
    opening: bool = False


def walk_match(match: Match) -> Iterator[Moment]:
    """Every decision of every game of ``match``, in order (see :class:`Moment`)."""
    for number, played in enumerate(match.games, start=1):
        yield from _walk_game(number, match.start_of(played), played.game.actions)


def _walk_game(number: int, replay: Match, actions: tuple[Action, ...]) -> Iterator[Moment]:
    index = 0
    opening = True
    for action in actions:
        g = replay.game
        kind = action.kind
        if kind == "roll" and g.can_double():
            assert g.turn is not None
            yield Moment(number, index + 1, g.turn, "double", g.position, ScoreConfig.from_match(replay, g.turn))
        elif kind == "double":
            index += 1
            assert g.turn is not None
            yield Moment(
                number, index, g.turn, "double", g.position, ScoreConfig.from_match(replay, g.turn), doubled=True
            )
        elif kind in ("take", "drop", "beaver"):  # a beaver is judged as the take it includes
            index += 1
            assert g.turn is not None
            yield Moment(
                number,
                index,
                1 - g.turn,
                "take",
                g.position,
                ScoreConfig.from_match(replay, g.turn),
                took=kind != "drop",
            )
        elif kind == "play":
            index += 1
            assert g.turn is not None
            assert g.dice is not None
            yield Moment(
                number,
                index,
                g.turn,
                "move",
                g.position,
                ScoreConfig.from_match(replay, g.turn),
                dice=g.dice,
                steps=action.steps,
                opening=opening,
            )
            opening = False
        replay = replay.apply(action)
