"""The link protocol: whole matches by link, and what each side can and cannot do."""

from __future__ import annotations

from dataclasses import replace

import pytest
from link_sim import Sim

from core.link import (
    Entry,
    LinkAction,
    LinkError,
    accept_link,
    actions_between,
    check_proof,
    decode_link,
    derive_roll,
    encode_link,
    hand_over,
    own_match,
    read_link,
    replay,
    verify_rolls,
)
from core.link import errors as why
from core.match import Match


def full_check(sim: Sim) -> None:
    """Every link of the match reads back, alone, to the state it was made from."""
    final = sim.state
    for state in sim.states[:: max(1, len(sim.states) // 12)] + [final]:
        assert read_link(encode_link(state.history)) == state
    text = encode_link(final.history)
    proofs = verify_rolls(text)
    assert len(proofs) == len(final.proofs) > 0
    assert all(check_proof(final.history.header.match_id, p) for p in proofs)
    # The rolls in the match are the proofs' dice, in order.
    dice = [a.dice for g in final.match.games for a in g.game.actions if a.kind in ("opening", "roll")]
    assert dice == [p.dice for p in proofs]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_one_point_match_by_link(seed: int) -> None:
    sim = Sim.new(1, seed)
    state = sim.play_out()
    assert state.match.is_over and state.waiting_for is None
    assert all(g.game.cube == 1 for g in state.match.games)
    full_check(sim)


def test_a_three_point_match_with_the_cube_by_link() -> None:
    seed, sim = 0, None
    while True:  # the first seed whose match turns the cube and has more than one game
        seed += 1
        sim = Sim.new(3, seed)
        state = sim.play_out()
        if len(state.match.games) > 1 and any(g.game.cube > 1 for g in state.match.games):
            break
    kinds = {a.kind for e in state.history.entries for a in e.actions}
    assert {"double", "roll", "play"} <= kinds and kinds & {"take", "drop"}
    assert max(state.match.score) >= 3
    assert sum(p.kind == "opening" for p in state.proofs) == len(state.match.games)
    full_check(sim)


def test_the_player_who_may_double_sees_no_roll_before_choosing() -> None:
    sim = Sim.new(3, 5)
    while True:
        state = sim.step()
        game = state.match.game
        free = game.turn is not None and not state.promised[game.turn]  # (a promise made the roll due already)
        if game.phase == "roll" and game.can_double() and not state.declared_roll and free:
            break
    roller = game.turn
    assert roller is not None
    assert state.waiting_for == roller and state.roll_due is None and state.contribution is None
    assert own_match(state, roller, sim.devices[roller].secret).game.dice is None  # nothing to see yet
    # He says "roll": only then does the other player give his contribution.
    state, _ = hand_over(
        state, roller, (LinkAction("roll"),), time_ms=sim.clock, secret=sim.devices[roller].secret,
        next_secret=None, contribution=None,
    )  # fmt: skip
    assert state.roll_due == ("roll", roller) and state.waiting_for == 1 - roller
    bad = sim.state.history.extended(Entry(1 - roller, 0, contribution=bytes(16)))
    with pytest.raises(LinkError) as info:  # a contribution given before he chose is refused
        replay(bad)
    assert info.value.reason == why.PROTOCOL


def test_the_roller_cannot_change_his_secret_after_seeing_the_contribution() -> None:
    sim = Sim.new(1, 8)
    while sim.state.reveal_due is None or len(sim.state.proofs) < 3:
        sim.step()
    state, seat = sim.state, sim.state.reveal_due
    assert seat is not None
    wanted = own_match(state, seat, sim.devices[seat].secret).game.dice
    for trial in range(30):  # any other secret breaks the commitment, whatever roll it would make
        other = bytes([trial]) * 16
        with pytest.raises(LinkError) as info:
            hand_over(state, seat, (), time_ms=1, secret=other, next_secret=other, contribution=other)
        assert info.value.reason in (why.COMMITMENT, why.RULES)
        entry = Entry(seat, 1, other, wanted)
        with pytest.raises(LinkError) as info:
            state.extend(entry)
        assert info.value.reason == why.COMMITMENT


def test_the_contributor_cannot_change_his_contribution_after_the_reveal() -> None:
    sim = Sim.new(1, 9)
    while len(sim.state.proofs) < 4:
        sim.step()
    revealed = sim.state
    proof = revealed.proofs[-1]
    gift_entry = proof.contribution_entry
    entries = list(revealed.history.entries)
    match_id = revealed.history.header.match_id
    other = next(  # a contribution that would have made another roll
        g for g in (bytes([i]) * 16 for i in range(256))
        if derive_roll(match_id, proof.index, proof.holder, proof.secret, g) != proof.dice
    )  # fmt: skip
    assert proof.kind == "roll"
    entries[gift_entry] = replace(entries[gift_entry], contribution=other)
    changed = replace(revealed.history, entries=tuple(entries))
    # Read alone, the roll written no longer matches what the secrets make...
    with pytest.raises(LinkError) as info:
        replay(changed)
    assert info.value.reason == why.DICE
    # ... and a device that had the contribution refuses it changed, even with the reveal cut off.
    with pytest.raises(LinkError) as info:
        accept_link(encode_link(changed.upto(gift_entry + 1)), revealed.history.upto(gift_entry + 1))
    assert info.value.reason == why.FORKED


def test_entries_out_of_turn_or_missing_their_parts_are_refused() -> None:
    sim = Sim.new(1, 4)
    for _ in range(6):
        sim.step()
    state = sim.state
    seat = state.waiting_for
    assert seat is not None
    cases = [
        (Entry(1 - seat, 1), "waits for player"),
        (Entry(seat, 1, commit=bytes(32), contribution=bytes(16)), ""),
    ]
    for entry, words in cases:
        with pytest.raises(LinkError) as info:
            state.extend(entry)
        assert info.value.reason == why.PROTOCOL and words in str(info.value)
    with pytest.raises(LinkError) as info:
        state.extend(Entry(seat, 1, dice=(3, 1)))
    assert info.value.reason in (why.PROTOCOL, why.DICE)


def test_the_dice_never_come_from_the_device() -> None:
    match = Match.new(1).opening_with(3, 1).play("8/5 6/5")
    with pytest.raises(LinkError) as info:
        actions_between(match, match.roll_with((6, 6)))
    assert info.value.reason == why.PROTOCOL


def test_times_are_carried_and_read_back() -> None:
    sim = Sim.new(1, 11)
    for _ in range(8):
        sim.step()
    times = decode_link(encode_link(sim.state.history)).entries
    assert [e.time_ms for e in times] == list(sim.state.times)
    assert sim.state.times == tuple(sorted(sim.state.times)) and len(set(sim.state.times)) == len(times)
    assert sim.state.waiting_since == sim.state.times[-1]
    thinking = sim.state.thinking_times()
    assert [who for who, _ in thinking] == [e.sender for e in times[1:]]
    assert sum(ms for _, ms in thinking) == times[-1].time_ms - times[0].time_ms and all(ms > 0 for _, ms in thinking)


def _hand_over(sim: Sim, seat: int, actions: tuple[LinkAction, ...]) -> None:
    """``seat`` hands over ``actions`` and the other device reads the link, as Sim.step does."""
    device = sim.devices[seat]
    sim.clock += 5000
    sim.state, device.secret = hand_over(
        sim.state, seat, actions, time_ms=sim.clock, secret=device.secret,
        next_secret=device.draw(), contribution=device.draw(),
    )  # fmt: skip
    sim.states.append(sim.state)
    device.state = sim.state
    sim.offer(seat)  # the other device accepts it onto its own state (asserted equal)


@pytest.mark.parametrize("accepts", [True, False])
def test_a_resignation_after_ones_own_play_goes_by_link(accepts: bool) -> None:
    # A player may offer to resign on the other's turn (#55): by link, only at the end of his own
    # hand-over, after his play (each device speaks for its own player); the other answers in his.
    sim = Sim.new(3, 4, names=("Ann", "Bob"))
    while True:
        state = sim.step()
        game = state.match.game
        seat = game.player_to_act
        if game.phase == "move" and seat is not None and state.waiting_for == seat and len(state.match.games) == 1:
            mine = own_match(state, seat, sim.devices[seat].secret)
            if mine.game.legal_plays() and not mine.play(mine.game.legal_plays()[0], by=seat).game.is_over:
                break
    played = mine.play(mine.game.legal_plays()[0], by=seat)
    assert played.game.turn == 1 - seat and played.game.phase == "roll"
    _hand_over(sim, seat, actions_between(mine, played.resign(2, by=seat)))
    game = sim.state.match.game
    assert (game.phase, game.turn, game.player_to_act) == ("resign", 1 - seat, 1 - seat)
    assert sim.state.waiting_for == 1 - seat
    answer = LinkAction("accept" if accepts else "decline")
    _hand_over(sim, 1 - seat, (answer,))
    game = sim.state.match.game
    if accepts:
        assert game.result is not None and (game.result.winner, game.result.kind) == (1 - seat, "gammon")
    else:
        assert (game.phase, game.turn, game.declined_level) == ("roll", 1 - seat, 2)
        sim.play_out()
    full_check(sim)
