"""A :class:`~core.link.history.History` to a URL fragment and back: binary, versioned, checked, bounded.

The link text is ``#link=`` then base64url (no padding) of::

    version (1 byte) | mode (1: 0 plain, 1 zlib) | n (3 bytes) | payload (n bytes) | checksum (4 bytes)

Version 2's payload (see ``PROTOCOL.md``)::

    match id (12) | since (3) | since == 0: settings   | count (3) | count entries
                              | since  > 0: digest (32)

A link carries the entries from number ``since`` on: a **full link** (``since`` 0) carries
the match's settings and every entry; a **bounded link** carries only the entries the other
device lacks, after the :func:`chain_digest` of the ``since`` entries before them (which
binds the whole past: a device that holds it checks it, one that does not refuses the link
with :data:`~core.link.errors.NO_HISTORY`). Version 1 (the settings, then every entry) is
still read, as a full link. The settings byte of flags may say (``_H_ALLOWANCE``) that one
byte follows it, the hours allowed per move (1 to 168), and (``_H_NAMES``) that the players'
names follow (a byte of length then UTF-8, each). An entry's flag ``_B_NAME`` says that its
sender's name ends it (the same length byte and UTF-8): only the friend's first hand-over
(:data:`~core.link.history.NAMING_ENTRY`) may carry one.

``checksum`` is the start of a SHA-256 of everything before it; ``n`` tells a cut
link (:data:`~core.link.errors.TRUNCATED`) from an altered one
(:data:`~core.link.errors.CHECKSUM`). The payload is compressed with zlib only
when that makes it shorter. Decoding is bounded and canonical: at most
:data:`MAX_PAYLOAD` bytes once unpacked and :data:`MAX_ENTRIES` entries (both
:data:`~core.link.errors.TOO_LARGE`, found before any entry is built), the first bad
entry stops it, no bit or byte that encoding would not write (a ties list outside a
reveal, an empty one, bytes after the data).

>>> from core.link.history import Header, History, Entry
>>> history = History(Header(bytes(12), 3), (Entry(0, 5, commit=bytes(32)),))
>>> text = encode_link(history)
>>> text.startswith("#link="), decode_link(text) == history
(True, True)
>>> decode_link(text[:-6])
Traceback (most recent call last):
...
core.link.errors.LinkError: the link is cut: it ends 5 bytes early (copy the whole link)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from ..limits import MAX_MATCH_LENGTH
from .connect import split_live
from .derive import COMMIT_BYTES, CONTRIBUTION_BYTES, DOMAIN, SECRET_BYTES
from .errors import (
    CHECKSUM,
    FORKED,
    FORMAT,
    NO_HISTORY,
    OTHER_MATCH,
    PROTOCOL,
    TOO_LARGE,
    TRUNCATED,
    VERSION,
    LinkError,
)  # fmt: skip
from .history import (
    ACTION_KINDS,
    MATCH_ID_BYTES,
    MAX_ALLOWANCE_HOURS,
    NAMING_ENTRY,
    Entry,
    Header,
    History,
    LinkAction,
    name_problem,
)

__all__ = [
    "DIGEST_BYTES",
    "MAX_ENTRIES",
    "MAX_ENTRY_ACTIONS",
    "MAX_PAYLOAD",
    "PREFIX",
    "VERSION_1",
    "VERSION_2",
    "LinkPart",
    "LinkReader",
    "chain_digest",
    "chain_next",
    "chain_start",
    "decode_body",
    "decode_link",
    "decode_part",
    "encode_body",
    "encode_entry",
    "encode_header",
    "encode_link",
    "match_id_of",
]

PREFIX = "#link="
"""What a match link's fragment starts with."""
VERSION_1 = 1
"""The first link version: always the whole match (still read)."""
VERSION_2 = 2
"""The link version written: full or bounded links, names, the chain digest."""
MAX_PAYLOAD = 2 * 1024 * 1024
"""The most bytes a link's payload may hold once unpacked (2 MiB)."""
MAX_ENTRIES = 60_000
"""The most entries a match by link may hold (a 25-point match takes a few thousand)."""
DIGEST_BYTES = 32
"""Length of a chain digest (a whole SHA-256)."""
MAX_ENTRY_ACTIONS = 4
"""The most actions one entry may hold. The rules end a sender's say within an entry after at
most a decision to roll, one play, answer or resignation, the resignation of the match, and a
promise (the longest seen: a decision to roll, a backgammon resignation, the match's)."""
_MIN_ENTRY = 8  # flag byte, 6-byte time, action count
_CHECK = 4
_HEAD = 5  # version, mode, 3-byte length
_MAX_STEPS = 4
_B_SENDER, _B_REVEAL, _B_GIFT, _B_COMMIT, _B_TIES = 1, 2, 4, 8, 16
_B_NAME = 32  # the sender's name, last in the entry: only in the friend's first (NAMING_ENTRY)
_B_ALL = 63
_H_CRAWFORD, _H_JACOBY, _H_BEAVERS, _H_ALLOWANCE, _H_NAMES = 1, 2, 4, 8, 16


