"""gnubg Position ID and Match ID, and eXtreme Gammon's XGID.

Three formats name a position and its match state:

* the gnubg **Position ID** (14 characters): the board, from the side of the
  player on roll -- exactly what a :class:`~core.position.Position` holds;
* the gnubg **Match ID** (12 characters): cube, score, dice, turn, Crawford,
  double and resignation offers -- a :class:`MatchInfo`; gnubg writes both
  as ``PositionID:MatchID`` (:func:`encode_gnubg_id`);
* the **XGID** of eXtreme Gammon, both in one line:
  ``XGID=<26 points>:<cube>:<cube position>:<turn>:<dice>:<score bottom>:``
  ``<score top>:<Crawford or Jacoby/beaver>:<match length>:<max cube>``.

Players are **absolute** in a :class:`MatchInfo`: player ``0`` is the one the
app draws at the bottom, player ``1`` the one at the top. Both other programs
draw the same way, which fixes how the numbers map (checked against gnubg
1.07, see ``tests/gnubg/test_ids_vs_gnubg.py``):

====================  ==========  ==========
                      bottom      top
====================  ==========  ==========
``MatchInfo``         player 0    player 1
gnubg Match ID        player 1    player 0
XGID                  turn ``1``, turn ``-1``,
                      A-O         a-o
====================  ==========  ==========

gnubg draws its player 1 (``X``, the human by default) at the bottom, and
its ``set xgid`` gives the XGID's turn ``1``, cube position ``1`` and
upper-case checkers to that player; so a gnubg ID or an XGID pasted into the
app shows the same board the other program shows.

The :class:`~core.position.Position` is always seen from ``on_roll``, the
player who rolls or has rolled (gnubg's "dice owner"), also while the other
player considers a double (``turn`` is then the player who must answer).

>>> from core.position import Position
>>> info = MatchInfo(match_length=7, score=(2, 4), dice=(5, 2))
>>> encode_gnubg_id(Position.initial(), info)
'4HPwATDgc/ABMA:cInqAEAAEAAE'
>>> encode_xgid(Position.initial(), info)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:0:7:10'
>>> decode_xgid(encode_xgid(Position.initial(), info)) == (Position.initial(), info)
True
"""

from __future__ import annotations

import base64

from . import reasons
from .errors import InvalidIdError, quote
from .limits import MAX_MATCH_LENGTH
from .match_info import ID_MAX_CUBE, MAX_SCORE, GameState, MatchInfo, Resignation
from .position import Position
from .position_id import B64_ALPHABET, base64_bits
from .xgid import decode_xgid, encode_xgid

__all__ = [
    "ID_MAX_CUBE",
    "MAX_MATCH_LENGTH",
    "MAX_SCORE",
    "GameState",
    "MatchInfo",
    "Resignation",
    "decode_gnubg_id",
    "decode_match_id",
    "decode_position_id",
    "decode_xgid",
    "encode_gnubg_id",
    "encode_match_id",
    "encode_position_id",
    "encode_xgid",
    "find_gnubg_ids",
]


# -- Position ID ---------------------------------------------------------------


def encode_position_id(position: Position) -> str:
    """The 14-character gnubg Position ID of ``position`` (player on roll = gnubg's side on roll).

    See :mod:`core.position_id` for the format.

    >>> encode_position_id(Position.from_text("x 6:2 bar:1 / o 18:3"))
    'AAAOAAYAQAAAAA'
    """
    return position.to_id()


def decode_position_id(position_id: str) -> Position:
    """Decode a gnubg Position ID; raises :class:`InvalidIdError` on anything malformed.

    >>> decode_position_id("4HPwATDgc/ABMA") == Position.initial()
    True
    >>> decode_position_id("4HPwATDgc/AB")
    Traceback (most recent call last):
    ...
    core.errors.InvalidIdError: Position ID '4HPwATDgc/AB': 14 characters expected, got 12
    """
    return Position.from_id(position_id)


# -- Match ID --------------------------------------------------------------------
# The 66-bit match key, least significant bit first (gnubg manual, "A technical
# description of the Match ID"): (first bit, width) of each field.
_CUBE, _OWNER, _DICE_OWNER, _CRAWFORD = (0, 4), (4, 2), (6, 1), (7, 1)
_STATE, _TURN, _DOUBLED, _RESIGN = (8, 3), (11, 1), (12, 1), (13, 2)
_DIE1, _DIE2, _LENGTH, _SCORE0, _SCORE1 = (15, 3), (18, 3), (21, 15), (36, 15), (51, 15)
# gnubg 1.07 adds a 67th bit after the documented 66: 1 when the Jacoby rule is
# *off* (so that IDs without it read as "on", gnubg's default); in a match it
# writes 1. It also writes the larger die first (matchid.c, MatchID()).
_NO_JACOBY = (66, 1)
_CENTRED = 3


