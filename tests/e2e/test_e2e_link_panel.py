"""Play by link, the first minute on a phone: the link to send in view with one action and a QR code;
a refused link opened in a new tab shows no unrelated live board.

The QR code on the page is read back by a reference decoder (zbarimg, Debian's zbar-tools; the
decoding is skipped without it, see tests/web/test_qr_code.py).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from e2e_helpers import wait_ready
from match_helpers import button, open_app, start_match
from playwright.sync_api import Page, expect

ZBARIMG = shutil.which("zbarimg")


def new_link_match(page: Page, length: int = 3) -> None:
    if not page.locator("#new-match-dialog").is_visible():
        button(page, "New match").click()
    page.get_by_label("Opponent").select_option("link")
    page.get_by_label("Match length").fill(str(length))
    button(page, "Start").click()
    page.wait_for_function("() => document.getElementById('link-panel').dataset.entries === '1'")


def test_the_link_to_send_is_in_view_with_one_action_and_a_qr_code(
    touch_page: Page, page_errors: object, tmp_path: Path
) -> None:
    page = touch_page  # a phone: 390x844, touch
    open_app(page)
    new_link_match(page)
    share = page.locator("#btn-link-share")
    action = share if share.is_visible() else page.locator("#btn-link-copy")
    expect(action).to_be_in_viewport()  # the board fills a phone's screen: the panel is brought up
    expect(action).to_be_focused()  # one clear action, ready for Enter or a tap
    expect(page.locator("#link-share .btn--primary:visible")).to_have_count(1)
    link = str(page.locator("#share-link").input_value())
    assert len(link) < 300 and "#link=" in link

    # The QR code, drawn when asked: by a tap, then closed and opened again by keyboard.
    expect(page.locator("#link-qr-code svg")).to_have_count(0)
    page.locator("#link-qr summary").tap()
    code = page.locator("#link-qr-code svg.qr")
    expect(code).to_be_visible()
    expect(code).to_have_attribute("aria-label", "QR code of the link to send")
    page.locator("#link-qr summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#link-qr-code svg")).to_have_count(0)
    page.keyboard.press("Enter")
    expect(code).to_be_visible()
    box = code.bounding_box()
    assert box is not None and box["width"] <= 390
    if ZBARIMG is not None:  # what a second device's camera reads: the link itself
        image = tmp_path / "qr.png"
        code.screenshot(path=str(image))
        read = subprocess.run([ZBARIMG, "--raw", "-q", str(image)], capture_output=True, timeout=60, check=False)
        assert read.returncode == 0, read.stderr
        assert read.stdout.decode().strip() == link
    page.locator("#btn-link-verify").tap()  # no roll yet: said once, unnumbered
    expect(page.locator("#verify-list li")).to_have_count(1)
    assert page.locator("#verify-list li").evaluate("(li) => getComputedStyle(li).listStyleType") == "none"
    page.locator("#verify-close").tap()
    page.locator("#btn-lang").click()  # in French too
    expect(page.locator("#link-qr summary")).to_have_text("Code QR, pour un appareil dans la même pièce")
    expect(page.locator("#link-qr-code svg.qr")).to_have_attribute("aria-label", "Code QR du lien à envoyer")


def test_a_refused_link_in_a_new_tab_shows_no_live_board(page: Page, page_errors: object) -> None:
    open_app(page)
    start_match(page, 3)  # this device's own match, live in its first tab
    base = str(page.url).split("#")[0].split("?")[0]
    tab = page.context.new_page()
    tab.emulate_media(reduced_motion="reduce")
    tab.goto(base + "?lang=en#link=AQ")
    wait_ready(tab)
    expect(tab.locator("#link-alert")).to_be_visible()
    expect(tab.locator("#board")).to_be_hidden()  # no unrelated live board behind the alert
    expect(tab.locator("#controls")).to_be_hidden()
    tab.locator("#link-alert-close").click()
    expect(tab.locator("#link-alert")).to_be_hidden()
    expect(tab.locator("#board")).to_be_visible()  # closed: the device's own match is back
    expect(tab.locator("#board svg")).to_have_count(1)
