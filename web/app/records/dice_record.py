"""The dice of a match, counted against what fair dice give: for a player who doubts them.

Pure. :func:`match_throws` lists every throw of two dice in a match: each roll, and the
opening throws -- the tied ones that were thrown again included, so that the sample is
every throw as it fell (leaving the ties out would hide doubles). :func:`dice_stats`
counts them: the 21 distinct rolls against ``1/36`` (doubles) or ``2/36``, each number
against ``1/6`` of the dice, the doubles against ``1/6`` of the throws, with Pearson's
chi-square test for the rolls and for the numbers -- given only once there are enough throws
for it, by Cochran's rule (:func:`cochran_ok`): 180 for the 21 rolls, 15 for the six numbers.

>>> from core.match import Match
>>> match = Match.new(3).opening_with(3, 1, ties=(5,)).play("8/5 6/5").roll_with((6, 6))
>>> [(t.dice, t.player) for t in match_throws(match)]
[((5, 5), None), ((3, 1), None), ((6, 6), 1)]
>>> stats = dice_stats(match_throws(match))
>>> stats.count, stats.doubles, stats.roll(6, 6).seen, stats.face(5).seen
(3, 2, 1, 2)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from app.text import t
from core.dice import ROLLS
from core.match import Match

__all__ = [
    "DiceStats",
    "FaceCount",
    "RollCount",
    "Throw",
    "chi_square_p",
    "cochran_ok",
    "dice_html",
    "dice_stats",
    "format_number",
    "match_throws",
    "throws_needed",
]


@dataclass(frozen=True, slots=True)
class Throw:
    """Two dice as they fell: ``player`` threw them, ``None`` for an opening throw (one die each)."""

    dice: tuple[int, int]
    player: int | None
    game: int


def match_throws(match: Match) -> tuple[Throw, ...]:
    """Every throw of the match so far, in order (opening ties, opening roll, rolls)."""
    out: list[Throw] = []
    for index, played in enumerate(match.games):
        for action in played.game.actions:
            if action.kind == "opening" and action.dice is not None:
                out.extend(Throw((tie, tie), None, index) for tie in action.ties)
                out.append(Throw(action.dice, None, index))
            elif action.kind == "roll" and action.dice is not None:
                out.append(Throw(action.dice, action.player, index))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class RollCount:
    """One of the 21 rolls (``high >= low``): how often it came, and how often fair dice would bring it."""

    high: int
    low: int
    seen: int
    probability: Fraction
    expected: float

    @property
    def label(self) -> str:
        return f"{self.high}{self.low}"


@dataclass(frozen=True, slots=True)
class FaceCount:
    """A number on one die: how many dice showed it, against ``1/6`` of the dice."""

    face: int
    seen: int
    expected: float


@dataclass(frozen=True, slots=True)
class DiceStats:
    """Counts of ``count`` throws (``2 * count`` dice) against fair dice.

    ``rolls_chi2`` / ``faces_chi2``: Pearson's statistic with 20 and 5 degrees of freedom;
    ``rolls_p`` / ``faces_p``: the chance that fair dice stray as far or farther (``None``
    while the count is below ``rolls_needed`` / ``faces_needed``, the throws Cochran's
    rule asks for: the chi-square law is then no fair guide to the statistic).
    """

    count: int
    rolls: tuple[RollCount, ...]
    faces: tuple[FaceCount, ...]
    doubles: int
    rolls_chi2: float
    faces_chi2: float
    rolls_p: float | None
    faces_p: float | None
    rolls_needed: int = 0
    faces_needed: int = 0

    @property
    def doubles_expected(self) -> float:
        return self.count / 6

    def roll(self, high: int, low: int) -> RollCount:
        """The count of a roll, either order.

        >>> dice_stats([]).roll(1, 6).label
        '61'
        """
        high, low = max(high, low), min(high, low)
        return next(r for r in self.rolls if (r.high, r.low) == (high, low))

    def face(self, number: int) -> FaceCount:
        return self.faces[number - 1]


COCHRAN_SMALL = 5.0
"""An expected count below this is "small" (Cochran 1954)."""
COCHRAN_SMALL_SHARE = 0.2
"""At most this share of the cells may have a small expected count (Cochran 1954)."""
COCHRAN_FLOOR = 1.0
"""No expected count may be below this (Cochran 1954)."""


def cochran_ok(expected: Sequence[float]) -> bool:
    """True when a chi-square test over cells expecting these counts may be trusted.

    Cochran's rule (W. G. Cochran, "Some methods for strengthening the common chi-square
    tests", Biometrics 10 (1954), 417-451; also Agresti, *Categorical Data Analysis*): every
    expected count at least 1, and at most 20% of them below 5.

    >>> cochran_ok([5.0] * 6), cochran_ok([4.9] * 6), cochran_ok([0.99] + [50.0] * 9)
    (True, False, False)
    >>> cochran_ok([4.0] + [5.0] * 4), cochran_ok([4.0] * 2 + [5.0] * 4)
    (True, False)
    """
    if not expected or min(expected) < COCHRAN_FLOOR:
        return False
    small = sum(1 for e in expected if e < COCHRAN_SMALL)
    return small <= COCHRAN_SMALL_SHARE * len(expected)


def throws_needed(per_throw: Sequence[float], limit: int = 100_000) -> int:
    """The fewest throws for which cells expecting ``n * w`` each (``w`` in ``per_throw``) pass :func:`cochran_ok`.

    >>> throws_needed([r.ways / 36 for r in ROLLS]), throws_needed([2 / 6] * 6)
    (180, 15)
    """
    for n in range(1, limit + 1):
        if cochran_ok([n * w for w in per_throw]):
            return n
    raise ValueError("no count of throws up to the limit makes these cells fit for a chi-square test")


ROLLS_NEEDED = throws_needed([r.ways / 36 for r in ROLLS])
"""Throws before the 21 rolls are tested: 180 (each double expected 5 times)."""
FACES_NEEDED = throws_needed([2 / 6] * 6)
"""Throws before the six numbers are tested: 15 (30 dice, each number expected 5 times)."""


def dice_stats(throws: Iterable[Throw], player: int | None = None) -> DiceStats:
    """Count ``throws`` (``player``: only that player's rolls; opening throws belong to both).

    >>> from fractions import Fraction
    >>> stats = dice_stats([Throw((6, 5), 0, 0), Throw((5, 6), 1, 0), Throw((2, 2), 0, 0)], player=0)
    >>> stats.count, stats.roll(6, 5).seen, stats.roll(6, 5).probability, stats.face(2).seen
    (2, 1, Fraction(1, 18), 2)
    """
    counted = [th for th in throws if player is None or th.player is None or th.player == player]
    n = len(counted)
    by_roll: dict[tuple[int, int], int] = {}
    by_face = [0] * 7
    doubles = 0
    for th in counted:
        a, b = th.dice
        key = (max(a, b), min(a, b))
        by_roll[key] = by_roll.get(key, 0) + 1
        by_face[a] += 1
        by_face[b] += 1
        doubles += a == b
    rolls = tuple(
        RollCount(r.high, r.low, by_roll.get((r.high, r.low), 0), r.probability, n * r.ways / 36)
        for r in sorted(ROLLS, key=lambda r: (-r.high, -r.low))
    )
    faces = tuple(FaceCount(f, by_face[f], 2 * n / 6) for f in range(1, 7))
    rolls_chi2 = _chi2((r.seen, r.expected) for r in rolls)
    faces_chi2 = _chi2((f.seen, f.expected) for f in faces)
    return DiceStats(
        n,
        rolls,
        faces,
        doubles,
        rolls_chi2,
        faces_chi2,
        chi_square_p(rolls_chi2, len(rolls) - 1) if cochran_ok([r.expected for r in rolls]) else None,
        chi_square_p(faces_chi2, len(faces) - 1) if cochran_ok([f.expected for f in faces]) else None,
        ROLLS_NEEDED,
        FACES_NEEDED,
    )


def _chi2(pairs: Iterable[tuple[int, float]]) -> float:
    return sum((seen - expected) ** 2 / expected for seen, expected in pairs if expected > 0)


def chi_square_p(statistic: float, df: int) -> float:
    """The upper tail ``P(X >= statistic)`` of the chi-square law with ``df`` degrees of freedom.

    The regularized upper incomplete gamma function ``Q(df/2, statistic/2)``, by its series
    below ``a + 1`` and its continued fraction above (Numerical Recipes, 6.2).

    >>> round(chi_square_p(20.0, 20), 4), round(chi_square_p(11.07, 5), 4), chi_square_p(0.0, 5)
    (0.4579, 0.05, 1.0)
    """
    if statistic <= 0:
        return 1.0
    a, x = df / 2, statistic / 2
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # series for P, then Q = 1 - P
        term = total = 1 / a
        k = a
        for _ in range(1000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300  # Lentz's continued fraction for Q
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


# -- the dice record as HTML (for the dialog; plain strings, so tested under CPython) -----------------
def format_number(value: float, lang: str, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, with a decimal comma in French.

    >>> format_number(2.345, "en", 2), format_number(2.345, "fr", 1), format_number(0.000012, "en", 3)
    ('2.35', '2,3', '<0.001')
    """
    smallest = 10**-digits
    text = f"<{smallest:.{digits}f}" if 0 < value < smallest else f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def _table(
    lang: str, caption: str, head: str, rows: Sequence[tuple[str, int, float]], kind: str, expected_text: str
) -> str:
    top = max([seen for _, seen, _ in rows] + [expected for _, _, expected in rows] + [1])
    out = [
        f'<div class="dice__group"><table class="dice__table" data-table="{kind}"><caption>{escape(caption)}</caption>',
        f'<thead><tr><th scope="col">{escape(head)}</th><th scope="col" aria-hidden="true"></th>'
        f'<th scope="col">{escape(t(lang, "dice.seen"))}</th>'
        f'<th scope="col">{escape(t(lang, "dice.expected"))}</th></tr></thead><tbody>',
    ]
    for label, seen, expected in rows:
        out.append(
            f'<tr data-{kind}="{label}"><th scope="row">{label}</th>'
            f'<td class="dice__bar" aria-hidden="true"><span class="bar">'
            f'<span class="bar__seen" style="width:{100 * seen / top:.1f}%"></span>'
            f'<span class="bar__expected" style="left:{100 * expected / top:.1f}%"></span></span></td>'
            f'<td class="dice__seen">{seen}</td><td class="dice__expected">{format_number(expected, lang)}</td></tr>'
        )
    out.append(f'</tbody></table><p class="dice__test">{escape(expected_text)}</p></div>')
    return "".join(out)


def _test_text(lang: str, chi2: float, df: int, p: float | None, needed: int, count: int) -> str:
    if p is None:
        return t(lang, "dice.test_few", needed=needed, count=count)
    return t(lang, "dice.test", chi2=format_number(chi2, lang, 1), df=df, p=format_number(p, lang, 3))


def dice_html(stats: DiceStats, lang: str) -> str:
    """The dice record: counts, the 21 rolls and the six numbers beside what fair dice give, and the tests.

    >>> html = dice_html(dice_stats([Throw((6, 5), 0, 0), Throw((1, 1), 1, 0)]), "en")
    >>> '<tr data-roll="65"><th scope="row">65</th>' in html, html.count("<tr data-roll="), html.count("<tr data-face=")
    (True, 21, 6)
    >>> dice_html(dice_stats([]), "fr")
    '<p class="dice__none">Aucun dé lancé pour l’instant.</p>'
    """
    if not stats.count:
        return f'<p class="dice__none">{escape(t(lang, "dice.none"))}</p>'
    doubles = t(
        lang,
        "dice.doubles",
        seen=stats.doubles,
        count=stats.count,
        expected=format_number(stats.doubles_expected, lang),
    )
    rolls = [(r.label, r.seen, r.expected) for r in stats.rolls]
    faces = [(str(f.face), f.seen, f.expected) for f in stats.faces]
    return "".join(
        [
            f'<p class="dice__count">{escape(t(lang, "dice.count", count=stats.count))} · '
            f"{escape(t(lang, 'dice.note'))}</p>",
            f'<p class="dice__doubles">{escape(doubles)}</p>',
            '<div class="dice__tables">',
            _table(
                lang,
                t(lang, "dice.rolls"),
                t(lang, "dice.roll"),
                rolls,
                "roll",
                _test_text(lang, stats.rolls_chi2, len(rolls) - 1, stats.rolls_p, stats.rolls_needed, stats.count),
            ),
            _table(
                lang,
                t(lang, "dice.faces"),
                t(lang, "dice.number"),
                faces,
                "face",
                _test_text(lang, stats.faces_chi2, len(faces) - 1, stats.faces_p, stats.faces_needed, stats.count),
            ),
            "</div>",
            f'<p class="dice__hint">{escape(t(lang, "dice.test_hint"))}</p>',
        ]
    )
