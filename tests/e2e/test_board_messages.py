"""Every board message of both catalogues fits the board (#59), measured as Chromium draws it.

The line under the board (``text.message``) says whose turn it is, what to do, or how a game and
the match ended; it is SVG text, so a long one is cut by the board's edge instead of wrapping.
Here every catalogue text that can be that line (``phase.*``, ``over.*``, ``ui.cannot_move``,
``practice.ask.*``, and each game ending followed by the match's end, the longest) is filled with
long names (20 characters, the most the board shows) and large numbers, drawn by the board's own
renderer, and measured in the browser (``getBBox``): none may leave the board's width. No app is
loaded: one page, every board set in it at a phone's width.
"""

from __future__ import annotations

import string
from dataclasses import replace

import pytest
from playwright.sync_api import Page

from app.board.layout import WIDTH
from app.board.render import render_board
from app.board.view import NAME_MAX, build_view
from app.text import STRINGS, game_over_text, t
from core.match import Match

LONG_NAMES = {
    "en": ("Bartholomew Jennings", "Maximiliana Kowalsky"),
    "fr": ("Marie-Bérengère Dupré", "Jean-Christophe Morel"),
}
PREFIXES = ("phase.", "over.", "practice.ask.")
NOT_LINES = {"over.close", "over.show", "over.next_game"}  # buttons and a hint, not the board's line
ENDINGS = (("single", 0), ("gammon", 0), ("backgammon", 0), ("pass", 0), ("resign", 1), ("resign", 2), ("resign", 3))


def fill(lang: str, key: str) -> str:
    """The text of ``key`` with every field filled at its longest."""
    name, other = (n[:NAME_MAX] for n in LONG_NAMES[lang])
    values: dict[str, object] = {
        "name": name, "other": other, "winner": name, "loser": other, "dice": "6-6", "value": 64,
        "what": t(lang, "resign.what.3"), "points_text": t(lang, "over.points", count=64),
        "score": t(lang, "match.score", score0=63, score1=62), "count": 64,
    }  # fmt: skip
    fields = {f for _, f, _, _ in string.Formatter().parse(STRINGS[lang][key]) if f}
    missing = fields - values.keys()
    assert not missing, f"{key}: no test value for {missing}"
    return t(lang, key, **values)


def board_lines(lang: str) -> list[str]:
    keys = sorted(
        k for k in STRINGS[lang] if k.startswith(PREFIXES) and k not in NOT_LINES and not k.startswith("over.points")
    )
    lines = [fill(lang, k) for k in keys] + [fill(lang, "ui.cannot_move")]
    name, other = (n[:NAME_MAX] for n in LONG_NAMES[lang])
    done = t(lang, "over.match", winner=name, score=t(lang, "match.score", score0=63, score1=62))
    for how, resigned in ENDINGS:  # the match's end: the last game's ending, then the match's
        ending = game_over_text(lang, name, other, 64, how=how, resigned=resigned)
        lines.append(f"{ending}. {done}")
    return lines


MEASURE_JS = """(svgs) => {
  const host = document.createElement('div');
  host.style.width = '390px';
  document.body.appendChild(host);
  return svgs.map((svg) => {
    host.innerHTML = svg;
    const text = host.querySelector('text.message');
    const box = text.getBBox();
    return [text.textContent, box.x, box.x + box.width, text.querySelectorAll('tspan').length || 1];
  });
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_board_message_fits_the_board(page: Page, lang: str) -> None:
    view = build_view(Match.new(7), lang=lang)
    lines = board_lines(lang)
    assert len(lines) >= 25
    svgs = [render_board(replace(view, message=line)) for line in lines]
    page.set_content("<!doctype html><html><body style='margin:0'></body></html>")
    measured = page.evaluate(MEASURE_JS, svgs)
    overflowing = [(text, round(left), round(right)) for text, left, right, _ in measured if left < 0 or right > WIDTH]
    assert not overflowing, overflowing
    assert any(n == 2 for *_, n in measured)  # the longest were wrapped, not squeezed into one line
