"""The match analysis in the page's Web Workers (issue #44): 2 workers against 1, and the page's thread.

    ./build.sh build && nice python bench/analysis_workers.py [--rounds 3] [--modes 1,2,page] [--record]

The page (dist/, served by tools/serve.py, in Debian's Chromium through playwright) imports
``bench/data/selfplay_302_7pt.mat`` (the 380-decision 7-pointer of ``bench/analysis_speed.py``)
and analyses it with Analyse. Each mode runs in a fresh browser context: ``N`` makes the page
believe the browser has N cores (``navigator.hardwareConcurrency``), so it starts N workers;
``page`` takes ``Worker`` away, so the page analyses on its own thread as before #44. Modes are
interleaved round by round. For each run it gives:

* the analysis time: from the page's ``videau:analysis-start`` mark (the dialog shown, the
  decisions counted) to ``videau:analysis-end`` (every part merged), workers' start-up included;
* where the time went (:func:`timeline`, from a trace of the run: the page's and the workers'
  ``videau:*`` marks, each thread's CPU): the workers' start (to the last one's ``ready``), the
  grading (from the first part's start to the last one's end), how long the first worker to
  finish waited for the last, the page's merging and drawing, and the CPU of the page's thread
  and of the browser's compositor while analysing;
* the page's long tasks (Long Tasks API, a ``PerformanceObserver`` installed before the page's
  scripts): the longest while analysing (between the two marks), and the longest at the click
  (loading the analysis code, the first time) and at the end (drawing the results), apart.

With ``VIDEAU_TRACE_DIR=DIR`` each run's trace is saved there (``trace-MODE-TIME.json``, for
chrome://tracing or Perfetto).

Goal (#44): with 2 workers at most 0.6x the time of 1 worker on the 2-core machine; no task on
the page's thread over 100 ms while analysing. Not run by the tests.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, FilePayload, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import serve  # noqa: E402  (bench/startup.py: the site served as the start-up bench serves it)

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
MATCH = ROOT / "bench" / "data" / "selfplay_302_7pt.mat"
CHROMIUM = os.environ.get("VIDEAU_CHROMIUM", "/usr/bin/chromium")
TIMEOUT_MS = 900_000

# Runs before the page's scripts: the cores the page sees (or no Worker), and a Long Tasks log.
PROBE = """
(() => {
  const cores = __CORES__;
  if (cores === 0) { delete window.Worker; }
  else { Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => cores }); }
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
})();
"""

RESULTS_JS = """() => {
  const mark = (name) => (performance.getEntriesByName(name)[0] || { startTime: null }).startTime;
  return { start: mark('videau:analysis-start'), end: mark('videau:analysis-end'), click: window.__click,
           done: performance.now(), tasks: window.__longTasks,
           runner: document.getElementById('analysis-dialog').dataset.runner,
           message: document.getElementById('analysis-message').textContent };
}"""


def cpu_longest(trace: bytes) -> dict[str, float] | None:
    """The workers' CPU seconds while analysing (the busiest one's, and all together: printed per
    run, not in the table; an undercount, since the trace leaves out the task in which a worker
    starts, and the parts it was sent meanwhile run in that same task), and the longest task of
    the page's main thread at the click (from the bench's ``bench:click`` mark to
    ``videau:analysis-start``), while analysing (to ``videau:analysis-end``) and after (drawing the
    results), in milliseconds of that thread's CPU time (the trace's ``tdur``): what the page's own
    work costs, whatever else the machine runs (the Long Tasks API gives wall time,
    which a loaded machine stretches)."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = ("bench:click", "videau:analysis-start", "videau:analysis-end")
    marks = {e["name"]: e for e in events if e.get("name") in names}
    if len(marks) != 3:
        return None
    where = (marks[names[1]]["pid"], marks[names[1]]["tid"])
    tasks = [
        e
        for e in events
        if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == where
        and e.get("name") in ("ThreadControllerImpl::RunTask", "RunTask")
    ]
    edges = [marks[n]["ts"] for n in names] + [float("inf")]
    # the workers' threads: their CPU time while analysing (each part is one task there)
    workers = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name" and "Worker" in str(e.get("args", {}).get("name"))
    }
    busy: dict[tuple[int, int], dict[str, float]] = {}
    for e in events:
        thread = (e.get("pid"), e.get("tid"))
        if e.get("ph") == "X" and thread in workers and e["ts"] >= edges[1] and e["ts"] <= edges[2]:
            busy.setdefault(thread, {}).setdefault(e["name"], 0.0)
            busy[thread][e["name"]] += e.get("tdur", 0) / 1e6
    # the outermost kind of task a thread shows (the other may nest in it)
    seconds = [
        spent.get("ThreadControllerImpl::RunTask", spent.get("RunTask", 0.0)) for spent in busy.values()
    ]
    out: dict[str, float] = {}
    for key, a, b in zip(("click", "during", "draw"), edges, edges[1:], strict=False):
        # a task that holds a mark belongs to the window the mark opens
        out[key] = max((e.get("tdur", 0) / 1000.0 for e in tasks if a <= e["ts"] + e.get("dur", 0) and e["ts"] < b
                        and not (key == "during" and e["ts"] + e.get("dur", 0) > b)), default=0.0)
    out["worker_cpu_max"] = max(seconds, default=0.0)
    out["worker_cpu_sum"] = sum(seconds)
    return out


