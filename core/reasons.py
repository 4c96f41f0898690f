"""Stable reason codes for refused steps and actions.

The codes are part of the interface: the web app and the tutorial embeds
translate them (French and English live in ``web/``). :func:`describe` gives
the English sentence used in error messages.

>>> describe(MUST_ENTER)
'you must enter from the bar first'
"""

from __future__ import annotations

from .limits import MAX_CUBE

LEGAL = "legal"
NO_CHECKER = "no-checker-there"
NOT_YOUR_CHECKER = "not-your-checker"
MUST_ENTER = "must-enter-from-bar"
BLOCKED = "point-blocked"
BOTH_DICE = "must-use-both-dice"
ALL_DICE = "must-use-all-dice"
LARGER_DIE = "must-play-larger-die"
CANNOT_BEAR_OFF = "cannot-bear-off-yet"
BEAR_OFF_HIGHEST = "bear-off-from-highest"
NO_MATCHING_DIE = "no-matching-die"
PATH_BLOCKED = "path-blocked"
WRONG_DIRECTION = "wrong-direction"
NO_SUCH_POINT = "no-such-point"
NO_DICE_LEFT = "no-dice-left"
TURN_COMPLETE = "turn-complete"
NO_LEGAL_PLAY = "no-legal-play"
TURN_NOT_COMPLETE = "turn-not-complete"
NOT_YOUR_TURN = "not-your-turn"
ILLEGAL_PLAY = "illegal-play"

# game and match actions
GAME_OVER = "game-over"
MATCH_OVER = "match-over"
NOT_NOW = "not-now"
MUST_ROLL = "must-roll-first"
ALREADY_ROLLED = "already-rolled"
CUBE_NOT_YOURS = "cube-not-yours"
CUBE_UNAVAILABLE = "cube-unavailable"
CUBE_AT_MAX = "cube-at-maximum"
NO_BEAVERS = "no-beavers"
NO_OFFER = "no-offer-pending"
RESIGN_NOT_HIGHER = "resign-must-be-higher"
INVALID_RESIGN = "invalid-resignation"
OFFER_PENDING = "offer-pending"
MUST_PLAY = "must-play"
INVALID_DICE = "invalid-dice"
# parsing notation, IDs and set-ups: the codes of InvalidNotationError, InvalidIdError and set-up errors
NOTATION_EMPTY = "notation-empty"
NOTATION_UNREADABLE = "notation-unreadable"
NOTATION_BACKWARDS = "notation-backwards"
NOTATION_BAD_COUNT = "notation-bad-count"
ID_MALFORMED = "id-malformed"
ID_IMPOSSIBLE = "id-impossible"
SETUP_IMPOSSIBLE = "setup-impossible"
# reading a match file (.mat): the codes of InvalidRecordError
MAT_NOT_TEXT = "mat-not-text"
MAT_TOO_LONG = "mat-too-long"
MAT_NO_HEADER = "mat-no-header"
MAT_BAD_NUMBER = "mat-bad-number"
MAT_NO_GAME = "mat-no-game"
MAT_BAD_SCORES = "mat-bad-scores"
MAT_UNREADABLE = "mat-unreadable"
MAT_BAD_TAG = "mat-bad-tag"
MAT_WRONG_PLAYER = "mat-wrong-player"
MAT_ILLEGAL = "mat-illegal"
MAT_GAME_NOT_OVER = "mat-game-not-over"
MAT_WRONG_RESULT = "mat-wrong-result"

_ENGLISH = {
    LEGAL: "the step is legal",
    NO_CHECKER: "you have no checker there",
    NOT_YOUR_CHECKER: "that checker is your opponent's",
    MUST_ENTER: "you must enter from the bar first",
    BLOCKED: "that point is blocked",
    BOTH_DICE: "you must use both dice",
    ALL_DICE: "you must use as many dice as possible",
    LARGER_DIE: "with only one die playable you must play the larger",
    CANNOT_BEAR_OFF: "you cannot bear off until all your checkers are home",
    BEAR_OFF_HIGHEST: "a larger number bears off only from the highest point",
    NO_MATCHING_DIE: "no die left shows that number",
    PATH_BLOCKED: "every way there stops on a blocked point",
    WRONG_DIRECTION: "checkers move towards your home board",
    NO_SUCH_POINT: "there is no such point",
    NO_DICE_LEFT: "all the dice are used",
    TURN_COMPLETE: "the turn is complete: no other die can be played",
    NO_LEGAL_PLAY: "the roll cannot be played",
    TURN_NOT_COMPLETE: "the turn is not complete",
    NOT_YOUR_TURN: "it is not your turn",
    ILLEGAL_PLAY: "that play is not legal",
    GAME_OVER: "the game is over",
    MATCH_OVER: "the match is over",
    NOT_NOW: "that is not possible now",
    MUST_ROLL: "roll the dice first",
    ALREADY_ROLLED: "you may only do that before rolling",
    CUBE_NOT_YOURS: "only the owner of the cube may redouble",
    CUBE_UNAVAILABLE: "the cube is not in play in this game",
    CUBE_AT_MAX: f"the cube is already at {MAX_CUBE}",
    NO_BEAVERS: "beavers are played in money sessions that allow them only",
    NO_OFFER: "there is no offer to answer",
    RESIGN_NOT_HIGHER: "after a declined offer only a higher one may follow this turn",
    INVALID_RESIGN: "resign a single game, a gammon or a backgammon",
    OFFER_PENDING: "the offer on the table must be answered first",
    MUST_PLAY: "the roll can be played, so it must be",
    INVALID_DICE: "dice are two numbers from 1 to 6",
    NOTATION_EMPTY: "write a play such as 13/7 8/7",
    NOTATION_UNREADABLE: "this is not move notation",
    NOTATION_BACKWARDS: "a move goes backwards",
    NOTATION_BAD_COUNT: "a move is repeated an impossible number of times",
    ID_MALFORMED: "the ID is not written as one",
    ID_IMPOSSIBLE: "the ID describes a game that cannot be",
    SETUP_IMPOSSIBLE: "no game reaches this set-up",
    MAT_NOT_TEXT: "a match file is text",
    MAT_TOO_LONG: "too long for a match file",
    MAT_NO_HEADER: "a match file starts with 'N point match'",
    MAT_BAD_NUMBER: "a number cannot be read or is out of range",
    MAT_NO_GAME: "no game ('Game 1') where one is expected",
    MAT_BAD_SCORES: "the players and scores of a game cannot be read or do not follow",
    MAT_UNREADABLE: "a line cannot be read",
    MAT_BAD_TAG: "a tag's value cannot be read",
    MAT_WRONG_PLAYER: "written in the other player's column",
    MAT_ILLEGAL: "the rules refuse what the file records",
    MAT_GAME_NOT_OVER: "a game did not end before the next one",
    MAT_WRONG_RESULT: "the result written is not the one the moves give",
}

ALL = tuple(_ENGLISH)


def describe(reason: str) -> str:
    """The English sentence for a reason code (the code itself if unknown)."""
    return _ENGLISH.get(reason, reason)
