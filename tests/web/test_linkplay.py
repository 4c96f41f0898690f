"""Play by link between two devices that share nothing but the links (pure: no browser)."""

from __future__ import annotations

import random

import pytest

from app.page.link.link_book import STALE, LinkBook, LinkSession, NoSeatError
from app.page.storage.match_store import MemoryStorage
from app.page.storage.storage_keys import MATCH_KEY
from core.link import Entry, LinkError, decode_link, encode_link, verify_rolls
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
    assert first.state.match.winner is not None and len(verify_rolls(first.full_link)) > 10
    assert max(len(text) for text in links) < 300  # every link sent is short: the friend's device has the past
    assert first.book.storage.get(MATCH_KEY) == "normal save"  # the normal save is never touched
    assert [r.match_id for r in first.book.records()] == [first.match_id]


def test_a_three_point_match_with_the_cube_between_two_devices() -> None:
    first, _, links = play_match(3, 5)
    match = first.state.match
    assert match.is_over and max(match.score) >= 3
    kinds = {a.kind for e in first.state.history.entries for a in e.actions}
    assert {"roll", "double"} <= kinds
    assert len(verify_rolls(first.full_link)) == len(first.state.proofs)


def test_refused_links_change_nothing_on_the_device() -> None:
    first, _, links = play_match(1, 7)
    book = first.book
    before = dict(book.storage.items)  # type: ignore[attr-defined]
    history = decode_link(first.full_link)
    cut = links[-1][:-30]
    for text, reason in [
        (links[-4], why.OLDER),
        (cut, why.TRUNCATED),
        # the last entry replaced by an earlier one of the same player: out of place
        (encode_link(history.upto(len(history) - 1).extended(history.entries[-3])), why.COMMITMENT),
    ]:
        with pytest.raises(LinkError) as info:
            LinkSession.open(book, text, time_ms=5, draw=random.Random(1).randbytes)
        # this device holds the true last entry: the replaced one is found as a different past
        allowed = {reason, why.PROTOCOL, why.RULES, why.FORKED} if reason == why.COMMITMENT else {reason}
        assert info.value.reason in allowed
    # A match between two other devices: no seat here.
    other, _, theirs = play_match(1, 8)
    with pytest.raises(NoSeatError):
        LinkSession.open(book, other.full_link, time_ms=5, draw=random.Random(1).randbytes)
    with pytest.raises(LinkError) as info:  # its last link alone: this device lacks its past
        LinkSession.open(book, theirs[-1], time_ms=5, draw=random.Random(1).randbytes)
    assert info.value.reason == why.NO_HISTORY
    assert book.storage.items == before  # type: ignore[attr-defined]


def test_a_device_that_lost_its_storage_is_told_so() -> None:
    first, _, links = play_match(1, 11)
    with pytest.raises(LinkError) as info:  # the last link: the history is missing, ask for the full link
        LinkSession.open(LinkBook(MemoryStorage()), links[-1], time_ms=5, draw=random.Random(1).randbytes)
    assert info.value.reason == why.NO_HISTORY
    with pytest.raises(NoSeatError) as info:  # the full link: the history is there, the secret is not
        LinkSession.open(LinkBook(MemoryStorage()), first.full_link, time_ms=5, draw=random.Random(1).randbytes)
    assert info.value.reason == why.NO_SECRET and info.value.state.match.is_over


@pytest.mark.parametrize("choice", ["0", "24", "72"])
def test_the_dialogs_time_per_move_reaches_both_devices(choice: str) -> None:
    from app.page.clock.clock_text import link_allowance_hours, link_time_line

    hour, clock = 3_600_000, 1_764_590_400_000
    hours = link_allowance_hours(choice)
    alice = LinkSession.create(
        LinkBook(MemoryStorage()), 3, time_ms=clock, draw=random.Random(5).randbytes, allowance_hours=hours
    )
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=clock + hour, draw=random.Random(6).randbytes)
    assert decode_link(bob.full_link).header.allowance_hours == hours
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
    from app.page.clock.clock_text import link_allowance_hours

    for bad in ("", "12", "-24", "24h"):
        with pytest.raises(ValueError, match="time per move"):
            link_allowance_hours(bad)


def test_names_typed_in_the_dialog_travel_in_the_first_link() -> None:
    alice = LinkSession.create(LinkBook(MemoryStorage()), 3, time_ms=1, draw=random.Random(5).randbytes,
                               names=("Alice", "Bob"))  # fmt: skip
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=2, draw=random.Random(6).randbytes)
    assert bob.state.history.header.names == ("Alice", "Bob")
    assert bob.base.names == alice.base.names == ("Alice", "Bob")  # both boards show the names typed


