"""The coach's numbers and lines, in the reader's language: shared by the page's hints and the embeds.

Equities are normalized (per unit of cube, as the analysis reports them) and written the reader's
way: ``+0.169`` / ``+0,169``; chances as ``54.1%`` / ``54,1 %`` (a narrow no-break space).
:func:`play_lines` turns a ranking of the core (:class:`core.analysis.hint.CheckerHint`) into
lines; :mod:`app.page.coach.hint_words` and :mod:`app.embed.bot_ranking` show them.

>>> format_equity(0.1694, "en"), format_equity(-0.0071, "fr"), format_percent(0.5412, "en")
('+0.169', '−0,007', '54.1%')
>>> format_percent(0.5412, "fr") == "54,1\u202f%"
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SHOWN_PLAYS = 6
"""How many of the ranked plays the hint lists (the player's own play is added when lower)."""


def decimal_mark(text: str, lang: str) -> str:
    """A written number with the reader's decimal mark (a comma in French).

    >>> decimal_mark("186.8", "fr"), decimal_mark("186.8", "en")
    ('186,8', '186.8')
    """
    return text.replace(".", ",") if lang == "fr" else text


def format_equity(value: float, lang: str) -> str:
    """A normalized equity with its sign, three decimals, the reader's decimal mark."""
    return decimal_mark(f"{value:+.3f}".replace("-", "−"), lang)


def format_loss(value: float, lang: str) -> str:
    """An equity lost (a difference to the best), three decimals, no sign.

    >>> format_loss(0.0821, "en"), format_loss(0.0821, "fr")
    ('0.082', '0,082')
    """
    return decimal_mark(f"{max(0.0, value):.3f}", lang)


def format_percent(value: float, lang: str) -> str:
    """A chance as a percentage, one decimal (French: comma and a space before %)."""
    text = decimal_mark(f"{100.0 * value:.1f}", lang)
    return text + "\u202f%" if lang == "fr" else text + "%"


@dataclass(frozen=True, slots=True)
class HintLine:
    """One line of a hint: rank (1 = best), what, its equity, its difference to the best
    (empty for the best), winning and gammon chances (empty for cube lines); ``best``/``mine``:
    the best line, the player's own choice."""

    rank: int
    what: str
    equity: str
    diff: str
    win: str = ""
    gammon: str = ""
    best: bool = False
    mine: bool = False
    plies: int | None = None
    """The plies the equity is priced at (:attr:`core.analysis.decision.Option.plies`)."""


def play_lines(hint: Any, lang: str, *, limit: int = SHOWN_PLAYS, mine: str | None = None) -> tuple[HintLine, ...]:
    """The ranked plays of a :class:`core.analysis.hint.CheckerHint` as lines, the best
    ``limit`` (and ``mine``, the notation of the player's play, when ranked lower).

    >>> from core.analysis.hint import checker_hint
    >>> from core.match import Match
    >>> hint = checker_hint(Match.new(0).opening_with(3, 1))
    >>> worst = hint.plays[-1]
    >>> lines = play_lines(hint, "en", limit=2, mine=worst.notation)
    >>> [(l.rank, l.best, l.mine) for l in lines] == [
    ...     (1, True, False), (2, False, False), (len(hint.plays), False, True)]
    True
    >>> lines[0].what, lines[2].what == worst.notation
    ('8/5 6/5', True)
    >>> lines[0].diff, lines[2].diff == "−" + format_loss(worst.loss, "en")
    ('', True)
    >>> lines[0].win == format_percent(hint.plays[0].probs[0], "en"), lines[0].win[-1]
    (True, '%')
    """
    out: list[HintLine] = []
    for rank, entry in enumerate(hint.plays, start=1):
        if rank > limit and entry.notation != mine:
            continue
        out.append(
            HintLine(
                rank,
                entry.notation,
                format_equity(entry.equity, lang),
                "" if rank == 1 else "−" + format_loss(entry.loss, lang),
                format_percent(entry.probs[0], lang),
                format_percent(entry.probs[1], lang),
                best=rank == 1,
                mine=entry.notation == mine,
                plies=entry.plies,
            )
        )
    return tuple(out)
