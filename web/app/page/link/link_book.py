"""Play by link on this device, pure: the device's link matches and one match played by link.

:class:`LinkBook` files each link match this device plays under its own key
(``videau.link.<match id>``: the seat, the seat's secret, the last link accepted
or sent), beside -- never over -- the normal save. :class:`LinkSession` is one
match as this device plays it: it opens a link (refusing what the core refuses,
and links older than or different from what the book has), takes the free seat
of a match it has never seen, makes the next link when the player hands the turn
over, and hands over by itself when the player has nothing to decide. The dice
come only from :mod:`core.link`; ``draw`` gives the fresh bytes (crypto in the page).

>>> from app.page.storage.match_store import MemoryStorage
>>> import random
>>> r0, r1 = random.Random(0), random.Random(1)
>>> alice, bob = LinkBook(MemoryStorage()), LinkBook(MemoryStorage())
>>> mine = LinkSession.create(alice, 1, time_ms=10, draw=r0.randbytes)
>>> theirs = LinkSession.open(bob, mine.link, time_ms=20, draw=r1.randbytes)   # bob takes seat 1
>>> theirs.seat, theirs.my_turn, len(theirs.state.history)
(1, False, 2)
>>> mine = LinkSession.open(alice, theirs.link, time_ms=30, draw=r0.randbytes)
>>> [p.dice for p in mine.state.proofs], mine.waiting_for_friend   # the opening: bob plays first
([(2, 5)], True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from app.page.storage.match_store import Storage
from app.page.storage.storage_keys import BOOK_KEY, INDEX_KEY, MAX_INDEX_CHARS, MAX_RECORD_CHARS
from core.jsontext import read_json
from core.link import (
    PREFIX,
    History,
    LinkAction,
    LinkError,
    LinkReader,
    LinkState,
    accept_link,
    accept_next,
    actions_between,
    decode_link,
    encode_link,
    hand_over,
    match_id_of,
    own_match,
    read_link,
    replay,
    start,
)
from core.link.errors import NO_HISTORY, NO_SECRET, PROTOCOL
from core.link.history import NAMING_ENTRY
from core.match import Match

__all__ = [
    "BOOK_KEY", "PROMISE_AFTER", "STALE", "STORAGE", "Draw", "LinkBook", "LinkRecord", "LinkSession", "NoSeatError",
    "StaleError",
]  # fmt: skip

STALE = "link-stale"
"""The reason of a :class:`StaleError`: another tab moved the match on since this one read it."""
STORAGE = "link-storage"
"""The page's reason when the device's storage refuses a link match's record (full)."""


PROMISE_AFTER = ("play", "take", "beaver")
"""What a promise not to double on the next turn may go with: a play, or the answer that takes a double."""

Draw = Callable[[int], bytes]
"""A source of fresh random bytes (the page's crypto source)."""


@dataclass(frozen=True, slots=True)
class LinkRecord:
    """What the device keeps of one link match.

    >>> LinkRecord.from_json(LinkRecord("ab", 1, "00" * 16, "#link=x", 5, 3).to_json()).seat
    1
    """

    match_id: str
    seat: int
    secret: str | None
    link: str
    updated: int
    length: int
    status: str = ""
    """``"yours"`` (the match waits for this device), ``"theirs"``, ``"over"``."""

    def to_json(self) -> str:
        return json.dumps(
            {"v": 1, "id": self.match_id, "seat": self.seat, "secret": self.secret, "link": self.link,
             "updated": self.updated, "length": self.length, "status": self.status},
        )  # fmt: skip

    @classmethod
    def from_json(cls, text: str) -> LinkRecord:
        """The record in ``text``; ``ValueError`` naming what is wrong when it is not one.

        >>> LinkRecord.from_json("[]")
        Traceback (most recent call last):
        ...
        ValueError: a link record is a JSON object, not list
        >>> LinkRecord.from_json('{"id": "ab", "seat": 7, "link": "#link=x"}')
        Traceback (most recent call last):
        ...
        ValueError: a link record with seat 7
        """
        data = read_json(text, "a link record", max_chars=MAX_RECORD_CHARS)
        if not isinstance(data, dict):
            raise ValueError(f"a link record is a JSON object, not {type(data).__name__}")
        secret = data.get("secret")
        try:
            record = cls(
                str(data["id"]), int(data["seat"]), str(secret) if secret else None, str(data["link"]),
                int(data.get("updated", 0)), int(data.get("length", 0)), str(data.get("status", "")),
            )  # fmt: skip
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError(f"a link record lacking or misreading {exc}") from exc
        if record.seat not in (0, 1):
            raise ValueError(f"a link record with seat {record.seat}")
        if not record.link.startswith(PREFIX):
            raise ValueError("a link record without a link")
        if secret is not None and secret != "":
            try:
                bytes.fromhex(str(secret))
            except ValueError as exc:
                raise ValueError("a link record whose secret is not hex") from exc
        return record


