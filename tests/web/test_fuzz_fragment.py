"""Bounded fuzzing of the embed's fragment parser (issue #17): only FragmentError, linear time.

The fragment is untrusted input (a tutorial page's link): :func:`app.embed.fragment.parse_fragment`
either returns a checked config or raises :class:`~app.embed.values.FragmentError`, whatever
the text, in time proportional to its length. Mutated valid fragments, the hostile pieces of
:mod:`parser_fuzz` (``tests/core/parser_fuzz.py``) and adversarial inputs at two sizes check it,
as ``tests/core/test_fuzz_parsers.py`` checks the core's parsers. The saved JSON is fuzzed there.
"""

from __future__ import annotations

import random
from urllib.parse import quote

from parser_fuzz import HOSTILE, check_linear, check_parser, mutations

from app.embed.fragment import MAX_FRAGMENT, format_fragment, parse_fragment
from app.embed.values import FragmentError
from core.moves import legal_plays
from core.notation import format_play
from core.position import Position

XGID = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:43:3:2:0:5:10"
SEEDS = [
    "#xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A52%3A0%3A0%3A0%3A0%3A10&mode=try",
    "#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA&cube=2-top&home=left&numbers=top&size=large",
    "mode=quiz&dice=31&answer=8/5 6/5|24/23 13/10&lang=fr&caption=Un%20coup%20%C3%A0%20trouver&id=q-1",
    "mode=replay&plays=31:8/5 6/5;64:24/18 13/9;62:13/7* 13/11;43:bar/18*&turn=bottom",
    "play=13/7 8/7&dice=61&size=480",
    "play=bar/22*/16 6/off(2)",
    "start&mode=diagram&cube=none",
    format_fragment({"xgid": XGID, "mode": "try", "caption": "Où jouer ? « 43 »"}),
]


def replay_of(plies: int, seed: int = 12) -> str:
    """``plays=`` for a game of ``plies`` moves from the start, each move legal where the last one left."""
    rnd = random.Random(seed)
    position, entries = Position.initial(), []
    while len(entries) < plies:
        dice = (rnd.randint(1, 6), rnd.randint(1, 6))
        plays = legal_plays(position, dice)
        play = rnd.choice(plays) if plays else None
        entries.append(f"{dice[0]}{dice[1]}:{format_play(play) if play else ''}")
        position = (play.result if play else position).swapped()
        if position.is_game_over():
            break
    return "mode=replay&plays=" + quote(";".join(entries), safe="/:;*")


def test_fragment_parser_raises_only_fragment_errors() -> None:
    rnd = random.Random(19)
    inputs = mutations(SEEDS, 400, rnd) + list(HOSTILE) + [s.replace("&", "&&") for s in SEEDS]
    inputs += ["#" + "&" * MAX_FRAGMENT, "caption=" + "%" * 10, "caption=%FF%FE", "id=" + "a" * 65, replay_of(60)]
    inputs += [f"{key}={piece}" for key in ("xgid", "gnubgid", "dice", "cube", "play", "plays") for piece in HOSTILE]
    refused = check_parser(parse_fragment, inputs, (FragmentError,), baseline=replay_of(60))  # the costliest kind
    assert 0 < refused < len(inputs)


def test_fragment_parser_is_linear() -> None:
    check_linear(parse_fragment, lambda k: "&" * k + "mode=try&dice=43", 800, calls=200)
    check_linear(parse_fragment, lambda k: "caption=" + "%41" * k, 100, calls=200)
    check_linear(parse_fragment, lambda k: "play=" + "13/7 " * k, 5, calls=200)
    # a replay: each move is read from the position the last one left, never from the start again
    plies = replay_of(200).count(";") + 1
    check_linear(parse_fragment, lambda k: replay_of(k), max(plies // 8, 2), calls=3)
