"""A turn in progress, one step at a time: what a board needs.

:class:`Turn` holds the position at the start of the turn, the dice and the
steps made so far. It tells the board every checker's legal next steps such
that the turn can still end in one of :func:`~core.moves.legal_plays`, plays
the automatic step of a clicked checker (the higher die first, as the rules
texts describe), undoes, and explains a refused step with a stable reason
code (see :mod:`core.reasons`).

>>> from core.position import Position
>>> turn = Turn.start(Position.initial(), (3, 1))
>>> turn.destinations()[8]
(5, 7)
>>> turn = turn.step(8, 5).step(6, 5)
>>> turn.is_complete, turn.play().steps
(True, ((8, 5), (6, 5)))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import reasons
from .dice import Roll
from .errors import IllegalPlayError
from .moves import Blocks, Play, Step, apply_step, legal_plays, pack, single_steps, steps_hits
from .position import BAR, Position

TurnStep = tuple[int, int, int]
"""(from_point, to_point, die) in the mover's numbering (25 = bar, 0 = off)."""


@dataclass(frozen=True)
class _Plan:
    """What is fixed for the whole turn: the legal plays and how many dice they use."""

    plays: tuple[Play, ...]
    keys: frozenset[int]
    length: int


def _make_plan(position: Position, dice: tuple[int, int]) -> _Plan:
    plays = legal_plays(position, dice)
    length = len(plays[0]._raw) if plays else 0  # every legal play uses the same number of dice
    return _Plan(plays, frozenset(p.key for p in plays), length)


