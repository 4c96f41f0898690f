"""The embed (embed.html) in Chromium: exact boards, try and quiz modes, messages to the host,
hostile fragments, ten embeds on one page sharing one Python, and the rules pages.

Host pages are served from http://127.0.0.1:OTHER_PORT/ (another origin than the embeds' localhost), so
the embeds run as third-party frames, as on a real tutorial site. Each test is one page and one
start of the shared worker's Pyodide; the checks of a group reuse it (a hash change reopens an embed).
"""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from e2e_helpers import READY_TIMEOUT_MS
from playwright.sync_api import Frame, Page

from core.ids import MatchInfo, decode_gnubg_id, decode_xgid, encode_gnubg_id, encode_xgid
from core.position import Position
from tests.web.embed_cases import BLOCKED, BOTH, ENTER, HIT41, LARGER, START, xgid

# Boards with checkers everywhere a checker can be: points, both bars, both trays.
BUSY = Position.from_text("x bar:2 24:1 13:4 6:3 1:1 / o bar:1 11:2 7:5 2:3")
RACE = Position.from_text("x 6:4 5:3 3:2 / o 6:1 5:5 4:2 1:3")

COUNT_CHECKERS = """() => {
  const counts = {};
  for (const el of document.querySelectorAll("#board [data-checker]")) {
    const key = el.closest("[data-point]").getAttribute("data-point") + "/" + el.getAttribute("data-owner");
    counts[key] = (counts[key] || 0) + 1;
  }
  return counts;
}"""

RECORD_MESSAGES = """
<script>
  window.videau = [];
  addEventListener("message", (event) => {
    if (event.data && event.data.type === "videau") window.videau.push({ origin: event.origin, ...event.data });
  });
</script>
"""


def fragment(**values: str) -> str:
    return "#" + "&".join(k if v == "" else f"{k}={quote(v, safe='/:')}" for k, v in values.items())


def expected_checkers(board: Position) -> dict[str, int]:
    """``"place/owner" -> count`` for a board seen from player 0 (bottom)."""
    counts: dict[str, int] = {}
    for point in range(1, 25):
        if board.player[point - 1]:
            counts[f"{point}/0"] = board.player[point - 1]
        if board.opponent[24 - point]:
            counts[f"{point}/1"] = board.opponent[24 - point]
    for place, pair in (("bar", board.on_bar()), ("off", board.borne_off())):
        for owner, n in enumerate(pair):
            if n:
                counts[f"{place}/{owner}"] = n
    return counts


def board_of(position_id: str) -> Position:
    """What an ID shows, seen from player 0."""
    position, info = decode_xgid(position_id) if position_id.startswith("XGID=") else decode_gnubg_id(position_id)
    return position if info.on_roll == 0 else position.swapped()


class HostPages:
    """Tutorial pages of another origin (http://127.0.0.1:PORT/), served by a real server.

    (A page fulfilled by Playwright's routing counts as a public page for Chromium, which then
    refuses to frame anything from localhost; a page from a loopback server does not.)
    """

    def __init__(self) -> None:
        self.pages: dict[str, bytes] = {}
        pages = self.pages

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = pages.get(self.path)
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def add(self, app_url: str, name: str, frames: list[str], body: str = "") -> str:
        """A host page with these embed fragments (and ``body``); returns its URL."""
        iframes = "\n".join(
            f'<iframe id="e{i}" src="{app_url}embed.html{frag}" width="400" height="440" title="e{i}"></iframe>'
            for i, frag in enumerate(frames)
        )
        html = f"<!doctype html><meta charset='utf-8'><title>{name}</title>{RECORD_MESSAGES}{iframes}{body}"
        self.pages[f"/{name}.html"] = html.encode()
        return f"http://127.0.0.1:{self.server.server_address[1]}/{name}.html"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def hosts() -> Iterator[HostPages]:
    pages = HostPages()
    yield pages
    pages.close()


def embed_frame(page: Page, index: int) -> Frame:
    handle = page.locator("iframe").nth(index).element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def wait_embed(frame: Frame | Page) -> None:
    frame.wait_for_function("() => document.body && document.body.dataset.ready === 'true'", timeout=READY_TIMEOUT_MS)


def reopen(page: Page, frag: str) -> None:
    """Point a top-level embed at another fragment and wait for its answer (one runtime for all)."""
    page.evaluate("(f) => { document.body.dataset.ready = 'reopening'; location.hash = f; }", frag)
    wait_embed(page)


