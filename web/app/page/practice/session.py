"""One practice card being answered (pure): the board, the checkers moved so far, the answer.

The player who decides is always player 0, at the bottom (see :mod:`core.analysis.cards`). A
chequer card is answered on the board -- a tap (or click, or Enter on a focused place) on a
checker that can move, then on one of its lit destinations, by one die or by the sum -- or by
typing the play; a cube card by its two buttons. The rules are the core's
(:class:`core.turn.Turn`): this module only asks them.

>>> from core.practice import OPENING_31, Card
>>> asking = Asking.of(Card.new(OPENING_31))
>>> asking = asking.tap(8)                       # a checker on 8 is chosen: its destinations lit
>>> asking.selected, asking.view("en").dests
(8, (5, 7, 4))
>>> asking = asking.tap(5).tap(6).tap(5)         # 8/5, then 6/5: the play is complete
>>> from core.notation import format_play
>>> asking.play is not None, format_play(asking.play)
(True, '8/5 6/5')
>>> Asking.of(Card.new(OPENING_31)).typed("24/21 6/5").play == asking.play
False
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.board.arrows import ArrowView, arrows_from_notation
from app.board.places import Place, board_for_player0, from_mover, to_mover
from app.board.view import BoardView, build_board_view
from app.text import player_name, t
from core.analysis.cards import Question, card_question
from core.errors import BackgammonError
from core.moves import Play
from core.notation import parse_play
from core.practice import Card
from core.turn import Turn
from core.xgid import decode_xgid

__all__ = ["Asking", "answer_arrows"]


@dataclass(frozen=True, slots=True)
class Asking:
    """A card being answered: its ``question``, the ``turn`` in progress (chequer cards), the
    ``selected`` checker's place, and the ``play`` once complete."""

    card: Card
    question: Question
    turn: Turn | None = None
    selected: Place | None = None
    play: Play | None = None

    @classmethod
    def of(cls, card: Card) -> Asking:
        """The card, nothing moved yet."""
        q = card_question(card)
        turn = Turn.start(q.position, q.dice) if q.kind == "move" and q.dice is not None else None
        return cls(card, q, turn)

    # -- moving checkers ---------------------------------------------------------------------------
    def movable(self) -> tuple[Place, ...]:
        """The places whose checker can move now."""
        if self.turn is None or self.play is not None:
            return ()
        return tuple(from_mover(p, 0) for p in self.turn.movable_points())

    def tap(self, place: Place) -> Asking:
        """A tap on ``place``: choose a checker, move the chosen one there, or choose another;
        anything else leaves the card as it is."""
        turn = self.turn
        if turn is None or self.play is not None:
            return self
        if self.selected is not None and place != self.selected:
            routes = turn.routes(to_mover(self.selected, 0))
            target = to_mover(place, 0)
            if target in routes:
                moved = turn.move(to_mover(self.selected, 0), target)
                return self._after(moved)
        if place == self.selected:
            return replace(self, selected=None)
        if place in self.movable():
            return replace(self, selected=place)
        return self

    def _after(self, turn: Turn) -> Asking:
        done = turn.is_complete
        return replace(self, turn=turn, selected=None, play=turn.play() if done else None)

    def undo(self) -> Asking:
        """Take back the last checker moved."""
        if self.turn is None:
            return self
        return replace(self, turn=self.turn.undo(), selected=None, play=None)

    def typed(self, text: str) -> Asking:
        """The play written as ``text`` (raises the core's notation errors, with their reason)."""
        q = self.question
        if q.dice is None:
            raise ValueError("this card asks a cube decision, not a play")
        play = parse_play(q.position, q.dice, text)
        return replace(self, play=play, selected=None)

    # -- what the board shows ----------------------------------------------------------------------
    def view(self, lang: str, *, arrows: tuple[ArrowView, ...] = (), flipped: bool = False) -> BoardView:
        """The board of the card: the checkers moved so far and the chosen one's destinations lit;
        once answered, the position before the play (with ``arrows``: the answer and the best)."""
        q = self.question
        info = decode_xgid(self.card.xgid)[1]  # the decider is player 0: its fields are the board's
        interactive = self.turn is not None and self.play is None
        position = self.turn.position if self.turn is not None and interactive else q.position
        if self.play is not None and not arrows:
            position = self.play.result
        return build_board_view(
            board_for_player0(position, info.on_roll),
            mover=0,
            turn=self.turn if interactive else None,
            dice=q.dice if q.dice is not None and not interactive else (),
            selected=self.selected,
            cube_value=info.cube,
            cube_owner=info.cube_owner,
            cube_shown=q.situation.cube_live,
            cube_offered=q.kind == "take",
            score=info.score,
            match_length=info.match_length,
            crawford=info.crawford,
            on_turn=0,
            phase="practice",
            message=self.prompt(lang),
            arrows=arrows,
            interactive=interactive,
            focusable=interactive,
            lang=lang,
            flipped=flipped,
        )

    def prompt(self, lang: str) -> str:
        """What the card asks, in ``lang``."""
        q = self.question
        name = player_name(lang, 0, "")
        if q.kind == "move":
            assert q.dice is not None
            return t(lang, "practice.ask.move", name=name, dice=f"{max(q.dice)}{min(q.dice)}")
        return t(lang, f"practice.ask.{q.kind}", name=name)


def answer_arrows(asking: Asking, answer: str, best: str) -> tuple[ArrowView, ...]:
    """The arrows of a graded chequer answer: the player's play dashed, the best solid (none for a cube card).

    >>> from core.practice import OPENING_31, Card
    >>> [a.style for a in answer_arrows(Asking.of(Card.new(OPENING_31)), "24/21 6/5", "8/5 6/5")]
    ['played', 'played', 'best', 'best']
    """
    if asking.question.kind != "move":
        return ()
    out: list[ArrowView] = []
    for text, style in ((answer, "played"), (best, "best")):
        if style == "best" and text == answer:
            continue
        try:
            out += [replace(a, style=style) for a in arrows_from_notation(text, 0)]
        except BackgammonError:
            continue
    return tuple(out)
