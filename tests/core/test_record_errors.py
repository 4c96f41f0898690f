"""A .mat file that cannot be read: the error's reason code, line and game, and the message built from them."""

from __future__ import annotations

import pytest

from core import reasons
from core.errors import InvalidRecordError
from core.record import MAX_MAT_CHARS, read_mat

HEAD = " 3 point match\n\n Game 1\n Ann : 0                        Bob : 0\n"
DROP = "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops                       Wins {} point\n"

CASES = [
    # (reason, text, line, game, words of the detail)
    (reasons.MAT_NOT_TEXT, b" 3 point match", None, None, "text expected"),
    (reasons.MAT_TOO_LONG, " " * (MAX_MAT_CHARS + 1), None, None, "too long"),
    (reasons.MAT_TOO_LONG, HEAD + "x" * 20_000 + "\n", 5, None, "longer than any line"),
    (reasons.MAT_NO_HEADER, "", None, None, "no 'N point match'"),
    (reasons.MAT_NO_HEADER, "; a comment\nhello\n", 2, None, "got 'hello'"),
    (reasons.MAT_BAD_NUMBER, " 999 point match\n", 1, None, "longer than 64"),
    (reasons.MAT_BAD_NUMBER, HEAD + "  1) 31: 8/5 6/5                 Wins x points\n", 5, None, "'x' is not a number"),
    (reasons.MAT_NO_GAME, " 3 point match\n", None, None, "no game"),
    (reasons.MAT_NO_GAME, " 3 point match\n  1) 31: 8/5 6/5\n", 2, None, "expected 'Game 1'"),
    (reasons.MAT_BAD_SCORES, " 3 point match\n\n Game 1\n nonsense\n", 4, None, "players and scores"),
    (reasons.MAT_BAD_SCORES, HEAD + DROP.format(1) + "\n Game 2\n Ann : 0                        Bob : 2\n", 8, None,
     "starts at 0-2"),
    (reasons.MAT_UNREADABLE, HEAD + "  1) 31: 8/5 6/5 @@@@\n", 5, 1, "cannot read '@@@@'"),
    (reasons.MAT_UNREADABLE, HEAD + "  1) 31: 8/5 6/5                 Wins 1 pint\n", 5, None, "cannot read"),
    (reasons.MAT_BAD_TAG, '; [Jacoby "maybe"]\n' + HEAD, 1, None, "Jacoby tag 'maybe'"),
    (reasons.MAT_WRONG_PLAYER, HEAD + "  1) 31: 8/5 6/5\n  2) 64: 24/14\n", 6, 1, "player 0 rolls"),
    (reasons.MAT_ILLEGAL, HEAD + "  1) 33: 8/5 6/5\n", 5, 1, "opening roll cannot be a double"),
    (reasons.MAT_ILLEGAL, HEAD + "  1) 31: 8/5 6/5                 64: 24/20 13/7\n", 5, 1, "blocked"),
    (reasons.MAT_GAME_NOT_OVER, HEAD + "  1) 31: 8/5 6/5\n\n Game 2\n Ann : 0                        Bob : 0\n", 7,
     None, "did not end"),
    (reasons.MAT_WRONG_RESULT, HEAD + "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n"
     "      Wins 1 point\n", 7, 1, "the replay gives player 1"),
]  # fmt: skip


@pytest.mark.parametrize(("reason", "text", "line", "game", "words"), CASES)
def test_each_error_carries_its_reason_line_and_game(
    reason: str, text: str, line: int | None, game: int | None, words: str
) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        read_mat(text)
    error = caught.value
    assert (error.reason, error.line, error.game) == (reason, line, game), error
    assert words in error.detail
    where = ".mat" if line is None else f".mat line {line}" + ("" if game is None else f" (game {game})")
    assert str(error) == f"{where}: {error.detail}"


def test_every_record_reason_is_raised_somewhere() -> None:
    codes = {value for name, value in vars(reasons).items() if name.startswith("MAT_")}
    assert codes == {case[0] for case in CASES}
    assert codes <= set(reasons.ALL)


def test_the_line_is_the_line_at_fault_in_a_long_file() -> None:
    games = HEAD + DROP.format(1)
    text = (
        games
        + "\n Game 2\n Ann : 0                        Bob : 1\n"
        + "  1) 52: 13/8 13/11                52: 13/8 13/11\n"
        + "  2) 64: 24/18 13/9                66: 24/18(2) 13/7(2)\n"
        + "  3) 31: 8/5 6/3\n"
    )
    lines = text.splitlines()
    with pytest.raises(InvalidRecordError) as caught:
        read_mat(text)
    error = caught.value
    assert (error.line, error.game, error.reason) == (12, 2, reasons.MAT_ILLEGAL)
    assert lines[error.line - 1].strip().startswith("3) 31:")
