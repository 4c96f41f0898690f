"""The coach's practice cards: a player's mistakes made into questions, and how an answer is graded.

:func:`mistake_cards` turns every decision of an analysed match that lost at least
:data:`core.practice.MISTAKE` into a :class:`~core.practice.Card`; :func:`card_eval_steps`
prices a card's question with the evaluation the hints and the analysis share
(:mod:`core.analysis.decision`), and :func:`grade_answer` says whether an answer is right (it
gives up less than :data:`~core.practice.MISTAKE`) and what was best.

A card's XGID always puts the player who decides at the bottom (player 0): on roll for a chequer
play or a decision to double, doubled (the doubler on roll at the top) for a take; the score is
kept as the away scores it implies, so the same decision made by either player in any match
of the same length is one card.

>>> from core.match import Match
>>> from core.analysis import analyse_match
>>> match = Match.new(0, names=("Ann", "Bob")).opening_with(3, 1).play("24/21 6/5")
>>> [card] = mistake_cards(match, analyse_match(match))
>>> card.xgid, card.played, card.best, card.theme
('XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10', '24/21 6/5', '8/5 6/5', 'opening')
>>> from core.analysis.engine import Engine
>>> from core.bot.evaluator import drive
>>> ev = drive(card_eval_steps(Engine(), card))
>>> grade_answer(ev, "24/21 6/5").right, grade_answer(ev, "8/5 6/5")
(False, Graded(right=True, loss=0.0, best='8/5 6/5'))
"""

from __future__ import annotations

import json
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bot.cube import CENTERED, OPPONENT, OWNED
from ..bot.evaluator import drive
from ..bot.score import ScoreConfig
from ..dice import Dice
from ..errors import BackgammonError
from ..jsontext import read_json
from ..match import Match
from ..match_info import MatchInfo
from ..moves import Play
from ..notation import format_play, parse_play
from ..position import Position
from ..practice import MISTAKE, Card, CardKind, InvalidDeckError
from ..xgid import decode_xgid, encode_xgid
from .analyse import MatchAnalysis
from .decision import DecisionEval, checker_eval_steps, cube_eval_steps
from .walk import Moment, walk_match

if TYPE_CHECKING:
    from .engine import Engine

__all__ = [
    "MAX_GRADING_CHARS", "CardGrader", "Graded", "Question", "card_eval_steps", "card_question", "grade_answer",
    "grade_card", "mistake_cards", "moment_xgid", "pack_grading", "read_graded", "unpack_grading",
]  # fmt: skip

MAX_GRADING_CHARS = 4_000
"""The most characters a grading request or answer between the page and its worker may hold (a card
is a few hundred)."""


@dataclass(frozen=True, slots=True)
class Question:
    """What a card asks, as the evaluation takes it: ``position`` and ``situation`` seen by the
    player on roll (for a take, the doubler), ``dice`` for a chequer play; the decider is player 0."""

    kind: CardKind
    position: Position
    situation: ScoreConfig
    dice: Dice | None


@dataclass(frozen=True, slots=True)
class Graded:
    """An answer graded: ``right`` when it gives up less than :data:`~core.practice.MISTAKE`,
    its ``loss`` (>= 0), and the ``best`` option (a play's notation, or one of the cube rows)."""

    right: bool
    loss: float
    best: str


def moment_xgid(moment: Moment, length: int) -> str:
    """The XGID of ``moment``'s decision with the decider at the bottom (see the module
    docstring); ``length``: the match's length (0 for money).

    >>> from core.match import Match
    >>> m = Match.new(5).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/14").double().take()
    >>> [moment_xgid(x, 5).split(":", 1)[1] for x in walk_match(m)][-3:]
    ['0:0:1:64:0:0:0:5:10', '0:0:1:00:0:0:0:5:10', '0:0:-1:D:0:0:0:5:10']
    """
    s = moment.situation
    on_roll = 1 if moment.kind == "take" else 0
    owner = {CENTERED: None, OWNED: on_roll, OPPONENT: 1 - on_roll}[s.owner]
    away = (s.away, s.opp_away) if on_roll == 0 else (s.opp_away, s.away)
    score = (length - away[0], length - away[1]) if length else (0, 0)
    info = MatchInfo(
        cube=s.cube,
        cube_owner=owner,
        on_roll=on_roll,
        turn=0,
        dice=moment.dice if moment.kind == "move" else None,
        match_length=length,
        score=score,
        crawford=s.crawford if length else False,
        jacoby=s.jacoby,
        double_offered=moment.kind == "take",
    )
    return encode_xgid(moment.position, info)


