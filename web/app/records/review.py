"""Reviewing one decision of an analysis: the position before it, the play made and the best one.

Pure (tested under CPython): :mod:`app.records.review_panel` puts these in the page. A decision
opens on the board as it stood *before* it (the roll about to be played, or the cube about to be
turned or answered), with the play made drawn as dashed arrows (``arrow--played``) and the best
play as solid ones (``arrow--best``), a legend naming both, and the loss with its mark.
:func:`mistake_indexes` and :func:`step_mistake` walk the mistakes (a loss of at least
:data:`core.practice.MISTAKE`) in the order the list shows them.

>>> from core.match import Match
>>> from core.analysis import analyse_match
>>> match = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("24/21 6/5")
>>> analysis = analyse_match(match)
>>> r = review_of(match, analysis.decisions[0], "en")
>>> r.where, [d.value for d in r.view.dice], r.view.point(21).count, r.view.point(24).count  # before the play
('Game 1 · 1. Ann 31', [3, 1], 0, 2)
>>> [(a.start, a.end, a.style) for a in r.view.arrows]
[(24, 21, 'played'), (6, 5, 'played'), (8, 5, 'best'), (6, 5, 'best')]
>>> "24/21 6/5" in r.legend_html and "8/5 6/5" in r.legend_html, r.loss_text.startswith("Loss −0."), r.loss_text[-8:]
(True, True, 'very bad')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape

from app.board.arrows import ArrowView, arrows_from_notation
from app.board.view import BoardView, build_board_view
from app.records.analysis_view import Order, decision_place, ordered
from app.records.replay import DEFAULT_NAMES, Frame, game_frames, shown_names
from app.text import t
from app.text.coach_lines import format_equity, format_loss
from core.analysis import Decision, Depth
from core.errors import BackgammonError
from core.match import Match
from core.practice import MISTAKE

__all__ = ["Review", "cube_costs", "cube_table_html", "depth_text", "mistake_indexes", "review_of", "step_mistake"]


@dataclass(frozen=True, slots=True)
class Review:
    """What the review of one decision shows: ``view`` (the board before it, with the arrows),
    ``where`` (game, record, player, roll), ``legend_html`` (the played and best plays named,
    beside the arrows' swatches), ``loss_text`` (the loss and the mark), ``replay_at`` (the
    replay's ``(game, ply)`` of the decision)."""

    view: BoardView
    where: str
    legend_html: str
    loss_text: str
    replay_at: tuple[int, int]
    cube_html: str = ""
    """A cube decision's table (:func:`cube_table_html`): its cubeful equities and what each answer costs."""


def _before(match: Match, decision: Decision) -> Frame:
    """The replay's frame standing just before ``decision``."""
    game, ply = decision_place(match, decision)
    frames = game_frames(match, game)
    if decision.kind == "double" and decision.played != "Double":
        return frames[ply]  # the frame before the roll that followed
    return frames[max(ply - 1, 0)]


def _styled(notation: str, mover: int, style: str) -> tuple[ArrowView, ...]:
    try:
        return tuple(replace(a, style=style) for a in arrows_from_notation(notation, mover))
    except BackgammonError:
        return ()


def _action(d: Decision, what: str, lang: str) -> str:
    if d.kind == "move":
        return what or t(lang, "log.cannot_move")
    key = {"Double": "double", "No double": "no_double", "Take": "take", "Pass": "pass"}
    return t(lang, f"analysis.cube.{key.get(what, 'no_double')}")


def review_of(match: Match, decision: Decision, lang: str, *, viewer: int = 0, flipped: bool = False) -> Review:
    """The :class:`Review` of ``decision`` (one of ``match``'s analysis)."""
    before = _before(match, decision)
    state = before.state
    game = state.game
    names = shown_names(match, lang)
    arrows: tuple[ArrowView, ...] = ()
    if decision.kind == "move":
        arrows = _styled(decision.played, decision.player, "played")
        if decision.best != decision.played:
            arrows += _styled(decision.best, decision.player, "best")
    roll = f" {max(decision.dice)}{min(decision.dice)}" if decision.dice else ""
    where = f"{t(lang, 'analysis.where', game=decision.game, move=decision.move)} {names[decision.player]}{roll}"
    played, best = _action(decision, decision.played, lang), _action(decision, decision.best, lang)
    same = decision.best == decision.played
    items = [
        f'<li class="review__key review__key--played"><span class="review__swatch review__swatch--played"'
        f' aria-hidden="true"></span>{escape(t(lang, "review.played", play=played))}</li>'
    ]
    if not same:
        items.append(
            f'<li class="review__key review__key--best"><span class="review__swatch review__swatch--best"'
            f' aria-hidden="true"></span>{escape(t(lang, "review.best", play=best))}</li>'
        )
    else:
        items.append(f'<li class="review__key review__key--same">{escape(t(lang, "review.same"))}</li>')
    mark = t(lang, "analysis.mark." + decision.mark.replace(" ", "_")) if decision.mark else ""
    loss = t(lang, "review.loss", loss=("−" if decision.loss > 0 else "") + format_loss(decision.loss, lang))
    view = build_board_view(
        before.board,
        mover=decision.player,
        dice=decision.dice if decision.kind == "move" and decision.dice else (),
        cube_value=game.cube,
        cube_owner=game.cube_owner,
        cube_shown=game.cube_available,
        cube_offered=decision.kind == "take",
        names=(
            "" if state.names[0] == DEFAULT_NAMES[0] else state.names[0],
            "" if state.names[1] == DEFAULT_NAMES[1] else state.names[1],
        ),
        score=state.score,
        match_length=state.length,
        crawford=state.crawford,
        on_turn=None,
        phase="review",
        message=where,
        arrows=arrows,
        interactive=False,
        focusable=False,
        lang=lang,
        viewer=viewer,
        flipped=flipped,
    )
    return Review(
        view,
        where,
        "".join(items),
        f"{loss} · {mark}" if mark else loss,
        decision_place(match, decision),
        cube_table_html(decision, lang),
    )


CUBE_ROWS = {"No double": "hint.no_double", "Double, take": "hint.double_take", "Double, pass": "hint.double_pass",
             "Take": "hint.take", "Pass": "hint.pass"}  # fmt: skip
"""The core's names of a cube decision's options, and their words in the catalogue."""


def cube_costs(decision: Decision) -> list[tuple[str, float]]:
    """What each answer of a cube decision costs, from the side of whoever gives it (>= 0, per unit
    of cube): the doubler's no double and double, then the taker's take and pass; for a take, the
    taker's two. Empty for a move, or without the three (two) equities.

    >>> d = Decision(1, 4, 0, "double", None, "No double", "Double", 0.1, "bad",
    ...              equities=(("No double", 0.5, 1), ("Double, take", 0.7, 1), ("Double, pass", 1.0, 1)))
    >>> [(what, round(cost, 3)) for what, cost in cube_costs(d)]
    [('No double', 0.2), ('Double', 0.0), ('Take', 0.0), ('Pass', 0.3)]
    """
    values = {what: equity for what, equity, _ in decision.equities}
    if decision.kind == "double" and {"No double", "Double, take", "Double, pass"} <= values.keys():
        nd, dt, dp = values["No double"], values["Double, take"], values["Double, pass"]
        doubled = min(dt, dp)  # the taker answers right
        best = max(nd, doubled)
        return [("No double", best - nd), ("Double", best - doubled), ("Take", max(0.0, dt - dp)),
                ("Pass", max(0.0, dp - dt))]  # fmt: skip
    if decision.kind == "take" and {"Take", "Pass"} <= values.keys():
        take, drop = values["Take"], values["Pass"]
        return [("Take", max(0.0, drop - take)), ("Pass", max(0.0, take - drop))]
    return []


def cube_table_html(decision: Decision, lang: str) -> str:
    """A cube decision's cubeful equities (no double, double/take, double/pass; or take and pass, from
    the taker's side) and what each answer costs, as gnubg and XG show them (#59); "" for a move.

    >>> d = Decision(1, 4, 0, "double", None, "No double", "Double", 0.1, "bad",
    ...              equities=(("No double", 0.5, 1), ("Double, take", 0.7, 1), ("Double, pass", 1.0, 1)))
    >>> html = cube_table_html(d, "en")
    >>> "<td>Double, take</td><td>+0.700</td>" in html, "<td>Drop</td><td>−0.300</td>" in html
    (True, True)
    """
    costs = cube_costs(decision)
    if not costs:
        return ""
    side = "review.cube_doubler" if decision.kind == "double" else "review.cube_taker"
    rows = "".join(
        f"<tr><td>{escape(t(lang, CUBE_ROWS.get(what, what)))}</td><td>{escape(format_equity(equity, lang))}</td></tr>"
        for what, equity, _ in decision.equities
    )
    words = {"No double": "hint.no_double", "Double": "hint.double", "Take": "hint.take", "Pass": "hint.pass"}
    answers = "".join(
        f"<tr><td>{escape(t(lang, words[what]))}</td>"
        f"<td>{escape(('−' + format_loss(cost, lang)) if cost > 0 else t(lang, 'review.cube_right'))}</td></tr>"
        for what, cost in costs
    )
    return (
        f'<table class="review__cube-table"><caption>{escape(t(lang, side))}</caption><tbody>{rows}</tbody></table>'
        f'<table class="review__cube-table"><caption>{escape(t(lang, "review.cube_costs"))}</caption>'
        f"<tbody>{answers}</tbody></table>"
    )


def mistake_indexes(decisions: Sequence[Decision], order: Order) -> list[int]:
    """Indexes (into ``decisions``) of the mistakes (loss >= ``MISTAKE``), in the list's ``order``.

    >>> ds = [Decision(1, 1, 0, "move", (3, 1), "a", "a", 0.0, ""), Decision(1, 2, 1, "move", (6, 4), "b", "c", 0.3,
    ...       "very bad"), Decision(1, 3, 0, "move", (2, 1), "d", "e", 0.05, "doubtful")]
    >>> mistake_indexes(ds, "worst"), mistake_indexes(ds, "game")
    ([1, 2], [1, 2])
    """
    index = {id(d): i for i, d in enumerate(decisions)}
    return [index[id(d)] for d in ordered(decisions, order) if d.loss >= MISTAKE]


def step_mistake(shown: Sequence[int], current: int, delta: int, order_all: Sequence[int]) -> int | None:
    """The mistake ``delta`` (+1 next, -1 previous) from ``current`` among ``shown`` (the mistakes'
    indexes in the list's order); ``order_all``: every listed decision's index in that order, to
    place a ``current`` that is not a mistake. ``None`` past either end.

    >>> step_mistake([4, 1, 7], 1, 1, [4, 1, 2, 7]), step_mistake([4, 1, 7], 1, -1, [4, 1, 2, 7])
    (7, 4)
    >>> step_mistake([4, 1, 7], 2, 1, [4, 1, 2, 7]), step_mistake([4, 1, 7], 7, 1, [4, 1, 2, 7])
    (7, None)
    """
    if current in shown:
        at = shown.index(current) + delta
        return shown[at] if 0 <= at < len(shown) else None
    rank = {d: i for i, d in enumerate(order_all)}
    here = rank.get(current, -1)
    after = [m for m in shown if rank.get(m, -1) > here]
    before = [m for m in shown if rank.get(m, -1) < here]
    if delta > 0:
        return after[0] if after else None
    return before[-1] if before else None


def depth_text(depth: Depth, lang: str) -> str:
    """Which depth the analysis shows, in words.

    >>> depth_text(Depth(), "en")
    'Depth: every play at 0-ply; the best 5 (within 0.200) and the play made one roll deeper (1-ply, \
blended with 0-ply); the cube one roll ahead, two at close calls.'
    >>> depth_text(Depth(candidates=1, margin=0.08, cube_margin=0.0), "fr")[:45]
    'Profondeur : chaque jeu à 0 pli ; le meilleur'
    """
    key = "analysis.depth.cube2" if depth.cube_margin > 0 else "analysis.depth.cube1"
    return t(
        lang,
        "analysis.depth",
        count=depth.candidates,
        margin=format_loss(depth.margin, lang),
        cube=t(lang, key),
    )
