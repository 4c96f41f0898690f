"""Long sessions in storage: finished games archived once, a step writes only the small key."""

from __future__ import annotations

import pytest

from app.page.storage.match_store import FullStorage, MatchStore, MemoryStorage, archive_key, usage
from app.page.storage.storage_keys import MATCH_KEY, REV_KEY
from core.errors import InvalidStateError
from core.match import Match
from core.state import read_session, to_json


def _short_game(match: Match, i: int) -> Match:
    """A short game: the opening, a play, a resignation (single or gammon) accepted."""
    dice = ((3, 1), (6, 4), (5, 2))[i % 3]
    match = match.opening_with(*dice)
    match = match.play(match.game.legal_plays()[0])
    return match.resign(1 + i % 2).accept()


def _session(store: MatchStore | None, games: int) -> Match:
    """A money session of ``games`` finished games and a current one begun, saved after every action."""
    match = Match.new(0, names=("Ann", "Bob"))
    for i in range(games):
        match = _short_game(match, i)
        if store is not None:
            assert store.save(match) == "saved"
        match = match.next_game()
        if store is not None:
            assert store.save(match) == "saved"
    match = match.opening_with(4, 2)
    if store is not None:
        assert store.save(match) == "saved"
    return match


def test_a_thousand_game_session_loads_small_and_whole_on_demand() -> None:
    storage = MemoryStorage()
    store = MatchStore(storage)
    match = _session(store, 1000)
    assert store.archived == 1000
    assert len(storage.items[MATCH_KEY]) < 600  # the main key holds the current game only
    assert usage(storage) < 120_000  # stated bound: about 100 characters per short finished game

    loaded = MatchStore(storage)
    result = loaded.load()
    assert result.status == "ok" and result.match is not None
    assert len(result.match.games) == 1  # nothing archived was replayed to load
    assert result.match.score == match.score
    assert result.match.game == match.game
    assert loaded.whole_match(result.match) == match  # read and replayed on demand

    step = result.match.step(13, 9)  # one step of the current game
    assert loaded.save(step) == "saved"
    assert loaded.writes == [MATCH_KEY, REV_KEY]
    assert loaded.whole_match(step) == match.step(13, 9)


def test_a_finished_game_is_archived_once_then_never_rewritten() -> None:
    storage = MemoryStorage()
    store = MatchStore(storage)
    match = _session(store, 2)
    assert store.writes == [MATCH_KEY, REV_KEY]
    ended = match.resign(1).accept()
    assert store.save(ended) == "saved"
    assert store.writes == [MATCH_KEY, REV_KEY]  # over, but still the current game
    assert store.save(ended.next_game()) == "saved"
    assert store.writes == [archive_key(2), MATCH_KEY, REV_KEY]
    assert read_session(storage.items[MATCH_KEY]).archived == 3


def test_a_version_1_save_of_a_long_session_still_loads_and_is_migrated() -> None:
    match = _session(None, 30)
    storage = MemoryStorage({MATCH_KEY: to_json(match), REV_KEY: "7"})
    store = MatchStore(storage)
    result = store.load()
    assert result.status == "ok" and result.match == match
    assert store.save(result.match.step(13, 9)) == "saved"  # the first save archives the old games
    assert store.writes == [*(archive_key(i) for i in range(30)), MATCH_KEY, REV_KEY]
    again = MatchStore(storage)
    loaded = again.load().match
    assert loaded is not None and len(loaded.games) == 1
    assert again.whole_match(loaded) == match.step(13, 9)


def test_an_archived_game_changed_or_lost_is_named_when_opened() -> None:
    storage = MemoryStorage()
    _session(MatchStore(storage), 3)
    storage.items[archive_key(1)] = storage.items[archive_key(1)].replace('"log":"O', '"log":"R', 1)
    store = MatchStore(storage)
    loaded = store.load().match  # the current game still loads
    assert loaded is not None
    with pytest.raises(InvalidStateError, match="game 2"):
        store.whole_match(loaded)
    del storage.items[archive_key(2)]
    with pytest.raises(InvalidStateError, match=r"archived game 3 \(videau.archive.2\) is missing"):
        store.whole_match(loaded)


def test_full_storage_what_was_saved_last_is_never_lost() -> None:
    from app.page.storage.match_store import QuotaExceededError

    storage = FullStorage(capacity=1_500)
    store = MatchStore(storage)
    match, saved, refused = Match.new(0), Match.new(0), 0
    for i in range(12):
        for change in (lambda m, i=i: _short_game(m, i), lambda m: m.next_game()):
            match = change(match)
            try:
                store.save(match)
            except QuotaExceededError:
                refused += 1
            else:
                saved = match
    assert refused and store.archived < 12  # the storage filled up
    loaded = MatchStore(storage)
    result = loaded.load()
    assert result.match is not None
    assert loaded.whole_match(result.match) == saved


def test_a_new_match_removes_the_old_sessions_archive_only_once_saved() -> None:
    storage = MemoryStorage()
    store = MatchStore(storage)
    _session(store, 4)
    store.new_match()
    assert store.save(Match.new(3)) == "saved"
    assert not any(key.startswith("videau.archive") for key in storage.items)
    assert MatchStore(storage).load().match == Match.new(3)
