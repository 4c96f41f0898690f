"""The current figures of ``bench/RESULTS.md``, each section written by the script that measures it.

``RESULTS.md`` holds one section per figure between two markers, ``<!-- NAME:start -->`` and
``<!-- NAME:end -->``. A bench script run with ``--record`` rewrites its own section from what it
has just measured: the figure, the goal it answers, the command that reproduces it (the script's
own command line), the machine and the date. Text outside the markers is written by hand and kept.
The experiments that led to the figures are dated journal entries in ``bench/journal/``.

    >>> text = "# Results\\n\\n<!-- speed:start -->\\nold\\n<!-- speed:end -->\\n\\nnotes\\n"
    >>> print(rewrite_section(text, "speed", "new"))
    # Results
    <BLANKLINE>
    <!-- speed:start -->
    new
    <!-- speed:end -->
    <BLANKLINE>
    notes
    <BLANKLINE>
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import platform
import re
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"

# Every section of RESULTS.md and the script whose ``--record`` writes it (tests/tools/test_results.py
# holds the two together).
SECTIONS = {
    "strength-strongest-pubeval": "bench/bot_strength.py",
    "strength-strongest-gnubg": "bench/bot_strength.py",
    "strength-advanced-pubeval": "bench/bot_strength.py",
    "strength-gnubg-pubeval": "bench/bot_strength.py",
    "loss-money": "bench/bot_loss.py",
    "loss-varied": "bench/bot_varied.py",
    "cube-money": "bench/bot_cube.py",
    "cube-match": "bench/bot_cube.py",
    "cube-jacoby": "bench/bot_cube.py",
    "bot-speed": "bench/bot_speed.py",
    "analysis-agreement": "bench/analysis.py",
    "hint-speed": "bench/hint_speed.py",
    "analysis-speed": "bench/analysis_speed.py",
    "analysis-workers": "bench/analysis_workers.py",
    "startup": "bench/startup.py",
    "save-growth": "bench/save_growth.py",
    "movegen": "bench/movegen.py",
    "rollout-speed": "bench/rollout_speed.py",
}
_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def markers(name: str) -> tuple[str, str]:
    """The start and end markers of section ``name`` (lower-case words joined by hyphens).

    >>> markers("bot-speed")
    ('<!-- bot-speed:start -->', '<!-- bot-speed:end -->')
    """
    if not _NAME.fullmatch(name):
        raise ValueError(f"section name {name!r}: expected lower-case words joined by hyphens, e.g. bot-speed")
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def rewrite_section(text: str, name: str, body: str) -> str:
    """``text`` with the section ``name`` holding ``body``; everything outside it unchanged.

    A section not yet in ``text`` is appended at the end. A marker found without its partner,
    twice, or the end before the start is refused, naming the section: rewriting such a file
    would lose text.
    """
    start, end = markers(name)
    starts, ends = text.count(start), text.count(end)
    if starts == ends == 0:
        return text.rstrip("\n") + f"\n\n{start}\n{body.strip(chr(10))}\n{end}\n"
    if starts != 1 or ends != 1:
        raise ValueError(f"section {name!r}: {starts} start and {ends} end markers (expected one of each)")
    i, j = text.index(start), text.index(end)
    if j < i:
        raise ValueError(f"section {name!r}: its end marker comes before its start marker")
    return text[: i + len(start)] + "\n" + body.strip("\n") + "\n" + text[j:]


def section_body(text: str, name: str) -> str:
    """What section ``name`` of ``text`` holds (without its markers).

    >>> section_body("a\\n<!-- x:start -->\\nfig\\n<!-- x:end -->\\n", "x")
    'fig'
    """
    start, end = markers(name)
    if start not in text or end not in text:
        raise KeyError(f"no section {name!r}")
    return text[text.index(start) + len(start) : text.index(end)].strip("\n")


def command_line(argv: Sequence[str] | None = None) -> str:
    """The command that reproduces a run: ``python`` and the script's arguments, ``--record`` left out.

    >>> command_line(["bench/bot_speed.py", "--positions", "60", "--record"])
    'python bench/bot_speed.py --positions 60'
    """
    args = list(sys.argv if argv is None else argv)
    script = Path(args[0])
    if script.is_absolute():
        with contextlib.suppress(ValueError):
            script = script.relative_to(RESULTS.parent.parent)
    return shlex.join(["python", script.as_posix(), *[a for a in args[1:] if a != "--record"]])


def machine() -> str:
    """The machine a figure was measured on, in words: cores, processor, Python, load when recorded."""
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    cpu = platform.processor() or platform.machine()
    return (f"{os.cpu_count()} cores ({cpu}), {platform.system()}, "
            f"{platform.python_implementation()} {platform.python_version()}{load}")


@dataclasses.dataclass(frozen=True)
class Figure:
    """One section of RESULTS.md: ``body`` is the figure (a table or the script's report)."""

    title: str
    goal: str
    command: str
    machine: str
    date: str
    body: str

    def markdown(self) -> str:
        """The section as Markdown.

        >>> print(Figure("Speed", "at most 1 s", "python bench/x.py", "2 cores", "2026-12-06", "| a |").markdown())
        ### Speed
        <BLANKLINE>
        - Goal: at most 1 s
        - Command: `python bench/x.py`
        - Machine: 2 cores
        - Date: 2026-12-06
        <BLANKLINE>
        | a |
        """
        return (f"### {self.title}\n\n- Goal: {self.goal}\n- Command: `{self.command}`\n"
                f"- Machine: {self.machine}\n- Date: {self.date}\n\n{self.body.strip(chr(10))}")


def record(name: str, title: str, goal: str, body: str, *, path: Path = RESULTS,
           argv: Sequence[str] | None = None) -> Figure:
    """Rewrite section ``name`` of ``path`` with a figure just measured (this command, this machine,
    now in UTC) and return it."""
    figure = Figure(title, goal, command_line(argv), machine(), time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                    body)
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    path.write_text(rewrite_section(text, name, figure.markdown()), encoding="utf-8")
    print(f"recorded section {name!r} in {path}", file=sys.stderr)
    return figure


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table.

    >>> print(table(["level", "ms"], [["default", 62.5]]))
    | level | ms |
    |---|---|
    | default | 62.5 |
    """
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


class _Tee(io.StringIO):
    def __init__(self, out: TextIO) -> None:
        super().__init__()
        self._out = out

    def write(self, s: str) -> int:
        self._out.write(s)
        return super().write(s)

    def flush(self) -> None:
        self._out.flush()


@contextlib.contextmanager
def printed() -> Iterator[io.StringIO]:
    """Capture what a script prints (it still reaches the terminal), to record its report as is.

    >>> with printed() as out:
    ...     print("42 cases")
    42 cases
    >>> out.getvalue()
    '42 cases\\n'
    """
    tee = _Tee(sys.stdout)
    with contextlib.redirect_stdout(tee):
        yield tee


def code_block(text: str) -> str:
    """``text`` as a fenced block (a script's report kept as printed)."""
    return "```\n" + text.strip("\n") + "\n```"
