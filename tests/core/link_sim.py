"""Two simulated devices playing a match by link (not a test module).

Each seat keeps only its own secret; what one seat knows of the other is the
history the links carry. Every hand-over makes the link a page offers (the full
invitation first, then bounded links: the entries the other device lacks), kept in
``links``, and delivers it to the other device, which accepts it onto its own
replayed state (:func:`~core.link.accept_next`), as a page does. Each seat draws its bytes from its own seeded
:class:`random.Random` (a page uses its crypto source), and plays at random:
legal plays (preferring quiet ones, for shorter games), doubles, takes, drops,
resignations.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from core.link import (
    LinkAction,
    LinkState,
    accept_link,
    accept_next,
    actions_between,
    hand_over,
    own_match,
    start,
)
from core.match import Match
from core.moves import legal_plays


@dataclass
class Device:
    """One player's device: its seat, its random source, the secret it keeps."""

    seat: int
    rnd: random.Random
    secret: bytes | None = None
    state: LinkState | None = None
    """The match as this device has replayed it from the links it sent and received."""

    def draw(self) -> bytes:
        return self.rnd.randbytes(16)


@dataclass
class Style:
    double: float = 0.08
    take: float = 0.7
    resign: float = 0.003
    accept: float = 0.5
    promise: float = 0.0
    """How often a play comes with the promise not to double on the next turn."""


@dataclass
class Sim:
    """A match between two :class:`Device` values; ``states`` holds every state reached."""

    devices: tuple[Device, Device]
    state: LinkState
    rnd: random.Random
    style: Style = field(default_factory=Style)
    clock: int = 1_764_590_400_000
    states: list[LinkState] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    """Every link offered, in order (the invitation, then one a hand-over)."""
    deliver: bool = True
    """Whether each link is read by the other device (off: only the shared state moves on)."""

    @classmethod
    def new(cls, length: int, seed: int, style: Style | None = None, names: tuple[str, str] = ("", "")) -> Sim:
        rnd = random.Random(seed)
        d0, d1 = Device(0, random.Random(seed * 2 + 1)), Device(1, random.Random(seed * 2 + 2))
        d0.secret = d0.draw()
        # As the page does, the first two links promise no double on the reply to the opening (a cube to use).
        state = start(
            rnd.randbytes(12), length, time_ms=1_764_590_400_000, secret=d0.secret, names=names, promise=length != 1
        )
        sim = cls((d0, d1), state, rnd, style or Style())
        sim.states.append(state)
        d0.state = state
        sim.offer(0)
        return sim

    def offer(self, seat: int) -> str:
        """The link ``seat`` offers now (what the other lacks), delivered to the other device."""
        text = self.state.offer(seat)
        self.links.append(text)
        other = self.devices[1 - seat]
        if self.deliver:
            if other.state is not None:  # as a page reads it: for its own seat, at its own clock
                other.state = accept_next(text, other.state, seat=other.seat, now_ms=self.clock)
            else:
                other.state = accept_link(text, None)
            assert other.state == self.state
        return text

    def choose(self, match: Match, seat: int) -> tuple[LinkAction, ...]:
        """What ``seat`` does now at random (nothing when the core waits on no action of his)."""
        game, rnd, style = match.game, self.rnd, self.style
        if match.is_over or game.player_to_act != seat:
            return ()
        after = match
        if game.phase == "roll":
            if not game.can_double():
                return ()
            if rnd.random() < style.resign:
                after = match.resign(rnd.randint(1, 3), by=seat)
            elif rnd.random() < style.double:
                after = match.double(by=seat)
            else:
                return (LinkAction("roll"),)
        elif game.phase == "move":
            if rnd.random() < style.resign:
                after = match.resign(rnd.randint(1, 3), by=seat)
            else:
                assert game.dice is not None
                plays = legal_plays(game.position, game.dice)
                quiet = [p for p in plays if not p.hits] or list(plays)
                after = match.play(rnd.choice(quiet) if plays else (), by=seat)
        elif game.phase == "double":
            after = match.take(by=seat) if rnd.random() < style.take else match.drop(by=seat)
        elif game.phase == "resign":
            after = match.accept(by=seat) if rnd.random() < style.accept else match.decline(by=seat)
        return actions_between(match, after)

    def step(self) -> LinkState:
        """The seat the match waits for sends its next link."""
        seat = self.state.waiting_for
        assert seat is not None
        device = self.devices[seat]
        mine = own_match(self.state, seat, device.secret)
        actions = self.choose(mine, seat)
        self.clock += self.rnd.randint(1000, 90_000)
        promise = bool(actions) and actions[-1].kind == "play" and self.rnd.random() < self.style.promise
        if promise and mine.play(actions[-1].steps, by=seat).game.is_over:
            promise = False
        if len(self.state.history) == 1:  # the friend's first link, as the page makes it
            promise = self.state.history.header.length != 1
        self.state, device.secret = hand_over(
            self.state, seat, actions, time_ms=self.clock, secret=device.secret,
            next_secret=device.draw(), contribution=device.draw(), promise=promise,
        )  # fmt: skip
        self.states.append(self.state)
        device.state = self.state
        self.offer(seat)
        return self.state

    def play_out(self, limit: int = 20_000, games: int = 0) -> LinkState:
        """Play until the match is over (or, with ``games``, until that many games were finished)."""
        for _ in range(limit):
            if self.state.waiting_for is None:
                return self.state
            match = self.state.match
            if games and len(match.games) >= games and match.game.is_over:
                return self.state
            self.step()
        raise AssertionError("the match did not end")
