"""Practice cards from an analysed match, priced as the analysis prices them; the built-in decks."""

from __future__ import annotations

import pytest

from core.analysis import Engine, analyse_match, walk_match
from core.analysis.cards import card_eval_steps, card_question, grade_answer, mistake_cards, moment_xgid
from core.analysis.lessons import LESSON_NAMES, lesson_cards, teaches
from core.bot.evaluator import drive
from core.match import Match
from core.practice import MISTAKE, Card, Deck


def sample_match() -> Match:
    m = Match.new(5, names=("Ann", "Bob"), score=(1, 3)).opening_with(3, 1).play("24/21 6/5")
    m = m.roll_with((6, 4)).play("24/14").double().take()
    m = m.roll_with((5, 5)).play("13/8(2) 6/1(2)")
    return m


def test_every_moment_round_trips_through_its_card() -> None:
    match = sample_match()
    for moment in walk_match(match):
        q = card_question(Card.new(moment_xgid(moment, match.length)))
        assert (q.kind, q.position, q.situation, q.dice) == (
            moment.kind,
            moment.position,
            moment.situation,
            moment.dice if moment.kind == "move" else None,
        )


def test_mistakes_become_cards_priced_as_the_analysis_priced_them() -> None:
    match = sample_match()
    analysis = analyse_match(match)
    cards = mistake_cards(match, analysis)
    mistakes = [d for d in analysis.decisions if d.loss >= MISTAKE]
    assert mistakes and len(cards) == len(mistakes)
    engine = Engine()
    for card, d in zip(cards, mistakes, strict=True):
        assert (card.kind, card.played, card.best) == (d.kind, d.played, d.best)
        assert card.loss == pytest.approx(d.loss, abs=1e-6)
        assert card.source == "match"
        ev = drive(card_eval_steps(engine, card))
        assert ev.best_action == d.best
        graded = grade_answer(ev, d.played if d.kind == "move" else d.played.lower())
        assert not graded.right
        assert graded.loss == pytest.approx(d.loss, abs=1e-6)
        assert grade_answer(ev, d.best if d.kind == "move" else d.best.lower()).right
    deck = Deck().add(cards)
    assert deck.add(mistake_cards(match, analysis)) == deck  # the same match twice: the same cards


def test_an_answer_is_right_below_the_mistake_threshold() -> None:
    ev = drive(card_eval_steps(Engine(), lesson_cards("openings")[0]))  # the opening 65
    close = [o for o in ev.options if 0 < o.loss < MISTAKE]
    far = [o for o in ev.options if o.loss >= MISTAKE]
    assert ev.best_action == "24/13"
    assert far and not grade_answer(ev, far[0].what).right
    assert all(grade_answer(ev, o.what).right for o in close)
    assert grade_answer(ev, ev.options[0].play).right  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("name", LESSON_NAMES)
def test_every_built_in_card_teaches_something(name: str) -> None:
    cards = lesson_cards(name)
    assert len({c.xgid for c in cards}) == len(cards) >= 12
    engine = Engine()
    openings = 0
    for card in cards:
        assert card.source == name
        ev = drive(card_eval_steps(engine, card))
        if name == "openings" and openings < 15:  # every opening roll is in, lesson or not
            openings += 1
            continue
        assert teaches(ev), card.xgid
    kinds = {c.kind for c in cards}
    assert kinds == ({"double", "take"} if name.startswith("cube") else {"move"})
    if name == "cube-match":  # at the scores of a 7-point match (some not 0-0), priced there (#59)
        fields = [c.xgid.split(":") for c in cards]
        assert {f[8] for f in fields} == {"7"} and any(f[5:7] != ["0", "0"] for f in fields)
