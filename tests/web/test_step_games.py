"""The page's pure step (:mod:`app.page.step`, #57) over whole games, in CPython, no browser.

Each test is its own small runner, as :meth:`app.page.app.App.dispatch` is: it steps each action,
carries out the effects (a save kept in a list, a draw counted, the computer's turn played by the
core's bot, a forced pass played, a hand-over made into a link by a real
:class:`~app.page.link.link_book.LinkSession`), and steps an effect's answer at once. The players
act as the page's listeners would: Roll with die values drawn, a click on a checker then on its
destination, Confirm, Take, Next game.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from app.board.places import from_mover
from app.page.link.link_book import LinkBook, LinkSession
from app.page.step import (
    Action,
    Choose,
    Commit,
    ComputerDone,
    Do,
    Draw,
    Effect,
    HandOver,
    Install,
    Kept,
    LinkRoll,
    Mode,
    NextGame,
    PageState,
    PassLater,
    Roll,
    Save,
    StartComputer,
    Tick,
    step,
)
from app.page.storage.match_store import MemoryStorage
from core.clock import PRESETS, Clock
from core.match import Match


@dataclass
class Device:
    """A test runner around the pure step: what a page would carry out, recorded."""

    state: PageState
    now: float = 0.0
    saves: list[tuple[Match, Clock | None]] = field(default_factory=list)
    draws: int = 0
    effects: list[Effect] = field(default_factory=list)
    on_effect: Callable[[Device, Effect], Action | None] | None = None
    later: deque[Action] = field(default_factory=deque)

    def dispatch(self, action: Action) -> None:
        queue: deque[Action] = deque([action])
        while queue:
            self.state, effects = step(self.state, queue.popleft())
            todo = deque(effects)
            while todo:
                effect = todo.popleft()
                self.effects.append(effect)
                answer = self.perform(effect)
                if answer is not None:
                    self.state, more = step(self.state, answer)
                    todo.extendleft(reversed(more))
            while self.later:
                queue.append(self.later.popleft())

    def perform(self, effect: Effect) -> Action | None:
        if isinstance(effect, Save):
            self.saves.append((self.state.match, effect.clock))
        elif isinstance(effect, Draw):
            self.draws += 1
        elif isinstance(effect, PassLater):  # the page's timer, once the roll was shown
            self.later.append(Do("pass", now=self.now))
        if self.on_effect is not None:
            return self.on_effect(self, effect)
        return None


def dice(rnd: random.Random) -> tuple[int, ...]:
    return tuple(rnd.randint(1, 6) for _ in range(40))


def click_play(device: Device, rnd: random.Random) -> None:
    """The player on move clicks each checker then its destination (a legal play chosen at random), then Confirm."""
    match = device.state.match
    game = match.game
    plays = game.legal_plays()
    assert plays, "a roll with no play is passed by the page itself"
    mover = game.turn or 0
    for start, end in rnd.choice(plays).steps:
        device.dispatch(Choose(from_mover(start, mover), now=device.now))
        assert device.state.selected == from_mover(start, mover)
        device.dispatch(Choose(from_mover(end, mover), now=device.now))
    if device.state.match.game.turn_in_progress is not None:
        device.dispatch(Do("confirm", now=device.now))


# -- against the computer ---------------------------------------------------------------------------
def computer_plays(bot: Any, rnd: random.Random) -> Callable[[Device, Effect], Action | None]:
    """The computer's turn as :mod:`app.page.computer.opponent` plays it: each step committed unsaved,
    the decision committed saved and not shown, then :class:`ComputerDone`."""

    def on_effect(device: Device, effect: Effect) -> Action | None:
        if not isinstance(effect, StartComputer):
            return None
        assert device.state.computer_busy and device.state.waiting()
        match, player = device.state.match, device.state.mode.bot_player
        answer = bot.decide(match, player)
        rolled = False
        if answer.kind == "play" and answer.play is not None:
            for start, end in answer.play.steps:
                match = match.step(start, end)
                device.later.append(Commit(match, note=None, save=False, now=device.now))
            match = match.confirm()
        elif answer.kind == "roll":
            match, rolled = match.roll(lambda: rnd.randint(1, 6)), True
        elif answer.kind != "wait":
            match = getattr(match, {"pass": "pass_turn"}.get(answer.kind, answer.kind))()
        device.later.append(Commit(match, shown=False, now=device.now))
        device.later.append(ComputerDone(effect.generation, rolled))
        return None

    return on_effect


def human_acts(device: Device, rnd: random.Random, *, double: bool) -> None:
    """One decision of the human at this screen (player 0), as the buttons and the board make it."""
    match = device.state.match
    game = match.game
    if match.is_over or game.phase == "over":
        device.dispatch(NextGame(dice(rnd), now=device.now))
    elif game.phase == "opening" or game.phase == "roll":
        if double and game.phase == "roll" and game.can_double():
            device.dispatch(Do("double", now=device.now))
        else:
            device.dispatch(Roll(dice(rnd), now=device.now))
    elif game.phase == "double":
        device.dispatch(Do("take", now=device.now))
    elif game.phase == "move":
        click_play(device, rnd)
    elif game.phase == "resign":
        device.dispatch(Do("decline", now=device.now))
    else:
        raise AssertionError(f"unexpected phase {game.phase}")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_match_against_the_computer(seed: int) -> None:
    from core.bot import Bot

    rnd = random.Random(seed)
    bot = Bot(level="beginner", rng=random.Random(seed).random)
    device = Device(PageState(Match.new(3, names=("Ann", "")), mode=Mode("computer", 1)))
    device.on_effect = computer_plays(bot, rnd)
    doubled = False
    for _ in range(3000):
        state = device.state
        if state.match.is_over:
            break
        assert not state.computer_busy, "the computer's turn ends before the human acts"
        acting = state.match.game.player_to_act
        assert acting in (0, None) or state.match.game.phase == "over", "the human only acts on his turns"
        wants_double = not doubled and state.match.game.phase == "roll" and state.match.game.turn == 0
        human_acts(device, rnd, double=wants_double and bool(state.match.game.can_double()))
        doubled = doubled or any(a.kind == "double" for a in device.state.match.game.actions)
        assert device.state.match is not state.match, "each decision of the human changes the match"
    match = device.state.match
    assert match.is_over and match.winner is not None
    assert device.saves and device.saves[-1][0] == match  # the last decision saved, the end included
    assert max(match.score) >= 3 and doubled  # whole games, the human's double answered by the computer
    starts = [e for e in device.effects if isinstance(e, StartComputer)]
    assert starts and all(e.generation == device.state.generation for e in starts)
    assert not any(isinstance(e, (HandOver, LinkRoll)) for e in device.effects)


def test_the_computer_s_steps_are_drawn_not_saved_and_its_decision_saved_once() -> None:
    from core.bot import Bot

    rnd = random.Random(7)
    opened = Match.new(3).opening_with(3, 1).play("8/5 6/5").roll_with((6, 4))
    device = Device(PageState(opened, mode=Mode("computer", 1)))
    device.on_effect = computer_plays(Bot(level="beginner", rng=random.Random(1).random), rnd)
    device.dispatch(Commit(opened, note=None, save=False))  # the page shows it: the computer is to move
    assert not device.state.computer_busy and device.state.match.game.turn == 0
    assert [m for m, _clock in device.saves] == [device.state.match]  # the decision, saved once
    assert device.state.match.game.phase == "roll"


# -- by link ----------------------------------------------------------------------------------------
class LinkDevice:
    """A device by link: its runner, its book (storage) and session, as link_panel's LinkPlay has them."""

    def __init__(self, seat_book: LinkBook, session: LinkSession, draw: Callable[[int], bytes]) -> None:
        self.book, self.session, self.draw = seat_book, session, draw
        self.clock_ms = 1_764_590_400_000
        self.sent: list[str] = []
        self.device = Device(PageState(session.base), on_effect=self.on_effect)
        self.install(session)

    def mode(self) -> Mode:
        return Mode("link", self.session.seat, my_turn=self.session.my_turn)

    def install(self, session: LinkSession) -> None:
        self.session = session
        self.device.dispatch(Install(session.base, self.mode(), None, save=False))

    def on_effect(self, device: Device, effect: Effect) -> Action | None:
        self.clock_ms += 1000
        if isinstance(effect, HandOver):
            if self.session.played(device.state.match, self.clock_ms, self.draw):
                self.sent.append(self.session.link)
                return Kept(self.session.base, self.session.my_turn)
            return None
        if isinstance(effect, LinkRoll) and self.session.choose_roll(self.clock_ms, self.draw):
            self.sent.append(self.session.link)
            device.later.append(Commit(self.session.base, note=None, save=False, mode=self.mode()))
        if isinstance(effect, Save):
            raise AssertionError("by link the normal save is never written")
        return None

    def receive(self, link: str) -> None:
        self.clock_ms += 1000
        self.install(LinkSession.open(self.book, link, time_ms=self.clock_ms, draw=self.draw))


