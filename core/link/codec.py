"""A :class:`~core.link.history.History` to a URL fragment and back: binary, versioned, checked.

The link text is ``#link=`` then base64url (no padding) of::

    version (1 byte) | mode (1: 0 plain, 1 zlib) | n (3 bytes) | payload (n bytes) | checksum (4 bytes)

The payload's header byte of flags may say (``_H_ALLOWANCE``) that one byte follows it,
the hours allowed per move (1 to 168); a link without it (every link made before the
allowance existed) has none, so old links stay readable without a version change.

``checksum`` is the start of a SHA-256 of everything before it; ``n`` tells a cut
link (:data:`~core.link.errors.TRUNCATED`) from an altered one
(:data:`~core.link.errors.CHECKSUM`). The payload is compressed with zlib only
when that makes it shorter.

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

from ..limits import MAX_MATCH_LENGTH
from .derive import COMMIT_BYTES, CONTRIBUTION_BYTES, SECRET_BYTES
from .errors import CHECKSUM, FORMAT, TRUNCATED, VERSION, LinkError
from .history import ACTION_KINDS, MATCH_ID_BYTES, MAX_ALLOWANCE_HOURS, Entry, Header, History, LinkAction

__all__ = ["PREFIX", "VERSION_1", "decode_body", "decode_link", "encode_body", "encode_link", "match_id_of"]

PREFIX = "#link="
"""What a match link's fragment starts with."""
VERSION_1 = 1
"""The only link version so far."""
_CHECK = 4
_HEAD = 5  # version, mode, 3-byte length
_MAX_STEPS = 4
_B_SENDER, _B_REVEAL, _B_GIFT, _B_COMMIT, _B_TIES = 1, 2, 4, 8, 16
_H_CRAWFORD, _H_JACOBY, _H_BEAVERS, _H_ALLOWANCE = 1, 2, 4, 8


def _encode_action(action: LinkAction) -> bytes:
    code = ACTION_KINDS.index(action.kind)
    if action.kind == "play":
        out = bytes([code | len(action.steps) << 4])
        return out + b"".join(bytes(step) for step in action.steps)
    if action.kind == "resign":
        return bytes([code | action.level << 4])
    return bytes([code])


def encode_body(history: History) -> bytes:
    """The payload bytes of ``history`` (before compression).

    >>> encode_body(History(Header(bytes(12), 1))).hex()
    '0000000000000000000000000101000000'
    """
    head = history.header
    flags = (_H_CRAWFORD if head.crawford_rule else 0) | (_H_JACOBY if head.jacoby else 0)
    flags |= (_H_BEAVERS if head.beavers else 0) | (_H_ALLOWANCE if head.allowance_hours else 0)
    hours = bytes([head.allowance_hours]) if head.allowance_hours else b""
    out = bytearray(head.match_id + bytes([head.length, flags]) + hours + len(history.entries).to_bytes(3, "big"))
    for e in history.entries:
        bits = e.sender & 1
        bits |= (_B_REVEAL if e.reveal is not None else 0) | (_B_GIFT if e.contribution is not None else 0)
        bits |= (_B_COMMIT if e.commit is not None else 0) | (_B_TIES if e.ties else 0)
        out += bytes([bits]) + e.time_ms.to_bytes(6, "big")
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
    return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

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
        return LinkAction("resign", level=extra)
    if extra:
        raise LinkError(f"{where}: stray bits in a {kind!r} action", FORMAT)
    return LinkAction(kind)


