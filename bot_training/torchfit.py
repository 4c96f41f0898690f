"""Fitting the net with PyTorch (CPU) instead of the hand-written back-propagation of :mod:`bot_training.mlp`.

The model is the browser's (:mod:`core.bot.net`): one hidden layer of sigmoid units, five sigmoid
outputs. The fits keep their definitions; autograd computes the gradients that
:meth:`bot_training.mlp.MLP.step` and :meth:`~bot_training.mlp.MLP.push` wrote out by hand:

- the label loss: the binary cross-entropy of the five outputs against the labels, summed over
  the outputs and the minibatch, one plain gradient step of ``lr`` (what ``MLP.step(x, y, lr)``
  does; ``fitx`` passes ``lr / minibatch``, so the step is the mean's);
- the choice loss (``fitx --pairs``): ``weight * 0.5 * sum(residual ** 2)``, the residuals of
  :func:`bot_training.mlp.sibling_residuals` (each sibling's equity error less its decision's
  mean), whose gradient is :func:`bot_training.mlp.sibling_push`.

The weights live in torch tensors (float32, as the browser's file stores them) during a fit and
are copied back into the :class:`~bot_training.mlp.MLP` with :meth:`TorchFit.sync`, which every
other tool (export, the numpy bot, the compiled engine) reads. One thread by default: one fit a
core, as the label runs. ``tests/bot/test_torchfit.py`` checks a torch step against the
hand-written one, and a fitted net exported and read back by the browser's evaluator.
"""

from __future__ import annotations

import numpy as np
import torch

from .mlp import EQUITY_WEIGHTS, MLP


class TorchFit:
    """The weights of ``net`` as torch parameters, stepped by plain gradient descent."""

    def __init__(self, net: MLP, threads: int = 1) -> None:
        torch.set_num_threads(threads)
        self.net = net
        self.w1 = torch.tensor(net.w1, dtype=torch.float32, requires_grad=True)
        self.b1 = torch.tensor(net.b1, dtype=torch.float32, requires_grad=True)
        self.w2 = torch.tensor(net.w2, dtype=torch.float32, requires_grad=True)
        self.b2 = torch.tensor(net.b2, dtype=torch.float32, requires_grad=True)
        self.params = [self.w1, self.b1, self.w2, self.b2]
        self.opt = torch.optim.SGD(self.params, lr=1.0, foreach=True)
        self._eqw = torch.tensor(EQUITY_WEIGHTS, dtype=torch.float32)

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        """The outputs' pre-activations (N, 5) of inputs ``x`` (N, inputs)."""
        out: torch.Tensor = torch.sigmoid(x @ self.w1 + self.b1) @ self.w2 + self.b2
        return out

    def forward(self, x: np.ndarray) -> np.ndarray:
        """The five outputs (N, 5) of inputs ``x``, without gradients."""
        with torch.no_grad():
            out: np.ndarray = torch.sigmoid(self.logits(torch.as_tensor(x, dtype=torch.float32))).numpy()
        return out

    def _step(self, loss: torch.Tensor, lr: float) -> None:
        for group in self.opt.param_groups:
            group["lr"] = lr
        self.opt.zero_grad(set_to_none=True)
        torch.autograd.backward(loss)
        self.opt.step()

    def step(self, x: np.ndarray | torch.Tensor, y: np.ndarray | torch.Tensor, lr: float) -> None:
        """One step of the label loss (as :meth:`bot_training.mlp.MLP.step`)."""
        z = self.logits(torch.as_tensor(x, dtype=torch.float32))
        self._step(torch.nn.functional.binary_cross_entropy_with_logits(
            z, torch.as_tensor(y, dtype=torch.float32), reduction="sum"), lr)

    def push_siblings(self, x: np.ndarray, y: np.ndarray, decision: np.ndarray, weight: float, lr: float) -> None:
        """One step of the choice loss on sibling rows (as ``MLP.push`` of :func:`bot_training.mlp.sibling_push`)."""
        _, g = np.unique(decision, return_inverse=True)
        gt = torch.as_tensor(g.ravel(), dtype=torch.int64)
        counts = torch.bincount(gt).to(torch.float32)
        p = torch.sigmoid(self.logits(torch.as_tensor(x, dtype=torch.float32)))
        d = (p - torch.as_tensor(y, dtype=torch.float32)) @ self._eqw
        mean = torch.zeros(len(counts)).index_add(0, gt, d) / counts
        r = d - mean[gt]
        self._step(weight * 0.5 * (r * r).sum(), lr)

    def sync(self) -> MLP:
        """Copy the current weights into the :class:`~bot_training.mlp.MLP` (and return it)."""
        with torch.no_grad():
            self.net.load({"w1": self.w1.numpy().copy(), "b1": self.b1.numpy().copy(),
                           "w2": self.w2.numpy().copy(), "b2": self.b2.numpy().copy()})
        return self.net
