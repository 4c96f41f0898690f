"""Play by link: the whole match in a URL fragment, with dice neither player can fake.

* :mod:`~core.link.history`: what a link holds (:class:`History`, :class:`Entry`, :class:`LinkAction`).
* :mod:`~core.link.codec`: :func:`encode_link` / :func:`decode_part` (binary, versioned, checksum, bounded;
  a full link or only the entries the other device lacks, after a :func:`chain_digest` of the past).
* :mod:`~core.link.derive`: commitments and the derivation of the dice (SHA-256, no modulo bias).
* :mod:`~core.link.protocol`: :func:`replay` through the core's Match, :func:`start`,
  :func:`hand_over`, :func:`own_match`, :func:`actions_between`, :func:`acknowledged`.
* :mod:`~core.link.verify`: :func:`read_link`, :func:`accept_link`, :func:`accept_next`,
  :func:`verify_rolls`.
* :mod:`~core.link.errors`: :class:`LinkError` and its reason codes.

The protocol is written down in ``core/link/PROTOCOL.md``.

>>> from core.link import start, encode_link, read_link
>>> read_link(encode_link(start(bytes(12), 3, time_ms=0, secret=bytes(16)).history)).waiting_for
1
"""

from __future__ import annotations

from .codec import (
    MAX_ENTRIES,
    MAX_ENTRY_ACTIONS,
    MAX_PAYLOAD,
    PREFIX,
    LinkPart,
    LinkReader,
    chain_digest,
    decode_link,
    decode_part,
    encode_link,
    match_id_of,
)
from .derive import commitment, derive_opening, derive_roll
from .errors import REASONS, LinkError
from .history import Entry, Header, History, LinkAction
from .protocol import LinkState, RollProof, acknowledged, actions_between, hand_over, own_match, replay, start
from .verify import MAX_CLOCK_AHEAD_MS, accept_link, accept_next, check_fits, check_proof, read_link, verify_rolls

__all__ = [
    "MAX_CLOCK_AHEAD_MS",
    "MAX_ENTRIES",
    "MAX_ENTRY_ACTIONS",
    "MAX_PAYLOAD",
    "PREFIX",
    "REASONS",
    "Entry",
    "Header",
    "History",
    "LinkAction",
    "LinkError",
    "LinkPart",
    "LinkReader",
    "LinkState",
    "RollProof",
    "accept_link",
    "accept_next",
    "acknowledged",
    "actions_between",
    "chain_digest",
    "check_fits",
    "check_proof",
    "commitment",
    "decode_link",
    "decode_part",
    "derive_opening",
    "derive_roll",
    "encode_link",
    "hand_over",
    "match_id_of",
    "own_match",
    "read_link",
    "replay",
    "start",
    "verify_rolls",
]
