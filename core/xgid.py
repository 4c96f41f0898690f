"""eXtreme Gammon's XGID: a position and its match state in one line.

``XGID=<26 points>:<cube>:<cube position>:<turn>:<dice>:<score bottom>:``
``<score top>:<Crawford or Jacoby/beaver>:<match length>:<max cube>``; how its
players map onto the app's is told in :mod:`core.ids`, which re-exports
:func:`encode_xgid` and :func:`decode_xgid`.

>>> from core.position import Position
>>> info = MatchInfo(match_length=7, score=(2, 4), dice=(5, 2))
>>> encode_xgid(Position.initial(), info)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:0:7:10'
>>> decode_xgid(encode_xgid(Position.initial(), info)) == (Position.initial(), info)
True
"""

from __future__ import annotations

import re

from . import reasons
from .errors import InvalidIdError, InvalidPositionError, quote
from .limits import MAX_MATCH_LENGTH
from .match_info import ID_MAX_CUBE, MAX_SCORE, MatchInfo
from .position import BAR, CHECKERS, Position

__all__ = ["decode_xgid", "encode_xgid"]

# -- XGID --------------------------------------------------------------------------
# Field by field, as eXtreme Gammon writes it and gnubg 1.07 reads it (its `set xgid`):
#   26 places: [0] the top player's bar, [1..24] points 1..24 of the bottom player,
#   [25] the bottom player's bar; '-' empty, 'A'..'O' bottom's checkers, 'a'..'o' top's;
#   cube as log2; cube position 1 bottom owns, -1 top owns, 0 centred; turn 1 bottom,
#   -1 top (the player on roll, also when the dice field is 'D'); dice: '00' not rolled,
#   'D' doubled (the other player answers), or two digits; score bottom, score top;
#   in a match 1 = Crawford game, in money play 1 = Jacoby + 2 = beavers; match length
#   (0 = money); max cube as log2.
_XGID_NUMBER = re.compile(r"-?[0-9]{1,6}")
_XGID_QUOTE = 72  # an error quotes a whole XGID (about 60 characters), and no more


def encode_xgid(position: Position, info: MatchInfo) -> str:
    """The XGID of ``position`` (seen from ``info.on_roll``) and ``info``.

    An XGID has no place for a resignation on offer nor for the game state:
    they are left out (``decode_xgid`` gives no resignation and ``PLAYING``).

    >>> encode_xgid(Position.initial(), MatchInfo(cube=2, cube_owner=0, on_roll=1, turn=1, dice=(3, 1)))
    'XGID=-b----E-C---eE---c-e----B-:1:1:-1:31:0:0:0:0:10'
    """
    bottom, top = (position.player, position.opponent) if info.on_roll == 0 else (position.opponent, position.player)
    places = ["-"] * 26
    places[0] = _xg_char(top[BAR], "a")
    places[25] = _xg_char(bottom[BAR], "A")
    for point in range(1, 25):
        if bottom[point - 1]:
            places[point] = _xg_char(bottom[point - 1], "A")
        elif top[24 - point]:
            places[point] = _xg_char(top[24 - point], "a")
    if info.double_offered:
        dice = "D"
    elif info.dice is None:
        dice = "00"
    else:
        dice = f"{info.dice[0]}{info.dice[1]}"
    rules = int(info.crawford) if info.match_length else int(info.jacoby) + 2 * int(info.beavers)
    owner = {None: 0, 0: 1, 1: -1}[info.cube_owner]
    fields = (
        "".join(places),
        info.cube.bit_length() - 1,
        owner,
        1 if info.on_roll == 0 else -1,
        dice,
        info.score[0],
        info.score[1],
        rules,
        info.match_length,
        info.max_cube.bit_length() - 1,
    )
    return "XGID=" + ":".join(str(f) for f in fields)


def _xg_char(count: int, base: str) -> str:
    return chr(ord(base) + count - 1) if count else "-"