def test_a_whole_match_by_link_between_two_devices() -> None:
    rnd = random.Random(11)
    draws = (random.Random(12).randbytes, random.Random(13).randbytes)
    books = (LinkBook(MemoryStorage()), LinkBook(MemoryStorage()))
    alice = LinkDevice(books[0], LinkSession.create(books[0], 3, time_ms=1, draw=draws[0]), draws[0])
    bob = LinkDevice(books[1], LinkSession.open(books[1], alice.session.link, time_ms=2, draw=draws[1]), draws[1])
    devices = (alice, bob)
    receiver, link = alice, bob.session.link
    doubles = turns = 0
    while not alice.device.state.match.is_over or not bob.device.state.match.is_over:
        turns += 1
        assert turns < 3000
        receiver.receive(link)
        sender, device = receiver, receiver.device
        if not sender.session.my_turn:  # the link asked only for this device's share of the dice
            assert device.state.waiting() and sender.session.state.waiting_for in (1 - sender.session.seat, None)
            receiver, link = devices[1 - sender.session.seat], sender.session.link
            continue
        assert not device.state.waiting() and devices[1 - sender.session.seat].device.state.waiting()
        sent = len(sender.sent)
        while len(sender.sent) == sent:
            game = device.state.match.game
            if game.phase == "roll" and game.turn == sender.session.seat and game.can_double() and doubles < 2:
                doubles += 1
                device.dispatch(Do("double"))
            elif game.phase in ("roll", "opening"):
                device.dispatch(Roll(dice(rnd)))
            elif game.phase == "double":
                device.dispatch(Do("take"))
            elif game.phase == "move":
                click_play(device, rnd)
            elif game.phase == "over":
                device.dispatch(NextGame(dice(rnd)))
            else:
                raise AssertionError(f"unexpected phase {game.phase}")
        assert device.state.waiting() or device.state.match.is_over  # the board rests until the friend's link
        receiver, link = devices[1 - sender.session.seat], sender.sent[-1]
    first, second = alice.device.state.match, bob.device.state.match
    assert first.is_over and first == second and first.winner is not None
    assert doubles == 2 and max(first.score) >= 3
    assert alice.device.saves == [] and bob.device.saves == []  # the normal saves untouched


