"""The e2e tests' dice (replaces web/app/page/dice/dice_source.py in dist-test/ only).

``?seed=N`` in the address gives reproducible dice (:mod:`app.page.seeded`); without it, or
with a value that is not a plain number, the dice are the production ones.
"""

from __future__ import annotations

from collections.abc import Callable

from app.page.browser import crypto_bytes, url_param
from app.page.dice.byte_dice import ByteDice

from .seeded import parse_seed, seeded_dice, seeded_uniform  # relative: mypy checks this file outside web/app

TEST_BUILD = True
"""Marks this build as the tests' (the production module has no such name)."""


def loaded_modules() -> str:
    """The names of the Python modules imported so far, one a line: the e2e tests call it as
    ``window.videauTestModules()`` to check what the page imports at start-up and on first use.

    >>> "sys" in loaded_modules().split()
    True
    """
    import sys

    return "\n".join(sorted(sys.modules))


def _expose() -> None:
    try:
        from pyodide.ffi import create_proxy
        from pyscript import window
    except ImportError:  # CPython (doctests)
        return
    window.videauTestModules = create_proxy(loaded_modules)


_expose()


def page_dice() -> Callable[[], int]:
    """Seeded dice when the address says ``?seed=N``, else the browser's random source."""
    seed = parse_seed(url_param("seed"))
    return seeded_dice(seed) if seed is not None else ByteDice(crypto_bytes)


def bot_noise() -> Callable[[], float] | None:
    """With ``?seed=N``, a seeded source for the weaker levels' noise (so that games against
    them repeat); else ``None`` (the bot's own)."""
    seed = parse_seed(url_param("seed"))
    return seeded_uniform(seed) if seed is not None else None
