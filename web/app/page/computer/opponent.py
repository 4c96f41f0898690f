"""The computer opponent: who it is, saved beside the match, and its turn on the page (no DOM).

``core.bot`` is imported only by :func:`load_bot`, when a match against the computer
starts or resumes -- never at page start-up. What the computer does is the core's answer
to the question the match asks (:meth:`core.bot.Bot.decide_steps`: the score and cube read
off the match there); each is one small call (a 0-ply evaluation of the candidate plays, a
cube or resignation decision: milliseconds), and the page yields to the browser between
decisions and between the steps of a play. The expert and strongest levels look one roll
ahead (their plays' candidates, and their cube decisions, two rolls ahead at the close calls;
the strongest level two rolls ahead at its closest plays too) and take longer: the core's
generator gives that in slices of a few milliseconds (one roll each), and
:func:`computer_decision` yields to the browser between them.

>>> from core.match import Match
>>> bot = load_bot("expert")
>>> bot.decide(Match.new(5).opening_with(3, 1).play("8/5 6/5"), 1).kind
'roll'
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.board.places import from_mover
from app.page.board_input.moved import checkers_moved
from app.page.host import Computer
from app.page.step import Commit
from app.page.storage.storage_keys import MAX_PREFERENCE_CHARS
from core.jsontext import read_json
from core.match import Match

if TYPE_CHECKING:  # imported by load_bot, when a match against the computer starts
    from core.bot import Bot

LEVELS = ("beginner", "intermediate", "expert", "strongest")
"""The levels the page offers ("expert" is ``core.bot``'s default level; it and "strongest" look one roll
ahead, "strongest" two at its closest plays: slower, so they are thought in slices)."""

DEFAULT_LEVEL = "intermediate"
"""The level a newcomer's first match against the computer is played at."""


def load_bot(level: str, noise: Any = None) -> Bot:
    """Import ``core.bot`` now and build a bot at ``level`` (raises if the bot is missing or broken);
    ``noise``: the weaker levels' random source (:func:`app.page.dice.dice_source.bot_noise`), or the bot's own."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    module = importlib.import_module("core.bot")
    bot: Bot = module.Bot(level=level, rng=noise)
    return bot


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
        data = read_json(text, "the opponent", max_chars=MAX_PREFERENCE_CHARS) if text else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    player = data.get("bot")
    level = data.get("level")
    return (
        player if player in (0, 1) and not isinstance(player, bool) else None,
        level if level in LEVELS else DEFAULT_LEVEL,
    )


def dialog_choice_to_json(opponent: str, level: str) -> str:
    """What ``videau.new_match`` holds: the new-match dialog's last opponent and level.

    >>> dialog_choice_from_json(dialog_choice_to_json("human", "expert"), bot_ok=True)
    ('human', 'expert')
    """
    return json.dumps({"opponent": opponent, "level": level}, separators=(",", ":"))


def dialog_choice_from_json(text: str | None, *, bot_ok: bool) -> tuple[str, str]:
    """The opponent (``"bot"``/``"human"``/``"link"``) and level the new-match dialog starts with.

    Never chosen (a first visit) or unreadable: the computer at :data:`DEFAULT_LEVEL` -- a
    newcomer most often wants to play the computer -- unless the bot is missing (``bot_ok``
    false); else the last choice.

    >>> dialog_choice_from_json(None, bot_ok=True), dialog_choice_from_json("[1]", bot_ok=False)
    (('bot', 'intermediate'), ('human', 'intermediate'))
    >>> dialog_choice_from_json('{"opponent": "bot", "level": "strongest"}', bot_ok=True)
    ('bot', 'strongest')
    >>> dialog_choice_from_json('{"opponent": "link"}', bot_ok=False)   # a friend, by link
    ('link', 'intermediate')
    """
    try:
        data = read_json(text, "the opponent", max_chars=MAX_PREFERENCE_CHARS) if text else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    opponent = data.get("opponent")
    if opponent not in ("bot", "human", "link"):
        opponent = "bot"
    level = data.get("level")
    return (
        opponent if bot_ok or opponent != "bot" else "human",
        level if level in LEVELS else DEFAULT_LEVEL,
    )


def bot_available() -> bool:
    """True when the core ships a bot package (a regular package ``core.bot``, from a folder or a zip,
    with its sources or its bytecode alone: not a namespace left by a stray folder); nothing is
    imported.

    >>> bot_available()
    True
    """
    try:
        spec = importlib.util.find_spec("core.bot")
    except (ImportError, ValueError):
        return False
    return spec is not None and spec.origin is not None and spec.submodule_search_locations is not None


# -- the computer's turn on the page ------------------------------------------------------------
BOT_ACTIONS: dict[str, Callable[[Match], Match]] = {
    "double": lambda m: m.double(),
    "take": lambda m: m.take(),
    "beaver": lambda m: m.beaver(),
    "drop": lambda m: m.drop(),
    "accept": lambda m: m.accept(),
    "decline": lambda m: m.decline(),
    "pass": lambda m: m.pass_turn(),
}
"""The match's transition for each answer (:class:`core.bot.Answer`) that is not a roll, a play or a wait."""

SLICE_S = 0.03
"""The longest the lookahead runs before the browser gets a frame."""


async def computer_decision(host: Computer, generation: int, pause: float) -> tuple[Match, bool] | None:
    """The computer's next decision: the match after it, and True when it rolled.

    A play is shown as it happens: each step committed to the page (drawn, not saved) and
    ``pause`` seconds after it; the caller commits the decision's match (saved). Stops
    (``None``) as soon as ``host.still(generation)`` is False: the match was replaced, or
    another tab saved meanwhile (the page then shows that save instead of its own decision).
    """
    host.redraw()
    await asyncio.sleep(pause)  # the browser paints "thinking…" and the dice
    if not host.still(generation) or host.bot is None:
        return None
    player = host.state.mode.bot_player
    player = player if player is not None else 1
    thinking = host.bot.decide_steps(host.state.match, player)
    last = time.perf_counter()
    while True:  # the lookahead comes in slices: give the browser a frame every ~30 ms
        try:
            next(thinking)
        except StopIteration as done:
            decision = done.value
            break
        if time.perf_counter() - last > SLICE_S:
            await asyncio.sleep(0)
            last = time.perf_counter()
            if not host.still(generation):
                return None
    match = host.state.match
    if decision.kind == "play" and decision.play is not None:
        mover = match.game.turn or 0
        for start, end in decision.play.steps:
            moves = checkers_moved(match, from_mover(start, mover), from_mover(end, mover))
            match = match.step(start, end)
            host.dispatch(Commit(match, note=None, moves=moves, save=False))
            await asyncio.sleep(pause)
            if not host.still(generation):
                return None
            match = host.state.match  # as committed
        return match.confirm(), False
    if decision.kind == "roll":
        return match.roll(host.rng), True
    if decision.kind != "wait":
        return BOT_ACTIONS[decision.kind](match), False
    return match, False