# -- with clocks ------------------------------------------------------------------------------------
def clocked(length: int = 1) -> Device:
    device = Device(PageState(Match.new(length)))
    device.dispatch(Install(Match.new(length), Mode(), Clock.new(PRESETS["move30"]), now=0.0))
    return device


def test_a_whole_game_with_clocks_saves_the_clock_with_each_decision() -> None:
    rnd = random.Random(21)
    device = clocked()
    for _ in range(3000):
        if device.state.match.is_over:
            break
        device.now += 2_000.0  # two seconds a decision: well inside 30 s a move
        human_acts(device, rnd, double=False)
        device.dispatch(Tick(device.now))
    assert device.state.match.is_over and device.state.clock is not None and device.state.clock.flagged is None
    clocks = [clock for _match, clock in device.saves]
    assert all(clock is not None and not clock.running for clock in clocks)  # saved as it stood, held
    assert device.saves[-1][0] == device.state.match


def test_a_flag_that_falls_loses_the_match_on_the_beat_and_saves_it() -> None:
    rnd = random.Random(22)
    device = clocked(3)
    device.dispatch(Roll(dice(rnd), now=1_000.0))
    mover = device.state.match.game.turn
    assert mover is not None
    device.dispatch(Tick(200_000.0))  # past 30 s a move and the 2 min reserve
    match = device.state.match
    assert match.is_over and match.winner == 1 - mover
    assert device.saves[-1][0] == match and device.state.clock is not None and device.state.clock.flagged == mover


def test_an_action_after_the_flag_fell_is_lost_on_time_not_played() -> None:
    rnd = random.Random(23)
    device = clocked(3)
    device.dispatch(Roll(dice(rnd), now=1_000.0))
    mover = device.state.match.game.turn
    device.now = 500_000.0
    click_play(device, rnd)
    assert device.state.match.is_over and device.state.match.winner == 1 - (mover or 0)
