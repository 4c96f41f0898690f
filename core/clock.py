"""Match clocks: a per-move allowance, a reserve, and the rule for running out.

Pure and deterministic: the time is always passed in, in milliseconds on any
clock that only goes forward (the page uses ``performance.now()``); nothing here
reads the system's time.

* Each player has, for every move, the **per-move allowance** (``per_move_ms``,
  30 s in Backgammon 3.0: "For each move you have exactly 30 seconds at your
  disposal"). What a move leaves unused is **not carried over**.
* Once the allowance is spent, the player's **reserve** (``reserve_ms``, one for
  the whole match) drains.
* The clock that runs is the clock of the player on move
  (:func:`player_on_move`): the player on roll, or the opponent answering a double
  or a resignation offer. A **move** lasts while the same player stays on move:
  rolling then playing is one move; a double, its answer and the doubler's roll
  after it are three. Nobody's clock runs during the opening roll, between games
  and once the match is over.
* **Running out** (the flag falls) loses the whole match, as in the online hall of
  the rules texts this product comes from (``/work/shared/seeds/000_*.txt``):
  "Si un joueur dépasse le délai de temps pour jouer ou déclare forfait avec le
  bouton « Resign » en haut à droite de l'écran de jeu, il perdra tout le jeu et non
  seulement la partie." (:meth:`core.match.Match.lose_on_time` records it.)
* A player may be untimed (``timed``): the computer, whose thinking then never
  counts against anyone.

>>> rules = ClockRules(per_move_ms=30_000, reserve_ms=120_000)
>>> clock = Clock.new(rules).follow(0, now=0)          # player 0 is on move
>>> clock.reading(0, now=10_000).move_left_ms          # 20 s of the move left
20000
>>> clock = clock.follow(1, now=45_000)                # 15 s of the reserve used
>>> clock.reserves
(105000, 120000)
>>> clock.flag_fall(now=45_000 + 150_000)              # player 1 ran out of time
1
>>> Clock.from_dict(clock.to_dict(now=50_000)) == clock.stopped(50_000)
True

For play by link, :func:`link_time` says how long the player on move has left of an
allowance such as a day, from the time the turn was handed over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from .errors import InvalidClockError, quote
from .match import Match

__all__ = [
    "CLOCK_FORMAT",
    "LINK_ALLOWANCE_MS",
    "PRESETS",
    "Clock",
    "ClockRules",
    "LinkTime",
    "Reading",
    "link_time",
    "player_on_move",
]

CLOCK_FORMAT = 1
"""The version of :meth:`Clock.to_dict`'s dict (its ``"v"`` field)."""
MAX_MS = 7 * 24 * 3600 * 1000
"""The longest per-move allowance or reserve: a week."""
LINK_ALLOWANCE_MS = 24 * 3600 * 1000
"""The usual allowance per move in play by link: a day."""
_KEYS = frozenset({"v", "per_move", "reserve", "timed", "left", "on_move", "used", "flagged"})


def _whole(value: object, what: str, high: int = MAX_MS) -> int:
    """``value``, a whole number of milliseconds in ``0..high``, or a clear error."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidClockError(f"{what} {quote(value)}: a whole number of milliseconds expected")
    if not 0 <= value <= high:
        raise InvalidClockError(f"{what} {value}: 0 to {high} ms expected")
    return value


def _time(value: object, what: str = "time") -> int:
    """A time on the caller's clock (any finite number of ms, rounded to a whole ms)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidClockError(f"{what} {quote(value)}: a finite number of milliseconds expected")
    return round(value)


