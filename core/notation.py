"""Move notation in GNU Backgammon's style: format a play, parse text by matching legal plays.

A checker that moves more than once is written as one journey; an
intermediate point appears only where it hits (``13/7*/1``); the same journey
made by several checkers is written once with a count (``8/4(2)``); ``bar``
and ``off`` name the bar and the tray (``25`` and ``0`` are accepted when
parsing, as in XG's match files).

>>> from core.position import Position
>>> from core.moves import legal_plays
>>> pos = Position.initial()
>>> format_play(parse_play(pos, (3, 1), "8/5 6/5"))
'8/5 6/5'
>>> format_play(parse_play(pos, (6, 6), "24/18(2) 13/7(2)"))
'24/18(2) 13/7(2)'

The parser never applies rules itself: it reads the text into checker
journeys and keeps the legal plays that match them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import reasons
from .errors import AmbiguousPlayError, IllegalPlayError, InvalidNotationError, quote
from .moves import Play, Step, legal_plays
from .position import Position

if TYPE_CHECKING:
    from .turn import Turn


def _name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)


def _journeys(steps: Sequence[Step], hits: set[int]) -> list[list[tuple[int, bool]]]:
    """Chain steps into checker journeys: lists of (point, hit-there)."""
    journeys: list[list[tuple[int, bool]]] = []
    hit_done: set[int] = set()
    for s, t in steps:
        hit = t in hits and t not in hit_done
        if hit:
            hit_done.add(t)
        for j in journeys:
            if j[-1][0] == s and s != 0:
                j.append((t, hit))
                break
        else:
            journeys.append([(s, False), (t, hit)])
    return journeys


def format_play(play: Play | Sequence[Step], hits: Sequence[int] = ()) -> str:
    """Write a play in gnubg's notation (``"24/18 13/11"``, ``"bar/22*"``, ``"8/4(2)"``).

    >>> from core.position import Position
    >>> from core.moves import legal_plays
    >>> sorted(format_play(p) for p in legal_plays(Position.initial(), (2, 1)))[:3]
    ['13/10', '13/11 6/5', '13/11 8/7']
    """
    if isinstance(play, Play):
        steps: Sequence[Step] = play.steps
        hit_points = set(play.hits)
    else:
        steps = play
        hit_points = set(hits)
    if not steps:
        return ""
    parts: list[tuple[int, int, str]] = []
    for journey in _journeys(steps, hit_points):
        words = [_name(journey[0][0])]
        for i, (point, hit) in enumerate(journey[1:], start=1):
            if hit or i == len(journey) - 1:
                words.append(_name(point) + ("*" if hit else ""))
        parts.append((journey[0][0], journey[-1][0], "/".join(words)))
    counts = Counter(text for _, _, text in parts)
    seen: set[str] = set()
    out = []
    for _, _, text in sorted(parts, key=lambda p: (-p[0], -p[1])):
        if text in seen:
            continue
        seen.add(text)
        out.append(text + (f"({counts[text]})" if counts[text] > 1 else ""))
    return " ".join(out)


_TOKEN = re.compile(r"^((?:bar|off|[0-9]{1,2})\*?(?:/(?:bar|off|[0-9]{1,2})\*?)+)(?:\(([0-9])\))?$")

MAX_NOTATION_CHARS = 200
"""The longest notation read: a play of four checker moves, written out in full, is under 100 characters."""


def _point(word: str, text: str) -> int:
    if word == "bar":
        return 25
    if word == "off":
        return 0
    value = int(word)
    if not 0 <= value <= 25:
        raise InvalidNotationError(f"notation {quote(text)}: no point {word}")
    return value


def _parse_journeys(text: str) -> list[tuple[list[int], set[int]]]:
    """Read text into journeys: the points passed through and the points marked as hits."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"notation: text expected, got {type(text).__name__}")
    if len(text) > MAX_NOTATION_CHARS:
        raise InvalidNotationError(
            f"notation {quote(text)}: {len(text):,} characters, too long for a play (at most {MAX_NOTATION_CHARS})"
        )
    cleaned = text.strip().lower().replace("-", "/")
    if not cleaned:
        raise InvalidNotationError("empty notation: write a play such as '13/7 8/7'", reasons.NOTATION_EMPTY)
    out: list[tuple[list[int], set[int]]] = []
    for token in cleaned.split():
        match = _TOKEN.match(token)
        if not match:
            raise InvalidNotationError(f"notation {quote(text)}: cannot read {quote(token)}")
        words = match.group(1).split("/")
        points = [_point(w.rstrip("*"), text) for w in words]
        hits = {p for w, p in zip(words, points) if w.endswith("*")}
        for a, b in zip(points, points[1:]):
            if b >= a:
                raise InvalidNotationError(
                    f"notation {quote(text)}: {quote(token)} moves backwards", reasons.NOTATION_BACKWARDS
                )
        repeat = int(match.group(2) or 1)
        if not 1 <= repeat <= 4:
            raise InvalidNotationError(
                f"notation {quote(text)}: a count of {repeat} is impossible", reasons.NOTATION_BAD_COUNT
            )
        out.extend((points, hits) for _ in range(repeat))
    return out


