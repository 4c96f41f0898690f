"""Reading one value of an embed's fragment: dice, sizes, the cube, the position, plays and replays.

Every reader checks what it reads against the core and raises :class:`FragmentError`,
whose message names the key and what was wrong (:mod:`app.embed.fragment` reads the whole).

>>> parse_dice("43"), parse_dice("none")
((4, 3), None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.board.arrows import ArrowView, arrows_from_notation
from core.errors import AmbiguousPlayError, BackgammonError, InvalidNotationError, quote
from core.ids import ID_MAX_CUBE, MatchInfo, decode_gnubg_id, decode_position_id, decode_xgid
from core.moves import Play, can_play
from core.notation import format_play, parse_play
from core.position import Position
from core.reasons import describe

MAX_REPLAY = 200


SIZES = {"small": 320, "medium": 480, "large": 720}


SIZE_RANGE = (160, 1600)


SIDES = {"bottom": 0, "white": 0, "top": 1, "black": 1}


CUBE_OWNERS = {"bottom": 0, "white": 0, "top": 1, "black": 1, "centre": None, "center": None}


class FragmentError(ValueError):
    """Anything wrong in a fragment; ``key`` names the offending key (``""`` for the whole)."""

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True, slots=True)
class ReplayMove:
    """One entry of a replay: who moved, the roll, the play (``None``: no legal move) and its text."""

    mover: int
    dice: tuple[int, int]
    play: Play | None
    text: str
    board_before: Position
    """The board before this move, seen from player 0."""


def show_value(text: str, limit: int = 40) -> str:
    """An input value as a short, quoted, printable text for a message."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return repr(text)


def read_choice(key: str, value: str, choices: Mapping[str, object] | tuple[str, ...]) -> str:
    if value not in choices:
        names = ", ".join(choices)
        raise FragmentError(f"{key}: {show_value(value)} is not one of {names}", key)
    return value


def parse_dice(value: str, key: str = "dice") -> tuple[int, int] | None:
    """``"43"`` -> ``(4, 3)``; ``"none"`` or ``"00"`` -> ``None``.

    >>> parse_dice("66"), parse_dice("none")
    ((6, 6), None)
    """
    if value in ("none", "00"):
        return None
    if len(value) != 2 or any(c not in "123456" for c in value):
        raise FragmentError(f"{key}: {show_value(value)} is not two digits from 1 to 6 (such as 43) or none", key)
    return int(value[0]), int(value[1])


