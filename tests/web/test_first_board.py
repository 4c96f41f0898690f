"""The boards shown before Python starts: the same SVG as the page's, keyed to the save they show."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.board.render import render_board
from app.board.view import build_view
from app.page.screen.firstboard import DEFAULT_LENGTH, remember_board, save_digest, shell_board, stored_board
from app.page.storage.match_store import MatchStore, MemoryStorage
from app.page.storage.storage_keys import BOARD_KEY, MATCH_KEY, REV_KEY
from core.match import Match
from core.state import to_json

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from prerender import board_host_markup, prerender_index  # noqa: E402


def _page_board(match: Match, lang: str = "en") -> str:
    """What the page's redraw draws for ``match`` with nothing selected, player to act at the screen."""
    game = match.game
    viewer = game.player_to_act if game.player_to_act is not None else (game.turn or 0)
    return render_board(build_view(match, lang=lang, viewer=viewer, interactive=True, roving=True))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_prerendered_opening_is_the_page_s_first_board(lang: str) -> None:
    html = prerender_index('<div id="board" inert><!-- prerendered board --></div>')
    live = _page_board(Match.new(DEFAULT_LENGTH), lang)
    if lang == "en":
        assert html.startswith('<div id="board" inert>' + live + "<template")
    else:
        assert f'<template id="board-opening-fr">{live}</template>' in html
    assert board_host_markup().count("<svg") == 3


def test_shell_has_the_frame_and_nothing_of_a_position() -> None:
    shell, opening = shell_board(), _page_board(Match.new(DEFAULT_LENGTH))
    assert shell.split(">", 1)[0].split(" aria-label")[0] == opening.split(">", 1)[0].split(" aria-label")[0]
    for absent in ("data-checker", "data-die", "data-cube", "data-score", "White", "Black", "167"):
        assert absent not in shell
    assert shell.count('class="point ') == 24


def _saved(match: Match) -> MatchStore:
    store = MatchStore(MemoryStorage())
    assert store.save(match) == "saved"
    return store


def test_board_is_stored_with_the_save_it_shows() -> None:
    match = Match.new(3).opening_with(3, 1)
    store = _saved(match)
    svg = _page_board(match)
    assert remember_board(store, match, svg)
    entry = json.loads(store.storage.get(BOARD_KEY) or "")
    assert entry == {"rev": 1, "digest": save_digest(to_json(match)), "svg": svg}
    assert stored_board(store.storage) == svg


def test_no_board_is_stored_for_a_match_other_than_the_save() -> None:
    saved = Match.new(3)
    store = _saved(saved)
    moved_on = saved.opening_with(3, 1)  # drawn, not saved (a computer's turn in progress)
    assert not remember_board(store, moved_on, _page_board(moved_on))
    assert store.storage.get(BOARD_KEY) is None


def test_no_board_is_stored_while_a_broken_save_is_held() -> None:
    storage = MemoryStorage({MATCH_KEY: "{broken", REV_KEY: "4"})
    store = MatchStore(storage)
    assert store.load().status == "broken"
    assert not remember_board(store, Match.new(3), "<svg/>")
    assert storage.get(BOARD_KEY) is None


@pytest.mark.parametrize(
    "tamper",
    [
        lambda s: s.set(MATCH_KEY, (s.get(MATCH_KEY) or "").replace('"length":3', '"length":5')),
        lambda s: s.set(REV_KEY, "2"),
        lambda s: s.set(MATCH_KEY, (s.get(MATCH_KEY) or "") + " "),
        lambda s: s.set(BOARD_KEY, "not json"),
    ],
)
def test_a_stored_board_is_refused_once_the_save_changed(tamper: object) -> None:
    match = Match.new(3)
    store = _saved(match)
    assert remember_board(store, match, "<svg>3</svg>")
    assert stored_board(store.storage) == "<svg>3</svg>"
    assert callable(tamper)
    tamper(store.storage)
    assert stored_board(store.storage) is None


def test_the_next_save_replaces_the_stored_board() -> None:
    match = Match.new(3)
    store = _saved(match)
    remember_board(store, match, "<svg>old</svg>")
    later = match.opening_with(5, 2)
    assert store.save(later) == "saved"
    assert stored_board(store.storage) is None  # the old drawing no longer stands for the save
    remember_board(store, later, "<svg>new</svg>")
    assert stored_board(store.storage) == "<svg>new</svg>"


def test_the_embed_page_gets_the_empty_board_and_the_build_hash() -> None:
    from prerender import prerender_embed, with_build

    source = (Path(__file__).resolve().parents[2] / "web" / "embed.html").read_text()
    page = with_build(prerender_embed(source), "0123abcd")
    assert shell_board() in page and 'class="skeleton"' not in page
    assert '<meta name="videau-build" content="0123abcd">' in page.split("</head>")[0]


def test_a_tab_behind_another_does_not_overwrite_its_board() -> None:
    match = Match.new(3)
    store = _saved(match)
    other_tab = MatchStore(store.storage)
    assert other_tab.load().status == "ok"
    newer = match.opening_with(6, 1)
    assert other_tab.save(newer) == "saved"
    assert remember_board(other_tab, newer, "<svg>newer</svg>")
    assert not remember_board(store, match, "<svg>older</svg>")  # this tab still shows the older save
    assert stored_board(store.storage) == "<svg>newer</svg>"


def test_the_board_is_kept_for_a_match_with_a_clock_and_for_a_session_with_archived_games() -> None:
    """Issue #57: the save's text was compared with ``to_json(match)``, which writes neither the
    clock nor the archive: those players never had their board kept."""
    from core.clock import Clock, ClockRules

    match = Match.new(3).opening_with(3, 1)
    store = MatchStore(MemoryStorage())
    assert store.save(match, Clock.new(ClockRules(30_000, 600_000))) == "saved"
    assert store.text != to_json(match)  # the clock is in the save
    assert remember_board(store, match, "<svg>clock</svg>")
    assert stored_board(store.storage) == "<svg>clock</svg>"
    session = Match.new(0).opening_with(3, 1).resign(1).accept().next_game().opening_with(5, 2)
    session = session.resign(1).accept().next_game().opening_with(6, 1)
    store = MatchStore(MemoryStorage())
    assert store.save(session) == "saved" and store.archived == 2
    assert remember_board(store, session, "<svg>archived</svg>")
    reloaded = MatchStore(store.storage)
    result = reloaded.load()
    assert result.match is not None and reloaded.base == 2
    assert remember_board(reloaded, result.match, "<svg>again</svg>")
    assert stored_board(reloaded.storage) == "<svg>again</svg>"
    assert not remember_board(reloaded, result.match.play("13/7 8/7"), "<svg>moved</svg>")
