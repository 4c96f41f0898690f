"""The board as an immutable value, seen from the player on roll.

A :class:`Position` holds two tuples of 25 checker counts, one per side, each
in that side's own numbering: index 0..23 are points 1..24 (a side moves from
its 24 point towards its 1 point and bears off below 1), index 24 is the bar.
Borne-off checkers are derived (``15 - on board``). The side called
``player`` is the one on roll; :meth:`Position.swapped` hands the board to
the other side, so move generation is only ever written for the player on
roll. Our point ``p`` is the opponent's point ``25 - p``.

>>> pos = Position.initial()
>>> pos.pip_count()
(167, 167)
>>> pos.swapped() == pos
True
>>> Position.from_text("x 6:2 5:1 / o 24:1")
Position.from_text('x 6:2 5:1 / o 24:1')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .errors import InvalidIdError, InvalidPositionError
from .position_id import decode_sides, encode_sides

CHECKERS = 15
BAR = 24  # index of the bar in a side's tuple
POINTS = 24

_INITIAL = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def _check_side(name: str, side: tuple[int, ...]) -> None:
    if len(side) != 25:
        raise InvalidPositionError(f"{name}: 25 counts expected (points 1..24 and bar), got {len(side)}")
    for i, n in enumerate(side):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            where = "bar" if i == BAR else f"point {i + 1}"
            raise InvalidPositionError(f"{name}: {where} has an invalid count {n!r}")
    total = sum(side)
    if total > CHECKERS:
        raise InvalidPositionError(f"{name}: {total} checkers, at most {CHECKERS} allowed")


@dataclass(frozen=True, slots=True)
class Position:
    """Checkers of both sides, from the point of view of the player on roll.

    ``player[i]`` / ``opponent[i]``: checkers on that side's point ``i + 1``
    (``i`` in 0..23) or on the bar (``i == 24``).
    """

    player: tuple[int, ...]
    opponent: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_side("player on roll", self.player)
        _check_side("opponent", self.opponent)
        for i in range(POINTS):
            if self.player[i] and self.opponent[23 - i]:
                raise InvalidPositionError(
                    f"point {i + 1} holds checkers of both sides "
                    f"({self.player[i]} of the player on roll, {self.opponent[23 - i]} of the opponent)"
                )

    # -- construction -------------------------------------------------
    @classmethod
    def initial(cls) -> Position:
        """The starting position: 2 on the 24, 5 on the 13, 3 on the 8, 5 on the 6."""
        return cls(_INITIAL, _INITIAL)

    @classmethod
    def unchecked(cls, player: tuple[int, ...], opponent: tuple[int, ...]) -> Position:
        """Build without validation: for a generator whose results are valid by construction
        (the core's move generation; the training engines', tested equal to it). Anything read
        from outside goes through ``Position(player, opponent)``, which checks.

        >>> Position.unchecked(Position.initial().player, Position.initial().opponent) == Position.initial()
        True
        """
        pos = object.__new__(cls)
        object.__setattr__(pos, "player", player)
        object.__setattr__(pos, "opponent", opponent)
        return pos

    @classmethod
    def from_id(cls, position_id: str) -> Position:
        """Decode a gnubg Position ID (14 characters).

        >>> Position.from_id("4HPwATDgc/ABMA") == Position.initial()
        True
        """
        player, opponent = decode_sides(position_id)
        try:
            return cls(player, opponent)
        except InvalidPositionError as exc:
            raise InvalidIdError(f"Position ID {position_id!r}: {exc}") from None

    def to_id(self) -> str:
        """The gnubg Position ID of this position (player on roll as gnubg's side on roll).

        >>> Position.initial().to_id()
        '4HPwATDgc/ABMA'
        """
        return encode_sides(self.player, self.opponent)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Build from a short readable text, for tests and tutorials.

        ``"x 24:2 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:5"``: the side on roll
        (``x``) then the opponent (``o``), each as ``point:count`` in its own
        numbering; ``bar:n`` for the bar. Borne-off checkers are implied.

        >>> Position.from_text("x 24:2 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:5") == Position.initial()
        True
        """
        halves = text.split("/")
        if len(halves) != 2:
            raise InvalidPositionError(f"position text {text!r}: expected 'x ... / o ...'")
        sides: list[tuple[int, ...]] = []
        for half, label in zip(halves, ("x", "o")):
            words = half.split()
            if not words or words[0] != label:
                raise InvalidPositionError(f"position text {text!r}: side must start with {label!r}")
            counts = [0] * 25
            for word in words[1:]:
                point, sep, count = word.partition(":")
                if not sep:
                    raise InvalidPositionError(f"position text {text!r}: {word!r} is not point:count")
                try:
                    index = BAR if point == "bar" else int(point) - 1
                    n = int(count)
                except ValueError:
                    raise InvalidPositionError(f"position text {text!r}: {word!r} is not point:count") from None
                if not 0 <= index <= BAR:
                    raise InvalidPositionError(f"position text {text!r}: no point {point!r}")
                counts[index] += n
            sides.append(tuple(counts))
        return cls(sides[0], sides[1])

    def to_text(self) -> str:
        """The inverse of :meth:`from_text`."""

        def side(label: str, counts: tuple[int, ...]) -> str:
            words = [label]
            if counts[BAR]:
                words.append(f"bar:{counts[BAR]}")
            words += [f"{i + 1}:{counts[i]}" for i in range(23, -1, -1) if counts[i]]
            return " ".join(words)

        return f"{side('x', self.player)} / {side('o', self.opponent)}"

    # -- derived values ------------------------------------------------
    def swapped(self) -> Position:
        """The same board seen by the other side (who becomes the player on roll)."""
        return Position.unchecked(self.opponent, self.player)

    def pip_count(self) -> tuple[int, int]:
        """Pips needed to bear everything off: (player on roll, opponent)."""

        def pips(side: tuple[int, ...]) -> int:
            return sum(n * (i + 1) for i, n in enumerate(side))

        return pips(self.player), pips(self.opponent)

    def borne_off(self) -> tuple[int, int]:
        """Checkers already borne off: (player on roll, opponent)."""
        return CHECKERS - sum(self.player), CHECKERS - sum(self.opponent)

    def on_bar(self) -> tuple[int, int]:
        """Checkers on the bar: (player on roll, opponent)."""
        return self.player[BAR], self.opponent[BAR]

    def is_race(self) -> bool:
        """True when no contact remains (every checker of each side has passed all of the other's).

        >>> Position.initial().is_race()
        False
        """
        mine = [i for i in range(25) if self.player[i]]
        theirs = [23 - i for i in range(24) if self.opponent[i]]
        if self.opponent[BAR]:
            theirs.append(-1)
        if not mine or not theirs:
            return True
        return max(mine) < min(theirs) if self.player[BAR] == 0 else False

    def is_game_over(self) -> bool:
        """True when one side has borne off all its checkers."""
        return sum(self.player) == 0 or sum(self.opponent) == 0

    def can_bear_off(self) -> bool:
        """True when every checker of the player on roll is in the home board (points 1..6)."""
        return sum(self.player[6:]) == 0

    def points(self) -> Iterator[tuple[int, int, int]]:
        """Yield ``(point, player_count, opponent_count)`` for points 1..24, player's numbering."""
        for i in range(POINTS):
            yield i + 1, self.player[i], self.opponent[23 - i]

    # -- text -----------------------------------------------------------
    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        """An ASCII board: X is the player on roll, moving from 24 down to 1 (bottom right)."""
        top = list(range(13, 25))
        bottom = list(range(12, 0, -1))

        def cell(point: int, row: int) -> str:
            x, o = self.player[point - 1], self.opponent[24 - point]
            n, mark = (x, "X") if x else (o, "O")
            if n > row:
                return f" {n:>2}" if row == 4 and n > 5 else f"  {mark}"
            return "  ."

        lines = [" " + "".join(f"{p:>3}" for p in top[:6]) + " |" + "".join(f"{p:>3}" for p in top[6:])]
        for row in range(5):
            lines.append(" " + "".join(cell(p, row) for p in top[:6]) + " |" + "".join(cell(p, row) for p in top[6:]))
        off = self.borne_off()
        lines.append(f" bar X:{self.player[BAR]} O:{self.opponent[BAR]}   off X:{off[0]} O:{off[1]}")
        for row in range(4, -1, -1):
            lines.append(
                " " + "".join(cell(p, row) for p in bottom[:6]) + " |" + "".join(cell(p, row) for p in bottom[6:])
            )
        lines.append(" " + "".join(f"{p:>3}" for p in bottom[:6]) + " |" + "".join(f"{p:>3}" for p in bottom[6:]))
        return "\n".join(lines)