@dataclass(frozen=True)
class Turn:
    """A partly played turn: ``start`` position (mover's view), ``dice``, ``steps`` made."""

    start_position: Position
    dice: tuple[int, int]
    steps: tuple[TurnStep, ...] = ()
    plan: _Plan | None = field(repr=False, compare=False, default=None)

    @classmethod
    def start(cls, position: Position, dice: tuple[int, int]) -> Turn:
        """A fresh turn with no step made."""
        return cls(position, (dice[0], dice[1]), (), _make_plan(position, (dice[0], dice[1])))

    def __post_init__(self) -> None:
        if self.plan is None:
            object.__setattr__(self, "plan", _make_plan(self.start_position, self.dice))

    @property
    def _plan(self) -> _Plan:
        assert self.plan is not None
        return self.plan

    # -- state ------------------------------------------------------------
    @property
    def roll(self) -> Roll:
        """The dice as a :class:`~core.dice.Roll` (which knows whether it is a double)."""
        return Roll.of(self.dice)

    @property
    def all_dice(self) -> tuple[int, ...]:
        """The dice of the roll as steps: four for doubles."""
        return self.roll.steps

    @property
    def dice_left(self) -> tuple[int, ...]:
        """Dice not used yet, larger first."""
        left = list(self.all_dice)
        for _, _, die in self.steps:
            left.remove(die)
        return tuple(left)

    def _state(self) -> tuple[int, int]:
        board = Blocks(self.start_position)
        m, hits = pack(self.start_position.player), 0
        for s, t, _ in self.steps:
            m, hits = apply_step(m, hits, s - 1, t - 1, board.blots)
        return m, hits

    @property
    def legal_play_count(self) -> int:
        """How many distinct legal plays the roll has (0: the turn must be passed)."""
        return len(self._plan.plays)

    @property
    def is_complete(self) -> bool:
        """True when the steps made form a whole legal play (the turn may be confirmed)."""
        if len(self.steps) != self._plan.length:
            return False
        m, hits = self._state()
        return ((hits << 100) | m) in self._plan.keys

    def play(self) -> Play:
        """The legal play that the steps made form; raises if the turn is not complete."""
        if not self.is_complete:
            raise IllegalPlayError("the turn is not complete", reasons.TURN_NOT_COMPLETE)
        m, hits = self._state()
        key = (hits << 100) | m
        for p in self._plan.plays:
            if p.key == key:
                return p.with_steps(steps_to_play_steps(self.steps))
        raise AssertionError("unreachable")  # pragma: no cover

    @property
    def position(self) -> Position:
        """The board now, after the steps made (mover's view)."""
        m, hits = self._state()
        return Play(self.start_position, (), m, hits).result

    @property
    def step_hits(self) -> tuple[bool, ...]:
        """For each step made, whether it hit an opposing blot.

        >>> turn = Turn.start(Position.from_text("x 13:2 / o 14:1 18:1"), (4, 2))
        >>> turn.step(13, 11).step(11, 7).step_hits
        (True, True)
        """
        return steps_hits(self.start_position, steps_to_play_steps(self.steps))

    @property
    def hits(self) -> tuple[int, ...]:
        """The points (mover's numbering) hit by the steps made so far, in the order hit."""
        return tuple(t for (_, t, _), hit in zip(self.steps, self.step_hits) if hit)

    def would_hit(self, to_point: int) -> bool:
        """Whether a checker landing on ``to_point`` now hits a blot (for the animation of a step).

        >>> Turn.start(Position.from_text("x 13:2 / o 14:1"), (2, 1)).would_hit(11)
        True
        """
        return 1 <= to_point <= 24 and self.position.opponent[24 - to_point] == 1

    # -- the search ------------------------------------------------------
    def _completions(self, m: int, hits: int, left: tuple[int, ...], made: int) -> bool:
        """Can ``made`` steps so far plus some of ``left`` end in a legal play?"""
        if made == self._plan.length:
            return ((hits << 100) | m) in self._plan.keys
        board = Blocks(self.start_position)
        for die in set(left):
            rest = list(left)
            rest.remove(die)
            for s, t in single_steps(m, die, board.blocked):
                m2, h2 = apply_step(m, hits, s, t, board.blots)
                if self._completions(m2, h2, tuple(rest), made + 1):
                    return True
        return False

    def _candidates(self) -> list[TurnStep]:
        """Next steps that the rules allow on their own, ignoring the dice-use rules."""
        m, _ = self._state()
        board = Blocks(self.start_position)
        out: list[TurnStep] = []
        for die in sorted(set(self.dice_left), reverse=True):
            for s, t in single_steps(m, die, board.blocked):
                out.append((s + 1, t + 1, die))
        return out

    def next_steps(self) -> list[TurnStep]:
        """Every next step that still leads to a legal play, higher die first."""
        if len(self.steps) >= self._plan.length:
            return []
        m, hits = self._state()
        board = Blocks(self.start_position)
        out = []
        for s, t, die in self._candidates():
            rest = list(self.dice_left)
            rest.remove(die)
            m2, h2 = apply_step(m, hits, s - 1, t - 1, board.blots)
            if self._completions(m2, h2, tuple(rest), len(self.steps) + 1):
                out.append((s, t, die))
        return out

    def destinations(self) -> dict[int, tuple[int, ...]]:
        """For each point the mover may move from, its legal destinations (0 = off)."""
        dests: dict[int, list[int]] = {}
        for s, t, _ in self.next_steps():
            if t not in dests.setdefault(s, []):
                dests[s].append(t)
        return {s: tuple(ts) for s, ts in dests.items()}

    def routes(self, from_point: int) -> dict[int, tuple[TurnStep, ...]]:
        """Where the checker on ``from_point`` may go this turn, by one die or by several, and how.

        Each destination (0 = off) maps to the steps that take this one checker
        there: one step for a single die; for the sum of the dice (two steps, or
        three or four with doubles), through intermediate points, each step legal
        in turn and the whole still able to end in a legal play. When several
        paths reach the same point, the one that hits the most blots is chosen,
        then the one that plays the higher die first (as :meth:`auto_step`).

        >>> turn = Turn.start(Position.from_text("x 24:2 / o 7:2"), (6, 4))
        >>> turn.routes(24)   # 18 is blocked: 14 only through 20
        {20: ((24, 20, 4),), 14: ((24, 20, 4), (20, 14, 6))}
        """
        found: dict[int, tuple[tuple[int, int], tuple[TurnStep, ...]]] = {}

        def walk(turn: Turn, at: int, path: tuple[TurnStep, ...], hits: int) -> None:
            for s, t, die in turn.next_steps():
                if s != at:
                    continue
                hit = turn.would_hit(t)
                route = path + ((s, t, die),)
                rank = (-len(route), hits + hit)  # fewest steps, then most hits; first found keeps ties
                if t not in found or rank > found[t][0]:
                    found[t] = (rank, route)
                if t != 0:
                    after = Turn(turn.start_position, turn.dice, turn.steps + ((s, t, die),), turn._plan)
                    walk(after, t, route, hits + hit)

        walk(self, from_point, (), 0)
        return {t: found[t][1] for t in sorted(found, reverse=True)}

    def move(self, from_point: int, to_point: int) -> Turn:
        """Move the checker on ``from_point`` to ``to_point`` by the route :meth:`routes` gives.

        One die or the sum of several; raises :class:`IllegalPlayError` with the
        reason when no route is legal.

        >>> turn = Turn.start(Position.initial(), (6, 4)).move(24, 14)
        >>> turn.steps, turn.is_complete
        (((24, 18, 6), (18, 14, 4)), True)
        """
        route = self.routes(from_point).get(to_point) if 0 <= from_point <= 25 else None
        if route is None:
            reason = self.why_not_move(from_point, to_point)
            raise IllegalPlayError(
                f"{_point_name(from_point)}/{_point_name(to_point)} is not allowed here "
                f"(dice {self.dice[0]}{self.dice[1]}, position {self.start_position.to_id()}): "
                f"{reasons.describe(reason)}",
                reason,
            )
        return Turn(self.start_position, self.dice, self.steps + route, self._plan)

    def movable_points(self) -> tuple[int, ...]:
        """Points (25 = bar) holding a checker that has a legal next step."""
        return tuple(sorted(self.destinations()))

    # -- actions ----------------------------------------------------------
    def step(self, from_point: int, to_point: int) -> Turn:
        """Move one checker from ``from_point`` to ``to_point`` (0 = off, 25 = bar).

        Raises :class:`IllegalPlayError` with the reason when the rules forbid it.
        """
        for s, t, die in self.next_steps():
            if s == from_point and t == to_point:
                return Turn(self.start_position, self.dice, self.steps + ((s, t, die),), self._plan)
        reason = self.why_not(from_point, to_point)
        raise IllegalPlayError(
            f"{_point_name(from_point)}/{_point_name(to_point)} is not allowed here "
            f"(dice {self.dice[0]}{self.dice[1]}, position {self.start_position.to_id()}): "
            f"{reasons.describe(reason)}",
            reason,
        )

    def auto_step(self, from_point: int) -> Turn:
        """Move the checker on ``from_point`` by the higher usable die (the lower one if only that works)."""
        for s, t, die in self.next_steps():
            if s == from_point:
                return Turn(self.start_position, self.dice, self.steps + ((s, t, die),), self._plan)
        reason = self.why_not(from_point, None)
        raise IllegalPlayError(
            f"no legal step from {_point_name(from_point)} (dice {self.dice[0]}{self.dice[1]}, "
            f"position {self.start_position.to_id()}): {reasons.describe(reason)}",
            reason,
        )

    def undo(self) -> Turn:
        """Take back the last step (no change when none was made)."""
        return Turn(self.start_position, self.dice, self.steps[:-1], self._plan)

    def undo_all(self) -> Turn:
        """Take back every step of the turn."""
        return Turn(self.start_position, self.dice, (), self._plan)

    # -- explanations -----------------------------------------------------
    def why_not(self, from_point: int, to_point: int | None) -> str:
        """The reason code for which a step from ``from_point`` (to ``to_point``) is refused.

        ``to_point=None`` asks about any step of that checker. Returns
        ``reasons.LEGAL`` when the step is in fact allowed. The first rule
        that forbids the step on its own is named (no checker, the bar, the
        die, a blocked point, the bear-off rules); a step that is possible on
        its own is refused by the rules on using the dice.

        >>> turn = Turn.start(Position.from_text("x 3:1 2:1 1:1 / o 19:3"), (6, 5))
        >>> turn.why_not(2, None), turn.why_not(3, None)
        ('bear-off-from-highest', 'legal')
        """
        if any(s == from_point and (to_point is None or t == to_point) for s, t, _ in self.next_steps()):
            return reasons.LEGAL
        if not self._plan.plays:
            return reasons.NO_LEGAL_PLAY
        if len(self.steps) >= self._plan.length:
            return reasons.TURN_COMPLETE if self.dice_left else reasons.NO_DICE_LEFT
        if not 0 <= from_point <= 25 or (to_point is not None and not 0 <= to_point <= 25):
            return reasons.NO_SUCH_POINT
        current = self.position
        if from_point == 0 or not current.player[from_point - 1]:
            if 1 <= from_point <= 24 and current.opponent[24 - from_point]:
                return reasons.NOT_YOUR_CHECKER
            return reasons.NO_CHECKER
        if current.player[BAR] > 0 and from_point != 25:
            return reasons.MUST_ENTER
        left = sorted(set(self.dice_left), reverse=True)
        if to_point is not None:
            if to_point >= from_point:
                return reasons.WRONG_DIRECTION
            if to_point == 0:
                if not _all_home(current):
                    return reasons.CANNOT_BEAR_OFF
                usable = [d for d in left if d >= from_point]
                if not usable:
                    return reasons.NO_MATCHING_DIE
            else:
                usable = [d for d in left if from_point - d == to_point]
                if not usable:
                    return reasons.NO_MATCHING_DIE
        else:
            usable = left
        refusals = [_single_step_refusal(current, from_point, die) for die in usable]
        if all(refusals):
            for reason in (reasons.CANNOT_BEAR_OFF, reasons.BEAR_OFF_HIGHEST, reasons.BLOCKED):
                if reason in refusals:
                    return reason
        # the step is possible on its own: a rule on using the dice forbids it
        if not self.roll.is_double and self._plan.length == 1:
            return reasons.LARGER_DIE
        return self.unfinished_reason()

    def why_not_move(self, from_point: int, to_point: int) -> str:
        """The reason code for which :meth:`move` (one die or the sum of several) is refused.

        As :meth:`why_not` for a step, except that a move by the sum of the dice is
        ``legal`` when :meth:`routes` offers it, and a refused sum names its rule:
        ``path-blocked`` when every way there stops on a blocked point.

        >>> turn = Turn.start(Position.from_text("x 24:1 13:2 / o 7:2 5:2"), (6, 4))
        >>> turn.why_not(24, 14), turn.why_not_move(24, 14)
        ('no-matching-die', 'path-blocked')
        """
        if 0 <= from_point <= 25 and to_point in self.routes(from_point):
            return reasons.LEGAL
        reason = self.why_not(from_point, to_point)
        if reason != reasons.NO_MATCHING_DIE or not 1 <= to_point < from_point <= 25:
            return reason
        return self._why_not_sum(self.position, from_point, to_point)

    def _why_not_sum(self, current: Position, from_point: int, to_point: int) -> str:
        """Why no route of several dice takes the checker from ``from_point`` to ``to_point``."""
        dice = self.dice_left
        if self.roll.is_double:
            counts = [k for k in range(2, len(dice) + 1) if dice[0] * k == from_point - to_point]
            orders = [(dice[0],) * counts[0]] if counts else []
        else:
            orders = [dice, dice[::-1]] if len(dice) == 2 and sum(dice) == from_point - to_point else []
        if not orders:
            return reasons.NO_MATCHING_DIE
        if current.opponent[24 - to_point] >= 2:
            return reasons.BLOCKED
        for order in orders:
            stops = [from_point - sum(order[:i]) for i in range(1, len(order))]
            if all(current.opponent[24 - stop] < 2 for stop in stops):
                return self.unfinished_reason()  # a way is open: the dice rules forbid it
        return reasons.PATH_BLOCKED

    def unfinished_reason(self) -> str:
        """The rule a turn stopped short of its dice breaks: use both dice, or as many as possible (doubles).

        >>> Turn.start(Position.initial(), (6, 6)).unfinished_reason()
        'must-use-all-dice'
        """
        return reasons.ALL_DICE if self.roll.is_double else reasons.BOTH_DICE


def _all_home(position: Position) -> bool:
    return not any(position.player[6:])


def _single_step_refusal(position: Position, from_point: int, die: int) -> str:
    """The rule forbidding the step of ``die`` from ``from_point`` on its own, or ``""`` when none does."""
    target = from_point - die
    if target >= 1:
        return reasons.BLOCKED if position.opponent[24 - target] >= 2 else ""
    if not _all_home(position):
        return reasons.CANNOT_BEAR_OFF
    if target < 0 and any(position.player[from_point:6]):
        return reasons.BEAR_OFF_HIGHEST
    return ""


def _point_name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)


def steps_to_play_steps(steps: tuple[TurnStep, ...]) -> tuple[Step, ...]:
    """Drop the dice from turn steps."""
    return tuple((s, t) for s, t, _ in steps)
