"""Saving the match in the browser's localStorage, without ever losing a save.

Pure: the storage is anything with ``get(key) -> str | None`` and ``set(key, value)``
(the page wraps ``window.localStorage``; the tests use a dict), so every rule below
runs under CPython.

Keys:

* ``videau.match``: the match, exactly :func:`core.state.to_json` while no game is
  archived; then :func:`core.state.session_to_json`: the games not yet archived (normally
  the current one), compact. Rewritten at every step, so it stays small.
* ``videau.archive.<n>`` (``n`` from 0): the session's finished game ``n``
  (:func:`core.state.game_to_json`), written once when the game is over and never
  rewritten. Loading reads none of them; :meth:`MatchStore.whole_match` reads them on
  demand (replay, export), replaying them through the rules.
* ``videau.match.rev``: a revision counter, raised by one at every save. A tab saves
  only when the revision and the text in storage are still the ones it last read or
  wrote (compare and set); otherwise another tab changed the match, and it reloads
  instead of overwriting.
* ``videau.match.broken`` (then ``.broken.2`` ...): a save that could not be read,
  copied there as it was; it is never overwritten nor deleted. When the copy cannot be
  made (storage full), the broken save stays in ``videau.match``, held, and only the
  player's explicit consent (:meth:`MatchStore.start_fresh` with ``discard=True``, after
  the page offered the download) lets a new match be written over it.
* ``videau.lang``, ``videau.options``, ``videau.opponent``: the language, the options, the computer.

>>> store = MatchStore(MemoryStorage())
>>> store.load().status
'empty'
>>> from core.match import Match
>>> store.save(Match.new(3)), store.rev
('saved', 1)
>>> other_tab = MatchStore(store.storage)
>>> other_tab.load().status, other_tab.save(Match.new(5)), other_tab.rev
('ok', 'saved', 2)
>>> store.save(Match.new(7))  # this tab is behind: it must not overwrite
'conflict'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Literal, Protocol

from app.page.storage.storage_keys import (
    ARCHIVE_KEY,
    BROKEN_KEY,
    MATCH_KEY,
    MAX_PREFERENCE_CHARS,
    OUR_PREFIXES,
    REV_KEY,
)
from app.text import DEFAULT_LANG, LANGS, detect_lang
from core.clock import Clock
from core.errors import InvalidStateError
from core.jsontext import read_json
from core.match import Match
from core.state import game_to_json, join_session, read_session, session_to_json, to_json

MAX_BROKEN = 50
BUDGET_CHARS = 5_000_000
"""A conservative storage budget: browsers allow about 5 million characters per site."""
WARN_SHARE = 0.7
"""Warn the player once our keys use this share of :data:`BUDGET_CHARS`."""

LoadStatus = Literal["ok", "empty", "broken"]
SaveStatus = Literal["saved", "conflict", "held"]


class Storage(Protocol):
    """What :class:`MatchStore` needs of localStorage."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def names(self) -> list[str]: ...


def archive_key(index: int) -> str:
    """The key of the session's finished game ``index`` (from 0).

    >>> archive_key(0), archive_key(12)
    ('videau.archive.0', 'videau.archive.12')
    """
    return f"{ARCHIVE_KEY}.{index}"


def usage(storage: Storage) -> int:
    """Characters used by our keys (names and values), the embeds' cache included.

    >>> usage(MemoryStorage({"videau.match": "12345", "other": "x" * 99}))
    17
    """
    total = 0
    for key in storage.names():
        if key.startswith(OUR_PREFIXES):
            total += len(key) + len(storage.get(key) or "")
    return total


class MemoryStorage:
    """A dict behind the :class:`Storage` protocol (tests, and the page when storage is disabled)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def names(self) -> list[str]:
        return list(self.items)


class QuotaExceededError(Exception):
    """What :class:`FullStorage` raises, like the browser's ``QuotaExceededError``."""


class FullStorage(MemoryStorage):
    """A :class:`MemoryStorage` that holds at most ``capacity`` characters (keys and values), like a quota.

    >>> storage = FullStorage(capacity=10)
    >>> storage.set("a", "123")
    >>> storage.set("b", "1234567")
    Traceback (most recent call last):
    ...
    app.page.storage.match_store.QuotaExceededError: storage full: 'b' needs 8 characters, 6 free
    """

    def __init__(self, items: dict[str, str] | None = None, *, capacity: int) -> None:
        super().__init__(items)
        self.capacity = capacity

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.items.items())

    def set(self, key: str, value: str) -> None:
        old = self.items.get(key)
        free = self.capacity - self.used() + (0 if old is None else len(key) + len(old))
        if len(key) + len(value) > free:
            raise QuotaExceededError(f"storage full: {key!r} needs {len(key) + len(value)} characters, {free} free")
        self.items[key] = value


