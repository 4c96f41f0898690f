"""Dice: the 21 weighted rolls, the checked rng, the opening roll."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from core import reasons
from core.dice import MAX_OPENING_TIES, ROLLS, OpeningRoll, Roll, check_dice, opening_roll, roll
from core.errors import BackgammonError


def test_21_rolls_weigh_36() -> None:
    assert len(ROLLS) == 21
    assert len({r.dice for r in ROLLS}) == 21
    assert sum(r.probability for r in ROLLS) == 1
    for r in ROLLS:
        assert r.high >= r.low
        assert r.ways == (1 if r.high == r.low else 2)
        assert r.probability == Fraction(r.ways, 36)
    # the weights are what two dice give
    counts = Counter((max(a, b), min(a, b)) for a in range(1, 7) for b in range(1, 7))
    assert {r.dice: r.ways for r in ROLLS} == dict(counts)


@pytest.mark.parametrize("bad", [0, 7, -1, "3", 3.0, True, None])
def test_roll_checks_the_rng(bad: object) -> None:
    with pytest.raises(BackgammonError, match="not a number from 1 to 6") as err:
        roll(lambda: bad)  # type: ignore[arg-type,return-value]
    assert err.value.reason == reasons.INVALID_DICE


def test_roll_uses_the_rng_in_order() -> None:
    faces = iter([6, 2])
    assert roll(lambda: next(faces)) == (6, 2)
    rnd = random.Random(1)
    seen = Counter(roll(lambda: rnd.randint(1, 6)) for _ in range(3600))
    assert len(seen) == 36


@pytest.mark.parametrize("bad", [(0, 1), (1, 7), (1,), (1, 2, 3), "12", 12, (True, 2), (1.0, 2)])
def test_check_dice_refuses(bad: object) -> None:
    with pytest.raises(BackgammonError) as err:
        check_dice(bad)  # type: ignore[arg-type]
    assert err.value.reason == reasons.INVALID_DICE


def test_opening_roll_rolls_ties_again_and_keeps_them() -> None:
    faces = iter([3, 3, 6, 6, 1, 5])
    opening = opening_roll(lambda: next(faces))
    assert opening == OpeningRoll((1, 5), (3, 6))
    assert opening.first == 1
    assert opening.roll == (5, 1)
    assert OpeningRoll((6, 2)).first == 0
    assert OpeningRoll((6, 2)).roll == (6, 2)


def test_opening_roll_refuses_ties_and_broken_rngs() -> None:
    with pytest.raises(BackgammonError, match="tie"):
        OpeningRoll((4, 4))
    with pytest.raises(BackgammonError, match=str(MAX_OPENING_TIES)):
        opening_roll(lambda: 2)
    with pytest.raises(BackgammonError):
        OpeningRoll((4, 2), (0,))


def test_opening_roll_is_fair() -> None:
    rnd = random.Random(7)
    firsts = Counter(opening_roll(lambda: rnd.randint(1, 6)).first for _ in range(2000))
    assert 850 < firsts[0] < 1150


def test_a_roll_knows_whether_it_is_a_double() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            roll = Roll.of((a, b))
            assert roll.is_double == (a == b)
            assert roll.dice == (a, b)
            assert roll.steps == ((a,) * 4 if a == b else (max(a, b), min(a, b)))
            assert Roll.of([a, b]) == roll == Roll(a, b)
            assert Roll.of(roll) is roll


@pytest.mark.parametrize("bad", [(0, 1), (1, 7), (True, 1), (1,), (1, 2, 3), ("1", 2), (1.0, 2)])
def test_a_roll_refuses_what_is_not_two_dice(bad: tuple[object, ...]) -> None:
    with pytest.raises(BackgammonError) as info:
        Roll.of(bad)
    assert info.value.reason == "invalid-dice"