def _gnubg_player(player: int) -> int:
    """gnubg's number for our absolute player (ours 0, bottom = gnubg's 1)."""
    return 1 - player


def encode_match_id(info: MatchInfo) -> str:
    """The 12-character gnubg Match ID of ``info`` (players renumbered for gnubg).

    As gnubg 1.07 writes it: the larger die first, and a 67th bit after the
    66 of the manual that is set when the Jacoby rule is off (always in a
    match). ``dice`` (2, 5) therefore come back from :func:`decode_match_id`
    as (5, 2); ``max_cube`` and ``beavers`` are not carried.

    >>> encode_match_id(MatchInfo(jacoby=True))
    'cAkAAAAAAAAA'
    >>> encode_match_id(MatchInfo(cube=2, cube_owner=1, on_roll=1, turn=1, match_length=5, score=(1, 3), dice=(2, 6)))
    'AQGrADAACAAE'
    """
    owner = _CENTRED if info.cube_owner is None else _gnubg_player(info.cube_owner)
    d1, d2 = sorted(info.dice or (0, 0), reverse=True)
    fields = (
        (_CUBE, info.cube.bit_length() - 1),
        (_OWNER, owner),
        (_DICE_OWNER, _gnubg_player(info.on_roll)),
        (_CRAWFORD, int(info.crawford)),
        (_STATE, int(info.game_state)),
        (_TURN, _gnubg_player(info.turn)),
        (_DOUBLED, int(info.double_offered)),
        (_RESIGN, int(info.resignation)),
        (_DIE1, d1),
        (_DIE2, d2),
        (_LENGTH, info.match_length),
        (_SCORE0, info.score[1]),  # gnubg's player 0 is our player 1
        (_SCORE1, info.score[0]),
        (_NO_JACOBY, int(not info.jacoby)),
    )
    value = 0
    for (first, _width), field in fields:
        value |= field << first
    return base64.b64encode(value.to_bytes(9, "little")).decode("ascii")


def decode_match_id(match_id: str) -> MatchInfo:
    """Decode a gnubg Match ID; raises :class:`InvalidIdError` on anything malformed.

    The Jacoby bit is read in money play only (gnubg writes "off" in a match;
    IDs from before the bit existed read as "on", as in gnubg).

    >>> decode_match_id("cAkAAAAAAAAA") == MatchInfo(jacoby=True)
    True
    >>> decode_match_id("cAkAAAAAAAA!")
    Traceback (most recent call last):
    ...
    core.errors.InvalidIdError: Match ID 'cAkAAAAAAAA!': invalid character '!'
    """
    if not isinstance(match_id, str):
        raise InvalidIdError(f"Match ID {quote(match_id)}: not a string")
    value = base64_bits(match_id.strip(), "Match ID", 12, 9, match_id)

    def field(spec: tuple[int, int]) -> int:
        first, width = spec
        return (value >> first) & ((1 << width) - 1)

    def fail(problem: str, reason: str = reasons.ID_IMPOSSIBLE) -> InvalidIdError:
        return InvalidIdError(f"Match ID {quote(match_id)}: {problem}", reason)

    if value >> 67:
        raise fail("unused trailing bits are set", reasons.ID_MALFORMED)
    owner_bits = field(_OWNER)
    if owner_bits == 2:
        raise fail("cube owner bits are 10 (00, 01 or 11 expected)")
    if field(_STATE) > 4:
        raise fail(f"game state {field(_STATE)} is not 0..4")
    cube = 1 << field(_CUBE)
    if cube > ID_MAX_CUBE:
        raise fail(f"cube {cube} is larger than {ID_MAX_CUBE}")
    d1, d2 = field(_DIE1), field(_DIE2)
    if (d1 == 0) != (d2 == 0) or d1 > 6 or d2 > 6:
        raise fail(f"dice {d1} and {d2} are not both 0 or both 1..6")
    length = field(_LENGTH)
    if length > MAX_MATCH_LENGTH:
        raise fail(f"match length {length} is larger than {MAX_MATCH_LENGTH}")
    try:
        return MatchInfo(
            cube=cube,
            cube_owner=None if owner_bits == _CENTRED else _gnubg_player(owner_bits),
            on_roll=_gnubg_player(field(_DICE_OWNER)),
            turn=_gnubg_player(field(_TURN)),
            dice=(d1, d2) if d1 else None,
            match_length=length,
            score=(field(_SCORE1), field(_SCORE0)),
            crawford=bool(field(_CRAWFORD)),
            jacoby=not length and not field(_NO_JACOBY),
            double_offered=bool(field(_DOUBLED)),
            resignation=Resignation(field(_RESIGN)),
            game_state=GameState(field(_STATE)),
        )
    except InvalidIdError as exc:
        raise fail(str(exc).removeprefix("MatchInfo: ")) from None


