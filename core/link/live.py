"""Live play: what two devices say over a direct data channel, and the live clock each one keeps.

The channel is only a faster messenger. A hand-over travels as the very link text a player
would send (:data:`LINK`), accepted by the receiving device with the same checks as a link
opened from the address (its seat, the chain digest, commit-reveal, order, time): a forged
message is refused as a forged link is. Beside hand-overs, a few small messages: presence
(:data:`PRESENCE`: here or away), one of a few fixed phrases (:data:`SAY`: never free text),
a new match's invitation (:data:`REMATCH`) and the live clock's settings (:data:`CLOCK`).

Each message is one short JSON object, read within bounds (:func:`decode_message`: at most
:data:`MAX_MESSAGE_CHARS`, known kinds and fields only, or :class:`LiveError`).

**The live clock** (:class:`LiveClock`): a time per move and a reserve for the match, as the halls
have (30 s a move). It runs on the mover's device; each hand-over carries the time its mover's
own device measured for the move (``used_ms``). The receiver charges that time, so both devices
show the same clocks, and compares it with the time it saw itself (:func:`compare_used`): it
says when they disagree. See ``PROTOCOL.md``, "Live play", for what a dishonest clock can do.

>>> text = encode_message(LiveMessage(LINK, "#link=AAAA", used_ms=1200))
>>> decode_message(text)
LiveMessage(kind='link', text='#link=AAAA', used_ms=1200)
>>> clock = LiveClock(30_000, 60_000).charged(0, 45_000)
>>> clock.reserves, clock.left(0, used_ms=10_000)
((45000, 60000), 65000)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from ..errors import BackgammonError, quote
from ..jsontext import read_json

__all__ = [
    "CLOCK",
    "CLOCK_CHOICES",
    "LINK",
    "MAX_MESSAGE_CHARS",
    "PHRASES",
    "PRESENCE",
    "PRESENCES",
    "REMATCH",
    "SAY",
    "SLACK_MS",
    "LiveClock",
    "LiveError",
    "LiveMessage",
    "compare_used",
    "decode_message",
    "encode_message",
]

LINK = "link"
"""A hand-over: ``text`` is the link the player would send; ``used_ms`` the mover's time for the move."""
PRESENCE = "presence"
"""``text``: ``here`` (the page is in view) or ``away`` (hidden: another tab, the phone locked)."""
SAY = "say"
"""``text``: one of :data:`PHRASES` (each device shows it in its own player's language)."""
REMATCH = "rematch"
"""``text``: the invitation link of a new match between the same two devices."""
CLOCK = "clock"
"""``text``: the live clock chosen by the match's creator, ``"<per move ms>/<reserve ms>"`` or ``"off"``."""
KINDS = (LINK, PRESENCE, SAY, REMATCH, CLOCK)
PRESENCES = ("here", "away")
PHRASES = ("good_luck", "well_played", "thanks")
"""The short messages players exchange live (never free text: nothing to moderate, both languages)."""
MAX_MESSAGE_CHARS = 16_000
"""The longest message read (a hand-over's link is under 2,000 characters; an invitation is short)."""
MAX_USED_MS = 24 * 3600 * 1000
"""The longest time a move may claim (a day: beyond any live clock)."""
SLACK_MS = 2_000
"""How far a mover's claimed time may differ from what the receiver saw before it says so: the
message's trip and the time the mover's page took to show the move."""
CLOCK_CHOICES: dict[str, tuple[int, int]] = {
    "off": (0, 0),
    "15": (15_000, 60_000),
    "30": (30_000, 120_000),
    "60": (60_000, 300_000),
    "180": (180_000, 600_000),
}
"""The live clocks offered: a time per move (15 s to 3 min) and the match's reserve; ``"30"`` is the halls'."""


class LiveError(BackgammonError):
    """A live message that cannot be read; the message names what is wrong."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "live-message")


@dataclass(frozen=True, slots=True)
class LiveMessage:
    """One message over the channel: ``kind`` (one of the kinds above), ``text``, and a hand-over's ``used_ms``."""

    kind: str
    text: str = ""
    used_ms: int | None = None


def encode_message(message: LiveMessage) -> str:
    """``message`` as the JSON text the channel carries."""
    data: dict[str, object] = {"k": message.kind, "t": message.text}
    if message.used_ms is not None:
        data["u"] = message.used_ms
    return json.dumps(data, separators=(",", ":"))


def _clock_text(text: str) -> None:
    if text == "off":
        return
    per, _, reserve = text.partition("/")
    if not (per.isdigit() and reserve.isdigit() and 0 < int(per) <= MAX_USED_MS and int(reserve) <= MAX_USED_MS):
        raise LiveError(f"a live clock {quote(text)} ('<per move ms>/<reserve ms>' or 'off')")


