"""JSON text from outside (browser storage, files, messages) read within bounds.

:func:`read_json` refuses, with a :class:`ValueError` naming what was wrong, what
:func:`json.loads` would choke on or let through into the program: text too long, lists
and objects nested too deep (deep JSON overflows Pyodide's stack before Python can raise),
numbers that are not finite (``1e400``, ``NaN``, ``Infinity``) or longer than any count or
time the program keeps. What it returns is plain JSON values, still to be checked by the
reader that knows what they mean.

>>> read_json('{"a": [1, 2.5]}', "options", max_chars=100)
{'a': [1, 2.5]}
>>> read_json("[" * 100_000, "options", max_chars=1_000_000)
Traceback (most recent call last):
...
ValueError: options: lists and objects nested 100000 deep (at most 16)
>>> read_json('{"seat": 1e400}', "a link record", max_chars=100)
Traceback (most recent call last):
...
ValueError: a link record: not JSON (a number out of range: '1e400')
"""

from __future__ import annotations

import json
import math
import re

__all__ = ["MAX_DEPTH", "MAX_NUMBER_CHARS", "nesting", "read_json"]

MAX_DEPTH = 16
"""How deep lists and objects may nest (the page's deepest value, a save, nests 7)."""
MAX_NUMBER_CHARS = 20
"""The most characters of one number (an epoch time in milliseconds has 13)."""

_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def nesting(text: str) -> int:
    """How deep lists and objects nest in JSON text (brackets inside strings do not count).

    >>> nesting('[{"a": "[[["}]'), nesting("7")
    (2, 0)
    """
    depth = deepest = 0
    for found in _STRING_OR_BRACKET.finditer(text):
        char = found.group()
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _number(text: str) -> float | int:
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError(f"a number of {len(text)} characters")
    value = float(text) if any(c in text for c in ".eE") else int(text)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"a number out of range: {text!r}")
    return value


def _constant(text: str) -> float:
    raise ValueError(f"{text} is no number")


def read_json(text: object, what: str, *, max_chars: int, max_depth: int = MAX_DEPTH) -> object:
    """The JSON value of ``text`` (``what`` names it in errors), within the bounds; :class:`ValueError` otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"{what}: text expected, got {type(text).__name__}")
    if len(text) > max_chars:
        raise ValueError(f"{what}: {len(text)} characters (at most {max_chars})")
    depth = nesting(text)
    if depth > max_depth:
        raise ValueError(f"{what}: lists and objects nested {depth} deep (at most {max_depth})")
    try:
        return json.loads(text, parse_float=_number, parse_int=_number, parse_constant=_constant)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"{what}: not JSON ({exc})") from None
