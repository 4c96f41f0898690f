"""The plain exhaustive move search that :func:`core.moves.legal_plays` is tested against.

Slow and obviously right: every order of the dice, every checker, then the
rules that pick among the results (most dice used; the larger die when only
one can be played). It lives with the tests because only they use it.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.dice import Roll
from core.moves import Blocks, Play, _finish, apply_step, pack, single_steps
from core.position import Position


def reference_plays(position: Position, dice: Sequence[int]) -> tuple[Play, ...]:
    """The plain exhaustive search: every order of the dice, every checker.

    Slow and obviously right; :func:`legal_plays` is tested against it.
    """
    roll = Roll.of(dice)
    d1, d2 = roll.dice
    board = Blocks(position)
    orders = [roll.steps] if roll.is_double else [(d1, d2), (d2, d1)]
    found: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {}
    first_die: dict[int, set[int]] = {}

    def walk(m: int, hits: int, rest: tuple[int, ...], steps: tuple[tuple[int, int], ...]) -> None:
        moves = single_steps(m, rest[0], board.blocked) if rest else []
        if not moves and steps:
            key = (hits << 100) | m
            found.setdefault(key, (m, hits, steps))
            first_die.setdefault(key, set()).add(rest_first)
        for s, t in moves:
            m2, h2 = apply_step(m, hits, s, t, board.blots)
            walk(m2, h2, rest[1:], steps + ((s, t),))

    m0 = pack(position.player)
    for order in orders:
        rest_first = order[0]
        walk(m0, 0, order, ())
    most = max((len(v[2]) for v in found.values()), default=0)
    found = {k: v for k, v in found.items() if len(v[2]) == most}
    if not roll.is_double and most == 1:
        # only one die can be played: the larger one if it can be
        big = max(d1, d2)
        if any(big in dice_used for dice_used in first_die.values()):
            found = {k: v for k, v in found.items() if big in first_die[k]}
    return _finish(position, found)
