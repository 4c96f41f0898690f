"""Legal plays for the player on roll, written once.

A *play* is everything one player does with one roll: up to two steps (four
with doubles). :func:`legal_plays` returns one :class:`Play` per distinct
resulting position (hits included), already filtered by the rules that the
seeds spell out: enter from the bar first; never land on a point held by two
or more opposing checkers; bear off only with every checker at home, with the
exact number or, failing that, a larger number from the highest occupied
point; use as many dice as possible; when only one die can be played, play
the larger if possible.

Points in steps use the mover's numbering: 1..24, ``25`` for the bar and
``0`` for off.

>>> from core.position import Position
>>> plays = legal_plays(Position.initial(), (3, 1))
>>> len(plays)
16
>>> sorted(p.steps for p in plays)[-1]
((24, 21), (24, 23))

Internally a side is packed into one integer, four bits per place (index 0..23
for points 1..24, 24 for the bar), so a step is two additions and a result is
hashed as one int. :func:`legal_plays` uses a fast search; the tests hold the plain
exhaustive search over every order of the dice that the fast one is checked
against (``tests/core/reference_moves.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .dice import Roll
from .position import BAR, Position

Step = tuple[int, int]
"""(from_point, to_point): 1..24, 25 = bar, 0 = off, in the mover's numbering."""

_BIT = tuple(1 << (4 * i) for i in range(25))
_BAR_SHIFT = 4 * BAR


def pack(side: Sequence[int]) -> int:
    """Pack 25 counts (points 1..24, bar) into one integer, four bits each."""
    value = 0
    for i, n in enumerate(side):
        value |= n << (4 * i)
    return value


def unpack(value: int) -> tuple[int, ...]:
    """The inverse of :func:`pack`."""
    return tuple((value >> (4 * i)) & 15 for i in range(25))


class Play:
    """One legal play: its steps, the points it hits and the position it leaves.

    ``result`` is the position after the play, **still from the mover's side**;
    ``play.result.swapped()`` hands it to the opponent. Two plays are equal when
    they leave the same position.
    """

    __slots__ = ("position", "_raw", "_board", "_hits", "_result")

    def __init__(self, position: Position, raw: tuple[tuple[int, int], ...], board: int, hits: int) -> None:
        self.position = position
        self._raw = raw  # steps as (index, index), -1 for off: converted on demand
        self._board = board
        self._hits = hits
        self._result: Position | None = None

    @classmethod
    def from_steps(cls, position: Position, steps: tuple[Step, ...], board: int, hits: int) -> Play:
        """A play from steps in points (25 = bar, 0 = off)."""
        return cls(position, tuple((s - 1, t - 1) for s, t in steps), board, hits)

    def with_steps(self, steps: tuple[Step, ...]) -> Play:
        """The same play (same result and hits) told as ``steps``, another order of its moves.

        The steps are not checked: they must be an order of this play's moves (as a
        :class:`~core.turn.Turn` made them).

        >>> from core.position import Position
        >>> play = next(p for p in legal_plays(Position.initial(), (3, 1)) if p.steps == ((8, 5), (6, 5)))
        >>> play.with_steps(((6, 5), (8, 5))).steps, play.with_steps(((6, 5), (8, 5))) == play
        (((6, 5), (8, 5)), True)
        """
        return Play.from_steps(self.position, steps, self._board, self._hits)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps in the order played: (from, to) points, 25 = bar, 0 = off."""
        return tuple((s + 1, t + 1) for s, t in self._raw)

    @property
    def hits(self) -> tuple[int, ...]:
        """Points (mover's numbering) where an opposing blot was hit, highest first."""
        return tuple(i + 1 for i in range(23, -1, -1) if (self._hits >> i) & 1)

    @property
    def step_hits(self) -> tuple[bool, ...]:
        """For each step, in the order played, whether it hit an opposing blot.

        >>> from core.position import Position
        >>> pos = Position.from_text("x 13:2 / o 14:1 18:1")
        >>> [(p, p.step_hits, p.hits) for p in legal_plays(pos, (4, 2))]
        [(<Play 13/9 13/11*>, (False, True), (11,)), (<Play 13/9 9/7*>, (False, True), (7,)),
         (<Play 13/11* 11/7*>, (True, True), (11, 7))]
        """
        return hit_flags(self.steps, self.hits)

    @property
    def hit_steps(self) -> tuple[Step, ...]:
        """The steps that hit an opposing blot, in the order played."""
        return tuple(step for step, hit in zip(self.steps, self.step_hits) if hit)

    @property
    def key(self) -> int:
        """A hashable value that identifies the resulting position."""
        return (self._hits << 100) | self._board

    @property
    def result(self) -> Position:
        """The position after the play, from the mover's point of view."""
        if self._result is None:
            self._result = result_position(self.position, self._board, self._hits)
        return self._result

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self.key == other.key and self.position == other.position

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        words = [
            f"{_point_name(s)}/{_point_name(t)}{'*' if hit else ''}" for (s, t), hit in zip(self.steps, self.step_hits)
        ]
        return f"<Play {' '.join(words) or 'no move'}>"


def _point_name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)


