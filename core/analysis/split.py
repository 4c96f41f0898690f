"""A match's analysis split into parts graded apart (the page's workers), merged back the same.

The page hands the analysis to Web Workers, one per core it may use: each worker gets the match
(:func:`pack_job`), then parts of it (:class:`Part`: a run of consecutive decisions of one
game, as :func:`plan_parts` cuts them), grades each with :class:`PartRunner` and sends each
decision back as it is graded (:func:`pack_decision`); the page joins them in match order
(:func:`merge_parts`). Every decision is graded as if it were the first
(:func:`~core.analysis.analyse.moments_steps`), so the result equals :func:`analysis_steps`'s,
however the match was cut and whichever worker graded which part.

The match and the decisions travel as :mod:`pickle` bytes between two copies of this same code (the page and its
workers load one build); nothing else is ever unpickled.

>>> from core.match import Match
>>> match = Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/14")
>>> parts = plan_parts(decision_games(match), 2, per_worker=1)
>>> [(p.start, p.stop) for p in parts]
[(1, 3), (0, 1)]
>>> runner = PartRunner()
>>> runner.load(pack_job(match, None))
>>> found = {p: [] for p in parts}
>>> [runner.run(p.start, p.stop, lambda data, p=p: found[p].append(unpack_decision(data))) for p in reversed(parts)]
[1, 2]
>>> merge_parts(match, found.items()) == analyse_match(match)
True
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..match import Match
from .analyse import Decision, MatchAnalysis, analyse_match, merge_decisions, moments_steps
from .engine import Depth, Engine
from .walk import Moment, walk_match

__all__ = [
    "Part",
    "PartRunner",
    "decision_games",
    "merge_parts", "pack_decision", "pack_job", "plan_parts", "unpack_decision"]

PARTS_PER_WORKER = 12
"""About how many parts each worker gets: enough that the workers end close together (they take
the next part as they finish one, largest first, and a decision's cost varies: a race is cheap, a
contact position dear; with 4 parts a worker, measured on the 7-pointer of ``bench/analysis_workers.py``,
one of two workers spent 25 s and the other 18 s), few enough that little is lost where a part
starts (its first roll table, computed by the part before as well)."""

TAIL_PARTS = 2
"""The last parts given out, this many a worker, are cut in quarters: a decision's cost varies
a hundredfold (a forced play against a close contact position), so the work left when the first
worker runs dry is at most a few decisions' worth, not a whole part's."""


@dataclass(frozen=True, slots=True)
class Part:
    """Decisions ``start`` to ``stop`` (excluded) of :func:`~core.analysis.walk.walk_match`'s, in
    its order; all of one game (``game``, 1-based)."""

    game: int
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


def decision_games(match: Match) -> list[int]:
    """The game (1-based) of each decision of ``match`` that :func:`analysis_steps` grades, in
    order: what :func:`plan_parts` cuts (a page counts them in slices: replaying a long match
    takes a while)."""
    return [moment.game for moment in walk_match(match)]


def plan_parts(games: Sequence[int], workers: int, per_worker: int = PARTS_PER_WORKER) -> tuple[Part, ...]:
    """The decisions (``games``: the game of each, :func:`decision_games`) cut into parts for
    ``workers`` workers, largest first: each game whole, or in equal runs of consecutive
    decisions when it is longer than an even share; with several workers, the last
    :data:`TAIL_PARTS` a worker cut in quarters.

    >>> plan_parts([1, 1, 1, 2], 1)
    (Part(game=1, start=0, stop=3), Part(game=2, start=3, stop=4))
    >>> plan_parts([1, 1, 1, 2], 2, per_worker=1)
    (Part(game=1, start=1, stop=3), Part(game=1, start=0, stop=1), Part(game=2, start=3, stop=4))
    >>> [p.size for p in plan_parts([1] * 40, 2, per_worker=4)]
    [5, 5, 5, 5, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    total = len(games)
    if total == 0:
        return ()
    most = max(1, -(-total // (workers * per_worker))) if workers > 1 else total
    parts: list[Part] = []
    start = 0
    while start < total:
        stop = start
        while stop < total and games[stop] == games[start]:
            stop += 1
        pieces = -(-(stop - start) // most)
        for k in range(pieces):
            a = start + (stop - start) * k // pieces
            b = start + (stop - start) * (k + 1) // pieces
            parts.append(Part(games[start], a, b))
        start = stop
    parts.sort(key=lambda p: (-p.size, p.start))
    tail = TAIL_PARTS * workers
    if workers > 1 and len(parts) > tail:
        parts[-tail:] = [piece for part in parts[-tail:] for piece in _quarters(part)]
        parts.sort(key=lambda p: (-p.size, p.start))
    return tuple(parts)


def _quarters(part: Part) -> list[Part]:
    """``part`` in four runs as equal as may be (fewer when it is shorter than four decisions)."""
    pieces = min(4, part.size)
    cuts = [part.start + part.size * k // pieces for k in range(pieces + 1)]
    return [Part(part.game, a, b) for a, b in zip(cuts, cuts[1:], strict=False)]


def merge_parts(
    match: Match, graded: Iterable[tuple[Part, list[Decision]]], total: int | None = None
) -> MatchAnalysis:
    """The analysis of ``match`` from its parts' decisions, given in any order; ``total``: how
    many decisions the match has, when known (else the match is replayed to count them).

    Raises ``ValueError`` unless the parts cover every decision of the match once."""
    ordered = sorted(graded, key=lambda pair: pair[0].start)
    expected = 0
    for part, decisions in ordered:
        if part.start != expected:
            raise ValueError(f"parts do not join: decision {expected} expected, part starts at {part.start}")
        if len(decisions) != part.size:
            raise ValueError(f"part {part.start}-{part.stop}: {len(decisions)} decisions")
        expected = part.stop
    if expected != (total if total is not None else len(decision_games(match))):
        raise ValueError(f"parts cover {expected} decisions, the match has more")
    return merge_decisions(match, (d for _, decisions in ordered for d in decisions))


def pack_job(match: Match, depth: Depth | None) -> bytes:
    """What a worker needs before its parts: the match and the depth to grade it at."""
    return pickle.dumps((match, depth), protocol=pickle.HIGHEST_PROTOCOL)


def pack_decision(decision: Decision) -> bytes:
    """One graded decision, as a worker sends it to the page (each one alone: a page unpickles
    it between two frames, a few milliseconds; a part's worth at once could take a tenth of a second)."""
    return pickle.dumps(decision, protocol=pickle.HIGHEST_PROTOCOL)


def unpack_decision(data: bytes) -> Decision:
    """A decision as :func:`pack_decision` packed it (the page's own worker's bytes)."""
    decision = pickle.loads(data)
    if not isinstance(decision, Decision):
        raise ValueError("not a decision")
    return decision


class PartRunner:
    """A worker's side: holds the match (:meth:`load`) and grades its parts (:meth:`run`) with one
    engine, whose roll tables serve every part it grades."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.moments: list[Moment] = []
        self.engine: Engine | None = None

    def load(self, job: bytes) -> None:
        """Take the match and depth packed by :func:`pack_job`."""
        match, depth = pickle.loads(job)
        if not isinstance(match, Match) or not (depth is None or isinstance(depth, Depth)):
            raise ValueError("not a job: (match, depth) expected")
        self.match, self.moments = match, list(walk_match(match))
        if self.engine is None or self.engine.depth != (depth or Depth()):
            self.engine = Engine(None, depth)

    def warm(self) -> None:
        """Load the bot's net now (a worker does it while the page sends the match)."""
        analyse_match(Match.new(1).opening_with(2, 1).play("13/11 6/5"))

    def run(self, start: int, stop: int, on_decision: Callable[[bytes], object]) -> int:
        """Grade decisions ``start`` to ``stop`` of the match loaded, handing each to ``on_decision``
        as :func:`pack_decision` packs it, in order; how many there were."""
        if self.match is None or self.engine is None:
            raise RuntimeError("no match loaded")
        steps = moments_steps(self.engine, self.moments[start:stop])
        count = 0
        for item in steps:
            if item is not None:
                on_decision(pack_decision(item))
                count += 1
        return count
