"""How soon a hand-over made live shows on the other device (issue #58; not run in CI).

    ./build.sh build && python bench/live_latency.py [--moves 40]

Two Chromium contexts of one browser (/usr/bin/chromium, ``--no-sandbox``), the built site (dist/)
served by tools/serve.py, every request to another host aborted, service workers blocked (no
precache competing for the CPU). Device A creates a 1-point match
by link, B opens the invitation (its offer), A opens B's answer link in a new tab (the answer is
handed to A's first tab) and the data channel opens, as in tests/e2e/test_e2e_live.py. Then the
two devices play by clicks, matches after matches, until ``--moves`` moves were confirmed; for each,
the time from the click on Confirm on one device to the first animation frame after the other
device's board changed, both read as ``performance.timeOrigin + performance.now()`` (one machine,
one clock). Prints the median, the quartiles and the largest, and the links' lengths with their
connection data (the goal: each at most 2,000 characters). Goal (#58): median at most 100 ms.
No figure is recorded in bench/RESULTS.md (kept under its line limit): its goals table has the row.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from typing import Any

from _paths import ROOT  # (also puts the repository on sys.path)
from playwright.sync_api import Page, Route, sync_playwright

CHROMIUM = os.environ.get("VIDEAU_CHROMIUM", "/usr/bin/chromium")
WATCH_JS = """() => {
  window.__drawn = [];
  const now = () => window.__drawn.push(performance.timeOrigin + performance.now());
  new MutationObserver(() => requestAnimationFrame(now))
    .observe(document.getElementById('board'), {childList: true, subtree: true, attributes: true});
}"""
STATE_JS = """() => ({
  phase: document.body.dataset.phase,
  movable: [...document.querySelectorAll('#board [data-movable]')].map(e => e.dataset.point),
  dests: [...document.querySelectorAll('#board [data-dest]')].map(e => e.dataset.point),
  pass: !document.getElementById('btn-pass').hidden,
})"""
CONFIRM_JS = """() => { const t = performance.timeOrigin + performance.now();
  document.getElementById('btn-confirm').click(); return t; }"""


def local_only(route: Route) -> None:
    if "localhost" in route.request.url or "127.0.0.1" in route.request.url:
        route.continue_()
    else:
        route.abort()


def button(page: Page, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def turn_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(STATE_JS)
    return state


def turn(page: Page) -> str:
    return str(page.evaluate("() => document.getElementById('link-panel').dataset.turn"))


def share(page: Page, field: bool = True) -> str:
    if field:
        page.wait_for_function("() => document.getElementById('share-link').value.includes('&live=')")
    return str(page.locator("#share-link").input_value())


def connect(browser: Any, url: str) -> tuple[Page, Page, list[int]]:
    contexts = [browser.new_context(service_workers="block"), browser.new_context(service_workers="block")]
    for context in contexts:
        context.route("**/*", local_only)
    a, b = contexts[0].new_page(), contexts[1].new_page()
    a.goto(url + "?lang=en")
    a.wait_for_function("() => document.body.dataset.ready === 'true'")
    if not a.locator("#new-match-dialog").is_visible():  # a first visit opens it by itself
        button(a, "New match").click()
    a.get_by_label("Opponent").select_option("link")
    a.get_by_label("Match length").fill("1")
    button(a, "Start").click()
    invite = share(a)
    b.goto(invite)
    answer = share(b)
    tab = contexts[0].new_page()
    tab.goto(answer)
    for page in (a, b):
        page.wait_for_function("() => document.getElementById('live-panel').dataset.state === 'open'")
        page.evaluate(WATCH_JS)
    tab.close()
    return a, b, [len(invite), len(answer)]


def play_move(mover: Page, other: Page) -> float | None:
    """Play the mover's dice by clicks and Confirm: the time to the other's board (ms), None without a Confirm."""
    while True:
        state = turn_state(mover)
        if state["phase"] != "move":
            return None
        if state["pass"]:
            mover.wait_for_function("() => document.getElementById('btn-pass').hidden")
            return None
        if state["movable"]:  # any checker to any destination lit: the latency does not depend on the play
            mover.locator(f'#board [data-point="{state["movable"][0]}"]').click()
            dests = turn_state(mover)["dests"]
            mover.locator(f'#board [data-point="{dests[0]}"]').click()
            continue
        before = int(other.evaluate("() => window.__drawn.length"))
        clicked = float(mover.evaluate(CONFIRM_JS))
        other.wait_for_function("(n) => window.__drawn.length > n", arg=before)
        drawn = [float(x) for x in other.evaluate("() => window.__drawn")[before:]]
        return min(x for x in drawn if x >= clicked) - clicked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    server = subprocess.Popen(
        [
            sys.executable,
            os.path.join(ROOT, "tools", "serve.py"),
            "--port",
            "0",
            "--quiet",
            "--dir",
            os.path.join(ROOT, "dist"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    times: list[float] = []
    lengths: list[int] = []
    try:
        assert server.stdout is not None
        url = next(word for word in server.stdout.readline().split() if word.startswith("http"))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            while len(times) < args.moves:
                a, b, links = connect(browser, url)
                lengths += links
                for _ in range(1000):
                    turns = [turn(a), turn(b)]
                    if "over" in turns:
                        break
                    if "yours" not in turns:
                        a.wait_for_timeout(10)
                        continue
                    mover = (a, b)[turns.index("yours")]
                    if turn_state(mover)["phase"] != "move":
                        mover.wait_for_timeout(10)
                        continue
                    took = play_move(mover, b if mover is a else a)
                    if took is not None:
                        times.append(took)
                        if len(times) >= args.moves:
                            break
                a.context.close()
                b.context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    q = statistics.quantiles(times, n=4)
    print(
        f"Confirm -> drawn on the other device, {len(times)} moves: median {statistics.median(times):.1f} ms"
        f" (quartiles {q[0]:.1f} / {q[2]:.1f}, largest {max(times):.1f}); load {os.getloadavg()[0]:.1f}"
    )
    print(f"links with connection data: longest {max(lengths)} characters (invitations and answers)")
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))


if __name__ == "__main__":
    main()
