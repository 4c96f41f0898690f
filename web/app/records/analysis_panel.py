"""DOM glue for Analyse: runs the analysis off the page's thread, shows its progress, then its results.

Imported by :mod:`app.records.panel` when Analyse is first used, never at start-up: it
imports :mod:`core.analysis`, and so the bot's net. The analysis runs in Web Workers
(:mod:`app.records.analysis_workers`, started then, one per core, starting while the page counts
the match's decisions, ended when it is done), so the board keeps answering; Cancel (or closing
the dialog) ends them at once. Where they cannot start, it runs on the page's thread as a
generator (:func:`core.analysis.analysis_steps`) resumed for about 50 ms at a time, the page
yielding to the browser between slices (as :mod:`app.page.computer.opponent` does for the
computer's moves), the page saying so; both give the same analysis. The progress is shown at
most every :data:`PROGRESS_S`. The results (:mod:`app.records.analysis_view`,
:mod:`app.records.win_chart`) stay while the same match is asked again; a decision opens its
review (:mod:`app.records.review_panel`: the position before it, the play made and the best), on
top of the analysis, so that closing the review comes back to the list; the dialog says at which
depth the analysis looked."""

from __future__ import annotations

import asyncio
import time
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from pyscript import window

from app.dom import el, guarded_async, ignore_event
from app.records.analysis_view import Order, rows_html, summary_html
from app.records.replay import shown_names
from app.records.review import depth_text
from app.records.review_panel import ReviewHost, ReviewPanel
from app.records.review_panel import make as make_review
from app.records.win_chart import game_points, win_chart_svg
from app.text import t
from core.analysis import Depth, MatchAnalysis, analysis_steps, page_depth, walk_match
from core.match import Match

if TYPE_CHECKING:
    from app.records.analysis_workers import WorkerPool

SLICE_S = 0.05
"""Seconds of analysis between two yields to the browser: within the 50 ms a click may wait
unnoticed, and few enough yields (each costs the browser's ~4 ms timer) not to slow the analysis."""

PROGRESS_S = 0.25
"""Seconds at least between two updates of the progress while analysing (the first and the last
shown at once): each update is a frame for the browser to draw, CPU taken from the analysis on a
machine with few cores (a worker may send ten decisions a second)."""


class AnalysisHost(ReviewHost, Protocol):
    """What the analysis needs of the records panel: the review's needs, and where the mistakes go."""

    def add_mistakes(self, match: Match, analysis: MatchAnalysis) -> str: ...


