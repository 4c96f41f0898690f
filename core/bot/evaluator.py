"""Position evaluation: a net for each kind of position, the bear-off database when both sides bear off.

The net that rates a position is its kind's (:func:`core.bot.kinds.kind_of`: contact, crashed or
race), each loaded on the first position of its kind; a kind whose weights are not shipped is rated
by the contact net. An evaluator built on one net (``Evaluator(net=...)``) rates every kind with it.

>>> from core.position import Position
>>> ev = Evaluator.shared()
>>> p = ev.evaluate(Position.from_text("x 1:1 / o 6:1"))  # on roll with one checker on the 1 point
>>> p[0]
1.0
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import TypeVar, cast

from ..dice import ROLLS
from ..moves import Play, legal_plays, legal_results, result_position
from ..position import Position
from .bearoff import BearoffDB
from .bearoff_cube import ExactBearoff, short_bearoff
from .cube import CubeDecision, MatchState
from .kinds import KIND_WEIGHTS, KINDS, check_encoder, kind_of
from .net import Net, Probs, consistent, equity, flip
from .pubeval import packed_scorer

__all__ = ["Evaluator", "Probs", "equity", "flip"]


Value = Callable[[Probs], float]
"""An equity function of the probabilities of the side they belong to (money, or at a score)."""


def _final(position: Position) -> Probs | None:
    """Exact result when the game is over, for the side on roll of ``position``."""
    if sum(position.player) == 0:
        loser = position.opponent
        sign = 1
    elif sum(position.opponent) == 0:
        loser = position.player
        sign = -1
    else:
        return None
    gammon = sum(loser) == 15
    backgammon = gammon and (loser[24] + sum(loser[18:24])) > 0
    if sign > 0:
        return (1.0, float(gammon), float(backgammon), 0.0, 0.0)
    return (0.0, 0.0, 0.0, float(gammon), float(backgammon))


def _gammon_rules(pos: Position, p: Probs) -> Probs:
    """No gammon can be lost by a side that has borne a checker off."""
    w, wg, wbg, lg, lbg = p
    if sum(pos.opponent) < 15:
        wg = wbg = 0.0
    if sum(pos.player) < 15:
        lg = lbg = 0.0
    return (w, wg, wbg, lg, lbg)


def _both_bearing_off(position: Position) -> bool:
    return not any(position.player[6:]) and not any(position.opponent[6:])


T = TypeVar("T")


def drive(steps: Generator[None, None, T]) -> T:
    """Run a step-by-step computation (a generator that yields between steps) to its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast(T, done.value)


