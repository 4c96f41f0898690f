"""Exceptions raised by the core.

Every error is a :class:`BackgammonError`, itself a :class:`ValueError`, so
callers that only care about "bad input" can catch one type. Errors about an
action carry a stable ``reason`` code (see :mod:`core.reasons`) that the user
interface translates; the message itself is English and names the input.
"""

from __future__ import annotations


class BackgammonError(ValueError):
    """Base class of every error raised by the core.

    ``reason`` is a stable, machine-readable code (``"point-blocked"``...), or
    ``""`` when the error is about malformed input rather than a rule.
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


class InvalidPositionError(BackgammonError):
    """A position that cannot exist (too many checkers, two colours on a point...)."""


class InvalidIdError(BackgammonError):
    """A Position ID, Match ID or XGID that cannot be decoded."""


class InvalidNotationError(BackgammonError):
    """Text that is not move notation at all (bad syntax)."""


class IllegalPlayError(BackgammonError):
    """A well-formed play that the rules forbid here; ``reason`` says which rule."""


class AmbiguousPlayError(BackgammonError):
    """Notation that matches more than one legal play."""


class IllegalActionError(BackgammonError):
    """A game or match action that is not allowed now; ``reason`` says why."""


class InvalidStateError(BackgammonError):
    """A saved state (JSON) that cannot be loaded."""


class InvalidClockError(BackgammonError):
    """Clock settings or a time that make no clock (a negative allowance, time running backwards...)."""


class InvalidRecordError(BackgammonError):
    """A match file (.mat) that cannot be read; the message names the line."""


EXCERPT_CHARS = 40
"""The most characters of bad input that an error message quotes."""


def quote(text: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr`` of at most ``limit`` characters of ``text``, with ``…`` where it was cut.

    Every parser quotes bad input through this, so that a 2 MB line is never
    echoed whole into a message.

    >>> quote("13/7 8/7")
    "'13/7 8/7'"
    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
    >>> quote(12)
    '12'
    """
    if not isinstance(text, str):
        shown = repr(text)
        return shown if len(shown) <= limit else shown[: limit - 1] + "…"
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