@dataclass(frozen=True, slots=True)
class LinkPart:
    """A link as decoded: the entries from number ``since`` on of match ``match_id``.

    A full link (``since`` 0) has the match's ``header``; a bounded one has ``digest``,
    the :func:`chain_digest` of the ``since`` entries before its own, instead.
    """

    match_id: bytes
    since: int
    digest: bytes
    header: Header | None
    entries: tuple[Entry, ...]

    @property
    def end(self) -> int:
        """How many entries the match has with this link's."""
        return self.since + len(self.entries)

    def joined(self, known: History | None, digest: bytes | None = None) -> History:
        """The whole history: ``known``'s first :attr:`since` entries, then the link's.

        :class:`LinkError`: another match (``OTHER_MATCH``); a bounded link and ``known``
        lacks its past (``NO_HISTORY``: ask for the full link); a past whose chain digest
        differs from ``known``'s (``FORKED``). ``digest``: ``known``'s chain digest at
        :attr:`since` when the caller has it (else computed).
        """
        if known is not None and known.header.match_id != self.match_id:
            raise LinkError("this link belongs to another match", OTHER_MATCH)
        if self.header is not None:
            return History(self.header, self.entries)
        if known is None or len(known) < self.since:
            have = "none of it" if known is None else f"{len(known)} of them"
            raise LinkError(
                f"this link carries the hand-overs after the first {self.since} and this device has {have}"
                " (a new device, or cleared storage): ask your friend for the full link",
                NO_HISTORY,
            )
        if (digest if digest is not None else chain_digest(known, self.since)) != self.digest:
            raise LinkError(
                f"the past this link builds on (the first {self.since} hand-overs) differs from this device's:"
                " the history was altered",
                FORKED,
            )
        return History(known.header, known.entries[: self.since] + self.entries)


def encode_header(header: Header) -> bytes:
    """The settings bytes of ``header`` (after the match id), as a full link writes them."""
    flags = (_H_CRAWFORD if header.crawford_rule else 0) | (_H_JACOBY if header.jacoby else 0)
    flags |= (_H_BEAVERS if header.beavers else 0) | (_H_ALLOWANCE if header.allowance_hours else 0)
    flags |= _H_NAMES if any(header.names) else 0
    out = bytearray([header.length, flags])
    if header.allowance_hours:
        out.append(header.allowance_hours)
    if any(header.names):
        for name in header.names:
            raw = name.encode("utf-8")
            out += bytes([len(raw)]) + raw
    return bytes(out)


def _encode_action(action: LinkAction) -> bytes:
    code = ACTION_KINDS.index(action.kind)
    if action.kind == "play":
        out = bytes([code | len(action.steps) << 4])
        return out + b"".join(bytes(step) for step in action.steps)
    if action.kind == "resign":
        return bytes([code | action.level << 4])
    return bytes([code])


def encode_entry(e: Entry) -> bytes:
    """The bytes of one entry (as a link writes it, and as the chain digest hashes it)."""
    bits = e.sender & 1
    bits |= (_B_REVEAL if e.reveal is not None else 0) | (_B_GIFT if e.contribution is not None else 0)
    bits |= (_B_COMMIT if e.commit is not None else 0) | (_B_TIES if e.ties else 0)
    bits |= _B_NAME if e.name else 0
    out = bytearray([bits]) + e.time_ms.to_bytes(6, "big")
    if e.reveal is not None:
        dice = e.dice or (1, 1)
        out += e.reveal + bytes([(dice[0] - 1) * 6 + dice[1] - 1])
        if e.ties:
            out += bytes([len(e.ties), *e.ties])
    out += bytes([len(e.actions)])
    for action in e.actions:
        out += _encode_action(action)
    if e.contribution is not None:
        out += e.contribution
    if e.commit is not None:
        out += e.commit
    if e.name:
        raw = e.name.encode("utf-8")
        out += bytes([len(raw)]) + raw
    return bytes(out)


