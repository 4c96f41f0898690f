"""The page as a reducer: ``step(state, action) -> (state, effects)``, pure (#57).

Everything the page remembers about the match it shows is one immutable :class:`PageState`: the
match, who plays it (:class:`Mode`: two players at this screen, the computer, or a friend by link),
the clock, the checker picked, the notice, the end card closed, the computer or the tutor at work,
the gestures of the turn. Everything that can change it is an action (a frozen dataclass below);
:func:`step` gives the next state and the effects to carry out, in order. It reads no clock, no
storage, no browser and no random source: the time (``now``, the page's ``performance.now()`` in
ms) and the dice (``draws``, die values drawn from the page's source) come inside the actions.

The runner, :meth:`app.page.app.App.dispatch`, is the only place the page's state is assigned
(``tests/web/test_step_purity.py`` checks both from the syntax tree); it carries out the effects
(save, draw, keep the board, start the computer's turn, pass a forced roll later, hand a turn over
by link, ask the tutor) with the browser, and an effect that answers (the saves keeping another
match) is stepped by the runner at once; no feature calls :func:`step`, none assigns the state.

>>> from core.match import Match
>>> state = PageState(Match.new(3), lang="en")
>>> state, effects = step(state, Roll(draws=(3, 1), now=0.0))
>>> state.match.game.phase, [type(e).__name__ for e in effects]
('move', ['Save', 'Draw', 'KeepBoard'])
>>> state, effects = step(state, Choose(place=8, now=1.0))
>>> state.selected, [type(e).__name__ for e in effects]
(8, ['Draw'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

from app.board.messages import describe_refusal
from app.board.places import OFF, Place, to_mover
from app.page.auto_play import follow_up, forced_pass
from app.page.board_input.gestures import Gestures
from app.page.board_input.moved import Moved, checkers_moved
from app.page.storage.match_store import Options
from app.text import t
from core.clock import Clock, player_on_move
from core.errors import IllegalActionError
from core.match import Match

ModeKind: TypeAlias = Literal["local", "computer", "link"]


@dataclass(frozen=True)
class Mode:
    """Who plays the page's match: ``local`` (two players at this screen), ``computer`` (it plays
    ``player``), or ``link`` (this device plays seat ``player``; ``my_turn`` False while the friend's
    link is awaited)."""

    kind: ModeKind = "local"
    player: int | None = None
    my_turn: bool = True

    @property
    def bot_player(self) -> int | None:
        """The computer's seat (``None`` unless it plays)."""
        return self.player if self.kind == "computer" else None

    @property
    def seat(self) -> int | None:
        """This device's seat by link (``None`` otherwise)."""
        return self.player if self.kind == "link" else None


LOCAL = Mode()


@dataclass(frozen=True)
class PageState:
    """What the page shows and remembers, one immutable value (see the module docstring)."""

    match: Match
    lang: str = "en"
    mode: Mode = LOCAL
    options: Options = field(default_factory=Options)
    clock: Clock | None = None
    selected: Place | None = None
    notice: str = ""
    notice_kind: str = "error"
    generation: int = 0
    """Raised whenever the match is replaced: a computer's turn or a pass in flight stops."""
    over_closed_at: int | None = None
    """The game (count of games) whose end card the player closed."""
    computer_busy: bool = False
    tutor: float | None = None
    """The tutor's threshold in equity (``None``: off): a decision that loses more is questioned first."""
    tutor_busy: bool = False
    """The tutor is pricing a decision or asking about it: the board rests meanwhile."""
    held: bool = False
    """A broken save waits for the player's decision (the store holds it): nothing is played."""
    gestures: Gestures = field(default_factory=Gestures)

    def waiting(self) -> bool:
        """True when the screen may not act: a broken save held, the computer to act or acting, the
        friend's link awaited, or the tutor at work."""
        mode = self.mode
        if self.held or self.computer_busy or self.tutor_busy or (mode.kind == "link" and not mode.my_turn):
            return True
        return mode.bot_player is not None and self.match.game.player_to_act == mode.bot_player

    def viewer(self) -> int:
        """Who the points are numbered for: the human against the computer, this device's seat by
        link, else the player to act."""
        mode = self.mode
        if mode.bot_player is not None:
            return 1 - mode.bot_player
        if mode.seat is not None:
            return mode.seat
        game = self.match.game
        acting = game.player_to_act
        return acting if acting is not None else (game.turn or 0)


