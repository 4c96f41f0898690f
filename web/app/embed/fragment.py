"""The embed's URL fragment: a strict parser and its inverse.

A tutorial page configures ``embed.html`` entirely in the fragment, so the host
needs no server: ``key=value`` pairs joined by ``&``, values percent-encoded
(``+`` is a plus sign, not a space: gnubg IDs contain it). The fragment is
untrusted input: :func:`parse_fragment` either returns a checked
:class:`EmbedConfig` or raises :class:`FragmentError`, whose message names the
key and the problem ("XGID: 26 position characters expected, got 24"). It
raises nothing else, whatever the text (a property test fuzzes it).

Keys (see ``web/EMBED.md`` for authors):

=============  ===============================================================
``xgid``       an XGID (``XGID=`` prefix optional)
``gnubgid``    gnubg's ``PositionID:MatchID`` (or a Position ID alone)
``start``      the starting position (the default when no position is given)
``mode``       ``diagram`` (default), ``try``, ``quiz``, ``replay`` or ``hint`` (the ranked plays)
``dice``       two digits 1-6 (``43``), or ``none``; overrides the ID's dice
``turn``       who is on roll: ``bottom``/``white`` or ``top``/``black``
``cube``       ``none`` (hidden), or a value with an owner: ``2-top``, ``4-bottom``, ``1-centre``
``home``       where the bottom player's home board is drawn: ``right`` (default) or ``left``
``numbers``    whose point numbers are drawn: ``bottom`` or ``top`` (default: the player on roll)
``size``       ``small``, ``medium``, ``large`` or a width in pixels (160-1600)
``lang``       ``en`` or ``fr`` (default: the reader's browser)
``play``       diagram: arrows for a play, ``13/7 8/7`` (checked against the dice if any)
``answer``     quiz: the right play, or several separated by ``|``; ``best``: the bot's best play
``plays``      replay: ``31:8/5 6/5;64:24/18 13/9`` (dice, colon, play; ``62:`` = no move)
``caption``    a line of text under the board (plain text, at most 500 characters)
``id``         a name echoed in every message to the host (letters, digits, ``-_.:``)
=============  ===============================================================

>>> config = parse_fragment("#xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A43%3A0%3A0%3A0%3A0%3A10&mode=try")
>>> config.mode, config.dice, config.on_roll
('try', (4, 3), 0)
>>> parse_fragment("xgid=XGID=-b----E-C---eE---c-e----:0:0:1:00:0:0:0:0:10")
Traceback (most recent call last):
...
app.embed.values.FragmentError: XGID: 26 position characters expected, got 24
>>> format_fragment({"mode": "try", "dice": "43", "caption": "Où jouer ?"})
'mode=try&dice=43&caption=O%C3%B9%20jouer%20%3F'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias
from urllib.parse import quote, unquote

from app.board.arrows import ArrowView, arrows_from_steps
from app.embed.values import (
    SIDES,
    FragmentError,
    ReplayMove,
    drawn_arrows,
    legal_play,
    parse_dice,
    read_choice,
    read_cube,
    read_position,
    read_replay,
    read_size,
    show_value,
)
from core.errors import BackgammonError
from core.ids import encode_xgid
from core.moves import Play, can_play
from core.position import Position

Mode: TypeAlias = Literal["diagram", "try", "quiz", "replay", "hint"]
MODES: tuple[Mode, ...] = ("diagram", "try", "quiz", "replay", "hint")
LANGS = ("en", "fr")
KEYS = (
    "xgid",
    "gnubgid",
    "start",
    "mode",
    "dice",
    "turn",
    "cube",
    "home",
    "numbers",
    "size",
    "lang",
    "play",
    "answer",
    "plays",
    "caption",
    "id",
)
"""Every key, in the order :func:`format_fragment` writes them."""

MAX_FRAGMENT = 8192
MAX_VALUE = 4096
MAX_CAPTION = 500

_KEY = re.compile(r"[a-z]{1,16}")
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


@dataclass(frozen=True, slots=True)
class EmbedConfig:
    """A checked fragment. ``board`` is seen from player 0 (bottom), ``arrows`` in player 0's numbering."""

    board: Position
    on_roll: int
    dice: tuple[int, int] | None
    cube: int
    cube_owner: int | None
    cube_shown: bool
    cube_offered: bool
    match_length: int
    score: tuple[int, int]
    crawford: bool
    xgid: str
    mode: Mode = "diagram"
    arrows: tuple[ArrowView, ...] = ()
    answers: tuple[Play, ...] = ()
    replay: tuple[ReplayMove, ...] = ()
    final_board: Position | None = None
    caption: str = ""
    lang: str | None = None
    flipped: bool = False
    viewer: int = 0
    size: int | None = None
    embed_id: str = ""
    answer_best: bool = False
    """A quiz whose answer is the bot's best play (``answer=best``): ``answers`` is filled when it opens."""

    @property
    def mover_position(self) -> Position:
        """The board seen from the player on roll (what the core's move generation takes)."""
        return self.board if self.on_roll == 0 else self.board.swapped()