def chain_start(header: Header) -> bytes:
    """The chain digest of a match with no entry: its id and settings."""
    return hashlib.sha256(DOMAIN + b"chain" + header.match_id + encode_header(header)).digest()


def chain_next(digest: bytes, entry: Entry) -> bytes:
    """The chain digest once ``entry`` follows the entries ``digest`` chains."""
    return hashlib.sha256(digest + encode_entry(entry)).digest()


def chain_digest(history: History, count: int | None = None) -> bytes:
    """The digest chaining the match's settings and its first ``count`` entries (all by default).

    ``d0 = SHA-256(DOMAIN "chain" ‖ match id ‖ settings)``, ``d(i+1) = SHA-256(d(i) ‖ entry i)``:
    equal digests mean the same past, entry by entry.

    >>> h = History(Header(bytes(12), 3), (Entry(0, 5, commit=bytes(32)),))
    >>> chain_digest(h, 0) != chain_digest(h) and len(chain_digest(h)) == 32
    True
    """
    digest = chain_start(history.header)
    for entry in history.entries[: len(history.entries) if count is None else count]:
        digest = chain_next(digest, entry)
    return digest


def encode_body(history: History, since: int = 0, digest: bytes | None = None) -> bytes:
    """The payload bytes of ``history`` from entry ``since`` on (before compression).

    >>> encode_body(History(Header(bytes(12), 1))).hex()
    '0000000000000000000000000000000101000000'
    """
    if not 0 <= since <= len(history):
        raise ValueError(f"since {since} outside 0..{len(history)}")
    head = history.header
    out = bytearray(head.match_id + since.to_bytes(3, "big"))
    if since == 0:
        out += encode_header(head)
    else:
        out += digest if digest is not None else chain_digest(history, since)
    out += (len(history) - since).to_bytes(3, "big")
    for e in history.entries[since:]:
        out += encode_entry(e)
    return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    @property
    def left(self) -> int:
        return len(self.data) - self.at

    def take(self, count: int, what: str) -> bytes:
        if self.at + count > len(self.data):
            raise LinkError(f"the link's data ends inside {what}", FORMAT)
        chunk = self.data[self.at : self.at + count]
        self.at += count
        return chunk

    def byte(self, what: str) -> int:
        return self.take(1, what)[0]


def _decode_action(reader: _Reader, where: str) -> LinkAction:
    head = reader.byte(where)
    code, extra = head & 15, head >> 4
    if code >= len(ACTION_KINDS):
        raise LinkError(f"{where}: unknown action code {code}", FORMAT)
    kind = ACTION_KINDS[code]
    if kind == "play":
        if extra > _MAX_STEPS:
            raise LinkError(f"{where}: a play of {extra} steps", FORMAT)
        raw = reader.take(2 * extra, where)
        return LinkAction("play", steps=tuple((raw[2 * i], raw[2 * i + 1]) for i in range(extra)))
    if kind == "resign":
        if not 1 <= extra <= 3:
            raise LinkError(f"{where}: a resignation of level {extra} (1 to 3)", FORMAT)
        return LinkAction("resign", level=extra)
    if extra:
        raise LinkError(f"{where}: stray bits in a {kind!r} action", FORMAT)
    return LinkAction(kind)


def _decode_name(reader: _Reader, seat: int) -> str:
    """A length byte, then that many bytes of UTF-8: player ``seat``'s name, checked as a name."""
    raw = reader.take(reader.byte("a player's name"), "a player's name")
    try:
        name = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LinkError(f"player {seat}'s name is not UTF-8", FORMAT) from exc
    problem = name_problem(name)
    if problem is not None:
        raise LinkError(f"player {seat}'s name: {problem}", FORMAT)
    return name


def _decode_names(reader: _Reader) -> tuple[str, str]:
    names = [_decode_name(reader, seat) for seat in (0, 1)]
    if not any(names):
        raise LinkError("a names field with no name in it", FORMAT)
    return names[0], names[1]


