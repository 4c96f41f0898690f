"""A practice deck: positions to answer again, spaced by how well they were answered.

The coach turns a player's own mistakes (and a few built-in lessons) into *cards*. A
:class:`Card` is one question: a position as an XGID (who is on roll, the cube and score, and
either the dice of a chequer play, no dice for a decision to double, or a double on offer for the
answer to it), its :data:`Theme`, and, for a card made from a mistake, what was played, what was
best and what it lost. This module holds no answers of its own: the coach prices each answer with
the same evaluation as the hints (:mod:`core.analysis.cards`).

A :class:`Deck` spaces its cards as Leitner's boxes do, counted in answers (``clock``) rather than
in days, so that a session of a few minutes already brings a missed card back:

* a wrong answer puts the card in box 0, due again after one other answer (:data:`AGAIN`);
* a right answer moves it up a box, due again after :data:`INTERVALS` ``[box]`` answers: 3, 8,
  20, 50, then every 120 -- later and later;
* :meth:`Deck.next_card` gives a card due: one seen before (a missed card back) ahead of the new
  ones, so a miss comes back after one other card however many new cards wait; when none is due,
  the one due soonest.

>>> deck = Deck().add([Card.new(OPENING_31), Card.new(OPENING_61)])
>>> first = deck.next_card()
>>> first.xgid == OPENING_31, first.kind, first.theme
(True, 'move', 'opening')
>>> deck = deck.answer(first.xgid, right=False)       # missed: it comes back after one other card
>>> deck.next_card().xgid == OPENING_61
True
>>> deck = deck.answer(OPENING_61, right=True)        # right: box 1, due in 3 answers
>>> deck.next_card().xgid == OPENING_31                # the missed card is back
True
>>> deck = deck.answer(OPENING_31, right=True)
>>> [(c.box, c.due) for c in deck.cards]
[(1, 5), (1, 4)]
>>> Deck.from_json(deck.to_json()) == deck
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from .errors import BackgammonError
from .jsontext import read_json
from .position import Position
from .xgid import decode_xgid

__all__ = [
    "AGAIN",
    "DECK_VERSION",
    "INTERVALS",
    "MISTAKE",
    "OPENING_31",
    "OPENING_61",
    "THEMES",
    "Card",
    "CardKind",
    "Deck",
    "InvalidDeckError",
    "Theme",
    "ThemeProgress",
    "card_kind",
    "theme_of",
]

Theme = Literal["opening", "middle", "bearoff", "cube"]
THEMES: tuple[Theme, ...] = get_args(Theme)
"""The themes, in the order a progress table lists them."""

CardKind = Literal["move", "double", "take"]

MISTAKE = 0.04
"""A loss from which a decision is a mistake worth practising (gnubg's "doubtful", per unit of
cube), and under which an answer in practice counts as right."""

AGAIN = 2
"""A missed card is due again this many answers later (after one other card)."""

INTERVALS = (3, 8, 20, 50, 120)
"""A card answered right into box ``b`` (1..) is due ``INTERVALS[b - 1]`` answers later; the
last interval repeats for the boxes above."""

LEARNED_BOX = 2
"""A card in this box or above has been answered right at least twice in a row: "learned"."""

OPENING_PIPS = 140
"""Both sides with at least this many pips and none borne off: still the opening (167 at the
start; an opening roll and its reply move at most 24 + 24 pips, less the hits)."""

DECK_VERSION = 1

OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
"""The opening 31 (money play): a sample card for the examples."""
OPENING_61 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10"
"""The opening 61 (money play)."""


class InvalidDeckError(BackgammonError):
    """A saved deck or card that cannot be read; the message names the field and the value."""

    def __init__(self, message: str, reason: str = "deck-invalid") -> None:
        super().__init__(message, reason)


def card_kind(xgid: str) -> CardKind:
    """What an XGID asks: ``"move"`` (dice rolled), ``"double"`` (before the roll) or
    ``"take"`` (a double on offer). Raises :class:`~core.errors.InvalidIdError` on a bad XGID.

    >>> [card_kind(OPENING_31.replace(":31:", dice)) for dice in (":31:", ":00:", ":D:")]
    ['move', 'double', 'take']
    """
    info = decode_xgid(xgid)[1]
    if info.double_offered:
        return "take"
    return "double" if info.dice is None else "move"


def theme_of(position: Position, kind: CardKind) -> Theme:
    """The theme of a decision in ``position`` (seen by the player on roll): ``"cube"`` for a
    cube decision; ``"bearoff"`` when the player on roll has every checker home; ``"opening"``
    while both sides have at least :data:`OPENING_PIPS` pips and none borne off; otherwise
    ``"middle"``.

    >>> start = Position.initial()
    >>> theme_of(start, "move"), theme_of(start, "take")
    ('opening', 'cube')
    >>> theme_of(Position.from_text("x 6:3 5:3 4:2 / o 24:2 13:5 8:3 6:5"), "move")
    'bearoff'
    >>> theme_of(Position.from_text("x 13:4 10:2 8:3 6:5 4:1 / o 18:2 13:4 8:3 6:5 5:1"), "move")
    'middle'
    """
    if kind != "move":
        return "cube"
    if position.can_bear_off():
        return "bearoff"
    pips = position.pip_count()
    if min(pips) >= OPENING_PIPS and position.borne_off() == (0, 0):
        return "opening"
    return "middle"


@dataclass(frozen=True, slots=True)
class Card:
    """One question of a deck (see the module docstring).

    ``xgid``: the question, its key in the deck; ``kind`` and ``theme`` are read from it.
    ``played``, ``best``, ``loss``: the mistake a card was made from ("" and 0.0 for a built-in
    card); ``source``: where it came from (``"match"`` or a built-in deck's name). ``box``:
    the Leitner box (0: new or missed); ``due``: the deck's answer count from which it is due;
    ``seen`` and ``right``: answers given and answers right.
    """

    xgid: str
    kind: CardKind
    theme: Theme
    played: str = ""
    best: str = ""
    loss: float = 0.0
    source: str = ""
    box: int = 0
    due: int = 0
    seen: int = 0
    right: int = 0

    @classmethod
    def new(cls, xgid: str, *, played: str = "", best: str = "", loss: float = 0.0, source: str = "") -> Card:
        """A new card for ``xgid`` (kind and theme read from it; a bad XGID raises
        :class:`~core.errors.InvalidIdError`).

        >>> Card.new(OPENING_31, source="openings").theme
        'opening'
        """
        kind = card_kind(xgid)
        theme = theme_of(decode_xgid(xgid)[0], kind)
        return cls(xgid.strip(), kind, theme, played, best, round(float(loss), 6), source)

    @property
    def learned(self) -> bool:
        """Answered right at least :data:`LEARNED_BOX` times in a row."""
        return self.box >= LEARNED_BOX

    def to_json(self) -> dict[str, Any]:
        """The card as a JSON object (what :meth:`from_json` reads)."""
        return {
            "xgid": self.xgid,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 6),
            "source": self.source,
            "box": self.box,
            "due": self.due,
            "seen": self.seen,
            "right": self.right,
        }

    @classmethod
    def from_json(cls, data: object) -> Card:
        """A card from :meth:`to_json`'s object; :class:`InvalidDeckError` names what is wrong.

        >>> Card.from_json({"xgid": "XGID=nonsense"})
        Traceback (most recent call last):
        ...
        core.practice.InvalidDeckError: card: 'XGID=nonsense' is not a valid XGID (XGID 'XGID=nonsense': 10 fields \
separated by ':' expected, got 1)
        >>> Card.from_json({"xgid": OPENING_31, "box": -1})
        Traceback (most recent call last):
        ...
        core.practice.InvalidDeckError: card XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10: box -1 is not \
a whole number from 0
        """
        if not isinstance(data, Mapping):
            raise InvalidDeckError(f"card: expected an object, got {type(data).__name__}")
        xgid = data.get("xgid")
        if not isinstance(xgid, str):
            raise InvalidDeckError(f"card: xgid {xgid!r} is not text")
        try:
            card = cls.new(xgid)
        except BackgammonError as error:
            raise InvalidDeckError(f"card: {xgid[:80]!r} is not a valid XGID ({error})") from None
        texts: dict[str, str] = {}
        for name in ("played", "best", "source"):
            value = data.get(name, "")
            if not isinstance(value, str) or len(value) > 200:
                raise InvalidDeckError(f"card {xgid}: {name} {value!r:.80} is not a short text")
            texts[name] = value
        loss = data.get("loss", 0.0)
        if isinstance(loss, bool) or not isinstance(loss, (int, float)) or not 0.0 <= loss <= 10.0:
            raise InvalidDeckError(f"card {xgid}: loss {loss!r} is not a number from 0 to 10")
        counts: dict[str, int] = {}
        for name in ("box", "due", "seen", "right"):
            value = data.get(name, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidDeckError(f"card {xgid}: {name} {value!r} is not a whole number from 0")
            counts[name] = value
        return replace(
            card,
            played=texts["played"],
            best=texts["best"],
            source=texts["source"],
            loss=float(loss),
            box=counts["box"],
            due=counts["due"],
            seen=counts["seen"],
            right=counts["right"],
        )


@dataclass(frozen=True, slots=True)
class ThemeProgress:
    """A theme's cards: how many, how many learned (:attr:`Card.learned`), how many due now,
    and the answers given and right."""

    total: int = 0
    learned: int = 0
    due: int = 0
    seen: int = 0
    right: int = 0


MAX_DECK_CHARS = 4_000_000
"""The longest stored deck read (a browser's storage holds about 5 million characters for a site)."""


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards (in the order added) and ``clock``, the answers given so far."""

    cards: tuple[Card, ...] = ()
    clock: int = 0

    def find(self, xgid: str) -> Card | None:
        """The card of ``xgid``, if any."""
        return next((c for c in self.cards if c.xgid == xgid), None)

    def add(self, cards: Iterable[Card]) -> Deck:
        """The deck with ``cards`` added, due now. A position already in the deck is not added
        twice: a new mistake on it (``loss`` > 0) puts it back in box 0, due now, with what was
        played this time; a built-in card already there stays as it is.

        >>> deck = Deck().add([Card.new(OPENING_31)]).answer(OPENING_31, right=True)
        >>> deck.cards[0].box, deck.add([Card.new(OPENING_31)]).cards[0].box
        (1, 1)
        >>> again = deck.add([Card.new(OPENING_31, played="24/21 6/5", best="8/5 6/5", loss=0.1)])
        >>> again.cards[0].box, again.cards[0].played, again.cards[0].seen
        (0, '24/21 6/5', 1)
        """
        out = list(self.cards)
        where = {c.xgid: i for i, c in enumerate(out)}
        for card in cards:
            i = where.get(card.xgid)
            if i is None:
                where[card.xgid] = len(out)
                out.append(replace(card, box=0, due=self.clock))
            elif card.loss > 0.0:
                old = out[i]
                out[i] = replace(old, played=card.played, best=card.best, loss=card.loss, box=0, due=self.clock)
        return Deck(tuple(out), self.clock)

    def remove(self, xgid: str) -> Deck:
        """The deck without the card of ``xgid``."""
        return Deck(tuple(c for c in self.cards if c.xgid != xgid), self.clock)

    def _order(self, card: Card) -> tuple[int, bool, int, int]:
        """Due first (the soonest when none is); among those due, the cards seen before (a miss coming
        back) ahead of new ones; then the longest waiting, the lowest box."""
        return (max(card.due, self.clock), card.seen == 0, card.due, card.box)

    def due(self, theme: Theme | None = None) -> tuple[Card, ...]:
        """The cards due now (of ``theme``, if given), in the order :meth:`next_card` takes them."""
        cards = [c for c in self.cards if c.due <= self.clock and (theme is None or c.theme == theme)]
        return tuple(sorted(cards, key=self._order))

    def next_card(self, theme: Theme | None = None) -> Card | None:
        """The card to ask next (of ``theme``, if given): among those due, a card seen before (a
        missed one back) ahead of new ones; when none is due, the one due soonest; ``None`` for an
        empty deck (or theme)."""
        cards = [c for c in self.cards if theme is None or c.theme == theme]
        if not cards:
            return None
        return min(cards, key=self._order)

    def answer(self, xgid: str, *, right: bool) -> Deck:
        """The deck after an answer to the card of ``xgid`` (see the module docstring).
        Raises :class:`KeyError` for a card not in the deck."""
        card = self.find(xgid)
        if card is None:
            raise KeyError(f"no card {xgid!r} in the deck")
        clock = self.clock + 1
        if right:
            box = card.box + 1
            due = self.clock + INTERVALS[min(box, len(INTERVALS)) - 1]
        else:
            box, due = 0, self.clock + AGAIN
        new = replace(card, box=box, due=due, seen=card.seen + 1, right=card.right + int(right))
        return Deck(tuple(new if c.xgid == xgid else c for c in self.cards), clock)

    def progress(self) -> dict[Theme, ThemeProgress]:
        """Each theme's :class:`ThemeProgress` (every theme, empty ones included).

        >>> Deck().add([Card.new(OPENING_31)]).answer(OPENING_31, right=True).progress()["opening"]
        ThemeProgress(total=1, learned=0, due=0, seen=1, right=1)
        """
        out: dict[Theme, ThemeProgress] = {}
        for theme in THEMES:
            cards = [c for c in self.cards if c.theme == theme]
            out[theme] = ThemeProgress(
                total=len(cards),
                learned=sum(1 for c in cards if c.learned),
                due=sum(1 for c in cards if c.due <= self.clock),
                seen=sum(c.seen for c in cards),
                right=sum(c.right for c in cards),
            )
        return out

    def xgids(self) -> str:
        """The deck's positions, one XGID a line (an export other programs read).

        >>> print(Deck().add([Card.new(OPENING_31), Card.new(OPENING_61)]).xgids())
        XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10
        XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10
        """
        return "\n".join(c.xgid for c in self.cards)

    def to_json(self) -> str:
        """The deck as JSON text (what the page keeps; :meth:`from_json` reads it)."""
        data = {"version": DECK_VERSION, "clock": self.clock, "cards": [c.to_json() for c in self.cards]}
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Deck:
        """A deck from :meth:`to_json`'s text; anything unreadable raises :class:`InvalidDeckError`
        naming it (the page then sets the saved text aside and starts an empty deck).

        >>> Deck.from_json('{"version": 9, "clock": 0, "cards": []}')
        Traceback (most recent call last):
        ...
        core.practice.InvalidDeckError: deck: version 9 is not 1
        >>> Deck.from_json('{"version": 1, "clock": 0, "cards": [')
        Traceback (most recent call last):
        ...
        core.practice.InvalidDeckError: deck: not JSON (Expecting value: line 1 column 38 (char 37))
        """
        try:
            data = read_json(text, "deck", max_chars=MAX_DECK_CHARS)
        except ValueError as error:
            raise InvalidDeckError(str(error)) from None
        if not isinstance(data, dict):
            raise InvalidDeckError(f"deck: expected an object, got {type(data).__name__}")
        if data.get("version") != DECK_VERSION:
            raise InvalidDeckError(f"deck: version {data.get('version')!r} is not {DECK_VERSION}")
        clock = data.get("clock")
        if isinstance(clock, bool) or not isinstance(clock, int) or clock < 0:
            raise InvalidDeckError(f"deck: clock {clock!r} is not a whole number from 0")
        cards = data.get("cards")
        if not isinstance(cards, list):
            raise InvalidDeckError(f"deck: cards {cards!r:.80} is not a list")
        read = tuple(Card.from_json(c) for c in cards)
        if len({c.xgid for c in read}) != len(read):
            raise InvalidDeckError("deck: the same position is in it twice")
        return cls(read, clock)
