"""Random players for the self-play, state and match tests (not a test module).

A random player does whatever is legal: it rolls, moves (a whole play at
once or step by step, with undos), doubles, takes, passes, resigns, accepts
and declines at random, so the tests reach every phase of a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.match import Match


@dataclass(frozen=True)
class Style:
    """How often the random player does each thing."""

    double: float = 0.06
    take: float = 0.7
    beaver: float = 0.0  # of the doubles answered where beavers are allowed
    resign: float = 0.004
    accept: float = 0.4
    by_steps: float = 0.08
    undo: float = 0.15
    quiet: float = 0.5  # prefer a play that hits nothing (shorter games than pure random play)


def rng_of(rnd: random.Random):  # type: ignore[no-untyped-def]
    """An :data:`core.dice.Rng` drawing from ``rnd``."""
    return lambda: rnd.randint(1, 6)


def random_action(match: Match, rnd: random.Random, style: Style = Style()) -> Match:
    """One random legal action of the current game (or the next game once it is over)."""
    game = match.game
    phase = game.phase
    if phase == "over":
        return match.next_game(rng_of(rnd) if rnd.random() < 0.5 else None)
    if phase == "opening":
        return match.opening(rng_of(rnd))
    if phase == "roll":
        if game.can_double() and rnd.random() < style.double:
            return match.double()
        if rnd.random() < style.resign:
            return match.resign(rnd.randint(max(1, game.declined_level + 1), 3)) if game.declined_level < 3 else match
        return match.roll(rng_of(rnd))
    if phase == "double":
        if game.can_beaver() and rnd.random() < style.beaver:
            return match.beaver()
        return match.take() if rnd.random() < style.take else match.drop()
    if phase == "resign":
        return match.accept() if rnd.random() < style.accept else match.decline()
    # phase "move"
    turn = game.turn_in_progress
    assert turn is not None
    if game.declined_level < 3 and rnd.random() < style.resign:
        return match.resign(rnd.randint(game.declined_level + 1, 3))
    plays = game.legal_plays()
    if not plays:
        choice = rnd.randrange(3)
        return match.pass_turn() if choice == 0 else match.confirm() if choice == 1 else match.play(())
    if turn.steps or rnd.random() < style.by_steps:
        if turn.is_complete:
            return match.confirm()
        if turn.steps and rnd.random() < style.undo:
            return match.undo()
        s, t, _ = rnd.choice(turn.next_steps())
        return match.step(s, t) if rnd.random() < 0.7 else match.auto_step(s)
    if rnd.random() < style.quiet:
        quiet = [p for p in plays if not p.hits]
        return match.play(rnd.choice(quiet or plays))
    return match.play(rnd.choice(plays))