def decode_body(data: bytes) -> History:
    """The history in payload ``data``; :class:`LinkError` (``FORMAT``) when it does not parse.

    >>> decode_body(encode_body(History(Header(bytes(12), 5, jacoby=False)))).header.length
    5
    >>> decode_body(encode_body(History(Header(bytes(12), 5, allowance_hours=24)))).header.allowance_hours
    24
    """
    reader = _Reader(data)
    match_id = reader.take(MATCH_ID_BYTES, "the match id")
    length, flags = reader.take(2, "the match settings")
    if length > MAX_MATCH_LENGTH or flags > 15:
        raise LinkError(f"match settings {length}/{flags} out of range", FORMAT)
    hours = reader.byte("the time per move") if flags & _H_ALLOWANCE else 0
    if flags & _H_ALLOWANCE and not 0 < hours <= MAX_ALLOWANCE_HOURS:
        raise LinkError(f"a time per move of {hours} h (1 to {MAX_ALLOWANCE_HOURS} expected)", FORMAT)
    header = Header(
        match_id, length, bool(flags & _H_CRAWFORD), bool(flags & _H_JACOBY), bool(flags & _H_BEAVERS), hours
    )
    count = int.from_bytes(reader.take(3, "the entry count"), "big")
    entries: list[Entry] = []
    for index in range(count):
        where = f"entry {index + 1}"
        bits = reader.byte(where)
        if bits > 31:
            raise LinkError(f"{where}: stray flag bits", FORMAT)
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
        actions = tuple(_decode_action(reader, where) for _ in range(reader.byte(where)))
        gift = reader.take(CONTRIBUTION_BYTES, where) if bits & _B_GIFT else None
        commit = reader.take(COMMIT_BYTES, where) if bits & _B_COMMIT else None
        entries.append(Entry(bits & 1, time_ms, reveal, dice, ties, actions, gift, commit))
    if reader.at != len(data):
        raise LinkError(f"{len(data) - reader.at} bytes after the last entry", FORMAT)
    return History(header, tuple(entries))


def _checksum(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()[:_CHECK]


def encode_link(history: History) -> str:
    """``history`` as a URL fragment (``#link=...``), compressed when that pays."""
    body = encode_body(history)
    packed = zlib.compress(body, 9)
    mode, payload = (1, packed) if len(packed) < len(body) else (0, body)
    raw = bytes([VERSION_1, mode]) + len(payload).to_bytes(3, "big") + payload
    raw += _checksum(raw)
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _raw(text: str) -> bytes:
    fragment = text[text.index("#") :] if "#" in text else "#" + text
    if not fragment.startswith(PREFIX):
        raise LinkError("not a match link: no '#link=' in it", FORMAT)
    code = fragment[len(PREFIX) :].strip()
    if len(code) % 4 == 1:  # a cut in the middle of a byte: keep the whole bytes
        code = code[:-1]
    try:
        return base64.b64decode(code + "=" * (-len(code) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError) as exc:
        raise LinkError("the link holds characters a match link never has (was it altered?)", FORMAT) from exc


def decode_link(text: str) -> History:
    """The history in a link (a whole URL or its fragment); :class:`LinkError` says what is wrong.

    >>> decode_link("#link=AQ")
    Traceback (most recent call last):
    ...
    core.link.errors.LinkError: the link is cut: it ends 8 bytes early (copy the whole link)
    """
    raw = _raw(text)
    if raw and raw[0] != VERSION_1:
        raise LinkError(f"link version {raw[0]}: this page reads version {VERSION_1} only", VERSION)
    size = int.from_bytes(raw[2:_HEAD], "big") if len(raw) >= _HEAD else 0
    need = _HEAD + size + _CHECK
    if len(raw) < need:
        raise LinkError(f"the link is cut: it ends {need - len(raw)} bytes early (copy the whole link)", TRUNCATED)
    if len(raw) > need or _checksum(raw[:-_CHECK]) != raw[-_CHECK:]:
        raise LinkError("the link's checksum does not match: it was altered or copied wrong", CHECKSUM)
    mode, payload = raw[1], raw[_HEAD:-_CHECK]
    if mode == 1:
        try:
            payload = zlib.decompress(payload)
        except zlib.error as exc:
            raise LinkError("the link's compressed data does not unpack", FORMAT) from exc
    elif mode != 0:
        raise LinkError(f"unknown packing {mode}", FORMAT)
    return decode_body(payload)


def match_id_of(history: History) -> str:
    """The match id as text (hex), the key a device files the match under.

    >>> match_id_of(History(Header(bytes(range(12)), 1)))
    '000102030405060708090a0b'
    """
    return history.header.match_id.hex()
