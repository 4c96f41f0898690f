"""The link protocol: a :class:`History` replayed through the core's :class:`~core.match.Match`.

:func:`replay` walks every entry of a history: it checks whose turn it is to
send, that each revealed secret matches its commitment, that each roll is the
one its secrets make, that every action is legal, and what each entry must
carry (a reveal, a contribution, a commitment) -- and refuses the first entry
that fails with a :class:`~core.link.errors.LinkError`. See ``PROTOCOL.md``.

A whole exchange, each side with its own bytes (a page passes crypto random bytes):

>>> from core.link.history import LinkAction
>>> s0, s1 = bytes([1]) * 16, bytes([2]) * 16
>>> state = start(bytes(12), 1, time_ms=1, secret=s0)           # player 0 creates the match
>>> state.waiting_for
1
>>> state, kept1 = hand_over(state, 1, (), time_ms=2, secret=None, next_secret=s1, contribution=bytes(16))
>>> state.roll_due, state.waiting_for                          # player 0 may reveal the opening
(('opening', 0), 0)
>>> mine = own_match(state, 0, s0)                             # player 0 sees the opening roll
>>> mine.game.dice, mine.game.turn
((6, 2), 0)
>>> play = actions_between(mine, mine.play("13/7 13/11"))
>>> state, kept0 = hand_over(state, 0, play, time_ms=3, secret=s0, next_secret=bytes(16),
...                          contribution=bytes([7]) * 16)
>>> state.match.game.turn, state.roll_due, state.waiting_for   # no cube in a 1-point match: 1 may roll
(1, ('roll', 1), 1)
>>> kept0 == bytes(16), [p.dice for p in state.proofs]
(True, [(6, 2)])
>>> replay(state.history) == state
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..clock import LinkTime, link_time
from ..errors import BackgammonError
from ..match import Match
from .codec import chain_next, chain_start, encode_link
from .derive import COMMIT_BYTES, CONTRIBUTION_BYTES, SECRET_BYTES, commitment, derive_opening, derive_roll
from .errors import COMMITMENT, DICE, NO_SECRET, PROTOCOL, RULES, LinkError
from .history import MAX_ALLOWANCE_HOURS, NAMING_ENTRY, Entry, Header, History, LinkAction, name_problem

__all__ = [
    "Commitment",
    "LinkState",
    "RollProof",
    "acknowledged",
    "actions_between",
    "hand_over",
    "own_match",
    "replay",
    "start",
]


@dataclass(frozen=True, slots=True)
class Commitment:
    """A commitment on the table: ``digest``, the seat's ``index``-th, made in entry ``entry``."""

    digest: bytes
    index: int
    entry: int


@dataclass(frozen=True, slots=True)
class RollProof:
    """How one roll was made, for anyone to check again (the "verify dice" view).

    ``holder`` committed ``commitment`` (its ``commit_index``-th) in entry
    ``commit_entry``; the other player gave ``contribution`` in entry
    ``contribution_entry``; ``holder`` revealed ``secret`` in entry
    ``reveal_entry``; SHA-256 of both with the match id and ``index`` gives
    ``dice`` (after ``ties`` for an opening). Entry numbers count from 0.
    """

    index: int
    game: int
    kind: str
    holder: int
    commit_index: int
    commit_entry: int
    contribution_entry: int
    reveal_entry: int
    commitment: bytes
    contribution: bytes
    secret: bytes
    dice: tuple[int, int]
    ties: tuple[int, ...] = ()


def _new_match(header: Header) -> Match:
    try:
        names = tuple(name or default for name, default in zip(header.names, ("Bottom", "Top"), strict=True))
        return Match.new(
            header.length, crawford_rule=header.crawford_rule, jacoby=header.jacoby, beavers=header.beavers,
            names=names,
        )  # fmt: skip
    except BackgammonError as exc:
        raise LinkError(f"the link's match settings make no match: {exc}", RULES) from exc