class Evaluator:
    """Evaluates positions for the side on roll. Weights and database load on first use."""

    _shared: Evaluator | None = None

    def __init__(
        self,
        net: Net | None = None,
        bearoff: BearoffDB | None = None,
        use_bearoff: bool = True,
        nets: dict[str, Net] | None = None,
    ) -> None:
        """``net``: one net for every kind of position; ``nets``: a net per kind (a kind left out
        is rated by ``nets["contact"]``, or the shipped contact net); neither: the shipped nets."""
        if net is not None and nets is not None:
            raise ValueError("give an evaluator one net (net=) or a net per kind (nets=), not both")
        for kind, n in (nets or {}).items():
            check_encoder(kind, n.encoder_version)
        self._net = net if net is not None else (nets or {}).get("contact")
        self._nets: dict[str, Net] = dict(nets or {})
        self._shipped = net is None and nets is None
        self._bearoff = bearoff
        self._exact: ExactBearoff | None = None
        self.use_bearoff = use_bearoff

    @classmethod
    def from_weights(cls, spec: str) -> Evaluator:
        """An evaluator on weights files: ``FILE`` (one net for every kind) or
        ``KIND=FILE[,KIND=FILE...]`` (a net per kind, the others the shipped contact net's), as the
        benches' ``--weights`` take them."""
        if "=" not in spec:
            with open(spec, "rb") as f:
                return cls(net=Net.from_json_bytes(f.read()))
        nets: dict[str, Net] = {}
        for part in spec.split(","):
            kind, sep, path = part.partition("=")
            if not sep or kind not in KINDS or not path:
                raise ValueError(f"weights {part!r}: expected FILE or KIND=FILE with KIND one of {', '.join(KINDS)}")
            with open(path, "rb") as f:
                nets[kind] = Net.from_json_bytes(f.read())
        return cls(nets=nets)

    @classmethod
    def shared(cls) -> Evaluator:
        """The process-wide evaluator with the shipped weights (loaded lazily)."""
        if cls._shared is None:
            cls._shared = cls()
        return cls._shared

    @property
    def net(self) -> Net:
        """The contact net (and every kind's, for an evaluator built on one net)."""
        if self._net is None:
            self._net = Net.load()
        return self._net

    def loaded_kinds(self) -> set[str]:
        """The kinds whose net this evaluator has loaded so far (a kind falling back on the contact
        net counts once met)."""
        return set(self._nets) | ({"contact"} if self._net is not None else set())

    def net_for(self, kind: str) -> Net:
        """The net that rates positions of ``kind`` (loaded on first use)."""
        found = self._nets.get(kind)
        if found is None:
            found = self.net
            if self._shipped and kind != "contact" and Net.shipped(KIND_WEIGHTS[kind]):
                found = Net.load(KIND_WEIGHTS[kind])
                check_encoder(kind, found.encoder_version)
            self._nets[kind] = found
        return found

    @property
    def bearoff(self) -> BearoffDB:
        if self._bearoff is None:
            self._bearoff = BearoffDB.load()
        return self._bearoff

    def exact_cube(
        self, position: Position, owner: str, match: MatchState | None = None, cube: int = 1
    ) -> CubeDecision | None:
        """The exact cube decision of the side on roll at the end of a bear-off
        (:class:`~core.bot.bearoff_cube.ExactBearoff`, on this evaluator's database, its values
        remembered), or ``None`` where that search does not reach (the cube-life models then)."""
        if not self.use_bearoff or not short_bearoff(position):  # cheap: no database for most positions
            return None
        if self._exact is None:
            self._exact = ExactBearoff(self.bearoff)
        return self._exact.decision(position, owner, match, cube) if self._exact.covers(position) else None

    # -- single positions ---------------------------------------------------------
    def evaluate(self, position: Position) -> Probs:
        """(win, win gammon, win backgammon, lose gammon, lose backgammon) for the side on roll."""
        final = _final(position)
        if final is not None:
            return final
        return self.evaluate_many([position])[0]

    def evaluate_many(self, positions: list[Position]) -> list[Probs]:
        """Evaluate unfinished positions (side on roll), sharing work between similar ones."""
        out: list[Probs | None] = [None] * len(positions)
        net_idx: list[int] = []
        for k, pos in enumerate(positions):
            final = _final(pos)
            if final is not None:
                out[k] = final
            else:
                net_idx.append(k)
        groups: dict[str, list[int]] = {}
        for k in net_idx:
            groups.setdefault(kind_of(positions[k].player, positions[k].opponent), []).append(k)
        for kind, idx in groups.items():
            net = self.net_for(kind)
            enc = net.encode
            encs = [enc(positions[k].player, positions[k].opponent) for k in idx]
            for k, probs in zip(idx, net.evaluate_many(encs)):
                pos = positions[k]
                probs = _gammon_rules(pos, probs)
                if self.use_bearoff and _both_bearing_off(pos):
                    probs = self._with_bearoff(pos, probs)
                out[k] = probs
        return out  # type: ignore[return-value]

    def _with_bearoff(self, pos: Position, probs: Probs) -> Probs:
        """Exact race winning chances from the database; gammon chances from the net."""
        win = self.bearoff.win_probability(pos.player[:6], pos.opponent[:6])
        return consistent([win, probs[1], probs[2], probs[3], probs[4]])

    def replies_steps(
        self, position: Position, value: Value | None = None
    ) -> Generator[None, None, list[tuple[int, Position, Probs]]]:
        """For each of the 21 rolls of the side on roll, played with its best play at 0-ply
        (cubeless money equity, or ``value``, the mover's equity of its probabilities at a score):
        (the roll's ways in 36, the position the opponent then has, on roll, and the opponent's
        probabilities): one roll looked ahead, as the cube decisions and the analysis's roll
        tables want. Yields after each roll; ties go to the first play generated."""
        out: list[tuple[int, Position, Probs]] = []
        for roll in ROLLS:
            plays = legal_plays(position, roll.dice)
            if plays:
                nexts = [play.result.swapped() for play in plays]
                probs = self.evaluate_many(nexts)
                if value is None:  # the best play leaves the opponent, on roll, the least equity
                    k = min(range(len(probs)), key=lambda i: equity(probs[i]))
                else:
                    k = max(range(len(probs)), key=lambda i: value(flip(probs[i])))
                out.append((roll.ways, nexts[k], probs[k]))
            else:
                nxt = position.swapped()
                out.append((roll.ways, nxt, self.evaluate(nxt)))
            yield
        return out

    # -- plays ------------------------------------------------------------------------
    def play_equities(self, plays: tuple[Play, ...] | list[Play], value: Value | None = None) -> list[float]:
        """Cubeless equity, for the mover, of the position each play leaves (0-ply); ``value``:
        the mover's equity of its probabilities at a match score
        (:func:`core.bot.cube.score_value`), money equity when ``None``."""
        nexts = [p.result.swapped() for p in plays]
        if value is None:
            return [-equity(pr) for pr in self.evaluate_many(nexts)]
        return [value(flip(pr)) for pr in self.evaluate_many(nexts)]

    def one_ply_equity(self, play: Play) -> float:
        """Equity for the mover after ``play``, averaged over the opponent's 21 rolls,
        the opponent answering each with its best 0-ply reply."""
        return self.one_ply(play)[0]

    def one_ply(self, play: Play) -> tuple[float, int]:
        """(:meth:`one_ply_equity`, number of positions evaluated)."""
        return drive(self.one_ply_steps(play))

    def one_ply_steps(
        self, play: Play, value: Value | None = None, replies: list[Position] | None = None
    ) -> Generator[None, None, tuple[float, int]]:
        """:meth:`one_ply` one opponent roll at a time: yields after each, returns the result.

        A caller that must stay responsive (the browser's main thread) resumes it
        between other work; :func:`drive` runs it to the end. ``value``: as in
        :meth:`play_equities` (the opponent answers with what is worst for the mover by it).
        ``replies``: if given, receives for each roll the position the reply leaves, the mover
        on roll (what :meth:`two_ply_steps` looks further into).
        """
        mover = equity if value is None else value
        after = play.result  # mover's view
        opponent_on_roll = after.swapped()
        if _final(opponent_on_roll) is not None:
            final = self.evaluate(opponent_on_roll)
            return (-equity(final) if value is None else value(flip(final))), 1
        total = 0.0
        count = 0
        for roll in ROLLS:
            answers = legal_plays(opponent_on_roll, roll.dice)
            if not answers:
                worst = mover(self.evaluate(after))
                left = after
            else:
                ours = [r.result.swapped() for r in answers]
                count += len(ours)
                values = [mover(pr) for pr in self.evaluate_many(ours)]
                k = min(range(len(values)), key=values.__getitem__)
                worst = values[k]
                left = ours[k]
            if replies is not None:
                replies.append(left)
            total += roll.ways * worst
            yield
        return total / 36.0, count

    def two_ply_steps(
        self, play: Play, value: Value | None = None, keep: int = 2, replies: Sequence[Position] | None = None
    ) -> Generator[None, None, tuple[float, int]]:
        """Equity for the mover after ``play``, two rolls ahead: averaged over the opponent's 21
        rolls, each answered with its best reply at 0-ply (as :meth:`one_ply_steps`, whose
        ``replies`` may be passed to save finding them again), then over the mover's own 21 rolls,
        each played with its best play, the net rating the positions at the end. In that last
        ply the mover's plays of a roll are first pre-ranked by pubeval
        (:func:`core.bot.pubeval.packed_scorer`) and only the ``keep`` best rated by the net
        (ties: first generated), as strong programs prune their deeper plies. ``value``: as in
        :meth:`play_equities`. Yields after each roll of the last ply (21 x 21 times, a millisecond
        or two each); returns (the equity, the positions the net rated in the last ply)."""
        after = play.result
        final = _final(after.swapped())
        if final is not None:
            return (-equity(final) if value is None else value(flip(final))), 1
        if replies is None:
            found: list[Position] = []
            yield from self.one_ply_steps(play, value, found)
            replies = found
        total = 0.0
        count = 0
        for roll, ours in zip(ROLLS, replies):
            inner, n = yield from self._on_roll_steps(ours, value, keep)
            count += n
            total += roll.ways * inner
        return total / 36.0, count

    def replies_each_steps(
        self, positions: Sequence[Position], keep: int = 2
    ) -> Generator[None, None, list[list[tuple[int, Position, Probs]] | None]]:
        """For each position (side on roll, before its roll), its 21 rolls, each played with its
        best play by money equity among its ``keep`` best by pubeval
        (:func:`core.bot.pubeval.packed_scorer`; ties: first generated), as the last ply of
        :meth:`two_ply_steps` plays them: (the roll's ways, the position the other side then has,
        on roll, and that side's probabilities), as :meth:`replies_steps` gives them unpruned;
        ``None`` for a finished game. The second roll of the cube decisions two rolls ahead
        (:meth:`core.bot.Bot.cube_decision`, the hints'
        :meth:`core.analysis.engine.Engine.cube_equities_steps`). Yields after each roll."""
        out: list[list[tuple[int, Position, Probs]] | None] = []
        for position in positions:
            leaves: list[tuple[int, Position, Probs]] = []
            yield from self._on_roll_steps(position, None, keep, leaves)
            out.append(leaves if leaves else None)
        return out

    def _on_roll_steps(
        self,
        position: Position,
        value: Value | None,
        keep: int,
        leaves: list[tuple[int, Position, Probs]] | None = None,
    ) -> Generator[None, None, tuple[float, int]]:
        """The side on roll's 21 rolls, each played with its best play among its ``keep`` best by
        pubeval: (the average of each roll's best value, the positions the net rated); ``leaves``,
        if given, receives each roll's (ways, position left, its probabilities) as
        :meth:`replies_each_steps` gives them. The last ply of :meth:`two_ply_steps` and the second
        roll of the deeper cube decisions. Yields after each roll."""
        final = _final(position)
        if final is not None:
            return (equity(final) if value is None else value(final)), 1
        score = packed_scorer(position.is_race(), position)
        total = 0.0
        count = 0
        for roll in ROLLS:
            found = legal_results(position, roll.dice)
            if not found:
                nexts = [position.swapped()]
            else:
                if len(found) > keep:
                    s = [score(board, hits) for board, hits in found]
                    best = sorted(range(len(found)), key=lambda i: (-s[i], i))[:keep]
                    found = [found[i] for i in sorted(best)]
                nexts = [result_position(position, board, hits).swapped() for board, hits in found]
            count += len(nexts)
            theirs = self.evaluate_many(nexts)  # the opponent's view, on roll after each play
            values = [-equity(pr) if value is None else value(flip(pr)) for pr in theirs]
            k = max(range(len(values)), key=values.__getitem__)  # ties: the first generated
            if leaves is not None:
                leaves.append((roll.ways, nexts[k], theirs[k]))
            total += roll.ways * values[k]
            yield
        return total / 36.0, count
