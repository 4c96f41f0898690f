"""The computer opponent's decisions, one at a time, as plain values (no DOM).

``core.bot`` is imported only by :func:`load_bot`, when a match against the computer
starts or resumes -- never at page start-up. Each decision is one small call (a 0-ply
evaluation of the candidate plays, a cube or resignation decision: milliseconds), and
the page yields to the browser between decisions and between the steps of a play. The
strongest level's lookahead takes longer: :func:`decide_steps` gives it in slices of a
few milliseconds (one opponent roll each) so the page can yield between them.

>>> from core.match import Match
>>> bot = load_bot("expert")
>>> decide(bot, Match.new(5).opening_with(3, 1).play("8/5 6/5"), 1).kind
'roll'
>>> decide(bot, Match.new(5).opening_with(1, 3), 1).play.steps
((8, 5), (6, 5))
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, Literal

from core.match import Match
from core.moves import Play

LEVELS = ("beginner", "intermediate", "expert", "strongest")
"""The levels the page offers ("strongest" looks one roll ahead: slower, so it is thought in slices)."""

DecisionKind = Literal["roll", "double", "take", "drop", "accept", "decline", "play", "pass", "wait"]


@dataclass(frozen=True, slots=True)
class Decision:
    """What the computer does now; ``play`` for a ``"play"``."""

    kind: DecisionKind
    play: Play | None = None


def load_bot(level: str) -> Any:
    """Import ``core.bot`` now and build a bot at ``level`` (raises if the bot is missing or broken)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    module = importlib.import_module("core.bot")
    return module.Bot(level=level)


def match_state(match: Match, player: int) -> Any:
    """The score as the bot's cube logic wants it, from ``player``'s side (``None`` in money play)."""
    if match.is_money:
        return None
    from core.bot.cube import MatchState

    away = match.away()
    mine, theirs = away[player], away[1 - player]
    return MatchState(mine, theirs, crawford=match.crawford, post_crawford=match.post_crawford)


def decide(bot: Any, match: Match, player: int) -> Decision:
    """The computer's next action in ``match`` as ``player``, all at once (see :func:`decide_steps`)."""
    steps = decide_steps(bot, match, player)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            decision: Decision = done.value
            return decision


def decide_steps(bot: Any, match: Match, player: int) -> Generator[None, None, Decision]:
    """The computer's next action in ``match`` as ``player``; ``wait`` when it is not its turn."""
    game = match.game
    if match.is_over or game.player_to_act != player:
        return Decision("wait")
    if game.phase == "roll":
        if game.can_double():
            owner = "centered" if game.cube_owner is None else "owned"
            if bot.should_double(game.position, game.cube, owner, match_state(match, player)):
                return Decision("double")
        return Decision("roll")
    if game.phase == "double":  # the position is seen by the doubler, the score from its side too
        doubler = 1 - player
        takes = bot.should_take(game.position, game.cube, match_state(match, doubler))
        return Decision("take" if takes else "drop")
    if game.phase == "resign" and game.resign_offer is not None:
        accepts = bot.accept_resignation(
            game.current_position, game.resign_offer.level, game.cube, match_state(match, player)
        )
        return Decision("accept" if accepts else "decline")
    if game.phase == "move":
        if not game.legal_plays():
            return Decision("pass")
        assert game.dice is not None
        play = yield from bot.choose_play_steps(game.position, game.dice)
        return Decision("play", play)
    return Decision("wait")


# -- who the computer is, saved beside the match ----------------------------------------------
def opponent_to_json(player: int | None, level: str) -> str:
    """What ``videau.opponent`` holds: ``{"bot": 1, "level": "expert"}`` or ``{"bot": null}``.

    >>> opponent_from_json(opponent_to_json(1, "beginner"))
    (1, 'beginner')
    >>> opponent_from_json("junk"), opponent_from_json(None)
    ((None, 'intermediate'), (None, 'intermediate'))
    """
    return json.dumps({"bot": player, "level": level}, separators=(",", ":"))


def opponent_from_json(text: str | None) -> tuple[int | None, str]:
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    player = data.get("bot")
    level = data.get("level")
    return (
        player if player in (0, 1) and not isinstance(player, bool) else None,
        level if level in LEVELS else "intermediate",
    )
