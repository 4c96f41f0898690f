"""The .mat dialects of other programs, read with GNU Backgammon's meaning (#55).

Each case is a few lines in a program's own words; tests/gnubg/test_mat_corpus_vs_gnubg.py compares
whole real files with gnubg's import.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core import reasons
from core.errors import InvalidRecordError
from core.record import (
    NOTE_FORCED_PLAY,
    NOTE_GIVEN_UP_UNPLAYED,
    NOTE_MATCH_RESIGNED,
    NOTE_RESIGN_GUESSED,
    NOTE_RESULT_FROM_BOARD,
    format_mat,
    parse_mat,
    read_mat,
    read_match_file,
)
from core.record._lines import tokens

MATCHES = Path(__file__).resolve().parents[1] / "data" / "matches"

HEAD = " {} point match\n\n Game 1\n Ann : 0                        Bob : 0\n"


def read(body: str, length: int = 3):  # type: ignore[no-untyped-def]
    return read_mat(HEAD.format(length) + body)


def test_galaxy_result_lines() -> None:
    record = read(
        "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n"
        " Losses 1 point\n                                  Wins 1 point\n"
    )
    assert record.match.score == (0, 1) and record.notes == ()


def test_losses_and_wins_and_the_match_on_one_line() -> None:
    record = read(
        "  1) 31: 8/5 6/5                  64: 24/18 13/9\n"
        "  2)  Losses 1 point                                               Wins 1 point and the match\n",
        1,
    )
    assert record.match.is_over and record.match.winner == 1
    assert record.match.game.result is not None and record.match.game.result.how == "resign"


def test_a_capped_match_winning_result_is_read_from_the_board() -> None:
    # at 0-0 of a 1-point match a gammon wins the match: Galaxy writes the 1 point that counts
    record = read("  1) 31: 8/5 6/5\n      Wins 1 point and the match\n", 1)
    assert record.match.is_over and record.match.winner == 0
    assert record.match.game.result is not None and record.match.game.result.points == 1  # a resignation


def test_cannot_move_and_unknown_plays_are_no_play() -> None:
    words = [(kind, text.strip()) for kind, text, _ in tokens("  5) 66: Cannot Move       21: 6/4 6/5", 4)]
    assert words == [("move", "66:"), ("move", "21: 6/4 6/5")]
    assert [text.strip() for _, text, _ in tokens("  9) 63: ????", 4)] == ["63:"]


def test_a_hit_written_without_a_star_is_made_by_the_board() -> None:
    # Bob's 63 leaves a blot on his 7 (Ann's 18); Ann's 64 written "24/18 18/14" hits it on the way,
    # as gnubg reads it, though 24/20/14 would reach 14 without hitting
    record = read("  1) 31: 8/5 6/5                  63: 13/7 13/10\n  2) 64: 24/18 18/14\n")
    assert record.match.game.turn == 1 and record.match.game.position.player[24] == 1  # Bob on the bar
    marked = read("  1) 31: 8/5 6/5                  63: 13/7 13/10\n  2) 64: 24/18* 18/14\n")
    assert marked.match.game.position == record.match.game.position


def test_a_hop_over_two_dice_hits_nothing_on_the_way() -> None:
    record = read("  1) 31: 8/5 6/5                  63: 13/7 13/10\n  2) 64: 24/14\n")
    assert record.match.game.position.player[24] == 0


def test_the_move_number_written_twice_is_skipped() -> None:
    record = read(
        "  1) 31: 8/5 6/5                  64: 24/18 13/9\n"
        "  2) 43: 24/20 24/21               2)  Doubles => 2\n  3)  Drops\n"
        "                                  Wins 1 point\n"
    )
    assert record.match.score == (0, 1)


def test_empty_names() -> None:
    text = " 3 point match\n\n Game 1\n lasse : 0                       : 0\n  1) 31: 8/5 6/5\n"
    assert read_mat(text).match.names == ("lasse", "")
    assert read_mat('; [Player 2 "Bo b"]\n' + text).match.names == ("lasse", "Bo b")
    assert read_mat(text.replace(" lasse :", " :")).match.names == ("", "")


def test_an_unknown_play_ends_the_record_as_a_resignation() -> None:
    # Studio's "????": a roll never played, the roller then gave up
    record = read("  1) 31: 8/5 6/5                  64: 24/18 13/9\n  2) 63: ????                      Wins 1 point\n")
    assert record.match.score == (0, 1)
    assert record.match.game.result is not None and record.match.game.result.how == "resign"


def test_absurd_points_are_read_as_a_backgammon_with_a_note() -> None:
    record = read(
        "  1) 31: 8/5 6/5                  64: 24/18 13/9\n                                  Wins 4016 point\n", 0
    )
    assert record.match.score == (0, 3)
    assert record.notes == (NOTE_RESIGN_GUESSED,)


def test_a_result_the_board_contradicts_keeps_the_board_with_a_note() -> None:
    record = read(
        "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n"
        "                                  Wins 2 points\n",
        5,
    )
    assert record.match.score == (0, 1)
    assert record.notes == (NOTE_RESULT_FROM_BOARD,)


def test_given_up_before_the_first_roll() -> None:
    unplayed = read("  1)  Losses 1 point              Wins 1 point\n", 5)
    assert unplayed.match.game.phase == "opening" and unplayed.notes == (NOTE_GIVEN_UP_UNPLAYED,)
    whole = read("  1)  Losses 3 point\n\n      Wins 3 point and the match\n", 3)
    assert whole.match.is_over and whole.match.winner == 0 and whole.notes == (NOTE_MATCH_RESIGNED,)


def test_a_play_left_out_is_refused_with_line_text_and_rule() -> None:
    with pytest.raises(InvalidRecordError) as caught:
        read("  1)                             31: 8/5 6/5\n  2) 42:                         64: 24/18 13/9\n")
    error = caught.value
    assert (error.line, error.game, error.reason) == (6, 1, reasons.MAT_ILLEGAL)
    assert error.source == "2) 42:                         64: 24/18 13/9"
    assert "42 has 14 legal plays but none is written: a roll must be played" in str(error)


def test_a_forced_play_left_out_is_made_with_a_note() -> None:
    # FIBS' logs leave out a roll's only play: in a real Galaxy file, blank the plays one by one
    text = (MATCHES / "tune" / "galaxy" / "match8590136.txt").read_text()
    whole = read_mat(text).match
    lines = text.splitlines()
    blanked = unplayed = 0
    refusals: list[str] = []
    for index, line in enumerate(lines):
        for found in re.finditer(r"\b([1-6][1-6]): (\S[^ ]*(?: \S[^ ]*)*)", line):
            if "Doubles" in found.group(2) or "Wins" in found.group(2):
                continue
            changed = lines[:index] + [line[: found.start(2)] + " " * len(found.group(2)) + line[found.end(2) :]]
            try:
                record = read_mat("\n".join(changed + lines[index + 1 :]))
            except InvalidRecordError as exc:
                refusals.append(exc.detail)  # a play the rules choose among: refused
                continue
            if record.notes == ():  # the game's last roll: its play never made, the other player resigned
                pairs = zip(record.match.games, whole.games)
                ended = next(mine.game for mine, theirs in pairs if mine.game.actions != theirs.game.actions)
                assert ended.result is not None and ended.result.how == "resign"
                assert [a.kind for a in ended.actions[-3:]] == ["roll", "resign", "accept"]
                assert ended.actions[-2].player != ended.actions[-3].player  # offered on the roller's turn
                unplayed += 1
                continue
            assert record.notes == (NOTE_FORCED_PLAY,) and record.match == whole
            blanked += 1
    assert refusals and all("legal plays but none is written" in r for r in refusals), refusals
    assert blanked >= 1 and unplayed >= 1


def test_files_of_the_tuning_corpus_write_back_as_they_read() -> None:
    # format_mat writes whatever the readers accept: real files of other programs (one in 8), names included
    tuning = sorted(p for p in (MATCHES / "tune").glob("*/*") if p.is_file())
    files = tuning[::8] + sorted((MATCHES / "sgf").glob("*"))[:1]
    assert {p.parent.name for p in files} >= {"galaxy", "studio", "sgf"}
    for path in files:
        match = read_match_file(path.read_text(encoding="utf-8")).match
        assert parse_mat(format_mat(match)) == match, path.name


def test_xg_writes_a_byte_order_mark_and_its_header_names_the_program() -> None:
    # eXtreme Gammon (desktop) starts its files with a UTF-8 byte order mark, and writes the place of
    # the match as its Site: its header (Match ID, then Player 1 Elo) names the program instead
    head = (
        '\ufeff; [Site "Angers"]\r\n; [Match ID "-825781827"]\r\n; [Player 1 "Ann"]\r\n; [Player 2 "Bob"]\r\n'
        '; [Player 1 Elo "1600.00/0"]\r\n; [Transcriber "Bob"]\r\n\r\n'
    )
    record = read_match_file(head + HEAD.format(3).replace("\n", "\r\n") + "  1) 31: 8/5 6/5\r\n")
    assert record.program == "eXtreme Gammon" and record.match.names == ("Ann", "Bob")
    assert record.match.game.turn == 1
    galaxy = read_match_file(head.replace("Angers", "BackgammonGalaxy") + HEAD.format(3))
    assert galaxy.program == "Backgammon Galaxy"
    assert read_match_file('; [Site "Somewhere"]\n' + HEAD.format(3)).program == "Somewhere"


def test_question_marks_of_any_length_are_a_roll_never_played() -> None:
    # XG's .mat export writes "???" where its .txt export and Backgammon Studio write "????"
    for marks in ("???", "????"):
        words = [text.strip() for _, text, _ in tokens(f"  9) 63: {marks}      Wins 2 point", 4)]
        assert words == ["63:", "Wins 2 point"]
    with pytest.raises(InvalidRecordError, match="cannot read"):
        read("  1) 31: 8/5 ?6/5\n")


def test_a_resignation_on_the_other_players_turn_is_read_as_gnubg_reads_it() -> None:
    # Ann plays, then gives up a gammon before Bob rolls (FIBS, Galaxy and gnubg allow it): Bob wins 2
    record = read(
        "  1) 31: 8/5 6/5                  64: 24/18 13/9\n  2) 52: 13/8 13/11\n"
        "                                  Wins 2 points\n",
        5,
    )
    game = record.match.games[0].game
    assert record.notes == () and record.match.score == (0, 2)
    assert game.result is not None and (game.result.winner, game.result.kind, game.result.how) == (
        1,
        "gammon",
        "resign",
    )
    assert [(a.kind, a.player) for a in game.actions[-3:]] == [("play", 0), ("resign", 0), ("accept", 1)]
    # Bob rolls and, before his play, Ann gives up: his roll stays unplayed, as gnubg keeps it
    during = read(
        "  1) 31: 8/5 6/5                  64: 24/18 13/9\n  2) 52: 13/8 13/11              33:\n"
        "                                  Wins 1 point\n",
        5,
    )
    game = during.match.games[0].game
    assert during.match.score == (0, 1) and game.result is not None and game.result.how == "resign"
    assert [(a.kind, a.player) for a in game.actions[-3:]] == [("roll", 1), ("resign", 0), ("accept", 1)]
    # the match written as given up on the other's turn is now the game resigned, its points winning the match
    whole = read(
        "  1) 31: 8/5 6/5                  64: 24/18 13/9\n  2) 52: 13/8 13/11\n"
        "                                  Wins 1 point and the match\n",
        1,
    )
    assert whole.notes == () and whole.match.is_over and whole.match.resigned_by is None
    assert whole.match.game.result is not None and whole.match.game.result.how == "resign"