def hit_flags(steps: Sequence[Step], hits: Sequence[int]) -> tuple[bool, ...]:
    """Which of ``steps`` hit, given the points a play hit: the first landing on each such point.

    A point is hit at most once in a play (the hitter then holds it), so the
    first step that lands on a hit point is the one that hit.

    >>> hit_flags(((13, 7), (7, 3)), (7, 3))
    (True, True)
    >>> hit_flags(((8, 5), (6, 5)), (5,))
    (True, False)
    """
    left = set(hits)
    flags = []
    for _, t in steps:
        flags.append(t in left)
        left.discard(t)
    return tuple(flags)


def steps_hits(position: Position, steps: Sequence[Step]) -> tuple[bool, ...]:
    """For each of ``steps`` played in order from ``position``, whether it hits a blot.

    The steps are not checked against the rules: this only reads the board
    (a step lands on a point holding one opposing checker not yet hit).

    >>> pos = Position.from_text("x bar:1 13:1 / o 3:1 19:1")
    >>> steps_hits(pos, ((25, 22), (22, 18), (13, 6)))
    (True, False, True)
    """
    opponent = list(position.opponent)
    flags = []
    for _, t in steps:
        hit = 1 <= t <= 24 and opponent[24 - t] == 1
        if hit:
            opponent[24 - t] = 0
        flags.append(hit)
    return tuple(flags)


class Blocks:
    """What stays fixed during one turn, packed: the opponent's made points and blots.

    ``blocked[i]``: the mover's point ``i + 1`` holds two or more opposing checkers;
    ``blots``: bit ``i`` set when it holds exactly one. With :func:`single_steps` and
    :func:`apply_step`, the primitives that :func:`legal_plays` and
    :class:`~core.turn.Turn` step a packed side with (indices 0..23 for points 1..24,
    24 for the bar, -1 for off).

    >>> from core.position import Position
    >>> blocks = Blocks(Position.from_text("x 13:2 / o 14:1 19:2"))
    >>> [i + 1 for i, b in enumerate(blocks.blocked) if b], [i + 1 for i in range(24) if blocks.blots >> i & 1]
    ([6], [11])
    """

    __slots__ = ("blocked", "blots")

    def __init__(self, position: Position) -> None:
        rev = position.opponent[23::-1]  # the opponent's counts on our points 1..24
        self.blocked = tuple([n >= 2 for n in rev])
        blots = 0
        if 1 in rev:
            for i, n in enumerate(rev):
                if n == 1:
                    blots |= 1 << i
        self.blots = blots


def single_steps(m: int, d: int, blocked: tuple[bool, ...]) -> list[tuple[int, int]]:
    """Every legal single step ``(s, t)`` of the packed side ``m`` with die ``d``, as indices (t = -1 for off).

    The rules of one step only (enter first, never onto a block, bear off when all are home);
    which dice must be used is :func:`legal_plays`'s business.

    >>> from core.position import Position
    >>> pos = Position.from_text("x 13:2 / o 14:1 19:2")
    >>> single_steps(pack(pos.player), 6, Blocks(pos).blocked), single_steps(pack(pos.player), 1, Blocks(pos).blocked)
    ([(12, 6)], [(12, 11)])
    """
    if m >> _BAR_SHIFT:
        t = BAR - d
        return [] if blocked[t] else [(BAR, t)]
    out = []
    s = 23
    while s >= 0 and not (m >> (4 * s)):
        s -= 1
    all_home = not (m >> 24)
    top = s
    while s >= 0:
        if (m >> (4 * s)) & 15:
            t = s - d
            if t >= 0:
                if not blocked[t]:
                    out.append((s, t))
            elif all_home and (t == -1 or s == top):
                out.append((s, -1))
        s -= 1
    return out


def apply_step(m: int, hits: int, s: int, t: int, blots: int) -> tuple[int, int]:
    """The packed side ``m`` and hit mask ``hits`` after the step ``(s, t)`` (indices, t = -1 for off).

    ``blots`` is :attr:`Blocks.blots`: a step onto one of them sets its bit in the hit mask.

    >>> m, hits = apply_step(pack([0] * 12 + [2] + [0] * 12), 0, 12, 10, 1 << 10)
    >>> unpack(m)[10:13], bin(hits)
    ((1, 0, 1), '0b10000000000')
    """
    m -= _BIT[s]
    if t >= 0:
        m += _BIT[t]
        hits |= blots & (1 << t)
    return m, hits


