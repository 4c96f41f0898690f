"""Live play on this device, pure: a hand-over received over the channel, and the time a move takes.

The channel carries the very link a player would send; :func:`receive_link` accepts it as a link
opened from the address is (:func:`core.link.accept_next`: the device's seat, the chain digest,
commit-reveal, order, time), from the state the device already replayed, so only the new entry is
replayed (a hand-over is drawn on the other device at once, whatever the length of the match).

>>> import random
>>> from app.page.link.link_book import LinkBook
>>> from app.page.storage.match_store import MemoryStorage
>>> alice = LinkSession.create(LinkBook(MemoryStorage()), 1, time_ms=10, draw=random.Random(0).randbytes)
>>> bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=20, draw=random.Random(1).randbytes)
>>> alice = receive_link(alice, bob.link, time_ms=30, draw=random.Random(2).randbytes)
>>> len(alice.state.history), alice.state.history == LinkSession.open(bob.book, alice.link, time_ms=40,
...     draw=random.Random(1).randbytes).state.history
(3, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from app.page.link.link_book import Draw, LinkSession
from core.link import accept_next
from core.link.live import LiveClock, compare_used

__all__ = ["MoveTimer", "receive_link"]


def receive_link(session: LinkSession, text: str, *, time_ms: int, draw: Draw) -> LinkSession:
    """``session`` once the friend's link ``text`` came over the channel (the same session when it adds nothing).

    :class:`~core.link.LinkError` as for a link opened from the address (``link-older`` for a link
    this device already went past, ``link-other-match`` for another match's). Stored like an opened
    link, and handed over at once when the match asks this device nothing (the contribution to the
    friend's roll).
    """
    state = accept_next(text, session.state, seat=session.seat, now_ms=time_ms)
    if state.history == session.state.history:
        return session
    new = LinkSession(session.book, session.seat, state, session.secret, session.stored)
    new.auto(time_ms, draw)
    new.keep(time_ms)
    return new


@dataclass(slots=True)
class MoveTimer:
    """Who is on move and since when, on this device's monotonic clock; the live clock if one was chosen.

    A move, for the live clock, is what one player does between two hand-overs: from the moment this
    device handed over (or received the friend's hand-over) to the next hand-over. The mover's device
    measures his own moves; the other device measures them too, from its side of the channel.

    >>> timer = MoveTimer(LiveClock(30_000, 60_000))
    >>> timer.turn((5, 1), now=1_000)
    >>> timer.hand_over(1, now=41_000, claimed=None)     # the mover's own device: its own measure
    (40000, 0)
    >>> timer.clock.reserves
    (60000, 50000)
    >>> timer.turn((6, 0), now=41_000)
    >>> timer.hand_over(0, now=61_000, claimed=12_000)   # the friend claims 12 s where 20 s were seen
    (12000, -8000)
    """

    clock: LiveClock | None = None
    key: tuple[int, int] | None = None
    """(entries, the seat the match waits for) of the move being timed."""
    began: float = 0.0

    def turn(self, key: tuple[int, int], *, now: float) -> None:
        """The match stands at ``key``: a new move begins at ``now`` when it changed."""
        if key != self.key:
            self.key, self.began = key, now

    def used(self, now: float) -> int:
        """The time the move being timed has taken by ``now`` (ms)."""
        return max(round(now - self.began), 0) if self.key is not None else 0

    def hand_over(self, seat: int, *, now: float, claimed: int | None) -> tuple[int, int]:
        """``seat`` handed over at ``now``: ``(time charged, disagreement)`` (see :func:`compare_used`).

        ``claimed``: the time the mover's device says the move took (``None``: this device is the
        mover's, its own measure is the time). The claim is charged, so both devices show alike.
        """
        seen = self.used(now)
        charged = seen if claimed is None else claimed
        off = 0 if claimed is None else compare_used(claimed, seen)
        if self.clock is not None:
            self.clock = self.clock.charged(seat, charged)
        return charged, off
