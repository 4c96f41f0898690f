"""Dice for the page: unbiased dice from random bytes.

The core never draws random numbers (see :mod:`core.dice`): it calls an ``Rng``, a
callable that returns one die 1..6. :class:`ByteDice` makes such a callable from any
source of random bytes -- in the browser ``crypto.getRandomValues`` -- by rejection
sampling: a byte of 252 or more is thrown away, so each face keeps exactly 42 of the
252 byte values (a plain ``byte % 6`` would favour 1..4).

The page takes its dice from :func:`app.page.dice.dice_source.page_dice`, which reads nothing
from the address: seeded dice exist only in the e2e tests' build (tools/make_test_build.py
puts tests/test_build/app/page/ over the copy of dist/ that the tests serve).

>>> dice = ByteDice(lambda n: bytes([0, 5, 251, 252, 255, 6]))
>>> [dice() for _ in range(4)]
[1, 6, 6, 1]
"""

from __future__ import annotations

from collections.abc import Callable

LIMIT = 252
"""The largest multiple of 6 that fits in a byte: bytes from here up are rejected."""

BATCH = 32
"""How many bytes to ask the source for at a time."""

MAX_REJECTED_BATCHES = 64
"""A source that gives nothing usable this many times in a row is taken to be broken."""


def die_from_byte(byte: int) -> int | None:
    """The die a random byte gives (1..6), or ``None`` when the byte must be thrown away.

    >>> die_from_byte(0), die_from_byte(251), die_from_byte(252)
    (1, 6, None)
    """
    if not 0 <= byte <= 255:
        raise ValueError(f"{byte!r} is not a byte")
    return None if byte >= LIMIT else byte % 6 + 1


class ByteDice:
    """An ``Rng`` over a source of random bytes: ``fill(n)`` returns ``n`` random bytes.

    Bytes are fetched in batches of :data:`BATCH` and used one at a time.
    """

    def __init__(self, fill: Callable[[int], bytes]) -> None:
        self._fill = fill
        self._buffer = b""
        self._index = 0

    def __call__(self) -> int:
        for _ in range(MAX_REJECTED_BATCHES * BATCH):
            if self._index >= len(self._buffer):
                self._buffer = bytes(self._fill(BATCH))
                self._index = 0
                if not self._buffer:
                    raise RuntimeError("the random source returned no bytes")
            byte = self._buffer[self._index]
            self._index += 1
            die = die_from_byte(byte)
            if die is not None:
                return die
        raise RuntimeError("the random source keeps returning bytes that cannot make a fair die")

