"""Play by link between two devices that share nothing but the links (pure: no browser)."""

from __future__ import annotations

import random

import pytest

from app.page.linkplay import LinkBook, LinkSession, NoSeatError
from app.page.storage import MATCH_KEY, MemoryStorage
from core.link import LinkError, decode_link, encode_link, verify_rolls
from core.link import errors as why
from core.match import Match
from core.moves import legal_plays


def decide(match: Match, seat: int, rnd: random.Random) -> Match | None:
    """A random decision of ``seat`` (``None``: roll, when a double was possible)."""
    game = match.game
    if game.phase == "roll":
        return match.double(by=seat) if rnd.random() < 0.1 else None
    if game.phase == "double":
        return match.take(by=seat) if rnd.random() < 0.7 else match.drop(by=seat)
    assert game.phase == "move" and game.dice is not None
    plays = legal_plays(game.position, game.dice)
    quiet = [p for p in plays if not p.hits] or list(plays)  # shorter games
    return match.play(rnd.choice(quiet) if plays else (), by=seat)


def play_match(length: int, seed: int) -> tuple[LinkSession, LinkSession, list[str]]:
    rnd = random.Random(seed)
    books = (LinkBook(MemoryStorage({MATCH_KEY: "normal save"})), LinkBook(MemoryStorage()))
    draws = (random.Random(seed + 1).randbytes, random.Random(seed + 2).randbytes)
    clock = 1_764_590_400_000
    sessions = [LinkSession.create(books[0], length, time_ms=clock, draw=draws[0])]
    links = [sessions[0].link]
    sessions.append(LinkSession.open(books[1], links[-1], time_ms=clock, draw=draws[1]))
    links.append(sessions[1].link)
    turn = 0
    while sessions[turn].state.waiting_for is not None:
        clock += 1000
        me = sessions[turn] = LinkSession.open(books[turn], links[-1], time_ms=clock, draw=draws[turn])
        while me.my_turn:
            after = decide(me.base, me.seat, rnd)
            if after is None:
                assert me.choose_roll(clock, draws[turn])
            else:
                me.played(after, clock, draws[turn])
        links.append(me.link)
        turn = 1 - turn
    return sessions[0], sessions[1], links


def test_a_one_point_match_between_two_devices() -> None:
    first, second, links = play_match(1, 3)
    assert first.state.match.is_over and first.state == second.state
    assert first.state.match.winner is not None and len(verify_rolls(links[-1])) > 10
    assert first.book.storage.get(MATCH_KEY) == "normal save"  # the normal save is never touched
    assert [r.match_id for r in first.book.records()] == [first.match_id]


def test_a_three_point_match_with_the_cube_between_two_devices() -> None:
    first, _, links = play_match(3, 5)
    match = first.state.match
    assert match.is_over and max(match.score) >= 3
    kinds = {a.kind for e in first.state.history.entries for a in e.actions}
    assert {"roll", "double"} <= kinds
    assert len(verify_rolls(links[-1])) == len(first.state.proofs)


def test_refused_links_change_nothing_on_the_device() -> None:
    first, _, links = play_match(1, 7)
    book = first.book
    before = dict(book.storage.items)  # type: ignore[attr-defined]
    history = decode_link(links[-1])
    cut = links[-1][:-30]
    for text, reason in [
        (links[-4], why.OLDER),
        (cut, why.TRUNCATED),
        # the last entry replaced by an earlier one of the same player: out of place
        (encode_link(history.upto(len(history) - 1).extended(history.entries[-3])), why.COMMITMENT),
    ]:
        with pytest.raises(LinkError) as info:
            LinkSession.open(book, text, time_ms=5, draw=random.Random(1).randbytes)
        allowed = {reason, why.PROTOCOL, why.RULES} if reason == why.COMMITMENT else {reason}
        assert info.value.reason in allowed
    # A match between two other devices: no seat here.
    _, _, theirs = play_match(1, 8)
    with pytest.raises(NoSeatError):
        LinkSession.open(book, theirs[5], time_ms=5, draw=random.Random(1).randbytes)
    assert book.storage.items == before  # type: ignore[attr-defined]


def test_a_device_that_lost_its_storage_is_told_so() -> None:
    _, _, links = play_match(1, 11)
    with pytest.raises(NoSeatError) as info:
        LinkSession.open(LinkBook(MemoryStorage()), links[-1], time_ms=5, draw=random.Random(1).randbytes)
    assert info.value.reason == why.NO_SECRET and info.value.state.match.is_over


@pytest.mark.parametrize("choice", ["0", "24", "72"])
def test_the_dialogs_time_per_move_reaches_both_devices(choice: str) -> None:
    from app.page.clock_text import link_allowance_hours, link_time_line

    hour, clock = 3_600_000, 1_764_590_400_000
    hours = link_allowance_hours(choice)
    alice = LinkSession.create(
        LinkBook(MemoryStorage()), 3, time_ms=clock, draw=random.Random(5).randbytes, allowance_hours=hours
    )
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=clock + hour, draw=random.Random(6).randbytes)
    assert decode_link(bob.link).header.allowance_hours == hours
    alice = LinkSession.open(alice.book, bob.link, time_ms=clock + hour, draw=random.Random(7).randbytes)
    for session in (alice, bob):  # each device reads the same time from the link and its own clock
        time = session.state.time_left(clock + 5 * hour)
        if not hours:
            assert time is None
            continue
        assert time is not None and session.state.waiting_since == clock + hour  # the last hand-over
        assert time.left_ms == (hours - 4) * hour
        line = link_time_line("en", "Ann", hours, time, "then")
        assert f"{hours - 4} h 00 min left" in line and f"{hours} h per move" in line
        late = session.state.time_left(clock + (hours + 3) * hour)
        assert late is not None and late.is_overdue
        assert "2 h 00 min" in link_time_line("fr", "Ann", hours, late, "alors")


def test_an_unknown_time_per_move_choice_is_refused() -> None:
    from app.page.clock_text import link_allowance_hours

    for bad in ("", "12", "-24", "24h"):
        with pytest.raises(ValueError, match="time per move"):
            link_allowance_hours(bad)
