"""What the page's clocks say, pure: the choice in the new-match dialog, the times shown, the announcements.

The rules live in :mod:`core.clock`; this module only words them. Announcements for screen
readers go to a polite live region at most once every :data:`ANNOUNCE_EVERY_MS`, and only
when something worth saying changed (a new move, 10 s of the move left, the reserve
starting, 30 s left in all), never at every tick.

>>> format_time(30_000), format_time(1), format_time(0), format_time(3_725_000)
('0:30', '0:01', '0:00', '1:02:05')
"""

from __future__ import annotations

from dataclasses import dataclass

from app.text import t
from core.clock import PRESETS, Clock, ClockRules, LinkTime, Reading

CLOCK_CHOICES = ("off", *PRESETS)
"""The new-match dialog's choices: no clock (the default), then :data:`core.clock.PRESETS`."""
LINK_ALLOWANCES = (0, 24, 72)
"""The new-match dialog's times per move for play by link, in hours (0: none, the default)."""
ANNOUNCE_EVERY_MS = 5_000
"""The least time between two announcements of the clocks."""
MOVE_SHORT_MS = 10_000
"""Announced once a move has this much of its allowance left."""
TOTAL_SHORT_MS = 30_000
"""Announced once a player has this much time left in all (allowance and reserve)."""


def rules_for(choice: str, *, computer: int | None = None) -> ClockRules | None:
    """The clock rules for the dialog's ``choice``; the ``computer``'s player has no clock.

    The computer is untimed: its thinking never runs anyone's clock.

    >>> rules_for("off"), rules_for("move30", computer=1).timed
    (None, (True, False))
    >>> rules_for("blitz")
    Traceback (most recent call last):
    ...
    ValueError: clock choice 'blitz': one of off, move30, move90 expected
    """
    if choice not in CLOCK_CHOICES:
        raise ValueError(f"clock choice {choice!r}: one of {', '.join(CLOCK_CHOICES)} expected")
    if choice == "off":
        return None
    rules = PRESETS[choice]
    if computer is None:
        return rules
    return ClockRules(rules.per_move_ms, rules.reserve_ms, (computer != 0, computer != 1))


def choice_of(clock: Clock | None) -> str:
    """The dialog's choice that gives ``clock``'s settings (``"off"`` for none or another setting).

    >>> choice_of(None), choice_of(Clock.new(rules_for("move90", computer=1)))
    ('off', 'move90')
    """
    if clock is None:
        return "off"
    for name, rules in PRESETS.items():
        if (rules.per_move_ms, rules.reserve_ms) == (clock.rules.per_move_ms, clock.rules.reserve_ms):
            return name
    return "off"


