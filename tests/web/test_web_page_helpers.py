"""The playable page's pure helpers: dice, saving, phases and buttons, keyboard moves, move list."""

from __future__ import annotations

import ast
import importlib.util
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.page.auto_play import follow_up
from app.page.board_input.focus_moves import neighbour
from app.page.computer import opponent as bot_turns
from app.page.dice.byte_dice import ByteDice, die_from_byte
from app.page.screen.buttons import controls_for, page_phase
from app.page.screen.movelog import MoveLog
from app.page.storage.match_store import MatchStore, MemoryStorage, Options, choose_lang
from app.page.storage.storage_keys import BROKEN_KEY, MATCH_KEY, REV_KEY
from core.game import Setup
from core.match import Match
from core.position import Position
from core.state import from_json, to_json


# -- dice -------------------------------------------------------------------------------
def test_every_byte_gives_each_face_equally_often_or_is_rejected() -> None:
    faces = Counter(die_from_byte(b) for b in range(256))
    assert faces.pop(None) == 4
    assert set(faces.values()) == {42}
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]


def test_byte_dice_skip_rejected_bytes_and_refill() -> None:
    batches = iter([bytes([255] * 32), bytes([252, 7] + [0] * 30)])
    dice = ByteDice(lambda n: next(batches))
    assert dice() == 2  # 7 % 6 + 1, after 33 rejected bytes
    assert dice() == 1


def test_byte_dice_give_up_on_a_broken_source() -> None:
    with pytest.raises(RuntimeError):
        ByteDice(lambda n: bytes([255] * n))()
    with pytest.raises(RuntimeError):
        ByteDice(lambda n: b"")()


