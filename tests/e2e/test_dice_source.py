"""Seeded dice exist only in the tests' build: a URL cannot choose the production page's dice (#17 item 4)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from e2e_helpers import wait_ready
from match_helpers import button, dice_state, play_turn, start_match, wait_phase
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]


def _rolls(page: Page, url: str, turns: int = 4) -> list[list[tuple[str, str, bool]]]:
    """Open ``url``, start a match of two humans and note the dice of the first ``turns`` rolls."""
    page.emulate_media(reduced_motion="reduce")
    page.goto(url)
    wait_ready(page)
    start_match(page, 3, ("Ann", "Bob"))
    seen = []
    for _ in range(turns):
        wait_phase(page, "opening", "roll")
        button(page, "Roll").click()
        wait_phase(page, "move", "roll", "game-over", "match-over")
        seen.append(dice_state(page))
        play_turn(page)
    return seen


def test_the_production_build_has_no_seed_reader(app_url: str) -> None:
    """dist/ (what ./build.sh build ships) has no seeded-dice module; the tests' copy has it."""
    dist, dist_test = ROOT / "dist", ROOT / "dist-test"  # app_url made dist-test/
    for site, expected in ((dist, False), (dist_test, True)):
        # the page imports its package from one zip (dist/videau.zip, listed in config.json)
        assert "./videau.zip" in json.loads((site / "config.json").read_text())["files"], site
        with zipfile.ZipFile(site / "videau.zip") as archive:
            assert ("app/page/dice/seeded.py" in archive.namelist()) is expected, site
            shipped = archive.read("app/page/dice/dice_source.py").decode()
        assert ("url_param" in shipped) is expected, site
        source = (site / "app" / "page" / "dice" / "dice_source.py").read_text()
        assert ("url_param" in source) is expected, site
        texts = [p.read_text(errors="replace") for p in (site / "app").rglob("*.py")]
        assert any("parse_seed" in text for text in texts) is expected, site
    assert "./app/page/dice/seeded.py" in (dist_test / "sw.js").read_text()
    assert "seeded" not in (dist / "sw.js").read_text()


def test_a_seed_in_the_url_does_not_choose_the_production_dice(page: Page, production_url: str) -> None:
    seeded = _rolls(page, "./?seed=20&lang=en")  # the tests' build: the seed is honoured
    assert seeded == _rolls(page, "./?seed=20&lang=en")
    production = _rolls(page, f"{production_url}?seed=20&lang=en")
    # the same four rolls by chance: about 1 in 30 * 36**3
    assert production != seeded


@pytest.mark.parametrize("query", ["?seed=%C2%B2", "?seed=%D9%A3"])
def test_an_odd_seed_never_stops_the_page(page: Page, production_url: str, query: str) -> None:
    for url in (f"./{query}&lang=en", f"{production_url}{query}&lang=en"):
        page.goto(url)
        wait_ready(page)  # fails at once on a Python error shown by PyScript
        assert page.locator("#btn-new").is_enabled()
