"""What the page's hints and tutor say (app.page.coach.hint_words, app.text.coach_lines): pure, under CPython."""

from __future__ import annotations

from app.page.coach.hint_words import (
    BANDS,
    band_threshold,
    cube_lines,
    cube_verdict,
    decision_made,
    hint_html,
    hint_kind,
    tutor_warning,
)
from app.text.coach_lines import HintLine, play_lines
from core.analysis.analyse import MARKS
from core.analysis.hint import ActionCost, CubeHint, checker_hint
from core.game import Setup
from core.match import Match
from core.position import Position


def test_the_tutors_bands_are_the_analysis_marks() -> None:
    assert sorted(BANDS) == sorted(name for _, name in MARKS)
    for limit, name in MARKS:
        assert band_threshold(name) == limit
    assert band_threshold("off") is None


def test_the_players_own_play_is_listed_below_the_best_ones_and_marked() -> None:
    hint = checker_hint(Match.new(0).opening_with(3, 1))
    worst = hint.plays[-1].notation
    lines = play_lines(hint, "en", limit=3, mine=worst)
    assert [line.rank for line in lines] == [1, 2, 3, len(hint.plays)]
    assert lines[-1].mine and lines[-1].what == worst and not any(line.mine for line in lines[:-1])
    assert lines[-1].diff == "−" + f"{hint.plays[-1].loss:.3f}"


def test_cube_lines_when_no_double_is_best() -> None:
    hint = CubeHint("double", 0, 0.2, 0.1, 1.0, (0.6, 0.1, 0.0, 0.05, 0.0))
    lines = cube_lines(hint, "fr")
    assert [line.what for line in lines] == ["Pas de double", "Double, pris", "Double, passé"]
    assert [line.best for line in lines] == [True, False, False]
    assert lines[0].win == "60,0\u202f%" and lines[1].win == ""
    assert lines[1].diff == "−0,100" and lines[2].diff == "−0,100"  # a double is worth min(take, pass)
    assert cube_verdict(hint, "en") == "The best: no double."


def test_the_panel_escapes_what_it_shows() -> None:
    html = hint_html((HintLine(1, "<b>", "+0.1", "", "", ""),), "fr", cube=True)
    assert "<b>" not in html and "&lt;b&gt;" in html and ">Action</th>" in html and ">Équité</span>" in html


def test_tutor_warnings_for_cube_actions_in_both_languages() -> None:
    double = ActionCost("double", "No double", "Double", 0.2, None)
    assert tutor_warning(double, "en") == "No double loses 0.200 against the best choice, double (very bad)."
    take = ActionCost("take", "Pass", "Take", 0.05, None)
    assert tutor_warning(take, "fr") == "Refuser perd 0,050 par rapport au meilleur choix, prendre (douteux)."


def test_decisions_the_tutor_judges() -> None:
    money = Match.new(0, beavers=True).opening_with(3, 1).play("8/5 6/5")
    doubled = money.double()
    assert decision_made(doubled, doubled.beaver()).kind == "beaver"
    assert decision_made(doubled, doubled.drop()).kind == "drop"
    # a roll when the cube cannot be turned is no decision; neither is a resignation
    crawford = Match.new(3, score=(2, 0), crawford_game=True).opening_with(3, 1).play("8/5 6/5")
    assert decision_made(crawford, crawford.roll_with((6, 5))) is None
    assert decision_made(money, money.resign(1)) is None
    # a forced play confirmed is judged by the core (no choice: no cost), not skipped here
    forced = Match.new(3, setup=Setup(Position.from_text("x 6:1 / o 1:1"), 0, (6, 5)))
    assert decision_made(forced, forced.play("6/off")).kind == "play"


def test_no_hint_while_the_computer_acts_nor_after_the_game() -> None:
    match = Match.new(1).opening_with(3, 1)
    assert hint_kind(match) == "play" and hint_kind(match, waiting=True) is None
    assert hint_kind(match.resign(1).accept()) is None