# -- actions ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Do:
    """A player's transition at this screen, by name: ``take``, ``beaver``, ``drop``, ``pass``,
    ``confirm``, ``accept``, ``decline``, ``double``, ``undo``, ``resign`` (``args``: the level),
    ``resign_match`` (``args``: the player), ``move`` and ``auto_step`` (``args``: places as the board
    names them, mover's view applied here)."""

    name: str
    args: tuple[Any, ...] = ()
    moves: Moved = ()
    now: float = 0.0


@dataclass(frozen=True)
class Roll:
    """The Roll button: the opening roll or a roll, with die values ``draws`` drawn by the runner
    (more than enough: the opening throws ties again). By link the dice come from the link only."""

    draws: tuple[int, ...]
    now: float = 0.0


@dataclass(frozen=True)
class NextGame:
    """Start the next game and roll its opening with ``draws``."""

    draws: tuple[int, ...]
    now: float = 0.0


@dataclass(frozen=True)
class Choose:
    """A click, a tap or Enter on a place: pick a checker, move it, or say why not."""

    place: Place
    now: float = 0.0


@dataclass(frozen=True)
class Drop:
    """A checker dragged from ``start`` and dropped on ``end`` (drawn there already: no animation)."""

    start: Place
    end: Place
    now: float = 0.0


@dataclass(frozen=True)
class Select:
    """Pick the checker on ``place`` (``None``: drop the pick)."""

    place: Place | None


@dataclass(frozen=True)
class Commit:
    """A match a feature computed from the page's own (the computer's step or decision, the tutor's
    verdict, a link's roll): applied as a transition. ``note``: the notice (``None`` keeps it);
    ``save``: written; ``shown``: drawn, the board kept, what comes next by itself let begin (False
    while the computer holds the match); ``gesture``: made by the player (Undo follows it);
    ``mode``: who plays it now (by link, whether this device is to act), when that changed with it."""

    match: Match
    note: str | None = ""
    kind: str = "info"
    moves: Moved = ()
    rolled: bool = False
    save: bool = True
    shown: bool = True
    gesture: bool = False
    mode: Mode | None = None
    now: float = 0.0


@dataclass(frozen=True)
class Install:
    """Another match comes next (new, read from storage, another tab's, a link's): who plays it,
    its clock, whether it is saved now, and whether the store still holds a broken save."""

    match: Match
    mode: Mode = LOCAL
    clock: Clock | None = None
    held: bool = False
    note: str | None = ""
    kind: str = "info"
    save: bool = True
    shown: bool = True
    now: float = 0.0


@dataclass(frozen=True)
class Kept:
    """The saves' answer: the match they kept instead of the page's (by link: where the turn began, or
    as the link sent it; ``None``: the page's stands); ``my_turn``: by link, whether this device is to
    act now; ``note``: what they have to say, shown with the draw that follows."""

    match: Match | None
    my_turn: bool | None = None
    note: str | None = None
    """What the saves have to say (a refused change, storage full): the notice, as an error."""


@dataclass(frozen=True)
class Tick:
    """The clock's beat: follow the match, lose it on time when a flag fell."""

    now: float


@dataclass(frozen=True)
class Leave:
    """The page is left or hidden: a running clock is saved as it is."""

    now: float


@dataclass(frozen=True)
class ComputerDone:
    """The computer's turn ended (``rolled``: its last decision was a roll, shown as one)."""

    generation: int
    rolled: bool = False


