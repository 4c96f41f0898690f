"""Bounded links: each link carries only what the other device lacks, after a digest of the past.

Also the bounded, canonical decoding (size and entry limits, no stray bits or bytes), the
players' names in the first link, and the promise not to double.
"""

from __future__ import annotations

import base64
import hashlib
import random
import zlib
from dataclasses import replace

import pytest
from link_sim import Sim, Style

from core.link import (
    MAX_ENTRIES,
    MAX_PAYLOAD,
    Entry,
    History,
    LinkAction,
    LinkError,
    accept_link,
    accept_next,
    acknowledged,
    actions_between,
    chain_digest,
    check_proof,
    decode_link,
    decode_part,
    encode_link,
    hand_over,
    own_match,
    read_link,
    replay,
    start,
)
from core.link import errors as why
from core.link.codec import encode_body
from core.moves import legal_plays

LIMIT = 2000  # characters: what chat apps pass whole


def link_of(payload: bytes, *, version: int = 2, packed: bool = False) -> str:
    """A link around ``payload`` with a good checksum (zlib-packed when ``packed``)."""
    raw = bytes([version, int(packed)]) + len(payload).to_bytes(3, "big") + payload
    raw += hashlib.sha256(raw).digest()[:4]
    return "#link=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def reason_of(text: str, known: History | None = None) -> str:
    with pytest.raises(LinkError) as info:
        accept_link(text, known)
    assert str(info.value)
    return info.value.reason


@pytest.mark.parametrize("length", list(range(1, 26)))
def test_every_link_of_a_match_fits_a_chat_message(length: int) -> None:
    style = Style(double=0.12, take=0.8, promise=0.3 if length % 2 else 0.0)
    sim = Sim.new(length, 100 + length, style, names=("Ann", "Bob"))
    state = sim.play_out()
    assert state.match.is_over
    assert max(len(text) for text in sim.links) <= LIMIT
    assert len(sim.links) == len(state.history)  # one link a hand-over, each read by the other device
    # Only the invitation is a full link; every other carries one entry after the digest of the past.
    assert decode_part(sim.links[0]).since == 0
    assert all(decode_part(t).since == len(decode_part(t).entries) + i for i, t in enumerate(sim.links[1:]))


@pytest.mark.slow
def test_every_link_of_a_hundred_game_money_session_fits_a_chat_message() -> None:
    sim = Sim.new(0, 7, Style(double=0.1, promise=0.3))
    state = sim.play_out(games=100)
    assert len(state.match.games) == 100 and len(state.history) > 3000
    assert max(len(text) for text in sim.links) <= LIMIT
    assert len(encode_link(state.history)) > 100_000  # what a full link would have been
    assert accept_link(encode_link(state.history), None) == state  # the full link still reads


def test_a_device_without_the_history_refuses_a_bounded_link_and_reads_the_full_one() -> None:
    sim = Sim.new(3, 5)
    for _ in range(9):
        sim.step()
    bounded, full = sim.links[-1], encode_link(sim.state.history)
    assert reason_of(bounded) == why.NO_HISTORY  # a new device, or cleared storage
    with pytest.raises(LinkError) as info:
        decode_link(bounded)
    assert info.value.reason == why.NO_HISTORY and "full link" in str(info.value)
    short = sim.states[2].history  # a device whose storage went back in time
    assert reason_of(bounded, short) == why.NO_HISTORY
    assert accept_link(full, None) == sim.state  # the friend sends the full link: it reads


def test_a_bounded_link_on_another_past_is_refused_as_forked() -> None:
    sim = Sim.new(1, 6)
    for _ in range(8):
        sim.step()
    text = sim.links[-1]
    since = decode_part(text).since
    known = sim.states[-2].history
    entries = list(known.entries)
    entries[3] = replace(entries[3], time_ms=entries[3].time_ms + 1)  # one past entry differs
    other = replace(known, entries=tuple(entries))
    assert chain_digest(other, since) != chain_digest(known, since)
    assert reason_of(text, other) == why.FORKED
    with pytest.raises(LinkError) as info:
        accept_next(text, replace(sim.states[-2], history=other, digests=()))
    assert info.value.reason == why.FORKED


