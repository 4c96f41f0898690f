"""Hints and the tutor as the reader sees them: from the core's answers to lines of text (pure).

The core ranks (:mod:`core.analysis.hint`); this module only words and lays out: which hint
the page offers now (:func:`hint_kind`), the ranked plays as lines with their equity, their
difference to the best and their winning and gammon chances (:mod:`app.text.coach_lines`), the cube
hint (:func:`cube_lines`), the tutor's bands (:data:`BANDS`, the analysis's marks) and its
warning (:func:`tutor_warning`), and the panel's HTML (:func:`hint_html`). Equities are
normalized (per unit of cube, as the analysis reports them); numbers are written the reader's
way (``+0.169`` / ``+0,169``, ``54.1%`` / ``54,1 %``, a narrow no-break space).

Nothing here imports the bot: :func:`band_threshold` reads the analysis's thresholds on first use.

>>> from core.match import Match
>>> hint_kind(Match.new(3).opening_with(3, 1)), hint_kind(Match.new(3))
('play', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Literal

from app.text import t
from app.text.coach_lines import HintLine, format_equity, format_loss, format_percent
from core.match import Match

HintKind = Literal["play", "cube"]

BANDS = ("doubtful", "bad", "very bad")
"""The tutor's bands, mildest first: the analysis's marks (:data:`core.analysis.analyse.MARKS`)."""

TUTOR_OFF = "off"


def hint_kind(match: Match, *, waiting: bool = False) -> HintKind | None:
    """The hint the page can give now: the ranked plays of a roll (``"play"``), the cube
    (``"cube"``: before rolling when a double is allowed, or when doubled), or none.

    >>> m = Match.new(0).opening_with(3, 1).play("8/5 6/5")
    >>> hint_kind(m), hint_kind(m.double()), hint_kind(m, waiting=True)
    ('cube', 'cube', None)
    >>> hint_kind(Match.new(1).opening_with(3, 1).play("8/5 6/5"))  # a 1-point match: no cube
    """
    game = match.game
    if waiting or match.is_over or game.is_over:
        return None
    if game.phase == "move" and game.turn_in_progress is not None and game.turn_in_progress.legal_play_count:
        return "play"
    if game.phase == "double" or (game.phase == "roll" and game.can_double()):
        return "cube"
    return None


def read_band(text: str | None) -> str:
    """The tutor's band from storage: one of :data:`BANDS`, else off.

    >>> read_band("bad"), read_band("junk"), read_band(None)
    ('bad', 'off', 'off')
    """
    return text if text in BANDS else TUTOR_OFF


def band_threshold(band: str) -> float | None:
    """The smallest loss the tutor warns about at ``band`` (``None`` when off): the analysis's
    threshold for that mark.

    >>> band_threshold("doubtful"), band_threshold("very bad"), band_threshold("off")
    (0.04, 0.16, None)
    """
    if band not in BANDS:
        return None
    from core.analysis.analyse import MARKS

    return next(limit for limit, name in MARKS if name == band)


CUBE_WORDS = {"No double": "hint.no_double", "Double": "hint.double", "Take": "hint.take", "Pass": "hint.pass"}
"""The core's words for cube actions and their catalogue keys."""


CUBE_LINES = {
    "No double": "hint.no_double",
    "Double, take": "hint.double_take",
    "Double, pass": "hint.double_pass",
    "Take": "hint.take",
    "Pass": "hint.pass",
}
"""The core's cube options (:data:`core.analysis.decision.CUBE_DOUBLE`, ``CUBE_TAKE``) and their keys."""


def cube_lines(hint: Any, lang: str) -> tuple[HintLine, ...]:
    """The cube hint as lines from the deciding player's side, the best marked, with that
    player's chances on the first line: before a roll, no double / double-take / double-pass (the
    doubler's equities); when doubled, take / pass (the taker's equities and chances).

    >>> from core.analysis.hint import CubeHint
    >>> hint = CubeHint("take", 1, 0.5, 0.9, 1.0, (0.3, 0.05, 0.0, 0.1, 0.0))
    >>> for line in cube_lines(hint, "en"):
    ...     print(line.what, line.equity, line.diff or "-", line.win or "-", line.best)
    Take −0.900 - 30.0% True
    Drop −1.000 −0.100 - False
    """
    ev = hint.evaluation
    out = []
    for i, option in enumerate(ev.options):
        out.append(
            HintLine(
                i + 1,
                t(lang, CUBE_LINES[option.what]),
                format_equity(option.equity, lang),
                "−" + format_loss(option.loss, lang) if option.loss > 5e-4 else "",
                format_percent(option.probs[0], lang) if option.probs else "",
                format_percent(option.probs[1], lang) if option.probs else "",
                best=option.what == ev.best_what,
                plies=option.plies,
            )
        )
    return tuple(out)


def cube_verdict(hint: Any, lang: str) -> str:
    """The cube hint in one sentence for the player who decides.

    >>> from core.analysis.hint import CubeHint
    >>> cube_verdict(CubeHint("take", 1, 0.5, 0.9, 1.0, (0.7, 0.1, 0.0, 0.05, 0.0)), "fr")
    'Le meilleur : prendre.'
    """
    return t(lang, "hint.verdict", action=t(lang, CUBE_WORDS[hint.best]).lower())


