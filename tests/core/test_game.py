"""The game state machine: every refused action's reason, the cube, resignations, results."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from core import reasons
from core.errors import IllegalActionError, InvalidStateError
from core.game import Action, Game, GameResult, ResignOffer
from core.moves import legal_plays
from core.position import Position


def pos(text: str) -> Position:
    return Position.from_text(text)


def refused(reason: str, action: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    with pytest.raises(IllegalActionError) as err:
        action(*args, **kwargs)
    assert err.value.reason == reason, str(err.value)
    return str(err.value)


START = Game.new()
MOVING = START.opening_with(3, 1)  # player 0 to play 31
ROLLING = MOVING.play("8/5 6/5")  # player 1 to roll
DOUBLED = ROLLING.double()  # player 0 to answer
RESIGNING = MOVING.resign(1)  # player 1 to answer
OVER = DOUBLED.drop()
STATES = {"opening": START, "roll": ROLLING, "move": MOVING, "double": DOUBLED, "resign": RESIGNING, "over": OVER}

ACTIONS: dict[str, Callable[[Game], Game]] = {
    "opening": lambda g: g.opening_with(5, 2),
    "roll": lambda g: g.roll_with((5, 2)),
    "double": lambda g: g.double(),
    "take": lambda g: g.take(),
    "drop": lambda g: g.drop(),
    "step": lambda g: g.step(8, 5),
    "auto_step": lambda g: g.auto_step(8),
    "undo": lambda g: g.undo(),
    "undo_all": lambda g: g.undo_all(),
    "confirm": lambda g: g.confirm(),
    "play": lambda g: g.play("8/5 6/5"),
    "pass_turn": lambda g: g.pass_turn(),
    "resign": lambda g: g.resign(2),
    "accept": lambda g: g.accept(),
    "decline": lambda g: g.decline(),
}

# The reason each action is refused with in each phase (absent: allowed there).
REFUSALS: dict[str, dict[str, str]] = {
    "opening": {
        "roll": reasons.NOT_NOW, "move": reasons.NOT_NOW, "double": reasons.OFFER_PENDING,
        "resign": reasons.OFFER_PENDING,
    },
    "roll": {
        "opening": reasons.NOT_NOW, "move": reasons.ALREADY_ROLLED, "double": reasons.OFFER_PENDING,
        "resign": reasons.OFFER_PENDING,
    },
    "double": {
        "opening": reasons.NOT_NOW, "move": reasons.ALREADY_ROLLED, "double": reasons.OFFER_PENDING,
        "resign": reasons.OFFER_PENDING,
    },
    "take": dict.fromkeys(("opening", "roll", "move", "resign"), reasons.NO_OFFER),
    "drop": dict.fromkeys(("opening", "roll", "move", "resign"), reasons.NO_OFFER),
    "accept": dict.fromkeys(("opening", "roll", "move", "double"), reasons.NO_OFFER),
    "decline": dict.fromkeys(("opening", "roll", "move", "double"), reasons.NO_OFFER),
    "resign": {"opening": reasons.NOT_NOW, "double": reasons.OFFER_PENDING, "resign": reasons.OFFER_PENDING},
    **{
        name: {"opening": reasons.MUST_ROLL, "roll": reasons.MUST_ROLL, "double": reasons.OFFER_PENDING,
               "resign": reasons.OFFER_PENDING}
        for name in ("step", "auto_step", "undo", "undo_all", "confirm", "play", "pass_turn")
    },
}  # fmt: skip
REFUSALS["undo"]["move"] = REFUSALS["undo_all"]["move"] = reasons.NOT_NOW  # no step made yet
REFUSALS["confirm"]["move"] = reasons.TURN_NOT_COMPLETE
REFUSALS["pass_turn"]["move"] = reasons.MUST_PLAY
for _refusals in REFUSALS.values():
    _refusals["over"] = reasons.GAME_OVER


@pytest.mark.parametrize("phase", list(STATES))
@pytest.mark.parametrize("name", list(ACTIONS))
def test_every_action_in_every_phase(name: str, phase: str) -> None:
    game = STATES[phase]
    assert game.phase == phase
    expected = REFUSALS[name].get(phase)
    if expected is None:
        after = ACTIONS[name](game)
        assert isinstance(after, Game)
        assert after != game
    else:
        message = refused(expected, ACTIONS[name], game)
        assert "refused" in message or "not allowed" in message or "no legal step" in message
        assert game == STATES[phase]  # nothing changed: values are immutable


def test_not_your_turn() -> None:
    assert refused(reasons.NOT_YOUR_TURN, ROLLING.roll_with, (3, 3), by=0) == (
        "roll by player 0 refused: it is player 1's move (phase roll, player 1 on roll)"
    )
    refused(reasons.NOT_YOUR_TURN, ROLLING.double, by=0)
    refused(reasons.NOT_YOUR_TURN, MOVING.step, 8, 5, by=1)
    refused(reasons.NOT_YOUR_TURN, MOVING.play, "8/5 6/5", by=1)
    refused(reasons.NOT_YOUR_TURN, DOUBLED.take, by=1)
    refused(reasons.NOT_YOUR_TURN, DOUBLED.drop, by=1)
    refused(reasons.NOT_YOUR_TURN, RESIGNING.accept, by=0)
    refused(reasons.NOT_YOUR_TURN, MOVING.resign, 1, by=2)  # no such player (either player may resign)
    assert ROLLING.roll_with((3, 3), by=1).dice == (3, 3)
    assert DOUBLED.take(by=0).cube == 2


def test_bad_dice_and_bad_levels() -> None:
    refused(reasons.INVALID_DICE, START.opening_with, 3, 3)
    refused(reasons.INVALID_DICE, START.opening_with, 0, 3)
    refused(reasons.INVALID_DICE, ROLLING.roll_with, (7, 1))
    refused(reasons.INVALID_DICE, ROLLING.roll_with, (1,))
    for level in (0, 4, -1, True):
        refused(reasons.INVALID_RESIGN, MOVING.resign, level)
    refused(reasons.ILLEGAL_PLAY, MOVING.play, [[8, 5, 3]])


def test_opening() -> None:
    game = Game.new().opening_with(2, 6, ties=(4, 4))
    assert (game.turn, game.phase, game.dice) == (1, "move", (6, 2))
    assert game.actions == (Action("opening", 1, dice=(2, 6), ties=(4, 4)),)
    assert game.legal_plays() == legal_plays(Position.initial(), (6, 2))
    faces = iter([5, 5, 4, 1])
    game = Game.new().opening(lambda: next(faces))
    assert (game.turn, game.dice, game.actions[0].ties) == (0, (4, 1), (5,))
    assert "double" not in game.legal_actions()  # the opening roll is played, not doubled


def test_turns_alternate_and_boards_turn() -> None:
    game = Game.from_position(pos("x 6:2 / o 24:1"), 1)
    assert game.board_for(1) == pos("x 6:2 / o 24:1")
    assert game.board_for(0) == pos("x 24:1 / o 6:2")
    assert game.pip_counts() == (24, 12)
    game = game.roll_with((2, 1)).step(6, 4)
    assert game.pip_counts() == (24, 10)  # steps made count
    assert game.position == pos("x 6:2 / o 24:1")  # the start of the turn
    game = game.step(6, 5).confirm()
    assert (game.turn, game.phase) == (0, "roll")
    assert game.position == pos("x 24:1 / o 5:1 4:1")
    assert game.board_for(1) == pos("x 5:1 4:1 / o 24:1")
    assert game.actions[-1] == Action("play", 1, steps=((6, 4), (6, 5)))


def test_steps_undo_confirm() -> None:
    game = MOVING.step(8, 5)
    assert game.legal_actions() == ("step", "undo", "play", "resign")
    refused(reasons.TURN_NOT_COMPLETE, game.confirm)
    assert game.undo() == MOVING
    game = game.auto_step(6)
    assert game.turn_in_progress is not None
    assert game.turn_in_progress.is_complete
    assert game.legal_actions() == ("undo", "confirm", "play", "resign")
    assert game.undo_all() == MOVING
    assert game.confirm() == MOVING.play("8/5 6/5")
    message = refused(reasons.BLOCKED, MOVING.step, 13, 12)  # player 1's 13 point
    assert "13/12" in message
    refused(reasons.NO_CHECKER, MOVING.step, 7, 4)
    refused(reasons.NO_MATCHING_DIE, MOVING.step, 8, 2)


def test_play_forms() -> None:
    by_text = MOVING.play("8/5 6/5")
    assert MOVING.play(((8, 5), (6, 5))) == by_text
    assert MOVING.play([[6, 5], [8, 5]]).position == by_text.position
    assert MOVING.play([[6, 5], [8, 5]]).actions[-1].steps == ((6, 5), (8, 5))
    play = next(p for p in MOVING.legal_plays() if set(p.steps) == {(8, 5), (6, 5)})
    assert MOVING.play(play).position == by_text.position
    foreign = legal_plays(pos("x 6:2 / o 24:1"), (3, 1))[0]
    refused(reasons.ILLEGAL_PLAY, MOVING.play, foreign)
    refused(reasons.BOTH_DICE, MOVING.play, [(8, 5)])
    refused(reasons.MUST_PLAY, MOVING.play, ())
    with pytest.raises(IllegalActionError):
        MOVING.play("24/18")


def test_no_legal_play() -> None:
    closed = pos("x bar:1 6:14 / o 6:2 5:2 4:2 3:2 2:2 1:2 13:3")
    game = Game.from_position(closed, 0, (6, 5))
    assert game.legal_plays() == ()
    assert game.legal_actions() == ("pass_turn", "confirm", "play", "resign")
    refused(reasons.NO_LEGAL_PLAY, game.step, 25, 20)
    refused(reasons.NO_LEGAL_PLAY, game.auto_step, 25)
    passed = game.pass_turn()
    assert passed == game.confirm() == game.play(()) == game.no_play()
    assert (passed.turn, passed.phase) == (1, "roll")
    assert passed.actions == (Action("play", 0, steps=()),)
    assert passed.position == closed.swapped()


# -- the cube ------------------------------------------------------------------------


def test_cube_ownership_and_redoubles() -> None:
    game = ROLLING.double()
    assert (game.phase, game.player_to_act, game.cube) == ("double", 0, 1)
    game = game.take()
    assert (game.phase, game.turn, game.cube, game.cube_owner) == ("roll", 1, 2, 0)
    assert not game.can_double()
    assert "double" not in game.legal_actions()
    assert refused(reasons.CUBE_NOT_YOURS, game.double).startswith("double by player 1 refused: player 0 owns")
    game = game.roll_with((6, 5)).play("24/13")
    assert game.turn == 0
    assert game.can_double()
    game = game.double().take()
    assert (game.cube, game.cube_owner, game.turn) == (4, 1, 0)
    refused(reasons.CUBE_NOT_YOURS, game.double)
    assert [a.kind for a in game.actions] == ["opening", "play", "double", "take", "roll", "play", "double", "take"]


def test_double_only_before_rolling() -> None:
    game = ROLLING.roll_with((6, 5))
    refused(reasons.ALREADY_ROLLED, game.double)
    refused(reasons.ALREADY_ROLLED, game.step(24, 18).double)


def test_cube_at_most_64() -> None:
    game = Game.from_position(Position.initial(), 0, cube=32, cube_owner=0)
    game = game.double().take()
    assert (game.cube, game.cube_owner) == (64, 1)
    game = Game.from_position(Position.initial(), 1, cube=64, cube_owner=1)
    assert not game.can_double()
    refused(reasons.CUBE_AT_MAX, game.double)


def test_cube_unavailable() -> None:
    game = Game.from_position(Position.initial(), 0, cube_available=False)
    assert not game.can_double()
    assert game.legal_actions() == ("roll", "resign")
    refused(reasons.CUBE_UNAVAILABLE, game.double)


def test_pass_scores_the_value_before_doubling() -> None:
    game = Game.from_position(Position.initial(), 0, cube=4, cube_owner=0).double()
    assert game.cube == 4
    over = game.drop()
    assert over.result == GameResult(0, 4, "single", "pass")
    assert over.result.loser == 1
    assert over.actions[-2:] == (Action("double", 0), Action("drop", 1))
    assert ROLLING.double().drop().result == GameResult(1, 1, "single", "pass")


# -- resignations ---------------------------------------------------------------------


def test_resign_decline_then_only_higher_this_turn() -> None:
    game = MOVING.step(8, 5).resign(1)
    assert (game.phase, game.player_to_act, game.resign_offer) == ("resign", 1, ResignOffer(1, 0))
    assert game.legal_actions() == ("accept", "decline")
    game = game.decline()
    assert (game.phase, game.declined_level) == ("move", 1)
    assert game.turn_in_progress is not None
    assert game.turn_in_progress.steps[0][:2] == (8, 5)  # the half-played turn survives
    refused(reasons.RESIGN_NOT_HIGHER, game.resign, 1)
    game = game.resign(2).decline()
    refused(reasons.RESIGN_NOT_HIGHER, game.resign, 2)
    # next turn: offers reset
    game = game.step(6, 5).confirm()
    assert game.declined_level == 0
    assert game.resign(1).phase == "resign"
    # back to player 0, before rolling: the old refusals are gone too
    game = game.roll_with((1, 2)).play("24/21").resign(1).decline()
    assert game.phase == "roll"
    assert game.resign(2).phase == "resign"


def test_a_resignation_offered_on_the_other_players_turn() -> None:
    # GNU Backgammon, FIBS and Backgammon Galaxy let a player offer to resign on the other's turn: after
    # his own play (before the other rolls), or while the other moves; the player on roll answers
    after_play = ROLLING.resign(2, by=0)  # player 0 played 31; player 1, on roll, answers
    assert (after_play.phase, after_play.turn, after_play.player_to_act) == ("resign", 1, 1)
    assert after_play.resign_offer == ResignOffer(2, 0) and after_play.actions[-1] == Action("resign", 0, level=2)
    refused(reasons.NOT_YOUR_TURN, after_play.accept, by=0)  # the offerer does not answer his own offer
    assert after_play.accept(by=1).result == GameResult(1, 2, "gammon", "resign")
    declined = after_play.decline(by=1)
    assert (declined.phase, declined.turn, declined.player_to_act, declined.declined_level) == ("roll", 1, 1, 2)
    refused(reasons.RESIGN_NOT_HIGHER, declined.resign, 1, by=0)  # only higher this turn, whoever offers
    assert declined.roll_with((6, 5)).play("24/13").declined_level == 0  # the next turn resets the offers
    # while the other moves: the half-made move survives a declined offer
    moving = ROLLING.roll_with((6, 5)).step(24, 18)
    assert moving.resign_levels(0) == (1, 2, 3)
    offer = moving.resign(1, by=0)
    assert (offer.phase, offer.player_to_act) == ("resign", 1)
    back = offer.decline()
    assert back.phase == "move" and back.turn_in_progress == moving.turn_in_progress
    assert back.step(18, 13).confirm().turn == 0
    # a backgammon resignation is accepted at once, by the player on roll
    assert ROLLING.resign(3, by=0).result == GameResult(1, 3, "backgammon", "resign")
    # replayed from the log (imports, saves, links)
    replayed = Game.new()
    for action in after_play.accept().actions:
        replayed = replayed.apply(action)
    assert replayed == after_play.accept()
    # no offer where no turn is on: before the opening roll, during an offer, once over
    refused(reasons.NOT_NOW, START.resign, 1, by=1)
    refused(reasons.OFFER_PENDING, DOUBLED.resign, 1, by=0)
    refused(reasons.GAME_OVER, OVER.resign, 1, by=1)


def test_backgammon_resignation_is_accepted_at_once() -> None:
    game = MOVING.resign(3)
    assert game.result == GameResult(1, 3, "backgammon", "resign")
    assert game.actions[-2:] == (Action("resign", 0, level=3), Action("accept", 1))


def test_accept_scores_level_times_cube() -> None:
    game = Game.from_position(Position.initial(), 0, cube=2, cube_owner=1)
    assert game.resign(2).accept().result == GameResult(1, 4, "gammon", "resign")
    assert game.resign(1).accept().result == GameResult(1, 2, "single", "resign")
    assert game.resign(3).result == GameResult(1, 6, "backgammon", "resign")


def test_jacoby() -> None:
    centred = Game.from_position(Position.initial(), 0, jacoby=True)
    assert centred.resign(2).accept().result == GameResult(1, 1, "gammon", "resign")
    assert centred.resign(3).result == GameResult(1, 1, "backgammon", "resign")
    turned = Game.from_position(Position.initial(), 0, jacoby=True, cube=2, cube_owner=0)
    assert turned.resign(2).accept().result == GameResult(1, 4, "gammon", "resign")
    gammon = pos("x 1:1 / o 12:15")
    assert Game.from_position(gammon, 0, (6, 5), jacoby=True).play("1/off").result == GameResult(
        0, 1, "gammon", "bear-off"
    )
    assert Game.from_position(gammon, 0, (6, 5), jacoby=True, cube=2, cube_owner=1).play("1/off").result == (
        GameResult(0, 4, "gammon", "bear-off")
    )


# -- results ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "kind"),
    [
        ("x 1:1 / o 12:14", "single"),  # one checker off
        ("x 1:1 / o 19:1 12:13", "single"),  # one off: a checker in the winner's home does not matter
        ("x 1:1 / o 12:15", "gammon"),
        ("x 1:1 / o 18:1 12:14", "gammon"),  # the loser's 18 is the winner's 7: outside the home board
        ("x 1:1 / o 19:1 12:14", "backgammon"),  # the loser's 19 is the winner's 6
        ("x 1:1 / o 23:1 12:14", "backgammon"),
        ("x 1:1 / o bar:1 12:14", "backgammon"),
        ("x 1:1 / o 6:15", "gammon"),  # all home, none off
    ],
)
def test_bear_off_results(board: str, kind: str) -> None:
    for cube, owner in ((1, None), (4, 1)):
        game = Game.from_position(pos(board), 1, (6, 5), cube=cube, cube_owner=owner)
        over = game.play("1/off")
        points = {"single": 1, "gammon": 2, "backgammon": 3}[kind] * cube
        assert over.result == GameResult(1, points, kind, "bear-off")  # type: ignore[arg-type]
        assert over.phase == "over"
        assert over.turn == 1
        assert over.legal_actions() == ()
        assert over.board_for(1).borne_off()[0] == 15


def test_the_game_ends_at_the_last_checker_even_with_dice_left() -> None:
    game = Game.from_position(pos("x 2:1 1:1 / o 12:15"), 0, (4, 4))
    over = game.auto_step(2).auto_step(1).confirm()
    assert over.result == GameResult(0, 2, "gammon", "bear-off")


# -- set-ups ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"turn": 2}, "turn"),
        ({"turn": True}, "turn"),
        ({"dice": (0, 3)}, "dice"),
        ({"cube": 3}, "cube 3"),
        ({"cube": 128, "cube_owner": 0}, "cube 128"),
        ({"cube": 2}, "owned"),
        ({"cube_owner": 1}, "centred"),
        ({"cube": 2, "cube_owner": 0, "cube_available": False}, "out of play"),
        ({"double_offered": True, "dice": (3, 1)}, "before rolling"),
        ({"double_offered": True, "cube": 2, "cube_owner": 1}, "may not double"),
        ({"resignation": 4}, "resignation"),
    ],
)
def test_from_position_refuses(kwargs: dict[str, Any], message: str) -> None:
    args = {"turn": 0, **kwargs}
    with pytest.raises(InvalidStateError, match=message):
        Game.from_position(Position.initial(), **args)


def test_from_position_offers() -> None:
    with pytest.raises(InvalidStateError, match="already over"):
        Game.from_position(pos("x / o 6:1"), 0)
    doubled = Game.from_position(Position.initial(), 1, cube=2, cube_owner=1, double_offered=True)
    assert (doubled.phase, doubled.player_to_act) == ("double", 0)
    assert doubled.take().cube == 4
    resigning = Game.from_position(Position.initial(), 1, (3, 1), resignation=2)
    assert (resigning.phase, resigning.player_to_act) == ("resign", 0)
    assert resigning.decline().phase == "move"
    assert resigning.accept().result == GameResult(0, 2, "gammon", "resign")


# -- legal_actions agrees with what the actions do ------------------------------------------------


def _try(game: Game, name: str) -> Game:
    if name == "opening":
        return game.opening_with(1, 2)
    if name == "roll":
        return game.roll_with((4, 3))
    if name == "step":
        steps = game.turn_in_progress.next_steps() if game.turn_in_progress is not None else []
        return game.step(*steps[0][:2]) if steps else game.step(1, 0)
    if name == "play":
        plays = game.legal_plays()
        return game.play(plays[0] if plays else ())
    if name == "resign":
        return game.resign(min(game.declined_level + 1, 3))
    method: Callable[[], Game] = getattr(game, name)
    return method()


def test_legal_actions_are_exactly_what_succeeds() -> None:
    from randomplay import random_action

    from core.match import Match

    names = ("opening", "roll", "double", "take", "drop", "step", "undo", "confirm", "play", "pass_turn",
             "resign", "accept", "decline")  # fmt: skip
    rnd = random.Random(3)
    seen: set[str] = set()
    for _ in range(20):
        match = Match.new(0)
        for _ in range(150):
            game = match.game
            allowed = set(game.legal_actions())
            seen |= allowed
            for name in names:
                if name in allowed:
                    assert isinstance(_try(game, name), Game), name
                else:
                    with pytest.raises(IllegalActionError):
                        _try(game, name)
            if game.is_over:
                break
            match = random_action(match, rnd)
    assert seen >= set(names)


def test_action_text() -> None:
    texts = [str(a) for a in MOVING.resign(2).decline().play("8/5 6/5").double().take().actions]
    assert texts == [
        "opening roll: 3 for player 0, 1 for player 1",
        "player 0 offers to resign a gammon",
        "player 1 declines",
        "player 0 plays 8/5 6/5",
        "player 1 doubles",
        "player 0 takes",
    ]
    assert str(Action("roll", 1, dice=(6, 6))) == "player 1 rolls 66"
    assert str(Action("play", 1)) == "player 1 cannot move"
    assert repr(ROLLING).startswith("<Game roll turn=1 cube=1 (centred)")


def test_games_are_values() -> None:
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        MOVING.phase = "roll"  # type: ignore[misc]
    before = MOVING.actions
    MOVING.play("8/5 6/5")
    assert MOVING.actions == before
    assert MOVING.phase == "move"
    assert hash(MOVING) == hash(Game.new().opening_with(3, 1))
    assert Game.new().opening_with(3, 1) == MOVING


# -- resignation levels, set-ups, limits ------------------------------------------------


def test_resign_levels_follow_the_declined_offer() -> None:
    game = Game.new()
    assert game.resign_levels() == ()  # before the opening roll
    game = game.opening_with(3, 1)
    assert game.resign_levels() == (1, 2, 3)
    assert game.resign_levels(0) == (1, 2, 3) == game.resign_levels(1)  # either player may offer
    offered = game.resign(1)
    assert offered.resign_levels() == ()  # an offer waits for its answer
    declined = offered.decline()
    assert declined.resign_levels() == (2, 3)
    assert declined.resign(2).decline().resign_levels() == (3,)
    # each level offered is one the game takes, each other is refused
    for level in (1, 2, 3):
        if level in declined.resign_levels():
            assert declined.resign(level).phase in ("resign", "over")
        else:
            with pytest.raises(IllegalActionError):
                declined.resign(level)
    # the next turn starts afresh
    after = declined.play("8/5 6/5")
    assert after.resign_levels() == (1, 2, 3) and after.resign_levels(1) == (1, 2, 3)
    assert after.resign(3).resign_levels() == ()  # over


def test_from_setup_is_the_one_way_to_rebuild_a_set_up_game() -> None:
    from core.setup import Setup

    setup = Setup(Position.from_text("x 6:2 / o 24:1"), 1, (6, 5), cube=2, cube_owner=0)
    game = Game.from_setup(setup, jacoby=False)
    assert game.setup == setup
    assert (game.phase, game.turn, game.dice, game.cube, game.cube_owner) == ("move", 1, (6, 5), 2, 0)
    assert game == Game.from_position(setup.position, 1, [6, 5], cube=2, cube_owner=0)
    offered = Game.from_setup(Setup(Position.initial(), 0, double_offered=True))
    assert offered.phase == "double" and offered.player_to_act == 1
    resigning = Game.from_setup(Setup(Position.initial(), 1, resignation=2))
    assert resigning.phase == "resign" and resigning.resign_offer == ResignOffer(2, 1)
    for bad in (
        Setup(Position.initial(), 2),
        Setup(Position.initial(), 0, (0, 3)),  # type: ignore[arg-type]
        Setup(Position.initial(), 0, cube=128, cube_owner=0),
        Setup(Position.initial(), 0, cube=2),
        Setup(Position.initial(), 0, (3, 1), double_offered=True),
        Setup(Position.initial(), 0, resignation=4),
        Setup(Position.initial(), 0, cube=2, cube_owner=1, double_offered=True),
    ):
        with pytest.raises(InvalidStateError):
            Game.from_setup(bad)
    with pytest.raises(InvalidStateError, match="out of play"):
        Game.from_setup(Setup(Position.initial(), 0, cube=2, cube_owner=0), cube_available=False)
    with pytest.raises(InvalidStateError, match="not a Setup"):
        Game.from_setup("4HPwATDgc/ABMA")  # type: ignore[arg-type]


def test_the_cube_limits_have_one_meaning_each() -> None:
    from core import ids, limits
    from core.game import MAX_CUBE

    assert MAX_CUBE == limits.MAX_CUBE == 64
    assert ids.ID_MAX_CUBE == 4096 and not hasattr(ids, "MAX_CUBE")  # one name, one meaning
    game = Game.from_position(Position.initial(), 0, cube=32, cube_owner=0)
    assert game.can_double()
    game = game.double().take()
    assert game.cube == MAX_CUBE and not game.can_double()
    with pytest.raises(InvalidStateError):
        Game.from_position(Position.initial(), 0, cube=2 * MAX_CUBE, cube_owner=0)
    # an ID may name a larger cube than the game plays
    assert ids.MatchInfo(cube=ids.ID_MAX_CUBE, cube_owner=0).cube == 4096
