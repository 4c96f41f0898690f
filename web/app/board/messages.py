"""The board's sentences: the phase line under the board, how a game ended, why a move was refused.

>>> from core.match import Match
>>> game_result_message(Match.new(5).game, "en", ("White", "Black"))
''
"""

from __future__ import annotations

from collections.abc import Sequence

from app.board.places import Place, display_number
from app.text import game_over_text, reason_text, t
from core.game import Game
from core.match import Match


def dice_text(dice: Sequence[int]) -> str:
    """A roll as the messages write it: the higher die first, as players say it (#46).

    >>> dice_text((4, 6)), dice_text((3, 3))
    ('6-4', '3-3')
    """
    return "-".join(str(d) for d in sorted(dice, reverse=True))


def opening_dice(game: Game) -> tuple[int, int] | None:
    """The opening roll while its first move is being played (one die per player)."""
    if game.phase != "move" or not game.actions or game.actions[-1].kind != "opening":
        return None
    dice = game.actions[-1].dice
    return None if dice is None else (dice[0], dice[1])


def _resign_level(kind: str) -> int:
    return {"single": 1, "gammon": 2, "backgammon": 3}.get(kind, 1)


def phase_message(match: Match, lang: str, names: tuple[str, str]) -> str:
    """The line under the board: whose turn and what to do, or how the game or match ended.

    >>> from core.match import Match
    >>> phase_message(Match.new(5).opening_with(3, 1), "en", ("White", "Black"))
    'White starts and plays 3-1'
    """
    game = match.game
    if match.is_over and match.winner is not None:
        winner = match.winner
        score = t(lang, "match.score", score0=match.score[winner], score1=match.score[1 - winner])
        if match.resigned_by is not None:
            return t(lang, "over.match_resigned", winner=names[winner], loser=names[1 - winner])
        if match.out_of_time is not None:
            return t(lang, "over.match_time", winner=names[winner], loser=names[1 - winner])
        ending = game_result_message(game, lang, names)
        done = t(lang, "over.match", winner=names[winner], score=score)
        return f"{ending}. {done}" if ending else done
    if game.phase == "over":
        return game_result_message(game, lang, names)
    mover = 0 if game.turn is None else game.turn
    name, other = names[mover], names[1 - mover]
    if game.phase == "opening":
        return t(lang, "phase.opening")
    if game.phase == "roll":
        return t(lang, "phase.roll.may_double" if game.can_double() else "phase.roll", name=name)
    if game.phase == "double":
        return t(lang, "phase.double", name=name, other=other, value=game.cube * 2)
    if game.phase == "resign" and game.resign_offer is not None:
        what = t(lang, f"resign.what.{game.resign_offer.level}")
        return t(
            lang, "phase.resign", name=names[game.resign_offer.by], other=names[1 - game.resign_offer.by], what=what
        )
    turn = game.turn_in_progress
    if game.phase == "move" and turn is not None:
        dice = dice_text(turn.dice)
        if turn.legal_play_count == 0:
            return t(lang, "phase.move.none", name=name, dice=dice)
        if turn.is_complete:
            return t(lang, "phase.move.done", name=name)
        if opening_dice(game) is not None and not turn.steps:
            return t(lang, "phase.opening.won", name=name, dice=dice)
        return t(lang, "phase.move", name=name, dice=dice)
    return ""


def game_result_message(game: Game, lang: str, names: tuple[str, str]) -> str:
    """How the game ended ("White wins a gammon and 2 points"); empty while it goes on."""
    result = game.result
    if result is None:
        return ""
    how = result.kind if result.how == "bear-off" else result.how
    return game_over_text(
        lang,
        names[result.winner],
        names[result.loser],
        result.points,
        how=how,
        resigned=_resign_level(result.kind),
    )


def describe_refusal(lang: str, reason: str, place: Place | None = None, *, viewer: int = 0) -> str:
    """A refused action's reason in words, naming the point as ``viewer`` numbers it.

    >>> describe_refusal("fr", "point-blocked", 19)
    'la case 19 est bloquée'
    """
    point = display_number(place, viewer) if isinstance(place, int) else None
    return reason_text(lang, reason, point=point)