def _seeded_module() -> Any:
    """tests/test_build/app/page/dice/seeded.py, the e2e build's seeded dice (not in web/app)."""
    path = Path(__file__).resolve().parents[1] / "test_build" / "app" / "page" / "dice" / "seeded.py"
    spec = importlib.util.spec_from_file_location("videau_test_build_seeded", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seeded_dice_repeat_and_stay_in_range() -> None:
    seeded = _seeded_module()
    a, b = seeded.seeded_dice(11), seeded.seeded_dice(11)
    rolls = [a() for _ in range(600)]
    assert rolls == [b() for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert seeded.parse_seed(" 12 ") == 12
    assert seeded.parse_seed("-3") == -3
    assert seeded.parse_seed("1e3") is None


@pytest.mark.parametrize("text", ["²", "1²", "-²", "٣", "１", "-", "--1", "+1", "9" * 21])
def test_a_seed_that_is_not_a_plain_ascii_number_is_ignored(text: str) -> None:
    """``?seed=²`` once stopped the page: ``"²".isdigit()`` is true but ``int("²")`` raises."""
    assert _seeded_module().parse_seed(text) is None


def _code_words(source: str) -> set[str]:
    """Every name, attribute, import and string constant of a module's code (not its docstrings)."""
    words: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            words.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            words.update(alias.name for alias in node.names)
            words.add(getattr(node, "module", None) or "")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) < 40:
            words.add(node.value)
    return words


def test_the_production_page_has_no_seeded_dice() -> None:
    """No module of web/app (what ./build.sh build ships) reads a seed or makes seeded dice."""
    app = Path(__file__).resolve().parents[2] / "web" / "app"
    for module in app.rglob("*.py"):
        words = _code_words(module.read_text(encoding="utf-8"))
        assert not {w for w in words if "seed" in w.lower()}, module
        assert "random" not in words, module
    overlay_file = app.parents[1] / "tests" / "test_build" / "app" / "page" / "dice" / "dice_source.py"
    overlay = _code_words(overlay_file.read_text())
    assert {"parse_seed", "seed"} <= overlay  # the check would see the test build's reader


# -- saving ------------------------------------------------------------------------------
def _match() -> Match:
    return Match.new(5, names=("Ann", "Bob")).opening_with(3, 1).step(8, 5)


def test_save_and_load_round_trip_with_the_turn_in_progress() -> None:
    storage = MemoryStorage()
    store = MatchStore(storage)
    assert store.save(_match()) == "saved"
    assert storage.items[MATCH_KEY] == to_json(_match())
    assert storage.items[REV_KEY] == "1"
    loaded = MatchStore(storage).load()
    assert loaded.status == "ok"
    assert loaded.match == _match()


def test_a_broken_save_is_kept_held_and_never_overwritten_until_asked() -> None:
    storage = MemoryStorage({MATCH_KEY: "{not json", REV_KEY: "4"})
    store = MatchStore(storage)
    result = store.load()
    assert result.status == "broken"
    assert result.text == "{not json"
    assert "not JSON" in result.error
    assert storage.items[BROKEN_KEY] == "{not json"
    assert result.kept_as == BROKEN_KEY
    assert store.save(Match.new(3)) == "held"
    assert storage.items[MATCH_KEY] == "{not json"
    store.start_fresh()
    assert store.save(Match.new(3)) == "saved"
    assert from_json(storage.items[MATCH_KEY]) == Match.new(3)
    assert storage.items[BROKEN_KEY] == "{not json"
    assert storage.items[REV_KEY] == "5"


def test_a_second_broken_save_goes_to_a_new_key() -> None:
    storage = MemoryStorage({MATCH_KEY: "[1]", BROKEN_KEY: "older"})
    assert MatchStore(storage).load().kept_as == f"{BROKEN_KEY}.2"
    assert storage.items[BROKEN_KEY] == "older"
    assert storage.items[f"{BROKEN_KEY}.2"] == "[1]"
    assert MatchStore(storage).load().kept_as == f"{BROKEN_KEY}.2"  # the same text is kept once


def test_a_tab_that_is_behind_does_not_overwrite_and_catches_up() -> None:
    storage = MemoryStorage()
    first, second = MatchStore(storage), MatchStore(storage)
    first.save(Match.new(3))
    assert second.load().status == "ok"
    assert second.save(_match()) == "saved"
    assert not first.is_current()
    assert first.save(Match.new(7)) == "conflict"
    assert from_json(storage.items[MATCH_KEY]) == _match()
    assert first.load().match == _match()
    assert first.save(Match.new(7)) == "saved"


def test_options_and_language() -> None:
    options = Options(auto_confirm=True, flipped=True, bot_fast=True)
    assert Options.from_json(options.to_json()) == options
    assert Options.from_json('{"auto_confirm": "yes"}') == Options()
    assert json.loads(Options().to_json()) == {
        "auto_confirm": False,
        "auto_forced": False,
        "flipped": False,
        "bot_fast": False,
    }
    assert choose_lang("FR", None, None) == "fr"
    assert choose_lang(None, "de", ["fr-FR"]) == "fr"


# -- phases and buttons -----------------------------------------------------------------
def test_page_phases_follow_the_game() -> None:
    match = Match.new(3)
    assert page_phase(match) == "opening"
    match = match.opening_with(3, 1)
    assert page_phase(match) == "move"
    match = match.play("8/5 6/5")
    assert page_phase(match) == "roll"
    assert page_phase(match.double()) == "double"
    assert page_phase(match.resign(1)) == "resign"
    assert page_phase(match.double().drop()) == "game-over"
    assert page_phase(match.resign(3)) == "match-over"


def test_buttons_for_each_phase() -> None:
    match = Match.new(3).opening_with(3, 1).play("8/5 6/5")
    assert controls_for(match).visible == ("roll", "double", "resign")
    assert controls_for(match, waiting=True).visible == ()
    crawford = Match.new(3, score=(2, 0), crawford_game=True).opening_with(3, 1).play("8/5 6/5")
    assert controls_for(crawford).visible == ("roll", "resign")  # no cube in the Crawford game
    assert controls_for(match.resign(1)).visible == ("accept", "decline")
    assert controls_for(match.double().drop()).visible == ()
    stuck = Match.new(3, setup=Setup(Position.from_text("x bar:1 6:14 / o 1:2 2:2 3:2 4:2 5:2 6:2"), 0, (6, 6)))
    assert controls_for(stuck).visible == ("pass", "resign")
    assert controls_for(stuck).primary == "pass"


def test_follow_up_never_passes_a_roll_with_no_play() -> None:
    stuck = Match.new(3, setup=Setup(Position.from_text("x bar:1 6:14 / o 1:2 2:2 3:2 4:2 5:2 6:2"), 0, (6, 6)))
    assert follow_up(stuck, auto_confirm=True, auto_forced=True) == stuck


def test_follow_up_leaves_choices_to_the_player() -> None:
    match = Match.new(3).opening_with(3, 1)
    assert follow_up(match, auto_confirm=True, auto_forced=True) == match
    assert follow_up(match.step(8, 5), auto_confirm=True, auto_forced=True) == match.step(8, 5)


# -- keyboard --------------------------------------------------------------------------------
def test_arrow_keys_walk_the_board_as_drawn() -> None:
    place: int | str | None = 13
    seen = []
    while place is not None:
        seen.append(place)
        place = neighbour(place, "ArrowRight", hint="top")
    assert seen == [13, 14, 15, 16, 17, 18, "bar", 19, 20, 21, 22, 23, 24, "off"]
    assert neighbour(24, "ArrowDown") == 1
    assert neighbour(1, "ArrowUp") == 24
    assert neighbour("off", "ArrowUp") is None
    assert neighbour(7, "ArrowLeft", flipped=True) == "bar"
    assert neighbour("bar", "ArrowLeft", hint="bottom") == 7
    assert neighbour(3, "PageDown") is None


# -- move list --------------------------------------------------------------------------------
def test_move_list_marks_hits_and_cube_actions_in_both_languages() -> None:
    game = (
        Match.new(5)
        .opening_with(3, 1)
        .play("8/5 6/5")
        .roll_with((6, 4))
        .play("24/18 13/9")
        .roll_with((6, 6))
        .play("24/18(2) 8/2(2)")
        .double()
        .take()
        .game
    )
    log = MoveLog()
    texts = [(e.player, e.text) for e in log.entries(game, "en")]
    assert texts == [
        (0, "31: 8/5 6/5"),
        (1, "64: 24/18 13/9"),
        (0, "66: 24/18(2) 8/2(2)"),
        (1, "doubles to 2"),
        (0, "takes"),
    ]
    assert [e.text for e in log.entries(game, "fr")][-2:] == ["double à 2", "accepte"]


def test_move_list_hits_and_cannot_move() -> None:
    position = Position.from_text("x 8:1 6:1 / o 22:1")  # player 0's 8 and 6; the blot on player 0's 3
    game = Match.new(0, setup=Setup(position, 0, (5, 3))).play("8/3* 6/3").game
    assert MoveLog().entries(game, "en")[0].text == "53: 8/3* 6/3"
    stuck = Match.new(3, setup=Setup(Position.from_text("x bar:1 6:14 / o 1:2 2:2 3:2 4:2 5:2 6:2"), 0, (6, 6)))
    assert MoveLog().entries(stuck.pass_turn().game, "fr")[0].text == "66: ne peut pas jouer"


def test_move_list_replays_only_new_actions_and_restarts_for_another_game() -> None:
    log = MoveLog()
    match = Match.new(5).opening_with(3, 1).play("8/5 6/5")
    assert len(log.entries(match.game, "en")) == 1
    match = match.roll_with((6, 4)).play("24/18 13/9")
    assert len(log.entries(match.game, "en")) == 2
    assert len(log.entries(Match.new(5).opening_with(4, 2).play("8/4 6/4").game, "en")) == 1


# -- the computer opponent -------------------------------------------------------------------
def test_the_computer_answers_in_every_phase() -> None:
    bot = bot_turns.load_bot("expert")
    match = Match.new(5).opening_with(3, 1).play("8/5 6/5")
    assert bot.decide(match, 0).kind == "wait"  # not its turn
    assert bot.decide(match, 1).kind == "roll"  # nothing to double yet
    assert bot.decide(match.roll_with((6, 4)).resign(1), 0).kind == "accept"
    assert bot.decide(match.double(), 0).kind == "take"
    decision = bot.decide(match.roll_with((6, 4)), 1)
    assert decision.kind == "play"
    assert decision.play is not None
    assert match.roll_with((6, 4)).play(decision.play).game.turn == 0
    stuck = Match.new(3, setup=Setup(Position.from_text("x bar:1 6:14 / o 1:2 2:2 3:2 4:2 5:2 6:2"), 0, (6, 6)))
    assert bot.decide(stuck, 0).kind == "pass"


BEHIND = Position.from_text("x 6:5 5:5 4:5 / o 1:2 2:3 3:3 4:3 5:2 6:2")
"""A race the player on roll (x, 75 pips) loses to o (50 pips) far more often than not."""


def test_the_computer_beavers_a_double_it_wins_and_only_where_beavers_are_played() -> None:
    bot = bot_turns.load_bot("expert")
    # the human (bottom, on roll) doubles from far behind: the computer (top) beavers
    losing_double = Setup(BEHIND, 0, None, 1, None, True, 0)
    money = Match.new(0, beavers=True, setup=losing_double)
    assert bot.decide(money, 1).kind == "beaver"
    after = bot_turns.BOT_ACTIONS["beaver"](money)
    assert (after.game.cube, after.game.cube_owner) == (4, 1)
    assert bot.decide(Match.new(0, setup=losing_double), 1).kind == "take"  # no beavers: takes
    # a sound double (a race the doubler leads): take, not beaver
    sound = Setup(Position.from_text("x 6:4 5:4 4:4 3:3 / o 6:5 5:5 4:5"), 0, None, 1, None, True, 0)
    assert bot.decide(Match.new(0, beavers=True, setup=sound), 1).kind == "take"


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        bot_turns.load_bot("grandmaster")


def run_sliced(level: str, match: Match, seat: int) -> tuple[Any, int]:
    """The page's computer decision for ``seat``, slice by slice: (the decision, the slices)."""
    steps = bot_turns.load_bot(level).decide_steps(match, seat)
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            return done.value, slices


def test_the_strongest_level_thinks_in_slices_and_plays_what_it_would_all_at_once() -> None:
    match = Match.new(5).opening_with(6, 5)  # a roll with many plays: the lookahead runs
    bot = bot_turns.load_bot("strongest")
    sliced, slices = run_sliced("strongest", match, 0)
    assert slices >= 21  # at least one opponent roll per slice
    whole = bot.decide(match, 0)
    assert sliced.kind == whole.kind == "play"
    assert sliced.play.key == whole.play.key
    assert sliced.play.key in {p.key for p in match.game.legal_plays()}


def test_the_looking_ahead_levels_cube_decisions_come_in_slices_too() -> None:
    # the computer (top, player 1) on roll in a race it leads: it weighs a double one roll ahead,
    # and this close call one roll deeper too (21 slices, then 21 x 21)
    lead = Position.from_text("x 6:4 5:4 4:4 3:3 / o 6:5 5:5 4:5")
    deeper = 21 + 21 * 21
    ahead = Setup(lead, 1)
    doubled = Setup(lead, 0, None, 1, None, True)  # the human leads and has doubled

    def sliced(level: str, match: Match, seat: int) -> tuple[str, int]:
        decision, slices = run_sliced(level, match, seat)
        return decision.kind, slices

    race = Match.new(0, setup=ahead)
    kind, slices = sliced("strongest", race, 1)
    assert slices == deeper and kind in {"double", "roll"}
    assert kind == bot_turns.load_bot("strongest").decide(race, 1).kind
    assert sliced("expert", race, 1)[1] == deeper  # the default level weighs its cube as deep
    assert sliced("intermediate", race, 1)[1] == 0  # the weaker levels decide at once, at 0-ply
    # doubled in the other direction, the strongest level looks ahead (and deeper) before answering
    answer = Match.new(0, setup=doubled)
    kind, slices = sliced("strongest", answer, 1)
    assert slices == deeper and kind in {"take", "drop"}


# -- the new-match dialog's limits are the core's ---------------------------------------
def test_the_new_match_dialog_takes_what_the_core_accepts() -> None:
    import re
    from pathlib import Path

    from app.page.dialogs.match_length import read_match_length
    from core.limits import MAX_MATCH_LENGTH
    from core.record import MAX_NAME_CHARS

    html = (Path(__file__).parents[2] / "web" / "index.html").read_text()
    for field in ("nm-name0", "nm-name1"):  # every name the dialog takes exports to .mat and reads back
        assert re.search(rf'<input id="{field}"[^>]* maxlength="{MAX_NAME_CHARS}"', html), field
    assert re.search(rf'<input id="nm-length"[^>]* max="{MAX_MATCH_LENGTH}"', html)
    assert read_match_length(str(MAX_MATCH_LENGTH)) == MAX_MATCH_LENGTH
    assert read_match_length(str(MAX_MATCH_LENGTH + 1)) is None


def test_full_storage_a_broken_save_not_copied_is_never_claimed_kept_nor_overwritten() -> None:
    from app.page.storage.match_store import FullStorage

    storage = FullStorage({MATCH_KEY: "{not json", REV_KEY: "4"}, capacity=30)
    store = MatchStore(storage)
    result = store.load()
    assert result.status == "broken"
    assert result.kept_as == ""  # the copy failed: nothing claims it was made
    assert BROKEN_KEY not in storage.items
    assert store.start_fresh() is False  # no consent: still held, nothing written
    assert store.held
    assert store.save(Match.new(3)) == "held"
    assert storage.items[MATCH_KEY] == "{not json"
    storage.capacity = 10_000  # space freed: the copy is made when the player starts again
    assert store.start_fresh() is True
    assert storage.items[BROKEN_KEY] == "{not json"
    assert store.save(Match.new(3)) == "saved"
    assert from_json(storage.items[MATCH_KEY]) == Match.new(3)


def test_full_storage_the_player_may_agree_to_lose_an_uncopied_broken_save() -> None:
    from app.page.storage.match_store import FullStorage

    storage = FullStorage({MATCH_KEY: "[1]"}, capacity=0)
    store = MatchStore(storage)
    assert store.load().kept_as == ""
    assert store.start_fresh(discard=True) is True
    assert not store.held
    storage.capacity = 10_000
    assert store.save(Match.new(3)) == "saved"
    assert BROKEN_KEY not in storage.items


def test_the_tests_build_seeds_the_weaker_levels_noise() -> None:
    """With ``?seed=N`` the tests' build hands the bot a seeded noise source
    (``dice_source.bot_noise``), so that e2e games against the beginner repeat; the shipped
    page hands none (the bot's own)."""
    from app.page.computer.opponent import load_bot

    seeded = _seeded_module()
    match = Match.new(0).opening_with(3, 1).play("8/5 6/5")

    def plays(noise: Any) -> list[str]:
        bot = load_bot("beginner", noise)
        out = []
        for dice in [(6, 4), (5, 2), (6, 5), (4, 3), (2, 1), (6, 2), (5, 3), (4, 1)] * 3:
            decision = bot.decide(match.roll_with(dice), 1)
            assert decision.play is not None
            out.append(str(decision.play))
        return out

    assert plays(seeded.seeded_uniform(7)) == plays(seeded.seeded_uniform(7))
    assert plays(seeded.seeded_uniform(7)) != plays(seeded.seeded_uniform(8))  # the noise does reach the play


def test_the_computer_plays_its_chequers_at_the_match_score() -> None:
    from core.bot import Bot, MatchState, ScoreConfig
    from core.match import Match

    class Spy(Bot):
        seen: list[ScoreConfig] = []

        def _choose_play_steps(self, position, dice, score):  # type: ignore[no-untyped-def]
            self.seen.append(score)
            return (yield from super()._choose_play_steps(position, dice, score))

    spy = Spy(level="advanced")
    spy.decide(Match.new(5).opening_with(3, 1), 0)
    assert [(s.match_state, s.cube, s.jacoby) for s in spy.seen] == [(MatchState(5, 5), 1, False)]
    spy.decide(Match.new(0).opening_with(3, 1), 0)
    assert (spy.seen[-1].match_state, spy.seen[-1].jacoby) == (None, False)
    spy.decide(Match.new(0, jacoby=True).opening_with(3, 1), 0)  # the rules reach the bot too
    assert (spy.seen[-1].match_state, spy.seen[-1].jacoby) == (None, True)


def test_the_bot_is_found_where_a_zip_holds_its_bytecode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the site's videau.zip: source and unchecked-hash bytecode side by side; zipimport then names
    # the .pyc as the package's origin (Pyodide), and Analyse must still be offered
    import py_compile
    import sys
    import zipfile

    source = tmp_path / "__init__.py"
    source.write_text("")
    compiled = tmp_path / "__init__.pyc"
    py_compile.compile(str(source), str(compiled), invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    archive = tmp_path / "site.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(source, "zbotpkg/__init__.py")
        z.write(compiled, "zbotpkg/__init__.pyc")
    monkeypatch.syspath_prepend(str(archive))
    spec = importlib.util.find_spec("zbotpkg")
    assert spec is not None and str(spec.origin).endswith("__init__.pyc")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: real("zbotpkg" if name == "core.bot" else name))
    assert bot_turns.bot_available()
    sys.modules.pop("zbotpkg", None)