def encode_gnubg_id(position: Position, info: MatchInfo) -> str:
    """gnubg's full ID, ``PositionID:MatchID`` (as ``show gnubgid`` writes it).

    >>> encode_gnubg_id(Position.initial(), MatchInfo())
    '4HPwATDgc/ABMA:cAkAAAAAAAAE'
    """
    return f"{encode_position_id(position)}:{encode_match_id(info)}"


def decode_gnubg_id(gnubg_id: str) -> tuple[Position, MatchInfo]:
    """Decode ``PositionID:MatchID``; raises :class:`InvalidIdError` on anything malformed.

    >>> position, info = decode_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    >>> position == Position.initial(), info.match_length, info.on_roll, info.jacoby
    (True, 0, 0, True)
    """
    if not isinstance(gnubg_id, str):
        raise InvalidIdError(f"gnubg ID {quote(gnubg_id)}: not a string")
    parts = gnubg_id.strip().split(":")
    if len(parts) != 2:
        raise InvalidIdError(f"gnubg ID {quote(gnubg_id)}: 'PositionID:MatchID' expected")
    return decode_position_id(parts[0]), decode_match_id(parts[1])


MAX_ID_TEXT_CHARS = 20_000
"""The longest text :func:`find_gnubg_ids` searches (gnubg's whole board print is about 2,000)."""


def _is_b64(word: str, length: int) -> bool:
    return len(word) == length and all(ch in B64_ALPHABET for ch in word)


def find_gnubg_ids(text: str) -> tuple[str, str] | None:
    """The gnubg Position ID and Match ID in pasted text, or ``None`` when it holds none.

    Either the whole text is ``PositionID:MatchID``, or it holds them as gnubg
    prints them (``show gnubgid``, the board's header): ``Position ID: ...``
    then, further on, ``Match ID : ...``. The IDs are only found, not decoded
    (:func:`decode_gnubg_id` does that). One pass over the text; raises
    :class:`InvalidIdError` for text over :data:`MAX_ID_TEXT_CHARS` characters.

    >>> find_gnubg_ids(" 4HPwATDgc/ABMA:cAkAAAAAAAAA ")
    ('4HPwATDgc/ABMA', 'cAkAAAAAAAAA')
    >>> find_gnubg_ids("GNU Backgammon  Position ID: 4HPwATDgc/ABMA\\n   Match ID   : cAkAAAAAAAAA\\n")
    ('4HPwATDgc/ABMA', 'cAkAAAAAAAAA')
    >>> find_gnubg_ids("Position ID: 4HPwATDgc/ABMA") is None
    True
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"gnubg ID text: text expected, got {type(text).__name__}")
    if len(text) > MAX_ID_TEXT_CHARS:
        raise InvalidIdError(
            f"gnubg ID text of {len(text):,} characters: too long to hold an ID (at most {MAX_ID_TEXT_CHARS:,})"
        )
    bare = text.strip()
    if len(bare) == 27 and bare[14] == ":" and _is_b64(bare[:14], 14) and _is_b64(bare[15:], 12):
        return bare[:14], bare[15:]
    words = text.replace(":", " : ").split()
    position_id: str | None = None
    for i in range(len(words) - 3):
        if words[i + 1] != "ID" or words[i + 2] != ":":
            continue
        if position_id is None and words[i] == "Position" and _is_b64(words[i + 3], 14):
            position_id = words[i + 3]
        elif position_id is not None and words[i] == "Match" and _is_b64(words[i + 3], 12):
            return position_id, words[i + 3]
    return None
