"""A practice card answered on the board (app.page.practice.session): taps, bearing off, the cube cards' board."""

from __future__ import annotations

import pytest

from app.page.practice.session import Asking, answer_arrows
from core.analysis.lessons import lesson_cards
from core.errors import BackgammonError
from core.notation import format_play
from core.practice import Card


def test_taps_choose_move_and_change_the_checker() -> None:
    asking = Asking.of(lesson_cards("openings")[0])  # the opening 65
    assert asking.tap(3) == asking  # no checker of ours there: nothing happens
    chosen = asking.tap(13)
    assert chosen.selected == 13 and set(chosen.view("en").dests) >= {8, 7}
    assert chosen.tap(13).selected is None  # a second tap puts it back
    other = chosen.tap(24)  # another checker of ours: chosen instead
    assert other.selected == 24
    done = other.tap(13)  # by the sum: 24/18/13
    assert done.play is not None and format_play(done.play) == "24/13"
    assert done.tap(8) == done  # answered: the board no longer moves
    undone = other.tap(18).undo()
    assert undone.play is None and undone.turn is not None and undone.turn.steps == ()


def test_a_bear_off_card_bears_off_by_the_tray() -> None:
    card = lesson_cards("bearoff")[0]
    asking = Asking.of(card)
    movable = asking.movable()
    assert movable
    for _ in range(4):
        if asking.play is not None:
            break
        place = next(p for p in asking.movable())
        asking = asking.tap(place)
        dests = asking.view("en").dests
        asking = asking.tap("off" if "off" in dests else dests[0])
    assert asking.play is not None


def test_typed_plays_are_read_by_the_core() -> None:
    asking = Asking.of(lesson_cards("openings")[0])
    assert format_play(asking.typed("13/8 13/7").play) == "13/8 13/7"  # type: ignore[arg-type]
    with pytest.raises(BackgammonError):
        asking.typed("24/1")
    cube = Asking.of(lesson_cards("cube")[0])
    with pytest.raises(ValueError, match="cube decision"):
        cube.typed("13/7")


@pytest.mark.parametrize("kind", ["double", "take"])
def test_cube_cards_show_the_board_with_the_decider_at_the_bottom(kind: str) -> None:
    card = next(c for c in lesson_cards("cube") if c.kind == kind)
    asking = Asking.of(card)
    view = asking.view("fr")
    assert asking.turn is None and asking.movable() == () and view.dests == ()
    assert view.cube.offered == (kind == "take")
    assert "doubler ou non" in view.message if kind == "double" else "accepter ou refuser" in view.message
    # the board is the decider's from the bottom: the XGID's bottom checkers are player 0's
    bottom = sum(p.count for p in view.points if p.owner == 0)
    top = sum(p.count for p in view.points if p.owner == 1)
    assert (bottom, top) == (15 - view.off.counts[0], 15 - view.off.counts[1])
    assert answer_arrows(asking, "Take", "Pass") == ()


def test_a_card_from_a_mistake_says_what_was_played() -> None:
    card = Card.new(lesson_cards("openings")[0].xgid, played="13/8 13/7", best="24/13", loss=0.18)
    arrows = answer_arrows(Asking.of(card), "13/8 13/7", "24/13")
    assert [a.style for a in arrows] == ["played", "played", "best"]  # 24/13: one journey, one arrow
