"""Bounded fuzzing of the parsers (not a test module): only the project's errors, no super-linear time.

* :func:`check_parser` feeds inputs to a parser: it may return or raise one of
  ``allowed`` (the project's own error types); any other exception fails, and
  an input that takes far longer than its size allows fails too (its budget is
  proportional to its length, scaled by a baseline measured in the same run).
* :func:`check_linear` times a parser on an adversarial input built at sizes
  ``n`` and ``8n``: the ratio must stay near 8 (generous slack), where a
  quadratic parser gives about 64.
* :func:`mutations` makes seeded variants of valid texts: characters changed,
  inserted, deleted, lines doubled, hostile pieces (non-ASCII digits, huge
  numbers, line separators, NUL) spliced in.

Timings are compared with each other, never with a wall-clock constant, and
an input over budget is timed again (the best of three counts), so a loaded
machine does not make the checks fail.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterable, Sequence

HOSTILE = (
    "²", "١٢", "٣", "９", "\x00", "\u2028", "\x0b", "\x85", "\ufeff", "\ud800", "é", ":", ";", "#", ")", "(",
    "*", "/", "=>", "  ", "\t", "\n", "\r\n", "9" * 5000, "1" * 12, "-1", "0", "64", "65", "Doubles => 2",
    "Wins 9999999999 points", " Game 2", " 3 point match", "; [Crawford \"Off\"]", "a : 1  ", "\"", "\\",
)  # fmt: skip
"""Pieces spliced into valid texts: what broke the parsers before (issue #17) and their neighbours."""


def _best_time(call: Callable[[], object], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        with contextlib.suppress(Exception):  # only the time matters here; check_parser checks the errors
            call()
        best = min(best, time.perf_counter() - start)
    return best


def check_parser(
    parse: Callable[[str], object],
    inputs: Iterable[str],
    allowed: tuple[type[BaseException], ...],
    *,
    baseline: str,
    slack: float = 50.0,
) -> int:
    """Run ``parse`` on every input; return how many raised an allowed error.

    ``baseline`` is a typical valid input: its parse time per character (at
    least that of a 1,000-character input) sets each input's budget,
    ``slack`` x that rate x the input's length; an input over budget is timed
    again and fails only if its best of three is still over.
    """
    base = _best_time(lambda: parse(baseline), 5)
    per_char = base / max(len(baseline), 1000)
    floor = max(base * slack, MIN_BUDGET)
    refused = 0
    for text in inputs:
        start = time.perf_counter()
        try:
            parse(text)
        except allowed:
            refused += 1
        except Exception as exc:  # noqa: BLE001 - the point of the check
            raise AssertionError(
                f"{getattr(parse, '__name__', parse)} raised {type(exc).__name__}: {exc!s:.200} on {text[:80]!r}"
            ) from exc
        spent = time.perf_counter() - start
        budget = max(floor, slack * per_char * len(text))
        if spent > budget:
            spent = _best_time(lambda text=text: parse(text), 5)  # type: ignore[misc]
            assert spent <= budget, (
                f"{getattr(parse, '__name__', parse)} took {spent:.3f} s on {len(text):,} characters "
                f"({text[:60]!r}...), budget {budget:.3f} s from a baseline of {base:.4f} s"
            )
    return refused


MIN_BUDGET = 0.05
"""Seconds: the least time :func:`check_parser` allows one input (a loaded machine pauses a process
for milliseconds; super-linear parsing shows on long inputs, far above this)."""
MIN_MEASURED = 0.02
"""Seconds: the shortest measurement :func:`check_linear` compares."""
ROUNDS = 9
ATTEMPTS = 3
"""Interleaved measurements of each size in :func:`check_linear`; the fastest of each counts."""


def check_linear(
    parse: Callable[[str], object],
    build: Callable[[int], str],
    n: int,
    *,
    factor: int = 8,
    slack: float = 4.0,
    calls: int = 1,
    attempts: int = ATTEMPTS,
) -> float:
    """Time ``parse(build(n))`` and ``parse(build(factor * n))``; fail when the ratio is super-linear.

    Returns the ratio. ``calls`` is the least number of repeats of the small parse; more are
    added until a measurement takes :data:`MIN_MEASURED` seconds. ``attempts``: how many series
    of :data:`ROUNDS` a super-linear ratio gets before it fails (a burst of load spoils one).
    """
    small, large = build(n), build(factor * n)

    def run(text: str, repeat: int) -> Callable[[], object]:
        def many() -> None:
            for _ in range(repeat):
                with contextlib.suppress(Exception):  # errors are checked by check_parser
                    parse(text)

        return many

    # Sub-millisecond timings are noise on a loaded machine: repeat the small parse until one
    # measurement takes at least MIN_MEASURED seconds, and compare times per parse.
    repeat = calls
    while True:
        start = time.perf_counter()
        run(small, repeat)()
        if time.perf_counter() - start >= MIN_MEASURED or repeat >= 1 << 16:
            break
        repeat *= 2
    large_repeat = max(1, round(repeat * len(small) / len(large)))
    # Interleaved, best of ROUNDS: a burst of load on a shared machine slows one round of each
    # size, not one size only.
    t_small = t_large = float("inf")
    size_ratio = len(large) / len(small)
    for _attempt in range(attempts):  # a super-linear parser fails every attempt; a burst of load, one
        for _ in range(ROUNDS):
            t_small = min(t_small, _best_time(run(small, repeat), 1) / repeat)
            t_large = min(t_large, _best_time(run(large, large_repeat), 1) / large_repeat)
        if t_large / max(t_small, 1e-9) <= slack * size_ratio:
            break
    ratio = t_large / max(t_small, 1e-9)
    assert ratio <= slack * size_ratio, (
        f"{getattr(parse, '__name__', parse)}: {len(small):,} chars in {t_small:.4f} s, "
        f"{len(large):,} chars in {t_large:.4f} s: x{ratio:.1f} for x{size_ratio:.1f} the size"
    )
    return ratio


def mutations(seeds: Sequence[str], count: int, rnd: random.Random) -> list[str]:
    """``count`` seeded variants of the texts in ``seeds``."""
    out = []
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/:*()=>- \n\t;#[]\"'{},.\\"
    for _ in range(count):
        text = rnd.choice(seeds)
        for _ in range(rnd.randint(1, 4)):
            if not text:
                text = rnd.choice(HOSTILE)
                continue
            at = rnd.randrange(len(text) + 1)
            roll = rnd.random()
            if roll < 0.25:
                text = text[:at] + rnd.choice(HOSTILE) + text[at:]
            elif roll < 0.5:
                text = text[:at] + rnd.choice(alphabet) + text[at + 1 :]
            elif roll < 0.65:
                text = text[:at] + text[at + rnd.randint(1, 20) :]
            elif roll < 0.8:
                lines = text.split("\n")
                i = rnd.randrange(len(lines))
                lines.insert(i, lines[i])
                text = "\n".join(lines)
            elif roll < 0.9:
                text = text[:at] + rnd.choice(HOSTILE) * rnd.randint(2, 300) + text[at:]
            else:
                text = text[:at]
        out.append(text)
    return out
