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

from .codec import decode_link, decode_part
from .derive import commitment, derive_opening, derive_roll
from .errors import FORKED, OLDER, OTHER_MATCH, LinkError
from .history import History
from .protocol import LinkState, RollProof, replay

__all__ = ["accept_link", "accept_next", "check_proof", "read_link", "verify_rolls"]


def read_link(text: str) -> LinkState:
    """Decode and replay a full link: the state it reaches, or the :class:`LinkError` that refuses it."""
    return replay(decode_link(text))


def accept_link(text: str, known: History | None, match_id: bytes | None = None) -> LinkState:
    """Read ``text`` as the next link of a match this device knows as ``known`` (``None``: a new one).

    ``match_id`` (when given) is the match the link must belong to. A bounded link
    (the entries since the device's last one) is joined to ``known``'s past
    (:meth:`~core.link.codec.LinkPart.joined`). Refused: another match
    (:data:`~core.link.errors.OTHER_MATCH`), a bounded link with no past on this device
    (:data:`~core.link.errors.NO_HISTORY`), every refusal of :func:`read_link` (the
    history is checked whole first), then fewer entries than ``known``
    (:data:`~core.link.errors.OLDER`), a different past (:data:`~core.link.errors.FORKED`).
    """
    part = decode_part(text)
    expected = match_id if match_id is not None else (known.header.match_id if known is not None else None)
    if expected is not None and part.match_id != expected:
        raise LinkError("this link belongs to another match", OTHER_MATCH)
    history = part.joined(known)
    state = replay(history)  # a link that breaks anything is refused for that, older or not
    if known is not None:
        if history.header != known.header:
            raise LinkError("this link's match settings differ from the match this device has", FORKED)
        if len(history) < len(known):
            raise LinkError(
                f"this link is older than the match on this device"
                f" ({len(history)} hand-overs, this device has {len(known)})",
                OLDER,
            )
        for i, (mine, theirs) in enumerate(zip(known.entries, history.entries, strict=False)):
            if mine != theirs:
                what = f"link entry {i + 1} differs from the one this device accepted"
                raise LinkError(f"{what}: the history was altered", FORKED)
    return state


def accept_next(text: str, known: LinkState) -> LinkState:
    """Read ``text`` as the next link of the match this device has replayed as ``known``.

    As :func:`accept_link`, but only the entries this device lacks are replayed, from
    ``known`` on (a long match is not replayed from its start at each link). The past the
    link builds on is checked by its chain digest, the entries both have compared one by one.
    """
    part = decode_part(text)
    past = known.history
    if part.match_id != past.header.match_id:
        raise LinkError("this link belongs to another match", OTHER_MATCH)
    if part.header is not None and part.header != past.header:
        raise LinkError("this link's match settings differ from the match this device has", FORKED)
    history = part.joined(past, known.digests[part.since] if part.since < len(known.digests) else None)
    if len(history) < len(past):
        raise LinkError(
            f"this link is older than the match on this device"
            f" ({len(history)} hand-overs, this device has {len(past)})",
            OLDER,
        )
    for i in range(part.since, len(past)):
        if history.entries[i] != past.entries[i]:
            raise LinkError(
                f"link entry {i + 1} differs from the one this device accepted: the history was altered", FORKED
            )
    state = known
    for entry in history.entries[len(past) :]:
        state = state.extend(entry)
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
