"""The small words of #46: one word for one thing, the roll high-first, the .mat naming the players as
the screen does, no touch words for a mouse."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.board.messages import dice_text, phase_message
from app.page.screen.buttons import controls_for
from app.records.formats import export_mat
from app.records.replay import shown_names
from app.text import t
from core.match import Match


def test_a_roll_is_written_high_first_wherever_the_page_writes_it() -> None:
    assert dice_text((4, 6)) == dice_text((6, 4)) == "6-4"
    bob_rolls_low_first = Match.new(3, names=("Ann", "Bob")).opening_with(6, 4).play("24/14").roll_with((1, 5))
    assert "5-1" in phase_message(bob_rolls_low_first, "en", ("Ann", "Bob"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_dropping_a_double_and_passing_a_turn_are_different_words(lang: str) -> None:
    doubled = Match.new(3).opening_with(3, 1).play("8/5 6/5").double()
    assert controls_for(doubled).visible == ("take", "drop")
    assert "pass" not in controls_for(doubled).visible
    words = {t(lang, "button.drop"), t(lang, "button.pass"), t(lang, "button.decline")}
    assert len(words) == 3
    assert t(lang, "hint.pass") != t(lang, "button.pass")  # the hint's cube column says drop, not pass a turn


def test_the_french_hint_says_winning_chances_not_gain() -> None:
    assert t("fr", "hint.col_win") == "Victoire"


@pytest.mark.parametrize("key", ["embed.try.prompt", "embed.try.selected"])
def test_the_embed_does_not_say_touch_to_a_mouse(key: str) -> None:
    for lang in ("en", "fr"):
        text = t(lang, key, name="Ann", dice="6-4").lower()
        assert "touch" not in text and "tap" not in text


@pytest.mark.parametrize(("lang", "words"), [("en", ("White", "Black")), ("fr", ("Blanc", "Noir"))])
def test_the_mat_names_the_players_as_the_screen_does(lang: str, words: tuple[str, str]) -> None:
    match = Match.new(3).opening_with(3, 1).play("8/5 6/5")
    text = export_mat(replace(match, names=shown_names(match, lang)))
    assert words[0] in text and words[1] in text
    assert "Bottom" not in text and "Top" not in text
    named = Match.new(3, names=("Ann", "Top")).opening_with(3, 1)
    assert shown_names(named, lang) == ("Ann", words[1])
