"""A QR code of a link, pure: byte mode, error correction L or M, the smallest version that holds it.

Written from ISO/IEC 18004 (QR Code 2005): the data bits (mode, count, bytes, terminator,
padding), Reed-Solomon error correction over GF(256) in the version's blocks, interleaved;
the function patterns (finders, separators, timing, alignment, format and version
information); the data laid in the zigzag; and the mask of lowest penalty. :func:`qr_svg`
draws the matrix as an SVG string (one path, a quiet zone of four modules) for the page's
"second device in the same room". The tests check it against a reference decoder.

>>> code = qr_matrix(b"https://example.org/#link=AQ")
>>> code.version, code.size, code.level
(3, 29, 'M')
>>> code.dark(0, 0), code.dark(7, 7), code.dark(code.size - 8, 8)   # finder corner, separator, dark module
(True, False, True)
>>> qr_matrix(bytes(2954))
Traceback (most recent call last):
...
ValueError: 2954 bytes do not fit a QR code (2953 at most, error correction L)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

__all__ = ["QrCode", "qr_matrix", "qr_svg"]

# Error correction codewords per block, and the number of blocks, for versions 1..40 (the
# standard's table 9), at levels L and M.
_ECC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}  # fmt: skip
_BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}  # fmt: skip
_LEVEL_BITS = {"L": 0b01, "M": 0b00}
"""The error correction level as the format information writes it."""


# -- GF(256) and Reed-Solomon ------------------------------------------------------------------
def _gf_tables() -> tuple[list[int], list[int]]:
    """Powers of the generator 2 and their logarithms in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1."""
    exp, log = [0] * 512, [0] * 256
    value = 1
    for i in range(255):
        exp[i] = value
        log[value] = i
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


_EXP, _LOG = _gf_tables()


def _gf_mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(degree: int) -> list[int]:
    """The coefficients (highest first) of the product of (x - 2^i) for i below ``degree``."""
    poly = [1]
    for i in range(degree):
        root = _EXP[i]
        poly = [a ^ _gf_mul(b, root) for a, b in zip([*poly, 0], [0, *poly], strict=True)]
    return poly


def reed_solomon(data: bytes, degree: int) -> bytes:
    """The ``degree`` error correction codewords of ``data``: the remainder of data * x^degree by the generator.

    >>> reed_solomon(bytes([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]), 10).hex()
    'c4232777ebd7e7e25d17'
    """
    generator = _generator(degree)
    rest = [0] * degree
    for byte in data:
        factor = byte ^ rest[0]
        rest = rest[1:] + [0]
        for i in range(degree):
            rest[i] ^= _gf_mul(generator[i + 1], factor)
    return bytes(rest)


def _bch(value: int, generator: int, length: int) -> int:
    """``value`` followed by its BCH remainder (``length`` bits) under ``generator``."""
    rest = value << length
    top = generator.bit_length() - 1
    while rest.bit_length() > top:
        rest ^= generator << (rest.bit_length() - 1 - top)
    return (value << length) | rest


# -- the matrix ------------------------------------------------------------------------------------
def _alignment_centres(version: int) -> list[int]:
    """Rows (and columns) of the alignment patterns' centres: evenly spaced from 6 to size - 7, even steps."""
    if version == 1:
        return []
    count, size = version // 7 + 2, 4 * version + 17
    step = -(-(size - 13) // (count - 1))  # the span over the gaps, rounded up to an even number
    step += step % 2
    if version == 32:  # the one version whose table is not that rule
        step = 26
    return [6] + [size - 7 - step * i for i in range(count - 2, -1, -1)]


class _Grid:
    """The modules being laid (``None``: not yet set) and which of them are function patterns."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = 4 * version + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def put(self, row: int, col: int, dark: bool) -> None:
        self.dark[row][col] = dark
        self.fixed[row][col] = True

    def function_patterns(self) -> None:
        size = self.size
        for i in range(size):  # timing patterns
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for row, col in ((3, 3), (3, size - 4), (size - 4, 3)):  # finders with their separators
            for dr in range(-4, 5):
                for dc in range(-4, 5):
                    r, c = row + dr, col + dc
                    if 0 <= r < size and 0 <= c < size:
                        ring = max(abs(dr), abs(dc))
                        self.put(r, c, ring not in (2, 4))
        centres = _alignment_centres(self.version)
        corners = {(6, 6), (6, size - 7), (size - 7, 6)}
        for row in centres:
            for col in centres:
                if (row, col) in corners:
                    continue
                for dr in range(-2, 3):
                    for dc in range(-2, 3):
                        self.put(row + dr, col + dc, max(abs(dr), abs(dc)) != 1)
        self.format_bits(0)  # reserved now, written once the mask is chosen
        if self.version >= 7:
            bits = _bch(self.version, 0x1F25, 12)
            for i in range(18):
                dark = bool(bits >> i & 1)
                a, b = size - 11 + i % 3, i // 3
                self.put(b, a, dark)
                self.put(a, b, dark)

    def format_bits(self, value: int) -> None:
        """The 15 format bits (level and mask, BCH-protected, masked by 0x5412), both copies, and the dark module."""
        size = self.size
        bits = _bch(value, 0x537, 10) ^ 0x5412
        for i in range(15):
            dark = bool(bits >> i & 1)
            if i < 6:
                self.put(i, 8, dark)
            elif i < 8:
                self.put(i + 1, 8, dark)
            elif i == 8:
                self.put(8, 7, dark)
            else:
                self.put(8, 14 - i, dark)
            if i < 8:
                self.put(8, size - 1 - i, dark)
            else:
                self.put(size - 15 + i, 8, dark)
        self.put(size - 8, 8, True)

    def free_modules(self) -> int:
        return sum(not f for row in self.fixed for f in row)

    def lay(self, codewords: bytes) -> None:
        """The codewords' bits in the zigzag: column pairs from the right, up then down, skipping the timing column."""
        size, index, total = self.size, 0, len(codewords) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            upward = (right + 1) & 2 == 0
            for step in range(size):
                row = size - 1 - step if upward else step
                for col in (right, right - 1):
                    if self.fixed[row][col]:
                        continue
                    if index < total:
                        self.dark[row][col] = bool(codewords[index >> 3] >> (7 - (index & 7)) & 1)
                    index += 1
            right -= 2

    def masked(self, mask: int) -> list[list[bool]]:
        flip = _MASKS[mask]
        return [
            [d != (not fixed and flip(r, c)) for c, (d, fixed) in enumerate(zip(row, frow, strict=True))]
            for r, (row, frow) in enumerate(zip(self.dark, self.fixed, strict=True))
        ]


_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


def penalty(modules: list[list[bool]]) -> int:
    """The standard's penalty of a masked symbol: runs, 2x2 blocks, finder-like patterns, dark balance."""
    size, score = len(modules), 0
    lines = modules + [[row[c] for row in modules] for c in range(size)]
    finder = [True, False, True, True, True, False, True]
    for line in lines:
        run, colour = 0, None
        for dark in line:
            if dark == colour:
                run += 1
            else:
                score += run - 2 if run >= 5 else 0
                run, colour = 1, dark
        score += run - 2 if run >= 5 else 0
        padded = [False] * 4 + line + [False] * 4
        for i in range(len(padded) - 6):
            if padded[i : i + 7] == finder:
                before, after = padded[max(0, i - 4) : i], padded[i + 7 : i + 11]
                if not any(before) or not any(after):
                    score += 40
    for r in range(size - 1):
        for c in range(size - 1):
            if modules[r][c] == modules[r][c + 1] == modules[r + 1][c] == modules[r + 1][c + 1]:
                score += 3
    darks = sum(row.count(True) for row in modules)
    score += abs(darks * 20 - size * size * 10) // (size * size) * 10
    return score


# -- the symbol ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class QrCode:
    """A QR symbol: ``modules[row][col]`` True for dark, its ``version``, error correction ``level`` and ``mask``."""

    version: int
    level: str
    mask: int
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        return len(self.modules)

    def dark(self, row: int, col: int) -> bool:
        return self.modules[row][col]


@cache
def _data_capacity(version: int, level: str) -> tuple[int, int]:
    """``(data codewords, total codewords)`` of a version at a level."""
    grid = _Grid(version)
    grid.function_patterns()
    total = grid.free_modules() // 8
    return total - _ECC_PER_BLOCK[level][version - 1] * _BLOCKS[level][version - 1], total


def _data_codewords(data: bytes, version: int, capacity: int) -> bytes | None:
    """Mode, count, bytes, terminator and padding, as ``capacity`` codewords (``None``: too long)."""
    count_bits = 8 if version <= 9 else 16
    if len(data) >= 1 << count_bits:
        return None
    bits = "0100" + format(len(data), f"0{count_bits}b") + "".join(format(b, "08b") for b in data)
    if len(bits) > capacity * 8:
        return None
    bits += "0" * min(4, capacity * 8 - len(bits))
    bits += "0" * (-len(bits) % 8)
    out = bytearray(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    pad = (0xEC, 0x11)
    while len(out) < capacity:
        out.append(pad[(len(out) - len(bits) // 8) % 2])
    return bytes(out)


def _interleaved(data: bytes, version: int, level: str, total: int) -> bytes:
    """The data split in the version's blocks, each with its error correction, interleaved."""
    blocks, ecc = _BLOCKS[level][version - 1], _ECC_PER_BLOCK[level][version - 1]
    short = total // blocks - ecc  # data codewords of a short block; the last ``total % blocks`` have one more
    longs = total % blocks
    pieces, at = [], 0
    for i in range(blocks):
        length = short + (1 if i >= blocks - longs else 0)
        pieces.append(data[at : at + length])
        at += length
    out = bytearray()
    for i in range(short + 1):
        out.extend(piece[i] for piece in pieces if i < len(piece))
    checks = [reed_solomon(piece, ecc) for piece in pieces]
    for i in range(ecc):
        out.extend(check[i] for check in checks)
    return bytes(out)


def qr_matrix(data: bytes, level: str = "M", *, mask: int | None = None) -> QrCode:
    """The QR code of ``data`` at error correction ``level`` ("M"; "L" when M would need a version above 40,
    or when asked), in the smallest version that holds it. ``ValueError`` when nothing holds it.

    ``mask``: the mask to use (0..7); by default the one of lowest penalty.

    >>> qr_matrix(b"x" * 2331).level, qr_matrix(b"x" * 2332).level    # version 40 at M, then L
    ('M', 'L')
    """
    for chosen in ("M", "L") if level == "M" else ("L",):
        for version in range(1, 41):
            capacity, total = _data_capacity(version, chosen)
            codewords = _data_codewords(data, version, capacity)
            if codewords is not None:
                return _symbol(codewords, version, chosen, total, mask)
    raise ValueError(f"{len(data)} bytes do not fit a QR code (2953 at most, error correction L)")


def _symbol(codewords: bytes, version: int, level: str, total: int, only: int | None) -> QrCode:
    grid = _Grid(version)
    grid.function_patterns()
    grid.lay(_interleaved(codewords, version, level, total))
    best: tuple[int, int, list[list[bool]]] | None = None
    for mask in range(8) if only is None else (only,):
        grid.format_bits(_LEVEL_BITS[level] << 3 | mask)
        modules = grid.masked(mask)
        score = penalty(modules)
        if best is None or score < best[0]:
            best = (score, mask, modules)
    assert best is not None
    _, mask, modules = best
    return QrCode(version, level, mask, tuple(tuple(row) for row in modules))


def qr_svg(text: str, *, label: str = "") -> str:
    """``text`` (UTF-8) as a QR code in SVG: one path of dark modules, a quiet zone of four, ``label`` for readers.

    >>> svg = qr_svg("https://example.org/#link=AQ", label="QR code")
    >>> 'class="qr" viewBox="0 0 37 37"' in svg, 'aria-label="QR code"' in svg
    (True, True)
    """
    code = qr_matrix(text.encode("utf-8"))
    quiet, side = 4, code.size + 8
    path = []
    for r, row in enumerate(code.modules):
        c = 0
        while c < code.size:
            if row[c]:
                start = c
                while c < code.size and row[c]:
                    c += 1
                path.append(f"M{start + quiet} {r + quiet}h{c - start}v1h{start - c}z")
            else:
                c += 1
    name = label.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 {side} {side}"'
        f' shape-rendering="crispEdges" role="img" aria-label="{name}">'
        f'<rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{"".join(path)}"/></svg>'
    )