class LinkBook:
    """The device's link matches, in storage."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def key(self, match_id: str) -> str:
        return f"{BOOK_KEY}.{match_id}"

    def ids(self) -> list[str]:
        """The match ids, the last played first (an unreadable index reads as empty)."""
        try:
            ids = read_json(self.storage.get(INDEX_KEY) or "[]", "the link index", max_chars=MAX_INDEX_CHARS)
        except ValueError:
            return []
        return [str(i) for i in ids] if isinstance(ids, list) else []

    def get(self, match_id: str) -> LinkRecord | None:
        """The record of ``match_id`` (``None`` when the device has none, or it cannot be read)."""
        text = self.storage.get(self.key(match_id))
        if text is None:
            return None
        try:
            return LinkRecord.from_json(text)
        except (ValueError, KeyError, TypeError):
            return None

    def put(self, record: LinkRecord, expected: str | None = None) -> None:
        """Store ``record`` (the record first, then the index).

        ``expected`` (compare-and-set): the stored record's link this device read; when
        another tab stored another since, :class:`StaleError` and nothing is written.
        """
        if expected is not None:
            now = self.get(record.match_id)
            if now is not None and now.link != expected:
                raise StaleError()
        self.storage.set(self.key(record.match_id), record.to_json())
        ids = [record.match_id] + [i for i in self.ids() if i != record.match_id]
        self.storage.set(INDEX_KEY, json.dumps(ids))

    def broken(self) -> list[str]:
        """The ids in the index whose record is there but cannot be read (to set aside)."""
        return [i for i in self.ids() if self.storage.get(self.key(i)) is not None and self.get(i) is None]

    def set_aside(self, match_id: str) -> None:
        """Move an unreadable record out of the way (kept under ``<key>.aside``), off the index."""
        text = self.storage.get(self.key(match_id))
        if text is not None:
            self.storage.set(self.key(match_id) + ".aside", text)
            self.storage.remove(self.key(match_id))
        self.storage.set(INDEX_KEY, json.dumps([i for i in self.ids() if i != match_id]))

    def delete(self, match_id: str) -> bool:
        """Delete a finished match (True if deleted); a match still in play is kept."""
        record = self.get(match_id)
        if record is not None and record.status != "over":
            return False
        self.storage.remove(self.key(match_id))
        self.storage.set(INDEX_KEY, json.dumps([i for i in self.ids() if i != match_id]))
        return True

    def records(self) -> list[LinkRecord]:
        """Every readable record, the last played first."""
        found = (self.get(i) for i in self.ids())
        return [r for r in found if r is not None]


class StaleError(LinkError):
    """Another tab stored this match since this one read it: this tab must reload it, never overwrite."""

    def __init__(self) -> None:
        super().__init__("this match moved on in another tab: reload it here", STALE)


class NoSeatError(LinkError):
    """A link of a match whose seats are taken, opened on a device that keeps no secret for it.

    ``state`` is the match as the link has it (its record can still be exported).
    """

    def __init__(self, state: LinkState) -> None:
        super().__init__(
            "this device keeps no secret for this match:"
            " it lost its storage, or the match is between two other devices",
            NO_SECRET,
        )
        self.state = state


def _known(book: LinkBook, record: LinkRecord | None) -> History | None:
    """The history of ``record``'s match; ``None`` (the record set aside, kept) when its link does not decode."""
    if record is None:
        return None
    try:
        return decode_link(record.link)
    except LinkError:
        book.set_aside(record.match_id)
        return None


