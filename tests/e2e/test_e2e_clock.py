"""Clocks (#14) in the browser, under Playwright's fake clock: the player on move runs out of time.

One page load and a reload: a match with 30 s a move + 2 min reserve; the clock of the player
on move counts down, resumes after a reload with what it had, runs out, and the match is lost
on time (English, then French); a new match with the clock off shows no clock at all.
"""

from __future__ import annotations

import re

from e2e_helpers import wait_ready
from match_helpers import button, wait_phase
from playwright.sync_api import Page, expect


def _start(page: Page, clock: str) -> None:
    """Fill the new-match dialog (already open) for two players here, with the ``clock`` choice."""
    dialog = page.locator("#new-match-dialog")
    expect(dialog).to_be_visible()
    page.locator("#nm-opponent").select_option("human")
    page.locator("#nm-name0").fill("Ann")
    page.locator("#nm-name1").fill("Bob")
    page.locator("#nm-length").fill("3")
    page.locator("#nm-clock").select_option(clock)
    page.locator("#nm-start").click()
    expect(dialog).to_be_hidden()
    wait_phase(page, "opening")


def _reserve_s(text: str) -> int:
    """The seconds of reserve a clock's text shows ("Ann: 0:00 + reserve 1:10" -> 70)."""
    found = re.search(r"(\d+):(\d\d)$", text)
    assert found is not None, text
    return int(found[1]) * 60 + int(found[2])


def test_the_player_on_move_runs_out_of_time_and_loses_the_match(page: Page) -> None:
    page.clock.install()
    page.emulate_media(reduced_motion="reduce")
    page.goto("./?seed=1&lang=en")
    wait_ready(page)
    expect(page.locator("#nm-clock")).to_have_value("off")  # off by default
    _start(page, "move30")
    clocks, running = page.locator("#clocks"), page.locator(".clock--running")
    expect(clocks).to_be_visible()
    expect(page.locator("#clock-0")).to_have_text("Ann: 0:30 + reserve 2:00")
    expect(running).to_have_count(0)  # the opening roll: nobody's clock runs
    button(page, "Roll").click()
    wait_phase(page, "move")
    expect(running).to_have_count(1)
    mover = running.get_attribute("id")
    name = "Ann" if mover == "clock-0" else "Bob"
    page.clock.fast_forward(20_000)
    expect(running).to_have_text(re.compile(rf"^▶?\s*{name}: 0:(0\d|10) \+ reserve 2:00$"))
    page.clock.fast_forward(60_000)  # the move's 30 s spent: the reserve drains
    expect(running).to_have_text(re.compile(rf"{name}: 0:00 \+ reserve 1:[0-1]\d$"))
    expect(page.locator("#clock-live")).to_contain_text(name)  # said in the polite live region
    before = _reserve_s(running.inner_text())
    page.reload()  # the clock resumes from the save with what was left (not a fresh move)
    wait_ready(page)
    expect(page.locator(f"#{mover}.clock--running")).to_be_visible()
    after = _reserve_s(running.inner_text())
    assert before - 10 <= after <= before < 120, (before, after)
    page.clock.fast_forward(90_000)  # past 30 s + 2 min: the flag falls
    wait_phase(page, "match-over")
    other = "Bob" if name == "Ann" else "Ann"
    message = f"{name} ran out of time: {other} wins the match"
    expect(page.locator("#status")).to_have_text(message)
    expect(page.locator("#over-result")).to_have_text(message)
    expect(page.locator(f"#{mover}")).to_have_text(f"{name}: out of time")
    expect(page.locator("#clock-live")).to_have_text(f"{name}: out of time")  # not the last "0:30 left" (#46)
    expect(running).to_have_count(0)
    expect(button(page, "Roll")).to_be_hidden()
    page.locator("#btn-lang").click()  # en français
    expect(page.locator("#status")).to_have_text(f"{name} a dépassé le temps : {other} gagne le match")
    expect(page.locator(f"#{mover}")).to_have_text(f"{name} : temps dépassé")
    expect(page.locator("#clock-live")).to_have_text(f"{name} : temps dépassé")
    # a new match with the clock off: no clock anywhere
    page.locator("#btn-over-new").click()
    _start(page, "off")
    expect(clocks).to_be_hidden()
    button(page, "Lancer").click()
    wait_phase(page, "move")
    page.clock.fast_forward(600_000)
    expect(clocks).to_be_hidden()
    assert page.evaluate("() => document.body.dataset.phase") == "move"  # nothing ran out