class AnalysisPanel:
    """The analysis dialog: the match analysed, its result once done, the run going on (if any)."""

    def __init__(self, host: AnalysisHost) -> None:
        self.host = host
        self.match: Match | None = None
        self.file_name: str | None = None
        self.result: MatchAnalysis | None = None
        self.seconds = 0.0
        self.run_id = 0
        self.running = False
        self.pool: WorkerPool | None = None
        self.depth: Depth | None = None
        self.review: ReviewPanel | None = None  # made on first use
        self.practice_note = ""  # what the practice deck took of the result (its mistakes)
        self.progress_at = 0.0  # when the progress was last shown (time.perf_counter)

    @property
    def lang(self) -> str:
        return self.host.lang

    def install(self) -> None:
        on = self.host.on
        on(el("analysis-cancel"), "click", ignore_event(self.cancel))
        on(el("analysis-close"), "click", ignore_event(lambda: el("analysis-dialog").close()))
        on(el("analysis-dialog"), "close", ignore_event(self.cancel))
        on(el("analysis-order"), "change", ignore_event(self.draw_list))
        on(el("analysis-list"), "click", self.on_pick)

    # -- running ------------------------------------------------------------------------------
    def open(self, match: Match, file_name: str | None) -> None:
        """Show the analysis of ``match`` (``file_name``: imported from it), running it unless done."""
        lang = self.lang
        source = t(lang, "analysis.of_file", file=file_name) if file_name else t(lang, "analysis.of_current")
        el("analysis-source").textContent = source
        dialog = el("analysis-dialog")
        if not dialog.open:
            dialog.showModal()
        if self.result is not None and self.match == match:
            self.file_name = file_name
            self.show_result()
            return
        self.match, self.file_name, self.result = match, file_name, None
        self.run_id += 1
        asyncio.ensure_future(guarded_async(lambda: self.run(match, self.run_id))())

    def cancel(self) -> None:
        if self.pool is not None:  # the workers end now, their work lost
            self.pool.terminate()
            self.pool = None
        if self.running:
            self.run_id += 1
            self.running = False
            el("analysis-running").hidden = True
            el("analysis-dialog").dataset.state = "cancelled"
            self.say(t(self.lang, "analysis.cancelled"))

    def say(self, text: str, *, error: bool = False) -> None:
        message = el("analysis-message")
        message.textContent = text
        if error:
            message.classList.add("is-error")
        else:
            message.classList.remove("is-error")

    def show_progress(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` decisions analysed: at once for the first and the last, else at
        most every :data:`PROGRESS_S`."""
        now = time.perf_counter()
        if 0 < done < total and now - self.progress_at < PROGRESS_S:
            return
        self.progress_at = now
        bar = el("analysis-progress")
        bar.max = max(total, 1)
        bar.value = done
        el("analysis-count").textContent = t(self.lang, "analysis.progress", done=done, total=total)

    async def run(self, match: Match, run_id: int) -> None:
        self.running = True
        el("analysis-results").hidden = True
        el("analysis-running").hidden = False
        el("analysis-dialog").dataset.state = "running"
        self.say(t(self.lang, "analysis.loading"))
        self.show_progress(0, 0)
        el("analysis-cancel").focus()
        await asyncio.sleep(0.05)  # the browser paints the dialog before the net loads
        if run_id != self.run_id:
            return
        window.performance.mark("videau:analysis-start")  # bench/analysis_workers.py times from here
        started = time.perf_counter()
        pool = self.start_workers()  # they start (seconds) while the page counts the decisions
        try:
            result = await self.analyse(match, pool, run_id)
        finally:
            if not isinstance(pool, str):
                pool.terminate()
                if self.pool is pool:
                    self.pool = None
        if result is None or run_id != self.run_id:
            return
        window.performance.mark("videau:analysis-end")  # analysed; the results are drawn next
        self.running = False
        self.result, self.seconds = result, time.perf_counter() - started
        try:  # the match's mistakes to the practice deck; a problem there never hides the analysis
            self.practice_note = self.host.add_mistakes(match, result)
        except Exception as failed:
            self.practice_note = str(failed) or type(failed).__name__
        self.show_result()
        window.performance.mark("videau:analysis-drawn")

    def start_workers(self) -> WorkerPool | str:
        """The analysis' workers (:func:`app.records.analysis_workers.start_pool`), started now; or why
        there are none (the page then analyses on its own thread)."""
        from app.records.analysis_workers import start_pool

        try:
            pool = self.pool = start_pool()
        except Exception as failed:  # WorkersFailed, or any fault of this path: the page's own is left
            return str(failed) or type(failed).__name__
        el("analysis-dialog").dataset.runner = f"workers:{len(pool.workers)}"
        window.performance.mark("videau:analysis-pool")
        return pool

    async def analyse(self, match: Match, pool: WorkerPool | str, run_id: int) -> MatchAnalysis | None:
        """Count the decisions, then grade them in the workers (``pool``), or on the page's thread
        where they could not start or failed; ``None`` when cancelled or there is nothing to grade."""
        games = await self.walk(match, run_id)
        if games is None:
            return None
        window.performance.mark("videau:analysis-walked")
        total = len(games)
        if total == 0:
            self.running = False
            el("analysis-running").hidden = True
            self.say(t(self.lang, "analysis.empty"))
            return None
        self.say("")
        self.show_progress(0, total)
        depth = self.depth = page_depth(total)  # the strongest that fits the time
        result = await self.run_in_workers(match, depth, games, pool, run_id)
        if result is None and run_id == self.run_id:
            result = await self.run_in_page(match, depth, total, run_id)
        return result

    async def walk(self, match: Match, run_id: int) -> list[int] | None:
        """The game of each decision (:func:`core.analysis.split.decision_games`), replaying the match
        in slices of :data:`SLICE_S` (a long match takes a while); ``None`` when cancelled."""
        games: list[int] = []
        last = time.perf_counter()
        for moment in walk_match(match):
            games.append(moment.game)
            if time.perf_counter() - last > SLICE_S:
                await asyncio.sleep(0)
                last = time.perf_counter()
                if run_id != self.run_id:
                    return None
        return games

    async def run_in_workers(
        self, match: Match, depth: Depth, games: list[int], pool: WorkerPool | str, run_id: int
    ) -> MatchAnalysis | None:
        """The analysis in Web Workers (:mod:`app.records.analysis_workers`); ``None`` when cancelled,
        or when the workers could not do it (the page is told it analyses on its own thread)."""
        try:
            if isinstance(pool, str):
                raise RuntimeError(pool)
            total = len(games)
            return await pool.analyse(match, depth, games, lambda done: self.show_progress(done, total))
        except Exception as failed:  # WorkersFailed, or any fault of this path: the page's own is left
            if not isinstance(pool, str):
                pool.terminate()  # the others too: the page's thread does it all now
            if run_id == self.run_id:
                el("analysis-dialog").dataset.runner = "page"
                self.say(t(self.lang, "analysis.in_page", error=str(failed)))
                self.show_progress(0, len(games))
            return None

    async def run_in_page(self, match: Match, depth: Depth, total: int, run_id: int) -> MatchAnalysis | None:
        """The analysis on the page's thread, in slices of :data:`SLICE_S`; ``None`` when cancelled."""
        steps = analysis_steps(match, depth=depth)
        last = time.perf_counter()
        done = 0
        while True:
            try:
                item = next(steps)
            except StopIteration as stop:
                result: MatchAnalysis = stop.value
                return result
            if item is not None:
                done += 1
            if time.perf_counter() - last > SLICE_S:
                self.show_progress(done, total)
                await asyncio.sleep(0)
                last = time.perf_counter()
                if run_id != self.run_id:
                    return None

    # -- the results --------------------------------------------------------------------------------
    def show_result(self) -> None:
        result, match = self.result, self.match
        if result is None or match is None:
            return
        lang = self.lang
        names = shown_names(match, lang)
        el("analysis-running").hidden = True
        # every decision the progress counted (decision_count), and those listed (counted in the error
        # rates: not the forced plays and clear no-doubles)
        listed = sum(1 for d in result.decisions if d.counted)
        total = len(result.decisions)
        self.say(t(lang, "analysis.done", total=total, listed=listed, seconds=f"{self.seconds:.0f}"))
        el("analysis-summary").innerHTML = summary_html(result, names, lang)
        el("analysis-depth").textContent = "" if self.depth is None else depth_text(self.depth, lang)
        el("analysis-practice").textContent = self.practice_note
        self.draw_list()
        charts = []
        for number, played in enumerate(match.games, start=1):
            outcome = played.game.result
            svg = win_chart_svg(
                game_points(result.decisions, number),
                names=names,
                lang=lang,
                game=number,
                winner=None if outcome is None else outcome.winner,
            )
            # a visible caption: which game, whose chances (the SVG's title is read aloud only)
            caption = escape(t(lang, "analysis.chart.title", game=number, name=names[0]))
            head = f'<figcaption class="analysis__caption">{caption}</figcaption>'
            charts.append(f'<figure class="analysis__chart">{head}{svg}</figure>')
        el("analysis-charts").innerHTML = "".join(charts)
        el("analysis-results").hidden = False
        el("analysis-dialog").dataset.state = "done"
        first = el("analysis-list").querySelector("button")
        (first if first is not None else el("analysis-close")).focus()

    def draw_list(self) -> None:
        if self.result is None or self.match is None:
            return
        order: Order = "game" if str(el("analysis-order").value) == "game" else "worst"
        names = shown_names(self.match, self.lang)
        el("analysis-list").innerHTML = rows_html(self.result, names, self.lang, order)

    def on_pick(self, event: Any) -> None:
        target = event.target.closest("[data-index]") if event.target is not None else None
        if target is None or self.result is None or self.match is None:
            return
        if self.review is None:
            self.review = make_review(self.host)
        order: Order = "game" if str(el("analysis-order").value) == "game" else "worst"
        depth = "" if self.depth is None else depth_text(self.depth, self.lang)
        self.review.open(self.match, self.file_name, self.result, int(str(target.dataset.index)), order, depth)


def make(host: AnalysisHost) -> AnalysisPanel:
    """The panel, wired to ``host`` (the records panel calls it on first use)."""
    panel = AnalysisPanel(host)
    panel.install()
    return panel