@dataclass(frozen=True, slots=True)
class LinkState:
    """A history replayed: the match it reached and the protocol's bookkeeping."""

    history: History
    match: Match
    commits: tuple[Commitment | None, Commitment | None] = (None, None)
    commit_counts: tuple[int, int] = (0, 0)
    contribution: tuple[bytes, int] | None = None
    declared_roll: bool = False
    promised: tuple[bool, bool] = (False, False)
    """Whether each seat promised, as it last handed the turn over, not to double before its next roll."""
    opening_holder: int = 0
    proofs: tuple[RollProof, ...] = field(default=(), compare=False)
    digests: tuple[bytes, ...] = field(default=(), compare=False)
    """The chain digest of the first *i* entries, for *i* from 0 to the number of entries."""

    @classmethod
    def empty(cls, header: Header) -> LinkState:
        """The state before any entry."""
        return cls(History(header), _new_match(header), digests=(chain_start(header),))

    def offer(self, seat: int) -> str:
        """The link ``seat`` sends now: the entries the other seat lacks (the full match before it has any).

        When the other seat sent last (nothing new to send), the link of its last hand-over.
        """
        since = acknowledged(self.history, seat)
        if since == len(self.history) and since:
            since = acknowledged(self.history, 1 - seat)
        return encode_link(self.history, since, self.digests[since])

    @property
    def roll_due(self) -> tuple[str, int] | None:
        """``("opening", seat)`` or ``("roll", seat)``: the roll the match waits for and whose secret makes it.

        ``None`` when no roll is due -- also while the player on roll may still
        double: nobody gives him a contribution (which would show him his roll)
        before he has chosen to roll.
        """
        match = self.match
        if match.is_over:
            return None
        game = match.game
        if game.phase == "opening" or game.is_over:
            return ("opening", self.opening_holder)
        if game.phase == "roll" and game.turn is not None:
            if game.can_double() and not self.declared_roll and not self.promised[game.turn]:
                return None
            return ("roll", game.turn)
        return None

    @property
    def waiting_for(self) -> int | None:
        """The seat whose link the match waits for (``None`` once over)."""
        due = self.roll_due
        if due is not None:
            holder = due[1]
            if self.commits[holder] is None or self.contribution is not None:
                return holder
            return 1 - holder
        if self.match.is_over:
            return None
        return self.match.game.player_to_act

    @property
    def reveal_due(self) -> int | None:
        """The seat that must reveal its secret in its next entry (``None`` if none)."""
        due = self.roll_due
        if due is None or self.contribution is None or self.commits[due[1]] is None:
            return None
        return due[1]

    @property
    def times(self) -> tuple[int, ...]:
        """When each entry was sent (epoch ms, the sender's clock)."""
        return tuple(e.time_ms for e in self.history.entries)

    @property
    def waiting_since(self) -> int | None:
        """When the turn passed to :attr:`waiting_for` (the last entry's time; ``None`` before any or once over).

        With :attr:`times` and each entry's sender, what a per-move allowance is measured from.

        >>> state = start(bytes(12), 1, time_ms=1_700_000_000_000, secret=bytes(16))
        >>> state.waiting_for, state.waiting_since
        (1, 1700000000000)
        """
        if self.waiting_for is None or not self.history.entries:
            return None
        return self.history.entries[-1].time_ms

    def thinking_times(self) -> tuple[tuple[int, int], ...]:
        """``(sender, ms)`` for each entry after the first: how long its sender took since the one before.

        Computed from the senders' clocks (a clock set wrong shows here); never negative (a device
        checks each new hand-over's time against the one before, :func:`core.link.accept_next`, but
        an older record may hold times out of order).
        """
        entries = self.history.entries
        return tuple((b.sender, max(b.time_ms - a.time_ms, 0)) for a, b in zip(entries, entries[1:], strict=False))

    def time_left(self, now_ms: float) -> LinkTime | None:
        """How the allowance of the player on move stands at ``now_ms`` (``None``: no allowance, or over).

        Measured from :attr:`waiting_since` (the sender's clock) to ``now_ms`` (the reader's
        clock): a statement for both players, enforced by nobody (:func:`core.clock.link_time`).
        Once overdue the match simply waits on: no link can prove lateness, since each
        entry's time is its sender's own say-so.

        >>> state = start(bytes(12), 1, time_ms=0, secret=bytes(16), allowance_hours=24)
        >>> state.time_left(3_600_000).left_ms, state.time_left(25 * 3_600_000).overdue_ms
        (82800000, 3600000)
        """
        hours, since = self.history.header.allowance_hours, self.waiting_since
        if not hours or since is None:
            return None
        return link_time(since, hours * 3_600_000, now_ms)

    def extend(self, entry: Entry) -> LinkState:
        """This state with ``entry`` replayed; :class:`LinkError` when the entry is refused."""
        return _step(self, entry)


