"""What the analysis dialog shows, as HTML strings: the decisions, the players' totals, where each decision is.

Pure (tested under CPython): :mod:`app.records.analysis_panel` runs the analysis and puts
these strings in the page. It is imported with the analysis, when Analyse is first used.

The list holds every decision counted in the error rates (unforced plays, cube decisions that
were close or taken), worst first or in game order (:func:`ordered`); each row is a button
naming the game, the record number, the player, the roll, the action and the best one, the
loss and its mark. :func:`decision_place` finds the replay's frame of a decision.

>>> from core.match import Match
>>> from core.analysis import analyse_match
>>> match = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("24/21 6/5")
>>> analysis = analyse_match(match)
>>> html = rows_html(analysis, ("Ann", "Bob"), "en", "worst")
>>> 'data-game="0" data-move="1" data-kind="move"' in html, "24/21 6/5" in html, "best: 8/5 6/5" in html
(True, True, True)
>>> decision_place(match, analysis.decisions[0])
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Literal

from app.records.replay import game_frames
from app.text import t
from app.text.coach_lines import decimal_mark, format_equity, format_loss
from core.analysis import Decision, MatchAnalysis
from core.match import Match

__all__ = ["Order", "decision_place", "ordered", "rating_text", "rows_html", "summary_html"]

Order = Literal["worst", "game"]

RATING_KEYS = {
    "Supernatural": "supernatural",
    "World class": "world_class",
    "Expert": "expert",
    "Advanced": "advanced",
    "Intermediate": "intermediate",
    "Casual player": "casual",
    "Beginner": "beginner",
    "Awful!": "awful",
}
"""The core's rating words (gnubg's) -> the catalogue's keys ``analysis.rating.*``."""

RECORDS = ("play", "double", "take", "drop", "beaver")
"""The replay's frame kinds that are records of a game (what a decision's ``move`` counts)."""


def rating_text(lang: str, rating: str) -> str:
    """The rating in ``lang``.

    >>> rating_text("fr", "World class"), rating_text("en", "Awful!")
    ('Classe mondiale', 'Awful!')
    """
    return t(lang, f"analysis.rating.{RATING_KEYS.get(rating, 'awful')}")


def ordered(decisions: Sequence[Decision], order: Order) -> list[Decision]:
    """The decisions counted in the error rates, worst first (ties in game order) or in game order.

    >>> from core.analysis import Decision
    >>> ds = [Decision(1, 1, 0, "move", (3, 1), "a", "a", 0.0, ""), Decision(1, 2, 1, "move", (6, 4), "b", "c", 0.3,
    ...       "very bad"), Decision(1, 3, 0, "move", (2, 1), "d", "d", 0.0, "", counted=False)]
    >>> [d.move for d in ordered(ds, "worst")], [d.move for d in ordered(ds, "game")]
    ([2, 1], [1, 2])
    """
    counted = [d for d in decisions if d.counted]
    if order == "worst":
        return sorted(counted, key=lambda d: -d.loss)  # sorted() is stable: ties stay in game order
    return counted


def _action_text(d: Decision, lang: str) -> tuple[str, str]:
    """The action taken and the best one, in ``lang`` (plays stay in notation)."""
    if d.kind == "move":
        return d.played or t(lang, "log.cannot_move"), d.best
    key = {"Double": "double", "No double": "no_double", "Take": "take", "Pass": "pass"}
    return t(lang, f"analysis.cube.{key[d.played]}"), t(lang, f"analysis.cube.{key[d.best]}")


def rows_html(analysis: MatchAnalysis, names: tuple[str, str], lang: str, order: Order) -> str:
    """The decisions as list items, each a button (``data-game`` 0-based, ``data-move``, ``data-kind``,
    ``data-index`` into ``analysis.decisions``)."""
    items = []
    index = {id(d): i for i, d in enumerate(analysis.decisions)}
    for d in ordered(analysis.decisions, order):
        played, best = _action_text(d, lang)
        roll = f"{max(d.dice)}{min(d.dice)}: " if d.dice else ""
        where = t(lang, "analysis.where", game=d.game, move=d.move)
        mark = f'<span class="analysis__mark">{escape(t(lang, "analysis.mark." + d.mark.replace(" ", "_")))}</span>'
        best_text = escape(t(lang, "analysis.best", play=best))
        better = "" if d.loss <= 0.0 else f' <span class="analysis__best">{best_text}</span>'
        items.append(
            f'<li class="analysis__row analysis__row--{d.mark.replace(" ", "-") or "ok"}">'
            f'<button type="button" class="analysis__decision" data-game="{d.game - 1}" data-move="{d.move}"'
            f' data-kind="{d.kind}" data-index="{index[id(d)]}">'
            f'<span class="analysis__where">{escape(where)}</span> '
            f'<span class="swatch swatch--{d.player}" aria-hidden="true"></span>'
            f"<span>{escape(names[d.player])} {escape(roll)}{escape(played)}</span>{better}"
            f' <span class="analysis__loss">{escape(_loss(d.loss, lang))}</span>'
            f"{mark if d.mark else ''}</button></li>"
        )
    if not items:
        return f'<li class="analysis__row">{escape(t(lang, "analysis.none"))}</li>'
    return "".join(items)


