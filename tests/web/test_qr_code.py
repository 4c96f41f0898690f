"""app.page.link.qr_code: QR codes of links, read back by a reference decoder (zbarimg, Debian's zbar-tools).

The decoder is only an oracle of the tests: the page draws its QR codes with our own encoder.
Without zbarimg the decoding tests are skipped (``./build.sh test`` installs it); the standard's
fixed values (format and version information, a Reed-Solomon block) are checked in the module's doctests
and below, decoder or not.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from app.page.link.qr_code import QrCode, qr_matrix, qr_svg

ZBARIMG = shutil.which("zbarimg")
needs_decoder = pytest.mark.skipif(ZBARIMG is None, reason="zbarimg (Debian zbar-tools) not installed")


def write_pgm(code: QrCode, path: Path, scale: int = 3) -> None:
    """The symbol as a greyscale image, a quiet zone of four modules around it."""
    side = code.size + 8
    rows = []
    for r in range(side):
        row = bytearray()
        for c in range(side):
            dark = 4 <= r < code.size + 4 and 4 <= c < code.size + 4 and code.dark(r - 4, c - 4)
            row += bytes([0 if dark else 255]) * scale
        rows += [bytes(row)] * scale
    path.write_bytes(b"P5 %d %d 255\n" % (side * scale, side * scale) + b"".join(rows))


def decoded(code: QrCode, tmp_path: Path) -> bytes:
    assert ZBARIMG is not None
    image = tmp_path / "code.pgm"
    write_pgm(code, image)
    result = subprocess.run([ZBARIMG, "--raw", "-q", str(image)], capture_output=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.removesuffix(b"\n")


def a_link(length: int) -> bytes:
    body = ("AbCd-_0123456789xyzQ" * 200)[: max(0, length - 29)]
    return ("https://videau.example/#link=" + body)[:length].encode()


@needs_decoder
@pytest.mark.parametrize(
    ("length", "level", "version"),
    [  # the byte-mode capacities of the standard's table, each side of a few bounds
        (1, "M", 1),
        (14, "M", 1),
        (15, "M", 2),
        (152, "M", 8),  # a bounded link (one hand-over) is about this long
        (153, "M", 9),
        (154, "L", 7),
        (155, "L", 8),
        (213, "M", 10),  # a 16-bit count from version 10; version information from 7
        (412, "M", 15),  # blocks of two lengths
        (1367, "L", 26),
        (1368, "L", 27),
        (1600, "M", 33),  # past version 32, whose alignment spacing is the standard's one exception
        (2000, "M", 38),  # the longest link the protocol offers
        (2331, "M", 40),
        (2953, "L", 40),  # the largest symbol
    ],
)
def test_a_reference_decoder_reads_back_what_we_encode(length: int, level: str, version: int, tmp_path: Path) -> None:
    data = a_link(length)
    code = qr_matrix(data, level)
    assert (code.version, code.level) == (version, level)
    assert decoded(code, tmp_path) == data


@needs_decoder
def test_every_mask_reads_back(tmp_path: Path) -> None:
    data = a_link(90)
    codes = set()
    for mask in range(8):
        code = qr_matrix(data, mask=mask)
        assert code.mask == mask
        assert decoded(code, tmp_path) == data
        codes.add(code.modules)
    assert len(codes) == 8


def test_the_symbols_fixed_parts() -> None:
    code = qr_matrix(a_link(400))
    size = code.size
    assert size == 4 * code.version + 17
    for row, col in ((0, 0), (0, size - 7), (size - 7, 0)):  # finders: a dark ring, a light ring, a dark core
        assert all(code.dark(row, col + i) and code.dark(row + 6, col + i) for i in range(7))
        assert not any(code.dark(row + 1, col + i) for i in range(1, 6))
        assert all(code.dark(row + 2 + i // 3, col + 2 + i % 3) for i in range(9))
    assert [code.dark(6, c) for c in range(8, size - 8)] == [c % 2 == 0 for c in range(8, size - 8)]  # timing
    assert code.dark(size - 8, 8)  # the dark module


def test_the_svg_draws_the_modules_with_a_quiet_zone() -> None:
    svg = qr_svg("https://videau.example/#link=AQ", label='QR "code" <link>')
    code = qr_matrix(b"https://videau.example/#link=AQ")
    side = code.size + 8
    assert f'viewBox="0 0 {side} {side}"' in svg and 'aria-label="QR &quot;code&quot; &lt;link>"' in svg
    assert svg.count("M") == sum(  # one rectangle a run of dark modules, starting after the quiet zone
        1 for row in code.modules for c, dark in enumerate(row) if dark and (c == 0 or not row[c - 1])
    )
    assert "M4 4h7v1h-7z" in svg  # the top-left finder's first row


def test_too_much_data_is_refused() -> None:
    with pytest.raises(ValueError, match="2954 bytes do not fit"):
        qr_matrix(bytes(2954))
