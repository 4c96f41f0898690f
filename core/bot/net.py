"""Pure-Python inference of the bot's neural net (no numpy: runs in Pyodide).

One hidden layer of sigmoid units, five sigmoid outputs for the side on roll:
P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon)
(gammons include backgammons). Inputs come from :mod:`core.bot.encoding` as
sparse ``(index, value)`` pairs, so a hidden pre-activation is the bias plus the
weight rows of the few active inputs. Candidates of one move differ from each
other in few inputs: :meth:`Net.evaluate_many` computes the first one in full
and each other one from it, adding only the rows of the inputs that differ.

The hidden layer is summed as *one Python integer*: each weight row (scaled by its
input's value) is packed in fixed point, unit j in bits 64j..64j+63 (2**-40 per unit
of value, :data:`LANE_SCALE`), so that adding a row to all the hidden units (128 in the
shipped net) is a single integer addition done in C, and the exact integer sum does not depend on the order of the
inputs. Lanes may go negative: the packing is linear, and an offset added before
unpacking (``struct``) makes every lane non-negative. Values differ from a float sum by
about 1e-12 (bench/journal/2026-12.md, "Faster evaluation in pure Python"; the numpy twin agrees to 1e-5).

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
import struct
import sys
from array import array
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from math import exp
from operator import mul
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
        self._rows_packed = _PackedRows(self.rows)
        self._bias_packed = _pack(self.bias)
        self.meta = {k: v for k, v in data.items() if k not in ("w1", "w2", "b1", "b2")}

    @classmethod
    def from_json_bytes(cls, raw: bytes) -> Net:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        return cls(json.loads(raw))

    @staticmethod
    def shipped(name: str) -> bool:
        """Whether ``core/bot/weights/<name>`` is shipped."""
        return resources.files(__package__).joinpath("weights").joinpath(name).is_file()

    @classmethod
    def load(cls, name: str = DEFAULT_WEIGHTS) -> Net:
        """Load shipped weights from ``core/bot/weights/<name>``."""
        raw = resources.files(__package__).joinpath("weights").joinpath(name).read_bytes()
        return cls.from_json_bytes(raw)

    # -- evaluation --------------------------------------------------
    # The hidden layer's pre-activations are kept as one Python integer: unit j's value, in
    # fixed point (LANE_SCALE units), occupies bits 64j..64j+63 (see the module docstring).
    # Adding an input's weight row to all units is then one integer addition, done in C.
    def _packed_pre(self, inputs: list[tuple[int, float]]) -> int:
        return self._bias_packed + sum(map(self._rows_packed.__getitem__, inputs))

    def preactivation(self, inputs: list[tuple[int, float]]) -> list[float]:
        """Hidden pre-activations: the bias plus the active inputs' rows scaled by their values."""
        return _unpack(self._packed_pre(inputs), self.hidden)

    def _output_packed(self, packed: int) -> Probs:
        """:meth:`output` of packed pre-activations (unpacked and squashed in one pass)."""
        lanes = _lanes(packed, self.hidden)
        if min(lanes) >= -_CLIP and max(lanes) <= _CLIP:  # the usual case: no unit clipped
            hid = [1.0 / (1.0 + exp(s * _NEG_INV_SCALE)) for s in lanes]
        else:  # 1 / (1 + exp(-z)), clipped at |z| = 40 as in output()
            hid = [
                1.0 / (1.0 + exp(s * _NEG_INV_SCALE)) if -_CLIP <= s <= _CLIP else (0.0 if s < 0 else 1.0)
                for s in lanes
            ]
        raw = [_sigmoid(_dot(hid, row) + b) for row, b in zip(self.out_rows, self.out_bias)]
        return consistent(raw)

    def output(self, pre: list[float]) -> Probs:
        # the sigmoid written out (a call per hidden unit costs more than the unit's arithmetic)
        hid = [1.0 / (1.0 + exp(-z)) if -40.0 <= z <= 40.0 else (0.0 if z < 0.0 else 1.0) for z in pre]
        raw = [_sigmoid(_dot(hid, row) + b) for row, b in zip(self.out_rows, self.out_bias)]
        return consistent(raw)

    def evaluate(self, inputs: list[tuple[int, float]]) -> Probs:
        """Outputs for one encoded position (side on roll)."""
        return self._output_packed(self._packed_pre(inputs))

    def evaluate_many(self, encodings: list[list[tuple[int, float]]]) -> list[Probs]:
        """Outputs for many encoded positions, each computed from the first by the inputs that differ.

        The ``(index, value)`` pairs that differ from the first encoding's are found by set
        differences; their packed rows are added (new pairs) or subtracted (pairs gone).
        """
        if not encodings:
            return []
        ref = set(encodings[0])
        ref_pre = self._packed_pre(encodings[0])
        output = self._output_packed
        out = [output(ref_pre)]
        row = self._rows_packed.__getitem__
        for enc in encodings[1:]:
            now = set(enc)
            out.append(output(ref_pre + sum(map(row, now - ref)) - sum(map(row, ref - now))))
        return out


