"""Where the page's dice come from: the browser's cryptographic random source, nothing else.

Nothing here reads the page's address: a URL cannot choose the dice. The e2e tests need
reproducible dice; their build (tools/make_test_build.py) replaces this file, in a copy of
dist/ served only to the tests, by tests/test_build/app/page/dice/dice_source.py, which honours
``?seed=N``. What ``./build.sh build`` ships never contains that file.
"""

from __future__ import annotations

from collections.abc import Callable

from app.page.browser import crypto_bytes
from app.page.dice.byte_dice import ByteDice


def page_dice() -> Callable[[], int]:
    """The page's ``Rng``: unbiased dice from ``crypto.getRandomValues``."""
    return ByteDice(crypto_bytes)


def bot_noise() -> Callable[[], float] | None:
    """The source of the weaker levels' deliberate noise: ``None``, so the bot takes its own
    (Python's, unseeded). The tests' build gives a seeded one with ``?seed=N``."""
    return None
