"""Pure-Python inference of the bot's neural net (no numpy: runs in Pyodide).

One hidden layer of sigmoid units, five sigmoid outputs for the side on roll:
P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon)
(gammons include backgammons). Inputs come from :mod:`core.bot.encoding` as
sparse ``(index, value)`` pairs, so a hidden pre-activation is the bias plus the
weight rows of the few active inputs. Candidates of one move differ from each
other in few inputs: :meth:`Net.evaluate_many` computes the first one in full
and each other one from it, adding only the rows of the inputs that differ.

Weights live in ``core/bot/weights/*.json.gz``: a JSON object with ``version``,
``encoder`` (the :data:`core.bot.encoding.ENCODERS` version its inputs come from; 1
when absent), ``inputs``, ``hidden``, ``training`` (the settings that produced them)
and the arrays as base64 of little-endian float32. They load on first use only.
"""

from __future__ import annotations

import base64
import gzip
import json
import math
import sys
from array import array
from importlib import resources
from itertools import repeat
from math import exp
from operator import add, mul, sub
from typing import Any

from .encoding import ENCODERS, Encoder

Probs = tuple[float, float, float, float, float]

DEFAULT_WEIGHTS = "net_v2.json.gz"
FORMAT_VERSION = 1


def _floats(text: str) -> array[float]:
    a = array("f")
    a.frombytes(base64.b64decode(text))
    if sys.byteorder != "little":
        a.byteswap()
    return a


def consistent(p: list[float]) -> Probs:
    """Clip raw outputs so that backgammon <= gammon <= win, for both sides."""
    w = p[0]
    wg = min(p[1], w)
    wbg = min(p[2], wg)
    lg = min(p[3], 1.0 - w)
    lbg = min(p[4], lg)
    return (w, wg, wbg, lg, lbg)


def equity(p: Probs) -> float:
    """Cubeless money equity of the side on roll.

    >>> equity((0.5, 0.0, 0.0, 0.0, 0.0))
    0.0
    >>> equity((1.0, 1.0, 0.0, 0.0, 0.0))
    2.0
    """
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def flip(p: Probs) -> Probs:
    """The same probabilities seen from the other side."""
    return (1.0 - p[0], p[3], p[4], p[1], p[2])


def _sigmoid(z: float) -> float:
    if z < -40.0:
        return 0.0
    if z > 40.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


class Net:
    """A loaded net: ``rows[i]`` is input i's weight row into the hidden layer."""

    def __init__(self, data: dict[str, Any]) -> None:
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"weights format {data.get('version')!r}, expected {FORMAT_VERSION}")
        n_in, n_hidden = int(data["inputs"]), int(data["hidden"])
        version = data.get("encoder", 1)
        if version not in ENCODERS:
            raise ValueError(f"weights for encoder {version!r}, expected one of {sorted(ENCODERS)}")
        self.encoder_version: int = version
        self.encode: Encoder = ENCODERS[version][0]
        """The encoder of this net's inputs: ``encode(side, other)`` -> sparse ``(index, value)`` pairs."""
        if n_in != ENCODERS[version][1]:
            raise ValueError(f"weights for {n_in} inputs, encoder {version} has {ENCODERS[version][1]}")
        w1 = _floats(data["w1"])  # (inputs, hidden), row-major
        w2 = _floats(data["w2"])  # (hidden, 5), row-major
        b1 = _floats(data["b1"])
        b2 = _floats(data["b2"])
        if len(w1) != n_in * n_hidden or len(w2) != n_hidden * 5 or len(b1) != n_hidden or len(b2) != 5:
            raise ValueError("weights: array sizes do not match inputs/hidden")
        self.inputs = n_in
        self.hidden = n_hidden
        self.rows = [list(w1[i * n_hidden : (i + 1) * n_hidden]) for i in range(n_in)]
        self.bias = list(b1)
        self.out_rows = [[w2[j * 5 + k] for j in range(n_hidden)] for k in range(5)]
        self.out_bias = list(b2)
        self.meta = {k: v for k, v in data.items() if k not in ("w1", "w2", "b1", "b2")}

    @classmethod
    def from_json_bytes(cls, raw: bytes) -> Net:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        return cls(json.loads(raw))

    @classmethod
    def load(cls, name: str = DEFAULT_WEIGHTS) -> Net:
        """Load shipped weights from ``core/bot/weights/<name>``."""
        raw = resources.files(__package__).joinpath("weights").joinpath(name).read_bytes()
        return cls.from_json_bytes(raw)

    # -- evaluation --------------------------------------------------
    def preactivation(self, inputs: list[tuple[int, float]]) -> list[float]:
        h = self.bias
        rows = self.rows
        for i, v in inputs:
            row = rows[i]
            h = list(map(add, h, row)) if v == 1.0 else list(map(add, h, map(mul, row, repeat(v))))
        return h

    def output(self, pre: list[float]) -> Probs:
        # the sigmoid written out (a call per hidden unit costs more than the unit's arithmetic)
        hid = [1.0 / (1.0 + exp(-z)) if -40.0 <= z <= 40.0 else (0.0 if z < 0.0 else 1.0) for z in pre]
        raw = [_sigmoid(sum(map(mul, hid, row)) + b) for row, b in zip(self.out_rows, self.out_bias)]
        return consistent(raw)

    def evaluate(self, inputs: list[tuple[int, float]]) -> Probs:
        """Outputs for one encoded position (side on roll)."""
        return self.output(self.preactivation(inputs))

    def evaluate_many(self, encodings: list[list[tuple[int, float]]]) -> list[Probs]:
        """Outputs for many encoded positions, each computed from the first by the inputs that differ."""
        if not encodings:
            return []
        ref = dict(encodings[0])
        ref_pre = self.preactivation(encodings[0])
        out = [self.output(ref_pre)]
        rows = self.rows
        for enc in encodings[1:]:
            h = ref_pre
            seen = set()
            for i, v in enc:
                seen.add(i)
                d = v - ref.get(i, 0.0)
                if d:
                    row = rows[i]
                    h = list(map(add, h, row)) if d == 1.0 else list(map(add, h, map(mul, row, repeat(d))))
            for i, v in ref.items():
                if i not in seen:
                    row = rows[i]
                    h = list(map(sub, h, row)) if v == 1.0 else list(map(sub, h, map(mul, row, repeat(v))))
            out.append(self.output(h))
        return out


def to_json_bytes(w1: Any, b1: Any, w2: Any, b2: Any, meta: dict[str, Any]) -> bytes:
    """Serialize weights (any objects with ``.tolist()`` or flat lists, row-major) as gzip'd JSON."""

    def enc(values: Any) -> str:
        flat: list[float] = []
        seq = values.tolist() if hasattr(values, "tolist") else values
        for v in seq:
            if isinstance(v, list):
                flat.extend(v)
            else:
                flat.append(v)
        a = array("f", flat)
        if sys.byteorder != "little":
            a.byteswap()
        return base64.b64encode(a.tobytes()).decode("ascii")

    data = dict(meta)
    data.update(version=FORMAT_VERSION, w1=enc(w1), b1=enc(b1), w2=enc(w2), b2=enc(b2))
    return gzip.compress(json.dumps(data, sort_keys=True).encode(), compresslevel=9, mtime=0)
