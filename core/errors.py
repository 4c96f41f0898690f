"""Exceptions raised by the core.

Every error is a :class:`BackgammonError`, itself a :class:`ValueError`, so
callers that only care about "bad input" can catch one type. Errors about an
action carry a stable ``reason`` code (see :mod:`core.reasons`) that the user
interface translates; the message itself is English and names the input.
"""

from __future__ import annotations


class BackgammonError(ValueError):
    """Base class of every error raised by the core.

    ``reason`` is a stable, machine-readable code of :mod:`core.reasons` (``"point-blocked"``,
    ``"notation-backwards"``...), or ``""`` where none is given; ``line``: the 1-based line of
    the input at fault, ``None`` for input of one line or when no one line is at fault.
    """

    line: int | None = None

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


class InvalidPositionError(BackgammonError):
    """A position that cannot exist (too many checkers, two colours on a point...)."""


class InvalidIdError(BackgammonError):
    """A Position ID, Match ID or XGID that cannot be decoded: ``reason`` is ``"id-malformed"``
    (not written as one) or ``"id-impossible"`` (it decodes to a game that cannot be)."""

    def __init__(self, message: str, reason: str = "id-malformed") -> None:
        super().__init__(message, reason)


class InvalidNotationError(BackgammonError):
    """Text that is not move notation at all (bad syntax); ``reason``: a ``"notation-..."`` code."""

    def __init__(self, message: str, reason: str = "notation-unreadable") -> None:
        super().__init__(message, reason)


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
    """A match file (``.mat``, or ``.sgf``: ``kind``) that cannot be read.

    ``reason``: a stable code (``MAT_*`` in :mod:`core.reasons`) that a user interface
    translates; ``line``: the 1-based line at fault, ``None`` when no one line is; ``game``:
    the game's number (1-based) when the fault is in a game's moves; ``detail``: the English
    explanation. The message is built from them:

    >>> str(InvalidRecordError("cannot read '9x'", "mat-unreadable", line=7, game=2))
    ".mat line 7 (game 2): cannot read '9x'"
    >>> str(InvalidRecordError("no game found", "mat-no-game"))
    '.mat: no game found'
    """

    def __init__(
        self, detail: str, reason: str, *, line: int | None = None, game: int | None = None, kind: str = ".mat"
    ) -> None:
        where = kind if line is None else f"{kind} line {line}" + ("" if game is None else f" (game {game})")
        super().__init__(f"{where}: {detail}", reason)
        self.detail = detail
        self.line = line
        self.game = game
        self.source: str | None = None  # the text of the line at fault, where the reader knows it


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
