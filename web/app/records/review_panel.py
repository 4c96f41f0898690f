"""DOM glue for reviewing a decision of the analysis: the board before it, played and best, the loss.

Opened by :mod:`app.records.analysis_panel` when a decision of its list is chosen, above the
analysis (closing it comes back to the list). What it shows is :mod:`app.records.review`'s;
Previous / Next mistake (buttons, or the keys P / N and the left / right arrows) walk the
mistakes in the list's order; "Open in the replay" opens the replay at the decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from app.board.render import render_board
from app.dom import el, ignore_event
from app.records.analysis_view import Order, ordered
from app.records.review import mistake_indexes, review_of, step_mistake
from app.text import t
from core.analysis import MatchAnalysis
from core.match import Match


class ReviewHost(Protocol):
    """What the review needs of the records panel: the language, the board's side, listeners, the replay."""

    @property
    def lang(self) -> str: ...

    @property
    def flipped(self) -> bool: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...

    def open_replay_at(self, match: Match, file_name: str | None, game: int, ply: int) -> None: ...


class ReviewPanel:
    """The review dialog: the analysis it reviews, the decision shown, the list's order."""

    def __init__(self, host: ReviewHost) -> None:
        self.host = host
        self.match: Match | None = None
        self.file_name: str | None = None
        self.analysis: MatchAnalysis | None = None
        self.index = 0
        self.order: Order = "worst"
        self.depth_text = ""

    def install(self) -> None:
        on = self.host.on
        on(el("review-prev"), "click", ignore_event(lambda: self.step(-1)))
        on(el("review-next"), "click", ignore_event(lambda: self.step(1)))
        on(el("review-replay"), "click", ignore_event(self.open_replay))
        on(el("review-close"), "click", ignore_event(lambda: el("review-dialog").close()))
        on(el("review-dialog"), "keydown", self.on_key)

    def open(
        self, match: Match, file_name: str | None, analysis: MatchAnalysis, index: int, order: Order, depth_text: str
    ) -> None:
        """Show decision ``index`` of ``analysis`` (of ``match``), stepping in the list's ``order``."""
        self.match, self.file_name, self.analysis = match, file_name, analysis
        self.index, self.order, self.depth_text = index, order, depth_text
        dialog = el("review-dialog")
        if not dialog.open:
            dialog.showModal()
        self.show()
        el("review-next").focus()

    def show(self, note: str = "") -> None:
        match, analysis = self.match, self.analysis
        if match is None or analysis is None:
            return
        lang = self.host.lang
        decision = analysis.decisions[self.index]
        review = review_of(match, decision, lang, flipped=self.host.flipped)
        dialog = el("review-dialog")
        dialog.dataset.index = str(self.index)
        dialog.dataset.kind = decision.kind
        el("review-where").textContent = review.where
        el("review-board").innerHTML = render_board(review.view)
        el("review-legend").innerHTML = review.legend_html
        el("review-loss").textContent = review.loss_text
        el("review-cube").innerHTML = review.cube_html
        el("review-cube").hidden = not review.cube_html
        el("review-depth").textContent = self.depth_text
        el("review-message").textContent = note
        shown = self._mistakes()
        prev, following = el("review-prev"), el("review-next")
        prev.disabled = self._next(shown, -1) is None
        following.disabled = self._next(shown, 1) is None
        active = dialog.ownerDocument.activeElement
        if active is None or not dialog.contains(active) or active.matches(":disabled"):  # a button just disabled
            # keep the focus (and so the keys N and P) inside the dialog
            (following if not following.disabled else prev if not prev.disabled else el("review-close")).focus()

    def _mistakes(self) -> list[int]:
        return [] if self.analysis is None else mistake_indexes(self.analysis.decisions, self.order)

    def _next(self, shown: list[int], delta: int) -> int | None:
        if self.analysis is None:
            return None
        index = {id(d): i for i, d in enumerate(self.analysis.decisions)}
        listed = [index[id(d)] for d in ordered(self.analysis.decisions, self.order)]
        return step_mistake(shown, self.index, delta, listed)

    def step(self, delta: int) -> None:
        """To the next (``delta`` 1) or previous (-1) mistake; a note when there is none."""
        found = self._next(self._mistakes(), delta)
        if found is None:
            self.show(t(self.host.lang, "review.last" if delta > 0 else "review.first"))
            return
        self.index = found
        self.show()

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        delta = {"n": 1, "N": 1, "ArrowRight": 1, "p": -1, "P": -1, "ArrowLeft": -1}.get(key)
        if delta is not None:
            event.preventDefault()
            self.step(delta)

    def open_replay(self) -> None:
        if self.match is None or self.analysis is None:
            return
        review = review_of(self.match, self.analysis.decisions[self.index], self.host.lang)
        el("review-dialog").close()
        game, ply = review.replay_at
        self.host.open_replay_at(self.match, self.file_name, game, ply)


def make(host: ReviewHost) -> ReviewPanel:
    """The panel, wired to ``host`` (the analysis calls it on first use)."""
    panel = ReviewPanel(host)
    panel.install()
    return panel