def decode_message(text: str) -> LiveMessage:
    """The message in ``text``; :class:`LiveError` names what is wrong (size, kind, field).

    >>> decode_message('{"k":"say","t":"rude words"}')
    Traceback (most recent call last):
    ...
    core.link.live.LiveError: a phrase 'rude words' (one of good_luck, well_played, thanks)
    """
    if len(text) > MAX_MESSAGE_CHARS:
        raise LiveError(f"a live message of {len(text)} characters (at most {MAX_MESSAGE_CHARS})")
    try:
        data = read_json(text, "a live message", max_chars=MAX_MESSAGE_CHARS)
    except ValueError as exc:
        raise LiveError(str(exc)) from None
    if not isinstance(data, dict) or not set(data) <= {"k", "t", "u"}:
        raise LiveError("a live message is an object of 'k', 't' and 'u' only")
    kind, body, used = data.get("k"), data.get("t", ""), data.get("u")
    if kind not in KINDS or not isinstance(body, str):
        raise LiveError(f"a live message of kind {quote(kind)} ({', '.join(KINDS)}) with a text")
    if used is not None and (kind != LINK or isinstance(used, bool) or not isinstance(used, int)):
        raise LiveError(f"a time used {quote(used)} (whole milliseconds, with a hand-over only)")
    if used is not None and not 0 <= used <= MAX_USED_MS:
        raise LiveError(f"a time used of {used} ms (0 to {MAX_USED_MS})")
    if kind == SAY and body not in PHRASES:
        raise LiveError(f"a phrase {quote(body)} (one of {', '.join(PHRASES)})")
    if kind == PRESENCE and body not in PRESENCES:
        raise LiveError(f"a presence {quote(body)} (here or away)")
    if kind == CLOCK:
        _clock_text(body)
    if kind in (LINK, REMATCH) and not body.startswith("#link="):
        raise LiveError(f"a {kind} message without a link: {quote(body)}")
    return LiveMessage(str(kind), body, used)


def compare_used(claimed_ms: int, seen_ms: int, slack_ms: int = SLACK_MS) -> int:
    """How far the mover's claimed time for a move is from what the receiver saw (0: they agree).

    ``seen_ms``: from the receiver's hand-over to the mover's arriving, on the receiver's clock; it
    includes both trips over the channel, so an honest claim is a little shorter. Negative: the mover
    claims less than was seen by more than ``slack_ms``; positive: more than elapsed at all.

    >>> compare_used(9_000, 10_000), compare_used(4_000, 10_000), compare_used(13_000, 10_000)
    (0, -6000, 3000)
    """
    if claimed_ms < seen_ms - slack_ms:
        return claimed_ms - seen_ms
    if claimed_ms > seen_ms + slack_ms:
        return claimed_ms - seen_ms
    return 0


@dataclass(frozen=True, slots=True)
class LiveClock:
    """A time per move (``per_move_ms``, not carried over) and each player's reserve left for the match."""

    per_move_ms: int
    reserve_ms: int
    reserves: tuple[int, int] = (-1, -1)

    def __post_init__(self) -> None:
        if self.reserves == (-1, -1):
            object.__setattr__(self, "reserves", (self.reserve_ms, self.reserve_ms))

    @classmethod
    def parse(cls, text: str) -> LiveClock | None:
        """The clock of a :data:`CLOCK` message's text (``None``: off).

        >>> LiveClock.parse("30000/120000"), LiveClock.parse("off")
        (LiveClock(per_move_ms=30000, reserve_ms=120000, reserves=(120000, 120000)), None)
        """
        _clock_text(text)
        if text == "off":
            return None
        per, _, reserve = text.partition("/")
        return cls(int(per), int(reserve))

    @property
    def text(self) -> str:
        """The :data:`CLOCK` message's text for these settings."""
        return f"{self.per_move_ms}/{self.reserve_ms}"

    def left(self, seat: int, used_ms: int) -> int:
        """What ``seat`` has left for a move once it used ``used_ms`` of it: the allowance's rest, then the reserve."""
        return max(self.per_move_ms - used_ms, 0) + max(self.reserves[seat] - max(used_ms - self.per_move_ms, 0), 0)

    def flag_fell(self, seat: int, used_ms: int) -> bool:
        """True once ``seat`` used more than its allowance and reserve on a move."""
        return used_ms >= self.per_move_ms + self.reserves[seat]

    def charged(self, seat: int, used_ms: int) -> LiveClock:
        """The clock once ``seat`` took ``used_ms`` for a move (what passes the allowance comes off its reserve)."""
        reserves = list(self.reserves)
        reserves[seat] = max(reserves[seat] - max(used_ms - self.per_move_ms, 0), 0)
        return replace(self, reserves=(reserves[0], reserves[1]))