@dataclass(frozen=True)
class TutorDone:
    """The tutor let the decision through (``after``: committed), or it was taken back (``None``)."""

    after: Match | None = None
    moves: Moved = ()
    rolled: bool = False
    now: float = 0.0


@dataclass(frozen=True)
class Resume:
    """The page started (its match shown): what comes next by itself, as after a commit."""


@dataclass(frozen=True)
class Say:
    """Set the notice (``draw``: draw it now, outside a redraw)."""

    text: str
    kind: str = "error"
    draw: bool = False


@dataclass(frozen=True)
class SetOptions:
    options: Options
    now: float = 0.0


@dataclass(frozen=True)
class SetLanguage:
    lang: str


@dataclass(frozen=True)
class SetTutor:
    threshold: float | None


@dataclass(frozen=True)
class Held:
    """The store holds a broken save (True) or no longer does."""

    held: bool


@dataclass(frozen=True)
class CloseOver:
    """Close the end-of-game card to look at the final position (``closed``), or open it again."""

    closed: bool


Action: TypeAlias = (
    Do | Roll | NextGame | Choose | Drop | Select | Commit | Install | Kept | Tick | Leave | ComputerDone
    | TutorDone | Resume | Say | SetOptions | SetLanguage | SetTutor | Held | CloseOver
)  # fmt: skip


# -- effects ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Save:
    """Write the match and ``clock`` (held as it is now) to the page's saves."""

    clock: Clock | None


@dataclass(frozen=True)
class HandOver:
    """By link: record the change; once the turn passed, make the next link and show it."""


@dataclass(frozen=True)
class LinkRoll:
    """By link, the Roll button: send the choice to roll (the dice come from the link only)."""


@dataclass(frozen=True)
class Draw:
    """Draw everything from the state (``moves`` animated, the dice ``rolled``)."""

    moves: Moved = ()
    rolled: bool = False


@dataclass(frozen=True)
class DrawNotice:
    """Draw the notice only."""


@dataclass(frozen=True)
class DrawClocks:
    now: float


@dataclass(frozen=True)
class KeepBoard:
    """Store the board drawn, for the next start-up to show at once."""


@dataclass(frozen=True)
class StartComputer:
    """The computer is to act: start its turn (the state says it is busy already)."""

    generation: int


@dataclass(frozen=True)
class PassLater:
    """A roll that cannot be played: pass it for the player once it was shown, if ``match`` (of
    ``generation``) is still the page's then."""

    match: Match
    generation: int


@dataclass(frozen=True)
class AskTutor:
    """Price the decision ``before`` → ``after`` and let it through, or ask the player."""

    before: Match
    after: Match
    moves: Moved
    rolled: bool
    decision: Any
    threshold: float


@dataclass(frozen=True)
class NewMatchShown:
    """Another match: the move list starts again, link mode ends unless the new mode is a link's."""

    mode: Mode


@dataclass(frozen=True)
class Translate:
    """The page's texts in the state's language."""


Effect: TypeAlias = (
    Save | HandOver | LinkRoll | Draw | DrawNotice | DrawClocks | KeepBoard | StartComputer | PassLater | AskTutor
    | NewMatchShown | Translate
)  # fmt: skip
Effects: TypeAlias = tuple[Effect, ...]

_NAMED: dict[str, Callable[..., Match]] = {
    "take": Match.take,
    "beaver": Match.beaver,
    "drop": Match.drop,
    "pass": Match.pass_turn,
    "confirm": Match.confirm,
    "accept": Match.accept,
    "decline": Match.decline,
    "double": Match.double,
    "resign": Match.resign,
    "resign_match": Match.resign_match,
}


def _dice(draws: Sequence[int]) -> Callable[[], int]:
    """The page's dice for one action: the runner's draws, one after another."""
    values = iter(draws)

    def die() -> int:
        value = next(values, None)
        if value is None:
            raise IllegalActionError("the dice drawn for this roll ran out", "dice-exhausted")
        return value

    return die


