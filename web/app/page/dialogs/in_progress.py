"""Whether a new match would end one still being played, and how the new-match dialog says so (pure, #46)."""

from __future__ import annotations

from app.text import t
from core.match import Match


def in_progress(match: Match, *, archived: int = 0) -> bool:
    """True when ``match`` was begun and is not over: a new match would end it for good.

    ``archived``: games of it kept apart in storage (a long session). A match at its opening
    roll with nothing played is not in progress; a set-up position is (someone made it).

    >>> fresh = Match.new(3)
    >>> in_progress(fresh), in_progress(fresh.opening_with(3, 1)), in_progress(fresh, archived=2)
    (False, True, True)
    >>> in_progress(fresh.resign_match(0))
    False
    """
    if match.is_over:
        return False
    game = match.game
    return archived > 0 or len(match.games) > 1 or game.phase != "opening" or bool(game.actions)


def replace_warning(lang: str, names: tuple[str, str], match: Match) -> str:
    """What the dialog says before a new match replaces ``match`` (``names`` as the board shows them).

    >>> replace_warning("en", ("Ann", "Bob"), Match.new(3, score=(1, 0)))
    'The match Ann–Bob (1–0) is not finished: a new match replaces it, and it cannot be resumed.'
    """
    score = t(lang, "match.score", score0=match.score[0], score1=match.score[1])
    return t(lang, "dialog.replace_warning", name0=names[0], name1=names[1], score=score)