def _finish(position: Position, found: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]]) -> tuple[Play, ...]:
    """Plays from search results that all use the same, maximal, number of dice."""
    return tuple([Play(position, raw, m, hits) for m, hits, raw in found.values()])


def legal_plays(position: Position, dice: Sequence[int] | Roll) -> tuple[Play, ...]:
    """Every legal play of the player on roll, one per distinct resulting position.

    An empty tuple means the roll cannot be played at all.

    >>> from core.position import Position
    >>> pos = Position.from_text("x bar:2 6:2 / o 6:2 5:2 4:2 3:2 2:2")
    >>> [p.steps for p in legal_plays(pos, (6, 1))]
    [((25, 24),)]
    """
    return _finish(position, _search(position, dice))


def legal_results(position: Position, dice: Sequence[int] | Roll) -> list[tuple[int, int]]:
    """What :func:`legal_plays` finds, in the same order, as ``(board, hits)`` pairs only: the
    mover's side after the play, packed as :func:`pack` packs it, and the opponent's checkers
    hit (bit ``i``: the mover's index ``i``). No :class:`Play` is built: for bulk use (training).

    >>> from core.position import Position
    >>> pos = Position.initial()
    >>> [(board, hits) for board, hits in legal_results(pos, (3, 1))] == [
    ...     (p._board, p._hits) for p in legal_plays(pos, (3, 1))]
    True
    """
    return [(m, hits) for m, hits, _raw in _search(position, dice).values()]


def result_position(position: Position, board: int, hits: int) -> Position:
    """The position a play of ``position`` leaves, from the mover's point of view, given as one of
    :func:`legal_results`' ``(board, hits)`` pairs (what :attr:`Play.result` builds).

    >>> from core.position import Position
    >>> pos = Position.initial()
    >>> all(result_position(pos, board, hits) == p.result
    ...     for (board, hits), p in zip(legal_results(pos, (6, 5)), legal_plays(pos, (6, 5))))
    True
    """
    if not hits:
        return Position.unchecked(unpack(board), position.opponent)
    opponent = list(position.opponent)
    for i in range(24):
        if (hits >> i) & 1:
            opponent[23 - i] = 0
            opponent[BAR] += 1
    return Position.unchecked(unpack(board), tuple(opponent))


def _search(position: Position, dice: Sequence[int] | Roll) -> dict[int, tuple[int, int, tuple[tuple[int, int], ...]]]:
    """The search behind :func:`legal_plays`: the distinct results, each with one way to play it."""
    roll = Roll.of(dice)
    m = pack(position.player)
    board = Blocks(position)
    if roll.is_double:
        return _doubles(m, roll.first, board)
    big, small = roll.high, roll.low
    outside = sum(position.player[6:])
    if outside >= 3 and not position.player[BAR]:
        found: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = _two_dice_contact(m, big, small, board)
    else:
        found = _two_dice_search(m, big, small, board)
    return found


def can_play(position: Position, dice: Sequence[int] | Roll) -> bool:
    """True when the roll has a legal play from ``position``: such a roll must be played.

    The same answer as ``bool(legal_plays(position, dice))``, without the search:
    a roll can be played exactly when one of its dice has a legal step.

    >>> from core.position import Position
    >>> can_play(Position.initial(), (6, 6))
    True
    >>> can_play(Position.from_text("x bar:1 6:2 / o 6:2 5:2 4:2 3:2 2:2 1:2"), (6, 5))
    False
    """
    roll = Roll.of(dice)
    m = pack(position.player)
    blocked = Blocks(position).blocked
    return any(single_steps(m, d, blocked) for d in {roll.first, roll.second})