def test_a_stale_tab_is_refused_and_overwrites_nothing() -> None:
    storage = MemoryStorage()
    clock, rnd = 1_764_590_400_000, random.Random(2)
    draw = random.Random(3).randbytes
    alice = LinkSession.create(LinkBook(storage), 3, time_ms=clock, draw=draw)
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=clock, draw=draw)
    while True:  # on to a turn where alice has something to decide
        tab1 = LinkSession.open(LinkBook(storage), bob.link, time_ms=clock, draw=draw)
        if tab1.my_turn:
            break
        bob = LinkSession.open(bob.book, tab1.link, time_ms=clock, draw=draw)
        while bob.my_turn:
            step = decide(bob.base, bob.seat, rnd)
            if step is None:
                bob.choose_roll(clock, draw)
            else:
                bob.played(step, clock, draw)
    # A second tab of alice's device reads the same record: both tabs on "your move".
    tab2 = LinkSession.open(LinkBook(storage), tab1.full_link, time_ms=clock, draw=draw)
    assert tab2.state == tab1.state and tab2.my_turn
    while tab2.my_turn:  # tab 2 plays and sends
        step = decide(tab2.base, tab2.seat, rnd)
        if step is None:
            tab2.choose_roll(clock, draw)
        else:
            tab2.played(step, clock, draw)
    kept = storage.get(LinkBook(storage).key(tab2.match_id))
    step = decide(tab1.base, tab1.seat, rnd)  # later, tab 1 plays on its stale match
    if step is None:
        with pytest.raises(LinkError) as info:
            tab1.choose_roll(clock, draw)
    else:
        with pytest.raises(LinkError) as info:
            tab1.played(step, clock, draw)
    assert info.value.reason == STALE
    assert tab1.my_turn and tab1.state.history == tab2.state.history.upto(len(tab1.state.history))  # unchanged
    assert storage.get(LinkBook(storage).key(tab2.match_id)) == kept  # tab 2's match and secret kept
    bob = LinkSession.open(bob.book, tab2.link, time_ms=clock, draw=draw)  # bob reads tab 2's link
    assert bob.state == tab2.state


def test_a_corrupt_record_is_set_aside_and_a_finished_match_deleted() -> None:
    first, _, _ = play_match(1, 17)
    book = first.book
    storage = book.storage
    for bad in ("[]", '{"id": "x", "seat": 7, "link": "#link=AQ"}', "{"):
        storage.set(book.key("bad"), bad)
        storage.set("videau.link.index", '["bad", "' + first.match_id + '"]')
        assert book.get("bad") is None and book.broken() == ["bad"]
        assert [r.match_id for r in book.records()] == [first.match_id]
        book.set_aside("bad")
        assert book.ids() == [first.match_id] and storage.get(book.key("bad") + ".aside") == bad
    assert book.delete(first.match_id) and book.records() == [] and book.get(first.match_id) is None
    live = LinkSession.create(book, 3, time_ms=1, draw=random.Random(5).randbytes)
    assert not book.delete(live.match_id) and book.get(live.match_id) is not None  # a match in play is kept


def test_a_promise_with_a_move_lets_the_friends_reply_bring_the_roll() -> None:
    clock, rnd = 1_764_590_400_000, random.Random(4)
    draw = random.Random(9).randbytes
    alice = LinkSession.create(LinkBook(MemoryStorage()), 5, time_ms=clock, draw=draw)
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=clock, draw=draw)
    sessions, links, turn = [alice, bob], [bob.link], 0
    promised = None
    for _ in range(300):
        me = sessions[turn] = LinkSession.open(sessions[turn].book, links[-1], time_ms=clock, draw=draw)
        if promised is not None and len(me.state.history) > promised[1] + 6:
            break
        while me.my_turn:
            step = decide(me.base, me.seat, rnd)
            if step is None:
                me.choose_roll(clock, draw)
                continue
            ok = me.base.game.phase == "move" and step.game.cube_available and not step.game.is_over
            me.played(step, clock, draw, promise=ok)
            if ok and promised is None and me.state.history.entries[-1].actions[-1].kind == "promise":
                promised = (me.seat, len(me.state.history))
        links.append(me.link)
        turn = 1 - turn
    assert promised is not None
    seat, at = promised
    entries = sessions[turn].state.history.entries
    assert entries[at - 1].actions[-1].kind == "promise" and entries[at - 1].sender == seat
    # The friend's turn ends with his play, and that link carries the contribution to the promised roll...
    later = entries[at:]
    k = next(i for i, e in enumerate(later) if e.sender != seat and any(a.kind == "play" for a in e.actions))
    assert later[k].contribution is not None
    # ... so the promiser rolls as he opens it: no "roll" decision, no waiting for a contribution.
    assert later[k + 1].sender == seat and later[k + 1].reveal is not None