BOARD_STATE = "() => document.getElementById('board').innerHTML + document.getElementById('status').textContent"


def click_places(target: Frame | Page, *places: str) -> None:
    """Click places one by one, each time until the embed has answered (its board or status changed)."""
    for place in places:
        before = target.evaluate(BOARD_STATE)
        target.click(f'#board [data-point="{place}"]')
        target.wait_for_function(f"(before) => ({BOARD_STATE})() !== before", arg=before)


def status(target: Frame | Page) -> str:
    return str(target.inner_text("#status"))


def messages(page: Page, event: str | None = None) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.videau")
    return [m for m in found if event is None or m["event"] == event]


def wait_message(page: Page, event: str, **fields: Any) -> dict[str, Any]:
    page.wait_for_function(
        "([event, fields]) => window.videau.some((m) => m.event === event"
        " && Object.entries(fields).every(([k, v]) => m[k] === v))",
        arg=[event, fields],
    )
    return next(m for m in messages(page, event) if all(m.get(k) == v for k, v in fields.items()))


# -- ten embeds, one Python ---------------------------------------------------------------------
def test_ten_embeds_share_one_runtime_and_show_exactly_their_ids(page: Page, app_url: str, hosts: HostPages) -> None:
    ids = [
        START,
        encode_xgid(BUSY, MatchInfo(dice=(5, 5))),
        encode_xgid(BUSY, MatchInfo(on_roll=1, turn=1, cube=4, cube_owner=0, match_length=7, score=(2, 5))),
        encode_gnubg_id(BUSY, MatchInfo()),
        encode_gnubg_id(RACE, MatchInfo(on_roll=1, turn=1, dice=(6, 2))),
        encode_xgid(RACE, MatchInfo()),
    ]
    frames = [fragment(**{"xgid" if i.startswith("XGID=") else "gnubgid": i, "id": f"d{n}"}) for n, i in enumerate(ids)]
    tries = [ENTER, BLOCKED, BOTH, LARGER]
    frames += [fragment(xgid=x, mode="try", id=f"t{n}") for n, x in enumerate(tries)]
    start = time.monotonic()
    page.goto(hosts.add(app_url, "ten", frames))
    first = None
    for i in range(10):
        frame = embed_frame(page, i)
        wait_embed(frame)
        first = first or time.monotonic()
    done = time.monotonic()
    print(f"\n10 embeds: first ready {first - start:.1f} s after navigation, all ten {done - first:.2f} s later")  # type: ignore[operator]

    runtimes, transports = set(), []
    for i, position_id in enumerate(ids + tries):
        frame = embed_frame(page, i)
        assert frame.evaluate("() => document.getElementById('embed').dataset.state") == "ok"
        assert frame.evaluate(COUNT_CHECKERS) == expected_checkers(board_of(position_id)), position_id
        runtimes.add(frame.evaluate("() => document.getElementById('embed').dataset.runtime"))
        transports.append(frame.evaluate("() => document.getElementById('embed').dataset.transport"))
    print("transports:", transports)
    assert len(runtimes) == 1  # one Pyodide for all ten
    # a third-party frame may not use a SharedWorker here: the embeds elect one leader instead
    assert transports.count("hub-leader") <= 1
    assert set(transports) <= {"shared", "hub", "hub-leader"}

    # every "try" embed is interactive: a click on a movable checker shows where it may go
    for i in range(6, 10):
        frame = embed_frame(page, i)
        movable = frame.locator("#board [data-movable]")
        assert movable.count() > 0
        place = movable.first.get_attribute("data-point")
        assert place is not None
        click_places(frame, place)
        assert frame.locator("#board [data-selected]").count() == 1
        assert frame.locator("#board [data-dest]").count() > 0
    ready = messages(page, "ready")
    assert sorted(m["id"] for m in ready) == [f"d{n}" for n in range(6)] + [f"t{n}" for n in range(4)]
    assert {m["origin"] for m in ready} == {app_url.rstrip("/")}


TRANSPORT = "() => document.getElementById('embed').dataset.transport"
# Sets window.reopened once the embed opens its diagram again (its ready flag leaves "true").
WATCH_REOPEN = """() => {
  window.reopened = false;
  new MutationObserver(() => {
    if (document.body.dataset.ready !== "true") window.reopened = true;
  }).observe(document.body, { attributes: true });
}"""