def mistake_cards(match: Match, analysis: MatchAnalysis, threshold: float = MISTAKE) -> tuple[Card, ...]:
    """A card for each decision of ``match`` (as ``analysis`` graded it) that lost at least
    ``threshold``, in the order played (source ``"match"``)."""
    graded = {(d.game, d.move, d.kind, d.player): d for d in analysis.decisions}
    cards = []
    for moment in walk_match(match):
        d = graded.get((moment.game, moment.index, moment.kind, moment.player))
        if d is None or d.loss < threshold:
            continue
        card = Card.new(moment_xgid(moment, match.length), played=d.played, best=d.best, loss=d.loss, source="match")
        cards.append(card)
    return tuple(cards)


def card_question(card: Card) -> Question:
    """The question of ``card``, read through the rules (:meth:`core.match.Match.from_info`).

    >>> from core.practice import OPENING_31
    >>> q = card_question(Card.new(OPENING_31))
    >>> q.kind, q.dice, q.position == Position.initial(), q.situation.is_money
    ('move', (3, 1), True, True)
    """
    position, info = decode_xgid(card.xgid)
    match = Match.from_info(position, info)
    situation = ScoreConfig.from_match(match, info.on_roll)
    return Question(card.kind, position, situation, info.dice if card.kind == "move" else None)


def card_eval_steps(engine: Engine, card: Card, answer: Play | None = None) -> Generator[None, None, DecisionEval]:
    """The evaluation of ``card``'s decision (the decider is player 0), in slices, from the
    ``engine`` the hints share: the same prices as a hint or the analysis give. The play the
    card was made from, and ``answer`` if given, are priced as deeply as the best plays (as the
    analysis prices the play made); asking again with another answer adds to the same evaluation."""
    q = card_question(card)
    if q.kind == "move":
        assert q.dice is not None
        ev: DecisionEval | None = None
        for play in (_played(card, q), answer):
            if play is not None or ev is None:
                ev = yield from checker_eval_steps(engine, q.position, q.dice, q.situation, player=0, include=play)
        assert ev is not None
        return ev
    return (yield from cube_eval_steps(engine, q.position, q.situation, q.kind, 0))


def _played(card: Card, q: Question) -> Play | None:
    """The play ``card`` was made from, if it names one that is legal here."""
    if not card.played or q.dice is None:
        return None
    try:
        return parse_play(q.position, q.dice, card.played)
    except BackgammonError:
        return None


def grade_answer(ev: DecisionEval, answer: str | Play) -> Graded:
    """Grade ``answer`` against ``ev``: a :class:`~core.moves.Play` or its notation for a chequer
    play, ``"double"``/``"no double"``, ``"take"``/``"pass"`` for the cube (any case). A play
    not among the options raises :class:`KeyError`.

    >>> from core.analysis.decision import cube_eval
    >>> from core.analysis.grades import CubeGrade
    >>> ev = cube_eval("take", 0, CubeGrade(0.5, 0.9, 1.0), (0.7, 0.1, 0.0, 0.05, 0.0))
    >>> grade_answer(ev, "Pass")
    Graded(right=False, loss=0.1, best='Take')
    """
    if isinstance(answer, Play):
        option = ev.find_play(answer)
        if option is None:
            raise KeyError(f"the play {format_play(answer)} is not among this decision's options")
        loss = option.loss
    else:
        loss = ev.loss(answer)
    return Graded(loss < MISTAKE, round(loss, 6), ev.best_action)


