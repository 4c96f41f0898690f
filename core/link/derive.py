"""How a link's dice are made: commitments and rolls from two players' bytes.

A roll needs a **secret** of one player (16 bytes), committed to in an earlier
link by :func:`commitment`, and a **contribution** of the other player (16
bytes), given before the secret is revealed. :func:`roll_values` hashes both
(with a domain tag, the match id and the roll's index) into a stream of bytes
and keeps those below 252 (= 7 x 36): each kept byte modulo 36 is one of the
36 outcomes with exactly the same chance -- rejection sampling, no modulo bias.

>>> match_id, secret, gift = bytes(12), bytes(range(16)), bytes(16)
>>> len(commitment(match_id, 0, 0, secret))
32
>>> roll = derive_roll(match_id, 3, 0, secret, gift)
>>> all(1 <= d <= 6 for d in roll)
True
>>> derive_roll(match_id, 3, 0, secret, gift) == roll   # deterministic
True
>>> ties, die0, die1 = derive_opening(match_id, 0, 0, secret, gift)
>>> die0 != die1 and all(t in range(1, 7) for t in ties)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

__all__ = [
    "COMMIT_BYTES",
    "CONTRIBUTION_BYTES",
    "DOMAIN",
    "SECRET_BYTES",
    "commitment",
    "derive_opening",
    "derive_roll",
    "roll_values",
]

DOMAIN = b"videau-link/1/"
"""Domain tag at the start of every hash the protocol makes (version 1)."""
SECRET_BYTES = 16
"""Length of a player's secret."""
CONTRIBUTION_BYTES = 16
"""Length of a player's contribution to the other's roll."""
COMMIT_BYTES = 32
"""Length of a commitment (a whole SHA-256)."""
_ACCEPT_BELOW = 252  # 7 * 36: bytes from 252 up are skipped
_MAX_TIES = 1000


def commitment(match_id: bytes, seat: int, index: int, secret: bytes) -> bytes:
    """The commitment to ``secret``: seat ``seat``'s ``index``-th secret of the match ``match_id``.

    Binding the seat, the index and the match means a commitment (or its secret)
    cannot be replayed elsewhere.

    >>> commitment(bytes(12), 0, 0, bytes(16)) == commitment(bytes(12), 1, 0, bytes(16))
    False
    """
    data = DOMAIN + b"commit" + match_id + bytes([seat]) + index.to_bytes(4, "big") + secret
    return hashlib.sha256(data).digest()


def _blocks(match_id: bytes, roll_index: int, holder: int, secret: bytes, contribution: bytes) -> Iterator[bytes]:
    head = DOMAIN + b"roll" + match_id + roll_index.to_bytes(4, "big") + bytes([holder]) + secret + contribution
    counter = 0
    while True:
        yield hashlib.sha256(head + counter.to_bytes(4, "big")).digest()
        counter += 1


def roll_values(match_id: bytes, roll_index: int, holder: int, secret: bytes, contribution: bytes) -> Iterator[int]:
    """The roll's stream of outcomes 0..35, each equally likely (bytes >= 252 skipped).

    Outcome ``v`` is the dice ``(v // 6 + 1, v % 6 + 1)``.

    >>> values = roll_values(bytes(12), 0, 1, bytes(16), bytes(16))
    >>> all(0 <= next(values) < 36 for _ in range(100))
    True
    """
    for block in _blocks(match_id, roll_index, holder, secret, contribution):
        for byte in block:
            if byte < _ACCEPT_BELOW:
                yield byte % 36


def derive_roll(match_id: bytes, roll_index: int, holder: int, secret: bytes, contribution: bytes) -> tuple[int, int]:
    """The two dice of roll ``roll_index`` (the first outcome of :func:`roll_values`)."""
    value = next(roll_values(match_id, roll_index, holder, secret, contribution))
    return value // 6 + 1, value % 6 + 1


def derive_opening(
    match_id: bytes, roll_index: int, holder: int, secret: bytes, contribution: bytes
) -> tuple[tuple[int, ...], int, int]:
    """An opening roll: ``(ties, die0, die1)``, the tied values rolled first, then player 0's and player 1's dice.

    Each outcome is one die for each player; a tie is rolled again, from the same stream.
    """
    ties: list[int] = []
    for value in roll_values(match_id, roll_index, holder, secret, contribution):
        die0, die1 = value // 6 + 1, value % 6 + 1
        if die0 != die1:
            return tuple(ties), die0, die1
        ties.append(die0)
        if len(ties) > _MAX_TIES:  # pragma: no cover - would need a broken hash
            break
    raise AssertionError("no opening roll in the stream")  # pragma: no cover