def _fail(index: int, reason: str, message: str) -> LinkError:
    return LinkError(f"link entry {index + 1}: {message}", reason)


def _roll(state: LinkState, entry: Entry, index: int, secret: bytes) -> LinkState:
    due = state.roll_due
    commit = state.commits[entry.sender]
    assert due is not None
    assert commit is not None
    assert state.contribution is not None
    header = state.history.header
    if commitment(header.match_id, entry.sender, commit.index, secret) != commit.digest:
        where = f"the commitment of entry {commit.entry + 1}"
        raise _fail(index, COMMITMENT, f"player {entry.sender}'s secret does not match {where}")
    gift, gift_entry = state.contribution
    roll_index = len(state.proofs)
    match = state.match
    if due[0] == "opening":
        ties, die0, die1 = derive_opening(header.match_id, roll_index, entry.sender, secret, gift)
        dice = (die0, die1)
        if (entry.dice, entry.ties) != (dice, ties):
            raise _fail(index, DICE, f"the opening roll written is {entry.dice}, its secrets make {dice}")
        if match.game.is_over:
            match = match.next_game()
        match = match.opening_with(die0, die1, ties=ties)
    else:
        dice, ties = derive_roll(header.match_id, roll_index, entry.sender, secret, gift), ()
        if entry.ties:
            raise _fail(index, DICE, "tied dice written for a roll that is not an opening")
        if entry.dice != dice:
            raise _fail(index, DICE, f"the roll written is {entry.dice}, its secrets make {dice}")
        match = match.roll_with(dice, by=entry.sender)
    proof = RollProof(
        roll_index, len(match.games) - 1, due[0], entry.sender, commit.index, commit.entry, gift_entry, index,
        commit.digest, gift, secret, dice, ties,
    )  # fmt: skip
    commits = list(state.commits)
    commits[entry.sender] = None
    promised = list(state.promised)
    # A promise holds until the promiser's next roll; an opening is the winner's first roll
    # (his promise, made before it, is spent), while the loser's covers his reply to it.
    promised[match.game.turn if due[0] == "opening" and match.game.turn is not None else entry.sender] = False
    return replace(
        state, match=match, commits=(commits[0], commits[1]), contribution=None, declared_roll=False,
        proofs=state.proofs + (proof,), promised=(promised[0], promised[1]),
    )  # fmt: skip


def _act(state: LinkState, seat: int, action: LinkAction) -> LinkState:
    match, kind = state.match, action.kind
    if kind == "roll":
        game = match.game
        if game.phase != "roll" or game.turn != seat or not game.can_double() or state.declared_roll:
            raise LinkError("a decision to roll out of place (only the player on roll who could double makes it)")
        if state.promised[seat]:
            raise LinkError("a decision to roll after a promise not to double (the roll is already due)")
        return replace(state, declared_roll=True)
    if kind == "promise":  # pragma: no cover - _played reads promises with _promise
        raise LinkError("a promise not to double out of place")
    if kind == "play":
        match = match.play(action.steps, by=seat)
    elif kind == "resign":
        match = match.resign(action.level, by=seat)
    elif kind == "resign_match":
        match = match.resign_match(seat)
    else:
        match = getattr(match, kind)(by=seat)
    ended = match.game.is_over and not state.match.game.is_over
    if ended:
        return replace(state, match=match, opening_holder=1 - seat, promised=(False, False))
    return replace(state, match=match)