def _player(value: object, what: str) -> int | None:
    if value is None or (value in (0, 1) and isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise InvalidClockError(f"{what} {quote(value)}: player 0, 1 or null expected")


@dataclass(frozen=True, slots=True)
class ClockRules:
    """The settings: the allowance for every move, the reserve for the match, who is timed.

    >>> ClockRules(30_000, 120_000, timed=(True, False)).timed
    (True, False)
    >>> ClockRules(-1, 0)
    Traceback (most recent call last):
    ...
    core.errors.InvalidClockError: per-move allowance -1: 0 to 604800000 ms expected
    """

    per_move_ms: int
    reserve_ms: int
    timed: tuple[bool, bool] = (True, True)

    def __post_init__(self) -> None:
        _whole(self.per_move_ms, "per-move allowance")
        _whole(self.reserve_ms, "reserve")
        if self.per_move_ms + self.reserve_ms == 0:
            raise InvalidClockError("a clock with no time at all (per-move allowance and reserve both 0)")
        timed = self.timed
        if not isinstance(timed, tuple) or len(timed) != 2 or not all(isinstance(x, bool) for x in timed):
            raise InvalidClockError(f"timed {quote(timed)}: two booleans expected (one per player)")


PRESETS: dict[str, ClockRules] = {
    "move30": ClockRules(30_000, 120_000),
    "move90": ClockRules(90_000, 600_000),
}
"""The page's choices: 30 s a move + 2 min reserve (Backgammon 3.0's pace), and a slower one."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What a player's clock shows at a moment: the move's time left, the reserve left, running or not."""

    move_left_ms: int
    reserve_left_ms: int
    running: bool

    @property
    def left_ms(self) -> int:
        """All the time left for the move: the allowance left plus the reserve."""
        return self.move_left_ms + self.reserve_left_ms


@dataclass(frozen=True, slots=True)
class Clock:
    """Both players' clocks: a value, changed by :meth:`follow` at each action.

    ``reserves``: each player's reserve left (as of ``since`` for the running clock);
    ``on_move``: whose clock runs or is held (``None``: nobody's); ``used_ms``: the time
    that player has used of the current move before ``since``; ``since``: when the clock
    started running (``None``: held, as a loaded save is until :meth:`resume`);
    ``flagged``: the player whose time ran out.
    """

    rules: ClockRules
    reserves: tuple[int, int]
    on_move: int | None = None
    used_ms: int = 0
    since: int | None = None
    flagged: int | None = None

    def __post_init__(self) -> None:
        """Refuse a clock that cannot be, naming the value (what :meth:`from_dict` relies on)."""
        rules = self.rules
        if not isinstance(rules, ClockRules):
            raise InvalidClockError(f"clock rules {quote(rules)}: ClockRules expected")
        if not isinstance(self.reserves, tuple) or len(self.reserves) != 2:
            raise InvalidClockError(f"clock reserves {quote(self.reserves)}: two reserves expected")
        for player in (0, 1):
            _whole(self.reserves[player], f"clock left[{player}]", rules.reserve_ms)
        on_move, flagged = _player(self.on_move, "clock on_move"), _player(self.flagged, "clock flagged")
        used = _whole(self.used_ms, "clock used")
        if self.since is not None:
            _time(self.since, "clock since")
        if on_move is None and (used or self.since is not None):
            raise InvalidClockError(f"clock used {used}: time used by nobody (on_move is null)")
        if on_move is not None and not rules.timed[on_move]:
            raise InvalidClockError(f"clock on_move {on_move}: that player is not timed")
        if on_move is not None and used >= rules.per_move_ms + self.reserves[on_move]:
            raise InvalidClockError(f"clock used {used}: more than player {on_move}'s time, yet no flag fell")
        if flagged is not None and (on_move is not None or self.reserves[flagged]):
            raise InvalidClockError(f"clock flagged {flagged}: a fallen flag leaves that reserve empty and no clock on")

    @classmethod
    def new(cls, rules: ClockRules) -> Clock:
        """Both reserves full, nobody's clock running."""
        return cls(rules, (rules.reserve_ms, rules.reserve_ms))

    @property
    def running(self) -> bool:
        """True while a player's clock runs."""
        return self.since is not None and self.on_move is not None

    def _used(self, now: int) -> int:
        """The time the player on move has used of this move by ``now``."""
        if self.since is None:
            return self.used_ms
        if now < self.since:
            raise InvalidClockError(f"time {now} is before the clock started running at {self.since}")
        return self.used_ms + now - self.since

    def _charged(self, player: int, used: int) -> tuple[int, int]:
        """The reserves once ``player`` used ``used`` ms of a move (the allowance first)."""
        left = max(self.reserves[player] - max(used - self.rules.per_move_ms, 0), 0)
        return (left, self.reserves[1]) if player == 0 else (self.reserves[0], left)

    def reading(self, player: int, now: float) -> Reading:
        """What ``player``'s clock shows at ``now`` (a player not on move shows a whole allowance).

        >>> clock = Clock.new(ClockRules(30_000, 60_000)).follow(1, now=1_000)
        >>> clock.reading(1, now=41_000), clock.reading(0, now=41_000).move_left_ms
        (Reading(move_left_ms=0, reserve_left_ms=50000, running=True), 30000)
        """
        who = _player(player, "player")
        if who is None:
            raise InvalidClockError("player None: player 0 or 1 expected")
        at = _time(now)
        if who != self.on_move:
            return Reading(self.rules.per_move_ms, self.reserves[who], False)
        used = self._used(at)
        return Reading(max(self.rules.per_move_ms - used, 0), self._charged(who, used)[who], self.running)

    def deadline(self) -> int | None:
        """When the running clock's flag falls (on the caller's clock); ``None`` when none runs.

        >>> Clock.new(ClockRules(30_000, 60_000)).follow(0, now=5_000).deadline()
        95000
        """
        if not self.running or self.on_move is None or self.since is None:
            return None
        return self.since - self.used_ms + self.rules.per_move_ms + self.reserves[self.on_move]

    def flag_fall(self, now: float) -> int | None:
        """The player whose time has run out by ``now`` (the one already flagged), else ``None``."""
        if self.flagged is not None:
            return self.flagged
        deadline = self.deadline()
        return self.on_move if deadline is not None and _time(now) >= deadline else None

    def stopped(self, now: float) -> Clock:
        """The clock held at ``now``: the move's time used so far kept, nothing running.

        What a save holds; :meth:`resume` starts it again (the time in between does not count).
        """
        at = _time(now)
        if self.since is None:
            return self
        if self.flag_fall(at) is not None:
            return self._flag()
        return replace(self, used_ms=self._used(at), since=None)

    def resume(self, now: float) -> Clock:
        """Start a held clock again at ``now``, with what it had when it was held."""
        at = _time(now)
        if self.since is not None or self.on_move is None or self.flagged is not None:
            return self
        return replace(self, since=at)

    def _flag(self) -> Clock:
        assert self.on_move is not None
        player = self.on_move
        reserves = (0, self.reserves[1]) if player == 0 else (self.reserves[0], 0)
        return replace(self, reserves=reserves, on_move=None, used_ms=0, since=None, flagged=player)

    def follow(self, player: int | None, now: float) -> Clock:
        """The clock once ``player`` is on move at ``now`` (``None``: nobody, the clocks stop).

        The same player still on move: the move goes on (a held clock resumes). Another
        player: the previous move ends (its time beyond the allowance taken from the
        reserve) and ``player``'s move starts with a whole allowance; an untimed player's
        clock does not run. Once a flag has fallen nothing changes; a flag that fell
        before ``now`` is recorded (see :attr:`flagged`).

        >>> clock = Clock.new(ClockRules(30_000, 60_000, timed=(True, False)))
        >>> clock.follow(1, now=0).running, clock.follow(0, now=0).running
        (False, True)
        """
        who = _player(player, "player on move")
        at = _time(now)
        if self.flagged is not None:
            return self
        if self.flag_fall(at) is not None:
            return self._flag()
        if who is not None and not self.rules.timed[who]:
            who = None
        if who is not None and who == self.on_move:
            return self.resume(at)
        reserves = self.reserves
        if self.on_move is not None:
            reserves = self._charged(self.on_move, self._used(at))
        return replace(self, reserves=reserves, on_move=who, used_ms=0, since=None if who is None else at)

    # -- saving -----------------------------------------------------------------------------
    def to_dict(self, now: float | None = None) -> dict[str, Any]:
        """The clock as plain JSON values, held at ``now`` (needed while a clock runs).

        >>> saved = Clock.new(ClockRules(30_000, 60_000)).follow(0, now=0).to_dict(now=40_000)
        >>> saved["left"], saved["on_move"], saved["used"]
        ([60000, 60000], 0, 40000)
        """
        clock = self
        if self.since is not None:
            if now is None:
                raise InvalidClockError("a running clock is saved at a time: to_dict(now=...)")
            clock = self.stopped(now)
        return {
            "v": CLOCK_FORMAT,
            "per_move": clock.rules.per_move_ms,
            "reserve": clock.rules.reserve_ms,
            "timed": list(clock.rules.timed),
            "left": list(clock.reserves),
            "on_move": clock.on_move,
            "used": clock.used_ms,
            "flagged": clock.flagged,
        }

    @classmethod
    def from_dict(cls, data: object) -> Clock:
        """A clock saved by :meth:`to_dict`, held (see :meth:`resume`); bad values are refused by name.

        >>> Clock.from_dict({"v": 2})
        Traceback (most recent call last):
        ...
        core.errors.InvalidClockError: clock format 2 is not supported (this app reads 1)
        """
        if not isinstance(data, dict):
            raise InvalidClockError(f"a clock is an object, not {quote(data)}")
        if data.get("v") != CLOCK_FORMAT or isinstance(data.get("v"), bool):
            raise InvalidClockError(f"clock format {quote(data.get('v'))} is not supported (this app reads 1)")
        unknown = sorted(set(data) - _KEYS)
        missing = sorted(_KEYS - set(data))
        if unknown or missing:
            raise InvalidClockError(
                f"clock: unknown field {quote(unknown[0])}" if unknown else f"clock: missing field {missing[0]!r}"
            )
        timed, left = data["timed"], data["left"]
        if not isinstance(timed, list) or len(timed) != 2:
            raise InvalidClockError(f"clock timed {quote(timed)}: two booleans expected")
        if not isinstance(left, list) or len(left) != 2:
            raise InvalidClockError(f"clock left {quote(left)}: two reserves expected")
        rules = ClockRules(
            _whole(data["per_move"], "clock per_move"), _whole(data["reserve"], "clock reserve"), (timed[0], timed[1])
        )
        return cls(rules, (left[0], left[1]), data["on_move"], data["used"], None, data["flagged"])


def player_on_move(match: Match) -> int | None:
    """Whose clock runs in ``match`` (a :class:`~core.match.Match`): the player to act, else nobody.

    >>> from core.match import Match
    >>> match = Match.new(3)
    >>> player_on_move(match), player_on_move(match.opening_with(3, 1).play("8/5 6/5").double())
    (None, 0)
    """
    if match.is_over:
        return None
    return match.game.player_to_act


# -- play by link -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LinkTime:
    """How the allowance of a move played by link stands: the deadline, what is left, what is overdue."""

    deadline_ms: int
    left_ms: int
    overdue_ms: int

    @property
    def is_overdue(self) -> bool:
        """True once the allowance is spent."""
        return self.overdue_ms > 0


def link_time(handed_over_ms: float, allowance_ms: int, now_ms: float) -> LinkTime:
    """The time left (or overdue) of a move by link: handed over at ``handed_over_ms`` (epoch ms).

    Only a statement, never enforced: the times come from the players' own devices
    (the handing-over time from the sender's, ``now`` from the reader's), which may be
    set wrong, and no server stands between the players to stop a late move or to
    declare the match lost. A late player is simply shown as late; the opponent
    decides what to do about it. A time ahead of ``now`` (the two devices' clocks
    disagree) counts as just handed over.

    >>> day = LINK_ALLOWANCE_MS
    >>> link_time(0, day, 3_600_000)
    LinkTime(deadline_ms=86400000, left_ms=82800000, overdue_ms=0)
    >>> link_time(0, day, day + 60_000).is_overdue
    True
    """
    start, now = _time(handed_over_ms, "hand-over time"), _time(now_ms, "now")
    allowance = _whole(allowance_ms, "allowance")
    if allowance == 0:
        raise InvalidClockError("allowance 0: a move by link needs some time")
    deadline = start + allowance
    elapsed = max(now - start, 0)
    return LinkTime(deadline, max(allowance - elapsed, 0), max(elapsed - allowance, 0))
