"""Seeded positions with dice for testing move generation (and benchmarking it).

``cases(n, seed)`` mixes several generators, each aimed at a family of rules:

* ``walk``: random games from the opening (every kind of middle game);
* ``bar``: one to four checkers on the bar against a closed, nearly closed or
  open home board;
* ``bearoff``: every checker home, with opposing checkers in our home board or
  on the bar (hits while bearing off), many doubles, the larger-die rule;
* ``prime``: checkers trapped behind five or six consecutive points;
* ``race``: no contact left, endgames with few checkers;
* ``scatter``: any legal distribution of checkers.

The walks move checkers with a deliberately simple stepper (each die on its
own, enter first, no landing on a made point, bear off only when home) that
shares no code with ``core.moves``: the positions it reaches are legal
positions, which is all a test corpus needs. Positions where a side has no
checker left are never produced. Everything is a pure function of the seed.

>>> cases(3, seed=1) == cases(3, seed=1)
True
>>> len(cases(50, seed=2))
50
"""

from __future__ import annotations

import random
from collections.abc import Callable

from core.position import BAR, CHECKERS, Position

Case = tuple[str, int, int]
Side = list[int]

KINDS = ("walk", "bar", "bearoff", "prime", "race", "scatter")


def cases(n: int, seed: int = 0) -> list[Case]:
    """``n`` cases (Position ID with the player on roll, die 1, die 2), spread over :data:`KINDS`."""
    rng = random.Random(seed)
    makers: dict[str, Callable[[random.Random], Position]] = {
        "walk": _walk,
        "bar": _bar,
        "bearoff": _bearoff,
        "prime": _prime,
        "race": _race,
        "scatter": _scatter,
    }
    # Walks give the most varied positions; the others target one rule each.
    weights = {"walk": 4, "bar": 2, "bearoff": 2, "prime": 1, "race": 1, "scatter": 2}
    kinds = list(makers)
    out: list[Case] = []
    while len(out) < n:
        kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
        position = makers[kind](rng)
        if sum(position.player) == 0 or sum(position.opponent) == 0:
            continue
        d1, d2 = _dice(rng, kind)
        out.append((position.to_id(), d1, d2))
    return out


def _dice(rng: random.Random, kind: str) -> tuple[int, int]:
    if kind == "bearoff" and rng.random() < 0.3:
        d = rng.randint(1, 6)
        return d, d
    return rng.randint(1, 6), rng.randint(1, 6)


# -- a stepper that knows only the basic rules ----------------------------------------
def _step(me: Side, opp: Side, die: int, rng: random.Random) -> bool:
    """Move one checker of ``me`` by ``die`` at random if some move is possible; hits blots."""
    sources = [25] if me[BAR] else [p for p in range(1, 25) if me[p - 1]]
    home = me[BAR] == 0 and sum(me[6:24]) == 0
    highest = max((p for p in range(1, 25) if me[p - 1]), default=0)
    options = []
    for src in sources:
        dst = src - die
        if dst >= 1:
            if opp[24 - dst] >= 2:
                continue
            options.append((src, dst))
        elif home and (dst == 0 or src == highest):
            options.append((src, 0))
    if not options:
        return False
    src, dst = rng.choice(options)
    me[BAR if src == 25 else src - 1] -= 1
    if dst:
        me[dst - 1] += 1
        if opp[24 - dst] == 1:
            opp[24 - dst] = 0
            opp[BAR] += 1
    return True


def _walk(rng: random.Random) -> Position:
    me, opp = list(Position.initial().player), list(Position.initial().opponent)
    for _ in range(rng.randint(0, 60)):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        for die in [d1] * 4 if d1 == d2 else [d1, d2]:
            _step(me, opp, die, rng)
        if sum(me) == 0:
            break
        me, opp = opp, me
    return Position(tuple(me), tuple(opp))


# -- synthetic positions ----------------------------------------------------------------
def _place(side: Side, points: list[int], count: int, rng: random.Random, free: Callable[[int], bool]) -> None:
    """Put ``count`` checkers of ``side`` at random on ``points`` (1..24, 25 = bar) where ``free``."""
    allowed = [p for p in points if free(p)]
    for _ in range(count):
        if not allowed:
            return
        p = rng.choice(allowed)
        side[BAR if p == 25 else p - 1] += 1


def _build(rng: random.Random, mine: Callable[[Side, Side], None], theirs: Callable[[Side, Side], None]) -> Position:
    me, opp = [0] * 25, [0] * 25
    theirs(me, opp)
    mine(me, opp)
    return Position(tuple(me), tuple(opp))


def _mine_free(opp: Side) -> Callable[[int], bool]:
    return lambda p: p == 25 or opp[24 - p] == 0


def _theirs_free(me: Side) -> Callable[[int], bool]:
    # p in the opponent's numbering; our point 25 - p.
    return lambda p: p == 25 or me[24 - p] == 0


