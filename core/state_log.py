"""The compact action log of a save, and checked reading of JSON values (used by :mod:`core.state`).

A game's actions may be saved as one short string (:func:`encode_log`), a token per
action; :func:`decode_log` reads it back, naming a bad token. The ``_`` helpers read one
JSON value each, raising :class:`~core.errors.InvalidStateError` that names where and what
was wrong.

>>> decode_log("O031t4 P0ifgf")[1].steps
((8, 5), (6, 5))
"""

from __future__ import annotations

import re
from typing import Any

from .errors import InvalidStateError, quote
from .game import Action, ActionKind

__all__ = ["decode_log", "encode_log"]

# -- loading: checked reading of JSON values ---------------------------------------------


def _fail(where: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"saved state: {where}: {problem}" if where else f"saved state: {problem}")


def _object(value: object, where: str, keys: frozenset[str], required: frozenset[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, f"an object expected, got {_kind(value)}")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise _fail(where, f"unknown field {quote(unknown[0])}")
    missing = sorted(required - set(value))
    if missing:
        raise _fail(where, f"missing field {missing[0]!r}")
    return value


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _int(value: object, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(where, f"a whole number expected, got {_kind(value)}")
    if not low <= value <= high:
        raise _fail(where, f"{quote(value)} is out of range {low}..{high}")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, f"true or false expected, got {_kind(value)}")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"a list expected, got {_kind(value)}")
    return value


def _ints(value: object, where: str, length: int | None, low: int, high: int) -> tuple[int, ...]:
    items = _list(value, where)
    if length is not None and len(items) != length:
        raise _fail(where, f"{length} numbers expected, got {len(items)}")
    return tuple(_int(v, f"{where}[{i}]", low, high) for i, v in enumerate(items))


def _dice(value: object, where: str) -> tuple[int, int]:
    d = _ints(value, where, 2, 1, 6)
    return d[0], d[1]


def _player(value: object, where: str) -> int:
    return _int(value, where, 0, 1)


def _steps(value: object, where: str) -> tuple[tuple[int, int], ...]:
    out = []
    for i, step in enumerate(_list(value, where)):
        s, t = _ints(step, f"{where}[{i}]", 2, 0, 25)
        out.append((s, t))
    return tuple(out)


# -- the compact log: one short token per action ------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # points 0 (off) .. 25 (bar)
_KIND_CODES: dict[ActionKind, str] = {
    "opening": "O", "roll": "R", "play": "P", "double": "D", "take": "T",
    "drop": "X", "resign": "S", "accept": "A", "decline": "N", "beaver": "B",
}  # fmt: skip
_CODE_KINDS: dict[str, ActionKind] = {code: kind for kind, code in _KIND_CODES.items()}


def encode_log(actions: tuple[Action, ...] | list[Action]) -> str:
    """A game's actions as one short string: a token per action, separated by spaces.

    A token is the kind's letter and the player (``R1``), then the dice (``R164``), the
    steps as two letters each, ``a`` = 0 (off) to ``z`` = 25 (bar) (``P0ifgf`` is 8/5 6/5),
    the resignation's level (``S02``), or the opening's ties after ``t`` (``O031t44``).

    >>> from core.match import Match
    >>> log = encode_log(Match.new(5).opening_with(3, 1, ties=(4,)).play("8/5 6/5").game.actions)
    >>> log
    'O031t4 P0ifgf'
    >>> decode_log(log) == Match.new(5).opening_with(3, 1, ties=(4,)).play("8/5 6/5").game.actions
    True
    """
    tokens = []
    for a in actions:
        token = f"{_KIND_CODES[a.kind]}{a.player}"
        if a.dice is not None:
            token += f"{a.dice[0]}{a.dice[1]}"
        if a.kind == "play":
            token += "".join(_LETTERS[s] + _LETTERS[t] for s, t in a.steps)
        if a.level:
            token += str(a.level)
        if a.ties:
            token += "t" + "".join(str(v) for v in a.ties)
        tokens.append(token)
    return " ".join(tokens)


_TOKEN = re.compile(r"([ORPDTXSANB])([01])(?:([1-6])([1-6]))?((?:[a-z][a-z])*)([1-3])?(?:t([1-6]*))?")


def decode_log(text: str, where: str = "log") -> tuple[Action, ...]:
    """The actions of :func:`encode_log`'s string; :class:`~core.errors.InvalidStateError` names a bad token.

    >>> decode_log("R1x")
    Traceback (most recent call last):
    ...
    core.errors.InvalidStateError: saved state: log, token 1: 'R1x' is not an action
    """
    if not isinstance(text, str):
        raise _fail(where, f"a string expected, got {_kind(text)}")
    actions = []
    for i, token in enumerate(text.split()):
        found = _TOKEN.fullmatch(token)
        kind = _CODE_KINDS.get(found.group(1), "roll") if found else "roll"
        dice_given, steps, level, ties = (
            (found.group(3) is not None, found.group(5), found.group(6), found.group(7))
            if found
            else (False, "", None, None)
        )
        fits = found is not None and (
            dice_given == (kind in ("opening", "roll"))
            and (not steps or kind == "play")
            and (level is not None) == (kind == "resign")
            and (ties is None or kind == "opening")
        )
        if not fits or found is None:
            raise _fail(f"{where}, token {i + 1}", f"{quote(token)} is not an action")
        dice = (int(found.group(3)), int(found.group(4))) if dice_given else None
        pairs = tuple((_LETTERS.index(steps[j]), _LETTERS.index(steps[j + 1])) for j in range(0, len(steps), 2))
        actions.append(
            Action(
                kind,
                int(found.group(2)),
                dice=dice,
                steps=pairs,
                level=int(level) if level else 0,
                ties=tuple(int(v) for v in ties or ""),
            )
        )
    return tuple(actions)