def hint_html(lines: Sequence[HintLine], lang: str, *, cube: bool = False, chosen: int = 0) -> str:
    """The hint's table: one row per line, headed; the best row and the player's marked. A play's
    row can be chosen (``data-row``: its index in the ranking, focusable; ``chosen``: the row whose
    arrows the board shows, ``aria-current``).

    >>> html = hint_html((HintLine(1, "8/5 6/5", "+0.169", "", "54.1%", "12.3%", best=True),), "en")
    >>> '<tr class="hint__row hint__row--best hint__row--chosen" data-row="0" tabindex="0" aria-current="true">' in html
    True
    >>> cube = hint_html((HintLine(1, "Take", "+0.1", ""),), "en", cube=True)
    >>> "<th scope=\\"col\\">Play</th>" in html, "data-row" in cube
    (True, False)
    """
    head = t(lang, "hint.col_action" if cube else "hint.col_play")
    out = ['<table class="hint__table"><thead><tr><th scope="col">#</th>']
    out.append(f'<th scope="col">{escape(head)}</th>')
    for c in ("equity", "diff", "win", "gammon", "depth"):  # a phone shows the short words (#59)
        long, short = t(lang, f"hint.col_{c}"), t(lang, f"hint.col_{c}_short")
        out.append(
            f'<th scope="col" abbr="{escape(long)}"><span class="hint__long">{escape(long)}</span>'
            f'<span class="hint__short" aria-hidden="true">{escape(short)}</span></th>'
        )
    out.append("</tr></thead><tbody>")
    for line in lines:
        classes = "hint__row" + (" hint__row--best" if line.best else "") + (" hint__row--mine" if line.mine else "")
        depth = "" if line.plies is None else t(lang, "hint.plies", n=line.plies)
        cells = (line.equity, line.diff, line.win, line.gammon, depth)
        mine = f' <span class="hint__mine">({escape(t(lang, "hint.mine"))})</span>' if line.mine else ""
        pick = "" if cube else f' data-row="{line.rank - 1}" tabindex="0"'
        if not cube and line.rank - 1 == chosen:
            classes += " hint__row--chosen"
            pick += ' aria-current="true"'
        out.append(f'<tr class="{classes}"{pick}><td>{line.rank}</td><td>{escape(line.what)}{mine}</td>')
        out += [f"<td>{escape(c)}</td>" for c in cells]
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def tutor_warning(cost: Any, lang: str) -> str:
    """The tutor's sentence for an :class:`core.analysis.hint.ActionCost` over the band.

    >>> from core.analysis.hint import ActionCost
    >>> cost = ActionCost("move", "24/21 6/5", "8/5 6/5", 0.2531, None)
    >>> tutor_warning(cost, "en")
    '24/21 6/5 loses 0.253 against the best play (very bad).'
    >>> tutor_warning(ActionCost("take", "Take", "Pass", 0.09, None), "fr")
    'Prendre perd 0,090 par rapport au meilleur choix, refuser (mauvais).'
    """
    from core.analysis.analyse import mark

    grade = t(lang, "hint.mark." + mark(cost.loss))
    loss = format_loss(cost.loss, lang)
    if cost.kind == "move":
        return t(lang, "hint.tutor_play", play=cost.played, loss=loss, mark=grade)
    played = t(lang, CUBE_WORDS[cost.played])
    best = t(lang, CUBE_WORDS[cost.best]).lower()
    return t(lang, "hint.tutor_cube", action=played, loss=loss, best=best, mark=grade)


def decision_made(before: Match, after: Match, *, computer: int | None = None) -> Any:
    """The decision a transition of the page makes, for the tutor to judge: the first action
    ``after`` adds to ``before``'s game when it is a play, a double, an answer to a double, or
    a roll that could have been a double (the decision not to double); else ``None``. The
    ``computer``'s own actions are never judged.

    >>> m = Match.new(0).opening_with(3, 1)
    >>> decision_made(m, m.step(8, 5).step(6, 5).confirm()).steps
    ((8, 5), (6, 5))
    >>> decision_made(m, m.step(8, 5)) is None, decision_made(Match.new(0), m)
    (True, None)
    >>> m = m.play("8/5 6/5")
    >>> decision_made(m, m.double()).kind, decision_made(m.double(), m.double().take()).kind
    ('double', 'take')
    >>> decision_made(m, m.roll_with((6, 5))).kind, decision_made(m, m.roll_with((6, 5)), computer=1)
    ('roll', None)
    """
    if len(after.games) != len(before.games) or before.game.phase == "opening":
        return None
    done = len(before.game.actions)
    new = after.game.actions[done:] if after.game.actions[:done] == before.game.actions else ()
    if not new or new[0].player == computer:
        return None
    action = new[0]
    if action.kind in ("play", "double", "take", "drop", "beaver"):
        return action
    if action.kind == "roll" and before.game.phase == "roll" and before.game.can_double():
        return action
    return None