def test_refusals_hold_for_bounded_links() -> None:
    sim = Sim.new(1, 21)
    while len(sim.state.history) < 14 or sim.state.history.entries[-1].reveal is None:
        sim.step()
    known = sim.states[-2]
    text = sim.links[-1]
    part = decode_part(text)
    entry = part.entries[-1]
    assert entry.reveal is not None and entry.dice is not None

    def forged(changed: Entry) -> str:
        history = History(known.history.header, known.history.entries + (changed,))
        return encode_link(history, part.since)

    d1, d2 = entry.dice
    assert reason_of(forged(replace(entry, dice=(d1 % 6 + 1, d2))), known.history) == why.DICE
    assert reason_of(forged(replace(entry, reveal=bytes(16))), known.history) == why.COMMITMENT
    assert reason_of(forged(replace(entry, sender=1 - entry.sender)), known.history) == why.PROTOCOL
    assert accept_link(text, known.history) == sim.state
    assert reason_of(sim.links[-3], sim.state.history) == why.OLDER  # an earlier link replayed
    with pytest.raises(LinkError) as info:
        accept_next(sim.links[-3], sim.state)
    assert info.value.reason == why.OLDER
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for at in range(6, len(text), 3):  # any character altered
        swapped = alphabet[(alphabet.index(text[at]) + 1) % 64]
        assert reason_of(text[:at] + swapped + text[at + 1 :], known.history) in (
            why.CHECKSUM, why.VERSION, why.TRUNCATED,
        )  # fmt: skip
    assert reason_of(text[:-9], known.history) == why.TRUNCATED


def test_acknowledged_is_what_the_other_device_sent_last() -> None:
    sim = Sim.new(1, 3)
    for _ in range(5):
        sim.step()
    history = sim.state.history
    seat = history.entries[-1].sender
    assert acknowledged(history, seat) == len(history) - 1
    assert acknowledged(history.upto(1), 0) == 0


def test_a_million_entry_link_is_refused_before_any_entry_is_built() -> None:
    head = bytes(12) + bytes(3) + bytes([1, 1])
    body = head + (1_000_000).to_bytes(3, "big") + bytes(8) * 1_000_000
    packed = zlib.compress(body, 9)
    text = link_of(packed, packed=True)
    assert len(text) < 20_000
    assert reason_of(text) == why.TOO_LARGE
    # The count alone is refused too, before the entries: too many, or more than the bytes hold.
    assert reason_of(link_of(head + (MAX_ENTRIES + 1).to_bytes(3, "big") + bytes(8 * 1000))) == why.TOO_LARGE
    assert reason_of(link_of(head + (50_000).to_bytes(3, "big") + bytes(8 * 1000))) == why.FORMAT


def test_a_compression_bomb_is_refused() -> None:
    packed = zlib.compress(bytes(64 * MAX_PAYLOAD), 9)  # 128 MiB of zeros in a link of ~170 KB
    assert reason_of(link_of(packed, packed=True)) == why.TOO_LARGE
    assert reason_of("#link=" + "A" * (4 * MAX_PAYLOAD)) == why.TOO_LARGE


def test_decoding_is_canonical() -> None:
    sim = Sim.new(1, 4)
    for _ in range(4):
        sim.step()
    history = sim.state.history
    body = encode_body(history)
    packed = zlib.compress(body, 9)
    assert decode_link(encode_link(history)) == history
    assert reason_of(link_of(packed + b"\0", packed=True)) == why.FORMAT  # bytes after the packed data
    assert reason_of(link_of(packed[:-3], packed=True)) == why.FORMAT  # packed data cut
    assert reason_of(link_of(body + b"\0")) == why.FORMAT  # bytes after the last entry
    head = bytes(12) + bytes(3) + bytes([1, 1]) + (1).to_bytes(3, "big")
    assert reason_of(link_of(head + bytes([16]) + bytes(7))) == why.FORMAT  # ties without a roll
    # A reveal with an empty list of ties; then ties written on a roll that is no opening.
    empty_ties = bytes([2 | 16]) + bytes(6) + bytes(16) + bytes([1]) + bytes([0]) + bytes([0])
    with pytest.raises(LinkError, match="tied dice") as info:
        decode_link(link_of(head + empty_ties))
    assert info.value.reason == why.FORMAT
    index = next(i for i, e in enumerate(history.entries) if e.reveal is not None and i > 2)
    entry = history.entries[index]
    tied = History(history.header, history.entries[:index] + (replace(entry, ties=(3,)),))
    with pytest.raises(LinkError) as info:
        replay(tied)
    assert info.value.reason == why.DICE