# -- the step -----------------------------------------------------------------------------------------
def step(state: PageState, action: Action) -> tuple[PageState, Effects]:
    """The page's next state and the effects to carry out, in order, after ``action``. Pure."""
    if isinstance(action, Do):
        return _do(state, action)
    if isinstance(action, Roll):
        if state.mode.kind == "link":
            return (state, ()) if state.waiting() else (state, (LinkRoll(),))
        opening = state.match.game.phase == "opening"
        rng = _dice(action.draws)
        change = (lambda m: m.opening(rng)) if opening else (lambda m: m.roll(rng))
        return _play(state, change, now=action.now, rolled=True)
    if isinstance(action, NextGame):
        rng = _dice(action.draws)
        return _play(state, lambda m: m.next_game(rng), now=action.now)
    if isinstance(action, Choose):
        return _choose(state, action.place, action.now)
    if isinstance(action, Drop):
        return _move(state, action.start, action.end, action.now, animate=False)
    if isinstance(action, Select):
        return replace(state, selected=action.place), (Draw(),)
    if isinstance(action, Commit):
        gestures = state.gestures.follow(state.match, action.match) if action.gesture else state.gestures
        state = replace(state, gestures=gestures, mode=action.mode or state.mode)
        return _commit(
            state, action.match, note=action.note, kind=action.kind, moves=action.moves, rolled=action.rolled,
            save=action.save, shown=action.shown, now=action.now,
        )  # fmt: skip
    if isinstance(action, Install):
        fresh = replace(
            state, mode=action.mode, clock=action.clock, generation=state.generation + 1, over_closed_at=None,
            computer_busy=False, tutor_busy=False, held=action.held, gestures=Gestures(),
        )  # fmt: skip
        state, effects = _commit(
            fresh, action.match, note=action.note, kind=action.kind, save=action.save, shown=action.shown,
            now=action.now,
        )  # fmt: skip
        return state, (NewMatchShown(action.mode), *effects)
    if isinstance(action, Kept):
        mode = state.mode
        if action.my_turn is not None and mode.kind == "link":
            mode = replace(mode, my_turn=action.my_turn)
        match = action.match if action.match is not None else state.match
        state = replace(state, match=match, mode=mode, selected=None)
        if action.note is not None:
            state = replace(state, notice=action.note, notice_kind="error")
        return state, ()
    if isinstance(action, Tick):
        return _tick(state, action.now)
    if isinstance(action, Leave):
        if state.clock is None or not state.clock.running or state.held:
            return state, ()
        clock, lost = _follow_clock(state.clock, state.match, action.now)
        state = replace(state, clock=clock, match=lost or state.match)
        return state, (*_save(state, action.now), KeepBoard())
    if isinstance(action, ComputerDone):
        rolled = action.rolled and action.generation == state.generation
        state, more = _next_turn_effects(replace(state, computer_busy=False))
        return state, (Draw(rolled=rolled), KeepBoard(), *more)
    if isinstance(action, TutorDone):
        state = replace(state, tutor_busy=False)
        if action.after is None:
            return state, (Draw(),)
        state = replace(state, gestures=state.gestures.follow(state.match, action.after))
        return _commit(state, action.after, note="", moves=action.moves, rolled=action.rolled, now=action.now)
    if isinstance(action, Resume):
        return _next_turn_effects(state)
    if isinstance(action, Say):
        return replace(state, notice=action.text, notice_kind=action.kind), ((DrawNotice(),) if action.draw else ())
    if isinstance(action, SetOptions):
        state = replace(state, options=action.options)
        followed = _follow_up(state, state.match) if not state.waiting() else state.match
        if followed is not state.match:
            return _commit(state, followed, note=None, now=action.now)
        return state, (Draw(),)
    if isinstance(action, SetLanguage):
        if action.lang == state.lang:
            return state, ()
        return replace(state, lang=action.lang), (Translate(), Draw(), KeepBoard())
    if isinstance(action, SetTutor):
        return replace(state, tutor=action.threshold), ()
    if isinstance(action, Held):
        return replace(state, held=action.held), ()
    if isinstance(action, CloseOver):
        return replace(state, over_closed_at=len(state.match.games) if action.closed else None), (Draw(),)
    raise TypeError(f"not a page action: {action!r}")