LANE_BITS = 64
LANE_SCALE = float(1 << 40)
"""Fixed point of the packed pre-activations: 2**-40 (about 1e-12) per unit, lanes of 64 bits, so
a unit's value may reach +-2**23 before lanes would overflow (they stay below 100 in practice)."""
_HALF = 1 << (LANE_BITS - 1)
_NEG_INV_SCALE = -1.0 / LANE_SCALE
_CLIP = round(40.0 * LANE_SCALE)


class _PackedRows(dict[tuple[int, float], int]):
    """``(input, value)`` -> the input's weight row scaled by the value, packed; filled on first use
    (most inputs take few values), emptied when it grows past 50,000 rows."""

    def __init__(self, rows: list[list[float]]) -> None:
        super().__init__()
        self._rows = rows

    def __missing__(self, key: tuple[int, float]) -> int:
        if len(self) > 50_000:
            self.clear()
        i, v = key
        packed = self[key] = _pack([w * v for w in self._rows[i]])
        return packed


@lru_cache(maxsize=8)
def _offset(n: int) -> int:
    """``_HALF`` in each of ``n`` lanes: added before unpacking, so that every lane is non-negative."""
    return int.from_bytes(struct.pack(f"<{n}Q", *([_HALF] * n)), "little")


@lru_cache(maxsize=8)
def _signed_unpacker(n: int) -> Callable[[bytes], tuple[int, ...]]:
    return struct.Struct(f"<{n}q").unpack


def _pack(values: list[float]) -> int:
    """``sum(round(v * LANE_SCALE) << 64 j)``: negative lanes borrow from the next, which the sum
    of packed rows undoes exactly (the packing is linear)."""
    n = len(values)
    biased = struct.pack(f"<{n}Q", *[round(v * LANE_SCALE) + _HALF for v in values])
    return int.from_bytes(biased, "little") - _offset(n)


def _lanes(packed: int, n: int) -> tuple[int, ...]:
    """The ``n`` lanes of a packed sum as signed integers: offsetting makes each lane non-negative
    (no borrows between lanes), then flipping each lane's top bit back gives its two's complement."""
    off = _offset(n)
    return _signed_unpacker(n)(((packed + off) ^ off).to_bytes(8 * n, "little"))


def _unpack(packed: int, n: int) -> list[float]:
    """The ``n`` lane values of a packed sum, as floats."""
    return [s / LANE_SCALE for s in _lanes(packed, n)]


def _dot_py(a: list[float], b: list[float]) -> float:
    total: float = sum(map(mul, a, b))
    return total


_dot: Callable[[list[float], list[float]], float] = getattr(math, "sumprod", _dot_py)
"""``math.sumprod`` where the Python has it (3.12+, Pyodide's), else the same sum in Python."""


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