def parse_journeys(text: str) -> tuple[tuple[int, ...], ...]:
    """The checker journeys written in ``text``: syntax only, no rule is checked (for drawing arrows).

    One journey per checker (a count such as ``(2)`` repeats it), each the points
    it passes through in the mover's numbering (``25`` = bar, ``0`` = off).
    Raises :class:`InvalidNotationError` for text that is not notation, as
    :func:`parse_play` does; use :func:`parse_play` to match a legal play.

    >>> parse_journeys("bar/22*/16 6/off(2)")
    ((25, 22, 16), (6, 0), (6, 0))
    """
    return tuple(tuple(points) for points, _ in _parse_journeys(text))


def _net(flow: Counter[int]) -> frozenset[tuple[int, int]]:
    return frozenset((p, n) for p, n in flow.items() if n)


def _play_flow(play: Play) -> frozenset[tuple[int, int]]:
    flow: Counter[int] = Counter()
    for s, t in play.steps:
        flow[s] -= 1
        flow[t] += 1
    return _net(flow)


def parse_play(position: Position, dice: Sequence[int], text: str) -> Play:
    """Find the legal play that ``text`` describes.

    Raises :class:`InvalidNotationError` for text that is not notation,
    :class:`IllegalPlayError` (with a reason code) when no legal play matches,
    :class:`AmbiguousPlayError` when several do.
    """
    journeys = _parse_journeys(text)
    plays = legal_plays(position, dice)
    if not plays:
        raise IllegalPlayError(
            f"{quote(text)}: the roll {dice[0]}{dice[1]} cannot be played in {position.to_id()}", reasons.NO_LEGAL_PLAY
        )
    flow: Counter[int] = Counter()
    for points, _ in journeys:
        flow[points[0]] -= 1
        flow[points[-1]] += 1
    wanted = _net(flow)
    marked = set().union(*(h for _, h in journeys))
    candidates = [p for p in plays if _play_flow(p) == wanted]
    if len(candidates) > 1:
        # the same checkers end on the same points: the hits written decide
        passed = set().union(*(set(points[1:]) for points, _ in journeys))
        narrowed = [p for p in candidates if set(p.hits) & passed == marked & passed or set(p.hits) == marked]
        exact = [p for p in narrowed if set(p.hits) == marked]
        candidates = exact or narrowed or candidates
        if len(candidates) > 1:
            via = [p for p in candidates if _passes_through(p, journeys)]
            candidates = via or candidates
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        raise AmbiguousPlayError(
            f"{quote(text)} matches {len(candidates)} plays in {position.to_id()} with {dice[0]}{dice[1]}: "
            + ", ".join(format_play(p) for p in candidates)
        )
    reason = _diagnose(position, dice, journeys)
    raise IllegalPlayError(
        f"{quote(text)} is not a legal play with {dice[0]}{dice[1]} in {position.to_id()}: {reasons.describe(reason)}",
        reason,
    )


def _passes_through(play: Play, journeys: Sequence[tuple[list[int], set[int]]]) -> bool:
    landed = {t for _, t in play.steps}
    return all(p in landed for points, _ in journeys for p in points[1:])


def _diagnose(position: Position, dice: Sequence[int], journeys: Sequence[tuple[list[int], set[int]]]) -> str:
    """Walk the written hops through a :class:`~core.turn.Turn` to name the first rule broken."""
    from .turn import Turn

    turn = Turn.start(position, (dice[0], dice[1]))
    for points, _ in journeys:
        for a, b in zip(points, points[1:]):
            try:
                turn = turn.step(a, b)
            except IllegalPlayError as exc:
                if exc.reason == reasons.NO_MATCHING_DIE and b != 0:
                    # a hop written over two or more dice: try its intermediate points
                    hop = _split_hop(turn, a, b)
                    if hop is not None:
                        turn = hop
                        continue
                return exc.reason
    if not turn.is_complete:
        return turn.unfinished_reason()
    return reasons.ILLEGAL_PLAY


def _split_hop(turn: Turn, a: int, b: int) -> Turn | None:
    for die in set(turn.dice_left):
        mid = a - die
        if mid > b:
            try:
                nxt = turn.step(a, mid)
            except IllegalPlayError:
                continue
            try:
                return nxt.step(mid, b)
            except IllegalPlayError:
                deeper = _split_hop(nxt, mid, b)
                if deeper is not None:
                    return deeper
    return None
