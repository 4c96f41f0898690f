"""gnubg Position ID (and, below, Match ID and XGID).

Position ID format (documented in the GNU Backgammon manual, "Position ID"):
for each side, for each of its 25 places (points 1..24 then the bar, in that
side's own numbering), as many 1 bits as checkers followed by one 0 bit; the
side **not** on roll comes first (checked against gnubg itself). The 80 bits
are packed least significant bit first into 10 bytes and written in base64
without padding: 14 characters.

>>> from core.position import Position
>>> decode_position_id("4HPwATDgc/ABMA") == Position.initial()
True
"""

from __future__ import annotations

import base64
import binascii

from .errors import InvalidIdError, InvalidPositionError
from .position import Position

_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _sides_to_bits(first: tuple[int, ...], second: tuple[int, ...]) -> int:
    value = 0
    bit = 0
    for side in (first, second):
        for n in side:
            value |= ((1 << n) - 1) << bit
            bit += n + 1
    return value


def encode_position_id(position: Position) -> str:
    """The 14-character gnubg Position ID of ``position`` (player on roll = gnubg's side on roll)."""
    value = _sides_to_bits(position.opponent, position.player)
    return base64.b64encode(value.to_bytes(10, "little")).decode("ascii")[:14]


def decode_position_id(position_id: str) -> Position:
    """Decode a gnubg Position ID; raises :class:`InvalidIdError` on anything malformed."""
    text = position_id.strip()
    if len(text) != 14:
        raise InvalidIdError(f"Position ID {position_id!r}: 14 characters expected, got {len(text)}")
    bad = sorted(set(text) - _B64)
    if bad:
        raise InvalidIdError(f"Position ID {position_id!r}: invalid character {bad[0]!r}")
    try:
        raw = base64.b64decode(text + "==", validate=True)
    except binascii.Error as exc:  # pragma: no cover - the checks above catch these
        raise InvalidIdError(f"Position ID {position_id!r}: {exc}") from None
    value = int.from_bytes(raw, "little")
    sides: list[list[int]] = [[], []]
    side, count = 0, 0
    for bit in range(80):
        if side == 2:
            if (value >> bit) & 1:
                raise InvalidIdError(f"Position ID {position_id!r}: too many checkers")
            continue
        if (value >> bit) & 1:
            count += 1
        else:
            sides[side].append(count)
            count = 0
            if len(sides[side]) == 25:
                side += 1
    if side != 2:
        raise InvalidIdError(f"Position ID {position_id!r}: too many checkers")
    try:
        return Position(tuple(sides[1]), tuple(sides[0]))
    except InvalidPositionError as exc:
        raise InvalidIdError(f"Position ID {position_id!r}: {exc}") from None
