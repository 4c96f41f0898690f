"""Why a link is refused: :class:`LinkError` and its stable reason codes.

Every refusal of a link is a :class:`LinkError` (a
:class:`~core.errors.BackgammonError`) whose ``reason`` is one of the codes
below; the page translates the code, the English message names what was wrong.

>>> err = LinkError("bad checksum", CHECKSUM)
>>> err.reason, str(err)
('link-checksum', 'bad checksum')
"""

from __future__ import annotations

from ..errors import BackgammonError

__all__ = [
    "CHECKSUM",
    "CLOCK",
    "COMMITMENT",
    "DICE",
    "FORMAT",
    "FORKED",
    "LinkError",
    "NO_HISTORY",
    "NO_SECRET",
    "OLDER",
    "OTHER_MATCH",
    "PROTOCOL",
    "REASONS",
    "RULES",
    "SEAT",
    "TOO_LARGE",
    "TRUNCATED",
    "VERSION",
]

FORMAT = "link-format"
"""Not a match link at all (no ``#link=``, characters outside base64url)."""
TRUNCATED = "link-truncated"
"""The link was cut: its data ends early."""
CHECKSUM = "link-checksum"
"""The checksum does not match: the link was altered (or copied wrong)."""
VERSION = "link-version"
"""A link version this page does not know."""
OTHER_MATCH = "link-other-match"
"""The link belongs to another match than the one it is compared with."""
OLDER = "link-older"
"""The link is older than what this device already has of the match."""
FORKED = "link-forked"
"""The link's history differs from what this device has already accepted."""
RULES = "link-rules"
"""An entry of the history breaks the rules of backgammon."""
DICE = "link-dice"
"""A roll written in the link is not the one its secrets derive."""
COMMITMENT = "link-commitment"
"""A revealed secret does not match the commitment made for it."""
PROTOCOL = "link-protocol"
"""An entry is out of turn, or carries what it should not / lacks what it must."""
NO_SECRET = "link-no-secret"
"""This device holds no secret for its seat in the match (storage lost, or not its match)."""

NO_HISTORY = "link-no-history"
"""The link carries only the entries since the last link this device sent, and this device does not
have the match's history before them (a new device, cleared storage): ask the friend for the full link."""
TOO_LARGE = "link-too-large"
"""The link unpacks to more than a link may hold (bytes or entries): refused before it is read."""

SEAT = "link-seat"
"""The link writes a hand-over for the receiving device's own seat: each device speaks only for its player."""
CLOCK = "link-clock"
"""A hand-over's time is before the one it answers, or far ahead of the receiving device's clock."""

REASONS = (
    FORMAT, TRUNCATED, CHECKSUM, VERSION, OTHER_MATCH, OLDER, FORKED, RULES, DICE, COMMITMENT, PROTOCOL, NO_SECRET,
    NO_HISTORY, TOO_LARGE, SEAT, CLOCK,
)  # fmt: skip
"""Every reason code a :class:`LinkError` may carry."""


class LinkError(BackgammonError):
    """A match link refused; ``reason`` is one of :data:`REASONS`."""
