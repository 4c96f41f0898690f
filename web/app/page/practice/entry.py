"""The page's doors to practice (#44), wired at start-up and light: the "Practice" button, and the
analysis's hand-over of a match's mistakes to the deck. What they open is imported on first use
(:mod:`app.page.practice.practice_panel`, :mod:`app.page.practice.deck_store`: the bot and the
analysis come with them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.dom import el, ignore_event
from app.text import t

if TYPE_CHECKING:
    from app.page.practice.practice_panel import PracticeHost
    from core.analysis import MatchAnalysis
    from core.match import Match


def install(page: PracticeHost, bot_available: bool) -> None:
    """Wire the "Practice" button (usable when the bot, which grades, ships)."""
    button = el("rec-practice")
    page.on(button, "click", ignore_event(lambda: open_practice(page)))
    button.disabled = not bot_available


def open_practice(page: PracticeHost) -> Any:
    from app.page.practice.practice_panel import open_practice as show

    return show(page)


def practise_mistakes(page: PracticeHost, match: Match, analysis: MatchAnalysis) -> str:
    """Add ``match``'s mistakes to the saved deck; what to tell the player (or ``""``)."""
    from app.page.practice.deck_store import add_mistakes

    added, problem = add_mistakes(page.storage, match, analysis)
    if problem:
        return t(page.lang, "practice.broken", error=problem) if added == 0 else problem
    return t(page.lang, "practice.from_match", count=added) if added else ""
