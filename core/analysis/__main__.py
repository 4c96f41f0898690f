"""``python -m core.analysis FILE.mat [--json] [--all]``: analyse a match file and print the report.

Bad files get the ``.mat`` reader's error on stderr and exit code 1 (2 for a file that
cannot be opened or a bad command line), without a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import BackgammonError
from ..record import parse_mat
from .analyse import analyse_match
from .report import format_report, to_json


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m core.analysis", description="Analyse a .mat match file.")
    parser.add_argument("file", help="a .mat file (JellyFish match text, as gnubg and XG write it)")
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("--all", action="store_true", help="list every decision, not only the marked ones")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError as exc:
        print(f"{args.file}: cannot read the file ({exc.strerror or exc})", file=sys.stderr)
        return 2
    try:
        match = parse_mat(text)
    except BackgammonError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    analysis = analyse_match(match)
    if args.json:
        print(json.dumps(to_json(analysis)))
    else:
        print(format_report(analysis, every=args.all))
    return 0


if __name__ == "__main__":
    sys.exit(main())