def decode_xgid(xgid: str) -> tuple[Position, MatchInfo]:
    """Decode an XGID (the ``XGID=`` prefix is optional, the max cube field too).

    Raises :class:`InvalidIdError` naming the field on anything malformed.

    >>> position, info = decode_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:3:2:0:5:10")
    >>> info.cube, info.cube_owner, info.on_roll, info.turn, info.double_offered, info.score
    (2, 1, 1, 0, True, (3, 2))
    >>> decode_xgid("XGID=-b----E-C---eE---c-e----:0:0:1:00:0:0:0:0:10")
    Traceback (most recent call last):
    ...
    core.errors.InvalidIdError: XGID '...': 26 position characters expected, got 24
    """
    if not isinstance(xgid, str):
        raise InvalidIdError(f"XGID {quote(xgid, _XGID_QUOTE)}: not a string")

    def fail(problem: str, reason: str = reasons.ID_MALFORMED) -> InvalidIdError:
        return InvalidIdError(f"XGID {quote(xgid, _XGID_QUOTE)}: {problem}", reason)

    text = xgid.strip()
    if text.startswith("XGID="):
        text = text[5:]
    fields = text.split(":")
    if len(fields) not in (9, 10):
        raise fail(f"10 fields separated by ':' expected, got {len(fields)}")
    places = fields[0]
    if len(places) != 26:
        raise fail(f"26 position characters expected, got {len(places)}")
    bottom, top = [0] * 25, [0] * 25
    for i, ch in enumerate(places):
        if ch == "-":
            continue
        if "A" <= ch <= "O" and i != 0:
            bottom[BAR if i == 25 else i - 1] = ord(ch) - ord("A") + 1
        elif "a" <= ch <= "o" and i != 25:
            top[BAR if i == 0 else 24 - i] = ord(ch) - ord("a") + 1
        else:
            where = {0: "top player's bar", 25: "bottom player's bar"}.get(i, f"point {i}")
            raise fail(f"invalid character {ch!r} at {where}")
    for name, side in (("bottom", bottom), ("top", top)):
        if sum(side) > CHECKERS:
            raise fail(f"too many checkers for the {name} player ({sum(side)})", reasons.ID_IMPOSSIBLE)

    def number(index: int, name: str, low: int, high: int) -> int:
        raw = fields[index]
        if not _XGID_NUMBER.fullmatch(raw):
            raise fail(f"{name} {quote(raw)} is not a number")
        value = int(raw)
        if not low <= value <= high:
            raise fail(f"{name} {value} out of range {low}..{high}", reasons.ID_IMPOSSIBLE)
        return value

    cube_log = number(1, "cube", 0, ID_MAX_CUBE.bit_length() - 1)
    owner = number(2, "cube position", -1, 1)
    turn = number(3, "turn", -1, 1)
    if turn == 0:
        raise fail("turn 0 (1 or -1 expected)", reasons.ID_IMPOSSIBLE)
    length = number(8, "match length", 0, MAX_MATCH_LENGTH)
    score_bottom = number(5, "bottom score", 0, length or MAX_SCORE)
    score_top = number(6, "top score", 0, length or MAX_SCORE)
    rules = number(7, "Crawford/Jacoby field", 0, 1 if length else 3)
    max_cube_log = number(9, "max cube", 0, 15) if len(fields) == 10 else 10
    on_roll = 0 if turn == 1 else 1
    dice_text = fields[4]
    dice: tuple[int, int] | None = None
    if dice_text == "D":
        pass
    elif dice_text in ("B", "R"):
        raise fail(
            f"dice field {quote(dice_text)}: beavers and raccoons on offer are not supported", reasons.ID_IMPOSSIBLE
        )
    elif dice_text == "00":
        pass
    elif len(dice_text) == 2 and all(c in "123456" for c in dice_text):
        dice = (int(dice_text[0]), int(dice_text[1]))
    else:
        raise fail(f"dice {quote(dice_text)} are not '00', 'D' or two digits 1..6")
    try:
        info = MatchInfo(
            cube=1 << cube_log,
            cube_owner={0: None, 1: 0, -1: 1}[owner],
            on_roll=on_roll,
            turn=1 - on_roll if dice_text == "D" else on_roll,
            dice=dice,
            match_length=length,
            score=(score_bottom, score_top),
            crawford=bool(rules) if length else False,
            jacoby=bool(rules & 1) if not length else False,
            beavers=bool(rules & 2) if not length else False,
            double_offered=dice_text == "D",
            max_cube=1 << max_cube_log,
        )
    except InvalidIdError as exc:
        raise fail(str(exc).removeprefix("MatchInfo: "), reasons.ID_IMPOSSIBLE) from None
    player, opponent = (bottom, top) if on_roll == 0 else (top, bottom)
    try:
        return Position(tuple(player), tuple(opponent)), info
    except InvalidPositionError as exc:  # pragma: no cover - one character per point
        raise fail(str(exc), reasons.ID_IMPOSSIBLE) from None
