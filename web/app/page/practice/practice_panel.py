"""DOM glue for Practice (#44): the deck's next card on a board, the answer graded, the progress.

Imported on first use (the "Practice" button: :mod:`app.page.practice.entry`), with the bot and the
analysis. A card is answered on the board (:mod:`app.page.practice.session`: tap or click a checker
then where it goes, or Enter on a focused place), by typing the play, or by the cube buttons; the
coach prices the answer with the hints' evaluation (:func:`core.analysis.cards.card_eval_steps`) in a
Web Worker (:mod:`app.page.practice.grader`, started as the dialog opens; on the page's thread in
slices where the worker cannot run, so the page keeps answering either way), says whether it is
right and shows the best (the answer's arrows dashed, the best's solid); the deck (:mod:`core.practice`)
brings a missed card back soon and a right one later and later, and is saved at once
(:mod:`app.page.practice.deck_store`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from html import escape
from typing import Any, Protocol

import js
from pyscript import window

from app.board.render import render_board
from app.dom import el, guarded_async, ignore_event, place_of
from app.page.board_input.animation import top_checker, with_ring
from app.page.board_input.drag import ClickGuard, Drag, drop_place
from app.page.practice.deck_store import load_deck, save_deck
from app.page.practice.grader import GraderFailed, WorkerGrader, start_grader
from app.page.practice.session import Asking, answer_arrows
from app.page.storage.match_store import Storage
from app.text import reason_text, t
from app.text.coach_lines import format_loss
from core.analysis import Engine
from core.analysis.cards import Graded, card_eval_steps, grade_answer
from core.analysis.lessons import LESSON_NAMES, lesson_cards
from core.errors import BackgammonError
from core.notation import format_play
from core.practice import THEMES, Deck, Theme

SLICE_S = 0.05
"""Seconds of pricing between two yields to the browser, where no worker grades (as the analysis does on the
page's thread)."""

CUBE_WORDS = {"Double": "double", "No double": "no_double", "Take": "take", "Pass": "pass"}
"""The core's cube words -> the catalogue's keys ``analysis.cube.*``."""


class PracticeHost(Protocol):
    """What practice needs of the page: its language, board side, storage and listeners."""

    @property
    def lang(self) -> str: ...

    @property
    def flipped(self) -> bool: ...

    @property
    def storage(self) -> Storage: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...


class PracticePanel:
    """The practice dialog: the deck, the card being answered, the engine that grades."""

    def __init__(self, host: PracticeHost) -> None:
        self.host = host
        self.deck = Deck()
        self.asking: Asking | None = None
        self.answered = False
        self.busy = False
        self.engine = Engine()
        self.grader: WorkerGrader | None = None
        self.grader_started = False
        self.drag: Drag | None = None
        self.click_guard = ClickGuard()

    @property
    def lang(self) -> str:
        return self.host.lang

    def install(self) -> None:
        on = self.host.on
        on(el("practice-close"), "click", ignore_event(lambda: el("practice-dialog").close()))
        on(el("practice-theme"), "change", ignore_event(self.next_card))
        on(el("practice-add"), "click", ignore_event(self.add_lessons))
        on(el("practice-board"), "click", self.on_board)
        on(el("practice-board"), "pointerdown", self.on_down)
        on(el("practice-board"), "pointermove", self.on_move)
        on(el("practice-board"), "pointerup", self.on_up)
        on(el("practice-board"), "pointercancel", self.on_cancel)
        on(el("practice-board"), "keydown", self.on_board_key)
        on(el("practice-undo"), "click", ignore_event(self.undo))
        on(el("practice-submit"), "click", ignore_event(self.submit_typed))
        on(el("practice-play"), "keydown", self.on_play_key)
        on(el("practice-cube"), "click", self.on_cube)
        on(el("practice-next"), "click", ignore_event(self.next_card))
        on(el("practice-export-xgid"), "click", ignore_event(lambda: self.export("xgid")))
        on(el("practice-export-embed"), "click", ignore_event(lambda: self.export("embed")))

    # -- the deck ------------------------------------------------------------------------------------
    def open(self) -> None:
        """Open the dialog on the saved deck and its next card."""
        self.deck, problem = load_deck(self.host.storage)
        notice = el("practice-notice")
        notice.textContent = t(self.lang, "practice.broken", error=problem) if problem else ""
        notice.hidden = not problem
        dialog = el("practice-dialog")
        if not dialog.open:
            dialog.showModal()
        if not self.grader_started:  # the worker starts while the player looks at the first card
            self.grader_started = True
            self.grader = start_grader()
        self.next_card()

    def theme(self) -> Theme | None:
        value = str(el("practice-theme").value)
        return next((th for th in THEMES if th == value), None)

    def save(self) -> None:
        problem = save_deck(self.host.storage, self.deck)
        if problem:
            el("practice-notice").textContent = problem
            el("practice-notice").hidden = False
        self.draw_progress()

    def add_lessons(self) -> None:
        name = str(el("practice-deck").value)
        if name not in LESSON_NAMES:
            return
        before = len(self.deck.cards)
        self.deck = self.deck.add(lesson_cards(name))
        self.save()
        added = len(self.deck.cards) - before
        self.say(t(self.lang, "practice.added", count=added))
        if self.asking is None or self.answered:
            self.next_card(keep_note=True)

    def say(self, text: str) -> None:
        el("practice-status").textContent = text

    # -- a card --------------------------------------------------------------------------------------
    def next_card(self, *, keep_note: bool = False) -> None:
        if self.busy:
            return
        theme = self.theme()
        card = self.deck.next_card(theme)
        self.draw_progress()
        if card is None:
            self.asking = None
            el("practice-card").hidden = True
            key = "practice.empty" if not self.deck.cards else "practice.none_theme"
            if not keep_note:
                self.say(t(self.lang, key))
            return
        due = len(self.deck.due(theme))
        if not keep_note:
            self.say(t(self.lang, "practice.due_now", count=due) if due else t(self.lang, "practice.none_due"))
        self.asking = Asking.of(card)
        self.answered = False
        el("practice-card").hidden = False
        el("practice-card").dataset.xgid = card.xgid
        el("practice-card").dataset.kind = card.kind
        el("practice-result").textContent = ""
        el("practice-result").className = "practice__result"
        el("practice-legend").innerHTML = ""
        el("practice-next").hidden = True
        el("practice-play").value = ""
        mistake = ""
        if card.played:
            played = card.played if card.kind == "move" else t(self.lang, f"analysis.cube.{CUBE_WORDS[card.played]}")
            mistake = t(self.lang, "practice.mistake", played=played, loss=format_loss(card.loss, self.lang))
        el("practice-mistake").textContent = mistake
        move = card.kind == "move"
        el("practice-move").hidden = not move
        el("practice-cube").hidden = move
        for action in ("double", "no-double"):
            el(f"practice-{action}").hidden = card.kind != "double"
        for action in ("take", "pass"):
            el(f"practice-{action}").hidden = card.kind != "take"
        self.draw()
        first = "practice-play" if move else ("practice-double" if card.kind == "double" else "practice-take")
        el(first).focus()

    def draw(self, arrows: tuple[Any, ...] = ()) -> None:
        if self.asking is None:
            return
        view = self.asking.view(self.lang, arrows=arrows, flipped=self.host.flipped)
        el("practice-board").innerHTML = render_board(view)
        el("practice-undo").disabled = self.answered or self.asking.turn is None or not self.asking.turn.steps

    def on_board(self, event: Any) -> None:
        if self.click_guard.swallow() or self.asking is None or self.answered or self.busy:
            return
        place = place_of(event.target)
        if place is None:
            return
        self.tap(place)

    # -- a checker dragged, as on the page's board (#59) -----------------------------------------------
    def on_down(self, event: Any) -> None:
        if self.asking is None or self.answered or self.busy or event.button != 0 or not event.isPrimary:
            return
        place = place_of(event.target)
        if place is not None and place in self.asking.movable():
            self.drag = Drag.pressed(place, event)

    def on_move(self, event: Any) -> None:
        drag = self.drag
        moved = drag.offset(event) if drag is not None else None
        if drag is None or moved is None or self.asking is None:
            return
        if not drag.started:
            if self.asking.selected != drag.place:
                self.asking = self.asking.tap(drag.place)  # picked: its destinations lit
                self.draw()
            element = top_checker(drag.place, 0, "practice-board")  # the player is always the bottom one
            if element is None:
                self.drag = None
                return
            drag.lift(with_ring(element), "practice-board")
        drag.follow(event, *moved, "practice-board")

    def on_up(self, event: Any) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag.started or self.asking is None:
            return
        self.click_guard.arm()
        place = drop_place(event)
        if place is not None and place != drag.place:
            self.tap(place)  # a lit destination moves the checker; any other place drops the pick
        else:
            self.draw()

    def on_cancel(self, _event: Any) -> None:
        if self.drag is not None and self.drag.started:
            self.draw()
        self.drag = None

    def on_board_key(self, event: Any) -> None:
        if str(event.key) not in ("Enter", " "):
            return
        place = place_of(event.target)
        if place is None or self.asking is None or self.answered:
            return
        event.preventDefault()
        self.tap(place)

    def tap(self, place: Any) -> None:
        assert self.asking is not None
        self.asking = self.asking.tap(place)
        self.draw()
        if self.asking.play is not None:
            self.grade(format_play(self.asking.play))
        elif self.asking.selected is not None:
            focused = el("practice-board").querySelector(f'[data-point="{self.asking.selected}"]')
            if focused is not None and hasattr(focused, "focus"):
                focused.focus()

    def undo(self) -> None:
        if self.asking is not None and not self.answered:
            self.asking = self.asking.undo()
            self.draw()

    def on_play_key(self, event: Any) -> None:
        if str(event.key) == "Enter":
            event.preventDefault()
            self.submit_typed()

    def submit_typed(self) -> None:
        if self.asking is None or self.answered or self.busy:
            return
        text = str(el("practice-play").value).strip()
        if not text:
            return
        try:
            self.asking = self.asking.typed(text)
        except BackgammonError as error:
            reason = reason_text(self.lang, error.reason) if error.reason else str(error)
            el("practice-result").textContent = reason
            el("practice-result").className = "practice__result is-error"
            return
        assert self.asking.play is not None
        self.grade(format_play(self.asking.play))

    def on_cube(self, event: Any) -> None:
        target = event.target.closest("[data-answer]") if event.target is not None else None
        if target is None or self.asking is None or self.answered or self.busy:
            return
        self.grade(str(target.dataset.answer))

    # -- grading -------------------------------------------------------------------------------------
    def grade(self, answer: str) -> None:
        self.busy = True
        el("practice-result").textContent = t(self.lang, "practice.thinking")
        el("practice-result").className = "practice__result"
        asyncio.ensure_future(guarded_async(lambda: self.grade_async(answer))())

    async def grade_async(self, answer: str) -> None:
        asking = self.asking
        assert asking is not None
        try:
            graded, where = await self.graded(asking, answer)
        finally:
            self.busy = False
        if self.asking is not asking:  # another card meanwhile (cannot happen while busy, kept safe)
            return
        self.answered = True
        self.deck = self.deck.answer(asking.card.xgid, right=graded.right)
        self.save()
        lang = self.lang
        words = (lambda w: w) if asking.card.kind == "move" else self.cube_word
        shown, best = words(answer), words(graded.best)
        if graded.right and graded.loss == 0.0:
            text = t(lang, "practice.right_best", answer=shown)
        elif graded.right:
            text = t(lang, "practice.right", answer=shown, best=best)
        else:
            text = t(lang, "practice.wrong", answer=shown, loss=format_loss(graded.loss, lang), best=best)
        result = el("practice-result")
        result.textContent = text
        result.className = "practice__result " + ("is-right" if graded.right else "is-wrong")
        el("practice-card").dataset.graded = "right" if graded.right else "wrong"
        el("practice-card").dataset.gradedBy = where
        self.draw(answer_arrows(asking, answer, graded.best))
        el("practice-legend").innerHTML = legend_html(lang, answer, graded.best) if asking.card.kind == "move" else ""
        el("practice-next").hidden = False
        el("practice-next").focus()

    async def graded(self, asking: Asking, answer: str) -> tuple[Graded, str]:
        """``answer`` graded, and where: ``"worker"`` (off the page's thread), else ``"page"`` (in slices)."""
        grader = self.grader
        if grader is not None:
            try:
                return await grader.grade(asking.card, answer), "worker"
            except GraderFailed:
                self.grader = None  # the page's thread grades from now on
                grader.terminate()
        steps = card_eval_steps(self.engine, asking.card, asking.play)
        last = time.perf_counter()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                ev = done.value
                break
            if time.perf_counter() - last > SLICE_S:
                await asyncio.sleep(0)
                last = time.perf_counter()
        return grade_answer(ev, asking.play if asking.play is not None else answer), "page"

    def cube_word(self, what: str) -> str:
        key = CUBE_WORDS.get(what) or what.lower().replace(" ", "_")
        return t(self.lang, f"analysis.cube.{key}")

    # -- progress and export -------------------------------------------------------------------------
    def draw_progress(self) -> None:
        lang = self.lang
        cols = ("theme", "cards", "learned", "due", "right")
        head = "".join(f'<th scope="col">{escape(t(lang, "practice.col." + c))}</th>' for c in cols)
        rows = []
        for theme, p in self.deck.progress().items():
            right = f"{p.right}/{p.seen}"
            cells = "".join(f"<td>{v}</td>" for v in (p.total, p.learned, p.due, right))
            name = escape(t(lang, "practice.theme." + theme))
            rows.append(f'<tr data-theme="{theme}"><th scope="row">{name}</th>{cells}</tr>')
        el("practice-progress").innerHTML = f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"

    def export(self, kind: str) -> None:
        if not self.deck.cards:
            el("practice-export-message").textContent = t(self.lang, "practice.empty")
            return
        if kind == "xgid":
            text = self.deck.xgids()
        else:
            from app.embed.snippet import embed_snippet

            base = str(js.URL.new("embed.html", window.location.href).href)
            modes = {"move": "try", "double": "diagram", "take": "diagram"}
            lang = self.lang
            text = "\n".join(
                embed_snippet(c.xgid, {"base_url": base, "lang": lang, "mode": modes[c.kind]}) for c in self.deck.cards
            )
        field = el("practice-export-text")
        field.value = text
        field.hidden = False
        clipboard = getattr(window.navigator, "clipboard", None)
        message = el("practice-export-message")
        if clipboard is None:
            field.focus()
            field.select()
            return
        try:
            promise = clipboard.writeText(text)
        except Exception:
            field.focus()
            field.select()
            return

        async def copied() -> None:
            try:
                await promise
            except Exception:
                field.focus()
                field.select()
                return
            message.textContent = t(self.lang, "practice.copied")

        asyncio.ensure_future(guarded_async(copied)())


def legend_html(lang: str, answer: str, best: str) -> str:
    """The arrows' legend under a graded chequer card: the answer (dashed), the best (solid)."""
    items = [
        f'<li class="review__key review__key--played"><span class="review__swatch review__swatch--played"'
        f' aria-hidden="true"></span>{escape(t(lang, "practice.yours", play=answer))}</li>'
    ]
    if best != answer:
        items.append(
            f'<li class="review__key review__key--best"><span class="review__swatch review__swatch--best"'
            f' aria-hidden="true"></span>{escape(t(lang, "review.best", play=best))}</li>'
        )
    return "".join(items)


PANEL: PracticePanel | None = None


def open_practice(host: PracticeHost) -> PracticePanel:
    """Open the practice dialog (made and wired on first use)."""
    global PANEL
    if PANEL is None:
        PANEL = PracticePanel(host)
        PANEL.install()
    PANEL.open()
    return PANEL
