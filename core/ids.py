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
import binascii
import re
from dataclasses import dataclass
from enum import IntEnum

from .errors import InvalidIdError, InvalidPositionError, quote
from .position import BAR, CHECKERS, Position

__all__ = [
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

_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

MAX_CUBE = 4096
"""The largest cube gnubg accepts (its ``MAX_CUBE``; a Match ID could say 2**15)."""
MAX_MATCH_LENGTH = 64
"""The longest match gnubg accepts in a Match ID (its ``MAXSCORE``; 65 is refused)."""
MAX_SCORE = (1 << 15) - 1
"""The largest score a Match ID can hold (15 bits), e.g. in a long money session."""


class _Enum(IntEnum):
    def __repr__(self) -> str:  # rebuilds the value: GameState.PLAYING
        return f"{type(self).__name__}.{self.name}"


class GameState(_Enum):
    """Where the game stands (Match ID bits 9-11; an XGID is always ``PLAYING``)."""

    NOT_STARTED = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


class Resignation(_Enum):
    """A resignation on offer (Match ID bits 14-15): what the resigning player gives up."""

    NONE = 0
    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_power_of_two(value: int) -> bool:
    return value >= 1 and value & (value - 1) == 0


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """Everything but the board that a Match ID or an XGID carries.

    Players are absolute: ``0`` at the bottom, ``1`` at the top (see the
    module docstring for how they map onto gnubg's and XG's numbering).

    * ``cube``: 1, 2, 4 ... 4096; ``cube_owner``: ``None`` when centred.
    * ``on_roll``: the player who rolls or rolled (the :class:`Position` is
      seen from this side); ``turn``: the player who must act now -- the
      other one only while a double or a resignation waits for an answer
      (the resigning player is then ``1 - turn``).
    * ``dice``: the roll in the order given, ``None`` before rolling.
    * ``match_length``: 0 for money play; ``score``: (player 0, player 1),
      at most the match length.
    * ``crawford``: this game is the Crawford game, so a score is one point
      away and the cube stays at 1, centred.
    * ``jacoby`` and ``beavers``: money play rules (a Match ID carries only
      the Jacoby rule, an XGID both).
    * ``double_offered``; ``resignation`` and ``game_state`` (only a Match ID
      carries these two).
    * ``max_cube``: XG's cube limit (only an XGID carries it; gnubg ignores it).

    Inconsistent fields raise :class:`InvalidIdError`:

    >>> MatchInfo(on_roll=1)
    Traceback (most recent call last):
    ...
    core.errors.InvalidIdError: MatchInfo: turn 0 differs from on_roll 1 with no double or resignation on offer
    """

    cube: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    turn: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    double_offered: bool = False
    resignation: Resignation = Resignation.NONE
    game_state: GameState = GameState.PLAYING
    max_cube: int = 1024

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise InvalidIdError(f"MatchInfo: {problem}")
        # Plain ints become the enums (frozen: set through object).
        object.__setattr__(self, "resignation", Resignation(self.resignation))
        object.__setattr__(self, "game_state", GameState(self.game_state))

    def _problem(self) -> str:
        """What is wrong with these fields, or ``""``."""
        if not _is_int(self.cube) or not _is_power_of_two(self.cube) or self.cube > MAX_CUBE:
            return f"cube {self.cube!r} is not a power of two from 1 to {MAX_CUBE}"
        if self.cube_owner not in (None, 0, 1) or isinstance(self.cube_owner, bool):
            return f"cube_owner {self.cube_owner!r} is not None, 0 or 1"
        for name in ("on_roll", "turn"):
            value = getattr(self, name)
            if value not in (0, 1) or isinstance(value, bool):
                return f"{name} {value!r} is not 0 or 1"
        if self.dice is not None and not (
            isinstance(self.dice, tuple) and len(self.dice) == 2 and all(_is_int(d) and 1 <= d <= 6 for d in self.dice)
        ):
            return f"dice {self.dice!r} are not None or two numbers from 1 to 6"
        if not _is_int(self.match_length) or not 0 <= self.match_length <= MAX_MATCH_LENGTH:
            return f"match_length {self.match_length!r} is not from 0 (money) to {MAX_MATCH_LENGTH}"
        top = self.match_length or MAX_SCORE
        if not (isinstance(self.score, tuple) and len(self.score) == 2 and all(_is_int(s) for s in self.score)):
            return f"score {self.score!r} is not a pair of numbers"
        if not all(0 <= s <= top for s in self.score):
            return f"score {self.score!r} out of range 0..{top}"
        for name in ("crawford", "jacoby", "beavers", "double_offered"):
            if not isinstance(getattr(self, name), bool):
                return f"{name} {getattr(self, name)!r} is not a bool"
        if self.crawford:
            if self.match_length - 1 not in self.score or self.match_length < 2:
                return f"no Crawford game at {self.score[0]}-{self.score[1]} of a {self.match_length}-point match"
            if self.cube != 1 or self.cube_owner is not None or self.double_offered:
                return "no doubling in the Crawford game: the cube stays at 1, centred"
        if (self.jacoby or self.beavers) and self.match_length:
            return "the Jacoby and beaver rules apply to money play only"
        if not _is_int(self.resignation) or not 0 <= self.resignation <= 3:
            return f"resignation {self.resignation!r} is not 0..3"
        if not _is_int(self.game_state) or not 0 <= self.game_state <= 4:
            return f"game_state {self.game_state!r} is not 0..4"
        if not _is_int(self.max_cube) or not _is_power_of_two(self.max_cube) or self.max_cube > 1 << 15:
            return f"max_cube {self.max_cube!r} is not a power of two from 1 to {1 << 15}"
        if self.double_offered:
            if self.dice is not None:
                return f"a double is on offer but the dice {self.dice} are rolled"
            if self.turn == self.on_roll:
                return "a double is on offer: turn must be the player who answers it, not on_roll"
        elif self.game_state == GameState.PLAYING and not self.resignation and self.turn != self.on_roll:
            return f"turn {self.turn} differs from on_roll {self.on_roll} with no double or resignation on offer"
        return ""


# -- Position ID ---------------------------------------------------------------


def _sides_to_bits(first: tuple[int, ...], second: tuple[int, ...]) -> int:
    value = 0
    bit = 0
    for side in (first, second):
        for n in side:
            value |= ((1 << n) - 1) << bit
            bit += n + 1
    return value


def _b64_bits(text: str, what: str, length: int, nbytes: int, original: str) -> int:
    """Base64 text of ``length`` characters (no padding) as a little-endian int of ``nbytes``."""
    if len(text) != length:
        raise InvalidIdError(f"{what} {quote(original)}: {length} characters expected, got {len(text)}")
    for ch in text:
        if ch not in _B64:
            raise InvalidIdError(f"{what} {quote(original)}: invalid character {ch!r}")
    padded = text + "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(padded, validate=True)
    except binascii.Error as exc:  # pragma: no cover - the checks above catch these
        raise InvalidIdError(f"{what} {quote(original)}: {exc}") from None
    if base64.b64encode(raw[:nbytes]).decode("ascii")[:length] != text:
        raise InvalidIdError(f"{what} {quote(original)}: unused trailing bits are set")
    return int.from_bytes(raw[:nbytes], "little")


def encode_position_id(position: Position) -> str:
    """The 14-character gnubg Position ID of ``position`` (player on roll = gnubg's side on roll).

    For each side, for each of its 25 places (points 1..24 then the bar, in that
    side's own numbering), as many 1 bits as checkers and one 0 bit; the side
    **not** on roll comes first (as gnubg writes it: checked against gnubg on
    asymmetric positions). The 80 bits, least significant first, make 10 bytes
    written in base64 without padding (gnubg manual, "A technical description
    of the Position ID").

    >>> encode_position_id(Position.from_text("x 6:2 bar:1 / o 18:3"))
    'AAAOAAYAQAAAAA'
    """
    value = _sides_to_bits(position.opponent, position.player)
    return base64.b64encode(value.to_bytes(10, "little")).decode("ascii")[:14]


def decode_position_id(position_id: str) -> Position:
    """Decode a gnubg Position ID; raises :class:`InvalidIdError` on anything malformed.

    >>> decode_position_id("4HPwATDgc/ABMA") == Position.initial()
    True
    >>> decode_position_id("4HPwATDgc/AB")
    Traceback (most recent call last):
    ...
    core.errors.InvalidIdError: Position ID '4HPwATDgc/AB': 14 characters expected, got 12
    """
    if not isinstance(position_id, str):
        raise InvalidIdError(f"Position ID {quote(position_id)}: not a string")
    value = _b64_bits(position_id.strip(), "Position ID", 14, 10, position_id)
    sides: list[list[int]] = [[], []]
    side, count, bit = 0, 0, 0
    while side < 2:
        if bit == 80:
            raise InvalidIdError(f"Position ID {quote(position_id)}: too many checkers")
        if (value >> bit) & 1:
            count += 1
        else:
            sides[side].append(count)
            count = 0
            if len(sides[side]) == 25:
                side += 1
        bit += 1
    if value >> bit:
        raise InvalidIdError(f"Position ID {quote(position_id)}: too many checkers")
    try:
        return Position(tuple(sides[1]), tuple(sides[0]))
    except InvalidPositionError as exc:
        raise InvalidIdError(f"Position ID {quote(position_id)}: {exc}") from None


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
    value = _b64_bits(match_id.strip(), "Match ID", 12, 9, match_id)

    def field(spec: tuple[int, int]) -> int:
        first, width = spec
        return (value >> first) & ((1 << width) - 1)

    def fail(problem: str) -> InvalidIdError:
        return InvalidIdError(f"Match ID {quote(match_id)}: {problem}")

    if value >> 67:
        raise fail("unused trailing bits are set")
    owner_bits = field(_OWNER)
    if owner_bits == 2:
        raise fail("cube owner bits are 10 (00, 01 or 11 expected)")
    if field(_STATE) > 4:
        raise fail(f"game state {field(_STATE)} is not 0..4")
    cube = 1 << field(_CUBE)
    if cube > MAX_CUBE:
        raise fail(f"cube {cube} is larger than {MAX_CUBE}")
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
    return len(word) == length and all(ch in _B64 for ch in word)


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

    def fail(problem: str) -> InvalidIdError:
        return InvalidIdError(f"XGID {quote(xgid, _XGID_QUOTE)}: {problem}")

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
            raise fail(f"too many checkers for the {name} player ({sum(side)})")

    def number(index: int, name: str, low: int, high: int) -> int:
        raw = fields[index]
        if not _XGID_NUMBER.fullmatch(raw):
            raise fail(f"{name} {quote(raw)} is not a number")
        value = int(raw)
        if not low <= value <= high:
            raise fail(f"{name} {value} out of range {low}..{high}")
        return value

    cube_log = number(1, "cube", 0, MAX_CUBE.bit_length() - 1)
    owner = number(2, "cube position", -1, 1)
    turn = number(3, "turn", -1, 1)
    if turn == 0:
        raise fail("turn 0 (1 or -1 expected)")
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
        raise fail(f"dice field {quote(dice_text)}: beavers and raccoons on offer are not supported")
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
        raise fail(str(exc).removeprefix("MatchInfo: ")) from None
    player, opponent = (bottom, top) if on_roll == 0 else (top, bottom)
    try:
        return Position(tuple(player), tuple(opponent)), info
    except InvalidPositionError as exc:  # pragma: no cover - one character per point
        raise fail(str(exc)) from None