def double_and_answer(answer: str) -> tuple[tuple[Entry, ...], int, int]:
    """A 5-point match by link where the first who may double does, the promise ticked; his friend answers
    ``answer`` ("take" or "drop"), the promise ticked too. The entries, the answerer's seat, and the number
    of entries up to his answer."""
    clock, rnd, draw = 1_764_590_400_000, random.Random(8), random.Random(12).randbytes
    alice = LinkSession.create(LinkBook(MemoryStorage()), 5, time_ms=clock, draw=draw)
    bob = LinkSession.open(LinkBook(MemoryStorage()), alice.link, time_ms=clock, draw=draw)
    sessions, links, turn = [alice, bob], [bob.link], 0
    answered: tuple[int, int] | None = None
    for _ in range(80):
        me = sessions[turn] = LinkSession.open(sessions[turn].book, links[-1], time_ms=clock, draw=draw)
        if answered is not None and (len(me.state.history) > answered[1] + 4 or me.state.waiting_for is None):
            break
        while me.my_turn:
            game = me.base.game
            if game.phase == "roll" and answered is None and game.can_double():
                assert me.played(me.base.double(by=me.seat), clock, draw, promise=True)
            elif game.phase == "double":
                assert me.played(getattr(me.base, answer)(by=me.seat), clock, draw, promise=True)
                answered = (me.seat, len(me.state.history))
            elif game.phase == "roll":
                assert me.choose_roll(clock, draw)
            else:
                step = decide(me.base, me.seat, rnd)
                assert step is not None
                me.played(step, clock, draw)
        links.append(me.link)
        turn = 1 - turn
    assert answered is not None
    return sessions[turn].state.history.entries, answered[0], answered[1]


def test_a_promise_with_a_take_lets_the_doublers_reply_bring_the_takers_roll() -> None:
    """The doubled player takes and promises with it not to redouble on his next turn (#59): the doubler's
    link with his play carries the contribution to the taker's roll, so the taker rolls as he opens it."""
    entries, seat, at = double_and_answer("take")
    assert [a.kind for a in entries[at - 2].actions] == ["double"]  # a promise with a double is left out
    assert [a.kind for a in entries[at - 1].actions] == ["take", "promise"] and entries[at - 1].sender == seat
    reply = entries[at]  # the doubler rolls (the take brought his contribution) and plays...
    assert reply.sender != seat and reply.reveal is not None and any(a.kind == "play" for a in reply.actions)
    assert reply.contribution is not None  # ... and his link carries the contribution to the taker's roll
    assert entries[at + 1].sender == seat and entries[at + 1].reveal is not None  # rolled as he opened it
    assert not any(a.kind == "roll" for a in entries[at + 1].actions)


def test_a_promise_with_a_drop_is_left_out() -> None:
    entries, seat, at = double_and_answer("drop")
    assert [a.kind for a in entries[at - 1].actions] == ["drop"] and entries[at - 1].sender == seat


@pytest.mark.parametrize("length", [1, 3, 0])
def test_the_first_two_links_promise_no_double_on_the_reply_to_the_opening(length: int) -> None:
    creator = LinkSession.create(LinkBook(MemoryStorage()), length, time_ms=1, draw=random.Random(5).randbytes)
    friend = LinkSession.open(LinkBook(MemoryStorage()), creator.link, time_ms=2, draw=random.Random(6).randbytes)
    entries = friend.state.history.entries
    promised = [bool(e.actions) and e.actions[-1].kind == "promise" for e in entries]
    assert promised == [length != 1, length != 1]  # no cube in a 1-point match: nothing to promise
    assert friend.state.promised == (length != 1, length != 1)


