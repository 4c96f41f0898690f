"""What a link holds: a :class:`History` of :class:`Entry` values, one per hand-over.

A link carries the whole match: a :class:`Header` (the match id and settings)
and one :class:`Entry` per hand-over, each made by the player who handed the
turn over. The dice are not actions: each :class:`Entry` that reveals a secret
writes the roll that secret makes (checked against :mod:`core.link.derive`).

>>> entry = Entry(0, 1_700_000_000_000, actions=(LinkAction("play", steps=((8, 5), (6, 5))),))
>>> str(entry.actions[0]), entry.sender
('play 8/5 6/5', 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import Step
from ..notation import format_play

__all__ = [
    "ACTION_KINDS",
    "MAX_ALLOWANCE_HOURS",
    "MAX_NAME_CHARS",
    "MATCH_ID_BYTES",
    "NAMING_ENTRY",
    "Entry",
    "Header",
    "History",
    "LinkAction",
    "name_problem",
]

MATCH_ID_BYTES = 12
"""Length of a match id (random bytes chosen by the device that creates the match)."""
MAX_ALLOWANCE_HOURS = 168
"""The longest time per move by link a header may carry: a week (as :data:`core.clock.MAX_MS`)."""
MAX_NAME_CHARS = 24
"""The longest player name a link carries (characters)."""
NAMING_ENTRY = 1
"""The one entry that may carry its sender's name: the friend's first hand-over (his answer to the invitation)."""

ACTION_KINDS = (
    "roll", "play", "double", "take", "beaver", "drop", "resign", "accept", "decline", "resign_match", "promise",
)  # fmt: skip
"""What a player may do in an entry. ``roll`` is the *decision* to roll (when the player could
double instead): the dice themselves come from the secrets, never from an action. ``promise``
follows a play: "I will not double on my next turn", so that the friend's reply carries the
contribution to that roll (see ``PROTOCOL.md``)."""


def name_problem(name: str) -> str | None:
    r"""What is wrong with ``name`` as a player's name in a link (``None``: fine; ``""`` means none given).

    >>> name_problem("Ann"), name_problem(""), name_problem("x" * 25), name_problem("a\nb")
    (None, None, 'a name of 25 characters (1 to 24 expected)', 'a name with a control character')
    """
    if len(name) > MAX_NAME_CHARS:
        return f"a name of {len(name)} characters (1 to {MAX_NAME_CHARS} expected)"
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name):
        return "a name with a control character"
    if name != name.strip():
        return "a name with spaces around it"
    return None


@dataclass(frozen=True, slots=True)
class LinkAction:
    """One thing a player did: ``steps`` for ``play`` (mover's numbering), ``level`` for ``resign``.

    >>> str(LinkAction("resign", level=2)), str(LinkAction("play"))
    ('resign 2', 'play (no move)')
    """

    kind: str
    steps: tuple[Step, ...] = ()
    level: int = 0

    def __str__(self) -> str:
        if self.kind == "play":
            return f"play {format_play(self.steps)}" if self.steps else "play (no move)"
        if self.kind == "resign":
            return f"resign {self.level}"
        return self.kind


@dataclass(frozen=True, slots=True)
class Entry:
    """One hand-over by ``sender`` at ``time_ms`` (epoch milliseconds, the sender's clock).

    * ``reveal``: the sender's secret, once the roll it was committed for is due and
      the opponent's contribution is in; ``dice`` the roll it makes (player 0's and
      player 1's dice for an opening, after the tied values ``ties``).
    * ``actions``: what the sender did, in order.
    * ``contribution``: the sender's bytes for the opponent's next roll.
    * ``commit``: the sender's commitment to its next secret.
    * ``name``: the sender's name as he typed it (``""``: none), only in the friend's
      first hand-over (entry 1): the friend names himself as he takes his seat, and the
      name replaces the one the invitation gave his seat (1 to :data:`MAX_NAME_CHARS`).
    """

    sender: int
    time_ms: int
    reveal: bytes | None = None
    dice: tuple[int, int] | None = None
    ties: tuple[int, ...] = ()
    actions: tuple[LinkAction, ...] = ()
    contribution: bytes | None = None
    commit: bytes | None = None
    name: str = ""


@dataclass(frozen=True, slots=True)
class Header:
    """The match a link belongs to: its id and its settings.

    ``allowance_hours`` is the time each player is given to answer a link (0: none): shown
    to both players from the entries' times, enforced by nobody (see ``PROTOCOL.md``).
    ``names``: the players' names the creator typed (``""``: none given), 1 to
    :data:`MAX_NAME_CHARS` characters each.
    """

    match_id: bytes
    length: int
    crawford_rule: bool = True
    jacoby: bool = False
    beavers: bool = False
    allowance_hours: int = 0
    names: tuple[str, str] = ("", "")


@dataclass(frozen=True, slots=True)
class History:
    """A whole link: the header and every entry so far."""

    header: Header
    entries: tuple[Entry, ...] = ()

    def __len__(self) -> int:
        return len(self.entries)

    def upto(self, count: int) -> History:
        """The history of the first ``count`` entries (an older link of the same match)."""
        return History(self.header, self.entries[:count])

    def extended(self, entry: Entry) -> History:
        """This history with ``entry`` added."""
        return History(self.header, self.entries + (entry,))
