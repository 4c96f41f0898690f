"""Dice: the 21 distinct rolls with their weights, rolling, and the opening roll.

The core never draws random numbers itself: whoever plays passes an
:data:`Rng`, a callable that returns one die (1..6) per call -- the browser
passes its crypto random source, tests a seeded :class:`random.Random`'s
``lambda: r.randint(1, 6)``. Whatever the rng returns is checked.

>>> len(ROLLS), sum(r.ways for r in ROLLS)
(21, 36)
>>> ROLLS[0], ROLLS[0].probability
(WeightedRoll(high=1, low=1, ways=1), Fraction(1, 36))
>>> faces = iter([4, 4, 2, 5])
>>> opening_roll(lambda: next(faces))
OpeningRoll(dice=(2, 5), ties=(4,))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .errors import BackgammonError
from .reasons import INVALID_DICE

if TYPE_CHECKING:  # imported on use: fractions (and numbers) cost ~0.1 s of a page's start in Pyodide
    from fractions import Fraction

Rng = Callable[[], int]
"""A source of dice: each call returns one die, 1..6."""

Dice = tuple[int, int]
"""Two dice in the order rolled."""

MAX_OPENING_TIES = 1000
"""An rng that ties this many opening rolls in a row is taken to be broken."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Two dice in the order rolled, a value that knows whether it is a double.

    Build with :meth:`of` (from a pair, checked); ``steps`` are the die values
    to play: four for a double, otherwise the larger die first.

    >>> Roll.of((3, 5)).steps, Roll.of((3, 5)).is_double
    ((5, 3), False)
    >>> Roll.of([4, 4]).steps
    (4, 4, 4, 4)
    >>> Roll.of((0, 7))
    Traceback (most recent call last):
    ...
    core.errors.BackgammonError: dice (0, 7): two numbers from 1 to 6 expected
    """

    first: int
    second: int

    def __post_init__(self) -> None:
        if not (_is_die(self.first) and _is_die(self.second)):
            raise BackgammonError(f"dice {(self.first, self.second)!r}: two numbers from 1 to 6 expected", INVALID_DICE)

    @classmethod
    def of(cls, dice: Sequence[object] | Roll) -> Roll:
        """The roll of ``dice`` (a pair of numbers 1..6, or a :class:`Roll`), checked."""
        if isinstance(dice, Roll):
            return dice
        if isinstance(dice, tuple) and len(dice) == 2 and type(dice[0]) is int and type(dice[1]) is int:
            found = _BY_DICE.get(dice)  # type: ignore[arg-type]
            if found is not None:
                return found
        first, second = check_dice(dice)
        return cls(first, second)  # pragma: no cover - check_dice refuses what the table lacks

    @property
    def is_double(self) -> bool:
        """True when both dice show the same number (the roll is played four times)."""
        return self.first == self.second

    @property
    def high(self) -> int:
        """The larger die."""
        return max(self.first, self.second)

    @property
    def low(self) -> int:
        """The smaller die."""
        return min(self.first, self.second)

    @property
    def dice(self) -> Dice:
        """The two dice as a pair, in the order rolled."""
        return self.first, self.second

    @property
    def steps(self) -> tuple[int, ...]:
        """The die values to play: four for a double, otherwise the larger die first."""
        if self.first == self.second:
            return (self.first,) * 4
        return self.high, self.low

    def __str__(self) -> str:
        return f"{self.first}{self.second}"


class WeightedRoll(NamedTuple):
    """One of the 21 distinct rolls: ``high >= low``; ``ways`` is 1 for doubles, 2 otherwise."""

    high: int
    low: int
    ways: int

    @property
    def dice(self) -> Dice:
        """The roll as a pair, higher die first."""
        return self.high, self.low

    @property
    def probability(self) -> Fraction:
        """``ways / 36``.

        >>> WeightedRoll(6, 5, 2).probability
        Fraction(1, 18)
        """
        from fractions import Fraction

        return Fraction(self.ways, 36)


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def check_dice(dice: Sequence[object]) -> Dice:
    """Return ``dice`` as a pair of ints if they are two numbers 1..6, else raise.

    >>> check_dice([6, 1])
    (6, 1)
    >>> check_dice((0, 7))
    Traceback (most recent call last):
    ...
    core.errors.BackgammonError: dice (0, 7): two numbers from 1 to 6 expected
    """
    try:
        values = tuple(dice)
    except TypeError:
        raise BackgammonError(f"dice {dice!r}: two numbers from 1 to 6 expected", INVALID_DICE) from None
    if len(values) != 2 or not all(_is_die(d) for d in values):
        raise BackgammonError(f"dice {values!r}: two numbers from 1 to 6 expected", INVALID_DICE)
    return values[0], values[1]  # type: ignore[return-value]


_BY_DICE: dict[Dice, Roll] = {(a, b): Roll(a, b) for a in range(1, 7) for b in range(1, 7)}

ROLLS: tuple[WeightedRoll, ...] = tuple(
    WeightedRoll(high, low, 1 if Roll(high, low).is_double else 2) for high in range(1, 7) for low in range(1, high + 1)
)
"""The 21 distinct rolls, ``(1, 1), (2, 1), (2, 2) ... (6, 6)``, with their weights out of 36."""


def roll_die(rng: Rng) -> int:
    """One die from ``rng``, checked.

    >>> roll_die(lambda: 3)
    3
    >>> roll_die(lambda: 0)
    Traceback (most recent call last):
    ...
    core.errors.BackgammonError: the dice source returned 0, not a number from 1 to 6
    """
    value = rng()
    if not _is_die(value):
        raise BackgammonError(f"the dice source returned {value!r}, not a number from 1 to 6", INVALID_DICE)
    return value


def roll(rng: Rng) -> Dice:
    """Roll two dice with ``rng``.

    >>> roll(lambda: 5)
    (5, 5)
    """
    return roll_die(rng), roll_die(rng)


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """The opening roll: one die per player, ``dice = (player 0's, player 1's)``, never equal.

    ``ties`` keeps the value of each tied roll before it, in order, for display.
    The player with the higher die moves first and plays both numbers.

    >>> OpeningRoll((3, 6)).first, OpeningRoll((3, 6)).roll
    (1, (6, 3))
    """

    dice: Dice
    ties: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_dice(self.dice)
        if Roll.of(self.dice).is_double:
            raise BackgammonError(f"opening dice {self.dice}: a tie is rolled again", INVALID_DICE)
        if not all(_is_die(t) for t in self.ties):
            raise BackgammonError(f"opening ties {self.ties!r}: numbers from 1 to 6 expected", INVALID_DICE)

    @property
    def first(self) -> int:
        """The player who moves first: the one with the higher die."""
        return 0 if self.dice[0] > self.dice[1] else 1

    @property
    def roll(self) -> Dice:
        """The first player's roll: their die, then the other one."""
        return (self.dice[0], self.dice[1]) if self.first == 0 else (self.dice[1], self.dice[0])


def opening_roll(rng: Rng) -> OpeningRoll:
    """Roll one die per player (player 0 first) until they differ."""
    ties: list[int] = []
    while len(ties) < MAX_OPENING_TIES:
        d0, d1 = roll_die(rng), roll_die(rng)
        if d0 != d1:
            return OpeningRoll((d0, d1), tuple(ties))
        ties.append(d0)
    raise BackgammonError(f"the dice source tied {MAX_OPENING_TIES} opening rolls in a row", INVALID_DICE)
