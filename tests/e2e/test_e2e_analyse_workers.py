"""Analyse off the page's thread (#44): Web Workers, one per core, give the page's own analysis.

Every Worker the page makes is tracked (an init script wraps the constructor): none starts
with the page, only when Analyse is asked; one per core the browser reports (at most 4); all
end when the analysis is done, and at once on Cancel. The same small match analysed in the
workers and then, the worker script refused, on the page's thread (the page says it fell back
and that nothing is lost) lists the same decisions, losses and chances. While a longer match is
analysed in the workers the board answers (the flip button's handler runs and redraws it),
and Cancel stops it; in French as well.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_helpers import PageErrors, assert_offline, go_offline, go_online, wait_ready
from match_helpers import open_app
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.computes  # analyses a match: optimized WebAssembly (tests/e2e/conftest.py)

DATA = Path(__file__).resolve().parents[1] / "data"
BLUNDER = (DATA / "analysis_blunder.mat").read_text()
LONG = (DATA / "gnubg_5pt.mat").read_text()
ANALYSIS_TIMEOUT_MS = 180_000

TRACK_WORKERS = """
(() => {
  const Original = window.Worker;
  window.videauWorkers = [];
  window.Worker = class extends Original {
    constructor(url, options) {
      // the test's switch: a script that is not there, so the worker cannot start
      const broken = sessionStorage.getItem("videau.test.no-worker") === "1";
      super(broken ? String(url).replace("analysis-worker", "missing-worker") : url, options);
      this.record = { url: String(url), ended: false };
      window.videauWorkers.push(this.record);
    }
    terminate() { this.record.ended = true; super.terminate(); }
  };
})();
"""


def workers(page: Page) -> list[dict[str, object]]:
    """The analysis workers made so far: their script and whether they were ended."""
    found = page.evaluate("() => window.videauWorkers")
    return [w for w in found if str(w["url"]).endswith("analysis-worker.mjs")]


def import_file(page: Page, name: str, text: str) -> None:
    page.set_input_files("#rec-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}])


def analyse(page: Page, name: str, text: str) -> None:
    import_file(page, name, text)
    expect(page.locator("#replay-dialog")).to_be_visible()
    page.locator("#replay-analyse").click()
    expect(page.locator("#analysis-dialog")).to_be_visible()


def results(page: Page) -> dict[str, object]:
    """What the analysis shows, in game order: each decision's row, the totals, the chart."""
    page.locator("#analysis-order").select_option("game")
    return {
        "rows": page.locator("#analysis-list button").all_inner_texts(),
        "summary": page.locator("#analysis-summary").inner_text(),
        "chart": page.locator("#analysis-charts").inner_html(),
    }


def test_workers_give_the_page_analysis(page: Page, page_errors: PageErrors) -> None:
    page.add_init_script(TRACK_WORKERS)
    open_app(page, "?seed=3&lang=en")
    page.locator("#nm-cancel").click()
    assert workers(page) == []  # nothing starts with the page
    dialog = page.locator("#analysis-dialog")
    analyse(page, "blunder.mat", BLUNDER)
    cores = int(page.evaluate("() => navigator.hardwareConcurrency"))
    count = max(1, min(4, cores))
    expect(dialog).to_have_attribute("data-runner", f"workers:{count}")
    expect(dialog).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
    made = workers(page)
    assert len(made) == count and all(w["ended"] for w in made)  # ended once done
    expect(page.locator("#analysis-message")).to_contain_text("decisions analysed in")
    in_workers = results(page)
    assert len(in_workers["rows"]) == 5  # type: ignore[arg-type]
    expect(page.locator("#analysis-list button").nth(2)).to_contain_text("Ann 52: 13/8 6/4")

    assert page_errors.all() == []

    # no worker script: the page analyses on its own thread, says so, and finds the same
    page.evaluate("() => sessionStorage.setItem('videau.test.no-worker', '1')")
    open_app(page, "?seed=3&lang=en")
    page.locator("#nm-cancel").click()
    analyse(page, "blunder.mat", BLUNDER)
    expect(dialog).to_have_attribute("data-runner", "page")
    expect(page.locator("#analysis-message")).to_contain_text("it runs in this page instead")
    expect(page.locator("#analysis-message")).to_contain_text("Nothing is lost.")
    expect(dialog).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
    assert results(page) == in_workers
    # the only errors: the missing script's
    assert page_errors.uncaught == [] and all("missing-worker" in m or "404" in m for m in page_errors.console)
    page_errors.console.clear()


def test_the_board_answers_while_workers_analyse_and_cancel_ends_them(page: Page) -> None:
    page.add_init_script(TRACK_WORKERS)
    open_app(page, "?seed=3&lang=fr")
    page.locator("#nm-cancel").click()
    dialog, progress = page.locator("#analysis-dialog"), page.locator("#analysis-progress")
    analyse(page, "long.mat", LONG)
    expect(dialog).to_have_attribute("data-state", "running")
    expect(dialog).to_have_attribute("data-runner", re.compile(r"^workers:\d$"))  # once the match is counted
    assert dialog.get_attribute("data-runner") == f"workers:{len(workers(page))}"
    page.wait_for_function("() => document.querySelector('#analysis-progress').value >= 2", timeout=ANALYSIS_TIMEOUT_MS)
    total = int(float(progress.get_attribute("max") or 0))
    expect(page.locator("#analysis-count")).to_contain_text(f"sur {total}")
    # the board behind the dialog answers: its flip button's handler runs and redraws it, twice
    flipped = page.locator("#board svg.board--flipped")
    before = flipped.count()
    page.evaluate("() => document.getElementById('btn-flip').click()")
    expect(flipped).to_have_count(1 - before)
    page.evaluate("() => document.getElementById('btn-flip').click()")
    expect(flipped).to_have_count(before)
    expect(dialog).to_have_attribute("data-state", "running")  # still at it
    done = float(progress.get_attribute("value") or 0)
    assert done < total
    assert not any(w["ended"] for w in workers(page))
    page.locator("#analysis-cancel").click()
    assert workers(page) and all(w["ended"] for w in workers(page))  # ended by the click itself
    expect(page.locator("#analysis-message")).to_have_text("Analyse annulée.")
    expect(page.locator("#analysis-running")).to_be_hidden()
    expect(dialog).to_have_attribute("data-state", "cancelled")
    expect(page.locator("#analysis-results")).to_be_hidden()


@pytest.mark.browser_context_args(service_workers="allow")  # the offline cache under test
def test_the_workers_analyse_offline(page: Page) -> None:
    """Offline after a first visit (#59): the workers start from the service worker's cache (their
    script, Pyodide and videau.zip) and give the same analysis, not the page's thread."""
    open_app(page, "?seed=3&lang=en")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => undefined)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    go_offline(page)
    page.reload()
    wait_ready(page)
    assert_offline(page)
    page.locator("#nm-cancel").click()
    dialog = page.locator("#analysis-dialog")
    analyse(page, "blunder.mat", BLUNDER)
    expect(dialog).to_have_attribute("data-runner", re.compile(r"^workers:\d$"))
    expect(dialog).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
    assert len(results(page)["rows"]) == 5  # type: ignore[arg-type]
    expect(page.locator("#analysis-list button").nth(2)).to_contain_text("Ann 52: 13/8 6/4")
    go_online(page)
