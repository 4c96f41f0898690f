"""The bot in an embed: the ranked plays of ``mode=hint`` and the answer of a quiz with ``answer=best``.

Only those embeds load the bot: :func:`needs_bot` says which, and :func:`rank` imports the
core's analysis (:mod:`core.analysis.hint`, the page's hints' evaluation) on its first call.
The embeds' worker is not the page's main thread, so the ranking is computed at once.

>>> from app.embed.fragment import parse_fragment
>>> config = parse_fragment("mode=quiz&dice=31&answer=best")
>>> needs_bot(config), needs_bot(parse_fragment("mode=quiz&dice=31&answer=8/5 6/5"))
(True, False)
>>> hint = rank(config)
>>> best_plays(hint)
(<Play 8/5 6/5>,)
>>> rows = ranking_rows(hint, "fr", limit=2)
>>> rows[0]["play"], rows[0]["diff"], rows[1]["diff"].startswith("−0,")
('8/5 6/5', '', True)
"""

from __future__ import annotations

from typing import Any

from app.embed.fragment import EmbedConfig
from app.text.coach_lines import SHOWN_PLAYS, play_lines
from core.moves import Play

TIE = 1e-9
"""Plays within this equity of the best are all best (a quiz accepts each)."""


def needs_bot(config: EmbedConfig) -> bool:
    """True for the embeds that rank plays with the bot: ``mode=hint``, and quizzes with ``answer=best``."""
    return config.mode == "hint" or config.answer_best


def rank(config: EmbedConfig) -> Any:
    """Every legal play of the embed's roll, best first (a :class:`core.analysis.hint.CheckerHint`),
    at the embed's cube and score."""
    from core.analysis.hint import checker_hint_steps, position_hint_steps
    from core.bot.evaluator import drive
    from core.errors import BackgammonError
    from core.game import Setup
    from core.match import Match

    assert config.dice is not None
    try:
        setup = Setup(config.mover_position, config.on_roll, config.dice, config.cube, config.cube_owner)
        match = Match.new(config.match_length, score=config.score, crawford_game=config.crawford, setup=setup)
        return drive(checker_hint_steps(match))
    except BackgammonError:  # a set-up no match reaches: rank it as a money game
        return drive(position_hint_steps(config.mover_position, config.dice, player=config.on_roll))


def best_plays(hint: Any) -> tuple[Play, ...]:
    """The best play, and any other as good (within :data:`TIE`)."""
    return tuple(entry.play for entry in hint.plays if entry.loss <= TIE)


def ranking_rows(hint: Any, lang: str, *, limit: int = SHOWN_PLAYS) -> list[dict[str, Any]]:
    """The ranked plays as rows for the embed's table (JSON-ready): rank, play, equity, diff
    (to the best), win and gammon chances, best."""
    return [
        {
            "rank": line.rank,
            "play": line.what,
            "equity": line.equity,
            "diff": line.diff,
            "win": line.win,
            "gammon": line.gammon,
            "best": line.best,
        }
        for line in play_lines(hint, lang, limit=limit)
    ]
