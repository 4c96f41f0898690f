"""The dice of link play: uniform over the 36 rolls, bound to their commitments."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

from link_sim import Sim

from core.link import commitment, derive_opening, derive_roll
from core.link.derive import DOMAIN, roll_values

CHI2_35_P001 = 66.62  # chi-square, 35 degrees of freedom, p = 0.001
CHI2_29_P001 = 58.30  # 29 degrees of freedom


def chi_square(counts: Counter[int], cells: int) -> float:
    total = sum(counts.values())
    expected = total / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def test_rolls_are_uniform_over_the_36_outcomes() -> None:
    rnd = random.Random(36)
    match_id = rnd.randbytes(12)
    counts: Counter[int] = Counter()
    for index in range(36 * 300):
        d1, d2 = derive_roll(match_id, index, index % 2, rnd.randbytes(16), rnd.randbytes(16))
        counts[(d1 - 1) * 6 + d2 - 1] += 1
    assert len(counts) == 36
    assert chi_square(counts, 36) < CHI2_35_P001


def test_openings_are_uniform_over_the_30_non_ties_and_never_tie() -> None:
    rnd = random.Random(30)
    counts: Counter[int] = Counter()
    tie_runs = 0
    for index in range(30 * 200):
        ties, die0, die1 = derive_opening(rnd.randbytes(12), index, 0, rnd.randbytes(16), rnd.randbytes(16))
        assert die0 != die1
        tie_runs += bool(ties)
        counts[(die0 - 1) * 6 + die1 - 1] += 1
    cells = [c for c in range(36) if c // 6 != c % 6]
    expected = sum(counts.values()) / 30
    assert sum((counts[c] - expected) ** 2 / expected for c in cells) < CHI2_29_P001
    assert 0.1 < tie_runs / 6000 < 0.24  # a tie first in 1/6 of the openings


def test_rolls_of_simulated_exchanges_are_uniform() -> None:
    counts: Counter[int] = Counter()
    seed = 0
    while sum(counts.values()) < 36 * 60:
        seed += 1
        state = Sim.new(1, 1000 + seed).play_out()
        for proof in state.proofs:
            if proof.kind == "roll":
                counts[(proof.dice[0] - 1) * 6 + proof.dice[1] - 1] += 1
    assert chi_square(counts, 36) < CHI2_35_P001


def test_bytes_from_252_up_are_skipped_not_folded() -> None:
    # Find inputs whose first hashed byte is >= 252: a modulo would fold it onto 0..35.
    rnd = random.Random(252)
    match_id = bytes(12)
    for _ in range(5000):
        secret, gift = rnd.randbytes(16), rnd.randbytes(16)
        head = DOMAIN + b"roll" + match_id + (0).to_bytes(4, "big") + bytes([0]) + secret + gift
        block = hashlib.sha256(head + (0).to_bytes(4, "big")).digest()
        if block[0] >= 252:
            accepted = [b for b in block if b < 252]
            assert next(roll_values(match_id, 0, 0, secret, gift)) == accepted[0] % 36
            value = accepted[0] % 36
            assert derive_roll(match_id, 0, 0, secret, gift) == (value // 6 + 1, value % 6 + 1)
            return
    raise AssertionError("no byte >= 252 found")


def test_a_commitment_binds_the_secret_the_match_the_seat_and_its_index() -> None:
    secret = bytes(range(16))
    base = commitment(bytes(12), 0, 3, secret)
    assert commitment(bytes(12), 0, 3, secret) == base
    assert commitment(bytes(12), 0, 3, bytes(16)) != base
    assert commitment(bytes(11) + b"\1", 0, 3, secret) != base
    assert commitment(bytes(12), 1, 3, secret) != base
    assert commitment(bytes(12), 0, 4, secret) != base


def test_each_side_changes_the_roll() -> None:
    # Neither bytes alone decide: change either and the dice change for some inputs.
    rnd = random.Random(7)
    secret, gift = rnd.randbytes(16), rnd.randbytes(16)
    base = derive_roll(bytes(12), 5, 1, secret, gift)
    assert {derive_roll(bytes(12), 5, 1, rnd.randbytes(16), gift) for _ in range(40)} - {base}
    assert {derive_roll(bytes(12), 5, 1, secret, rnd.randbytes(16)) for _ in range(40)} - {base}
    assert {derive_roll(bytes(12), i, 1, secret, gift) for i in range(40)} - {base}