def test_a_link_that_plays_for_this_device_is_refused_and_nothing_is_stored() -> None:
    """The review's forgery on a device: the friend's link resigns, rolls or doubles for this device."""
    from core.link import LinkAction, hand_over

    rnd, draws = random.Random(4), (random.Random(5).randbytes, random.Random(6).randbytes)
    books = (LinkBook(MemoryStorage()), LinkBook(MemoryStorage()))
    clock = 1_764_590_400_000
    sessions = [LinkSession.create(books[0], 3, time_ms=clock, draw=draws[0])]
    sessions.append(LinkSession.open(books[1], sessions[0].link, time_ms=clock, draw=draws[1]))
    turn, refused = 0, set()
    for _ in range(40):
        clock += 1000
        me = sessions[turn] = LinkSession.open(books[turn], sessions[1 - turn].link, time_ms=clock, draw=draws[turn])
        friend = sessions[1 - turn]
        # Before answering, this device's friend (who just sent) tries to write this device's next entry.
        before = dict(books[turn].storage.items)  # type: ignore[attr-defined]
        for action in (LinkAction("resign", level=3), LinkAction("resign_match"), LinkAction("roll")):
            if me.state.history != friend.state.history:  # this device answered by itself already
                break
            try:
                forged, _ = hand_over(
                    friend.state, me.seat, (action,), time_ms=clock, secret=None, next_secret=bytes(16),
                    contribution=bytes(16),
                )  # fmt: skip
            except LinkError:
                continue  # the rules refuse it here (a roll to reveal, say)
            since = len(friend.state.history)  # the friend's link: his entries, and one for this device
            text = encode_link(forged.history, since - 1, friend.state.digests[since - 1])
            with pytest.raises(LinkError) as info:
                LinkSession.open(books[turn], text, time_ms=clock, draw=draws[turn])
            assert info.value.reason == why.SEAT
            assert books[turn].storage.items == before  # type: ignore[attr-defined]
            refused.add(action.kind)
        while me.my_turn:
            after = decide(me.base, me.seat, rnd)
            if after is None:
                me.choose_roll(clock, draws[turn])
            else:
                me.played(after, clock, draws[turn])
        if me.state.waiting_for is None:
            break
        turn = 1 - turn
    assert {"resign", "resign_match", "roll"} <= refused


def test_a_record_whose_link_does_not_read_is_set_aside_and_the_match_is_shown_as_not_this_devices() -> None:
    first, _, links = play_match(1, 13)
    book = first.book
    record = book.get(first.match_id)
    assert record is not None
    book.storage.set(book.key(first.match_id), record.to_json().replace("#link=", "#link=@"))
    assert book.get(first.match_id) is not None  # the record reads; its link does not
    with pytest.raises(NoSeatError):  # the full link is read as a match this device has no seat in
        LinkSession.open(book, first.full_link, time_ms=1_764_590_400_000 + 10**7, draw=random.Random(1).randbytes)
    assert book.get(first.match_id) is None
    assert book.storage.get(book.key(first.match_id) + ".aside") is not None


@pytest.mark.parametrize(
    "text", ['{"id": "ab", "seat": 1e400, "link": "#link=x"}', "[" * 100_000, '{"id": "ab", "seat": NaN}']
)
def test_a_hostile_record_is_unreadable_not_fatal(text: str) -> None:
    book = LinkBook(MemoryStorage({"videau.link.ab": text, "videau.link.index": '["ab"]'}))
    assert book.get("ab") is None and book.broken() == ["ab"]
    book.set_aside("ab")
    assert book.ids() == [] and book.storage.get("videau.link.ab.aside") == text


def test_the_friend_names_himself_in_his_answer_and_both_devices_show_it() -> None:
    stores = (MemoryStorage(), MemoryStorage())
    books = (LinkBook(stores[0]), LinkBook(stores[1]))
    draws = (random.Random(60).randbytes, random.Random(61).randbytes)
    mine = LinkSession.create(books[0], 5, time_ms=10, draw=draws[0], names=("Ann", ""))
    theirs = LinkSession.open(books[1], mine.link, time_ms=20, draw=draws[1])
    assert theirs.can_rename and theirs.base.names == ("Ann", "Top")  # joined at once, named by default
    unnamed = theirs.link
    theirs.rename("  Bob ", time_ms=25)  # as typed: spaces around it dropped
    assert theirs.base.names == ("Ann", "Bob") and theirs.link != unnamed
    kept = books[1].get(theirs.match_id)
    assert kept is not None and kept.link == theirs.full_link  # the device's record has the named answer
    with pytest.raises(LinkError, match="control character"):
        theirs.rename("B\x07b", time_ms=26)
    assert theirs.base.names == ("Ann", "Bob") and theirs.link != unnamed  # a refused name changes nothing
    # the creator's device reads either answer to the same opening: only the name differs
    first = LinkSession.open(LinkBook(MemoryStorage(dict(stores[0].items))), unnamed, time_ms=30, draw=draws[0])
    mine = LinkSession.open(books[0], theirs.link, time_ms=30, draw=draws[0])
    assert mine.base.names == ("Ann", "Bob") and first.base.names == ("Ann", "Top") and not mine.can_rename
    assert mine.base.game == first.base.game and mine.base.game.phase != "opening"
    with pytest.raises(LinkError) as info:  # the other answer after the named one: refused, nothing changes
        LinkSession.open(books[0], unnamed, time_ms=31, draw=draws[0])
    assert info.value.reason == why.OLDER  # (the creator's device already answered the named one)
    theirs = LinkSession.open(books[1], mine.link, time_ms=40, draw=draws[1])
    assert theirs.base.names == ("Ann", "Bob") and not theirs.can_rename
    with pytest.raises(LinkError):  # once answered, the name is the match's
        theirs.rename("Robert", time_ms=41)
