"""A chart of the winning chances over one game, as an SVG string (pure).

One point per play (before its roll: the chances the analysis saw, cubeless, from player 0's
side, who is shown at the top), joined by a line, with the game's result as the last point
once it is over; plays marked bad or very bad get a larger dot of their mark's class. The
chart scales to its box (``viewBox``, no fixed size), has a title and a description for
screen readers, and every point a tooltip.

>>> from core.analysis import Decision
>>> ds = [Decision(1, 1, 0, "move", (3, 1), "8/5 6/5", "8/5 6/5", 0.0, "", win=0.52),
...       Decision(1, 2, 1, "move", (6, 4), "8/2 8/4", "24/14", 0.2, "very bad", win=0.40)]
>>> points = game_points(ds, 1)
>>> [(p.move, p.player, round(p.chance, 2), p.mark) for p in points]
[(1, 0, 0.52, ''), (2, 1, 0.6, 'very bad')]
>>> svg = win_chart_svg(points, names=("Ann", "Bob"), lang="en", game=1, winner=0)
>>> svg.count('class="chart__point'), 'data-chance="0.600"' in svg, "Ann: 60%" in svg
(3, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from app.text import t
from core.analysis import Decision

__all__ = ["ChartPoint", "game_points", "win_chart_svg"]

WIDTH, HEIGHT = 320.0, 120.0
LEFT, RIGHT, TOP, BOTTOM = 34.0, 8.0, 8.0, 8.0


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """Player 0's winning chances (0..1) before the roll of the play ``move`` made by ``player``."""

    move: int
    player: int
    chance: float
    mark: str = ""


def game_points(decisions: Sequence[Decision], game: int) -> list[ChartPoint]:
    """The plays of ``game`` (1-based) that carry winning chances, as chart points."""
    out = []
    for d in decisions:
        if d.game != game or d.kind != "move" or d.win is None:
            continue
        chance = d.win if d.player == 0 else 1.0 - d.win
        out.append(ChartPoint(d.move, d.player, chance, d.mark))
    return out


def _y(chance: float) -> float:
    return TOP + (1.0 - chance) * (HEIGHT - TOP - BOTTOM)


def win_chart_svg(
    points: Sequence[ChartPoint], *, names: tuple[str, str], lang: str, game: int, winner: int | None
) -> str:
    """The chart of one game (``game`` 1-based); ``winner``: who won it (``None`` while it goes on).

    >>> svg = win_chart_svg([], names=("Ann", "Bob"), lang="fr", game=2, winner=None)
    >>> "Partie 2" in svg, "chart__point" in svg, 'y1="60.0"' in svg  # no play yet; the 50% line
    (True, False, True)
    """
    values: list[tuple[float, ChartPoint | None]] = [(p.chance, p) for p in points]
    if winner is not None:
        values.append((1.0 if winner == 0 else 0.0, None))
    span = WIDTH - LEFT - RIGHT
    step = span / max(1, len(values) - 1)
    xy = [(LEFT + i * step if len(values) > 1 else LEFT + span / 2, _y(c)) for i, (c, _) in enumerate(values)]
    title = t(lang, "analysis.chart.title", game=game, name=names[0])
    desc = t(lang, "analysis.chart.desc", top=names[0], bottom=names[1])
    ids = f"analysis-chart-{game}"
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" role="img" aria-labelledby="{ids}-t {ids}-d"'
        f' data-game="{game}">',
        f'<title id="{ids}-t">{escape(title)}</title><desc id="{ids}-d">{escape(desc)}</desc>',
        f'<rect class="chart__frame" x="{LEFT}" y="{TOP}" width="{span}" height="{HEIGHT - TOP - BOTTOM}"/>',
        f'<line class="chart__even" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_y(0.5):.1f}" y2="{_y(0.5):.1f}"/>',
    ]
    for chance, label in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        y = _y(chance) + 3
        parts.append(f'<text class="chart__axis" x="{LEFT - 4}" y="{y:.1f}" text-anchor="end">{label}</text>')
    if xy:
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
        parts.append(f'<polyline class="chart__line" points="{line}"/>')
    for (x, y), (chance, point) in zip(xy, values):
        if point is None:
            tip = t(lang, "analysis.chart.end", name=names[winner or 0])
            kind, move = "end", ""
        else:
            who = names[point.player]
            tip = f"{point.move}. {who} · {names[0]}: {round(100 * chance)}%"
            kind = point.mark.replace(" ", "-") or "ok"
            move = f' data-move="{point.move}"'
        radius = 3.2 if kind in ("bad", "very-bad") else 1.8
        parts.append(
            f'<circle class="chart__point chart__point--{kind}" cx="{x:.1f}" cy="{y:.1f}" r="{radius}"{move}'
            f' data-chance="{chance:.3f}"><title>{escape(tip)}</title></circle>'
        )
    parts.append("</svg>")
    return "".join(parts)