def read_number(key: str, text: str, low: int, high: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise FragmentError(f"{key}: {show_value(text)} is not a number from {low} to {high}", key)
    value = int(text)
    if not low <= value <= high:
        raise FragmentError(f"{key}: {value} is out of range {low}..{high}", key)
    return value


def read_size(value: str) -> int:
    if value in SIZES:
        return SIZES[value]
    if value.isascii() and value.isdigit():
        return read_number("size", value, *SIZE_RANGE)
    raise FragmentError(
        f"size: {show_value(value)} is not small, medium, large or a width in pixels ({SIZE_RANGE[0]}-{SIZE_RANGE[1]})",
        "size",
    )


def read_cube(value: str) -> tuple[int, int | None] | None:
    """``none`` -> ``None``; ``"2-top"`` -> ``(2, 1)``; ``"1"`` -> ``(1, None)``.

    The value replaces the position ID's cube, so it has the IDs' range
    (:data:`core.ids.ID_MAX_CUBE`), not the game's: a diagram may show any cube an ID can name.
    """
    if value == "none":
        return None
    number, _, owner_text = value.partition("-")
    cube = read_number("cube", number, 1, ID_MAX_CUBE)
    if cube & (cube - 1):
        raise FragmentError(f"cube: {cube} is not a power of two", "cube")
    owner: int | None = None
    if owner_text:
        read_choice("cube", owner_text, CUBE_OWNERS)
        owner = CUBE_OWNERS[owner_text]
    return cube, owner


def id_problem(label: str, raw: str, exc: BackgammonError) -> str:
    """A core ID error without the echo of the whole input: ``XGID: 26 position characters ...``."""
    message = str(exc)
    for name in ("XGID", "gnubg ID", "Position ID", "Match ID"):
        for shown in (raw, raw.strip()):
            prefix = f"{name} {shown!r}: "
            if message.startswith(prefix):
                return f"{name}: {message[len(prefix) :]}"
        for part in raw.strip().split(":"):
            prefix = f"{name} {part!r}: "
            if message.startswith(prefix):
                return f"{name}: {message[len(prefix) :]}"
    return f"{label}: {message}"


def read_position(pairs: dict[str, str]) -> tuple[Position, MatchInfo]:
    """The board (from the player on roll) and match info of the position keys."""
    given = [k for k in ("xgid", "gnubgid", "start") if k in pairs]
    if len(given) > 1:
        raise FragmentError(f"give one position, not {' and '.join(given)}", given[1])
    source = given[0] if given else "start"
    if source == "start":
        if pairs.get("start", ""):
            raise FragmentError("start: takes no value (write #start or leave the position out)", "start")
        return Position.initial(), MatchInfo()
    raw = pairs[source]
    try:
        if source == "xgid":
            return decode_xgid(raw)
        if ":" not in raw:
            return decode_position_id(raw), MatchInfo()
        return decode_gnubg_id(raw)
    except BackgammonError as exc:
        raise FragmentError(id_problem("XGID" if source == "xgid" else "gnubg ID", raw, exc), source) from None


def legal_play(key: str, position: Position, dice: tuple[int, int], text: str) -> Play:
    """The legal play that ``text`` names, or a FragmentError saying why not."""
    try:
        return parse_play(position, dice, text)
    except AmbiguousPlayError as exc:
        # "... with 31: 8/5 6/5, 8/7 6/5": the core lists the candidates last
        candidates = str(exc).rsplit(": ", 1)[-1]
        why = f"matches several plays ({candidates}): write the whole play"
    except InvalidNotationError as exc:
        why = str(exc).removeprefix(f"notation {text!r}: ")
    except BackgammonError as exc:
        why = describe(exc.reason) if exc.reason else "not a legal play"
    raise FragmentError(f"{key}: {show_value(text)} with {dice[0]}{dice[1]}: {why}", key)


def drawn_arrows(text: str, mover: int) -> tuple[ArrowView, ...]:
    """Arrows for a play written without dice: the core reads its syntax, no rule is checked."""
    if not text.strip():
        raise FragmentError("play: empty (write a play such as 13/7 8/7)", "play")
    try:
        return arrows_from_notation(text, mover)
    except InvalidNotationError as exc:
        why = str(exc).removeprefix(f"notation {quote(text)}: ")
        raise FragmentError(f"play: cannot read the play {show_value(text)}: {why}", "play") from None


def read_replay(text: str, first: Position, mover: int) -> tuple[tuple[ReplayMove, ...], Position]:
    """Read ``31:8/5 6/5;64:24/18 13/9``: each entry played from the position the last one left."""
    entries = [e.strip() for e in text.split(";")]
    if entries and entries[-1] == "":
        entries.pop()
    if not entries:
        raise FragmentError("plays: no move given (write 31:8/5 6/5;64:24/18 13/9)", "plays")
    if len(entries) > MAX_REPLAY:
        raise FragmentError(f"plays: {len(entries)} moves, at most {MAX_REPLAY} allowed", "plays")
    moves: list[ReplayMove] = []
    position = first  # from the mover's side
    for n, entry in enumerate(entries, start=1):
        dice_text, sep, play_text = entry.partition(":")
        if not sep:
            raise FragmentError(f"plays: move {n} {show_value(entry)} is not dice:play (such as 31:8/5 6/5)", "plays")
        dice = parse_dice(dice_text.strip(), "plays")
        if dice is None:
            raise FragmentError(f"plays: move {n} has no dice", "plays")
        if position.is_game_over():
            raise FragmentError(f"plays: the game is over before move {n}", "plays")
        board = position if mover == 0 else position.swapped()
        play_text = play_text.strip()
        play: Play | None
        if not play_text:
            if can_play(position, dice):
                raise FragmentError(f"plays: move {n}: {dice[0]}{dice[1]} can be played, so write its play", "plays")
            play = None
            after = position
        else:
            try:
                play = legal_play("plays", position, dice, play_text)
            except FragmentError as exc:
                raise FragmentError(f"plays: move {n}: {str(exc).removeprefix('plays: ')}", "plays") from None
            after = play.result
        moves.append(ReplayMove(mover, dice, play, format_play(play) if play else "", board))
        position = after.swapped()
        mover = 1 - mover
    final = position if mover == 0 else position.swapped()
    return tuple(moves), final
