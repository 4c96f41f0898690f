"""Versioned JSON for saving a match (what the browser's localStorage holds).

A save holds the settings and, for every game, its action log -- dice
included -- plus the steps of a turn in progress. Loading **replays** the log
through the core, so a save can only ever give a match the rules allow;
anything else raises :class:`~core.errors.InvalidStateError` naming what is
wrong, and nothing half-loaded is returned.

Format (version 1)::

    {"version": 1, "length": 7, "crawford_rule": true, "jacoby": false,
     "names": ["Bottom", "Top"], "resigned_by": null,
     "games": [
       {"score_before": [0, 0], "crawford": false, "setup": null,
        "actions": [{"kind": "opening", "player": 0, "dice": [3, 1], "ties": [4]},
                    {"kind": "play", "player": 0, "steps": [[8, 5], [6, 5]]},
                    {"kind": "roll", "player": 1, "dice": [6, 4]},
                    {"kind": "resign", "player": 1, "level": 2}, ...],
        "partial_turn": [[24, 18]]}]}

Version 2 (what the page writes for a long session) is version 1 plus ``"archived": n``
(the first ``n`` finished games are kept elsewhere, each by :func:`game_to_json`; ``games``
holds the games after them, the first of which starts at its ``score_before``), and a
game may give its actions as a compact ``"log"`` string (:func:`encode_log`) instead of
``"actions"``. Version 1 saves are still read unchanged.

A money session played with beavers adds ``"beavers": true`` (either version; a save
without it has no beavers), and its logs may hold ``"beaver"`` actions (log letter ``B``).
Likewise (either version, absent from older saves): ``"out_of_time": p`` when player ``p``
lost the match on time, and ``"clock": {...}`` (:meth:`core.clock.Clock.to_dict`, versioned
by its own ``"v"``) for a match played with clocks; :attr:`Session.clock` gives it back, held.

``setup`` (first game only) is ``null`` or ``{"position": <gnubg Position ID,
seen by turn>, "turn", "dice", "cube", "cube_owner", "double_offered",
"resignation"}``. ``partial_turn`` (last game only) lists the steps made in
the turn in progress. Action fields other than ``kind`` and ``player`` appear
only when used.

>>> from core.match import Match
>>> match = Match.new(5).opening_with(3, 1, ties=(4,)).step(8, 5)
>>> from_json(to_json(match)) == match
True
>>> from_json('{"version": 3}')
Traceback (most recent call last):
...
core.errors.InvalidStateError: saved state: version 3 is not supported (this app reads versions 1 and 2)
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .clock import Clock
from .errors import BackgammonError, InvalidStateError, quote
from .game import Action, ActionKind, Setup
from .jsontext import MAX_DEPTH, read_json
from .limits import MAX_CUBE, MAX_MATCH_LENGTH
from .match import Match, PlayedGame
from .position import Position

__all__ = [
    "VERSION", "Session", "decode_log", "encode_log", "from_dict", "from_json", "game_to_json",
    "join_session", "read_session", "session_to_json", "to_dict", "to_json",
]  # fmt: skip

VERSION = 1
SESSION_VERSION = 2
"""The version with ``archived`` and compact ``log`` games (see the module's docstring)."""

_ACTION_KINDS: tuple[ActionKind, ...] = (
    "opening", "roll", "play", "double", "take", "drop", "resign", "accept", "decline", "beaver",
)  # fmt: skip
_TOP_KEYS = frozenset({"version", "length", "crawford_rule", "jacoby", "names", "resigned_by", "games"})
_TOP_KEYS_2 = _TOP_KEYS | {"archived"}
_TOP_OPTIONAL = frozenset({"beavers", "out_of_time", "clock"})
"""Written only when set (beavers, a loss on time, clocks): older saves lack them."""
_GAME_KEYS = frozenset({"score_before", "crawford", "setup", "actions", "partial_turn"})
_GAME_KEYS_2 = _GAME_KEYS | {"log"}
_GAME_REQUIRED_2 = frozenset({"score_before", "crawford", "setup", "partial_turn"})
_SETUP_KEYS = frozenset({"position", "turn", "dice", "cube", "cube_owner", "double_offered", "resignation"})
_ACTION_KEYS = frozenset({"kind", "player", "dice", "steps", "level", "ties"})


# -- loading: checked reading of JSON values ---------------------------------------------


def _fail(where: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"saved state: {where}: {problem}" if where else f"saved state: {problem}")


def _object(value: object, where: str, keys: frozenset[str], required: frozenset[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, f"an object expected, got {_kind(value)}")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise _fail(where, f"unknown field {quote(unknown[0])}")
    missing = sorted(required - set(value))
    if missing:
        raise _fail(where, f"missing field {missing[0]!r}")
    return value


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def _int(value: object, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(where, f"a whole number expected, got {_kind(value)}")
    if not low <= value <= high:
        raise _fail(where, f"{quote(value)} is out of range {low}..{high}")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, f"true or false expected, got {_kind(value)}")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"a list expected, got {_kind(value)}")
    return value


def _ints(value: object, where: str, length: int | None, low: int, high: int) -> tuple[int, ...]:
    items = _list(value, where)
    if length is not None and len(items) != length:
        raise _fail(where, f"{length} numbers expected, got {len(items)}")
    return tuple(_int(v, f"{where}[{i}]", low, high) for i, v in enumerate(items))


def _dice(value: object, where: str) -> tuple[int, int]:
    d = _ints(value, where, 2, 1, 6)
    return d[0], d[1]


def _player(value: object, where: str) -> int:
    return _int(value, where, 0, 1)


def _steps(value: object, where: str) -> tuple[tuple[int, int], ...]:
    out = []
    for i, step in enumerate(_list(value, where)):
        s, t = _ints(step, f"{where}[{i}]", 2, 0, 25)
        out.append((s, t))
    return tuple(out)


# -- the compact log: one short token per action ------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # points 0 (off) .. 25 (bar)
_KIND_CODES: dict[ActionKind, str] = {
    "opening": "O", "roll": "R", "play": "P", "double": "D", "take": "T",
    "drop": "X", "resign": "S", "accept": "A", "decline": "N", "beaver": "B",
}  # fmt: skip
_CODE_KINDS: dict[str, ActionKind] = {code: kind for kind, code in _KIND_CODES.items()}


def encode_log(actions: tuple[Action, ...] | list[Action]) -> str:
    """A game's actions as one short string: a token per action, separated by spaces.

    A token is the kind's letter and the player (``R1``), then the dice (``R164``), the
    steps as two letters each, ``a`` = 0 (off) to ``z`` = 25 (bar) (``P0ifgf`` is 8/5 6/5),
    the resignation's level (``S02``), or the opening's ties after ``t`` (``O031t44``).

    >>> from core.match import Match
    >>> log = encode_log(Match.new(5).opening_with(3, 1, ties=(4,)).play("8/5 6/5").game.actions)
    >>> log
    'O031t4 P0ifgf'
    >>> decode_log(log) == Match.new(5).opening_with(3, 1, ties=(4,)).play("8/5 6/5").game.actions
    True
    """
    tokens = []
    for a in actions:
        token = f"{_KIND_CODES[a.kind]}{a.player}"
        if a.dice is not None:
            token += f"{a.dice[0]}{a.dice[1]}"
        if a.kind == "play":
            token += "".join(_LETTERS[s] + _LETTERS[t] for s, t in a.steps)
        if a.level:
            token += str(a.level)
        if a.ties:
            token += "t" + "".join(str(v) for v in a.ties)
        tokens.append(token)
    return " ".join(tokens)


_TOKEN = re.compile(r"([ORPDTXSANB])([01])(?:([1-6])([1-6]))?((?:[a-z][a-z])*)([1-3])?(?:t([1-6]*))?")


def decode_log(text: str, where: str = "log") -> tuple[Action, ...]:
    """The actions of :func:`encode_log`'s string; :class:`~core.errors.InvalidStateError` names a bad token.

    >>> decode_log("R1x")
    Traceback (most recent call last):
    ...
    core.errors.InvalidStateError: saved state: log, token 1: 'R1x' is not an action
    """
    if not isinstance(text, str):
        raise _fail(where, f"a string expected, got {_kind(text)}")
    actions = []
    for i, token in enumerate(text.split()):
        found = _TOKEN.fullmatch(token)
        kind = _CODE_KINDS.get(found.group(1), "roll") if found else "roll"
        dice_given, steps, level, ties = (
            (found.group(3) is not None, found.group(5), found.group(6), found.group(7))
            if found
            else (False, "", None, None)
        )
        fits = found is not None and (
            dice_given == (kind in ("opening", "roll"))
            and (not steps or kind == "play")
            and (level is not None) == (kind == "resign")
            and (ties is None or kind == "opening")
        )
        if not fits or found is None:
            raise _fail(f"{where}, token {i + 1}", f"{quote(token)} is not an action")
        dice = (int(found.group(3)), int(found.group(4))) if dice_given else None
        pairs = tuple((_LETTERS.index(steps[j]), _LETTERS.index(steps[j + 1])) for j in range(0, len(steps), 2))
        actions.append(
            Action(
                kind,
                int(found.group(2)),
                dice=dice,
                steps=pairs,
                level=int(level) if level else 0,
                ties=tuple(int(v) for v in ties or ""),
            )
        )
    return tuple(actions)


# -- saving ------------------------------------------------------------------------


def _action_to_dict(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": action.kind, "player": action.player}
    if action.dice is not None:
        out["dice"] = list(action.dice)
    if action.kind == "play":
        out["steps"] = [list(s) for s in action.steps]
    if action.level:
        out["level"] = action.level
    if action.ties:
        out["ties"] = list(action.ties)
    return out


def _setup_to_dict(setup: Setup) -> dict[str, Any]:
    return {
        "position": setup.position.to_id(),
        "turn": setup.turn,
        "dice": None if setup.dice is None else list(setup.dice),
        "cube": setup.cube,
        "cube_owner": setup.cube_owner,
        "double_offered": setup.double_offered,
        "resignation": setup.resignation,
    }


def to_dict(match: Match, clock: Clock | None = None) -> dict[str, Any]:
    """The save as plain JSON values (what :func:`to_json` writes), with the match's ``clock``, held."""
    games = []
    for entry in match.games:
        game = entry.game
        partial = game.turn_in_progress.steps if game.turn_in_progress is not None else ()
        games.append(
            {
                "score_before": list(entry.score_before),
                "crawford": entry.crawford,
                "setup": None if game.setup is None else _setup_to_dict(game.setup),
                "actions": [_action_to_dict(a) for a in game.actions],
                "partial_turn": [[s, t] for s, t, _ in partial],
            }
        )
    return {
        "version": VERSION,
        "length": match.length,
        "crawford_rule": match.crawford_rule,
        "jacoby": match.jacoby,
        "names": list(match.names),
        "resigned_by": match.resigned_by,
        "games": games,
    } | _optional(match, clock)


def _optional(match: Match, clock: Clock | None) -> dict[str, Any]:
    out: dict[str, Any] = {"beavers": True} if match.beavers else {}
    if match.out_of_time is not None:
        out["out_of_time"] = match.out_of_time
    return out if clock is None else out | {"clock": clock.to_dict()}


def to_json(match: Match, clock: Clock | None = None) -> str:
    """Save ``match`` (and its ``clock``, held: see :meth:`~core.clock.Clock.stopped`) as compact JSON text.

    >>> from core.clock import ClockRules
    >>> clock = Clock.new(ClockRules(30_000, 60_000)).follow(0, now=0).stopped(5_000)
    >>> read_session(to_json(Match.new(3), clock)).clock == clock
    True
    """
    return json.dumps(to_dict(match, clock), separators=(",", ":"), ensure_ascii=False)


def _game_to_dict(entry: PlayedGame, *, compact: bool) -> dict[str, Any]:
    game = entry.game
    partial = game.turn_in_progress.steps if game.turn_in_progress is not None else ()
    out: dict[str, Any] = {
        "score_before": list(entry.score_before),
        "crawford": entry.crawford,
        "setup": None if game.setup is None else _setup_to_dict(game.setup),
    }
    if compact:
        out["log"] = encode_log(game.actions)
    else:
        out["actions"] = [_action_to_dict(a) for a in game.actions]
    out["partial_turn"] = [[s, t] for s, t, _ in partial]
    return out


def game_to_json(match: Match, index: int) -> str:
    """Game ``index`` of ``match``, alone and compact: what the page archives once the game is over.

    >>> from core.match import Match
    >>> game_to_json(Match.new(0).opening_with(3, 1).play("8/5 6/5").resign_match(1), 0)
    '{"score_before":[0,0],"crawford":false,"setup":null,"log":"O031 P0ifgf","partial_turn":[]}'
    """
    return json.dumps(_game_to_dict(match.games[index], compact=True), separators=(",", ":"), ensure_ascii=False)


def session_to_json(match: Match, start: int, archived: int, clock: Clock | None = None) -> str:
    """Save ``match`` from its game ``start`` on (compact), saying ``archived`` games are kept elsewhere.

    Its cost depends on the games from ``start`` on only (normally the current game), never
    on how many games the session has had. Read back with :func:`read_session`.

    >>> from core.match import Match
    >>> match = Match.new(0).opening_with(3, 1).resign(1).accept().next_game().opening_with(5, 2)
    >>> session = read_session(session_to_json(match, 1, 1))
    >>> session.archived, session.match.score, session.match.game == match.game
    (1, (0, 1), True)
    """
    data = to_dict(replace(match, games=()), clock)
    data["version"] = SESSION_VERSION
    data["archived"] = archived
    data["games"] = [_game_to_dict(entry, compact=True) for entry in match.games[start:]]
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _read_action(value: object, where: str) -> Action:
    data = _object(value, where, _ACTION_KEYS, frozenset({"kind", "player"}))
    kind = data["kind"]
    if kind not in _ACTION_KINDS:
        raise _fail(f"{where}.kind", f"{quote(kind)} is not one of {', '.join(_ACTION_KINDS)}")
    allowed = {
        "opening": {"dice", "ties"},
        "roll": {"dice"},
        "play": {"steps"},
        "resign": {"level"},
    }.get(kind, set())
    extra = sorted(set(data) - {"kind", "player"} - allowed)
    if extra:
        raise _fail(where, f"field {extra[0]!r} does not belong to a {kind!r} action")
    player = _player(data["player"], f"{where}.player")
    dice = None
    if kind in ("opening", "roll"):
        if "dice" not in data:
            raise _fail(where, f"a {kind!r} action needs its dice")
        dice = _dice(data["dice"], f"{where}.dice")
    steps = _steps(data.get("steps", []), f"{where}.steps")
    level = 0
    if kind == "resign":
        if "level" not in data:
            raise _fail(where, "a 'resign' action needs its level")
        level = _int(data["level"], f"{where}.level", 1, 3)
    ties = _ints(data.get("ties", []), f"{where}.ties", None, 1, 6)
    return Action(kind, player, dice=dice, steps=steps, level=level, ties=ties)


def _read_setup(value: object, where: str) -> Setup | None:
    if value is None:
        return None
    data = _object(value, where, _SETUP_KEYS, _SETUP_KEYS)
    text = data["position"]
    if not isinstance(text, str):
        raise _fail(f"{where}.position", f"a Position ID string expected, got {_kind(text)}")
    try:
        position = Position.from_id(text)
    except BackgammonError as exc:
        raise _fail(f"{where}.position", str(exc)) from None
    dice = None if data["dice"] is None else _dice(data["dice"], f"{where}.dice")
    owner = data["cube_owner"]
    return Setup(
        position,
        _player(data["turn"], f"{where}.turn"),
        dice,
        _int(data["cube"], f"{where}.cube", 1, MAX_CUBE),
        None if owner is None else _player(owner, f"{where}.cube_owner"),
        _bool(data["double_offered"], f"{where}.double_offered"),
        _int(data["resignation"], f"{where}.resignation", 0, 3),
    )


# -- loading: replay -----------------------------------------------------------------


def _replay_game(match: Match, actions: tuple[Action, ...], where: str, stop: int) -> Match:
    """Replay ``actions`` until the game's log holds ``stop`` of them, checking that it matches."""
    done = len(match.game.actions)
    if actions[:done] != match.game.actions:  # once per game: linear
        raise _fail(where, "the log does not start as the game does")
    while done < stop:
        action = actions[done]
        try:
            match = match.apply(action)
        except BackgammonError as exc:
            raise _fail(f"{where}, action {done + 1} ({action})", f"does not replay: {exc}") from None
        made = match.game.actions
        # only the actions this one added are compared: linear in the log, not quadratic
        if made[done:] != actions[done : len(made)]:
            got = made[len(made) - 1]
            raise _fail(f"{where}, action {len(made)}", f"recorded as {actions[len(made) - 1]!r}, replays as {got!r}")
        done = len(made)
    return match


MAX_NESTING = MAX_DEPTH
"""A save nests 7 deep; deeper text is refused before parsing (deep JSON overflows Pyodide's stack)."""
MAX_SAVE_CHARS = 16_000_000
"""The longest save text read (a browser's storage holds about 5 million characters for a whole site)."""


def from_json(text: str) -> Match:
    """Load a match saved by :func:`to_json`, replaying every game through the rules.

    Raises :class:`~core.errors.InvalidStateError`, and nothing else, for
    anything that is not such a save. (A version 2 save gives the games it holds:
    see :func:`join_session` for the whole match.)
    """
    return from_dict(_parse(text))


@dataclass(frozen=True, slots=True)
class Session:
    """A save as read: ``match`` holds the games saved in it, after ``archived`` games kept elsewhere.

    ``clock``: the match's clock, held (``None`` for a match without clocks).
    """

    match: Match
    archived: int = 0
    clock: Clock | None = None


def read_session(text: str) -> Session:
    """Load a save of either version: the games it holds, replayed, and how many are archived.

    >>> from core.match import Match
    >>> read_session(to_json(Match.new(3))).archived
    0
    """
    return _read(_parse(text))


def join_session(text: str, archived: Sequence[str]) -> Match:
    """The whole match: the ``archived`` games (:func:`game_to_json`, in order) and the save ``text``.

    Every game is replayed through the rules, so an archived game that was changed or
    lost is found here: :class:`~core.errors.InvalidStateError` names it.

    >>> from core.match import Match
    >>> match = Match.new(0).opening_with(3, 1).resign(1).accept().next_game().opening_with(5, 2)
    >>> join_session(session_to_json(match, 1, 1), [game_to_json(match, 0)]) == match
    True
    >>> join_session(session_to_json(match, 1, 1), [])
    Traceback (most recent call last):
    ...
    core.errors.InvalidStateError: saved state: archived: 1 archived games expected, 0 found
    """
    data = _parse(text)
    if not isinstance(data, dict):
        raise _fail("", f"an object expected, got {_kind(data)}")
    count = data.get("archived", 0)
    if count != len(archived):
        raise _fail("archived", f"{quote(count)} archived games expected, {len(archived)} found")
    games = []
    for i, item in enumerate(archived):
        where = f"archived game {i + 1}"
        try:
            games.append(read_json(item, "the game", max_chars=MAX_SAVE_CHARS))
        except ValueError as exc:
            raise _fail(where, str(exc)) from None
        if not isinstance(games[-1], dict):
            raise _fail(where, "an object expected")
    whole = dict(data, archived=0, games=games + _list(data.get("games"), "games"))
    return _read(whole).match


def _parse(text: str) -> Any:
    if not isinstance(text, str):
        raise _fail("", f"text expected, got {type(text).__name__}")
    try:
        return read_json(text, "not a save", max_chars=MAX_SAVE_CHARS)
    except ValueError as exc:
        raise _fail("", str(exc)) from None


def from_dict(data: object) -> Match:
    """Load a match from the plain JSON values of :func:`to_dict`."""
    return _read(data).match


def _read(data: object) -> Session:
    if not isinstance(data, dict):
        raise _fail("", f"an object expected, got {_kind(data)}")
    if "version" not in data:
        raise _fail("", "no version field")
    version = data["version"]
    if version not in (VERSION, SESSION_VERSION) or not isinstance(version, int) or isinstance(version, bool):
        raise _fail("", f"version {quote(version)} is not supported (this app reads versions 1 and 2)")
    session = version == SESSION_VERSION
    keys = _TOP_KEYS_2 if session else _TOP_KEYS
    top = _object(data, "", keys | _TOP_OPTIONAL, keys)
    archived = _int(top["archived"], "archived", 0, 1 << 30) if session else 0
    length = _int(top["length"], "length", 0, MAX_MATCH_LENGTH)
    names = _list(top["names"], "names")
    if len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise _fail("names", "two strings expected")
    resigned = top["resigned_by"]
    resigned_by = None if resigned is None else _player(resigned, "resigned_by")
    crawford_rule = _bool(top["crawford_rule"], "crawford_rule")
    jacoby = _bool(top["jacoby"], "jacoby")
    beavers = _bool(top.get("beavers", False), "beavers")
    out_of_time = None if top.get("out_of_time") is None else _player(top["out_of_time"], "out_of_time")
    try:
        clock = None if top.get("clock") is None else Clock.from_dict(top["clock"])
    except BackgammonError as exc:
        raise _fail("clock", str(exc)) from None
    if clock is not None and clock.flagged != out_of_time:
        raise _fail("clock", f"flagged {clock.flagged} but the match was lost on time by {out_of_time}")
    entries = _list(top["games"], "games")
    if not entries:
        raise _fail("games", "a match has at least one game")
    games = []
    for i, entry in enumerate(entries):
        where = f"game {archived + i + 1}"
        if session:
            g = _object(entry, where, _GAME_KEYS_2, _GAME_REQUIRED_2)
            if ("log" in g) == ("actions" in g):
                raise _fail(where, "either 'actions' or 'log' expected")
        else:
            g = _object(entry, where, _GAME_KEYS, _GAME_KEYS)
        score = _ints(g["score_before"], f"{where}.score_before", 2, 0, 1 << 62)
        crawford = _bool(g["crawford"], f"{where}.crawford")
        setup = _read_setup(g["setup"], f"{where}.setup")
        if setup is not None and archived + i > 0:
            raise _fail(f"{where}.setup", "only the first game may start from a set position")
        if "log" in g:
            actions = decode_log(g["log"], f"{where}.log")
        else:
            actions = tuple(_read_action(a, f"{where}.actions[{j}]") for j, a in enumerate(_list(g["actions"], where)))
        partial = _steps(g["partial_turn"], f"{where}.partial_turn")
        games.append((score, crawford, setup, actions, partial))
    try:
        match = Match.new(
            length,
            crawford_rule=crawford_rule,
            jacoby=jacoby,
            beavers=beavers,
            names=(names[0], names[1]),
            score=games[0][0],
            crawford_game=games[0][1],
            setup=games[0][2],
        )
    except BackgammonError as exc:
        raise _fail("settings", str(exc)) from None
    for i, (score, crawford, _, actions, partial) in enumerate(games):
        where = f"game {archived + i + 1}"
        if i:
            if not match.game.is_over:
                raise _fail(f"game {archived + i}", "the game is not over, yet another game follows")
            try:
                match = match.next_game()
            except BackgammonError as exc:
                raise _fail(where, f"cannot start: {exc}") from None
            if match.games[-1].score_before != score:
                raise _fail(f"{where}.score_before", f"{list(score)} but the games before make {list(match.score)}")
            if match.crawford != crawford:
                raise _fail(f"{where}.crawford", f"{crawford} but the rules make it {match.crawford}")
        if partial and i != len(games) - 1:
            raise _fail(f"{where}.partial_turn", "only the current game has a turn in progress")
        # The steps of the turn in progress follow its roll; a resignation offered (and
        # declined) meanwhile may come after them in the log, and does not depend on them.
        rolled = max((j + 1 for j, a in enumerate(actions) if a.kind in ("opening", "roll")), default=0)
        match = _replay_game(match, actions, where, rolled if partial else len(actions))
        for j, (s, t) in enumerate(partial):
            try:
                match = match.step(s, t)
            except BackgammonError as exc:
                raise _fail(f"{where}.partial_turn[{j}]", f"step {s}/{t} does not replay: {exc}") from None
        match = _replay_game(match, actions, where, len(actions))
        turn = match.game.turn_in_progress
        if partial and (turn is None or tuple((s, t) for s, t, _ in turn.steps) != partial):
            raise _fail(f"{where}.partial_turn", "the steps do not belong to a turn in progress at the end of the log")
    if resigned_by is not None:
        try:
            match = match.resign_match(resigned_by)
        except BackgammonError as exc:
            raise _fail("resigned_by", str(exc)) from None
    if out_of_time is not None:
        try:
            match = match.lose_on_time(out_of_time)
        except BackgammonError as exc:
            raise _fail("out_of_time", str(exc)) from None
    return Session(match, archived, clock)