def _promise(state: LinkState, seat: int, entry: Entry, at: int) -> LinkState:
    """``seat`` promises not to double before its next roll: last in the entry, as it hands the turn over.

    After a play (the usual case), a take, or in an entry that asks nothing of the seat
    (the first links of a match: then it covers the seat's reply to the opening if it
    loses it -- the winner's promise is spent by the opening, see :func:`_roll`).
    Never while the game waits on the seat itself (its roll or its play), nor once over.
    """
    last = at == len(entry.actions) - 1
    game = state.match.game
    if not last or game.is_over or game.player_to_act == seat:
        raise LinkError("a promise not to double comes last in the entry, as the player hands the turn over")
    promised = list(state.promised)
    promised[seat] = True
    return replace(state, promised=(promised[0], promised[1]))


def _check_sizes(entry: Entry, index: int) -> None:
    for name, value, size in (
        ("secret", entry.reveal, SECRET_BYTES),
        ("contribution", entry.contribution, CONTRIBUTION_BYTES),
        ("commitment", entry.commit, COMMIT_BYTES),
    ):
        if value is not None and len(value) != size:
            raise _fail(index, PROTOCOL, f"a {name} of {len(value)} bytes ({size} expected)")


def _played(state: LinkState, entry: Entry, index: int) -> LinkState:
    """``state`` after ``entry``'s roll (when it reveals) and actions, before its contribution and commitment."""
    if entry.reveal is not None:
        state = _roll(state, entry, index, entry.reveal)
    for at, action in enumerate(entry.actions):
        try:
            if action.kind == "promise":
                state = _promise(state, entry.sender, entry, at)
                continue
            state = _act(state, entry.sender, action)
        except BackgammonError as exc:
            raise _fail(index, RULES, f"player {entry.sender}'s {action} breaks the rules: {exc}") from exc
    return state


def _gift_due(state: LinkState, seat: int) -> bool:
    """True when ``seat`` must now give a contribution to the other player's roll."""
    due, other = state.roll_due, 1 - seat
    return due is not None and due[1] == other and state.contribution is None and state.commits[other] is not None


def _named(state: LinkState, entry: Entry, index: int) -> LinkState:
    """``state`` with the name ``entry``'s sender gives himself (only in the friend's first hand-over)."""
    if not entry.name:
        return state
    if index != NAMING_ENTRY:
        raise _fail(index, PROTOCOL, f"a name outside the friend's first hand-over (entry {NAMING_ENTRY + 1})")
    problem = name_problem(entry.name)
    if problem is not None:
        raise _fail(index, PROTOCOL, f"player {entry.sender}'s name: {problem}")
    names = list(state.match.names)
    names[entry.sender] = entry.name
    return replace(state, match=replace(state.match, names=(names[0], names[1])))


def _step(state: LinkState, entry: Entry) -> LinkState:
    index, seat = len(state.history.entries), entry.sender
    _check_sizes(entry, index)
    waiting = state.waiting_for
    if waiting is None:
        raise _fail(index, PROTOCOL, "the match is already over")
    if seat != waiting:
        raise _fail(index, PROTOCOL, f"sent by player {seat} while the match waits for player {waiting}")
    must_reveal = state.reveal_due == seat
    if (entry.reveal is not None) != must_reveal:
        word = "lacks the secret it must reveal" if must_reveal else "reveals a secret out of turn"
        raise _fail(index, PROTOCOL, word)
    if entry.reveal is None and (entry.dice is not None or entry.ties):
        raise _fail(index, DICE, "dice written without the secret that makes them")
    state = _played(_named(state, entry, index), entry, index)
    must_give = _gift_due(state, seat)
    if (entry.contribution is not None) != must_give:
        word = "lacks the contribution to the other player's roll" if must_give else "gives a contribution out of turn"
        raise _fail(index, PROTOCOL, word)
    if entry.contribution is not None:
        state = replace(state, contribution=(entry.contribution, index))
    must_commit = state.commits[seat] is None
    if (entry.commit is not None) != must_commit:
        word = "lacks the commitment to its next secret" if must_commit else "commits twice"
        raise _fail(index, PROTOCOL, word)
    if entry.commit is not None:
        commits = list(state.commits)
        commits[seat] = Commitment(entry.commit, state.commit_counts[seat], index)
        counts = list(state.commit_counts)
        counts[seat] += 1
        state = replace(state, commits=(commits[0], commits[1]), commit_counts=(counts[0], counts[1]))
    digests = state.digests + (chain_next(state.digests[-1], entry),)
    state = replace(state, history=state.history.extended(entry), digests=digests)
    if state.waiting_for == seat:
        raise _fail(index, PROTOCOL, f"player {seat} stops before handing the turn over")
    return state