# -- reading the pairs ----------------------------------------------------------


def split_fragment(fragment: str) -> dict[str, str]:
    """The decoded ``key -> value`` pairs (a bare ``key`` has the value ``""``).

    >>> split_fragment("#mode=try&caption=a%20b&start")
    {'mode': 'try', 'caption': 'a b', 'start': ''}
    >>> split_fragment("mode=try&mode=quiz")
    Traceback (most recent call last):
    ...
    app.embed.values.FragmentError: mode: given twice
    """
    if not isinstance(fragment, str):
        raise FragmentError("the fragment is not text")
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > MAX_FRAGMENT:
        raise FragmentError(f"the fragment is {len(text)} characters long, at most {MAX_FRAGMENT} allowed")
    pairs: dict[str, str] = {}
    for part in text.split("&"):
        if not part:
            continue
        key, _, raw = part.partition("=")
        if not _KEY.fullmatch(key):
            raise FragmentError(f"{show_value(key)} is not a key (keys are lower-case words such as mode, dice, xgid)")
        if key not in KEYS:
            raise FragmentError(f"unknown key {show_value(key)} (known keys: {', '.join(KEYS)})", key)
        if key in pairs:
            raise FragmentError(f"{key}: given twice", key)
        if len(raw) > MAX_VALUE:
            raise FragmentError(f"{key}: {len(raw)} characters long, at most {MAX_VALUE} allowed", key)
        if _BAD_PERCENT.search(raw):
            raise FragmentError(f"{key}: '%' must start a percent-escape such as %20", key)
        try:
            value = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            raise FragmentError(f"{key}: the percent-escapes are not UTF-8 text", key) from None
        if _CONTROL.search(value):
            raise FragmentError(f"{key}: control characters are not allowed", key)
        pairs[key] = value
    return pairs


def format_fragment(options: Mapping[str, str]) -> str:
    """Write options as a fragment (without ``#``), keys in :data:`KEYS` order, values encoded.

    >>> format_fragment({"gnubgid": "4HPwATDgc/ABMA:cAkAAAAAAAAA", "start": ""})
    'gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA&start'
    """
    unknown = [k for k in options if k not in KEYS]
    if unknown:
        raise FragmentError(f"unknown key {show_value(unknown[0])} (known keys: {', '.join(KEYS)})", unknown[0])
    parts = []
    for key in KEYS:
        if key in options:
            value = options[key]
            try:
                encoded = quote(value, safe="/:-_.~")
            except UnicodeEncodeError:
                raise FragmentError(f"{key}: not valid text (a lone surrogate)", key) from None
            parts.append(key if key == "start" and value == "" else f"{key}={encoded}")
    return "&".join(parts)


# -- values -----------------------------------------------------------------------


# -- plays ------------------------------------------------------------------------