def test_a_version_1_link_still_reads() -> None:
    sim = Sim.new(3, 2)
    for _ in range(5):
        sim.step()
    history = sim.state.history
    v2 = encode_body(history)
    v1 = v2[:12] + v2[15:]  # no "since"
    assert read_link(link_of(v1, version=1)) == sim.state


def test_names_travel_in_the_first_link() -> None:
    sim = Sim.new(3, 9, names=("Ann", "Éloïse Dupont-Martin"))
    for _ in range(4):
        sim.step()
    assert decode_link(sim.links[0]).header.names == ("Ann", "Éloïse Dupont-Martin")
    assert sim.devices[1].state is not None and sim.devices[1].state.history.header.names[1] == "Éloïse Dupont-Martin"
    for bad in ("x" * 25, "a\nb", " Ann"):
        with pytest.raises(LinkError, match="name"):
            start(bytes(12), 3, time_ms=0, secret=bytes(16), names=(bad, ""))
    body = bytearray(
        encode_body(History(start(bytes(12), 3, time_ms=0, secret=bytes(16), names=("A", "")).history.header))
    )
    at = body.index(b"A")
    body[at] = 10  # a control character
    assert reason_of(link_of(bytes(body))) == why.FORMAT


def messages_per_turn(promise: float) -> float:
    """Hand-overs per move played, over cubeful 7-point matches."""
    links = moves = 0
    for seed in range(6):
        sim = Sim.new(7, 300 + seed, Style(double=0.0, promise=promise))
        state = sim.play_out()
        links += len(state.history)
        moves += sum(1 for e in state.history.entries for a in e.actions if a.kind == "play")
    return links / moves


@pytest.mark.slow
def test_the_promise_not_to_double_saves_messages() -> None:
    without, always = messages_per_turn(0.0), messages_per_turn(1.0)
    assert 2.6 < without <= 3.0  # choose to roll, the friend's contribution, roll and play
    assert always < 1.3  # the friend's reply carries the roll


def test_a_promise_binds_and_follows_a_play() -> None:
    sim = Sim.new(5, 12, Style(double=0.0, promise=1.0))
    while True:
        state = sim.step()
        last = state.history.entries[-1]
        if last.actions and last.actions[-1].kind == "promise" and state.match.game.cube_available:
            break
    seat = last.sender
    assert state.promised[seat]
    # The friend plays on; his link must carry the contribution to the promised roll.
    while state.waiting_for != seat or state.reveal_due != seat:
        state = sim.step()
    assert state.roll_due == ("roll", seat) and state.contribution is not None
    # The promiser cannot double now: his entry must reveal first, and a double after the roll is refused.
    secret = sim.devices[seat].secret
    with pytest.raises(LinkError):
        hand_over(state, seat, (LinkAction("double"),), time_ms=1, secret=secret, next_secret=bytes(16),
                  contribution=bytes(16))  # fmt: skip
    with pytest.raises(LinkError) as info:  # a promise with no play before it
        state.extend(Entry(seat, 1, actions=(LinkAction("promise"),)))
    assert info.value.reason in (why.PROTOCOL, why.RULES)