def parse_rev(text: str | None) -> int:
    """The revision counter as stored (0 when absent or unreadable).

    >>> parse_rev("12"), parse_rev(None), parse_rev("x")
    (12, 0, 0)
    """
    if text is None:
        return 0
    try:
        return max(int(text), 0)
    except ValueError:
        return 0


@dataclass(frozen=True, slots=True)
class LoadResult:
    """What was found in storage: a ``match`` (``ok``), nothing (``empty``), or ``broken`` text.

    For a broken save, ``text`` is the raw text, ``error`` says why it could not be
    read, and ``kept_as`` names the key it was copied to: empty when the copy could not
    be made (the page must then not say it was kept elsewhere).
    """

    status: LoadStatus
    match: Match | None = None
    text: str = ""
    error: str = ""
    kept_as: str = ""


class MatchStore:
    """The match's slot in storage, for one tab.

    ``held`` is True while a broken save waits for the player's decision: nothing is
    written over it until :meth:`start_fresh`.

    The match this tab holds starts at the session's game ``base`` (the games before it
    are archived, and were not loaded); ``archived`` games are in ``videau.archive.*``;
    ``stored_archived`` is the count the save in storage refers to.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.rev = 0
        self.text: str | None = None
        self.held = False
        self.base = 0
        self.archived = 0
        self.stored_archived = 0
        self.writes: list[str] = []
        """The keys written by the last :meth:`save` (what a step costs)."""
        self.clock: Clock | None = None
        """The match's clock as the last :meth:`load` found it, held (``None``: no clock, or a new match)."""
        self.saved: Match | None = None
        """The match :attr:`text` stands for (from game :attr:`base`): what was last read or written here."""

    def load(self) -> LoadResult:
        """Read the saved match; a broken save is kept under another key and held."""
        text = self.storage.get(MATCH_KEY)
        rev = parse_rev(self.storage.get(REV_KEY))
        if text is None:
            self.rev, self.text, self.held, self.saved = rev, None, False, None
            return LoadResult("empty")
        try:
            session = read_session(text)
        except Exception as exc:  # any failure to read is reported, never fatal
            self.held = True
            return LoadResult("broken", text=text, error=str(exc) or type(exc).__name__, kept_as=self._keep(text))
        self.rev, self.text, self.held, self.saved = rev, text, False, session.match
        self.base = self.archived = self.stored_archived = session.archived
        self.clock = session.clock
        return LoadResult("ok", match=session.match, text=text)

    def peek(self) -> tuple[Match, int] | None:
        """The saved match and its count of archived games, read without changing anything here
        (``None``: nothing saved, or a save that cannot be read). What a new match would replace
        while the page shows another one (a match by link).

        >>> store = MatchStore(MemoryStorage())
        >>> store.peek() is None, store.save(Match.new(3).opening_with(3, 1)), store.peek()[1]
        (True, 'saved', 0)
        """
        text = self.storage.get(MATCH_KEY)
        if text is None:
            return None
        try:
            session = read_session(text)
        except Exception:  # unreadable: the start-up's recovery panel deals with it, not a question here
            return None
        return session.match, session.archived

    def _keep(self, text: str) -> str:
        """Copy a broken save to the first ``videau.match.broken*`` key that is free or holds it already."""
        for i in range(1, MAX_BROKEN + 1):
            key = BROKEN_KEY if i == 1 else f"{BROKEN_KEY}.{i}"
            there = self.storage.get(key)
            if there == text:
                return key
            if there is None:
                try:
                    self.storage.set(key, text)
                except Exception:  # storage full: the text stays in MATCH_KEY, held
                    return ""
                return key
        return ""

    def is_current(self) -> bool:
        """True when storage still holds what this tab last read or wrote."""
        return self.storage.get(MATCH_KEY) == self.text and parse_rev(self.storage.get(REV_KEY)) == self.rev

    def save(self, match: Match, clock: Clock | None = None) -> SaveStatus:
        """Write ``match`` (and its ``clock``, held) unless another tab changed the slot (``conflict``)
        or a broken save is ``held``.

        ``match`` starts at the session's game :attr:`base`. The finished games not yet
        archived go to their own keys first (once each); then the main key gets the rest:
        a step writes only the main key and the revision, whatever the session's length.
        """
        self.writes = []
        if self.held:
            return "held"
        if not self.is_current():
            return "conflict"
        current = self.base + len(match.games) - 1  # the session's index of the current game
        if self.stored_archived == self.archived:  # the save in storage is this session's
            while self.archived < current:
                key = archive_key(self.archived)
                try:
                    self.storage.set(key, game_to_json(match, self.archived - self.base))
                except Exception:  # storage full: the game stays in the main save
                    break
                self.writes.append(key)
                self.archived += 1
        # version 1, as before, while nothing is archived
        archived = self.archived
        text = session_to_json(match, archived - self.base, archived, clock) if archived else to_json(match, clock)
        if text == self.text:
            self.saved = match
            return "saved"
        rev = self.rev + 1
        self.storage.set(MATCH_KEY, text)
        self.storage.set(REV_KEY, str(rev))
        self.writes += [MATCH_KEY, REV_KEY]
        self.rev, self.text, self.saved = rev, text, match
        for index in range(self.archived, self.stored_archived):  # a previous session's games
            self.storage.remove(archive_key(index))
        self.stored_archived = self.archived
        return "saved"

    def new_match(self) -> None:
        """This tab's match is now a new one: it starts at game 0, has nothing archived and no clock yet."""
        self.base = self.archived = 0
        self.clock = None

    def whole_match(self, match: Match) -> Match:
        """The whole session: the archived games read now, then ``match`` (from game :attr:`base`).

        Every game is replayed through the rules; a missing or changed archived game raises
        :class:`~core.errors.InvalidStateError` naming it.
        """
        if self.base == 0:
            return match
        texts = []
        for index in range(self.base):
            text = self.storage.get(archive_key(index))
            if text is None:
                raise InvalidStateError(f"saved state: archived game {index + 1} ({archive_key(index)}) is missing")
            texts.append(text)
        return join_session(session_to_json(match, 0, self.base), texts)

    def start_fresh(self, *, discard: bool = False) -> bool:
        """The player chose to start again: let the next save replace what is there.

        A held broken save is copied aside first (tried again: space may have been freed).
        When that copy cannot be made, nothing changes and the answer is False, unless
        ``discard``: the player, offered the download, agreed to lose it.

        >>> full = FullStorage({MATCH_KEY: "{oops"}, capacity=0)
        >>> store = MatchStore(full)
        >>> store.load().kept_as, store.start_fresh(), store.held
        ('', False, True)
        >>> store.start_fresh(discard=True), store.held
        (True, False)
        """
        text = self.storage.get(MATCH_KEY)
        if text is not None and self.held and not self._keep(text) and not discard:
            return False
        self.text, self.saved = text, None
        self.rev = parse_rev(self.storage.get(REV_KEY))
        self.held = False
        self.base = self.archived = self.stored_archived = 0  # a broken save's archived games are left alone
        return True