def _wants(match: Match, seat: int) -> bool:
    """True when the core waits for a decision of ``seat`` (a roll or a double, a play, an answer)."""
    game = match.game
    return not match.is_over and game.player_to_act == seat and game.phase in ("roll", "move", "double", "resign")


def _joining(state: LinkState) -> bool:
    """True for the friend's first link of a match where the cube counts (it promises as the invitation did)."""
    return len(state.history) == 1 and state.history.header.length != 1


class LinkSession:
    """One link match as this device plays it: ``seat``, the replayed ``state``, the seat's ``secret``."""

    def __init__(
        self, book: LinkBook, seat: int, state: LinkState, secret: bytes | None, stored: str | None = None
    ) -> None:
        self.book, self.seat, self.state, self.secret = book, seat, state, secret
        self.stored = stored
        """The link of the record as this session read or wrote it (compare-and-set)."""
        self.stored_json: str | None = None
        """The record as this session last wrote it (a ``storage`` event with another is another tab's)."""
        self.base = own_match(state, seat, secret)
        """The match as this seat sees it (its own roll made when due): where the player acts from."""

    # -- opening a match -------------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        book: LinkBook,
        length: int,
        *,
        time_ms: int,
        draw: Draw,
        crawford_rule: bool = True,
        allowance_hours: int = 0,
        names: tuple[str, str] = ("", ""),
    ) -> LinkSession:
        """A new match by link: this device takes seat 0 (the first link invites the friend).

        ``allowance_hours``: the time per move the link carries (0: none), shown, never enforced;
        ``names``: the players' names the link carries (``""``: none given).
        """
        secret = draw(16)
        state = start(
            draw(12), length, time_ms=time_ms, secret=secret, crawford_rule=crawford_rule,
            allowance_hours=allowance_hours, names=names, promise=length != 1,
        )  # fmt: skip
        session = cls(book, 0, state, secret)
        session.keep(time_ms)
        return session

    @classmethod
    def open(cls, book: LinkBook, text: str, *, time_ms: int, draw: Draw) -> LinkSession:
        """The match of link ``text`` on this device: :class:`LinkError` when refused (nothing stored then).

        A match this device knows goes on from its seat (an older or different link is
        refused); a match it has never seen takes the free seat when there is one. A
        bounded link (the last hand-over only) of a match this device does not have is
        refused (``link-no-history``: ask the friend for the full link).
        """
        reader = LinkReader(text)  # refused here when it is no link, cut, altered or too large
        match_id = reader.match_id.hex()
        record = book.get(match_id)
        known = _known(book, record)
        if record is not None and known is not None:
            # checked against the device's history (its seat first) before that history is replayed
            state = accept_link(reader, known, seat=record.seat, now_ms=time_ms)
            secret = bytes.fromhex(record.secret) if record.secret else None
            session = cls(book, record.seat, state, secret, record.link)
        elif reader.header is None:
            raise LinkError(
                f"this link carries the hand-overs after the first {reader.since} and this device has none of it"
                " (a new device, or cleared storage): ask your friend for the full link",
                NO_HISTORY,
            )
        elif reader.count != 1:  # a match whose seats are taken: shown (and exportable), not played here
            raise NoSeatError(read_link(reader))
        else:  # an invitation: this device takes seat 1
            state = accept_next(reader, LinkState.empty(reader.header), seat=1, now_ms=time_ms)
            session = cls(book, 1, state, None)
        session.auto(time_ms, draw)
        session.keep(time_ms)
        return session

    # -- state -----------------------------------------------------------------------------------
    @property
    def match_id(self) -> str:
        return match_id_of(self.state.history)

    @property
    def link(self) -> str:
        """The link to send: the hand-overs the friend lacks, after a digest of the past (short at any length)."""
        return self.state.offer(self.seat)

    @property
    def full_link(self) -> str:
        """The whole match as one link: for a friend whose device lacks the history (or this device's record)."""
        return encode_link(self.state.history)

    @property
    def my_turn(self) -> bool:
        """True when the match waits for this device (a decision, or a link to send)."""
        return self.state.waiting_for == self.seat

    @property
    def waiting_for_friend(self) -> bool:
        """True when the match waits for the other player's link."""
        return self.state.waiting_for == 1 - self.seat

    @property
    def last_time_ms(self) -> int:
        """When the last link was made (epoch ms, its sender's clock)."""
        return self.state.times[-1] if self.state.times else 0

    def keep(self, time_ms: int) -> None:
        """Store the seat, its secret and the link (the device's record of this match)."""
        secret = self.secret.hex() if self.secret is not None else None
        status = "over" if self.state.waiting_for is None else "yours" if self.my_turn else "theirs"
        length = self.state.history.header.length
        record = LinkRecord(self.match_id, self.seat, secret, self.full_link, time_ms, length, status)
        self.book.put(record, self.stored)
        self.stored = record.link
        self.stored_json = record.to_json()

    # -- handing over -----------------------------------------------------------------------------
    def _send(self, actions: tuple[LinkAction, ...], time_ms: int, draw: Draw, promise: bool = False) -> None:
        self.state, self.secret = hand_over(
            self.state, self.seat, actions, time_ms=time_ms, secret=self.secret, next_secret=draw(16),
            contribution=draw(16), promise=promise,
        )  # fmt: skip
        self.base = own_match(self.state, self.seat, self.secret)

    def auto(self, time_ms: int, draw: Draw) -> bool:
        """Hand over at once when the match waits for this device but asks it nothing (True if done).

        The friend's first link (taking the seat) promises, like the invitation, no double on
        the reply to the opening: whoever loses the opening then rolls as soon as he opens the
        link of the opening play (never a double then: the reply's roller is the underdog).
        """
        if not self.my_turn or _wants(self.base, self.seat):
            return False
        self._send((), time_ms, draw, promise=_joining(self.state))
        return True

    def played(self, after: Match, time_ms: int, draw: Draw, promise: bool = False) -> bool:
        """The player changed the match from :attr:`base` to ``after``: hand over once the turn passes.

        True when a new link was made (and stored). Mid-turn, nothing is sent: the steps
        stay on the page, the roll stays the one the secrets make. ``promise``: with a play
        that leaves the game on, or with a take (or beaver) of a double, the promise not to
        double on the next turn (the friend's reply, with his play, then brings the roll);
        ignored otherwise.
        """
        if after is self.base or _wants(after, self.seat):
            return False
        actions = actions_between(self.base, after)
        promise = promise and bool(actions) and actions[-1].kind in PROMISE_AFTER and not after.game.is_over
        self._send_kept(actions, time_ms, draw, promise)
        return True

    def _send_kept(self, actions: tuple[LinkAction, ...], time_ms: int, draw: Draw, promise: bool = False) -> None:
        """Send and store; when the store is refused (another tab moved on, storage full) nothing changes here."""
        before = (self.state, self.secret, self.base)
        self._send(actions, time_ms, draw, promise)
        try:
            self.keep(time_ms)
        except Exception:
            self.state, self.secret, self.base = before
            raise

    @property
    def can_rename(self) -> bool:
        """True while the friend may still name himself: his answer to the invitation is made, not yet answered."""
        return self.seat == 1 and len(self.state.history) == NAMING_ENTRY + 1

    def rename(self, name: str, time_ms: int) -> None:
        """The friend names himself (``""``: the invitation's name for his seat again) in his answer.

        His answer is made again with only the name changed: the same time, commitment and
        contribution, so the opening it brings is the same whichever of the two the friend's
        device reads first (the other is then refused as a different past). :class:`LinkError`
        when the answer was already answered, or the name is no name (nothing changes then).
        """
        if not self.can_rename:
            raise LinkError("a name is given only with the answer to the invitation, before it is answered", PROTOCOL)
        history = self.state.history
        answer = replace(history.entries[NAMING_ENTRY], name=name.strip())
        before = (self.state, self.base)
        self.state = replay(history.upto(NAMING_ENTRY)).extend(answer)
        self.base = own_match(self.state, self.seat, self.secret)
        try:
            self.keep(time_ms)
        except Exception:
            self.state, self.base = before
            raise

    def choose_roll(self, time_ms: int, draw: Draw) -> bool:
        """The player on roll, who could double, rolls: send that choice (the friend's reply brings the dice)."""
        game = self.base.game
        if not self.my_turn or game.phase != "roll" or game.turn != self.seat or not game.can_double():
            return False
        self._send_kept((LinkAction("roll"),), time_ms, draw)
        return True
