"""Real match files of other programs against GNU Backgammon's import: the held-out part, measured once.

Run from the repository root (needs gnubg):

    python bench/mat_corpus.py              # the held-out part of tests/data/matches, per program
    python bench/mat_corpus.py --part tune  # the tuning part instead (what the tests already check)

The figure goes to the goals' table of bench/RESULTS.md by hand, its run to the journal
(``bench/journal/2026-12.md``, "Match files of other programs"), as the link-decoding figure.

Each file is read by :func:`core.record.read_match_file` and by gnubg's ``import mat`` (``load
match`` for ``.sgf``), and compared game by game (``tests/gnubg/mat_corpus.py``): the score before
each game, every move with its dice and the board before it, every cube action, each winner and the
points won. A file counts as *equal* when both read it alike; *refused* when we refuse it (the error,
naming its line, is printed); *differs* when both read it and disagree; *gnubg-warned* when they
disagree and gnubg warned that its own reading went wrong (an invalid move); *gnubg-refused* when
gnubg read no match or crashed; *crash* when our reader raised anything but a refusal.

The held-out files (``tests/data/matches/heldout``, 40% of each program's files, chosen by a hash of
their paths before any was read; see its SOURCES.md) are kept out of every choice made on the reader:
this script is their only reader, and its figure is reported once.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from _paths import ROOT  # (also puts the repository on sys.path)

from tests.gnubg.mat_corpus import gnubg_import, verdict  # noqa: E402

CORPUS = Path(ROOT) / "tests" / "data" / "matches"
PROGRAMS = {
    "galaxy": "Backgammon Galaxy",
    "studio": "Backgammon Studio",
    "gnubg": "GNU Backgammon",
    "xg": "eXtreme Gammon",
    "xgmobile": "XG Mobile",
}
KINDS = ("equal", "refused", "differs", "gnubg-warned", "gnubg-refused", "crash")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=("heldout", "tune"), default="heldout")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    files = sorted(p for p in (CORPUS / args.part).glob("*/*") if p.is_file())
    start = time.perf_counter()
    reads = gnubg_import([str(p) for p in files], processes=args.processes)
    counts: dict[str, Counter[str]] = {}
    for path, read in zip(files, reads):
        found = verdict(path.read_text(encoding="utf-8"), read)
        counts.setdefault(path.parent.name, Counter())[found.kind] += 1
        if found.kind != "equal":
            print(f"{path.relative_to(CORPUS)}: {found.kind}: {found.detail}")
    total: Counter[str] = Counter()
    rows = []
    for program, count in sorted(counts.items()):
        total.update(count)
        rows.append((PROGRAMS.get(program, program), count))
    rows.append(("all", total))
    header = ["program", "files", *KINDS, "equal %"]
    lines = []
    for name, count in rows:
        n = sum(count.values())
        lines.append([name, n, *(count[k] for k in KINDS), f"{100 * count['equal'] / n:.1f}"])
    n = sum(total.values())
    print(f"\n{args.part} part of tests/data/matches, {n} files, {time.perf_counter() - start:.0f} s")
    print("| " + " | ".join(header) + " |\n|" + "---|" * len(header))
    for line in lines:
        print("| " + " | ".join(str(cell) for cell in line) + " |")
    print(
        f"\n{total['equal']} of {n} files equal ({100 * total['equal'] / n:.1f}%), {total['crash']} crash, "
        f"{total['differs']} differ where both read the file."
    )
    sys.exit(0)


if __name__ == "__main__":
    main()