@pytest.mark.parametrize("seed", range(8))
def test_commit_reveal_holds_over_random_matches_with_promises(seed: int) -> None:
    sim = Sim.new(1 + seed % 5, 500 + seed, Style(double=0.15, promise=0.5))
    state = sim.play_out()
    entries = state.history.entries
    for proof in state.proofs:
        assert check_proof(state.history.header.match_id, proof)
        # Committed before the contribution, contributed by the other seat, revealed after.
        assert proof.commit_entry < proof.contribution_entry < proof.reveal_entry
        assert entries[proof.contribution_entry].sender == 1 - proof.holder
        assert entries[proof.commit_entry].sender == entries[proof.reveal_entry].sender == proof.holder


def opening_links(seed: int, promise: bool) -> tuple[int, int, int]:
    """``(opening winner, link of the first play, link of the reply)`` (links counted from 1), each player
    playing his first legal play; with ``promise`` the first two links promise no double on the reply."""
    rnd = random.Random(seed)
    secrets = [rnd.randbytes(16), None]
    state = start(rnd.randbytes(12), 5, time_ms=0, secret=secrets[0] or b"", promise=promise)
    plays: list[int] = []
    while len(plays) < 2:
        seat = state.waiting_for
        assert seat is not None
        mine = own_match(state, seat, secrets[seat])
        game = mine.game
        actions: tuple[LinkAction, ...] = ()
        if game.player_to_act == seat and game.phase == "roll":
            actions = (LinkAction("roll"),)  # the choice to roll (no promise standing)
        elif game.player_to_act == seat and game.phase == "move":
            assert game.dice is not None
            actions = actions_between(mine, mine.play(legal_plays(game.position, game.dice)[0], by=seat))
            plays.append(len(state.history) + 1)
        state, secrets[seat] = hand_over(
            state, seat, actions, time_ms=len(state.history), secret=secrets[seat], next_secret=rnd.randbytes(16),
            contribution=rnd.randbytes(16), promise=promise and len(state.history) == 1,
        )  # fmt: skip
    die0, die1 = state.proofs[0].dice
    winner = 0 if die0 > die1 else 1
    return winner, plays[0], plays[1]


def test_the_first_checker_moves_as_early_as_commit_reveal_allows() -> None:
    """Invitation (commit), the friend's (commit, contribution), the opening revealed: the opening's winner
    moves in link 3 when he holds its secret, 4 otherwise; with the first links' promise not to double
    on the reply to the opening, the reply comes in the very next link (instead of three links later)."""
    seen = set()
    for seed in range(12):
        winner, first, reply = opening_links(seed, promise=True)
        assert (first, reply) == ((3, 4) if winner == 0 else (4, 5)), seed
        _, first_without, reply_without = opening_links(seed, promise=False)
        assert (first_without, reply_without) == (first, reply + 2)  # choose to roll, contribution, roll
        seen.add(winner)
    assert seen == {0, 1}


def test_a_promise_is_made_as_the_turn_is_handed_over_and_the_opening_spends_the_winners() -> None:
    state = start(bytes(12), 5, time_ms=0, secret=bytes(16), promise=True)
    assert state.promised == (True, False)
    state, _ = hand_over(state, 1, (), time_ms=1, secret=None, next_secret=bytes(16), contribution=bytes(16),
                         promise=True)  # fmt: skip
    assert state.promised == (True, True)
    mine = own_match(state, 0, bytes(16))
    winner = mine.game.turn
    assert winner is not None
    with pytest.raises(LinkError):  # the opening's winner must play: no promise before his play
        hand_over(state, 0, (), time_ms=2, secret=bytes(16), next_secret=bytes(16), contribution=bytes(16),
                  promise=True)  # fmt: skip
    if winner == 0:
        game = mine.game
        assert game.dice is not None
        play = actions_between(mine, mine.play(legal_plays(game.position, game.dice)[0], by=0))
        state, _ = hand_over(state, 0, play, time_ms=2, secret=bytes(16), next_secret=bytes(16),
                             contribution=bytes(16))  # fmt: skip
    else:
        state, _ = hand_over(state, 0, (), time_ms=2, secret=bytes(16), next_secret=bytes(16), contribution=None)
    loser = 1 - winner
    assert state.promised[winner] is False and state.promised[loser] is True
