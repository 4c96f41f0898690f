"""The numpy twin of :mod:`core.bot.net`: one hidden sigmoid layer, five sigmoid outputs.

Outputs, for the side on roll: P(win), P(win gammon), P(win backgammon),
P(lose gammon), P(lose backgammon); gammon probabilities include backgammons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np


def sigmoid(z: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0)))
    return out



def cross_entropy(p: np.ndarray, t: np.ndarray) -> float:
    """Mean binary cross-entropy of probabilities ``p`` against soft targets ``t`` (every output
    and row alike; ``p`` clipped to [1e-6, 1 - 1e-6]): the fits' training and validation loss.

    >>> round(cross_entropy(np.array([0.5]), np.array([1.0])), 4)
    0.6931
    """
    q = np.clip(np.asarray(p, dtype=np.float64), 1e-6, 1.0 - 1e-6)
    return float(-(t * np.log(q) + (1.0 - t) * np.log(1.0 - q)).mean())


class MLP:
    def __init__(self, n_in: int, n_hidden: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.w1 = (rng.standard_normal((n_in, n_hidden)) * 0.1).astype(np.float32)
        self.b1 = np.zeros(n_hidden, dtype=np.float32)
        self.w2 = (rng.standard_normal((n_hidden, 5)) * 0.1).astype(np.float32)
        self.b2 = np.zeros(5, dtype=np.float32)

    def hidden(self, x: np.ndarray) -> np.ndarray:
        return sigmoid(x @ self.w1 + self.b1)

    def forward(self, x: np.ndarray) -> np.ndarray:
        return sigmoid(self.hidden(x) @ self.w2 + self.b2)

    def step(self, x: np.ndarray, target: np.ndarray, lr: float) -> float:
        """One gradient step of the cross-entropy loss summed over the batch; returns mean |error|."""
        h = self.hidden(x)
        y = sigmoid(h @ self.w2 + self.b2)
        d2 = target - y
        self._update(x, h, d2, lr)
        return float(np.abs(d2[:, 0]).mean())

    def push(self, x: np.ndarray, d2: np.ndarray, lr: float) -> None:
        """One gradient step given ``d2``, the loss's negative gradient with respect to the outputs'
        pre-activations (for the cross-entropy of :meth:`step`, ``target - output``)."""
        self._update(x, self.hidden(x), d2, lr)

    def _update(self, x: np.ndarray, h: np.ndarray, d2: np.ndarray, lr: float) -> None:
        """Backpropagate ``d2`` through the hidden layer ``h`` of inputs ``x`` and step every weight."""
        dh = (d2 @ self.w2.T) * h * (1.0 - h)
        self.w2 += lr * (h.T @ d2)
        self.b2 += lr * d2.sum(axis=0)
        self.w1 += lr * (x.T @ dh)
        self.b1 += lr * dh.sum(axis=0)

    def state(self) -> dict[str, np.ndarray]:
        return {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2}

    def load(self, st: Mapping[str, Any]) -> None:
        self.w1, self.b1, self.w2, self.b2 = (np.asarray(st[k], dtype=np.float32) for k in ("w1", "b1", "w2", "b2"))


def consistent(p: np.ndarray) -> np.ndarray:
    """Clip outputs so that bg <= gammon <= win (and the same for losses)."""
    q = p.copy()
    q[:, 1] = np.minimum(q[:, 1], q[:, 0])
    q[:, 2] = np.minimum(q[:, 2], q[:, 1])
    q[:, 3] = np.minimum(q[:, 3], 1.0 - q[:, 0])
    q[:, 4] = np.minimum(q[:, 4], q[:, 3])
    return q


def equity(p: np.ndarray) -> np.ndarray:
    """Cubeless money equity of the side on roll."""
    q = consistent(p)
    out: np.ndarray = 2.0 * q[:, 0] - 1.0 + q[:, 1] - q[:, 3] + q[:, 2] - q[:, 4]
    return out


EQUITY_WEIGHTS = np.array([2.0, 1.0, 1.0, -1.0, -1.0])
"""Cubeless equity is ``EQUITY_WEIGHTS @ p - 1`` (before :func:`consistent`)."""


def sibling_residuals(p: np.ndarray, t: np.ndarray, decision: np.ndarray) -> np.ndarray:
    """For rows grouped by ``decision`` (the results of one roll's candidate plays): each row's
    equity minus its decision's mean, the net's (``p``) less the label's (``t``). Zero when the net
    orders and spaces the siblings as the labels do, whatever its level.

    >>> p = np.array([[0.6, 0, 0, 0, 0], [0.5, 0, 0, 0, 0]]); t = np.array([[0.7, 0, 0, 0, 0], [0.6, 0, 0, 0, 0]])
    >>> sibling_residuals(p, t, np.array([3, 3])).round(6).tolist()
    [0.0, 0.0]
    """
    _, g = np.unique(decision, return_inverse=True)
    d = (p - t) @ EQUITY_WEIGHTS
    mean = np.bincount(g, weights=d) / np.bincount(g)
    out: np.ndarray = d - mean[g]
    return out


def sibling_push(p: np.ndarray, t: np.ndarray, decision: np.ndarray, weight: float) -> np.ndarray:
    """The negative gradient, with respect to the outputs' pre-activations, of
    ``weight * 0.5 * sum(sibling_residuals(...) ** 2)``: the ``d2`` of :meth:`MLP.push`."""
    r = sibling_residuals(p, t, decision)
    out: np.ndarray = -weight * r[:, None] * EQUITY_WEIGHTS[None, :] * p * (1.0 - p)
    return out


def flip(p: np.ndarray) -> np.ndarray:
    """Outputs seen from the other side."""
    return np.stack([1.0 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]], axis=1)


def gammon_rules(p: np.ndarray, onroll: np.ndarray, other: np.ndarray) -> np.ndarray:
    """No gammon can be lost by a side that has borne a checker off (as :mod:`core.bot.evaluator`)."""
    q = p.copy()
    other_off = other.sum(axis=1) < 15
    onroll_off = onroll.sum(axis=1) < 15
    q[other_off, 1:3] = 0.0
    q[onroll_off, 3:5] = 0.0
    return q
