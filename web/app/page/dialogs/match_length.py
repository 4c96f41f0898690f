"""The match length typed in the new-match dialog, read (pure)."""

from __future__ import annotations

from core.limits import MAX_MATCH_LENGTH


def read_match_length(text: str) -> int | None:
    """The match length typed in the new-match dialog, or ``None`` when it is not one.

    0 is a money session; the longest match is the core's :data:`~core.limits.MAX_MATCH_LENGTH`.

    >>> read_match_length("7"), read_match_length("0"), read_match_length("65"), read_match_length("x")
    (7, 0, None, None)
    """
    try:
        length = int(text)
    except ValueError:
        return None
    return length if 0 <= length <= MAX_MATCH_LENGTH else None
