"""The practice deck in the browser's storage: read (a deck that cannot be read is set aside, never
lost, and an empty one started), written, and fed with an analysed match's mistakes.

Pure over a :class:`~app.page.storage.match_store.Storage` (tests use ``MemoryStorage``). The deck
has its own key (:data:`~app.page.storage.storage_keys.PRACTICE_KEY`): nothing here reads or writes
the saved match.

>>> from app.page.storage.match_store import MemoryStorage
>>> from core.practice import OPENING_31, Card
>>> storage = MemoryStorage({"videau.match": "kept"})
>>> deck, problem = load_deck(storage)
>>> deck.cards, problem
((), '')
>>> save_deck(storage, deck.add([Card.new(OPENING_31)]))
''
>>> len(load_deck(storage)[0].cards)
1
>>> storage.set(PRACTICE_KEY, "{broken")
>>> deck, problem = load_deck(storage)
>>> deck.cards, problem.startswith("deck: not JSON"), storage.get(PRACTICE_BROKEN_KEY), storage.get("videau.match")
((), True, '{broken', 'kept')
"""

from __future__ import annotations

from app.page.storage.match_store import MAX_BROKEN, Storage
from app.page.storage.storage_keys import PRACTICE_BROKEN_KEY, PRACTICE_KEY
from core.analysis import MatchAnalysis
from core.analysis.cards import mistake_cards
from core.match import Match
from core.practice import Deck, InvalidDeckError

__all__ = ["add_mistakes", "load_deck", "save_deck"]


def _set_aside(storage: Storage, text: str) -> str:
    """Copy an unreadable deck to the first ``videau.practice.broken*`` key free or holding it already."""
    for i in range(1, MAX_BROKEN + 1):
        key = PRACTICE_BROKEN_KEY if i == 1 else f"{PRACTICE_BROKEN_KEY}.{i}"
        there = storage.get(key)
        if there == text:
            return key
        if there is None:
            try:
                storage.set(key, text)
            except Exception:  # storage full: the text stays where it is, a new deck is not saved over it
                return ""
            return key
    return ""


def load_deck(storage: Storage) -> tuple[Deck, str]:
    """The saved deck and ``""``, or, when it cannot be read, an empty deck and the problem (the
    text copied aside first; if it could not be, it stays under the deck's key until a save)."""
    text = storage.get(PRACTICE_KEY)
    if text is None:
        return Deck(), ""
    try:
        return Deck.from_json(text), ""
    except InvalidDeckError as error:
        if _set_aside(storage, text):
            storage.remove(PRACTICE_KEY)
        return Deck(), str(error)


def save_deck(storage: Storage, deck: Deck) -> str:
    """Write ``deck``; ``""`` or the problem (storage full, say) for the page to show."""
    try:
        storage.set(PRACTICE_KEY, deck.to_json())
    except Exception as error:  # the browser's QuotaExceededError, or storage disabled
        return str(error) or type(error).__name__
    return ""


def add_mistakes(storage: Storage, match: Match, analysis: MatchAnalysis) -> tuple[int, str]:
    """Add ``match``'s mistakes (as ``analysis`` graded them) to the saved deck: how many cards
    were new or brought back, and a problem ("" when none) -- an unreadable deck is set aside.

    >>> from app.page.storage.match_store import MemoryStorage
    >>> from core.analysis import analyse_match
    >>> match = Match.new(0, names=("Ann", "Bob")).opening_with(3, 1).play("24/21 6/5")
    >>> storage = MemoryStorage()
    >>> add_mistakes(storage, match, analyse_match(match))
    (1, '')
    >>> load_deck(storage)[0].cards[0].played, add_mistakes(storage, match, analyse_match(match))
    ('24/21 6/5', (0, ''))
    """
    deck, problem = load_deck(storage)
    cards = mistake_cards(match, analysis)
    added = deck.add(cards)
    fresh = sum(1 for c in cards if deck.find(c.xgid) != added.find(c.xgid))
    saved = save_deck(storage, added)
    return fresh, problem or saved