def _bar(rng: random.Random) -> Position:
    made = rng.choice([6, 5, 5, 4, 4, 3, 2, 1, 0])

    def theirs(me: Side, opp: Side) -> None:
        home = rng.sample(range(1, 7), made)  # the opponent's home = where we enter
        for p in home:
            opp[p - 1] = 2
        left = CHECKERS - 2 * made
        _place(opp, list(range(1, 25)), rng.randint(0, left), rng, lambda p: p > 6 or opp[p - 1] == 0)

    def mine(me: Side, opp: Side) -> None:
        me[BAR] = rng.randint(1, 4)
        _place(me, list(range(1, 25)), rng.randint(0, CHECKERS - me[BAR]), rng, _mine_free(opp))

    return _build(rng, mine, theirs)


def _bearoff(rng: random.Random) -> Position:
    def theirs(me: Side, opp: Side) -> None:
        # Their back checkers sit in our home board (their 19..24), some as blots; some on the bar.
        back = rng.choice([0, 0, 1, 1, 2, 3])
        for _ in range(back):
            opp[rng.randint(19, 24) - 1] += 1
        opp[BAR] = rng.choice([0, 0, 0, 1, 2])
        _place(opp, list(range(1, 19)), rng.randint(1, CHECKERS - back - opp[BAR]), rng, lambda p: True)

    def mine(me: Side, opp: Side) -> None:
        count = rng.choice([1, 2, 3, 4, 6, 8, 10, 12, 15, rng.randint(1, 15)])
        _place(me, list(range(1, 7)), count, rng, _mine_free(opp))

    return _build(rng, mine, theirs)


def _prime(rng: random.Random) -> Position:
    length = rng.choice([5, 6, 6])

    def theirs(me: Side, opp: Side) -> None:
        start = rng.randint(1, 20 - length)  # their points start..start+length-1
        for p in range(start, start + length):
            opp[p - 1] = 2
        _place(opp, list(range(1, 25)), rng.randint(0, CHECKERS - 2 * length), rng, lambda p: True)

    def mine(me: Side, opp: Side) -> None:
        # Our checkers behind their prime are on our points above it (25 - their point).
        behind = [p for p in range(1, 25) if opp[24 - p] == 0]
        _place(me, behind, rng.randint(1, 15), rng, _mine_free(opp))
        me[BAR] = rng.choice([0, 0, 0, 1])
        me[BAR] = min(me[BAR], CHECKERS - sum(me[:BAR]))

    return _build(rng, mine, theirs)


def _race(rng: random.Random) -> Position:
    split = rng.randint(6, 18)  # we hold points below split, they hold our points above it

    def theirs(me: Side, opp: Side) -> None:
        _place(opp, list(range(1, 25 - split)), rng.randint(1, CHECKERS), rng, lambda p: True)

    def mine(me: Side, opp: Side) -> None:
        _place(me, list(range(1, split + 1)), rng.randint(1, CHECKERS), rng, lambda p: True)

    return _build(rng, mine, theirs)


def _scatter(rng: random.Random) -> Position:
    def theirs(me: Side, opp: Side) -> None:
        _place(opp, list(range(1, 26)), rng.randint(1, CHECKERS), rng, lambda p: p == 25 or rng.random() < 0.6)

    def mine(me: Side, opp: Side) -> None:
        _place(me, list(range(1, 26)), rng.randint(1, CHECKERS), rng, _mine_free(opp))

    return _build(rng, mine, theirs)


# -- the fixed corpus (tests/data/movegen_corpus.txt) -------------------------------------
CORPUS_SEED = 20261130
CORPUS_SIZE = 10_000


def read_corpus(path: str) -> list[tuple[str, int, int, int]]:
    """The corpus lines as (Position ID, die 1, die 2, number of distinct results per gnubg)."""
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            pid, d1, d2, count = line.split()
            rows.append((pid, int(d1), int(d2), int(count)))
    return rows


def write_corpus(path: str, processes: int | None = None) -> None:
    """Regenerate the corpus: :data:`CORPUS_SIZE` cases of seed :data:`CORPUS_SEED`, counted by gnubg."""
    from tests.gnubg.oracle import GnubgOracle

    corpus = cases(CORPUS_SIZE, CORPUS_SEED)
    counts = GnubgOracle(processes).legal_results(corpus)
    with open(path, "w") as f:
        f.write(
            "# Move generation corpus: Position ID (player on roll), die 1, die 2, and the number of\n"
            "# distinct positions that legal plays leave, as GNU Backgammon 1.07 counts them.\n"
            f"# Written by `python -m tests.gnubg.cases {path}` (seed {CORPUS_SEED}); do not edit.\n"
        )
        for (pid, d1, d2), results in zip(corpus, counts):
            f.write(f"{pid} {d1} {d2} {len(results)}\n")


if __name__ == "__main__":
    import sys

    write_corpus(sys.argv[1] if len(sys.argv) > 1 else "tests/data/movegen_corpus.txt")
