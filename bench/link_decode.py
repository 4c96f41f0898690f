"""How fast is a link read, and a hostile one refused? (issue #45; not run in CI)

    python bench/link_decode.py [--rounds 15]

Times, in CPython, the median of ``--rounds``:

* a bounded link (one hand-over after the chain digest) accepted onto a long match's
  state (:func:`core.link.accept_next`), and its decoding alone;
* the full link of a 100-game money session read from its start (:func:`core.link.read_link`),
  what a device does once, on a full link;
* hostile links: a million empty entries packed into about 10 KB, a compression bomb
  (128 MiB of zeros), a count of 60,001 entries: each refused (``link-too-large``).

The page runs the same code under Pyodide (a few times slower than CPython). No figure
is recorded in bench/RESULTS.md (kept under its line limit); run it to see them.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import statistics
import time
import zlib
from collections.abc import Callable

import _paths  # noqa: F401

from core.link import LinkError, accept_next, decode_part, encode_link, read_link
from tests.core.link_sim import Sim, Style


def link_of(payload: bytes, packed: bool) -> str:
    raw = bytes([2, int(packed)]) + len(payload).to_bytes(3, "big") + payload
    raw += hashlib.sha256(raw).digest()[:4]
    return "#link=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def median_ms(work: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def refused(text: str) -> Callable[[], object]:
    def work() -> None:
        try:
            decode_part(text)
        except LinkError as exc:
            if exc.reason != "link-too-large":
                raise AssertionError(f"refused for {exc.reason}") from exc
            return
        raise AssertionError("not refused")

    return work


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    sim = Sim.new(0, 7, Style(double=0.1, promise=0.3))
    sim.play_out(games=100)
    state, before = sim.state, sim.states[-2]
    bounded, full = sim.links[-1], encode_link(state.history)
    head = bytes(12) + bytes(3) + bytes([1, 1])
    million = link_of(zlib.compress(head + (1_000_000).to_bytes(3, "big") + bytes(8_000_000), 9), True)
    bomb = link_of(zlib.compress(bytes(128 * 1024 * 1024), 9), True)
    count = link_of(head + (60_001).to_bytes(3, "big") + bytes(8000), False)
    rows = [
        (f"bounded link ({len(bounded)} chars) accepted onto {len(before.history)} entries",
         median_ms(lambda: accept_next(bounded, before), args.rounds)),
        ("bounded link decoded alone", median_ms(lambda: decode_part(bounded), args.rounds)),
        (f"full link ({len(full):,} chars, {len(state.history)} entries) read and replayed",
         median_ms(lambda: read_link(full), max(1, args.rounds // 5))),
        (f"million empty entries ({len(million):,} chars) refused", median_ms(refused(million), args.rounds)),
        (f"compression bomb ({len(bomb):,} chars) refused", median_ms(refused(bomb), args.rounds)),
        ("60,001 entries counted, refused", median_ms(refused(count), args.rounds)),
    ]  # fmt: skip
    width = max(len(name) for name, _ in rows)
    for name, ms in rows:
        print(f"{name:<{width}}  {ms:9.2f} ms")


if __name__ == "__main__":
    main()
