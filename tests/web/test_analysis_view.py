"""The analysis dialog's pure parts: the decision list, the players' table, the replay frame of a
decision, and the winning-chances chart (app.records.analysis_view, app.records.win_chart)."""

from __future__ import annotations

import re
from functools import cache
from html import unescape
from pathlib import Path

import pytest

from app.records.analysis_view import decision_place, ordered, rating_text, rows_html, summary_html
from app.records.replay import frame_text, game_frames
from app.records.win_chart import BOTTOM, HEIGHT, TOP, ChartPoint, game_points, win_chart_svg
from app.text import t
from core.analysis import PAGE_DEPTH, RATINGS, MatchAnalysis, analyse_match
from core.match import Match
from core.moves import legal_plays
from core.notation import format_play
from core.record import parse_mat

DATA = Path(__file__).resolve().parents[1] / "data"


def cube_match() -> Match:
    """Two games: a double and a take, a resignation declined, a redouble passed; a double passed."""
    match = Match.new(5, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5")
    match = match.roll_with((6, 4)).play("8/2 8/4").roll_with((2, 1)).play("13/11 6/5")
    match = match.double().take().roll_with((5, 5)).play("13/3(2)")
    match = match.resign(1).decline().roll_with((4, 2)).play("8/4 6/4").roll_with((3, 1))
    match = match.play(format_play(legal_plays(match.game.position, (3, 1))[0]))
    match = match.double().drop().next_game()
    return match.opening_with(5, 2).play("13/8 13/11").double().drop()


@cache
def blunder() -> tuple[Match, MatchAnalysis]:
    match = parse_mat((DATA / "analysis_blunder.mat").read_text())
    return match, analyse_match(match, depth=PAGE_DEPTH)


@cache
def cubes() -> tuple[Match, MatchAnalysis]:
    match = cube_match()
    return match, analyse_match(match, depth=PAGE_DEPTH)


def test_the_blunder_comes_first_then_game_order() -> None:
    _, analysis = blunder()
    worst = ordered(analysis.decisions, "worst")
    assert (worst[0].played, worst[0].best, worst[0].mark) == ("13/8 6/4", "13/11* 13/8", "very bad")
    assert [d.loss for d in worst] == sorted((d.loss for d in worst), reverse=True)
    in_order = ordered(analysis.decisions, "game")
    assert [(d.game, d.move) for d in in_order] == sorted((d.game, d.move) for d in in_order)
    assert set(in_order) == set(worst) == {d for d in analysis.decisions if d.counted}


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("Game 1 · 3.", "Ann 52: 13/8 6/4", "best: 13/11* 13/8", "very bad", "−0.")),
     ("fr", ("Partie 1 · 3.", "Ann 52: 13/8 6/4", "meilleur : 13/11* 13/8", "très mauvais", "−0,"))],
)
def test_rows_name_the_decision_in_both_languages(lang: str, words: tuple[str, ...]) -> None:
    _, analysis = blunder()
    html = rows_html(analysis, ("Ann", "Bob"), lang, "worst")
    first = html.split("</li>")[0]
    for word in words:
        assert word in first
    index = int(re.search(r'data-index="(\d+)"', first).group(1))  # type: ignore[union-attr]
    assert analysis.decisions[index].played == "13/8 6/4"
    assert html.count("<button") == len(ordered(analysis.decisions, "worst"))


def test_cube_rows_use_the_cube_words() -> None:
    _, analysis = cubes()
    for lang, words in (("en", ("Double", "Take", "Drop")), ("fr", ("Doubler", "Accepter", "Refuser"))):
        html = rows_html(analysis, ("Ann", "Bob"), lang, "game")
        for word in words:
            assert f"Ann {word}" in html or f"Bob {word}" in html


def test_the_players_table_shows_rates_ratings_luck_and_errors() -> None:
    _, analysis = cubes()
    for lang in ("en", "fr"):
        html = summary_html(analysis, ("Ann", "Bob"), lang)
        assert html.count("<tr") == 3  # the head and one row a player
        for s in analysis.summary:
            row = re.search(f'<tr role="row" data-player="{s.player}">(.*?)</tr>', html).group(1)  # type: ignore[union-attr]
            rate = f"{s.error_rate:.1f}"
            assert (rate if lang == "en" else rate.replace(".", ",")) in row
            assert rating_text(lang, s.rating) in row
            label = t(lang, "analysis.col.decisions")
            assert f'<td role="cell" data-label="{label}">{s.decisions}</td>' in row
            # every figure captioned with its column (the phone's cards show the captions)
            assert re.findall(r'data-label="([^"]*)"', row) == [
                t(lang, f"analysis.col.{k}") for k in ("decisions", "rate", "rating", "errors", "luck")]
            luck = f"{abs(s.luck):.3f}"
            assert (luck if lang == "en" else luck.replace(".", ",")) in row
        assert t(lang, "analysis.col.rate") in html


def test_every_rating_has_words_in_both_languages() -> None:
    names = [name for _, name in RATINGS] + ["Awful!"]
    for lang in ("en", "fr"):
        texts = [rating_text(lang, name) for name in names]
        assert len(set(texts)) == len(names) and not any(x.startswith("analysis.") for x in texts)
    assert [rating_text("en", name) for name in names] == names  # gnubg's own words in English