def hub_embeds(
    page: Page, app_url: str, hosts: HostPages, name: str, ids: tuple[str, ...] = (ENTER, BOTH)
) -> tuple[list[Frame], list[str]]:
    """"try" embeds of ``ids`` on a host page, ready: their frames and transports (one leads)."""
    frames = [fragment(xgid=x, mode="try", id=f"t{n}") for n, x in enumerate(ids)]
    page.goto(hosts.add(app_url, name, frames))
    embeds = [embed_frame(page, i) for i in range(len(ids))]
    for frame in embeds:
        wait_embed(frame)
    transports = [frame.evaluate(TRANSPORT) for frame in embeds]
    assert sorted(transports) == ["hub"] * (len(ids) - 1) + ["hub-leader"]
    return embeds, transports


# An announcement of a leader that started after the current one, as a slowed-down election
# produces: sent from the frame itself on a second channel (a BroadcastChannel hears the others).
LATE_LEADER = """() => {
  const channel = new BroadcastChannel("videau-embed-hub");
  channel.postMessage({ kind: "leader", id: "ffffffff-late", since: Date.now() + 1000 });
  channel.postMessage({ kind: "leader", id: "00000000-late", since: Date.now() + 1000 });
}"""


def test_embeds_keep_their_leader_when_a_later_one_announces_itself(page: Page, app_url: str, hosts: HostPages) -> None:
    embeds, transports = hub_embeds(page, app_url, hosts, "late")
    follower = embeds[transports.index("hub")]
    follower.evaluate(WATCH_REOPEN)
    follower.evaluate(LATE_LEADER)
    # The leader answers the late ones by announcing itself again (the follower's request below
    # goes after that), and the follower never leaves it: its state stays, its clicks are answered.
    movable = follower.locator("#board [data-movable]").first.get_attribute("data-point")
    assert movable is not None
    click_places(follower, movable)
    assert follower.locator("#board [data-selected]").count() == 1
    assert follower.evaluate("() => window.reopened") is False
    assert [frame.evaluate(TRANSPORT) for frame in embeds] == transports


# The leader's frame goes without a word, as when it crashes or is torn down before its pagehide
# handlers run: its broadcasts (its "gone" included) stop reaching anyone.
MUTE = """() => { BroadcastChannel.prototype.postMessage = function () {}; }"""


def test_a_follower_finds_its_vanished_leader_and_takes_over(page: Page, app_url: str, hosts: HostPages) -> None:
    embeds, transports = hub_embeds(page, app_url, hosts, "vanish")
    leader, follower = transports.index("hub-leader"), transports.index("hub")
    follower_frame = embeds[follower]
    runtime = "() => document.getElementById('embed').dataset.runtime"
    old_runtime = follower_frame.evaluate(runtime)
    follower_frame.evaluate(WATCH_REOPEN)
    embeds[leader].evaluate(MUTE)
    page.evaluate("(i) => document.querySelectorAll('iframe')[i].remove()", leader)
    time.sleep(0.5)
    assert follower_frame.evaluate("() => window.reopened") is False  # nobody told it
    # The follower's next click goes to the vanished leader; unanswered, the follower asks, hears
    # nothing, leads, and opens its diagram again in a worker of its own.
    movable = follower_frame.locator("#board [data-movable]").first.get_attribute("data-point")
    assert movable is not None
    follower_frame.click(f'#board [data-point="{movable}"]')
    follower_frame.wait_for_function("() => window.reopened === true", timeout=20_000)
    wait_embed(follower_frame)
    assert follower_frame.evaluate(TRANSPORT) == "hub-leader"
    assert follower_frame.evaluate(runtime) != old_runtime
    assert follower_frame.evaluate("() => document.getElementById('embed').dataset.state") == "ok"
    assert follower_frame.evaluate(COUNT_CHECKERS) == expected_checkers(board_of([ENTER, BOTH][follower]))
    click_places(follower_frame, movable)
    assert follower_frame.locator("#board [data-selected]").count() == 1


