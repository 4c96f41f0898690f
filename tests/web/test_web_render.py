"""app.board.render: the SVG, parsed with ElementTree, against the DOM contract of app.page and the e2e tests."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from app.board.arrows import arrows_from_notation
from app.board.places import board_for_player0
from app.board.render import render_arrows, render_board
from app.board.view import BoardView, build_board_view, build_view
from core.match import Match
from core.position import Position
from core.turn import Turn

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def places(root: ET.Element) -> dict[str, ET.Element]:
    found = [el for el in root.iter() if "data-point" in el.attrib]
    keys = [el.get("data-point") for el in found]
    assert len(keys) == len(set(keys)), f"duplicate data-point: {Counter(keys).most_common(3)}"
    return {el.get("data-point", ""): el for el in found}


def checkers(el: ET.Element) -> list[ET.Element]:
    return [c for c in el.iter() if "data-checker" in c.attrib]


def owner_counts(el: ET.Element) -> Counter[str]:
    return Counter(c.get("data-owner", "?") for c in checkers(el))


def draw(view: BoardView, **kw: bool) -> ET.Element:
    return parse(render_board(view, **kw))


def test_initial_position_contract() -> None:
    root = draw(build_board_view(Position.initial()))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox", "").startswith("0 0 ")
    assert root.get("width") == "100%"
    assert root.get("height") is None
    assert len(checkers(root)) == 30
    found = places(root)
    assert set(found) == {str(p) for p in range(1, 25)} | {"bar", "off"}
    expected = {"24": ("0", 2), "13": ("0", 5), "8": ("0", 3), "6": ("0", 5),
                "1": ("1", 2), "12": ("1", 5), "17": ("1", 3), "19": ("1", 5)}  # fmt: skip
    for key, el in found.items():
        counts = owner_counts(el)
        if key in expected:
            owner, n = expected[key]
            assert counts == Counter({owner: n}), key
        else:
            assert not counts, key
    for el in found.values():
        assert el.get("tabindex") == "0"
        assert el.get("role") == "button"
        assert el.get("aria-label")
    # the page's board is one Tab stop (roving tabindex): point 1 when nothing is movable
    roving = places(draw(build_board_view(Position.initial(), roving=True)))
    assert [k for k, el in roving.items() if el.get("tabindex") == "0"] == ["1"]
    assert {el.get("tabindex") for k, el in roving.items() if k != "1"} == {"-1"}
    assert found["13"].get("aria-label") == "point 13, 5 white checkers"
    assert found["7"].get("aria-label") == "point 7, empty"
    # every checker sits inside exactly one place
    assert sum(len(checkers(el)) for el in found.values()) == 30


def test_bar_and_off_hold_both_players_checkers() -> None:
    board = Position.from_text("x bar:2 6:3 5:3 / o bar:1 23:2 1:3")
    root = draw(build_board_view(board))
    found = places(root)
    assert owner_counts(found["bar"]) == Counter({"0": 2, "1": 1})
    assert owner_counts(found["off"]) == Counter({"0": 7, "1": 9})
    assert found["bar"].get("aria-label") == "bar, 2 white checkers, 1 black checker"
    assert found["off"].get("aria-label") == "borne off, 7 white checkers, 9 black checkers"
    assert len(checkers(root)) == 30
    trays = {t.get("data-player"): t for t in found["off"].iter() if "data-player" in t.attrib}
    assert owner_counts(trays["0"]) == Counter({"0": 7})
    assert owner_counts(trays["1"]) == Counter({"1": 9})


def test_tall_stacks_keep_one_element_per_checker() -> None:
    board = Position.from_text("x 6:9 5:6 / o 24:8 23:7")
    found = places(draw(build_board_view(board)))
    assert owner_counts(found["6"]) == Counter({"0": 9})
    assert owner_counts(found["5"]) == Counter({"0": 6})
    assert owner_counts(found["1"]) == Counter({"1": 8})
    assert owner_counts(found["2"]) == Counter({"1": 7})
    counts = {
        key: [t.text for t in el.iter(f"{SVG}text") if "count" in t.get("class", "").split()]
        for key, el in found.items()
    }
    assert counts["6"] == ["9"]
    assert counts["5"] == ["6"]
    assert counts["1"] == ["8"]
    assert counts["13"] == []


def test_fifteen_on_one_point_and_count_label() -> None:
    board = Position.from_text("x 1:15 / o 1:15")
    found = places(draw(build_board_view(board)))
    assert owner_counts(found["1"]) == Counter({"0": 15})
    assert owner_counts(found["24"]) == Counter({"1": 15})
    count_labels = [t.text for t in found["1"].iter(f"{SVG}text") if "count" in t.get("class", "")]
    assert count_labels == ["15"]


def test_movable_dest_selected_attributes() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    found = places(draw(build_board_view(Position.initial(), turn=turn, selected=8)))
    movable = {k for k, el in found.items() if "data-movable" in el.attrib}
    dests = {k for k, el in found.items() if "data-dest" in el.attrib}
    selected = {k for k, el in found.items() if "data-selected" in el.attrib}
    assert movable == {"24", "13", "8", "6"}
    assert dests == {"5", "7", "4"}  # 4 by the sum of the dice: 8/5/4 or 8/7/4
    assert {k for k, el in found.items() if "data-dest-sum" in el.attrib} == {"4"}
    assert selected == {"8"}
    # a destination is visibly marked, a sum differently
    assert any(c.get("class", "") == "dest-marker" for c in found["5"].iter())
    assert any("dest-marker--sum" in c.get("class", "") for c in found["4"].iter())
    # the selected checker holds the board's one Tab stop, unless the focus is elsewhere
    view = build_board_view(Position.initial(), turn=turn, selected=8, roving=True)
    assert [k for k, el in places(draw(view)).items() if el.get("tabindex") == "0"] == ["8"]
    view = build_board_view(Position.initial(), turn=turn, selected=8, focus="bar", roving=True)
    assert [k for k, el in places(draw(view)).items() if el.get("tabindex") == "0"] == ["bar"]


def test_player1_bar_movable_and_bear_off_dest() -> None:
    board = Position.from_text("x bar:1 6:3 / o 6:2 5:2 2:2")  # player 1 on roll, seen by player 1
    turn = Turn.start(board, (3, 1))
    view = build_board_view(board_for_player0(board, 1), mover=1, turn=turn, selected="bar")
    found = places(draw(view))
    assert "data-movable" in found["bar"].attrib
    assert "data-selected" in found["bar"].attrib
    assert {k for k, el in found.items() if "data-dest" in el.attrib} == {"3", "1", "4"}  # bar/22/21: 4

    board = Position.from_text("x 6:1 2:2 / o 24:2 13:5")
    turn = Turn.start(board, (6, 2))
    found = places(draw(build_board_view(board, turn=turn, selected=6)))
    assert "data-dest" in found["off"].attrib
    assert any("dest-marker" in c.get("class", "") for c in found["off"].iter())


def test_labels_in_both_languages() -> None:
    board = Position.from_text("x bar:1 13:5 6:1 / o 1:3")
    en = places(draw(build_board_view(board)))
    fr = places(draw(build_board_view(board, lang="fr")))
    assert en["bar"].get("aria-label") == "bar, 1 white checker"
    assert fr["bar"].get("aria-label") == "barre, 1 pion blanc"
    assert en["24"].get("aria-label") == "point 24, 3 black checkers"
    assert fr["24"].get("aria-label") == "case 24, 3 pions noirs"
    assert fr["off"].get("aria-label") == "sortis, 8 pions blancs, 12 pions noirs"
    assert fr["7"].get("aria-label") == "case 7, vide"


def test_user_text_is_escaped() -> None:
    evil = "<script>alert(1)</script>"
    view = build_board_view(
        Position.initial(), names=(evil, 'a" onload="x'), message=evil + " & <b>", arrows=(), lang="en"
    )
    svg = render_board(view)
    assert "<script" not in svg
    assert "<b>" not in svg
    root = parse(svg)
    assert not list(root.iter(f"{SVG}script"))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert evil + " & <b>" in texts
    assert any(t.startswith("<script>alert(1)") for t in texts)
    assert all("onload" not in el.attrib for el in root.iter())


def test_flipped_board_keeps_player0_numbering() -> None:
    view = build_board_view(Position.initial())
    plain, flipped = draw(view), draw(view, flipped=True)
    a, b = places(plain), places(flipped)
    assert set(a) == set(b)
    for key in a:
        assert owner_counts(a[key]) == owner_counts(b[key])
    width = float(plain.get("viewBox", "").split()[2])

    def centre_x(el: ET.Element) -> float:
        xs = [float(c.get("cx", 0)) for c in checkers(el)]
        return sum(xs) / len(xs)

    # player 0's home (point 6) is on the right, flipped on the left; mirror images
    assert centre_x(a["6"]) > width / 2 > centre_x(b["6"])
    assert centre_x(a["6"]) == pytest.approx(width - centre_x(b["6"]))
    assert "board--flipped" in flipped.get("class", "")
    # the view's own flag is the default
    assert render_board(build_board_view(Position.initial(), flipped=True)) == render_board(view, flipped=True)


def test_turned_board_puts_player_1_at_the_bottom() -> None:
    """A device playing seat 1 draws the board from that seat: player 1's checkers, tray, cube side and name
    at the bottom, his home on the right; the numbering (``data-point``) and every count stay the same."""
    position = Position.from_text("x 6:5 8:3 13:5 24:2 / o 6:5 8:3 13:5 24:2")
    view = build_board_view(position, names=("Ann", "Bob"), cube_owner=1, cube_value=2, cube_shown=True)
    plain, turned = draw(view), draw(view, turned=True)
    a, b = places(plain), places(turned)
    assert set(a) == set(b) and all(owner_counts(a[k]) == owner_counts(b[k]) for k in a)
    height = float(plain.get("viewBox", "").split()[3])
    width = float(plain.get("viewBox", "").split()[2])

    def centre(el: ET.Element) -> tuple[float, float]:
        cs = checkers(el)
        return sum(float(c.get("cx", 0)) for c in cs) / len(cs), sum(float(c.get("cy", 0)) for c in cs) / len(cs)

    # player 1's home board (player 0's points 19..24): top right, turned bottom right
    assert centre(a["19"])[1] < height / 2 < centre(b["19"])[1]
    assert centre(a["19"])[0] == centre(b["19"])[0] > width / 2
    assert centre(a["6"])[1] > height / 2 > centre(b["6"])[1]
    assert "point--top" in (a["13"].get("class") or "") and "point--bottom" in (b["13"].get("class") or "")

    def y_of(root: ET.Element, cls: str) -> float:
        found = next(el for el in root.iter() if cls in (el.get("class") or "").split())
        rect = next(r for r in found.iter(f"{SVG}rect"))
        return float(rect.get("y", 0))

    for part in ("caption", "tray"):
        assert y_of(plain, f"{part}--1") < y_of(plain, f"{part}--0")
        assert y_of(turned, f"{part}--0") < y_of(turned, f"{part}--1")
    assert y_of(plain, "cube") < height / 2 < y_of(turned, "cube")  # the cube on its owner's (player 1's) side
    assert "board--turned" in turned.get("class", "")
    default = render_board(build_board_view(position, turned=True))
    assert default == render_board(build_board_view(position), turned=True)


def test_point_numbers_drawn_from_the_viewer_side() -> None:
    def numbers(view: BoardView) -> list[str]:
        root = draw(view)
        return [t.text or "" for t in root.iter(f"{SVG}text") if "point-number" in t.get("class", "")]

    assert sorted(numbers(build_board_view(Position.initial())), key=int) == [str(n) for n in range(1, 25)]
    mine = numbers(build_board_view(Position.initial()))
    theirs = numbers(build_board_view(Position.initial(), viewer=1))
    assert [25 - int(n) for n in mine] == [int(n) for n in theirs]


def test_output_is_deterministic() -> None:
    turn = Turn.start(Position.initial(), (6, 6)).step(24, 18)
    args = {"turn": turn, "selected": 13, "names": ("A", "B"), "message": "m"}
    first = render_board(build_board_view(Position.from_text(turn.position.to_text()), **args))  # type: ignore[arg-type]
    second = render_board(build_board_view(Position.from_text(turn.position.to_text()), **args))  # type: ignore[arg-type]
    assert first == second


def test_dice_and_used_dice() -> None:
    turn = Turn.start(Position.initial(), (5, 3)).step(13, 8)
    root = draw(build_board_view(Position.from_text(turn.position.to_text()), turn=turn))
    dice = [el for el in root.iter() if "data-die" in el.attrib]
    assert [(d.get("data-die"), d.get("data-used")) for d in dice] == [("5", "true"), ("3", None)]
    assert all(d.get("data-player") == "0" for d in dice)
    assert "die--used" in dice[0].get("class", "")
    pips = [c for c in dice[1].iter(f"{SVG}circle") if "die__pip" in c.get("class", "")]
    assert len(pips) == 3


def test_opening_dice_one_per_player() -> None:
    root = draw(build_view(Match.new(3).opening_with(6, 4)))
    dice = [(el.get("data-die"), el.get("data-player")) for el in root.iter() if "data-die" in el.attrib]
    assert dice == [("6", "0"), ("4", "1")]


def test_cube_centred_owned_hidden_offered() -> None:
    def cube(view: BoardView) -> ET.Element | None:
        return next((el for el in draw(view).iter() if "data-cube" in el.attrib), None)

    centred = cube(build_board_view(Position.initial()))
    assert centred is not None
    assert centred.get("data-cube") == "64"
    assert centred.get("data-cube-owner") is None
    owned = cube(build_board_view(Position.initial(), cube_value=8, cube_owner=1))
    assert owned is not None
    assert (owned.get("data-cube"), owned.get("data-cube-owner")) == ("8", "1")
    assert cube(build_board_view(Position.initial(), cube_shown=False)) is None
    assert cube(build_view(Match.new(1))) is None
    offered = cube(build_view(Match.new(5).opening_with(3, 1).play("8/5 6/5").double()))
    assert offered is not None
    assert offered.get("data-cube") == "2"
    assert "cube--offered" in offered.get("class", "")


def test_captions_and_turn() -> None:
    match = Match.new(7, names=("Ann", "Bot"), score=(2, 5)).opening_with(3, 1)
    root = draw(build_view(match))
    captions = {el.get("data-player"): el for el in root.iter() if "caption" in el.get("class", "").split()}
    assert set(captions) == {"0", "1"}
    assert "caption--active" in captions["0"].get("class", "")
    assert "caption--active" not in captions["1"].get("class", "")
    text0 = " ".join(captions["0"].itertext())
    assert "Ann" in text0
    assert "167 pips" in text0
    assert "2" in text0
    assert "7-point match" in " ".join(captions["1"].itertext())
    assert root.get("data-turn") == "0"
    assert root.get("data-phase") == "move"


def test_arrows_for_diagrams() -> None:
    view = build_board_view(Position.initial(), dice=(6, 1), arrows=arrows_from_notation("13/7 8/7"))
    root = draw(view)
    paths = [el for el in root.iter(f"{SVG}path") if "arrow" in el.get("class", "").split()]
    assert len(paths) == 2
    assert render_arrows(view).startswith('<g class="arrows"')
    assert render_arrows(build_board_view(Position.initial())) == ""
    bar = build_board_view(Position.from_text("x bar:1 6:5 / o 6:5"), arrows=arrows_from_notation("bar/20 6/off"))
    assert len([el for el in draw(bar).iter(f"{SVG}path") if "arrow" in el.get("class", "")]) == 2


def test_css_classes() -> None:
    svg = render_board(build_board_view(Position.initial(), dice=(2, 1)))
    for cls in ("point", "checker", "checker--0", "checker--1", "die", "cube", "bar", "off", "point--light"):
        assert f'class="{cls}' in svg or f" {cls}" in svg, cls
    assert "<style>" in svg


def test_render_is_fast() -> None:
    turn = Turn.start(Position.initial(), (3, 1))
    view = build_board_view(Position.initial(), turn=turn, selected=8, names=("A", "B"))
    start = time.perf_counter()
    for _ in range(50):
        render_board(view)
    assert (time.perf_counter() - start) / 50 < 0.02  # CPython does it in well under a millisecond


def test_data_owner_is_only_on_checkers() -> None:
    match = Match.new(5).opening_with(3, 1).play("8/5 6/5").double().take().roll_with((6, 6))
    root = draw(build_view(match))
    owned = [el for el in root.iter() if "data-owner" in el.attrib]
    assert len(owned) == 30
    assert all("data-checker" in el.attrib for el in owned)


def test_still_diagrams_are_not_in_the_tab_order() -> None:
    found = places(draw(build_board_view(Position.initial(), focusable=False)))
    for el in found.values():
        assert el.get("tabindex") is None
        assert el.get("role") == "img"
        assert el.get("aria-label")


def test_escape_is_the_standard_librarys() -> None:
    """render.escape stands in for html.escape (not imported at start): same output."""
    import html

    from app.board.render import escape

    for text in ["", "plain", "<b>&amp;</b>", "R&D's \"board\"", "é < ü > ' \" &&", "&#x27;<>"]:
        assert escape(text) == html.escape(text, quote=True)