def _decode_header(reader: _Reader, match_id: bytes, version: int) -> Header:
    length, flags = reader.take(2, "the match settings")
    known = 31 if version >= VERSION_2 else 15
    if length > MAX_MATCH_LENGTH or flags > known:
        raise LinkError(f"match settings {length}/{flags} out of range", FORMAT)
    hours = reader.byte("the time per move") if flags & _H_ALLOWANCE else 0
    if flags & _H_ALLOWANCE and not 0 < hours <= MAX_ALLOWANCE_HOURS:
        raise LinkError(f"a time per move of {hours} h (1 to {MAX_ALLOWANCE_HOURS} expected)", FORMAT)
    names = _decode_names(reader) if flags & _H_NAMES else ("", "")
    return Header(
        match_id, length, bool(flags & _H_CRAWFORD), bool(flags & _H_JACOBY), bool(flags & _H_BEAVERS), hours, names
    )


def _decode_entry(reader: _Reader, index: int) -> Entry:
    where, sender = f"entry {index + 1}", index % 2
    bits = reader.byte(where)
    if bits > _B_ALL:
        raise LinkError(f"{where}: stray flag bits", FORMAT)
    if bits & _B_NAME and index != NAMING_ENTRY:
        raise LinkError(f"{where}: a name outside the friend's first hand-over (entry {NAMING_ENTRY + 1})", FORMAT)
    if bits & _B_SENDER != sender:  # entries alternate, player 0 first: entry i is player i % 2's
        raise LinkError(f"{where}: written as player {bits & _B_SENDER}'s, out of turn (player {sender}'s)", PROTOCOL)
    if bits & _B_TIES and not bits & _B_REVEAL:
        raise LinkError(f"{where}: tied dice without a roll", FORMAT)
    time_ms = int.from_bytes(reader.take(6, where), "big")
    reveal: bytes | None = None
    dice: tuple[int, int] | None = None
    ties: tuple[int, ...] = ()
    if bits & _B_REVEAL:
        reveal = reader.take(SECRET_BYTES, where)
        value = reader.byte(where)
        if value >= 36:
            raise LinkError(f"{where}: dice code {value} out of range", FORMAT)
        dice = (value // 6 + 1, value % 6 + 1)
        if bits & _B_TIES:
            ties = tuple(reader.take(reader.byte(where), where))
            if not ties or not all(1 <= t <= 6 for t in ties):
                raise LinkError(f"{where}: a list of tied dice that is empty or out of range", FORMAT)
    count = reader.byte(where)
    if count > MAX_ENTRY_ACTIONS:
        raise LinkError(f"{where}: {count} actions (at most {MAX_ENTRY_ACTIONS} in one hand-over)", FORMAT)
    actions = tuple(_decode_action(reader, where) for _ in range(count))
    gift = reader.take(CONTRIBUTION_BYTES, where) if bits & _B_GIFT else None
    commit = reader.take(COMMIT_BYTES, where) if bits & _B_COMMIT else None
    name = _decode_name(reader, sender) if bits & _B_NAME else ""
    if bits & _B_NAME and not name:
        raise LinkError(f"{where}: an empty name", FORMAT)
    return Entry(bits & 1, time_ms, reveal, dice, ties, actions, gift, commit, name)


class LinkReader:
    """A link opened and checked up to its entries, which :meth:`entries` reads one at a time.

    Everything before the entries is checked on creation (characters, canonical text, size,
    version, checksum, packing, match id, settings or digest, entry count), so a hostile link
    is refused before any entry is built; :meth:`entries` then refuses the first bad entry as
    it reads it (order, size, stray bits), before the next is read, and the bytes after the
    last. A caller that checks each entry as it comes (its seat, the rules) stops at the first
    wrong one: a refusal costs what was read up to it.

    >>> from core.link.history import Header, History, Entry
    >>> reader = LinkReader(encode_link(History(Header(bytes(12), 3), (Entry(0, 5, commit=bytes(32)),))))
    >>> reader.since, reader.count, reader.header.length, [e.time_ms for e in reader.entries()]
    (0, 1, 3, [5])
    """

    def __init__(self, text: str) -> None:
        version, data, packed = _unwrap(text)
        self._start(data, version, packed, check_packing=True)

    @classmethod
    def of_body(cls, data: bytes, version: int = VERSION_2) -> LinkReader:
        """A reader of payload bytes ``data`` (no link text around them: no checksum, no packing)."""
        reader = cls.__new__(cls)
        reader._start(data, version, None, check_packing=False)
        return reader

    def _start(self, data: bytes, version: int, packed: bytes | None, *, check_packing: bool) -> None:
        self._packed, self._check_packing = packed, check_packing
        self.version = version
        self._reader = reader = _Reader(data)
        self.match_id = reader.take(MATCH_ID_BYTES, "the match id")
        self.since = int.from_bytes(reader.take(3, "the entry number"), "big") if version >= VERSION_2 else 0
        self.header: Header | None = None
        self.digest = b""
        if self.since == 0:
            self.header = _decode_header(reader, self.match_id, self.version)
        else:
            self.digest = reader.take(DIGEST_BYTES, "the digest of the past")
        self.count = int.from_bytes(reader.take(3, "the entry count"), "big")
        if self.since + self.count > MAX_ENTRIES:
            raise LinkError(f"a match of {self.since + self.count} hand-overs (at most {MAX_ENTRIES})", TOO_LARGE)
        if self.count * _MIN_ENTRY > reader.left:  # checked before building any entry
            raise LinkError(f"{self.count} entries cannot fit in the link's {reader.left} bytes", FORMAT)
        self._read = False

    @property
    def end(self) -> int:
        """How many entries the match has with this link's."""
        return self.since + self.count

    def entries(self) -> Iterator[Entry]:
        """The link's entries, each checked as it is read; once (a reader is read through once)."""
        if self._read:
            raise ValueError("a LinkReader's entries are read once")
        self._read = True
        reader = self._reader
        for index in range(self.since, self.end):
            yield _decode_entry(reader, index)
        if reader.left:
            raise LinkError(f"{reader.left} bytes after the last entry", FORMAT)
        if self._check_packing:
            _check_packing(reader.data, self._packed)

    def part(self) -> LinkPart:
        """Every entry read: the link as a :class:`LinkPart`."""
        entries = tuple(self.entries())
        return LinkPart(self.match_id, self.since, self.digest, self.header, entries)


def _check_packing(body: bytes, packed: bytes | None) -> None:
    """Refuse a packing the encoder would not write: zlib (level 9) exactly when it is shorter."""
    best = zlib.compress(body, 9)
    if packed is None:
        if len(best) < len(body):
            raise LinkError("a link written unpacked where packing makes it shorter (not as a page writes it)", FORMAT)
    elif packed != best or len(packed) >= len(body):
        raise LinkError("the link's packed data is not as a page packs it (altered?)", FORMAT)


def decode_body(data: bytes) -> History:
    """The history in a full version-2 payload ``data``; :class:`LinkError` (``FORMAT``) when it does not parse.

    >>> decode_body(encode_body(History(Header(bytes(12), 5, jacoby=False)))).header.length
    5
    >>> decode_body(encode_body(History(Header(bytes(12), 5, allowance_hours=24)))).header.allowance_hours
    24
    """
    return _full(LinkReader.of_body(data).part())


def _full(part: LinkPart) -> History:
    if part.header is None:
        raise LinkError(
            f"this link carries only the hand-overs after the first {part.since}: the full link is needed here",
            NO_HISTORY,
        )
    return History(part.header, part.entries)


def _checksum(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()[:_CHECK]


def encode_link(history: History, since: int = 0, digest: bytes | None = None) -> str:
    """``history`` as a URL fragment (``#link=...``) carrying its entries from ``since`` on, compressed when that pays.

    ``since`` 0 makes the full link; a device sends the entries the other device lacks
    (:func:`core.link.protocol.acknowledged`); ``digest``: the chain digest at ``since``
    when the caller has it (:attr:`core.link.protocol.LinkState.digests`).
    """
    body = encode_body(history, since, digest)
    packed = zlib.compress(body, 9)
    mode, payload = (1, packed) if len(packed) < len(body) else (0, body)
    raw = bytes([VERSION_2, mode]) + len(payload).to_bytes(3, "big") + payload
    raw += _checksum(raw)
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


_MAX_TEXT = (MAX_PAYLOAD + _HEAD + _CHECK) * 4 // 3 + 4


def _raw(text: str) -> tuple[bytes, bool]:
    """The bytes of a link's text, and whether the text is exactly the one the encoder writes for them.

    The encoder writes base64url without padding, the unused bits of the last character zero;
    ``+``, ``/``, ``=``, other trailing bits, or one character past the last whole byte decode
    here and are refused by the caller once a cut or altered link was told apart.
    """
    fragment = text[text.index("#") :] if "#" in text else "#" + text
    if not fragment.startswith(PREFIX):
        raise LinkError("not a match link: no '#link=' in it", FORMAT)
    code = split_live(fragment)[0][len(PREFIX) :].strip()  # a connection field after it is no part of the link
    if len(code) > _MAX_TEXT:
        raise LinkError(f"a link of {len(code)} characters: more than a match link may hold", TOO_LARGE)
    given = code
    code = code.rstrip("=")
    if len(code) % 4 == 1:  # a cut in the middle of a byte: keep the whole bytes
        code = code[:-1]
    try:
        raw = base64.b64decode(code + "=" * (-len(code) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError) as exc:
        raise LinkError("the link holds characters a match link never has (was it altered?)", FORMAT) from exc
    return raw, base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") == given


def _unpack(payload: bytes) -> bytes:
    unpacker = zlib.decompressobj()
    try:
        out = unpacker.decompress(payload, MAX_PAYLOAD + 1)
    except zlib.error as exc:
        raise LinkError("the link's compressed data does not unpack", FORMAT) from exc
    if len(out) > MAX_PAYLOAD or unpacker.unconsumed_tail:
        raise LinkError(f"the link unpacks to more than {MAX_PAYLOAD} bytes", TOO_LARGE)
    if not unpacker.eof:
        raise LinkError("the link's compressed data ends early", FORMAT)
    if unpacker.unused_data:
        raise LinkError(f"{len(unpacker.unused_data)} bytes after the link's compressed data", FORMAT)
    return out


def decode_part(text: str) -> LinkPart:
    """What a link (a whole URL or its fragment) carries, full or bounded; :class:`LinkError` says what is wrong.

    >>> decode_part("#link=AQ")
    Traceback (most recent call last):
    ...
    core.link.errors.LinkError: the link is cut: it ends 8 bytes early (copy the whole link)
    """
    return LinkReader(text).part()


def _unwrap(text: str) -> tuple[int, bytes, bytes | None]:
    """A link's version, its payload unpacked, and the packed bytes (``None``: written unpacked)."""
    raw, canonical = _raw(text)
    if raw and raw[0] not in (VERSION_1, VERSION_2):
        raise LinkError(f"link version {raw[0]}: this page reads versions 1 and 2 only", VERSION)
    size = int.from_bytes(raw[2:_HEAD], "big") if len(raw) >= _HEAD else 0
    if size > MAX_PAYLOAD:
        raise LinkError(f"a link of {size} bytes: more than a match link may hold", TOO_LARGE)
    need = _HEAD + size + _CHECK
    if len(raw) < need:
        raise LinkError(f"the link is cut: it ends {need - len(raw)} bytes early (copy the whole link)", TRUNCATED)
    if len(raw) > need or _checksum(raw[:-_CHECK]) != raw[-_CHECK:]:
        raise LinkError("the link's checksum does not match: it was altered or copied wrong", CHECKSUM)
    if not canonical:
        raise LinkError("the link's text is not as a page writes it (padding, '+', '/' or stray bits)", FORMAT)
    mode, payload = raw[1], raw[_HEAD:-_CHECK]
    if mode == 1:
        return raw[0], _unpack(payload), payload
    if mode == 0:
        return raw[0], payload, None
    raise LinkError(f"unknown packing {mode}", FORMAT)


def decode_link(text: str) -> History:
    """The whole history in a full link; :class:`LinkError` says what is wrong (``NO_HISTORY`` for a bounded one).

    >>> decode_link("#link=AQ")
    Traceback (most recent call last):
    ...
    core.link.errors.LinkError: the link is cut: it ends 8 bytes early (copy the whole link)
    """
    return _full(decode_part(text))


def match_id_of(history: History | LinkPart) -> str:
    """The match id as text (hex), the key a device files the match under.

    >>> match_id_of(History(Header(bytes(range(12)), 1)))
    '000102030405060708090a0b'
    """
    if isinstance(history, LinkPart):
        return history.match_id.hex()
    return history.header.match_id.hex()
