"""Make the e2e tests' copy of the built site: ``dist-test/``, never published.

    python tools/make_test_build.py dist dist-test

What ``./build.sh build`` puts in dist/ is what Netlify publishes, and the production page
reads nothing from its address to choose its dice. The e2e tests need reproducible dice
(``?seed=N``): this copies dist/ to another folder, lays the files of tests/test_build/
over it (``app/page/dice/dice_source.py``, which honours ``?seed=``, and the module it uses),
then writes that copy's config.json (and with it videau.zip), the bytecode beside each module
of videau.zip (tools/precompile.mjs --ours-only: the tests import what the site imports; the
standard library's zip, copied compiled, is left as it is), embed.json and sw.js again so that
they list and hash its own files. tests/e2e/conftest.py
runs it at the start of every e2e session.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OVERLAY = ROOT / "tests" / "test_build"
GENERATORS = (("gen_config.py",), ("precompile.mjs", "--ours-only"), ("gen_embed_manifest.py",), ("gen_sw.py",))
"""build.sh's steps after the copy and their options, in its order (sw.js last, over every other file)."""


def overlay_files(overlay: Path = OVERLAY) -> list[Path]:
    """The test-only files, relative to the site root (``app/page/dice/dice_source.py`` ...)."""
    return sorted(p.relative_to(overlay) for p in overlay.rglob("*.py") if "__pycache__" not in p.parts)


def make_test_build(dist: Path, out: Path, overlay: Path = OVERLAY) -> list[Path]:
    """Copy ``dist`` to ``out`` with the overlay's files over it; returns the files laid over."""
    if not (dist / "index.html").is_file():
        raise SystemExit(f"{dist} is not a built site: run ./build.sh build")
    if out.resolve() == dist.resolve():
        raise SystemExit("the test build must go to another folder than the production one")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(dist, out)
    files = overlay_files(overlay)
    for rel in files:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(overlay / rel, target)
    for tool, *options in GENERATORS:
        runner = "node" if tool.endswith(".mjs") else sys.executable
        subprocess.run([runner, str(Path(__file__).with_name(tool)), str(out), *options], check=True)
    return files


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit("usage: make_test_build.py DIST_DIR OUT_DIR")
    make_test_build(Path(argv[0]), Path(argv[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
