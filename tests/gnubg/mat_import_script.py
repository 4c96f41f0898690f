"""Run inside GNU Backgammon (``gnubg -t -q -p mat_import_script.py``): import match files, one by one.

``$VIDEAU_MAT_IMPORT`` names a JSON file ``{"files": [...], "answer": PATH}``; each file is read
with ``import mat`` (``import sgf`` for a name ending in ``.sgf``) and ``gnubg.match()`` is written
to the answer as one JSON line, tuples as lists. A line ``@@FILE i`` is printed before each import
so that gnubg's warnings (printed on the same stdout) can be told apart file by file.
Not a test module: gnubg's embedded Python runs it.
"""

import json
import os
import sys

import gnubg  # type: ignore[import-not-found]


def plain(value):  # type: ignore[no-untyped-def]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items() if k != "analysis"}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def main() -> None:
    with open(os.environ["VIDEAU_MAT_IMPORT"]) as handle:
        job = json.load(handle)
    with open(job["answer"], "w") as out:
        for index, path in enumerate(job["files"]):
            sys.stdout.flush()
            print(f"@@FILE {index}", flush=True)
            kind = "sgf" if path.lower().endswith(".sgf") else "mat"
            gnubg.command("new session")  # forget the previous file's match
            gnubg.command(f"import {kind} {path}" if kind == "mat" else f"load match {path}")
            try:
                record = plain(gnubg.match())
            except Exception as exc:  # no match read
                record = {"error": str(exc)}
            out.write(json.dumps(record) + "\n")
            out.flush()
    print("@@END", flush=True)


main()
