"""Reading a link as a device does: decode, replay, compare with what the device has.

:func:`read_link` turns link text into a replayed
:class:`~core.link.protocol.LinkState` (or a :class:`LinkError`);
:func:`accept_link` also refuses a link of another match, an older one, or one
whose history differs from what the device already accepted.
:func:`verify_rolls` says how every roll was made.

>>> from core.link.protocol import start
>>> state = start(bytes(12), 1, time_ms=1, secret=bytes(16))
>>> from core.link.codec import encode_link
>>> read_link(encode_link(state.history)) == state
True
>>> accept_link(encode_link(state.history), state.history) == state   # the same link again is fine
True
"""

from __future__ import annotations

from .codec import LinkReader, chain_digest
from .derive import commitment, derive_opening, derive_roll
from .errors import CLOCK, FORKED, NO_HISTORY, OLDER, OTHER_MATCH, SEAT, LinkError
from .history import Entry, History
from .protocol import LinkState, RollProof, replay

__all__ = [
    "MAX_CLOCK_AHEAD_MS", "accept_link", "accept_next", "check_fits", "check_proof", "read_link", "verify_rolls",
]  # fmt: skip

MAX_CLOCK_AHEAD_MS = 3_600_000
"""How far ahead of the receiving device's clock a new hand-over's time may be (an hour: two honest
devices' clocks agree within minutes; ``PROTOCOL.md``, "Clocks")."""


def read_link(text: str | LinkReader) -> LinkState:
    """Decode and replay a full link: the state it reaches, or the :class:`LinkError` that refuses it.

    Each entry is replayed as it is read: a link is refused at its first wrong entry, whatever follows.
    """
    reader = _reader(text)
    if reader.header is None:
        raise LinkError(
            f"this link carries only the hand-overs after the first {reader.since}: the full link is needed here",
            NO_HISTORY,
        )
    state = LinkState.empty(reader.header)
    for entry in reader.entries():
        state = state.extend(entry)
    return state


def _check_time(entry: Entry, index: int, previous: Entry | None, now_ms: int | None) -> None:
    """Refuse a new hand-over dated before the one it answers, or far ahead of this device's clock.

    (Its seat was checked for the whole link by :func:`check_fits`: entries alternate.)
    """
    if previous is not None and entry.time_ms < previous.time_ms:
        raise LinkError(
            f"link entry {index + 1} is dated {previous.time_ms - entry.time_ms} ms before the hand-over it answers",
            CLOCK,
        )
    if now_ms is not None and entry.time_ms > now_ms + MAX_CLOCK_AHEAD_MS:
        ahead = (entry.time_ms - now_ms) // 60_000
        raise LinkError(
            f"link entry {index + 1} is dated {ahead} minutes ahead of this device's clock"
            " (is one of the two clocks wrong?)",
            CLOCK,
        )


def _reader(text: str | LinkReader) -> LinkReader:
    return text if isinstance(text, LinkReader) else LinkReader(text)


def check_fits(reader: LinkReader, known: History, seat: int | None) -> None:
    """Refuse, before any entry is read, a link that cannot be the next one of ``known`` on this device.

    Another match, other settings, a past this device lacks (``NO_HISTORY``), fewer entries than
    ``known`` (``OLDER``); and, for a device playing ``seat``, any new hand-over of ``seat``'s
    (``SEAT``): a friend's link adds his one hand-over at most, the next is this device's.
    """
    if reader.match_id != known.header.match_id:
        raise LinkError("this link belongs to another match", OTHER_MATCH)
    if reader.header is not None and reader.header != known.header:
        raise LinkError("this link's match settings differ from the match this device has", FORKED)
    if reader.since > len(known):
        raise LinkError(
            f"this link carries the hand-overs after the first {reader.since} and this device has {len(known)}"
            " of them: ask your friend for the full link",
            NO_HISTORY,
        )
    if reader.end < len(known):
        raise LinkError(
            f"this link is older than the match on this device ({reader.end} hand-overs, this device has {len(known)})",
            OLDER,
        )
    if seat is not None:
        # Entries alternate, player 0 first: after the friend's one new entry (if the next is his),
        # the next is this device's own.
        mine = len(known) if len(known) % 2 == seat else len(known) + 1
        if reader.end > mine:
            raise LinkError(
                f"link entry {mine + 1} is written for this device's own seat (player {seat}):"
                " only this device makes its player's moves",
                SEAT,
            )