def replay(history: History) -> LinkState:
    """Replay a whole history from its first entry; :class:`LinkError` names the first entry refused.

    >>> from core.link.history import Header, History, Entry
    >>> replay(History(Header(bytes(12), 1), (Entry(1, 0),)))
    Traceback (most recent call last):
    ...
    core.link.errors.LinkError: link entry 1: sent by player 1 while the match waits for player 0
    """
    state = LinkState.empty(history.header)
    for entry in history.entries:
        state = state.extend(entry)
    return state


def start(
    match_id: bytes,
    length: int,
    *,
    time_ms: int,
    secret: bytes,
    crawford_rule: bool = True,
    allowance_hours: int = 0,
    names: tuple[str, str] = ("", ""),
    promise: bool = False,
) -> LinkState:
    """A new link match created by player 0, committed to its first ``secret``.

    ``promise``: player 0 will not double on his reply to the opening if he loses it
    (his friend's link with the opening play then brings that roll: two messages fewer).

    ``allowance_hours``: the time per move shown to both players (0: none; at most a week).
    ``names``: the players' names (``""``: none given; 1 to 24 characters), carried in the first link.

    >>> start(bytes(12), 3, time_ms=0, secret=bytes(16), allowance_hours=24).history.header.allowance_hours
    24
    >>> start(bytes(12), 3, time_ms=0, secret=bytes(16), allowance_hours=200)
    Traceback (most recent call last):
    ...
    core.link.errors.LinkError: a time per move of 200 h: 0 (none) to 168 expected
    >>> start(bytes(12), 3, time_ms=0, secret=bytes(16), names=("Ann", "")).history.header.names
    ('Ann', '')
    """
    hours_ok = isinstance(allowance_hours, int) and not isinstance(allowance_hours, bool)
    if not hours_ok or not 0 <= allowance_hours <= MAX_ALLOWANCE_HOURS:
        raise LinkError(f"a time per move of {allowance_hours!r} h: 0 (none) to {MAX_ALLOWANCE_HOURS} expected")
    for seat, name in enumerate(names):
        problem = name_problem(name) if isinstance(name, str) else "not text"
        if problem is not None:
            raise LinkError(f"player {seat}'s name: {problem}")
    header = Header(match_id, length, crawford_rule, allowance_hours=allowance_hours, names=(names[0], names[1]))
    state = LinkState.empty(header)
    actions = (LinkAction("promise"),) if promise else ()
    return state.extend(Entry(0, time_ms, actions=actions, commit=commitment(match_id, 0, 0, secret)))


def acknowledged(history: History, seat: int) -> int:
    """How many entries the other seat is known to hold: all up to its last one (0: none yet).

    The link ``seat`` sends carries the entries from there on (a bounded link), which stays
    short at any length of match; the first link (the invitation) is the full match.

    >>> h = History(Header(bytes(12), 1), (Entry(0, 1), Entry(1, 2), Entry(0, 3)))
    >>> acknowledged(h, 0), acknowledged(h, 1), acknowledged(h.upto(1), 0)
    (2, 3, 0)
    """
    for index in range(len(history.entries) - 1, -1, -1):
        if history.entries[index].sender != seat:
            return index + 1
    return 0


def own_match(state: LinkState, seat: int, secret: bytes | None) -> Match:
    """The match as ``seat`` sees it: with its own roll made when its reveal is due.

    The roll is the one the history will hold once the seat reveals ``secret``:
    it cannot roll again.
    """
    if state.reveal_due != seat or secret is None:
        return state.match
    probe = _probe_entry(state, seat, secret)
    return _roll(state, probe, len(state.history.entries), secret).match


def _probe_entry(state: LinkState, seat: int, secret: bytes) -> Entry:
    due = state.roll_due
    commit, gift = state.commits[seat], state.contribution
    assert due is not None
    assert commit is not None
    assert gift is not None
    match_id, roll_index = state.history.header.match_id, len(state.proofs)
    if due[0] == "opening":
        ties, die0, die1 = derive_opening(match_id, roll_index, seat, secret, gift[0])
        return Entry(seat, 0, secret, (die0, die1), ties)
    return Entry(seat, 0, secret, derive_roll(match_id, roll_index, seat, secret, gift[0]))