# -- options and language --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Options:
    """The player's options (saved under ``videau.options``).

    >>> Options.from_json('{"auto_confirm": true, "junk": 1}')
    Options(auto_confirm=True, auto_forced=False, flipped=False, bot_fast=False)
    >>> Options.from_json("not json")
    Options(auto_confirm=False, auto_forced=False, flipped=False, bot_fast=False)
    """

    auto_confirm: bool = False
    auto_forced: bool = False
    flipped: bool = False
    bot_fast: bool = False
    """The computer plays without pausing between its steps."""

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> Options:
        try:
            data = read_json(text, "options", max_chars=MAX_PREFERENCE_CHARS) if text else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        values = {f.name: data[f.name] for f in fields(cls) if isinstance(data.get(f.name), bool)}
        return cls(**values)


def choose_lang(url_lang: str | None, stored: str | None, browser: Iterable[str] | str | None) -> str:
    """The page's language: ``?lang=``, else the one chosen before, else the browser's.

    >>> choose_lang("fr", "en", ["en-US"]), choose_lang(None, "fr", ["en"]), choose_lang("xx", None, ["fr-BE"])
    ('fr', 'fr', 'fr')
    >>> choose_lang(None, None, None)
    'en'
    """
    for candidate in (url_lang, stored):
        if candidate is not None and candidate.strip().lower() in LANGS:
            return candidate.strip().lower()
    return detect_lang(browser) if browser is not None else DEFAULT_LANG
