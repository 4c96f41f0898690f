"""Live play (#58): two Chromium contexts on this machine, a direct data channel opened by the first two links.

Device A creates a match by link: its invitation carries its offer (``&live=``); device B opens it,
takes the free seat, and its answer link carries its answer. A opens that answer link in a NEW tab
(as a messenger's link opens): the answer is handed to A's first tab, which holds the connection,
and the channel opens. From there every hand-over travels over the channel: nobody copies a link.
Every non-localhost request is blocked (conftest): no server is involved. Service workers are
off (conftest), and each test is one story, since page loads are the cost.
"""

from __future__ import annotations

from typing import Any

from match_helpers import button, phase, score, wait_phase
from playwright.sync_api import BrowserContext, Page, expect
from test_e2e_link import CubePlan, open_link, panel, share_link, stored_history

from core.link import Entry, History, encode_link
from core.link.connect import FIELD, decode_connect, split_live
from core.link.live import LINK, LiveMessage, encode_message

QUERY = "?seed=1&lang=en"


def live_state(page: Page) -> str:
    return str(page.evaluate("() => document.getElementById('live-panel').dataset.state"))


def wait_live(page: Page, state: str = "open") -> None:
    page.wait_for_function("(s) => document.getElementById('live-panel').dataset.state === s", arg=state)


def wait_share_live(page: Page) -> str:
    """The link to send once it carries this device's connection data (gathered in well under a second)."""
    page.wait_for_function("(f) => document.getElementById('share-link').value.includes(f)", arg=FIELD)
    return share_link(page)


def watched(context: BrowserContext, page_errors: Any) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda error: page_errors.uncaught.append(str(error)))
    page.on("console", lambda m: page_errors.console.append(m.text) if m.type == "error" else None)
    page.emulate_media(reduced_motion="reduce")
    return page


def connect_live(a: Page, new_context: Any, page_errors: Any, length: int) -> tuple[Page, Page]:
    """A creates a match of ``length``, B answers it, A opens the answer in a new tab: live on both. (a, b)."""
    a.emulate_media(reduced_motion="reduce")
    a.goto("./" + QUERY)
    a.wait_for_function("() => document.body.dataset.ready === 'true'")
    if not a.locator("#new-match-dialog").is_visible():  # a first visit opens it by itself
        button(a, "New match").click()
    a.get_by_label("Opponent").select_option("link")
    a.get_by_label("Match length").fill(str(length))
    button(a, "Start").click()
    invite = wait_share_live(a)
    offer = decode_connect(split_live(invite)[1] or "")
    assert offer.role == "offer" and offer.candidates and len(invite) <= 2000

    context_b = new_context()
    context_b.route("**/*", lambda route: route.continue_() if "localhost" in route.request.url else route.abort())
    b = watched(context_b, page_errors)
    b.goto(invite)
    b.wait_for_function("() => document.getElementById('link-panel').dataset.seat === '1'")
    answer = wait_share_live(b)
    assert decode_connect(split_live(answer)[1] or "").role == "answer" and len(answer) <= 2000

    second = watched(a.context, page_errors)  # the answer opens in a new tab of A's browser
    second.goto(answer)
    expect(second.locator("#live-status")).to_contain_text("in your other tab")  # handed to the first tab
    wait_live(a)
    wait_live(b)
    expect(a.locator("#live-status")).to_contain_text("Live: connected")
    second.close()
    return a, b


def next_mover(a: Page, b: Page) -> Page | None:
    """The device whose turn it is (the other's hand-over came over the channel); None once over on both."""
    for _ in range(400):
        turns = [panel(d)["turn"] for d in (a, b)]
        if "yours" in turns:
            return (a, b)[turns.index("yours")]
        if turns == ["over", "over"]:
            return None
        a.wait_for_timeout(25)
    raise AssertionError(f"nobody's turn: {turns}")