def test_an_idle_follower_moves_to_the_new_leader_without_a_click(page: Page, app_url: str, hosts: HostPages) -> None:
    ids = (ENTER, BOTH, BLOCKED)
    embeds, transports = hub_embeds(page, app_url, hosts, "idle", ids)
    leader = transports.index("hub-leader")
    clicker, idle = (i for i in range(len(ids)) if i != leader)
    for i in (clicker, idle):
        embeds[i].evaluate(WATCH_REOPEN)
    embeds[leader].evaluate(MUTE)
    page.evaluate("(i) => document.querySelectorAll('iframe')[i].remove()", leader)
    movable = embeds[clicker].locator("#board [data-movable]").first.get_attribute("data-point")
    assert movable is not None
    embeds[clicker].click(f'#board [data-point="{movable}"]')
    embeds[clicker].wait_for_function("() => window.reopened === true", timeout=20_000)
    wait_embed(embeds[clicker])
    assert embeds[clicker].evaluate(TRANSPORT) == "hub-leader"
    # The idle embed never sent a request, so it had nothing to miss; the new leader's announcement
    # (later than its own leader's) makes it ask whether its leader lives, and with no answer it
    # follows the new one and opens its diagram there, before the reader's next click.
    embeds[idle].wait_for_function("() => window.reopened === true", timeout=10_000)
    wait_embed(embeds[idle])
    assert embeds[idle].evaluate(TRANSPORT) == "hub"
    assert embeds[idle].evaluate(COUNT_CHECKERS) == expected_checkers(board_of(ids[idle]))
    point = embeds[idle].locator("#board [data-movable]").first.get_attribute("data-point")
    assert point is not None
    click_places(embeds[idle], point)
    assert embeds[idle].locator("#board [data-selected]").count() == 1


def test_a_second_view_paints_the_cached_board_at_once(page: Page) -> None:
    frag = fragment(xgid=encode_xgid(BUSY, MatchInfo()), caption="Cached")
    page.goto(f"./embed.html{frag}")
    wait_embed(page)
    assert page.evaluate("() => Object.keys(localStorage).some((k) => k.startsWith('videau-embed:'))")
    page.goto("about:blank")  # the shared worker loses its last client and stops
    page.add_init_script(
        """
        new MutationObserver(() => {
          const embed = document.getElementById("embed");
          if (embed && embed.dataset.cached === "true" && document.body.dataset.ready !== "true") {
            window.paintedFromCache = true;
          }
        }).observe(document, { attributes: true, childList: true, subtree: true });
        """
    )
    page.goto(f"./embed.html{frag}")
    wait_embed(page)
    assert page.evaluate("() => window.paintedFromCache === true")
    assert page.evaluate(COUNT_CHECKERS) == expected_checkers(BUSY)


# -- try ---------------------------------------------------------------------------------------------
REFUSALS = [
    # (position, clicks, English status, French status)
    (ENTER, ["13"], "You must enter from the bar first.", "Vous devez d’abord rentrer le pion de la barre."),
    (
        BLOCKED,
        ["24"],
        "Every point this checker could reach is blocked.",
        "Toutes les cases où ce pion pourrait aller sont bloquées.",
    ),
    (
        xgid("x 24:2 13:5 8:3 6:5 / o 24:2 13:5 8:3 6:5", (5, 2)),
        ["6", "1"],
        "Point 1 is blocked.",
        "La case 1 est bloquée.",
    ),
    (BOTH, ["18", "15"], "You must use both dice.", "Vous devez jouer les deux dés."),
    (
        LARGER,
        ["24", "19"],
        "Only one die can be played: you must play the larger.",
        "Un seul dé est jouable : vous devez jouer le plus grand.",
    ),
]


def test_try_accepts_a_legal_play_and_explains_each_refusal_in_both_languages(page: Page) -> None:
    page.goto(f"./embed.html{fragment(mode='try', dice='31')}")
    wait_embed(page)
    assert status(page) == "White to play 3-1: pick a checker, then the point it goes to."
    click_places(page, "8")
    lit = page.eval_on_selector_all("#board [data-dest]", "els => els.map(e => e.dataset.point)")
    assert sorted(lit) == ["4", "5", "7"]  # 4: by the sum of the dice
    click_places(page, "5", "6", "5")
    assert status(page) == "A legal play: 8/5 6/5."
    assert page.evaluate(COUNT_CHECKERS)["5/0"] == 2
    assert page.locator("#board [data-movable]").count() == 0
    page.click("button[data-action=undo]")
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('So far')")
    assert page.locator("#board [data-movable]").count() > 0

    for lang in ("en", "fr"):
        for position_id, places, english, french in REFUSALS:
            reopen(page, fragment(xgid=position_id, mode="try", lang=lang))
            click_places(page, *places)
            assert status(page) == (english if lang == "en" else french), (position_id, places)
            assert page.get_attribute("#status", "data-kind") == "refused"
            assert page.evaluate("() => document.documentElement.lang") == lang


