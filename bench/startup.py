"""How soon Videau shows its board and becomes ready, against a minimal PyScript page.

    ./build.sh build && python bench/startup.py [--rounds 7] [--record]

One Chromium (/usr/bin/chromium, ``--no-sandbox --disable-background-networking``), localhost
only (every other host fails to resolve). Both pages are served by tools/serve.py (netlify.toml's
headers, gzip) from a temporary copy of dist/ to which the baseline is added:

- **baseline**: ``bench-baseline.html``, a PyScript page that loads the npm package's Pyodide
  as published (its ``python_stdlib.zip`` without our bytecode: a site of its own, a copy of
  dist/ with ``pyodide/`` taken from node_modules) and the same videau wheel, imports ``core``
  and draws one SVG element, then sets ``data-ready``; it registers a service worker made the
  same way as dist/sw.js (precaching its site) once ready, as Videau does (web/boot.js): the
  precache competes with neither page's start.
- **Videau**: ``index.html`` of dist/.

Each round, for each page in turn (interleaved): a cold load in a fresh context, then, once the
service worker controls that context, a warm reload. Measured from navigation commit (see below), in the
page: the first frame with a board (an ``svg`` at least 200 px wide, seen by a
``requestAnimationFrame`` poll from an init script: the frame then paints), first contentful
paint, PyScript's steps (its ``py:progress`` events: when it asks for Pyodide, when the
interpreter is up, when the config's files are written), and ``data-ready="true"``; bytes
transferred over the network (resource timing's ``transferSize``: what the service worker
answers counts 0). Prints medians and ratios.

Navigation commit is taken as ``PerformanceNavigationTiming.responseStart`` (the document's
first byte: Chromium commits the navigation as the response's headers arrive, before any of the
page runs). Every time is ``performance.now()``-based and has it subtracted, so the time the
browser spends before the page exists (a fresh context's start, the service worker's start on a
warm reload) counts for neither page. Column ``commit`` is that offset from navigation start.
Nothing here is a test: timings depend on the machine (see bench/RESULTS.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools import gen_sw  # noqa: E402

DIST = ROOT / "dist"
CHROMIUM = os.environ.get("VIDEAU_CHROMIUM", "/usr/bin/chromium")
BASELINE = "bench-baseline.html"
TIMEOUT_MS = 180_000
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# Runs before any script of the page: records the first frame holding a board, and ready.
PROBE = """
(() => {
  const marks = (window.__startup = { board: null, ready: null });
  function tick() {
    if (marks.board === null) {
      for (const svg of document.querySelectorAll('svg')) {
        const box = svg.getBoundingClientRect();
        if (box.width >= 200 && getComputedStyle(svg).visibility === 'visible'
            && svg.closest('[data-board-pending], template') === null) { marks.board = performance.now(); break; }
      }
    }
    ready();
    if (marks.board === null || marks.ready === null) requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
  function ready() {
    if (marks.ready === null && document.body?.dataset.ready === 'true') marks.ready = performance.now();
  }
  new MutationObserver(ready).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  // PyScript's progress events: when it asks for Pyodide, when the interpreter is up, when its files are written
  const phases = (window.__phases = {});
  addEventListener('py:progress', (event) => { phases[String(event.detail)] ??= performance.now(); });
})();
"""

RESULTS_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  let bytes = nav ? nav.transferSize : 0;
  for (const entry of performance.getEntriesByType('resource')) bytes += entry.transferSize;
  const main = performance.getEntriesByName('videau:main')[0];
  // navigation commit: the response's first byte (the document commits as its headers arrive)
  const commit = nav ? nav.responseStart : 0;
  const since = (t) => (t === null || t === undefined ? null : t - commit);
  const phase = (name) => since(window.__phases[name] ?? null);
  return { board: since(window.__startup.board), ready: since(window.__startup.ready),
           pyodide: phase('Loading Pyodide'), interp: phase('Loaded interpreter'), files: phase('Loaded Pyodide'),
           fcp: since(fcp ? fcp.startTime : null), bytes, main: since(main ? main.startTime : null),
           commit, snapshot: window.__snapshot ?? null };
}"""


def baseline_page() -> str:
    """The baseline: same Pyodide, same wheel, ``import core``, one SVG, ``data-ready``."""
    return """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>baseline</title>
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script>
<script type="module" src="./bench-baseline.js"></script>
</head><body data-ready="false"><div id="host"></div>
<script type="py" config="./bench-baseline.json">
from pyscript import document
import core
document.getElementById("host").innerHTML = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 704 642" width="704">'
    '<rect width="704" height="642" fill="#1f5c3d"/></svg>'
)
document.body.dataset.ready = "true"
</script></body></html>
"""


BASELINE_JS = """if ("serviceWorker" in navigator) {
  const check = () => {
    if (document.body.dataset.ready !== "true") return;
    ready.disconnect();
    navigator.serviceWorker.register("./sw.js");
  };
  const ready = new MutationObserver(check);
  window.addEventListener("load", () => { ready.observe(document.body, { attributes: true }); check(); });
}
"""


def prepare(site: Path) -> None:
    """The baseline's site: dist/ with the npm package's Pyodide files, and the baseline page."""
    shutil.copytree(DIST, site)
    for name in PYODIDE_FILES:
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, site / "pyodide" / name)
    wheels = sorted((site / "wheels").glob("videau-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one wheel in dist/wheels, found {wheels}: run ./build.sh build")
    config = {"interpreter": "./pyodide/pyodide.mjs", "files": {f"./wheels/{wheels[0].name}": "./*"}}
    (site / "bench-baseline.json").write_text(json.dumps(config))
    (site / BASELINE).write_text(baseline_page())
    (site / "bench-baseline.js").write_text(BASELINE_JS)
    (site / gen_sw.SW_NAME).write_text(gen_sw.service_worker(site))


def prepare_snapshot(site: Path) -> None:
    """The snapshot prototype: a copy of dist/ whose PyScript interpreter is bench/snapshot_loader.mjs."""
    shutil.copytree(DIST, site)
    shutil.copyfile(ROOT / "bench" / "snapshot_loader.mjs", site / "pyodide" / "snapshot_loader.mjs")
    config = json.loads((site / "config.json").read_text())
    config["interpreter"] = "./pyodide/snapshot_loader.mjs"
    (site / "config.json").write_text(json.dumps(config))
    (site / gen_sw.SW_NAME).write_text(gen_sw.service_worker(site))


def serve(site: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", "--quiet", "--dir", str(site)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    found = re.search(r"http://\S+", server.stdout.readline())
    if not found:
        server.terminate()
        raise SystemExit("tools/serve.py did not print its URL")
    return server, found.group(0)


def measure(page: Page, url: str, *, reload: bool) -> dict[str, Any]:
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_function(
        "() => window.__startup && window.__startup.ready !== null && window.__startup.board !== null",
        timeout=TIMEOUT_MS,
        polling=100,
    )
    result: dict[str, Any] = page.evaluate(RESULTS_JS)
    return result


def one_round(browser: Browser, url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A cold load in a fresh context, then a warm reload once the service worker controls it."""
    context: BrowserContext = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        cold = measure(page, url, reload=False)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        page.evaluate("() => navigator.serviceWorker.ready.then(() => undefined)")
        # the snapshot prototype stores its snapshot after ready: wait for it
        page.wait_for_function("() => window.__snapshot === undefined || window.__snapshot === 'stored'")
        warm = measure(page, url, reload=True)
        if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
            raise RuntimeError("the warm reload was not served by the service worker")
        return cold, warm
    finally:
        context.close()


def median(samples: list[dict[str, Any]], key: str) -> float:
    values = [s[key] for s in samples if s[key] is not None]
    return statistics.median(values) if values else float("nan")


def report(results: dict[str, dict[str, list[dict[str, Any]]]], rounds: int) -> str:
    lines = [
        f"rounds: {rounds} per page and kind, interleaved; medians (ms from navigation commit, responseStart)",
        f"{'':22}{'commit':>9}{'board':>9}{'FCP':>9}{'pyodide':>9}{'interp':>9}{'files':>9}{'main':>9}{'ready':>9}"
        f"{'bytes':>12}",
    ]
    for page in results:
        for kind in ("cold", "warm"):
            s = results[page][kind]
            lines.append(
                f"{page + ' ' + kind:22}{median(s, 'commit'):9.0f}{median(s, 'board'):9.0f}{median(s, 'fcp'):9.0f}"
                f"{median(s, 'pyodide'):9.0f}{median(s, 'interp'):9.0f}{median(s, 'files'):9.0f}"
                f"{median(s, 'main'):9.0f}{median(s, 'ready'):9.0f}{median(s, 'bytes'):12,.0f}"
            )
    lines.append(
        "pyodide: PyScript asks for Pyodide; interp: the interpreter is up; files: config's files written"
        " (PyScript's py:progress events); main: PyScript starts app/main.py (its mark 'videau:main')"
    )
    base_cold = median(results["baseline"]["cold"], "ready")
    base_warm = median(results["baseline"]["warm"], "ready")
    v = results["videau"]
    lines += [
        f"Videau first board (cold) / baseline cold ready: {median(v['cold'], 'board') / base_cold:.3f} (<= 0.15)",
        f"Videau first board (warm) / baseline warm ready: {median(v['warm'], 'board') / base_warm:.3f}",
        f"Videau cold ready / baseline cold ready:          {median(v['cold'], 'ready') / base_cold:.3f} (<= 0.6)",
        f"Videau warm ready / baseline warm ready:          {median(v['warm'], 'ready') / base_warm:.3f} (<= 0.4)",
    ]
    for name in results:
        if name in ("baseline", "videau"):
            continue
        e = results[name]
        lines.append(
            f"{name}: cold ready / baseline {median(e['cold'], 'ready') / base_cold:.3f},"
            f" warm ready / baseline {median(e['warm'], 'ready') / base_warm:.3f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--raw", action="store_true", help="print every sample as JSON too")
    parser.add_argument("--record", action="store_true", help="rewrite section startup of bench/RESULTS.md")
    parser.add_argument(
        "--extra",
        action="append",
        default=[],
        metavar="NAME=DIST",
        help="also measure the index.html of another build (say, before a change), served the same way",
    )
    parser.add_argument(
        "--snapshot",
        action="store_true",
        help="also measure a prototype: dist/ with a Pyodide memory snapshot (bench/snapshot_loader.mjs)",
    )
    args = parser.parse_args(argv)
    if not (DIST / "index.html").is_file():
        raise SystemExit("dist/ is not built: run ./build.sh build")
    extras = dict(item.split("=", 1) for item in args.extra)
    results: dict[str, dict[str, list[dict[str, Any]]]] = {
        p: {"cold": [], "warm": []} for p in ("baseline", "videau", *extras)
    }
    if args.snapshot:
        results["snapshot"] = {"cold": [], "warm": []}
    servers: list[subprocess.Popen[str]] = []
    with tempfile.TemporaryDirectory(prefix="videau-startup-") as tmp:
        site = Path(tmp) / "baseline"
        prepare(site)
        server, url = serve(site)
        servers.append(server)
        videau, videau_url = serve(DIST)
        servers.append(videau)
        pages = [("baseline", url + BASELINE), ("videau", videau_url)]
        if args.snapshot:
            prepare_snapshot(Path(tmp) / "snapshot")
            extras["snapshot"] = str(Path(tmp) / "snapshot")
        for name, dist in extras.items():
            other, other_url = serve(Path(dist).resolve())
            servers.append(other)
            pages.append((name, other_url))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM,
                    args=[
                        "--no-sandbox",
                        "--disable-background-networking",
                        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
                    ],
                )
                start, load_before = time.monotonic(), os.getloadavg()[0]
                for n in range(args.rounds):
                    for page, page_url in pages:
                        cold, warm = one_round(browser, page_url)
                        results[page]["cold"].append(cold)
                        results[page]["warm"].append(warm)
                        print(f"round {n + 1} {page}: cold {cold} warm {warm}", file=sys.stderr)
                browser.close()
        finally:
            for running in servers:
                running.terminate()
                running.wait(timeout=10)
    loads = f"load average: {load_before:.1f} before, {os.getloadavg()[0]:.1f} after; {time.monotonic() - start:.0f} s"
    print(loads)
    print(report(results, args.rounds))
    if args.record:
        import results as recorded

        goal = ("issues #13, #46: the first board painted at most 0.15x the baseline's cold ready; ready at most "
                "0.6x the baseline's cold and 0.4x its warm, from navigation commit; first visit bytes")
        recorded.record("startup", "Start-up: first board and ready", goal,
                        recorded.code_block(loads + "\n" + report(results, args.rounds)))
    if args.raw:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
