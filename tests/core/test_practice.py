"""The practice deck (core.practice): Leitner spacing, merging mistakes, reading saved decks."""

from __future__ import annotations

import json

import pytest

from core.practice import AGAIN, INTERVALS, OPENING_31, OPENING_61, Card, Deck, InvalidDeckError

OPENING_42 = OPENING_31.replace(":31:", ":42:")


def deck_of(*xgids: str) -> Deck:
    return Deck().add([Card.new(x) for x in xgids])


def test_a_missed_card_comes_back_until_answered_right() -> None:
    deck = deck_of(OPENING_31, OPENING_61, OPENING_42)
    asked = []
    for _ in range(6):
        card = deck.next_card()
        assert card is not None
        roll = card.xgid.split(":")[4]
        asked.append(roll)
        right = roll != "31" or asked.count("31") == 3  # 31 missed twice, then right
        deck = deck.answer(card.xgid, right=right)
    # 31 missed; 61 right; 31 back before the new 42, missed again; 42 right; 31 back (box 0 before
    # 61, both due) and right at last; then 61
    assert asked == ["31", "61", "31", "42", "31", "61"]
    assert deck.find(OPENING_31) is not None and deck.find(OPENING_31).right == 1  # type: ignore[union-attr]
    assert deck.find(OPENING_31).seen == 3  # type: ignore[union-attr]


def test_right_answers_come_back_later_and_later() -> None:
    deck = deck_of(OPENING_31)
    gaps = []
    for _ in range(6):
        before = deck.clock
        deck = deck.answer(OPENING_31, right=True)
        card = deck.find(OPENING_31)
        assert card is not None
        gaps.append(card.due - before)
    assert gaps == [*INTERVALS, INTERVALS[-1]]
    assert gaps == sorted(gaps)
    deck = deck.answer(OPENING_31, right=False)
    card = deck.find(OPENING_31)
    assert card is not None and card.box == 0 and card.due == deck.clock - 1 + AGAIN


def test_next_card_prefers_what_is_due_and_a_theme_filters() -> None:
    cube = OPENING_31.replace(":31:", ":00:")
    deck = deck_of(OPENING_31, cube).answer(OPENING_31, right=True)
    assert deck.next_card().xgid == cube  # type: ignore[union-attr]
    assert deck.next_card("opening").xgid == OPENING_31  # type: ignore[union-attr]  # not due: the soonest
    assert deck.next_card("bearoff") is None
    assert [c.xgid for c in deck.due()] == [cube]
    progress = deck.progress()
    assert (progress["cube"].total, progress["cube"].due, progress["opening"].right) == (1, 1, 1)


def test_adding_a_mistake_again_resets_the_card_and_builtins_do_not() -> None:
    deck = deck_of(OPENING_31).answer(OPENING_31, right=True).answer(OPENING_31, right=True)
    assert deck.find(OPENING_31).box == 2  # type: ignore[union-attr]
    assert deck.add([Card.new(OPENING_31, source="openings")]).find(OPENING_31).box == 2  # type: ignore[union-attr]
    again = deck.add([Card.new(OPENING_31, played="24/21 6/5", best="8/5 6/5", loss=0.12, source="match")])
    card = again.find(OPENING_31)
    assert card is not None and (card.box, card.due, card.played, card.loss) == (0, deck.clock, "24/21 6/5", 0.12)
    assert len(again.cards) == 1


def test_json_round_trip_and_clear_errors() -> None:
    deck = deck_of(OPENING_31, OPENING_61).answer(OPENING_61, right=False)
    assert Deck.from_json(deck.to_json()) == deck
    data = json.loads(deck.to_json())
    data["cards"][1]["due"] = "soon"
    with pytest.raises(InvalidDeckError, match="due 'soon' is not a whole number"):
        Deck.from_json(json.dumps(data))
    data["cards"][1] = data["cards"][0]
    with pytest.raises(InvalidDeckError, match="twice"):
        Deck.from_json(json.dumps(data))
    with pytest.raises(InvalidDeckError, match="expected an object, got list"):
        Deck.from_json("[]")
    with pytest.raises(InvalidDeckError, match="cards"):
        Deck.from_json('{"version": 1, "clock": 0, "cards": 3}')


def test_unknown_card_answer_raises() -> None:
    with pytest.raises(KeyError):
        Deck().answer(OPENING_31, right=True)
