"""Reading gnubg's logged rollout games back (``bench/gnubg_rollout.py``): who won, and how much.

The games are written by hand in the form gnubg 1.07 logs them (``set rollout log on``): a set-up
node (``AE``, ``AW``, ``AB``), the side on roll (``PL``), then one node a play (the dice, then
from/to point pairs, ``y`` the bar, ``z`` off). Reading them needs no gnubg.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from gnubg_rollout import probabilities, sgf_game_result  # noqa: E402

HEAD = "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]RU[NoCube:Jacoby]\n"


def game(first: str, white: str, black: str, *plays: str) -> str:
    """A logged game: ``white``/``black`` the set-up points as SGF letters, one a checker."""
    aw = "".join(f"[{c}]" for c in white)
    ab = "".join(f"[{c}]" for c in black)
    return HEAD + f";PL[{first}]\n;CP[c]\n;CV[1]\n;AE[a:y]AW{aw}AB{ab}\n" + "".join(f";{p}\n" for p in plays) + ")"


def test_a_bear_off_against_a_side_with_no_checker_off_is_a_gammon() -> None:
    # White's last checker on its 1-point (a); Black's 15 on White's 13-point (m), none off
    assert sgf_game_result(game("W", "a", "m" * 15, "W[21az]")) == (True, 2)


def test_a_checker_left_in_the_winners_home_board_makes_it_a_backgammon() -> None:
    # White's home board is a-f; a Black checker on c is still there when White finishes
    assert sgf_game_result(game("W", "a", "m" * 14 + "c", "W[21az]")) == (True, 3)


def test_a_single_game_when_the_loser_has_borne_off() -> None:
    # Black has 14 checkers on the board: one is already off
    assert sgf_game_result(game("W", "a", "m" * 14, "W[21az]")) == (True, 1)


def test_the_result_is_for_the_side_on_roll_at_the_start() -> None:
    # Black is on roll, dances (a roll with no play), and White finishes
    assert sgf_game_result(game("B", "a", "m" * 15, "B[66]", "W[21az]")) == (False, 2)
    # Black's own numbering counts back from x: its last checker on its 1-point (x) bears off
    assert sgf_game_result(game("B", "m" * 15, "x", "B[21xz]")) == (True, 2)


def test_a_hit_checker_goes_to_the_bar_and_counts_for_the_backgammon() -> None:
    # White hits Black's blot on g (White's 7-point, outside its home board) with the 2 of 21,
    # Black dances, White bears its last two checkers off: Black's hit checker is on the bar
    plays = ("W[21iggf]", "B[66]", "W[65fzaz]")
    assert sgf_game_result(game("W", "ia", "g" + "m" * 14, *plays)) == (True, 3)
    # without the hit (White plays 9/6/5 instead) Black's checker stays on g, outside the home board
    plays = ("W[31iffe]", "B[66]", "W[54ezaz]")
    assert sgf_game_result(game("W", "ia", "g" + "m" * 14, *plays)) == (True, 2)


def test_a_log_that_is_not_a_finished_game_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="does not end"):
        sgf_game_result(game("W", "ba", "m" * 15, "W[11az]"))
    with pytest.raises(ValueError, match="odd number"):
        sgf_game_result(game("W", "a", "m" * 15, "W[21a]"))
    with pytest.raises(ValueError, match="PL"):
        sgf_game_result(HEAD + ";AE[a:y]AW[a]AB[m]\n;W[21az]\n)")
    with pytest.raises(ValueError, match="moves a checker that is not there"):
        sgf_game_result(game("W", "a", "m" * 15, "W[21bz]"))


def test_probabilities_of_results() -> None:
    results = [(True, 1), (True, 2), (False, 3), (False, 1)]
    assert probabilities(results) == (0.5, 0.25, 0.0, 0.25, 0.25)
    assert probabilities([(True, 3)]) == (1.0, 1.0, 1.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="no game results"):
        probabilities([])