def format_time(ms: int) -> str:
    """``ms`` as a clock shows it, whole seconds rounded up (a clock shows 0:00 only once run out)."""
    seconds = -(-max(ms, 0) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def clock_line(lang: str, name: str, reading: Reading | None, *, flagged: bool = False) -> str:
    """One player's clock as text: the move's time and the reserve; ``None``: an untimed player.

    >>> from core.clock import Reading
    >>> clock_line("en", "Ann", Reading(25_000, 120_000, True))
    'Ann: 0:25 + reserve 2:00'
    >>> clock_line("fr", "Ann", None), clock_line("fr", "Ann", Reading(0, 0, False), flagged=True)
    ('Ann : sans pendule', 'Ann : temps dépassé')
    """
    if flagged:
        return t(lang, "clock.flagged", name=name)
    if reading is None:
        return t(lang, "clock.untimed", name=name)
    move, reserve = format_time(reading.move_left_ms), format_time(reading.reserve_left_ms)
    return t(lang, "clock.line", name=name, move=move, reserve=reserve)


def stage(reading: Reading) -> str:
    """How a running clock stands, for announcements: ``move``, ``move-short``, ``reserve``, ``reserve-short``.

    >>> from core.clock import Reading
    >>> [stage(Reading(m, r, True)) for m, r in ((20_000, 60_000), (9_000, 60_000), (0, 40_000), (0, 30_000))]
    ['move', 'move-short', 'reserve', 'reserve-short']
    """
    if reading.left_ms <= TOTAL_SHORT_MS:
        return "reserve-short" if reading.move_left_ms == 0 else "move-short"
    if reading.move_left_ms > MOVE_SHORT_MS:
        return "move"
    return "move-short" if reading.move_left_ms else "reserve"


def announcement(lang: str, name: str, reading: Reading) -> str:
    """What the live region says of the running clock at its :func:`stage`.

    >>> from core.clock import Reading
    >>> announcement("en", "Ann", Reading(30_000, 120_000, True))
    "Ann's move: 0:30, then 2:00 in reserve"
    >>> announcement("fr", "Ann", Reading(0, 90_000, True))
    'Ann puise dans sa réserve : 1:30'
    """
    now = stage(reading)
    if now == "move":
        move, reserve = format_time(reading.move_left_ms), format_time(reading.reserve_left_ms)
        return t(lang, "clock.say.move", name=name, move=move, reserve=reserve)
    if now == "reserve":
        return t(lang, "clock.say.reserve", name=name, left=format_time(reading.reserve_left_ms))
    return t(lang, "clock.say.short", name=name, left=format_time(reading.left_ms))


@dataclass
class Announcer:
    """Decides when the live region speaks: a new ``key``, at most once every ``every_ms``.

    >>> speaker = Announcer(every_ms=5_000)
    >>> speaker.offer(0, "0:move", "Ann's move"), speaker.offer(1_000, "0:move", "again")
    ("Ann's move", None)
    >>> speaker.offer(2_000, "1:move", "Bob's move"), speaker.offer(5_000, "1:move", "Bob's move, later")
    (None, "Bob's move, later")
    """

    every_ms: int = ANNOUNCE_EVERY_MS
    key: str | None = None
    at: float | None = None

    def offer(self, now: float, key: str | None, text: str) -> str | None:
        """The text to announce now, or ``None`` (nothing new, or too soon: offered again later)."""
        if key is None or key == self.key:
            return None
        if self.at is not None and now - self.at < self.every_ms:
            return None
        self.key, self.at = key, now
        return text


# -- play by link: the time per move ------------------------------------------------------------
def link_allowance_hours(choice: str) -> int:
    """The hours per move the link's header carries for the dialog's ``choice`` (0: none).

    >>> link_allowance_hours("0"), link_allowance_hours("24"), link_allowance_hours("72")
    (0, 24, 72)
    >>> link_allowance_hours("12")
    Traceback (most recent call last):
    ...
    ValueError: time per move '12': one of 0, 24, 72 (hours) expected
    """
    hours = int(choice) if choice.isdigit() else -1
    if hours not in LINK_ALLOWANCES:
        raise ValueError(f"time per move {choice!r}: one of {', '.join(map(str, LINK_ALLOWANCES))} (hours) expected")
    return hours


def format_span(ms: int) -> str:
    """A long span as the link panel shows it: hours and minutes (minutes rounded up), the same in both languages.

    >>> format_span(23 * 3_600_000 + 1), format_span(3 * 86_400_000 + 60_000), format_span(59_000), format_span(0)
    ('23 h 01 min', '72 h 01 min', '1 min', '0 min')
    """
    minutes = -(-max(ms, 0) // 60_000)
    hours, mins = divmod(minutes, 60)
    return f"{hours} h {mins:02} min" if hours else f"{mins} min"


def link_time_line(lang: str, name: str, hours: int, time: LinkTime, deadline: str) -> str:
    """What the link panel says of the player on move's time: left, or overdue (never enforced).

    >>> from core.clock import link_time
    >>> link_time_line("en", "Ann", 24, link_time(0, 86_400_000, 3_600_000), "tomorrow")
    'Ann has 23 h 00 min left to answer (24 h per move, until tomorrow).'
    >>> link_time_line("fr", "Ann", 24, link_time(0, 86_400_000, 90_000_000), "hier")
    'Ann a dépassé son temps de 1 h 00 min (24 h par coup) : rien ne l’impose, la partie attend.'
    """
    if time.is_overdue:
        return t(lang, "link.overdue", name=name, late=format_span(time.overdue_ms), hours=hours)
    return t(lang, "link.time_left", name=name, left=format_span(time.left_ms), hours=hours, deadline=deadline)