def timeline(trace: bytes) -> dict[str, float] | None:
    """Where an analysis' time went, in seconds, from the trace's marks (the page's
    ``videau:analysis-*``, the workers' ``videau:worker-ready`` and ``videau:part-N-start/end``)
    and threads: ``boot`` (analysis start to the last worker ready), ``grading`` (the first part's
    start to the last one's end), ``tail`` (the first worker done to the last), ``merge_draw``
    (the last decision to the results drawn), and the CPU seconds of the page's main thread
    (``page_cpu``) and of the browser's compositor (``compositor_cpu``, drawing the page's frames)
    while analysing."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    marks: dict[str, list[dict[str, Any]]] = {}
    for e in events:
        if str(e.get("name", "")).startswith("videau:"):
            marks.setdefault(e["name"], []).append(e)

    def first(name: str) -> float | None:
        found = marks.get(name)
        return min(e["ts"] for e in found) / 1e6 if found else None

    start, graded, drawn, end = (first(f"videau:analysis-{n}") for n in ("start", "graded", "drawn", "end"))
    ready = [e["ts"] / 1e6 for e in marks.get("videau:worker-ready", [])]
    part_starts = [e["ts"] / 1e6 for n, es in marks.items() if n.startswith("videau:part-") and n.endswith("-start")
                   for e in es]
    last_end: dict[int, float] = {}
    for n, es in marks.items():
        if n.startswith("videau:part-") and n.endswith("-end"):
            for e in es:
                last_end[e["tid"]] = max(last_end.get(e["tid"], 0.0), e["ts"] / 1e6)
    if start is None or graded is None or drawn is None or end is None or not ready or not part_starts or not last_end:
        return None
    page = (marks["videau:analysis-start"][0]["pid"], marks["videau:analysis-start"][0]["tid"])
    names = {(e["pid"], e["tid"]): str(e.get("args", {}).get("name")) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    page_cpu = compositor_cpu = 0.0
    for e in events:
        if e.get("ph") != "X" or e.get("name") != "ThreadControllerImpl::RunTask" or not start <= e["ts"] / 1e6 <= end:
            continue
        thread = (e.get("pid"), e.get("tid"))
        if thread == page:
            page_cpu += e.get("tdur", 0) / 1e6
        elif names.get(thread) == "VizCompositorThread":
            compositor_cpu += e.get("tdur", 0) / 1e6
    return {
        "boot": max(ready) - start,
        "grading": max(last_end.values()) - min(part_starts),
        "tail": max(last_end.values()) - min(last_end.values()),
        "merge_draw": drawn - graded,
        "page_cpu": page_cpu,
        "compositor_cpu": compositor_cpu,
    }


def one_run(browser: Browser, url: str, mode: str, match: Path = MATCH) -> dict[str, Any]:
    """Open the page in a fresh context, analyse the match, read the marks and the long tasks."""
    cores = 0 if mode == "page" else int(mode)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    trace = None
    try:
        context.add_init_script(PROBE.replace("__CORES__", str(cores)))
        page = context.new_page()
        browser.start_tracing(page=page, categories=["toplevel", "blink.user_timing"])
        page.goto(url + "?lang=en")
        page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        if page.locator("#new-match-dialog").is_visible():
            page.locator("#nm-cancel").click()
        payload: FilePayload = {"name": match.name, "mimeType": "text/plain", "buffer": match.read_bytes()}
        page.set_input_files("#rec-file", files=[payload])
        page.locator("#replay-analyse").wait_for(state="visible", timeout=TIMEOUT_MS)
        page.evaluate("() => { window.__click = performance.now(); performance.mark('bench:click'); "
                      "document.getElementById('replay-analyse').click(); }")
        page.wait_for_function(
            "() => document.getElementById('analysis-dialog').dataset.state === 'done'", timeout=TIMEOUT_MS, polling=500
        )
        result: dict[str, Any] = page.evaluate(RESULTS_JS)
        trace = browser.stop_tracing()
        if os.environ.get("VIDEAU_TRACE_DIR"):
            Path(os.environ["VIDEAU_TRACE_DIR"], f"trace-{mode}-{time.time():.0f}.json").write_bytes(trace)
    finally:
        if trace is None:
            with contextlib.suppress(Exception):
                browser.stop_tracing()
        context.close()
    start, end, click = result["start"], result["end"], result["click"]
    tasks = [(s, d) for s, d in result["tasks"] if s + d > click]

    def longest(a: float, b: float) -> float:
        return max((d for s, d in tasks if s < b and s + d > a), default=0.0)

    during = [d for s, d in tasks if s >= start and s + d <= end]
    return {
        "mode": mode,
        "runner": result["runner"],
        "seconds": (end - start) / 1000.0,
        "longest_during": max(during, default=0.0),
        "cpu": cpu_longest(trace) if trace is not None else None,
        "timeline": timeline(trace) if trace is not None else None,
        "over_100_during": sum(1 for d in during if d > 100),
        "longest_click": longest(click, start),
        "longest_draw": longest(end, result["done"]),
    }


def report(runs: list[dict[str, Any]], modes: list[str], load: str) -> str:
    """A Markdown table (one row a mode) and a line: the ratio, the machine's load."""
    lines = [
        "| mode | runs | median s (min) | longest task of the page's thread, ms wall / CPU: at the click "
        "| while analysing | drawing the results |",
        "|---|---|---|---|---|---|",
    ]
    medians: dict[str, float] = {}
    for mode in modes:
        mine = [r for r in runs if r["mode"] == mode]
        if not mine:
            continue
        seconds = [r["seconds"] for r in mine]
        medians[mode] = statistics.median(seconds)
        name = "the page's thread" if mode == "page" else f"{mode} worker" + ("s" if mode != "1" else "")
        cpu = [r["cpu"] for r in mine if r.get("cpu") is not None]

        def both(wall: str, key: str, mine: list[dict[str, Any]] = mine, cpu: list[dict[str, float]] = cpu) -> str:
            most = max(c[key] for c in cpu) if cpu else float("nan")
            return f"{max(r[wall] for r in mine):,.0f} / {most:,.0f}"

        lines.append(
            f"| {name} | {len(mine)} | {medians[mode]:.1f} ({min(seconds):.1f}) | {both('longest_click', 'click')} "
            f"| {both('longest_during', 'during')} | {both('longest_draw', 'draw')} |"
        )
    if "1" in medians and "2" in medians:
        pairs = [
            b["seconds"] / a["seconds"]
            for a, b in zip(
                [r for r in runs if r["mode"] == "1"], [r for r in runs if r["mode"] == "2"], strict=False
            )
        ]
        def grading(mode: str) -> float:
            spans = [r["timeline"]["grading"] for r in runs if r["mode"] == mode and r.get("timeline")]
            return statistics.median(spans) if spans else float("nan")

        lines.append(
            f"| 2 workers / 1 worker | | **{medians['2'] / medians['1']:.2f}x** (goal at most 0.6x; round by round "
            f"{', '.join(f'{x:.2f}' for x in pairs)}); the grading alone (first part's start to last part's end: "
            f"no start-up or merging): {grading('2'):.1f} s / {grading('1'):.1f} s = "
            f"**{grading('2') / grading('1'):.2f}x**; {load} | | | |"
        )
    else:
        lines.append(f"| | | {load} | | | |")
    keys = ("boot", "grading", "tail", "merge_draw", "page_cpu", "compositor_cpu")
    spent = []
    for mode in modes:
        spans = [r["timeline"] for r in runs if r["mode"] == mode and r.get("timeline")]
        if spans:
            name = "page" if mode == "page" else f"{mode} worker" + ("s" if mode != "1" else "")
            spent.append(f"{name}: " + " · ".join(f"{statistics.median(t[k] for t in spans):.1f}" for k in keys))
    if spent:
        lines.append("| where the time went, s (medians): workers started (to the last one ready) · grading (first "
                     "part's start to last part's end) · first worker done to last · merging and drawing · CPU of the "
                     f"page's thread · of the compositor, while analysing | | {'; '.join(spent)} | | | |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--modes", default="1,2,page", help="comma-separated: a number of workers, or page")
    parser.add_argument("--match", type=Path, default=MATCH, help="the .mat file to analyse")
    parser.add_argument("--record", action="store_true", help="rewrite section analysis-workers of bench/RESULTS.md")
    args = parser.parse_args(argv)
    if args.record and args.match != MATCH:
        raise SystemExit("--record measures the 7-pointer: leave --match out")
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not all(m == "page" or m.isdigit() for m in modes):
        raise SystemExit(f"--modes: numbers of workers or 'page', not {args.modes!r}")
    if not (DIST / "analysis-worker.mjs").is_file():
        raise SystemExit("dist/ is not built (or predates the workers): run ./build.sh build")
    server, url = serve(DIST)
    runs: list[dict[str, Any]] = []
    started, load_before = time.monotonic(), os.getloadavg()[0]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM,
                args=["--no-sandbox", "--disable-background-networking",
                      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost"],
            )
            for n in range(args.rounds):
                for mode in modes:
                    run = one_run(browser, url, mode, args.match)
                    runs.append(run)
                    print(f"round {n + 1} {mode}: {run}", file=sys.stderr)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    load = (f"{args.match.name}; machine shared with other agents' jobs, load average {load_before:.1f} "
            f"before, {os.getloadavg()[0]:.1f} after; {time.monotonic() - started:.0f} s")
    text = report(runs, modes, load)
    print(text)
    if args.record:
        sys.path.insert(0, str(ROOT / "bench"))
        import results as recorded

        goal = ("issue #44: a 7-point match analysed in the page with 2 workers in at most 0.6x the time of "
                "1 worker on the 2-core machine; no task on the page's thread over 100 ms while analysing")
        recorded.record("analysis-workers", "Match analysis in workers", goal, text)


if __name__ == "__main__":
    main()
