"""Does a long money session make loading and a step slower? (issue #17 item 8; not run in CI)

    python bench/save_growth.py [--games 1000] [--rounds 15] [--record]

Builds money sessions of 1 and ``--games`` finished games (seeded random play: real
games, no cube), saves them through the page's :class:`app.page.storage.match_store.MatchStore`
into a dict storage, then times, in CPython, the median of ``--rounds``:

* load: ``MatchStore(storage).load()`` (what the page does at start);
* step + save: one checker step of the current game and ``MatchStore.save``.

For comparison, the same with the version 1 save (the whole session in one key,
replayed on load, rewritten per step). Sizes are in characters. ``--record`` rewrites
its section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (ROOT, os.path.join(ROOT, "web")):
    if path not in sys.path:
        sys.path.insert(0, path)

from app.page.storage.match_store import MatchStore, MemoryStorage, usage  # noqa: E402
from app.page.storage.storage_keys import MATCH_KEY  # noqa: E402
from core.match import Match  # noqa: E402
from core.state import from_json, to_json  # noqa: E402


def play_game(match: Match, rng: random.Random) -> Match:
    """Play the current game to its end with random legal plays (no cube)."""
    match = match.opening(lambda: rng.randint(1, 6))
    while not match.game.is_over:
        game = match.game
        if game.phase == "roll":
            match = match.roll(lambda: rng.randint(1, 6))
        elif game.phase == "move":
            plays = game.legal_plays()
            match = match.play(rng.choice(plays)) if plays else match.pass_turn()
        else:
            raise RuntimeError(f"unexpected phase {game.phase}")
    return match


def session(games: int, seed: int = 17) -> tuple[MemoryStorage, Match]:
    """A money session of ``games`` finished games and a current one rolled, saved after every game."""
    rng = random.Random(seed)
    storage = MemoryStorage()
    store = MatchStore(storage)
    match = Match.new(0, names=("Ann", "Bob"))
    for _ in range(games):
        match = play_game(match, rng)
        store.save(match)
        match = match.next_game()
        store.save(match)
    rng = random.Random(seed + 1)  # the same current game whatever the session's length
    match = match.opening(lambda: rng.randint(1, 6))
    while len(match.game.actions) < 20 or match.game.phase != "move":  # the current game under way
        game = match.game
        if game.phase == "roll":
            match = match.roll(lambda: rng.randint(1, 6))
        else:
            plays = game.legal_plays()
            match = match.play(rng.choice(plays)) if plays else match.pass_turn()
    store.save(match)
    return storage, match


def median_ms(run: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def first_step(match: Match) -> tuple[int, int]:
    play = match.game.legal_plays()[0]
    start, end = play.steps[0][:2]
    return start, end


def measure(games: int, rounds: int, *, old: bool = True) -> dict[str, float]:
    storage, match = session(games)
    store = MatchStore(storage)
    loaded = store.load().match
    assert loaded is not None
    start, end = first_step(loaded)

    def step_and_save() -> None:
        store.save(loaded.step(start, end))
        store.save(loaded)  # back, for the next round (not timed separately: both are steps)

    figures = {
        "load": median_ms(lambda: MatchStore(storage).load(), rounds),
        "step": median_ms(step_and_save, rounds) / 2,
        "main": len(storage.items[MATCH_KEY]),
        "total": usage(storage),
    }
    if old:
        old_text = to_json(match)
        old_storage = MemoryStorage({MATCH_KEY: old_text})

        def old_step_and_save() -> None:
            old_storage.set(MATCH_KEY, to_json(match.step(start, end)))
            old_storage.set(MATCH_KEY, to_json(match))

        figures["old_load"] = median_ms(lambda: from_json(old_text), 3)
        figures["old_step"] = median_ms(old_step_and_save, 3) / 2
        figures["old_total"] = len(old_text)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--old-games", type=int, default=50, help="session length for the version 1 comparison")
    parser.add_argument("--record", action="store_true", help="rewrite section save-growth of bench/RESULTS.md")
    args = parser.parse_args()
    n, m = args.games, args.old_games
    small, large = measure(1, args.rounds), measure(n, args.rounds, old=False)
    mid = measure(m, args.rounds)
    lines = [
        "money session, seeded random games (longer than real ones); the same current game, 20+ actions in;",
        f"median of {args.rounds} rounds (v1: 3), CPython {sys.version.split()[0]}, shared 2-core machine",
        f"{'':<28}{'1 game':>12}{f'{n:,} games':>14}{'ratio':>8}",
    ]

    def row(label: str, a: float, b: float, money: bool) -> str:
        fmt = "{:,.2f}" if money else "{:,.0f}"
        return f"{label:<28}{fmt.format(a):>12}{fmt.format(b):>14}{b / a:>7.1f}x"

    lines.append(row("load (ms)", small["load"], large["load"], True))
    lines.append(row("step + save (ms)", small["step"], large["step"], True))
    lines.append(row("main key (chars)", small["main"], large["main"], False))
    lines.append(row("all our keys (chars)", small["total"], large["total"], False))
    lines.append(f"version 1 save (whole session in one key), 1 game vs {m:,} games:")
    lines.append(row("v1: load (ms)", small["old_load"], mid["old_load"], True))
    lines.append(row("v1: step + save (ms)", small["old_step"], mid["old_step"], True))
    lines.append(row("v1: size (chars)", small["old_total"], mid["old_total"], False))
    report = "\n".join(lines)
    print(report)
    if args.record:
        import results

        goal = (
            "issue #17 item 8: a long money session loads and saves a step about as fast as a one-game session "
            "(the save does not grow with the session)"
        )
        results.record("save-growth", "Save growth", goal, results.code_block(report))


if __name__ == "__main__":
    main()