def test_each_decision_opens_the_replay_at_its_frame() -> None:
    match, analysis = cubes()
    for d in analysis.decisions:
        game, ply = decision_place(match, d)
        frames = game_frames(match, game)
        frame = frames[ply]
        if d.kind == "move":
            assert frame.kind == "play" and frame.notation == d.played and frame.dice is not None
            assert sorted(frame.dice) == sorted(d.dice or ())
        elif d.kind == "double" and d.played == "Double":
            assert frame.kind == "double" and frame.player == d.player
        elif d.kind == "double":  # no double: the position before the play that followed
            after = frames[ply + 1]
            assert after.kind == "play" and after.player == d.player
        else:
            assert frame.kind == ("take" if d.played == "Take" else "drop") and frame.player == d.player
    kinds = {(d.kind, d.played) for d in analysis.decisions}
    assert {("double", "Double"), ("take", "Take"), ("take", "Pass"), ("double", "No double")} <= kinds
    assert any(f.kind == "resign" for f in game_frames(match, 0))  # the resignation frame is skipped over
    assert frame_text(game_frames(match, 0)[decision_place(match, analysis.decisions[-1])[1]], "en") != ""


# -- the chart ----------------------------------------------------------------------------------
def _points(svg: str) -> list[tuple[float, float]]:
    line = re.search(r'<polyline class="chart__line" points="([^"]*)"', svg)
    assert line is not None
    return [(float(x), float(y)) for x, y in (p.split(",") for p in line.group(1).split())]


def test_the_chart_draws_player_0s_chances_play_by_play() -> None:
    match, analysis = cubes()
    plays = game_points(analysis.decisions, 1)
    moves = [d for d in analysis.decisions if d.game == 1 and d.kind == "move"]
    assert len(plays) == len(moves)
    for point, d in zip(plays, moves):
        assert d.win is not None
        assert point.chance == pytest.approx(d.win if d.player == 0 else 1.0 - d.win)
    result = match.games[0].game.result
    assert result is not None and result.winner == 0  # Bob passed Ann's redouble
    svg = win_chart_svg(plays, names=("Ann", "Bob"), lang="en", game=1, winner=result.winner)
    xy = _points(svg)
    assert len(xy) == len(plays) + 1  # and the result
    xs = [x for x, _ in xy]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    span = HEIGHT - TOP - BOTTOM
    for (_, y), p in zip(xy, plays):
        assert y == pytest.approx(TOP + (1.0 - p.chance) * span, abs=0.06)
    assert xy[-1][1] == pytest.approx(TOP)  # Ann won: 100%
    assert svg.count("<circle") == len(plays) + 1
    assert "chart__point--end" in svg and "Ann wins the game" in svg
    assert "Game 1: Ann's winning chances, play by play" in unescape(svg)
    lost = win_chart_svg(plays, names=("Ann", "Bob"), lang="en", game=1, winner=1)
    assert _points(lost)[-1][1] == pytest.approx(TOP + span) and "Bob wins the game" in lost


def test_the_chart_marks_bad_plays_and_speaks_french() -> None:
    points = [ChartPoint(1, 0, 0.5), ChartPoint(2, 1, 0.7, "very bad"), ChartPoint(3, 0, 0.8, "bad"),
              ChartPoint(4, 1, 0.75, "doubtful")]
    svg = win_chart_svg(points, names=("Ann", "Bob"), lang="fr", game=3, winner=None)
    assert svg.count("<circle") == 4  # no result: the game goes on
    assert re.search(r'chart__point--very-bad"[^>]*data-move="2"', svg)
    assert re.search(r'chart__point--bad"[^>]*data-move="3"', svg)
    assert re.search(r'chart__point--doubtful"[^>]*data-move="4"', svg)
    assert "Partie 3 : chances de gain de Ann" in svg and "En haut : Ann gagne" in svg
    assert "2. Bob · Ann: 70%" in svg
    assert svg.startswith("<svg") and 'role="img"' in svg and "viewBox=" in svg and "width=" not in svg.split(">")[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_cube_decisions_review_shows_its_equities_and_what_each_answer_costs(lang: str) -> None:
    """#59: the review of a double, of a take and of a pass gives the cubeful equities and the
    cost of each answer; the answer made costs what the analysis counted as its loss."""
    from app.records.review import cube_costs, cube_table_html

    _, analysis = cubes()
    seen = set()
    for d in analysis.decisions:
        if d.kind == "move":
            assert cube_table_html(d, lang) == ""
            continue
        html = unescape(cube_table_html(d, lang))
        costs = dict(cube_costs(d))
        equities = html.split("</table>")[0]
        assert len(re.findall(r"<td>[+−-]\d[.,]\d{3}</td>", equities)) == len(d.equities)  # every equity shown
        assert html.count("<tr>") == len(d.equities) + len(costs)
        played = "Double" if d.kind == "double" and d.played == "Double" else d.played
        assert costs[played] == pytest.approx(d.loss, abs=1e-9), (d.kind, d.played, costs, d.loss)
        assert min(costs[k] for k in (("No double", "Double") if d.kind == "double" else ("Take", "Pass"))) == 0
        seen.add((d.kind, d.played))
    assert {("double", "Double"), ("take", "Take"), ("take", "Pass")} <= seen
