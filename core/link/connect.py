"""Connection data for live play: the few fields of a WebRTC offer or answer, packed small for a link.

Two browsers open a data channel between them once each has the other's session description.
Of a data channel's description, only a handful of fields differ from one connection to the
next: the ICE user fragment and password, the DTLS certificate's SHA-256 fingerprint, the DTLS
role (``setup``) and the candidates (the addresses where a device can be reached). The rest is
the same text for every data channel, which :func:`format_sdp` writes again. All candidates are
gathered before the description is packed (no trickle): one message each way.

The packed text rides after a match link, in its own field: ``#link=<link>&live=<connection>``
(:func:`split_live`, :func:`join_live`). The link codec ignores the field: it is not part of the
match (not in the chain digest, not stored), only a way for the two devices to find each other.

Binary layout, then base64url without padding (one text per value, :func:`decode_connect`
refuses any other)::

    version (1) | flags (1: bit 0 answer, bits 1-2 setup) | ufrag (1 + n) | pwd (1 + n)
    | fingerprint (32) | count (1) | count candidates

    candidate: head (1: bits 0-1 type, bit 2 tcp, bits 3-4 tcptype, bits 5-6 address kind)
               | priority (4) | port (2) | address (4 IPv4, 16 IPv6, 16 the UUID of an mDNS name)

Decoding is bounded (at most :data:`MAX_TEXT` characters, :data:`MAX_CANDIDATES` candidates) and
strict: a value out of range, a byte too many or too few is refused with a
:class:`ConnectError` naming it. A hostile field can make the connection fail (the match then goes
on by links), never more: the data channel's own encryption (DTLS) checks the fingerprint.

>>> c = Connect("offer", "abcd", "p" * 24, bytes(32), "actpass", (Candidate("192.168.1.5", 50000, 2122260223),))
>>> text = encode_connect(c)
>>> len(text), decode_connect(text) == c
(102, True)
>>> split_live(join_live("#link=AAAA", text)) == ("#link=AAAA", text)
True
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import uuid
from dataclasses import dataclass

from ..errors import BackgammonError, quote

__all__ = [
    "FIELD",
    "MAX_CANDIDATES",
    "MAX_TEXT",
    "Candidate",
    "Connect",
    "ConnectError",
    "decode_connect",
    "encode_connect",
    "format_sdp",
    "join_live",
    "parse_sdp",
    "split_live",
]

FIELD = "&live="
"""What separates a match link from the connection data that follows it in the address."""
VERSION = 1
"""The version of the packed connection data."""
MAX_CANDIDATES = 8
"""The most candidates packed (the highest priorities are kept): a device has a few addresses."""
MAX_ICE_CHARS = 64
"""The longest ICE user fragment or password packed (browsers write 4-32 and 22-32 characters)."""
MAX_TEXT = 4 * (2 + 2 * (1 + MAX_ICE_CHARS) + 32 + 1 + MAX_CANDIDATES * 23) // 3 + 4
"""The most characters of packed connection data read (the largest value :func:`encode_connect` can write)."""
ROLES = ("offer", "answer")
SETUPS = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
TCPTYPES = ("", "active", "passive", "so")
_ADDRESS_BYTES = (4, 16, 16)  # IPv4, IPv6, mDNS name (a UUID, then ".local")
_FINGERPRINT_BYTES = 32
_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")
_MDNS = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local")
_MID = "0"  # the one media section of a data channel (what browsers write)


class ConnectError(BackgammonError):
    """Connection data that cannot be read or packed; the message names what is wrong."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "live-connect")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One address where a device may be reached: ``address`` (IPv4, IPv6 or ``<uuid>.local``) and ``port``.

    ``kind``: host (the device's own address), srflx (as a STUN server saw it), prflx, relay;
    ``transport``: udp or tcp (then ``tcptype``). ``priority``: the ICE priority (higher first).
    """

    address: str
    port: int
    priority: int
    kind: str = "host"
    transport: str = "udp"
    tcptype: str = ""

    def __post_init__(self) -> None:
        _address_kind(self.address)
        if not 1 <= self.port <= 0xFFFF:
            raise ConnectError(f"a candidate's port {self.port} (1 to 65535)")
        if not 0 <= self.priority <= 0xFFFFFFFF:
            raise ConnectError(f"a candidate's priority {self.priority} (0 to 2^32-1)")
        if self.kind not in TYPES:
            raise ConnectError(f"a candidate of type {quote(self.kind)} ({', '.join(TYPES)})")
        if self.transport not in ("udp", "tcp") or (self.transport == "tcp") != (self.tcptype != ""):
            raise ConnectError(f"a candidate over {quote(self.transport)} with tcptype {quote(self.tcptype)}")
        if self.tcptype not in TCPTYPES:
            raise ConnectError(f"a candidate's tcptype {quote(self.tcptype)}")


@dataclass(frozen=True, slots=True)
class Connect:
    """What one device tells the other to open a data channel: an ``offer`` or the ``answer`` to one.

    >>> Connect("answer", "abcd", "p" * 24, bytes(32), "actpass", ())
    Traceback (most recent call last):
    ...
    core.link.connect.ConnectError: an answer with setup 'actpass' (active or passive)
    """

    role: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    setup: str
    candidates: tuple[Candidate, ...] = ()

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ConnectError(f"a role {quote(self.role)} (offer or answer)")
        if self.role == "offer" and self.setup != "actpass":
            raise ConnectError(f"an offer with setup {quote(self.setup)} (actpass)")
        if self.role == "answer" and self.setup not in ("active", "passive"):
            raise ConnectError(f"an answer with setup {quote(self.setup)} (active or passive)")
        for what, value, low in (("user fragment", self.ufrag, 4), ("password", self.pwd, 22)):
            if not low <= len(value) <= MAX_ICE_CHARS or not _ICE_CHARS.fullmatch(value):
                raise ConnectError(f"an ICE {what} {quote(value)} ({low} to {MAX_ICE_CHARS} of A-Z a-z 0-9 + /)")
        if len(self.fingerprint) != _FINGERPRINT_BYTES:
            raise ConnectError(f"a fingerprint of {len(self.fingerprint)} bytes (a SHA-256: 32)")
        if len(self.candidates) > MAX_CANDIDATES:
            raise ConnectError(f"{len(self.candidates)} candidates (at most {MAX_CANDIDATES})")

    @property
    def key(self) -> str:
        """What tells this offer or answer from another: its ICE user fragment and password."""
        return f"{self.ufrag}:{self.pwd}"


def _address_kind(address: str) -> int:
    """0 IPv4, 1 IPv6, 2 an mDNS name (``<uuid>.local``, as browsers hide local addresses)."""
    if _MDNS.fullmatch(address):
        return 2
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise ConnectError(f"a candidate address {quote(address)} (IPv4, IPv6 or <uuid>.local)") from None
    if str(ip) != address:
        raise ConnectError(f"a candidate address {quote(address)} not written as {ip}")
    return 0 if ip.version == 4 else 1


def _address_bytes(address: str, kind: int) -> bytes:
    if kind == 2:
        return uuid.UUID(address[:36]).bytes
    return ipaddress.ip_address(address).packed


def _address_text(raw: bytes, kind: int) -> str:
    if kind == 2:
        return f"{uuid.UUID(bytes=raw)}.local"
    return str(ipaddress.ip_address(raw))


def encode_connect(connect: Connect) -> str:
    """``connect`` packed as base64url text (no padding), the ``&live=`` field of a link."""
    out = bytearray([VERSION, ROLES.index(connect.role) | SETUPS.index(connect.setup) << 1])
    for value in (connect.ufrag, connect.pwd):
        out += bytes([len(value)]) + value.encode("ascii")
    out += connect.fingerprint + bytes([len(connect.candidates)])
    for c in connect.candidates:
        kind = _address_kind(c.address)
        head = TYPES.index(c.kind) | (c.transport == "tcp") << 2 | TCPTYPES.index(c.tcptype) << 3 | kind << 5
        out += bytes([head]) + c.priority.to_bytes(4, "big") + c.port.to_bytes(2, "big")
        out += _address_bytes(c.address, kind)
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int, what: str) -> bytes:
        if self.at + count > len(self.data):
            raise ConnectError(f"the connection data ends inside {what}")
        chunk = self.data[self.at : self.at + count]
        self.at += count
        return chunk

    def byte(self, what: str) -> int:
        return self.take(1, what)[0]


def _decode_candidate(reader: _Bytes, index: int) -> Candidate:
    where = f"candidate {index + 1}"
    head = reader.byte(where)
    kind, tcp, tcptype, address_kind = head & 3, head >> 2 & 1, head >> 3 & 3, head >> 5 & 3
    if head >> 7 or address_kind == 3:
        raise ConnectError(f"{where}: unknown address kind or stray bits ({head})")
    priority = int.from_bytes(reader.take(4, where), "big")
    port = int.from_bytes(reader.take(2, where), "big")
    address = _address_text(reader.take(_ADDRESS_BYTES[address_kind], where), address_kind)
    try:
        return Candidate(address, port, priority, TYPES[kind], "tcp" if tcp else "udp", TCPTYPES[tcptype])
    except ConnectError as exc:
        raise ConnectError(f"{where}: {exc}") from None


def decode_connect(text: str) -> Connect:
    """The :class:`Connect` packed in ``text``; :class:`ConnectError` names what is wrong.

    >>> decode_connect("AQ")
    Traceback (most recent call last):
    ...
    core.link.connect.ConnectError: the connection data ends inside its flags
    >>> decode_connect("x" * 1000)
    Traceback (most recent call last):
    ...
    core.link.connect.ConnectError: connection data of 1000 characters (at most 469)
    """
    if len(text) > MAX_TEXT:
        raise ConnectError(f"connection data of {len(text)} characters (at most {MAX_TEXT})")
    try:
        if len(text) % 4 == 1:
            raise ValueError("a length no base64 text has")
        raw = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ConnectError(f"connection data {quote(text)} is not base64url") from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != text:
        raise ConnectError("connection data not written as a page writes it (padding or stray bits)")
    reader = _Bytes(raw)
    version = reader.byte("its version")
    if version != VERSION:
        raise ConnectError(f"connection data of version {version} (this page reads {VERSION})")
    flags = reader.byte("its flags")
    if flags >> 3 or flags >> 1 == 3:
        raise ConnectError(f"connection flags {flags} out of range")
    ice = []
    for what in ("the ICE user fragment", "the ICE password"):
        raw_value = reader.take(reader.byte(what), what)
        if not raw_value.isascii():
            raise ConnectError(f"{what} is not ASCII")
        ice.append(raw_value.decode("ascii"))
    fingerprint = reader.take(_FINGERPRINT_BYTES, "the fingerprint")
    count = reader.byte("the candidate count")
    if count > MAX_CANDIDATES:
        raise ConnectError(f"{count} candidates (at most {MAX_CANDIDATES})")
    candidates = tuple(_decode_candidate(reader, i) for i in range(count))
    if reader.at != len(raw):
        raise ConnectError(f"{len(raw) - reader.at} bytes after the last candidate")
    return Connect(ROLES[flags & 1], ice[0], ice[1], fingerprint, SETUPS[flags >> 1], candidates)


# -- session descriptions ------------------------------------------------------------------------------


def _candidate_line(line: str) -> Candidate | None:
    """The candidate of an ``a=candidate:`` line, or ``None`` when it cannot be packed (another component,
    an address that is no IP and no mDNS UUID name): such a candidate is left out."""
    words = line.split()
    if len(words) < 8 or words[6] != "typ" or words[1] != "1":
        return None
    options = dict(zip(words[8::2], words[9::2], strict=False))
    transport = words[2].lower()
    try:
        return Candidate(
            words[4].lower() if words[4].lower().endswith(".local") else words[4], int(words[5]), int(words[3]),
            words[7], transport, options.get("tcptype", "") if transport == "tcp" else "",
        )  # fmt: skip
    except (ConnectError, ValueError):
        return None


def parse_sdp(sdp: str, role: str) -> Connect:
    """The fields of a browser's data-channel session description (``role``: ``offer`` or ``answer``).

    Candidates that cannot be packed are left out, the highest priorities kept. :class:`ConnectError`
    when a field a data channel needs is missing or is not what a data channel has.
    """
    if len(sdp) > 64 * 1024:
        raise ConnectError(f"a session description of {len(sdp)} characters")
    fields: dict[str, str] = {}
    candidates: list[Candidate] = []
    media = 0
    for raw in sdp.splitlines():
        line = raw.strip()
        if line.startswith("m="):
            media += 1
            if media > 1 or "webrtc-datachannel" not in line:
                raise ConnectError(f"a session description with {quote(line)} (one data channel only)")
        elif line.startswith("a=candidate:"):
            found = _candidate_line(line[len("a=candidate:") :])
            if found is not None:
                candidates.append(found)
        elif line.startswith("a=") and ":" in line:
            name, _, value = line[2:].partition(":")
            fields.setdefault(name, value.strip())
    missing = [name for name in ("ice-ufrag", "ice-pwd", "fingerprint", "setup") if name not in fields]
    if missing or media != 1:
        raise ConnectError(f"a session description without {', '.join(missing) or 'its data channel'}")
    if fields.get("mid", _MID) != _MID:
        raise ConnectError(f"a data channel with mid {quote(fields['mid'])} ({_MID} expected)")
    algorithm, _, digest = fields["fingerprint"].partition(" ")
    try:
        fingerprint = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        fingerprint = b""
    if algorithm.lower() != "sha-256" or len(fingerprint) != _FINGERPRINT_BYTES:
        raise ConnectError(f"a fingerprint {quote(fields['fingerprint'])} (sha-256 expected)")
    candidates.sort(key=lambda c: -c.priority)
    unique = tuple(dict.fromkeys(candidates))[:MAX_CANDIDATES]
    return Connect(role, fields["ice-ufrag"], fields["ice-pwd"], fingerprint, fields["setup"], unique)


def format_sdp(connect: Connect) -> str:
    """The session description a browser takes from ``connect`` (``setRemoteDescription``).

    >>> print(format_sdp(Connect("offer", "abcd", "p" * 24, bytes(32), "actpass",
    ...     (Candidate("::1", 9, 1, "host", "tcp", "active"),))).splitlines()[8])
    a=candidate:1 1 tcp 1 ::1 9 typ host tcptype active generation 0
    """
    lines = [
        "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", f"a=group:BUNDLE {_MID}",
        "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ]  # fmt: skip
    for index, c in enumerate(connect.candidates):
        line = f"a=candidate:{index + 1} 1 {c.transport} {c.priority} {c.address} {c.port} typ {c.kind}"
        if c.kind != "host":
            line += " raddr 0.0.0.0 rport 0"
        if c.tcptype:
            line += f" tcptype {c.tcptype}"
        lines.append(line + " generation 0")
    lines += [
        f"a=ice-ufrag:{connect.ufrag}", f"a=ice-pwd:{connect.pwd}",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in connect.fingerprint),
        f"a=setup:{connect.setup}", f"a=mid:{_MID}", "a=sctp-port:5000", "a=max-message-size:262144",
    ]  # fmt: skip
    return "\r\n".join(lines) + "\r\n"


# -- the field in a link ---------------------------------------------------------------------------------


def split_live(text: str) -> tuple[str, str | None]:
    """A link's text without its connection field, and the field (``None``: none).

    >>> split_live("https://x/#link=AAAA&live=BBBB")
    ('https://x/#link=AAAA', 'BBBB')
    >>> split_live("#link=AAAA")
    ('#link=AAAA', None)
    """
    link, found, field = text.partition(FIELD)
    return (link, field.strip()) if found else (text, None)


def join_live(link: str, code: str | None) -> str:
    """``link`` with the connection field ``code`` after it (none when ``code`` is ``None`` or empty)."""
    return f"{link}{FIELD}{code}" if code else link
