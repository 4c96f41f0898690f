"""Graded analysis of a match or money session: every decision, the luck of every roll, the totals.

One walker (:func:`walk_match`) goes through a :class:`~core.match.Match` record (played here, or
read from ``.mat`` by :func:`core.record.parse_mat`); the :class:`Engine` grades each moment with
the bot's net (0-ply on every play; 0-ply and 1-ply blended on the best few and on the play made;
Janowski's cube model at the score, one roll ahead for cube actions and two at the close calls);
:func:`analysis_steps` does it in slices for a page that must stay responsive, :func:`analyse_match`
at once. Equities are normalized (EMG, per unit of cube), as gnubg reports them; marks and ratings
follow gnubg's published thresholds (see :mod:`core.analysis.analyse`).

>>> from core.match import Match
>>> match = Match.new(5, names=("Ann", "Bob")).opening_with(6, 5).play("24/13")
>>> match = match.roll_with((2, 1)).play("6/4 4/3")
>>> analysis = analyse_match(match)
>>> [(d.player, d.kind, d.played, d.loss > 0.08) for d in analysis.decisions if d.counted]
[(0, 'move', '24/13', False), (1, 'move', '6/3', True)]
>>> analysis.summary[1].decisions, analysis.summary[1].rating
(1, 'Awful!')

Command line: ``python -m core.analysis FILE.mat [--json]``.
"""

from __future__ import annotations

from .analyse import (
    MARKS,
    RATINGS,
    Decision,
    MatchAnalysis,
    PlayerSummary,
    analyse_match,
    analysis_steps,
    decision_count,
    luck_mark,
    mark,
    rating,
)
from .engine import PAGE_DEPTH, CheckerGrade, CubeGrade, Depth, Engine, page_depth
from .equity import Scale
from .report import format_report, to_json
from .walk import Moment, Situation, walk_match

__all__ = [
    "MARKS",
    "PAGE_DEPTH",
    "RATINGS",
    "CheckerGrade",
    "CubeGrade",
    "Decision",
    "Depth",
    "Engine",
    "MatchAnalysis",
    "Moment",
    "PlayerSummary",
    "Scale",
    "Situation",
    "analyse_match",
    "analysis_steps",
    "decision_count",
    "format_report",
    "luck_mark",
    "mark",
    "page_depth",
    "rating",
    "to_json",
    "walk_match",
]