def _loss(loss: float, lang: str) -> str:
    """
    >>> _loss(0.56047, "en"), _loss(0.56047, "fr"), _loss(0.0, "fr")
    ('−0.560', '−0,560', '0,000')
    """
    return ("−" if loss > 0.0 else "") + format_loss(loss, lang)


def summary_html(analysis: MatchAnalysis, names: tuple[str, str], lang: str) -> str:
    """A table: for each player, decisions, error rate (mEMG) and rating, marks, luck.

    >>> from core.analysis import MatchAnalysis, PlayerSummary
    >>> a = MatchAnalysis(("A", "B"), 7, (), (PlayerSummary(0, "A", 10, total_loss=0.04, luck=0.5),
    ...     PlayerSummary(1, "B", 5, total_loss=0.5, luck=-0.25)))
    >>> html = summary_html(a, ("Ann", "Bob"), "fr")
    >>> "4,0" in html, "Classe mondiale" in html, "+0,500" in html, "−0,250" in html, "100,0" in html
    (True, True, True, True, True)
    """

    labels = [
        escape(t(lang, key))
        for key in (
            "analysis.col.player",
            "analysis.col.decisions",
            "analysis.col.rate",
            "analysis.col.rating",
            "analysis.col.errors",
            "analysis.col.luck",
        )
    ]
    # explicit roles: on a phone the rows reflow into cards (CSS display: block), which would
    # otherwise drop the table's semantics for screen readers; each cell carries its column's
    # name (data-label) for the card's captions
    head = "".join(f'<th scope="col" role="columnheader">{label}</th>' for label in labels)
    rows = []
    for s in analysis.summary:
        errors = t(lang, "analysis.errors", bad=s.marks["bad"], very_bad=s.marks["very bad"])
        cells = (
            (str(s.decisions), ""),
            (decimal_mark(f"{s.error_rate:.1f}", lang), ' class="analysis__rate"'),
            (escape(rating_text(lang, s.rating)), ""),
            (escape(errors), ""),
            (format_equity(s.luck, lang), ""),
        )
        tds = "".join(
            f'<td role="cell" data-label="{label}"{attrs}>{text}</td>'
            for label, (text, attrs) in zip(labels[1:], cells, strict=True)
        )
        rows.append(
            f'<tr role="row" data-player="{s.player}"><th scope="row" role="rowheader">'
            f'<span class="swatch swatch--{s.player}" aria-hidden="true"></span>{escape(names[s.player])}</th>'
            f"{tds}</tr>"
        )
    return (
        f'<thead role="rowgroup"><tr role="row">{head}</tr></thead>'
        f"<tbody role=\"rowgroup\">{''.join(rows)}</tbody>"
    )


def decision_place(match: Match, decision: Decision) -> tuple[int, int]:
    """``(game, ply)`` of the replay's frame showing ``decision`` (game 0-based, see
    :class:`~app.records.replay.Replay`): the frame of its record (the play, the double, the
    take or pass), or for a decision not to double, the frame before the play that followed.

    >>> from core.match import Match
    >>> from core.analysis import analyse_match
    >>> m = Match.new(5).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4)).play("24/14").double().take()
    >>> [(d.kind, d.played, decision_place(m, d)) for d in analyse_match(m).decisions]
    [('move', '8/5 6/5', (0, 1)), ('double', 'No double', (0, 1)), ('move', '24/14', (0, 2)), \
('double', 'Double', (0, 3)), ('take', 'Take', (0, 4))]
    """
    game = decision.game - 1
    frames = game_frames(match, game)
    records = [f.ply for f in frames if f.kind in RECORDS]
    if decision.move > len(records):  # a decision not to double before a roll not yet played
        return game, len(frames) - 1
    ply = records[decision.move - 1]
    if decision.kind == "double" and decision.played != "Double":
        ply -= 1
    return game, max(ply, 0)