# -- quiz and replay: what the host hears ------------------------------------------------------------
def test_quiz_tells_the_host_it_is_solved(page: Page, app_url: str, hosts: HostPages) -> None:
    frames = [
        fragment(xgid=HIT41, mode="quiz", answer="10/9*/5*", id="quiz"),
        fragment(mode="replay", plays="31:8/5 6/5;64:24/18 13/9", id="replay", lang="fr"),
        fragment(xgid=START[:-12], id="broken"),
    ]
    page.goto(hosts.add(app_url, "quiz", frames))
    quiz = embed_frame(page, 0)
    wait_embed(quiz)
    wait_message(page, "ready", id="quiz")

    click_places(quiz, "13", "9", "6", "5")  # legal, hits twice, but with two checkers
    wrong = wait_message(page, "moved", id="quiz", complete=True)
    assert wrong["correct"] is False
    assert wrong["play"] == "13/9* 6/5*"
    assert not messages(page, "solved")
    quiz.click("button[data-action=reset]")
    quiz.wait_for_function("() => document.querySelectorAll('#board [data-movable]').length > 0")
    click_places(quiz, "10", "9", "9", "5")
    solved = wait_message(page, "solved", id="quiz")
    assert solved == {
        "origin": app_url.rstrip("/"),
        "type": "videau",
        "event": "solved",
        "mode": "quiz",
        "id": "quiz",
        "play": "10/9*/5*",
        "attempts": 2,
        "revealed": False,
    }
    assert status(quiz) == "Right: 10/9*/5*."

    replay = embed_frame(page, 1)
    wait_embed(replay)
    assert status(replay) == "Coup 1 sur 2 : Blanc joue 3-1 : 8/5 6/5."
    replay.click("button[data-action=next]")
    moved = wait_message(page, "moved", id="replay")
    assert (moved["index"], moved["play"]) == (1, "24/18 13/9")
    assert status(replay) == "Coup 2 sur 2 : Noir joue 6-4 : 24/18 13/9."

    error = wait_message(page, "error", id="broken")
    assert error["message"].startswith("XGID: 10 fields separated by ':' expected")
    assert embed_frame(page, 2).locator("[role=alert]").is_visible()


def test_the_custom_element_builds_the_frame_and_dispatches_its_events(
    page: Page, app_url: str, hosts: HostPages
) -> None:
    body = f"""
    <script src="{app_url}embed-element.js"></script>
    <script>
      window.domEvents = [];
      for (const name of ["videau-ready", "videau-moved"]) {{
        document.addEventListener(name, (e) => window.domEvents.push([e.type, e.target.id, e.detail.id]));
      }}
    </script>
    <videau-board id="el" style="width: 360px" xgid="{START}" dice="31" mode="try" lang="fr"
                  caption="Jouez 3-1"></videau-board>
    """
    page.goto(hosts.add(app_url, "element", [], body))
    frame = embed_frame(page, 0)
    wait_embed(frame)
    src = page.get_attribute("videau-board iframe", "src")
    assert src is not None
    assert src.startswith(f"{app_url}embed.html#xgid=XGID%3D")
    assert "&mode=try&" in src
    assert frame.inner_text("#caption") == "Jouez 3-1"
    assert status(frame).startswith("Blanc joue 3-1")
    height = page.evaluate("() => document.querySelector('videau-board iframe').getBoundingClientRect().height")
    assert 360 * 606 / 704 < height < 360 * 606 / 704 + 120
    click_places(frame, "8", "5")
    page.wait_for_function("() => window.domEvents.some((e) => e[0] === 'videau-moved')")
    assert page.evaluate("() => window.domEvents")[0] == ["videau-ready", "el", None]