def hand_over(
    state: LinkState,
    seat: int,
    actions: Sequence[LinkAction],
    *,
    time_ms: int,
    secret: bytes | None,
    next_secret: bytes | None,
    contribution: bytes | None,
    promise: bool = False,
    name: str = "",
) -> tuple[LinkState, bytes | None]:
    """``seat``'s next entry made and replayed: ``(new state, the secret the seat keeps now)``.

    ``name``: in the friend's first hand-over only (his answer to the invitation), the name he
    gives himself (``""``: the invitation's name for his seat, or the default, stays).

    ``promise``: as the seat hands the turn over (with a play, a take, or an entry that
    asks nothing of it), the promise not to double before its next roll (the friend's
    reply then carries the contribution to that roll).

    ``secret`` is the seat's committed secret (revealed when due), ``next_secret``
    fresh bytes to commit to when the seat needs a new commitment,
    ``contribution`` fresh bytes for the other's roll when due. ``time_ms`` is this device's
    clock; an entry is never dated before the one it follows (the friend's clock may run ahead
    of this one's: the later of the two is written). Raises :class:`LinkError` when the entry
    would be refused.
    """
    if state.history.entries:  # never dated before the hand-over it answers (the friend's clock may run ahead)
        time_ms = max(time_ms, state.history.entries[-1].time_ms)
    reveal = state.reveal_due == seat
    if reveal and secret is None:
        raise LinkError(f"player {seat}'s secret is needed to roll and this device does not have it", NO_SECRET)
    entry = _probe_entry(state, seat, secret) if reveal and secret is not None else Entry(seat, time_ms)
    entry = replace(
        entry, time_ms=time_ms, actions=tuple(actions) + ((LinkAction("promise"),) if promise else ()), name=name
    )
    probe = _staged(state, entry)
    gift = contribution if probe.contribution_needed else None
    kept, commit = secret, None
    if probe.commit_needed:
        if next_secret is None:
            raise LinkError(f"player {seat} needs a fresh secret to commit to", PROTOCOL)
        commit = commitment(state.history.header.match_id, seat, state.commit_counts[seat], next_secret)
        kept = next_secret
    if probe.contribution_needed and gift is None:
        raise LinkError(f"player {seat} must give a contribution to the other player's roll", PROTOCOL)
    new = state.extend(replace(entry, contribution=gift, commit=commit))
    return new, kept


@dataclass(frozen=True, slots=True)
class _Staged:
    contribution_needed: bool
    commit_needed: bool


def _staged(state: LinkState, entry: Entry) -> _Staged:
    """What ``entry`` (reveal and actions only) must still carry, found by replaying its first part."""
    state = _played(state, entry, len(state.history.entries))
    return _Staged(_gift_due(state, entry.sender), state.commits[entry.sender] is None)


def actions_between(before: Match, after: Match) -> tuple[LinkAction, ...]:
    """What was done from ``before`` to ``after`` (the same game), as link actions.

    Rolls are left out (the protocol makes them); the ``accept`` the core adds
    after a backgammon resignation too.

    >>> m = Match.new(3).opening_with(3, 1)
    >>> actions_between(m, m.play("8/5 6/5").double())
    (LinkAction(kind='play', steps=((8, 5), (6, 5)), level=0), LinkAction(kind='double', steps=(), level=0))
    """
    if len(after.games) != len(before.games):
        raise LinkError("a hand-over cannot span two games", PROTOCOL)
    done = after.game.actions[len(before.game.actions) :]
    out: list[LinkAction] = []
    for i, action in enumerate(done):
        if action.kind in ("roll", "opening"):
            raise LinkError("in link play the dice come from the link, not from this device", PROTOCOL)
        if action.kind == "accept" and i and done[i - 1].kind == "resign" and done[i - 1].level == 3:
            continue
        out.append(LinkAction(action.kind, action.steps, action.level))
    if after.resigned_by is not None and before.resigned_by is None:
        out.append(LinkAction("resign_match"))
    return tuple(out)