def _two_dice_contact(m: int, big: int, small: int, board: Blocks):  # type: ignore[no-untyped-def]
    """Two different dice, nothing on the bar, no bear-off possible this turn.

    Without bar or bear-off, a step's legality depends only on its source
    holding a checker and its target not being blocked, so two steps by
    different checkers commute, and only a checker that moves twice needs
    the landing point of its first step checked.
    """
    blocked, blots = board.blocked, board.blots
    first = single_steps(m, big, blocked)
    second = single_steps(m, small, blocked)
    found: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {}
    for s1, t1 in first:
        m1 = m - _BIT[s1] + _BIT[t1]
        h1 = blots & (1 << t1)
        more = (m >> (4 * s1)) & 15 > 1
        for s2, t2 in second:
            if s2 == s1 and not more:
                continue
            m2 = m1 - _BIT[s2] + _BIT[t2]
            h2 = h1 | (blots & (1 << t2))
            key = (h2 << 100) | m2
            if key not in found:
                found[key] = (m2, h2, ((s1, t1), (s2, t2)))
        # the same checker again, big die first
        t2 = t1 - small
        if t2 >= 0 and not blocked[t2]:
            m2 = m1 - _BIT[t1] + _BIT[t2]
            h2 = h1 | (blots & (1 << t2))
            key = (h2 << 100) | m2
            if key not in found:
                found[key] = (m2, h2, ((s1, t1), (t1, t2)))
    # the same checker, small die first (only the intermediate point differs)
    for s1, t1 in second:
        t2 = t1 - big
        if t2 >= 0 and not blocked[t2]:
            m2 = m - _BIT[s1] + _BIT[t2]
            h2 = (blots & (1 << t1)) | (blots & (1 << t2))
            key = (h2 << 100) | m2
            if key not in found:
                found[key] = (m2, h2, ((s1, t1), (t1, t2)))
    if found:
        return found
    singles = first or second
    for s, t in singles:
        m1 = m - _BIT[s] + _BIT[t]
        h1 = blots & (1 << t)
        found[(h1 << 100) | m1] = (m1, h1, ((s, t),))
    return found


def _two_dice_search(m: int, big: int, small: int, board: Blocks):  # type: ignore[no-untyped-def]
    """Two different dice, general case: try both orders exhaustively."""
    blocked, blots = board.blocked, board.blots
    found: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {}
    one: dict[int, dict[int, tuple[int, int, tuple[tuple[int, int], ...]]]] = {big: {}, small: {}}
    for d1, d2 in ((big, small), (small, big)):
        for s1, t1 in single_steps(m, d1, blocked):
            m1, h1 = apply_step(m, 0, s1, t1, blots)
            seconds = single_steps(m1, d2, blocked)
            if not seconds:
                one[d1][(h1 << 100) | m1] = (m1, h1, ((s1, t1),))
            for s2, t2 in seconds:
                m2, h2 = apply_step(m1, h1, s2, t2, blots)
                key = (h2 << 100) | m2
                if key not in found:
                    found[key] = (m2, h2, ((s1, t1), (s2, t2)))
    if found:
        return found
    return one[big] or one[small]


def _doubles(m: int, d: int, board: Blocks) -> dict[int, tuple[int, int, tuple[tuple[int, int], ...]]]:
    """Doubles: up to four steps of ``d``, sources taken in non-increasing order.

    Any legal sequence of equal steps can be reordered so that sources never
    increase (bar first, then from the back), and that order is always legal.
    The search goes one step at a time over the distinct states reached; of
    two paths to one state, the one whose last source is higher allows every
    continuation the other does, so only it is kept.
    """
    blocked, blots = board.blocked, board.blots
    frontier: dict[int, tuple[int, int, int, tuple[tuple[int, int], ...]]] = {0: (m, 0, BAR, ())}
    last: dict[int, tuple[int, int, int, tuple[tuple[int, int], ...]]] = {}
    for _ in range(4):
        nxt: dict[int, tuple[int, int, int, tuple[tuple[int, int], ...]]] = {}
        for m0, hits, top, steps in frontier.values():
            if m0 >> _BAR_SHIFT:
                if top != BAR:
                    continue
                t = BAR - d
                if blocked[t]:
                    continue
                m2 = m0 - _BIT[BAR] + _BIT[t]
                h2 = hits | (blots & (1 << t))
                key = (h2 << 100) | m2
                if key not in nxt:
                    nxt[key] = (m2, h2, BAR, steps + ((BAR, t),))
                continue
            if top == BAR:
                top = 23
            all_home = not (m0 >> 24)
            highest = 23
            while highest >= 0 and not (m0 >> (4 * highest)):
                highest -= 1
            for s in range(min(top, highest), -1, -1):
                if not (m0 >> (4 * s)) & 15:
                    continue
                t = s - d
                if t >= 0:
                    if blocked[t]:
                        continue
                    m2 = m0 - _BIT[s] + _BIT[t]
                    h2 = hits | (blots & (1 << t))
                elif all_home and (t == -1 or s == highest):
                    m2, h2, t = m0 - _BIT[s], hits, -1
                else:
                    continue
                key = (h2 << 100) | m2
                old = nxt.get(key)
                if old is None or old[2] < s:
                    nxt[key] = (m2, h2, s, steps + ((s, t),))
        if not nxt:
            break
        frontier = last = nxt
    return {key: (m2, h2, steps) for key, (m2, h2, _, steps) in last.items()}