# -- the whole ------------------------------------------------------------------
def parse_fragment(fragment: str) -> EmbedConfig:
    """Read and check a whole fragment (see the module docstring for the keys).

    >>> from core.notation import format_play
    >>> c = parse_fragment("mode=quiz&dice=31&answer=8/5 6/5&lang=fr")
    >>> c.mode, c.lang, [format_play(p) for p in c.answers]
    ('quiz', 'fr', ['8/5 6/5'])
    """
    pairs = split_fragment(fragment)
    mover_position, info = read_position(pairs)
    on_roll = info.on_roll
    board = mover_position if on_roll == 0 else mover_position.swapped()
    dice = info.dice
    cube, cube_owner, cube_shown = info.cube, info.cube_owner, not info.crawford

    if "turn" in pairs:
        on_roll = SIDES[read_choice("turn", pairs["turn"], SIDES)]
    if "dice" in pairs:
        dice = parse_dice(pairs["dice"])
    if "cube" in pairs:
        parsed = read_cube(pairs["cube"])
        if parsed is None:
            cube_shown = False
        else:
            cube, cube_owner = parsed
            cube_shown = True
    offered = info.double_offered and "dice" not in pairs and "turn" not in pairs
    try:
        final_info = dataclasses.replace(
            info,
            on_roll=on_roll,
            turn=1 - on_roll if offered else on_roll,
            dice=None if offered else dice,
            cube=cube,
            cube_owner=cube_owner,
            double_offered=offered,
        )
    except BackgammonError as exc:
        key = "cube" if "cube" in pairs else "turn" if "turn" in pairs else "dice"
        raise FragmentError(f"{key}: {str(exc).removeprefix('MatchInfo: ')}", key) from None
    mover_position = board if on_roll == 0 else board.swapped()

    mode: Mode = "diagram"
    if "mode" in pairs:
        mode = MODES[MODES.index(read_choice("mode", pairs["mode"], MODES))]
    for key, wanted in (("play", "diagram"), ("answer", "quiz"), ("plays", "replay")):
        if key in pairs and mode != wanted:
            raise FragmentError(f"{key}: only for mode={wanted} (this embed is mode={mode})", key)

    if mode in ("try", "quiz", "hint"):
        if dice is None:
            raise FragmentError(f"mode={mode} needs dice: add dice=43, or give an ID with dice", "dice")
        if mover_position.is_game_over():
            raise FragmentError(f"mode={mode}: the game is over in this position", "mode")

    arrows: tuple[ArrowView, ...] = ()
    if "play" in pairs:
        if dice is not None:
            arrows = arrows_from_steps(legal_play("play", mover_position, dice, pairs["play"]).steps, on_roll)
        else:
            arrows = drawn_arrows(pairs["play"], on_roll)

    answers: tuple[Play, ...] = ()
    answer_best = False
    if mode == "hint" and dice is not None and not can_play(mover_position, dice):
        raise FragmentError(f"mode=hint: {dice[0]}{dice[1]} cannot be played here, so there is nothing to rank", "dice")
    if mode == "quiz":
        assert dice is not None
        texts = [t.strip() for t in pairs.get("answer", "").split("|") if t.strip()]
        if not texts:
            raise FragmentError("mode=quiz needs answer=, the play to find (several separated by |, or best)", "answer")
        if not can_play(mover_position, dice):
            raise FragmentError(
                f"answer: {dice[0]}{dice[1]} cannot be played here, so there is nothing to find", "answer"
            )
        answer_best = [text.lower() for text in texts] == ["best"]
        if "best" in (text.lower() for text in texts) and not answer_best:
            raise FragmentError("answer: best stands alone (the bot's best play), not with other plays", "answer")
        found: list[Play] = []
        for text in texts if not answer_best else ():
            play = legal_play("answer", mover_position, dice, text)
            if play not in found:
                found.append(play)
        answers = tuple(found)

    replay: tuple[ReplayMove, ...] = ()
    final_board: Position | None = None
    if mode == "replay":
        if "plays" not in pairs:
            raise FragmentError("mode=replay needs plays=, such as 31:8/5 6/5;64:24/18 13/9", "plays")
        replay, final_board = read_replay(pairs["plays"], mover_position, on_roll)

    caption = pairs.get("caption", "").strip()
    if len(caption) > MAX_CAPTION:
        raise FragmentError(f"caption: {len(caption)} characters, at most {MAX_CAPTION} allowed", "caption")
    embed_id = pairs.get("id", "")
    if "id" in pairs and not _ID.fullmatch(embed_id):
        raise FragmentError(f"id: {show_value(embed_id)} is not 1-64 letters, digits or -_.:", "id")
    lang = read_choice("lang", pairs["lang"], LANGS) if "lang" in pairs else None
    flipped = read_choice("home", pairs["home"], ("right", "left")) == "left" if "home" in pairs else False
    viewer = SIDES[read_choice("numbers", pairs["numbers"], ("bottom", "top"))] if "numbers" in pairs else on_roll
    size = read_size(pairs["size"]) if "size" in pairs else None

    return EmbedConfig(
        board=board,
        on_roll=on_roll,
        dice=final_info.dice,
        cube=final_info.cube,
        cube_owner=final_info.cube_owner,
        cube_shown=cube_shown,
        cube_offered=offered,
        match_length=final_info.match_length,
        score=final_info.score,
        crawford=final_info.crawford,
        xgid=encode_xgid(mover_position, final_info),
        mode=mode,
        arrows=arrows,
        answers=answers,
        replay=replay,
        final_board=final_board,
        caption=caption,
        lang=lang,
        flipped=flipped,
        viewer=viewer,
        size=size,
        embed_id=embed_id,
        answer_best=answer_best,
    )


def lenient_id(fragment: object) -> str:
    """The ``id`` of a fragment that may be broken, or ``""`` (for the error message to the host).

    >>> lenient_id("#xgid=broken&id=fig-3")
    'fig-3'
    """
    if not isinstance(fragment, str):
        return ""
    for part in fragment.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key == "id" and _ID.fullmatch(value):
            return value
    return ""


def lenient_lang(fragment: object) -> str | None:
    """The ``lang`` of a fragment that may be broken, or ``None``."""
    if not isinstance(fragment, str):
        return None
    for part in fragment.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key == "lang" and value in LANGS:
            return value
    return None
