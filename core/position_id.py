"""gnubg's Position ID, on the counts of the two sides (the floor below :mod:`core.position`).

For each side, for each of its 25 places (points 1..24 then the bar, in that
side's own numbering), as many 1 bits as checkers and one 0 bit; the side
**not** on roll comes first (as gnubg writes it: checked against gnubg on
asymmetric positions). The 80 bits, least significant first, make 10 bytes
written in base64 without padding (gnubg manual, "A technical description of
the Position ID"). :meth:`core.position.Position.from_id` and ``to_id`` use
it; :mod:`core.ids` has the same as ``decode_position_id`` / ``encode_position_id``.

>>> initial = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> encode_sides(initial, initial)
'4HPwATDgc/ABMA'
>>> decode_sides('4HPwATDgc/ABMA') == (initial, initial)
True
"""

from __future__ import annotations

import base64
import binascii

from . import reasons
from .errors import InvalidIdError, quote

__all__ = ["base64_bits", "decode_sides", "encode_sides"]

B64_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _sides_to_bits(first: tuple[int, ...], second: tuple[int, ...]) -> int:
    value = 0
    bit = 0
    for side in (first, second):
        for n in side:
            value |= ((1 << n) - 1) << bit
            bit += n + 1
    return value


def base64_bits(text: str, what: str, length: int, nbytes: int, original: str) -> int:
    """Base64 text of ``length`` characters (no padding) as a little-endian int of ``nbytes``.

    Raises :class:`InvalidIdError` naming ``what`` and ``original`` on anything malformed.
    """
    if len(text) != length:
        raise InvalidIdError(f"{what} {quote(original)}: {length} characters expected, got {len(text)}")
    for ch in text:
        if ch not in B64_ALPHABET:
            raise InvalidIdError(f"{what} {quote(original)}: invalid character {ch!r}")
    padded = text + "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(padded, validate=True)
    except binascii.Error as exc:  # pragma: no cover - the checks above catch these
        raise InvalidIdError(f"{what} {quote(original)}: {exc}") from None
    if base64.b64encode(raw[:nbytes]).decode("ascii")[:length] != text:
        raise InvalidIdError(f"{what} {quote(original)}: unused trailing bits are set")
    return int.from_bytes(raw[:nbytes], "little")


def encode_sides(player: tuple[int, ...], opponent: tuple[int, ...]) -> str:
    """The 14-character Position ID of two sides (25 counts each, own numbering; ``player`` on roll)."""
    value = _sides_to_bits(opponent, player)
    return base64.b64encode(value.to_bytes(10, "little")).decode("ascii")[:14]


def decode_sides(position_id: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two sides (player on roll, opponent) a Position ID holds; the counts are not checked further.

    Raises :class:`InvalidIdError` on anything that is not 14 characters of
    base64 holding 2 x 25 places.
    """
    if not isinstance(position_id, str):
        raise InvalidIdError(f"Position ID {quote(position_id)}: not a string")
    value = base64_bits(position_id.strip(), "Position ID", 14, 10, position_id)
    sides: list[list[int]] = [[], []]
    side, count, bit = 0, 0, 0
    while side < 2:
        if bit == 80:
            raise InvalidIdError(f"Position ID {quote(position_id)}: too many checkers", reasons.ID_IMPOSSIBLE)
        if (value >> bit) & 1:
            count += 1
        else:
            sides[side].append(count)
            count = 0
            if len(sides[side]) == 25:
                side += 1
        bit += 1
    if value >> bit:
        raise InvalidIdError(f"Position ID {quote(position_id)}: too many checkers", reasons.ID_IMPOSSIBLE)
    return tuple(sides[1]), tuple(sides[0])