def grade_card(engine: Engine, card: Card, answer: str) -> Graded:
    """Grade ``answer`` to ``card`` in one go (what a worker does): a play's notation, or a cube word.

    The same prices as :func:`card_eval_steps` then :func:`grade_answer` give on the page.
    A play that is not legal here raises the core's notation errors.

    >>> from core.analysis.engine import Engine
    >>> from core.practice import OPENING_31
    >>> grade_card(Engine(), Card.new(OPENING_31), "8/5 6/5")
    Graded(right=True, loss=0.0, best='8/5 6/5')
    """
    q = card_question(card)
    play = parse_play(q.position, q.dice, answer) if q.kind == "move" and q.dice is not None else None
    ev = drive(card_eval_steps(engine, card, play))
    return grade_answer(ev, play if play is not None else answer)


def pack_grading(card: Card, answer: str) -> str:
    """The request the page sends its worker: ``card`` and the ``answer`` to grade, as JSON text."""
    return json.dumps({"card": card.to_json(), "answer": answer}, ensure_ascii=False)


def unpack_grading(text: str) -> tuple[Card, str]:
    """The card and answer of :func:`pack_grading`'s text; :class:`ValueError` says what is wrong.

    >>> unpack_grading('{"card": {"xgid": "XGID=x"}, "answer": "Take"}')
    Traceback (most recent call last):
    ...
    ValueError: a grading request: card: 'XGID=x' is not a valid XGID (XGID 'XGID=x': 10 fields separated by ':' \
expected, got 1)
    """
    data = read_json(text, "a grading request", max_chars=MAX_GRADING_CHARS)
    if not isinstance(data, dict) or not isinstance(data.get("answer"), str) or len(data["answer"]) > 200:
        raise ValueError("a grading request: an object with a card and an answer (a short text) expected")
    try:
        card = Card.from_json(data.get("card"))
    except InvalidDeckError as exc:
        raise ValueError(f"a grading request: {exc}") from None
    return card, data["answer"]


def read_graded(text: str) -> Graded:
    """The :class:`Graded` a worker answered (:meth:`CardGrader.grade`'s text); :class:`ValueError` if not one.

    >>> read_graded('{"right": true, "loss": 0.0, "best": "Take"}')
    Graded(right=True, loss=0.0, best='Take')
    >>> read_graded('{"right": 1, "loss": -2, "best": ""}')
    Traceback (most recent call last):
    ...
    ValueError: a grade: right (true or false), loss (a number from 0) and best (text) expected
    """
    data = read_json(text, "a grade", max_chars=MAX_GRADING_CHARS)
    if isinstance(data, dict):
        right, loss, best = data.get("right"), data.get("loss"), data.get("best")
        if isinstance(loss, bool) or not isinstance(loss, (int, float)):
            loss = -1.0
        if isinstance(right, bool) and 0 <= loss < 100 and isinstance(best, str):
            return Graded(right, float(loss), best)
    raise ValueError("a grade: right (true or false), loss (a number from 0) and best (text) expected")


class CardGrader:
    """A worker's side of practice grading: one engine (its tables kept from card to card), JSON in and out.

    >>> from core.practice import OPENING_31
    >>> read_graded(CardGrader().grade(pack_grading(Card.new(OPENING_31), "24/21 6/5"))).right
    False
    """

    def __init__(self) -> None:
        self.engine: Engine | None = None

    def grade(self, request: str) -> str:
        """Grade :func:`pack_grading`'s request; the :class:`Graded` as JSON text (:func:`read_graded`)."""
        card, answer = unpack_grading(request)
        if self.engine is None:
            from .engine import Engine

            self.engine = Engine()
        graded = grade_card(self.engine, card, answer)
        return json.dumps({"right": graded.right, "loss": graded.loss, "best": graded.best})