def test_a_three_point_match_played_live(page: Page, new_context: Any, page_errors: Any) -> None:
    a, b = connect_live(page, new_context, page_errors, 3)
    plan = CubePlan()
    for _ in range(600):
        mover = next_mover(a, b)
        if mover is None:
            break
        plan.act(mover)
    else:
        raise AssertionError("the match did not end")
    assert plan.winner is not None and plan.taken  # a double dropped, then one taken
    for device in (a, b):
        assert panel(device)["turn"] == "over" and phase(device) == "match-over"
        assert score(device)[int(plan.winner)] == 3
        assert live_state(device) == "open"
    history = stored_history(a)
    assert history == stored_history(b)
    assert {"double", "drop", "take"} <= {x.kind for e in history.entries for x in e.actions}
    # Words live: a phrase from B shows on A, in A's language.
    b.locator("#live-say-well_played").click()
    expect(a.locator("#live-heard")).to_contain_text("Well played!")


def test_the_channel_dropped_mid_game_the_match_goes_on_by_links_and_reconnects(
    page: Page, new_context: Any, page_errors: Any
) -> None:
    a, b = connect_live(page, new_context, page_errors, 1)
    moves = 0
    while moves < 3:  # a few hand-overs live
        mover = next_mover(a, b)
        assert mover is not None
        wait_phase(mover, "move", "roll")
        CubePlan().act(mover)
        moves += 1
    a.evaluate("() => window.videauLive.close()")  # the connection drops
    wait_live(a, "dropped")
    wait_live(b, "dropped")
    expect(b.locator("#live-status")).to_contain_text("disconnected")
    # By links from where it stands, links only (their connection data left out), as before #58.
    sender = next_mover(a, b)
    assert sender is not None
    while panel(sender)["turn"] == "yours":
        CubePlan().act(sender)
    for _ in range(3):
        receiver = a if sender is b else b
        expect(sender.locator("#link-share")).to_be_visible()
        open_link(receiver, split_live(share_link(sender))[0], share_link(receiver))
        while panel(receiver)["turn"] == "yours":
            CubePlan().act(receiver)
        sender = receiver
        assert panel(sender)["turn"] != "over", "the game ended before the links reconnected: choose another seed"
    # A new pair of links reconnects: the sender's link with its offer, the friend's reply with the answer.
    receiver = a if sender is b else b
    open_link(receiver, wait_share_live(sender), share_link(receiver))
    while panel(receiver)["turn"] == "yours":
        CubePlan().act(receiver)
    sender.goto(wait_share_live(receiver))
    wait_live(a)
    wait_live(b)
    while (mover := next_mover(a, b)) is not None:
        CubePlan().act(mover)
    for device in (a, b):
        assert panel(device)["turn"] == "over"
    assert stored_history(a) == stored_history(b)  # nothing lost


def test_a_forged_message_over_the_channel_is_refused_as_a_forged_link_is(
    page: Page, new_context: Any, page_errors: Any
) -> None:
    a, b = connect_live(page, new_context, page_errors, 3)
    next_mover(a, b)  # both devices have the opening (each sent its last link again as the channel opened)
    before = stored_history(a)
    # B's device writes a hand-over for A's own seat (a resignation of the match by A), sent as a live message.
    history = stored_history(b)
    n = len(history)
    forged = History(history.header, history.entries + tuple(
        Entry(i % 2, history.entries[-1].time_ms) for i in range(n, n + 3)
    ))  # fmt: skip
    text = encode_message(LiveMessage(LINK, encode_link(forged)))
    b.evaluate("(t) => window.videauLive.send(window.videauLive.matchId, t)", text)
    a.wait_for_function("() => !document.getElementById('link-alert').hidden")
    assert a.evaluate("() => document.getElementById('link-alert').dataset.reason") == "link-seat"
    expect(a.locator("#link-alert-text")).to_contain_text("only your own device plays for you")
    assert stored_history(a) == before  # nothing stored changed
    assert live_state(a) == "open"  # the channel stays: a forged message is refused, the match goes on
