"""Built-in practice decks for a player without matches yet: openings and replies, bear-off
technique, cube basics in money play and at the scores of a 7-point match.

The decks are positions only (XGIDs in :data:`LESSONS`): no answer is written down; the coach
prices each card when it is asked (:func:`core.analysis.cards.card_eval_steps`). The positions
were chosen by :func:`generate_lessons` with our own engine, from a seeded draw: every opening
roll, replies to six openings, and bear-offs and races kept only where a wrong answer loses at
least :data:`core.practice.MISTAKE` (so each card has something to teach), the cube cards
balanced between their answers. ``python -m core.analysis.lessons`` draws them again and prints
the table below; ``tests/core/test_practice_cards.py`` checks each card still teaches something
to the engine as it is now.

>>> [(name, len(LESSONS[name])) for name in LESSON_NAMES]
[('openings', 27), ('bearoff', 12), ('cube', 12), ('cube-match', 12)]
>>> {c.theme for c in lesson_cards("bearoff")}
{'bearoff'}
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Literal

from ..bot.evaluator import drive
from ..dice import ROLLS
from ..match_info import MatchInfo
from ..position import CHECKERS, Position
from ..practice import MISTAKE, Card
from ..xgid import encode_xgid
from .decision import DecisionEval, checker_eval_steps, cube_eval_steps
from .engine import Engine
from .walk import Situation

__all__ = ["LESSONS", "LESSON_NAMES", "generate_lessons", "lesson_cards", "teaches"]

LESSON_NAMES = ("openings", "bearoff", "cube", "cube-match")

OPENINGS_REPLIED = ((3, 1), (4, 2), (6, 1), (6, 4), (5, 2), (2, 1))
REPLIES = ((6, 6), (5, 5), (4, 4), (6, 5), (3, 3), (6, 2), (1, 1), (5, 3), (2, 2), (4, 1), (6, 3), (5, 4))
REPLY_COUNT = 12
DRAWN = 12
SEED = 44
MATCH_LENGTH = 7
MATCH_SCORES = ((0, 0), (2, 2), (1, 3), (3, 1), (2, 4), (4, 2), (4, 4), (3, 5), (5, 3))
"""The scores of the match cube deck (a 7-point match, never at 1-away: no cube in the Crawford game)."""

LESSONS: dict[str, tuple[str, ...]] = {}
"""Each deck's XGIDs (filled below from :func:`generate_lessons`' output)."""


def lesson_cards(name: str) -> tuple[Card, ...]:
    """The cards of the built-in deck ``name`` (one of :data:`LESSON_NAMES`), source ``name``."""
    if name not in LESSONS:
        raise KeyError(f"no built-in deck {name!r}: one of {', '.join(LESSON_NAMES)}")
    return tuple(Card.new(x, source=name) for x in LESSONS[name])


def teaches(ev: DecisionEval) -> bool:
    """Whether a decision has something to teach: a wrong answer loses at least ``MISTAKE``.

    >>> from core.analysis.decision import cube_eval
    >>> from core.analysis.grades import CubeGrade
    >>> teaches(cube_eval("take", 0, CubeGrade(0.5, 0.9, 1.0), (0.7, 0.1, 0.0, 0.05, 0.0)))
    True
    """
    return (
        any(o.loss >= MISTAKE for o in ev.options)
        if ev.kind != "double"
        else max(ev.loss("double"), ev.loss("no double")) >= MISTAKE
    )


def _move_xgid(position: Position, dice: tuple[int, int]) -> str:
    return encode_xgid(position, MatchInfo(dice=dice))


def _openings(engine: Engine) -> Iterator[str]:
    start = Position.initial()
    for a in range(6, 0, -1):
        for b in range(a - 1, 0, -1):
            yield _move_xgid(start, (a, b))
    replies = 0
    for i, roll in enumerate(OPENINGS_REPLIED):
        best = drive(checker_eval_steps(engine, start, roll)).best.play
        assert best is not None
        after = best.result.swapped()
        for reply in REPLIES[2 * i : 2 * i + 2]:
            if replies < REPLY_COUNT and teaches(drive(checker_eval_steps(engine, after, reply))):
                replies += 1
                yield _move_xgid(after, reply)


def _spread(rng: random.Random, count: int, points: int) -> list[int]:
    side = [0] * 25
    for _ in range(count):
        side[rng.randrange(points)] += 1
    return side


def _bearoffs(engine: Engine, rng: random.Random) -> Iterator[str]:
    kept = 0
    while kept < DRAWN:
        mine = _spread(rng, rng.randint(5, CHECKERS), 6)
        theirs = _spread(rng, rng.randint(8, CHECKERS), 6)
        if rng.random() < 0.5 and sum(theirs) < CHECKERS:  # contact: a checker of theirs on the bar
            theirs[24] += 1
        position = Position(tuple(mine), tuple(theirs))
        r = rng.choice(ROLLS)
        roll = (r.high, r.low)
        if teaches(drive(checker_eval_steps(engine, position, roll))):
            kept += 1
            yield _move_xgid(position, roll)


def _races(engine: Engine, rng: random.Random) -> Iterator[str]:
    wanted = {"No double": 3, "Double, take": 3, "Double, pass": 3, "Take": 3, "Pass": 3}
    kept: list[str] = []
    while sum(wanted.values()) > 3 and len(kept) < DRAWN:
        mine = _spread(rng, CHECKERS, 11)
        theirs = _spread(rng, CHECKERS, 11)
        position = Position(tuple(mine), tuple(theirs))
        if abs(position.pip_count()[0] - position.pip_count()[1]) > 20:
            continue
        kind: Literal["double", "take"] = "double" if rng.random() < 0.5 else "take"
        ev = drive(cube_eval_steps(engine, position, Situation(), kind, 0 if kind == "double" else 1))
        if not teaches(ev) or wanted.get(ev.best_what, 0) == 0:
            continue
        wanted[ev.best_what] -= 1
        if kind == "double":
            kept.append(encode_xgid(position, MatchInfo()))
        else:
            kept.append(encode_xgid(position, MatchInfo(on_roll=1, turn=0, double_offered=True)))
    yield from kept


def _match_races(engine: Engine, rng: random.Random) -> Iterator[str]:
    """Cube decisions in races at the scores of a 7-point match (#59): the same draw as the money
    deck's, each at a score of :data:`MATCH_SCORES`, balanced between the answers."""
    wanted = {"No double": 3, "Double, take": 3, "Double, pass": 3, "Take": 3, "Pass": 3}
    kept: list[str] = []
    while sum(wanted.values()) > 3 and len(kept) < DRAWN:
        mine = _spread(rng, CHECKERS, 11)
        theirs = _spread(rng, CHECKERS, 11)
        position = Position(tuple(mine), tuple(theirs))
        if abs(position.pip_count()[0] - position.pip_count()[1]) > 20:
            continue
        kind: Literal["double", "take"] = "double" if rng.random() < 0.5 else "take"
        score = rng.choice(MATCH_SCORES)
        doubler = 0 if kind == "double" else 1  # the position is the doubler's, on roll
        away = (MATCH_LENGTH - score[doubler], MATCH_LENGTH - score[1 - doubler])
        situation = Situation(away=away[0], opp_away=away[1])
        ev = drive(cube_eval_steps(engine, position, situation, kind, 0 if kind == "double" else 1))
        if not teaches(ev) or wanted.get(ev.best_what, 0) == 0:
            continue
        wanted[ev.best_what] -= 1
        info = MatchInfo(match_length=MATCH_LENGTH, score=score)
        if kind == "take":
            info = MatchInfo(on_roll=1, turn=0, double_offered=True, match_length=MATCH_LENGTH, score=score)
        kept.append(encode_xgid(position, info))
    yield from kept


def generate_lessons(engine: Engine | None = None, seed: int = SEED) -> dict[str, tuple[str, ...]]:
    """Draw the built-in decks again (see the module docstring); slow: a minute or so."""
    engine = engine if engine is not None else Engine()
    rng = random.Random(seed)
    return {
        "openings": tuple(_openings(engine)),
        "bearoff": tuple(_bearoffs(engine, rng)),
        "cube": tuple(_races(engine, rng)),
        "cube-match": tuple(_match_races(engine, random.Random(seed + 1))),  # its own draw: the others unchanged
    }


def main() -> None:
    """Print the table of :data:`LESSONS` as drawn now."""
    for name, xgids in generate_lessons().items():
        sys.stdout.write(f'LESSONS["{name}"] = (\n')
        for x in xgids:
            sys.stdout.write(f'    "{x}",\n')
        sys.stdout.write(")\n")


# -- generated by `python -m core.analysis.lessons` (seed 44) -------------------------------------
LESSONS["openings"] = (
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:63:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:62:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:54:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:53:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:51:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:43:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:42:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:41:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:32:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:21:0:0:0:0:10",
    "XGID=-b----E-C---eE---b-db---B-:0:0:1:66:0:0:0:0:10",
    "XGID=-b----E-C---eE---b-db---B-:0:0:1:55:0:0:0:0:10",
    "XGID=-b----E-C---eE---b-d-b--B-:0:0:1:44:0:0:0:0:10",
    "XGID=-b----E-C---eE---b-d-b--B-:0:0:1:65:0:0:0:0:10",
    "XGID=-b----E-C---dE---bbe----B-:0:0:1:33:0:0:0:0:10",
    "XGID=-b----E-C---dE---bbe----B-:0:0:1:62:0:0:0:0:10",
    "XGID=-a----E-C--aeE---c-e----B-:0:0:1:11:0:0:0:0:10",
    "XGID=-a----E-C--aeE---c-e----B-:0:0:1:53:0:0:0:0:10",
    "XGID=-a-a--E-C---dE---d-e----B-:0:0:1:22:0:0:0:0:10",
    "XGID=-a-a--E-C---dE---d-e----B-:0:0:1:41:0:0:0:0:10",
    "XGID=-aa---E-C---dEa--c-e----B-:0:0:1:63:0:0:0:0:10",
    "XGID=-aa---E-C---dEa--c-e----B-:0:0:1:54:0:0:0:0:10",
)
LESSONS["bearoff"] = (
    "XGID=-CCAABA------------caaaaa-:0:0:1:51:0:0:0:0:10",
    "XGID=aDAB-C-------------a-ccbc-:0:0:1:42:0:0:0:0:10",
    "XGID=aBCBBAC------------aeabaa-:0:0:1:51:0:0:0:0:10",
    "XGID=aAACACB------------bbcacb-:0:0:1:42:0:0:0:0:10",
    "XGID=aCACCAC------------ebaada-:0:0:1:63:0:0:0:0:10",
    "XGID=aA-A-CB------------ab-ade-:0:0:1:33:0:0:0:0:10",
    "XGID=-ABBDAB-------------abdab-:0:0:1:54:0:0:0:0:10",
    "XGID=aAAB-AB------------b-baad-:0:0:1:21:0:0:0:0:10",
    "XGID=aE-A-B-------------bbcaad-:0:0:1:63:0:0:0:0:10",
    "XGID=aCA-CFB------------ababbc-:0:0:1:63:0:0:0:0:10",
    "XGID=aBAABCA------------b-c-ba-:0:0:1:64:0:0:0:0:10",
    "XGID=aA-CDAA------------bbbcab-:0:0:1:44:0:0:0:0:10",
)
LESSONS["cube"] = (
    "XGID=-BAABAAAACB---acbb--ad-aa-:0:0:-1:D:0:0:0:0:10",
    "XGID=-BB--ABAAC-C--abbabcb-a-a-:0:0:-1:D:0:0:0:0:10",
    "XGID=-CAA-CABAA-B--b--abababac-:0:0:1:00:0:0:0:0:10",
    "XGID=-B-AAACBABB---b-bbb-ac-ba-:0:0:-1:D:0:0:0:0:10",
    "XGID=-DAAB-AABBA---a-aabcabaab-:0:0:1:00:0:0:0:0:10",
    "XGID=-BBA-A-D-AAC---aab-cbac-b-:0:0:-1:D:0:0:0:0:10",
    "XGID=-B-BAACABBA----babb-cbba--:0:0:1:00:0:0:0:0:10",
    "XGID=-BC-BBACA--A--baaa-bb-a-e-:0:0:1:00:0:0:0:0:10",
    "XGID=--ACDBA-A-BA--aacb-baa-bb-:0:0:1:00:0:0:0:0:10",
    "XGID=-A-B-BDAAAAB---dbc-bba--a-:0:0:1:00:0:0:0:0:10",
    "XGID=-B---CCCABA---bada-baaab--:0:0:1:00:0:0:0:0:10",
    "XGID=-C-AAA-BBACA---aa-bcacd---:0:0:-1:D:0:0:0:0:10",
)

LESSONS["cube-match"] = (
    "XGID=-AB---DB-BAC--bb-bababa-b-:0:0:1:00:4:4:0:7:10",
    "XGID=-AA-B-CBABBA--ca-ae-a-ca--:0:0:-1:D:0:0:0:7:10",
    "XGID=-C--C--AA-CD--bcaabba--ab-:0:0:1:00:4:4:0:7:10",
    "XGID=--CAAA--CCBA--aababcc-a-a-:0:0:-1:D:4:2:0:7:10",
    "XGID=-A-AABAABBBB--aaacad-baa--:0:0:1:00:3:1:0:7:10",
    "XGID=--BACBBAAAAA--caab-abac-a-:0:0:-1:D:5:3:0:7:10",
    "XGID=--BB-B--CBBB--b-ba-cbbaaa-:0:0:-1:D:0:0:0:7:10",
    "XGID=-BAAC-BBBAA----bbbabb-bb--:0:0:1:00:3:1:0:7:10",
    "XGID=---DBABCAA-A--ab-a--abeba-:0:0:-1:D:1:3:0:7:10",
    "XGID=-BABABBB-AAA--ab-c-bcb--b-:0:0:1:00:0:0:0:7:10",
    "XGID=--BCAAAABBAA---acaaaab-ad-:0:0:-1:D:4:4:0:7:10",
    "XGID=-AB-EBB--A-B---b-c-bbbc-a-:0:0:1:00:4:4:0:7:10",
)

if __name__ == "__main__":
    main()