def _follow_clock(clock: Clock | None, match: Match, now: float) -> tuple[Clock | None, Match | None]:
    """The clock following ``match`` at ``now``; and the match lost on time when a flag fell (else ``None``)."""
    if clock is None:
        return None, None
    after = clock.follow(player_on_move(match), now)
    deadline = clock.deadline()
    if after.flagged is not None and clock.flagged is None and match.is_over and deadline is not None:
        after = clock.follow(None, deadline - 1)  # the match ended (an action) before the flag fell
    if after.flagged is not None and not match.is_over:
        return after, match.lose_on_time(after.flagged)
    return after, None


def _tick(state: PageState, now: float) -> tuple[PageState, Effects]:
    """The clock's beat: it follows the match; a flag that fell loses the match on time (committed)."""
    if state.held:
        return state, ()
    clock, lost = _follow_clock(state.clock, state.match, now)
    state = replace(state, clock=clock)
    if lost is not None:  # committed with the fallen flag (the clock now says so)
        state, effects = _commit(state, lost, note=None, now=now)
        return state, (*effects, DrawClocks(now))
    return state, (DrawClocks(now),)


def _save(state: PageState, now: float) -> Effects:
    """Where the page's match is written: the link by link, the page's saves otherwise."""
    if state.mode.kind == "link":
        return (HandOver(),)
    return (Save(None if state.clock is None else state.clock.stopped(now)),)


def _next_turn_effects(state: PageState) -> tuple[PageState, Effects]:
    """What comes next by itself: the computer's turn when it is to act, a forced pass later."""
    effects: list[Effect] = []
    match, mode = state.match, state.mode
    if (
        mode.bot_player is not None
        and not state.computer_busy
        and not state.held
        and not match.is_over
        and match.game.player_to_act == mode.bot_player
    ):
        state = replace(state, computer_busy=True)
        effects.append(StartComputer(state.generation))
    if forced_pass(match) and not state.waiting():
        effects.append(PassLater(match, state.generation))
    return state, tuple(effects)


def _commit(
    state: PageState,
    match: Match,
    *,
    note: str | None = "",
    kind: str = "info",
    moves: Moved = (),
    rolled: bool = False,
    save: bool = True,
    shown: bool = True,
    now: float = 0.0,
) -> tuple[PageState, Effects]:
    """Make ``match`` the page's: the clock's rule first (a flag that fell loses the match on time),
    the pick dropped, ``note`` the notice (``None`` keeps it); then save (``save``), and, when
    ``shown``, draw, keep the board and let what comes next by itself begin."""
    clock, lost = _follow_clock(state.clock, match, now)
    state = replace(state, match=lost or match, clock=clock, selected=None)
    if note is not None:
        state = replace(state, notice=note, notice_kind=kind)
    effects: list[Effect] = list(_save(state, now)) if save else []
    if shown:
        effects += [Draw(moves, rolled), KeepBoard()]
        state, more = _next_turn_effects(state)
        effects += more
    return state, tuple(effects)


def _follow_up(state: PageState, match: Match) -> Match:
    """The options' automatic steps (not on the computer's turns)."""
    bot = state.mode.bot_player
    if bot is not None and match.game.turn == bot:
        return match
    return follow_up(match, auto_confirm=state.options.auto_confirm, auto_forced=state.options.auto_forced)


def _opening_note(match: Match, lang: str) -> str:
    """The notice after the opening roll: the tied rolls thrown again, if any."""
    actions = match.game.actions
    if actions and actions[-1].kind == "opening" and actions[-1].ties:
        values = ", ".join(f"{v}-{v}" for v in actions[-1].ties)
        return t(lang, "ui.opening_tie", values=values)
    return ""