def accept_link(
    text: str | LinkReader,
    known: History | None,
    match_id: bytes | None = None,
    *,
    seat: int | None = None,
    now_ms: int | None = None,
) -> LinkState:
    """Read ``text`` as the next link of a match this device knows as ``known`` (``None``: a new one).

    ``match_id`` (when given) is the match the link must belong to. A bounded link
    (the entries since the device's last one) is joined to ``known``'s past. Refused: another match
    (:data:`~core.link.errors.OTHER_MATCH`), a bounded link with no past on this device
    (:data:`~core.link.errors.NO_HISTORY`), fewer entries than ``known``
    (:data:`~core.link.errors.OLDER`), a different past (:data:`~core.link.errors.FORKED`), and
    every refusal of :func:`read_link`. ``known`` is replayed whole; see :func:`accept_next`
    for ``seat`` and ``now_ms`` and to go on from a replayed state.
    """
    reader = _reader(text)
    expected = match_id if match_id is not None else (known.header.match_id if known is not None else None)
    if expected is not None and reader.match_id != expected:
        raise LinkError("this link belongs to another match", OTHER_MATCH)
    if known is None:
        return read_link(reader)
    check_fits(reader, known, seat)
    return accept_next(reader, replay(known), seat=seat, now_ms=now_ms)


def accept_next(
    text: str | LinkReader, known: LinkState, *, seat: int | None = None, now_ms: int | None = None
) -> LinkState:
    """Read ``text`` as the next link of the match this device has replayed as ``known``.

    Only the entries this device lacks are replayed, from ``known`` on (a long match is not
    replayed from its start at each link). The past the link builds on is checked by its chain
    digest, the entries both have compared one by one as they are read.

    ``seat``: the seat this device plays. Each device speaks only for its own player: a link
    that writes a hand-over for ``seat`` is refused (:data:`~core.link.errors.SEAT`), as is a
    link adding more than the friend's one hand-over. ``now_ms``: this device's clock; a new
    hand-over dated before the one it answers, or over :data:`MAX_CLOCK_AHEAD_MS` ahead of
    ``now_ms``, is refused (:data:`~core.link.errors.CLOCK`). Every check is made before the
    entry is replayed, and the first wrong entry stops the reading.
    """
    reader = _reader(text)
    past = known.history
    check_fits(reader, past, seat)
    digests = known.digests
    mine = digests[reader.since] if reader.since < len(digests) else chain_digest(past, reader.since)
    if reader.since > 0 and reader.digest != mine:
        raise LinkError(
            f"the past this link builds on (the first {reader.since} hand-overs) differs from this device's:"
            " the history was altered",
            FORKED,
        )
    state, previous = known, (past.entries[-1] if past.entries else None)
    for index, entry in enumerate(reader.entries(), start=reader.since):
        if index < len(past):
            if entry != past.entries[index]:
                raise LinkError(
                    f"link entry {index + 1} differs from the one this device accepted: the history was altered",
                    FORKED,
                )
            continue
        _check_time(entry, index, previous, now_ms)
        state, previous = state.extend(entry), entry
    return state


def check_proof(match_id: bytes, proof: RollProof) -> bool:
    """Whether ``proof`` holds: the secret matches its commitment and makes the dice.

    >>> from core.link.protocol import start
    >>> check_proof(bytes(12), RollProof(0, 0, "roll", 0, 0, 0, 1, 2, bytes(32), bytes(16), bytes(16), (1, 1)))
    False
    """
    if commitment(match_id, proof.holder, proof.commit_index, proof.secret) != proof.commitment:
        return False
    if proof.kind == "opening":
        ties, die0, die1 = derive_opening(match_id, proof.index, proof.holder, proof.secret, proof.contribution)
        return (ties, (die0, die1)) == (proof.ties, proof.dice)
    return derive_roll(match_id, proof.index, proof.holder, proof.secret, proof.contribution) == proof.dice


def verify_rolls(text: str) -> tuple[RollProof, ...]:
    """How each roll of the link was made, every one checked again from the link alone.

    Raises :class:`LinkError` when the link is refused (a roll that does not verify included).
    """
    state = read_link(text)
    match_id = state.history.header.match_id
    for proof in state.proofs:
        if not check_proof(match_id, proof):  # pragma: no cover - replay already refused it
            raise LinkError(f"roll {proof.index + 1} does not verify", "link-dice")
    return state.proofs