# -- hostile fragments ---------------------------------------------------------------------------------
HOSTILE = [
    (
        "#xgid=XGID%3D-b----E-C---eE---c-e----%3A0%3A0%3A1%3A00%3A0%3A0%3A0%3A0%3A10",
        "XGID: 26 position characters expected, got 24",
    ),
    ("#xgid=XGID=-b----E-C---eE---c-e-%3Cscript%3E:0:0:1:00:0:0:0:0:10", "XGID: 26 position characters expected"),
    ("#xgid=XGID=-b----E-C---eE---c-e---%3CB-:0:0:1:00:0:0:0:0:10", "XGID: invalid character '<' at point 23"),
    ("#%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E", "' is not a key (keys are lower-case words"),
    ("#mode=%3Cimg%20src%3Dx%20onerror%3Dwindow.pwned%3D1%3E", "mode: '<img src=x onerror=window.pwned=1>' is not one"),
    ("#size=" + "9" * 400, "size: '999999999999"),
    ("#cube=" + "1" * 60 + "-top", "cube: '11111111111"),
    # the core quotes only an excerpt of bad input (issue #17 item 6): the XGID, then the field
    ("#xgid=XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:" + "9" * 200, "…': max cube '9999999"),
    ("#dice=31&dice=42", "dice: given twice"),
    ("#mode=try", "mode=try needs dice"),
    ("#caption=%E0%A4%A", "caption: '%' must start a percent-escape"),
    ("#script=alert(1)", "unknown key 'script'"),
    ("#" + "a" * 9000, "the fragment is 9000 characters long"),
]


def test_a_malformed_or_hostile_fragment_shows_the_error_box_and_nothing_else(page: Page) -> None:
    page.goto(f"./embed.html{HOSTILE[0][0]}")
    wait_embed(page)
    for frag, message in HOSTILE:
        if frag != HOSTILE[0][0]:
            reopen(page, frag)
        alert = page.locator("[role=alert]")
        assert alert.is_visible(), frag
        assert alert.inner_text().startswith("This diagram cannot be shown"), frag
        assert message in alert.inner_text(), (frag, alert.inner_text())
        assert page.locator("#board").is_hidden()
    reopen(page, "#lang=fr&dice=7")
    assert page.locator("[role=alert]").inner_text().startswith("Ce diagramme ne peut pas être affiché")

    # a hostile caption is a valid one: shown as text, never as markup
    caption = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>'
    reopen(page, fragment(caption=caption))
    assert page.locator("[role=alert]").is_hidden()
    assert page.inner_text("#caption") == caption
    assert page.locator("img, iframe, object, embed").count() == 0
    assert page.locator("script").count() == 1
    assert page.evaluate("() => window.pwned") is None
    # and the board came back for a good fragment
    assert page.evaluate(COUNT_CHECKERS) == expected_checkers(Position.initial())


# -- the rules pages -----------------------------------------------------------------------------------------
EMPTY_MAX = 24  # px of an embed's frame left empty (#59: about 100 before; the board had a message strip)
EMPTY_JS = """() => {
  const embed = document.getElementById('embed');
  const svg = embed.querySelector('#board svg');
  const box = svg.viewBox.baseVal;
  const drawn = svg.getBoundingClientRect().width * box.height / box.width;
  const rest = [...embed.children].filter((e) => e.id !== 'board' && e.getBoundingClientRect().height > 0);
  const used = drawn + rest.reduce((sum, e) => sum + e.getBoundingClientRect().height + 4, 0) + 8;
  return document.documentElement.clientHeight - used;
}"""
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_diagram_of_the_rules_page_renders(page: Page, lang: str) -> None:
    page.goto(f"./rules/{lang}.html")
    frames = page.locator("iframe")
    count = frames.count()
    assert count >= 15
    start = time.monotonic()
    for i in range(count):
        frames.nth(i).scroll_into_view_if_needed()  # they load lazily
        frame = embed_frame(page, i)
        wait_embed(frame)
        assert frame.evaluate("() => document.getElementById('embed').dataset.state") == "ok", frame.url
        assert frame.evaluate("() => document.documentElement.lang") == lang
        assert frame.locator("#board [data-checker]").count() > 0
        empty = frame.evaluate(EMPTY_JS)
        assert empty <= EMPTY_MAX, (frame.url, empty)
    print(f"\nrules/{lang}.html: {count} diagrams in {time.monotonic() - start:.1f} s")
    # the page fixture fails the test on any console or page error, in the page or its frames


def test_the_rules_index_opens_the_readers_language(page: Page) -> None:
    page.goto("./rules/")
    page.wait_for_url("**/rules/en.html")
