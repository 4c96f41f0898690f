"""The browser bot's levels re-implemented on numpy (same net, same rules), for fast benchmarks.

``NumpyBot(net).scorer(level)`` gives a :data:`bot_training.match.Scorer`; the tests check
that it picks the same plays as :class:`core.bot.Bot` at that level.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from core.bot import LEVELS, deep_candidates
from core.bot.bearoff import BearoffDB
from core.bot.features import FEATURE_NAMES
from core.bot.net import DEFAULT_WEIGHTS, Net
from core.bot.pubeval import WIN_SCORE
from core.dice import ROLLS
from core.moves import legal_plays
from core.position import Position

from . import engine, npenc, npfeatures
from .checkpoints import mlp_from_net
from .match import PUBEVAL_CONTACT, PUBEVAL_RACE, Scorer, pubeval_inputs
from .mlp import MLP, consistent, gammon_rules
from .npfeatures import feature_columns

_WAYS = np.array([r.ways for r in ROLLS], dtype=np.float64)


def equity_of(q: np.ndarray) -> np.ndarray:
    """Cubeless equity of each row of five probabilities (win, win gammon, win backgammon, lose gammon,
    lose backgammon), for the side they are written for."""
    out: np.ndarray = 2.0 * q[:, 0] - 1.0 + q[:, 1] - q[:, 3] + q[:, 2] - q[:, 4]
    return out


class NumpyBot:
    """The browser bot's evaluation on numpy. ``features``: names of :data:`core.bot.features.FEATURE_NAMES`
    appended to the base inputs (both sides), for nets fitted with them (``bot_training.fitx``)."""

    def __init__(self, net: MLP, bearoff: BearoffDB | None = None, features: Sequence[str] = ()) -> None:
        self.net = net
        self.bearoff = bearoff if bearoff is not None else BearoffDB.load()
        self.feature_columns = feature_columns(list(features)) if features else []

    def inputs(self, onroll: np.ndarray, other: np.ndarray) -> np.ndarray:
        if not self.feature_columns:
            return npenc.encode(onroll, other)
        x = npenc.encode(onroll, other, extra=len(self.feature_columns))
        x[:, -len(self.feature_columns):] = npfeatures.features(onroll, other)[:, self.feature_columns]
        return x

    def probs(self, onroll: np.ndarray, other: np.ndarray) -> np.ndarray:
        """Probabilities for the side on roll, as :meth:`core.bot.evaluator.Evaluator.evaluate_many`.

        Each distinct board is rated once: the plays of a position's 21 rolls often lead to the
        same position (6-1, 5-2 and 4-3 all run one checker 7 pips), about a fifth of a 1-ply table."""
        if len(onroll) > 1:
            key = np.ascontiguousarray(np.concatenate([onroll, other], axis=1).astype(np.int8))
            _, first, back = np.unique(key.view(np.dtype((np.void, key.shape[1]))).ravel(),
                                       return_index=True, return_inverse=True)
            if len(first) < len(onroll):
                out: np.ndarray = self._probs(onroll[first], other[first])[back.ravel()]
                return out
        return self._probs(onroll, other)

    def _probs(self, onroll: np.ndarray, other: np.ndarray) -> np.ndarray:
        q = consistent(self.net.forward(self.inputs(onroll, other)).astype(np.float64))
        q = gammon_rules(q, onroll, other)
        home = (onroll[:, 6:].sum(axis=1) == 0) & (other[:, 6:].sum(axis=1) == 0)
        for k in np.flatnonzero(home):
            q[k, 0] = self.bearoff.win_probability(tuple(onroll[k, :6]), tuple(other[k, :6]))
        if home.any():
            q[home] = consistent(q[home])
        # finished games: exact
        a_done = onroll.sum(axis=1) == 0
        b_done = other.sum(axis=1) == 0
        for k in np.flatnonzero(a_done | b_done):
            loser = other[k] if a_done[k] else onroll[k]
            g = float(loser.sum() == 15)
            bg = float(g and (loser[24] + loser[18:24].sum()) > 0)
            q[k] = (1.0, g, bg, 0.0, 0.0) if a_done[k] else (0.0, 0.0, 0.0, g, bg)
        return q

    def zero_ply(self, c: engine.Candidates, rows: np.ndarray) -> np.ndarray:
        return -equity_of(self.probs(c.onroll[rows], c.mover[rows]))

    def one_ply(self, onroll: np.ndarray, mover: np.ndarray) -> tuple[float, int]:
        """1-ply equity for the mover of the position (onroll = opponent to play), and the count of replies."""
        if onroll.sum() == 0 or mover.sum() == 0:
            return float(-equity_of(self.probs(onroll[None], mover[None]))[0]), 1
        pos = Position.unchecked(tuple(onroll.tolist()), tuple(mover.tolist()))
        c = engine.candidates([pos] * len(ROLLS), [r.dice for r in ROLLS])
        # after each reply, we (the original mover) are on roll: our board is c.onroll, theirs c.mover
        eq = equity_of(self.probs(c.onroll, c.mover))
        values = np.minimum.reduceat(eq, c.seg[:-1])
        # a roll with no legal reply: we are on roll with the board unchanged (candidates() handled it)
        count = int(c.counts.sum())
        return float((values * _WAYS).sum() / 36.0), count

    def one_ply_many(self, boards: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`one_ply` for many positions at once: (values, reply counts)."""
        values = np.zeros(len(boards))
        counts = np.zeros(len(boards), dtype=np.int64)
        live = []
        for k, (onroll, mover) in enumerate(boards):
            if onroll.sum() == 0 or mover.sum() == 0:
                values[k] = -equity_of(self.probs(onroll[None], mover[None]))[0]
                counts[k] = 1
            else:
                live.append(k)
        if not live:
            return values, counts
        positions = []
        dice = []
        for k in live:
            onroll, mover = boards[k]
            pos = Position.unchecked(tuple(onroll.tolist()), tuple(mover.tolist()))
            positions += [pos] * len(ROLLS)
            dice += [r.dice for r in ROLLS]
        c = engine.candidates(positions, dice)
        eq = equity_of(self.probs(c.onroll, c.mover))
        per_roll = np.minimum.reduceat(eq, c.seg[:-1]).reshape(len(live), len(ROLLS))
        values[live] = (per_roll * _WAYS).sum(axis=1) / 36.0
        n_plays = c.counts.reshape(len(live), len(ROLLS))
        counts[live] = n_plays.sum(axis=1)
        return values, counts

    def _pruned_choice(self, c: engine.Candidates, race: np.ndarray, keep: int | None,
                       minimize: bool) -> tuple[np.ndarray, np.ndarray]:
        """Per game of ``c``, the mover's choice among its plays pre-ranked by pubeval for the mover
        (``race``: per game, the position before the play is a race), only the ``keep`` best rated
        by the net (ties: first generated; ``keep`` None: every play, no pubeval), as
        :meth:`core.bot.evaluator.Evaluator.two_ply_steps`: (the value, the chosen row).
        ``minimize``: the value is the equity of the side on roll next and the mover picks the
        least (the opponent's reply); otherwise the mover's, the most."""
        kept = []
        if keep is None:
            kept = [np.arange(int(c.seg[g]), int(c.seg[g + 1])) for g in range(len(c.seg) - 1)]
        else:
            x = pubeval_inputs(c.mover, c.onroll)
            score = np.where(race[c.game], x @ PUBEVAL_RACE, x @ PUBEVAL_CONTACT)
            score = np.where(c.mover.sum(axis=1) == 0, WIN_SCORE, score)
            for g in range(len(c.seg) - 1):
                a, b = int(c.seg[g]), int(c.seg[g + 1])
                kept.append(a + np.sort(np.argsort(-score[a:b], kind="stable")[:keep])
                            if b - a > keep else np.arange(a, b))
        rows = np.concatenate(kept)
        eq = equity_of(self.probs(c.onroll[rows], c.mover[rows]))
        if not minimize:
            eq = -eq
        value = np.empty(len(kept))
        chosen = np.empty(len(kept), dtype=np.int64)
        at = 0
        for g, r in enumerate(kept):
            seg = eq[at:at + len(r)]
            j = int(np.argmin(seg)) if minimize else int(np.argmax(seg))
            value[g], chosen[g] = seg[j], r[j]
            at += len(r)
        return value, chosen

    def two_ply_many(self, boards: list[tuple[np.ndarray, np.ndarray]], keep: int) -> np.ndarray:
        """2-ply equity for the mover of each position (``(onroll, mover)``, the opponent to play):
        the opponent's 21 rolls, each answered with its best reply at 0-ply; then our own 21 rolls,
        each played with our best among our ``keep`` best plays by pubeval, rated by the net (the
        browser's :meth:`core.bot.evaluator.Evaluator.two_ply_steps`)."""
        values = np.zeros(len(boards))
        live = []
        for k, (onroll, mover) in enumerate(boards):
            if onroll.sum() == 0 or mover.sum() == 0:
                values[k] = -equity_of(self.probs(onroll[None], mover[None]))[0]
            else:
                live.append(k)
        if not live:
            return values
        dice = [r.dice for r in ROLLS]
        firsts = [Position.unchecked(tuple(boards[k][0].tolist()), tuple(boards[k][1].tolist())) for k in live]
        c = engine.candidates([p for p in firsts for _ in ROLLS], dice * len(firsts))
        # the opponent's reply to each roll leaves us on roll with the least equity
        _, chosen = self._pruned_choice(c, np.zeros(len(firsts) * len(ROLLS), dtype=bool), None, minimize=True)
        ours = np.empty(len(chosen))
        seconds = []
        second_at = []
        for g, k in enumerate(chosen):
            onroll, mover = c.onroll[k], c.mover[k]  # we are on roll
            if onroll.sum() == 0 or mover.sum() == 0:
                ours[g] = equity_of(self.probs(onroll[None], mover[None]))[0]
            else:
                seconds.append(Position.unchecked(tuple(onroll.tolist()), tuple(mover.tolist())))
                second_at.append(g)
        if seconds:
            c2 = engine.candidates([p for p in seconds for _ in ROLLS], dice * len(seconds))
            race2 = np.repeat([p.is_race() for p in seconds], len(ROLLS))
            best, _ = self._pruned_choice(c2, race2, keep, minimize=False)
            ours[second_at] = (best.reshape(len(seconds), len(ROLLS)) * _WAYS).sum(axis=1) / 36.0
        values[live] = (ours.reshape(len(live), len(ROLLS)) * _WAYS).sum(axis=1) / 36.0
        return values

    def scorer(self, level: str) -> Scorer:
        spec = LEVELS[level]
        if spec.noise:
            raise ValueError("noisy levels are not benchmarked")

        def score(c: engine.Candidates, rows: np.ndarray, race_before: np.ndarray) -> np.ndarray:
            s = self.zero_ply(c, rows)
            if not spec.lookahead:
                return s
            games = c.game[rows]
            out = s.copy()
            plans = []  # (idx of the game's rows, top rows in order)
            boards: list[tuple[np.ndarray, np.ndarray]] = []
            for g in np.unique(games):
                idx = np.flatnonzero(games == g)
                if len(idx) < 2:
                    continue
                order = idx[np.lexsort((idx, -s[idx]))]
                best = s[order[0]]
                top = [k for k in order[: spec.lookahead] if s[k] >= best - spec.lookahead_margin]
                if len(top) < 2:
                    continue
                plans.append((idx, top, len(boards)))
                boards += [(c.onroll[rows[k]], c.mover[rows[k]]) for k in top]
            if not boards:
                return out
            # reply counts are known from move generation; evaluate the whole batch at once
            values, counts = self.one_ply_many(boards)
            finals = []  # (idx, deep values, plays for the 2-ply)
            for idx, top, at in plans:
                deep: dict[int, float] = {}
                cost_of: dict[int, int] = {}
                used = 0
                for j, k in enumerate(top):
                    deep[int(k)] = (1.0 - spec.blend) * values[at + j] + spec.blend * s[k]
                    cost = int(counts[at + j])
                    cost_of[int(k)] = cost
                    used += cost
                    if used + cost > spec.lookahead_budget:
                        break
                if len(deep) < 2:
                    continue
                finals.append((idx, deep, deep_candidates(deep, cost_of, spec)))
            two_boards = [(c.onroll[rows[k]], c.mover[rows[k]]) for _, _, ks in finals for k in ks]
            two = self.two_ply_many(two_boards, spec.deep_keep) if two_boards else np.zeros(0)
            at = 0
            for idx, deep, ks in finals:
                second = {k: float(two[at + j]) for j, k in enumerate(ks)}
                at += len(ks)
                for k in map(int, idx):
                    if k in second:
                        out[k] = second[k] + 200.0
                    else:
                        out[k] = deep[k] + 100.0 if k in deep else s[k] - 100.0
            return out

        return score


def twin_of(net: Net) -> NumpyBot:
    """A browser-format net as a numpy twin, its inputs those of the net's encoder version."""
    return NumpyBot(mlp_from_net(net), features=FEATURE_NAMES if net.encoder_version == 2 else ())


V1_WEIGHTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "weights", "net_v1.json.gz")
"""The encoder-1 net (shipped until encoder 2): the training tools' default teacher and start."""


def v1_net() -> Net:
    """The encoder-1 net of :data:`V1_WEIGHTS`."""
    with open(V1_WEIGHTS, "rb") as f:
        return Net.from_json_bytes(f.read())


def shipped_twin(name: str = DEFAULT_WEIGHTS) -> NumpyBot:
    """The browser's net (``core/bot/weights/<name>``) as a numpy twin, for benchmarks and their tests."""
    return twin_of(Net.load(name))


def legal_count(pos: Position, dice: tuple[int, int]) -> int:
    return len(legal_plays(pos, dice))
