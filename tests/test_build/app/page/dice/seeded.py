"""Reproducible dice for the e2e tests' build only (never copied into the production dist/).

>>> a, b = seeded_dice(3), seeded_dice(3)
>>> [a() for _ in range(6)] == [b() for _ in range(6)]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

MAX_SEED_CHARS = 20
"""A longer ``seed`` value is ignored (no huge int parsed from an address)."""


def seeded_dice(seed: int) -> Callable[[], int]:
    """A reproducible ``Rng``: the same seed gives the same dice."""
    generator = random.Random(seed)
    return lambda: generator.randint(1, 6)


def seeded_uniform(seed: int) -> Callable[[], float]:
    """A reproducible source of floats in [0, 1) for the bot's noise (apart from the dice's).

    >>> a, b = seeded_uniform(3), seeded_uniform(3)
    >>> [a() for _ in range(4)] == [b() for _ in range(4)] and 0.0 <= a() < 1.0
    True
    """
    return random.Random(f"bot {seed}").random


def parse_seed(text: str | None) -> int | None:
    """The ``seed`` URL parameter as an int, or ``None`` when absent or not a plain ASCII number.

    Digits that are not ASCII (``²``, ``٣``) are not a seed: ``str.isdigit`` accepts ``²``
    but ``int`` refuses it, which once stopped the page.

    >>> parse_seed("42"), parse_seed(" -3 "), parse_seed(""), parse_seed("x"), parse_seed(None)
    (42, -3, None, None, None)
    >>> parse_seed("²"), parse_seed("٣"), parse_seed("1e3"), parse_seed("9" * 21)
    (None, None, None, None)
    """
    if text is None:
        return None
    text = text.strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(text) > MAX_SEED_CHARS or not (digits.isascii() and digits.isdecimal()):
        return None
    return int(text)