def _play(
    state: PageState, change: Callable[[Match], Match], *, now: float, moves: Moved = (), rolled: bool = False
) -> tuple[PageState, Effects]:
    """One transition by the player: ask the core, follow up (forced moves, auto confirm), let the
    tutor judge it when it is on, then commit (saved, drawn once)."""
    if state.waiting():
        return state, ()
    try:
        match = change(state.match)
    except IllegalActionError as exc:
        return replace(state, notice=describe_refusal(state.lang, exc.reason), notice_kind="error", selected=None), (
            Draw(),
        )
    followed = _follow_up(state, match)
    if state.tutor is not None:
        from app.page.coach.hint_words import decision_made  # the tutor's words: only once it is on

        decision = decision_made(state.match, followed, computer=state.mode.bot_player)
        if decision is not None:
            held = replace(state, tutor_busy=True)
            return held, (AskTutor(state.match, followed, moves, rolled, decision, state.tutor),)
    state = replace(state, gestures=state.gestures.follow(state.match, followed))
    note = _opening_note(match, state.lang) if rolled else ""
    return _commit(state, followed, note=note, moves=moves, rolled=rolled, now=now)


def _do(state: PageState, action: Do) -> tuple[PageState, Effects]:
    name, args = action.name, action.args
    if name == "undo":
        gestures = state.gestures
        return _play(state, gestures.undo, now=action.now)
    if name in ("move", "auto_step"):
        mover = state.match.game.turn or 0
        points = tuple(to_mover(place, mover) for place in args)
        method = Match.move if name == "move" else Match.auto_step
        return _play(state, lambda m: method(m, *points), now=action.now, moves=action.moves)
    if name not in _NAMED:
        raise ValueError(f"not a player's transition: {name!r}")
    named = _NAMED[name]
    return _play(state, lambda m: named(m, *args), now=action.now)


def _move(state: PageState, start: Place, end: Place, now: float, *, animate: bool = True) -> tuple[PageState, Effects]:
    moves = checkers_moved(state.match, start, end)
    if not animate:  # dropped: the checker is already there
        moves = moves[1:]
    return _do(state, Do("move", (start, end), moves=moves, now=now))


def _choose(state: PageState, place: Place, now: float) -> tuple[PageState, Effects]:
    """A click, or Enter, on a place: select a checker, move it, or say why not (as the board shows:
    the movable checkers, and where the one picked may go)."""
    game = state.match.game
    turn = game.turn_in_progress
    if state.waiting() or game.phase != "move" or turn is None:
        return state, ()
    mover = game.turn or 0
    selected = state.selected
    starts = turn.destinations()
    if selected is not None and selected != place and _reaches(turn, selected, place, mover):
        return _move(state, selected, place, now)
    if selected is not None and place == selected:
        moves = checkers_moved(state.match, place, None)
        return _do(state, Do("auto_step", (place,), moves=moves, now=now))
    if place != OFF and to_mover(place, mover) in starts:
        return replace(state, selected=place, notice=""), (Draw(),)
    # why the place cannot be used (the core's reason), and the pick dropped
    if selected is not None and selected != place:
        reason = turn.why_not_move(to_mover(selected, mover), to_mover(place, mover))
    elif place != OFF and turn.position.player[to_mover(place, mover) - 1] > 0:
        reason = turn.why_not(to_mover(place, mover), None)
    else:
        reason = ""
    text = describe_refusal(state.lang, reason, place, viewer=state.viewer()) if reason else ""
    return replace(state, selected=None, notice=text, notice_kind="error"), (Draw(),)


def _reaches(turn: Any, start: Place, end: Place, mover: int) -> bool:
    """True when the checker on ``start`` may go to ``end`` this turn (by one die or by the sum)."""
    if start == OFF:
        return False
    first = to_mover(start, mover)
    return first in turn.destinations() and to_mover(end, mover) in turn.routes(first)
