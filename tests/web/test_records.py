"""app.records (formats, replay, dice_record): .mat files, IDs, set-up from an ID, replay frames, dice statistics.

The replay and the IDs are checked against GNU Backgammon's own IDs for a match it
played (tests/data/gnubg_5pt_ids.txt, see tests/gnubg/replay_ids.py for how it was made).
"""

from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path

import pytest

from app.board import render
from app.records.dice_record import Throw, chi_square_p, cochran_ok, dice_html, dice_stats, match_throws, throws_needed
from app.records.formats import (
    IdTextError,
    RecordFileError,
    export_mat,
    id_kind,
    import_mat,
    mat_filename,
    position_ids,
    read_id,
    record_error_text,
    setup_from_id,
)
from app.records.replay import Replay, frame_caption, frame_text, frame_view, game_frames
from core import reasons
from core.ids import GameState, MatchInfo, decode_gnubg_id, decode_position_id, encode_gnubg_id, encode_xgid
from core.match import Match
from core.position import Position
from core.record import MAT_NOTES, MAX_MAT_CHARS, NOTE_NO_CRAWFORD, format_mat, parse_mat
from tests.gnubg.replay_ids import MAT, WalkStep, read_ids

MAT_TEXT = MAT.read_text()
WALK, XGID_READS = read_ids()


@pytest.fixture(scope="module")
def gnubg_match() -> Match:
    return import_mat(MAT_TEXT)


def swapped_players(info: MatchInfo) -> MatchInfo:
    """The same state with the players named the other way round (gnubg's .mat import vs ours)."""
    owner = None if info.cube_owner is None else 1 - info.cube_owner
    return dataclasses.replace(
        info, cube_owner=owner, on_roll=1 - info.on_roll, turn=1 - info.turn, score=(info.score[1], info.score[0])
    )


def as_app_id(gnubg_id: str) -> str:
    """A gnubg ID from gnubg's walk through the .mat, with the players named as the app names them."""
    position, info = decode_gnubg_id(gnubg_id)
    return encode_gnubg_id(position, swapped_players(info))


# -- .mat -------------------------------------------------------------------------------------------
def test_import_the_gnubg_file(gnubg_match: Match) -> None:
    assert gnubg_match.length == 5
    assert gnubg_match.names == ("gnubg", "root")
    assert len(gnubg_match.games) == 6
    assert gnubg_match.is_over
    assert gnubg_match.winner == 1
    assert [g.score_before for g in gnubg_match.games] == [(0, 0), (0, 1), (0, 3), (1, 3), (1, 4), (2, 4)]


def test_export_parses_back_to_the_same_match(gnubg_match: Match) -> None:
    text = export_mat(gnubg_match)
    again = parse_mat(text)
    assert again.score == gnubg_match.score
    assert [g.score_before for g in again.games] == [g.score_before for g in gnubg_match.games]
    for ours, theirs in zip(again.games, gnubg_match.games):
        assert ours.game.actions == theirs.game.actions
        assert ours.game.result == theirs.game.result
    assert export_mat(again) == text


def test_export_of_a_set_up_game_says_why() -> None:
    match = setup_from_id("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    with pytest.raises(RecordFileError, match="set-up position") as caught:
        export_mat(match)
    assert caught.value.line is None


def test_mat_filename() -> None:
    match = Match.new(7, names=("Éloïse", "  "))
    assert mat_filename(match, date(2024, 12, 31)) == "videau-7pt-lo-se-vs-player1-2024-12-31.mat"


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        (" 5 point match", " five point match", 3, "expected 'N point match'"),
        ("  2) 52: 13/8 24/22", "  2) 52: 13/8 24/21", 8, "24/21"),
        ("  7) 52: 6/1 3/1                 33:", "  7) 52: 6/1 3/1                 34:", 13, "34"),
        (
            " Game 2\n gnubg : 0                      root : 1",
            " Game 2\n gnubg : 0                      root : 4",
            22,
            "starts at 0-4",
        ),
        ("  6) 63: 13/10 21/15", "  6) 63: 13/10 21/15 zz", 29, "'zz'"),
    ],
)
def test_a_corrupt_file_names_its_line(old: str, new: str, line: int, words: str) -> None:
    assert old in MAT_TEXT
    bad = MAT_TEXT.replace(old, new, 1)
    with pytest.raises(RecordFileError) as caught:
        import_mat(bad)
    error = caught.value
    assert error.line == line, error
    assert words in error.detail
    assert str(error).startswith(f"line {line}: ")


@pytest.mark.parametrize(
    ("text", "words", "reason"),
    [
        ("", "no 'N point match'", reasons.MAT_NO_HEADER),
        (" 3 point match\n", "no game", reasons.MAT_NO_GAME),
        ("PNG\x00\x01", "NUL characters", reasons.MAT_NOT_TEXT),
    ],
)
def test_files_with_no_line_at_fault(text: str, words: str, reason: str) -> None:
    with pytest.raises(RecordFileError, match=words) as caught:
        import_mat(text)
    assert caught.value.line is None
    assert caught.value.reason == reason


def test_the_page_says_the_line_and_the_reason_in_the_player_s_language() -> None:
    bad = MAT_TEXT.replace("  2) 52: 13/8 24/22", "  2) 52: 13/8 24/21", 1)
    with pytest.raises(RecordFileError) as caught:
        import_mat(bad)
    error = caught.value
    assert (error.line, error.reason) == (8, reasons.MAT_ILLEGAL)
    assert error.source == "2) 52: 13/8 24/21" + bad.splitlines()[7].split("24/21", 1)[1].rstrip()
    assert record_error_text("en", error, "a.mat") == (
        f'a.mat cannot be read: line 8 ("{error.source}"): the rules refuse what the file records ({error.detail})'
    )
    assert record_error_text("fr", error, "a.mat") == (
        f"a.mat ne peut pas être lu : ligne 8 (« {error.source} ») : les règles refusent ce que le fichier "
        f"enregistre ({error.detail})"
    )
    with pytest.raises(RecordFileError) as caught:
        import_mat("PNG\x00")
    assert record_error_text("fr", caught.value, "photo.mat") == (
        "photo.mat ne peut pas être lu : ce n’est pas un fichier texte (it holds NUL characters)"
    )


def test_a_huge_file_is_refused_at_once() -> None:
    with pytest.raises(RecordFileError, match="too long"):
        import_mat(" " * (MAX_MAT_CHARS + 1))


def test_the_cores_notes_on_a_file_come_with_the_match_and_have_words_in_both_languages() -> None:
    from app.records.formats import read_mat_file
    from app.text import t

    match = Match.new(3, names=("Ann", "Bob"), crawford_rule=False)
    for _ in range(2):
        match = match.opening_with(3, 1).play("8/5 6/5").double().drop().next_game()
    match = match.opening_with(1, 3).play("8/5 6/5").double()  # a double in what would be the Crawford game
    text = format_mat(match).replace('; [Crawford "Off"]\n', "")
    record = read_mat_file(text)
    assert record.notes == (NOTE_NO_CRAWFORD,) and record.match.game.phase == "double"
    assert import_mat(text).crawford_rule is False
    for note in MAT_NOTES:
        words = {lang: t(lang, f"records.note.{note}") for lang in ("en", "fr")}
        assert words["en"] != words["fr"] and not any(w.startswith("records.") for w in words.values()), words
        assert note != NOTE_NO_CRAWFORD or all("Crawford" in w for w in words.values()), words


def test_a_byte_order_mark_is_ignored(gnubg_match: Match) -> None:
    assert import_mat("\ufeff" + MAT_TEXT).score == gnubg_match.score


# -- replay frames against gnubg --------------------------------------------------------------------
def _walk_of(game: int) -> list[WalkStep]:
    return [w for w in WALK if w.game == game]


def test_the_recorded_walk_covers_every_game(gnubg_match: Match) -> None:
    assert sorted({w.game for w in WALK}) == list(range(1, len(gnubg_match.games) + 1))
    assert len(WALK) == 203


@pytest.mark.parametrize("game", range(6))
def test_replay_frames_are_the_positions_gnubg_shows(gnubg_match: Match, game: int) -> None:
    """Frame k is what gnubg shows after the game's k-th record, IDs included (players renamed).

    At a game's end gnubg differs in ways that are not the replay's: after a pass its Match
    ID leaves the turn with the player who passed; a resignation and its acceptance are one
    record; the score may pass the match length. There only the board and the state count.
    """
    frames = game_frames(gnubg_match, game)
    walk = _walk_of(game + 1)
    assert frames[0].kind == "start"
    assert frames[0].board == Position.initial()
    ends_with_resignation = frames[-2].kind == "resign"
    assert len(frames) - 1 == len(walk) + ends_with_resignation
    for frame, step in zip(frames[1:-1], walk[:-1]):
        assert position_ids(frame.state).gnubg_id == as_app_id(step.gnubg_id), (frame.kind, step)
    last, end = frames[-1], walk[-1]
    position_id, match_id = end.gnubg_id.split(":")
    assert last.state.game.position == decode_position_id(position_id)
    state = last.state.match_info().game_state
    assert state in (GameState.OVER, GameState.RESIGNED, GameState.DROPPED)
    assert last.state.game.is_over


def test_copied_xgids_are_read_by_gnubg_as_the_same_position() -> None:
    assert len(XGID_READS) >= 10
    for read in XGID_READS:
        match = setup_from_id(read.xgid, names=("gnubg", "root"))
        ids = position_ids(match)
        assert ids.xgid == read.xgid
        assert ids.gnubg_id == read.gnubg_id  # the bottom player on roll: gnubg names the players as we do


def test_gnubg_ids_set_up_and_copy_back_unchanged() -> None:
    """Every ID gnubg showed mid-game sets up a match whose copied gnubg ID is that ID again."""
    for step in WALK:
        position, info = decode_gnubg_id(step.gnubg_id) if _decodes(step.gnubg_id) else (None, None)
        if info is None or info.game_state != GameState.PLAYING:
            with pytest.raises(IdTextError):
                setup_from_id(step.gnubg_id)
            continue
        match = setup_from_id(step.gnubg_id)
        assert position_ids(match).gnubg_id == step.gnubg_id
        assert match.game.board_for(info.on_roll) == position


def _decodes(gnubg_id: str) -> bool:
    try:
        decode_gnubg_id(gnubg_id)
    except ValueError:
        return False
    return True


# -- the Replay cursor ------------------------------------------------------------------------------
def test_step_and_seek_across_games(gnubg_match: Match) -> None:
    r = Replay.of(gnubg_match)
    assert r.at_start
    assert (r.game, r.ply) == (0, 0)
    assert r.step(-1) == r
    sizes = [len(game_frames(gnubg_match, i)) for i in range(6)]
    end_of_first = r.step(sizes[0] - 1)
    assert (end_of_first.game, end_of_first.ply) == (0, sizes[0] - 1)
    assert (end_of_first.step(1).game, end_of_first.step(1).ply) == (1, 0)
    assert (end_of_first.step(1).step(-1).game, end_of_first.step(1).step(-1).ply) == (0, sizes[0] - 1)
    last = Replay.of(gnubg_match, at_end=True)
    assert last.at_end
    assert (last.game, last.ply) == (5, sizes[5] - 1)
    assert last.step(1) == last
    assert r.step(sum(sizes) + 10) == last
    assert last.step(-sum(sizes)) == r
    assert r.seek(3, -1).ply == sizes[3] - 1
    assert r.seek(99, 99) == last
    assert r.seek(2, 5).previous_game().ply == 0
    assert r.seek(2, 5).previous_game().game == 2
    assert r.seek(2, 0).previous_game().game == 1
    assert r.seek(2, 5).next_game().game == 3
    assert last.next_game() == last.seek(5, 0)


def test_forwards_then_backwards_gives_the_same_boards(gnubg_match: Match) -> None:
    r = Replay.of(gnubg_match)
    boards = [r.frame.board]
    while not r.at_end:
        r = r.step(1)
        boards.append(r.frame.board)
    back = []
    while not r.at_start:
        back.append(r.frame.board)
        r = r.step(-1)
    back.append(r.frame.board)
    assert back[::-1] == boards
    assert len(boards) == sum(len(game_frames(gnubg_match, i)) for i in range(6))


def test_frames_of_a_match_in_progress() -> None:
    match = Match.new(3, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5")
    match = match.roll_with((6, 6)).resign(1).decline().step(24, 18)
    frames = game_frames(match, 0)
    assert [f.kind for f in frames] == ["start", "play", "roll", "resign", "decline"]
    assert [frame_text(f, "en") for f in frames] == [
        "",
        "31: 8/5 6/5",
        "66:",
        "offers to resign a single game",
        "declines",
    ]
    # the half-played turn is not a frame: the last frame is the board at the start of the turn
    assert frames[-1].board == match.game.position.swapped()
    assert frames[2].dice == (6, 6)
    assert not frames[2].opening


def test_a_roll_that_cannot_be_played() -> None:
    position = Position.from_text("x bar:1 6:14 / o 1:2 2:2 3:2 4:2 5:2 6:2")
    match = Match.from_info(position, MatchInfo(on_roll=0, turn=0, dice=(6, 6))).pass_turn()
    frames = game_frames(match, 0)
    assert [frame_text(f, "en") for f in frames] == ["", "66: cannot move"]
    assert [frame_text(f, "fr") for f in frames] == ["", "66: ne peut pas jouer"]


def test_frame_views_show_the_board_dice_and_cube(gnubg_match: Match) -> None:
    frames = game_frames(gnubg_match, 0)
    first = frame_view(frames[1], "en")
    assert first.phase == "replay"
    assert not first.movable
    assert not first.focusable
    assert [(d.value, d.owner) for d in first.dice] == [(1, 0), (2, 1)]  # the opening roll: one die each
    assert first.message == "Game 1 · 1. root 21: 24/23 13/11"
    assert first.on_turn is None
    second = frame_view(frames[2], "fr")
    assert [(d.value, d.owner) for d in second.dice] == [(5, 0), (2, 0)]
    assert second.message.startswith("Partie 1 · 2. gnubg 52: 24/22 13/8")
    double = next(f for f in frames if f.kind == "double")
    assert frame_view(double, "en").cube.offered
    assert frame_view(double, "en").cube.offered_by == double.player
    end = frame_view(frames[-1], "en")
    assert end.message == "Game 1 · 26. gnubg drops · gnubg drops: root wins 1 point"
    assert end.score == (0, 1)
    for frame in frames:
        view = frame_view(frame, "en")
        counts = {p.number: (p.owner, p.count) for p in view.points if p.count}
        board = frame.board
        assert counts == {
            p: (0 if board.player[p - 1] else 1, board.player[p - 1] or board.opponent[24 - p])
            for p in range(1, 25)
            if board.player[p - 1] or board.opponent[24 - p]
        }
        svg = render.render_board(view)
        assert svg.count("data-checker=") == 30 - sum(board.borne_off())
        assert 'tabindex="0"' not in svg


def test_frame_captions_name_the_colours_for_placeholder_names() -> None:
    frames = game_frames(Match.new(3).opening_with(3, 1).play("8/5 6/5"), 0)
    assert frame_caption(frames[1], "fr") == "Partie 1 · 1. Blanc 31: 8/5 6/5"


# -- IDs ------------------------------------------------------------------------------------------
def test_ids_of_the_current_position() -> None:
    match = Match.new(7, names=("Ann", "Bob")).opening_with(4, 2).step(8, 4)
    ids = position_ids(match)  # half a move made: the IDs are those of the start of the turn
    assert ids == position_ids(Match.new(7).opening_with(4, 2))
    assert ids.xgid == encode_xgid(match.game.position, match.match_info())
    over = Match.new(3).opening_with(4, 2).play("8/4 6/4").double().drop()
    assert position_ids(over).xgid is None
    assert decode_gnubg_id(position_ids(over).gnubg_id)[1].game_state == GameState.DROPPED


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10", "xgid"),
        ("xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10", "xgid"),
        ("-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5", "xgid"),
        ("  4HPwATDgc/ABMA:cAkAAAAAAAAA\n", "gnubg"),
        ("Position ID: 4HPwATDgc/ABMA\nMatch ID: cAkAAAAAAAAA", "gnubg"),
        (" GNU Backgammon  Position ID: 3wcAAGjbBgRoAA\n                 Match ID   : EWOgACAAUAAE", "gnubg"),
        ("4HPwATDgc/ABMA", None),
        ("4HPwATDgc/ABMA:cAkAAAAAAAA", None),
        ("13/7 8/7", None),
        ("", None),
    ],
)
def test_the_kind_of_pasted_text(text: str, kind: str | None) -> None:
    assert id_kind(text) == kind


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ("hello", None, "neither an XGID nor a gnubg ID"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0", "xgid", "10 fields"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:57:0:0:0:5:10", "xgid", "dice '57'"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:6:0:0:5:10", "xgid", "bottom score 6 out of range"),
        ("XGID=-p----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10", "xgid", "invalid character 'p'"),
        ("////////////AA:cAkAAAAAAAAA", "gnubg", "Position ID"),
        ("4HPwATDgc/ABMA:cAkAAAAAAAAE", "gnubg", ""),  # valid: checked below it sets up
        ("4HPwATDgc/ABMA:////////////", "gnubg", "Match ID"),
    ],
)
def test_strict_errors_for_pasted_text(text: str, kind: str | None, words: str) -> None:
    if not words:
        assert read_id(text)[0] == kind
        return
    with pytest.raises(IdTextError) as caught:
        read_id(text)
    assert caught.value.kind == kind
    assert words in caught.value.detail


def test_pasted_text_too_long_to_hold_an_id_is_no_id_and_is_read_once() -> None:
    from core.ids import MAX_ID_TEXT_CHARS

    text = "Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA " + "x" * MAX_ID_TEXT_CHARS
    assert id_kind(text) is None
    with pytest.raises(IdTextError, match="neither an XGID nor a gnubg ID") as caught:
        read_id(text)
    assert caught.value.kind is None


def test_set_up_refuses_a_game_that_is_over() -> None:
    over = position_ids(Match.new(3).opening_with(4, 2).play("8/4 6/4").double().drop()).gnubg_id
    with pytest.raises(IdTextError, match="already over") as caught:
        setup_from_id(over)
    assert caught.value.kind == "gnubg"


def test_set_up_plays_on() -> None:
    match = setup_from_id("XGID=-b----E-C---eE---c-e----B-:1:1:-1:31:2:4:0:7:10", names=("Ann", "Bob"))
    assert match.names == ("Ann", "Bob")
    assert match.length == 7
    assert match.game.phase == "move"
    match = match.play("8/5 6/5")
    assert match.game.turn == 0
    assert match.game.phase == "roll"
    assert setup_from_id("4HPwATDgc/ABMA:cAkAAAAAAAAA").game.jacoby  # money, Jacoby rule


# -- dice -------------------------------------------------------------------------------------------
def test_dice_of_the_gnubg_match(gnubg_match: Match) -> None:
    throws = match_throws(gnubg_match)
    rolls = sum(1 for g in gnubg_match.games for a in g.game.actions if a.kind == "roll")
    openings = sum(1 + len(a.ties) for g in gnubg_match.games for a in g.game.actions if a.kind == "opening")
    assert len(throws) == rolls + openings
    stats = dice_stats(throws)
    assert stats.count == len(throws)
    assert sum(r.seen for r in stats.rolls) == stats.count
    assert sum(f.seen for f in stats.faces) == 2 * stats.count
    assert len(stats.rolls) == 21
    assert stats.rolls[0].label == "66"
    assert stats.rolls[-1].label == "11"
    assert sum(r.expected for r in stats.rolls) == pytest.approx(stats.count)
    assert stats.doubles == sum(r.seen for r in stats.rolls if r.high == r.low)
    assert stats.rolls_p is not None
    assert 0 < stats.rolls_p <= 1
    mine, theirs = dice_stats(throws, player=0), dice_stats(throws, player=1)
    assert mine.count + theirs.count == stats.count + openings


def test_dice_statistics_by_hand() -> None:
    throws = ([Throw((1, 1), 0, 0)] * 6 + [Throw((6, 5), None, 0), Throw((5, 6), 1, 0)]) * 2
    stats = dice_stats(throws)
    assert stats.roll(1, 1).seen == 12
    assert stats.roll(5, 6).seen == 4
    assert stats.roll(1, 1).expected == pytest.approx(16 / 36)
    assert stats.face(1).seen == 24
    assert stats.face(6).seen == 4
    assert stats.face(2).seen == 0
    assert stats.doubles == 12
    assert stats.doubles_expected == pytest.approx(16 / 6)
    expected_faces = 32 / 6
    assert stats.faces_chi2 == pytest.approx(
        sum((seen - expected_faces) ** 2 / expected_faces for seen in (24, 0, 0, 0, 4, 4))
    )
    assert stats.faces_p is not None
    assert stats.faces_p < 1e-4
    assert stats.rolls_p is None  # 16 throws: each roll expected less than once
    assert dice_stats([]).count == 0
    assert dice_stats([]).rolls_chi2 == 0


def _fair_throws(count: int) -> list[Throw]:
    """``count`` throws cycling through the 36 ordered rolls."""
    return [Throw((1 + i % 6, 1 + i // 6 % 6), 0, 0) for i in range(count)]


@pytest.mark.parametrize(("count", "rolls_tested", "faces_tested"), [
    (14, False, False), (15, False, True), (179, False, True), (180, True, True),
])
def test_a_test_is_given_only_once_cochran_s_rule_holds(count: int, rolls_tested: bool, faces_tested: bool) -> None:
    """Cochran: every expected count >= 1, at most 20% below 5. 21 rolls: 180 throws (each
    double expected 5 times; from 90 to 179 the 6 doubles, 29% of the cells, are below 5);
    six numbers: 15 throws (30 dice, 5 of each)."""
    stats = dice_stats(_fair_throws(count))
    assert (stats.rolls_p is not None) is rolls_tested
    assert (stats.faces_p is not None) is faces_tested
    assert (stats.rolls_needed, stats.faces_needed) == (180, 15)
    html = dice_html(stats, "en")
    assert (f"The test needs at least 180 rolls ({count} so far)." in html) is not rolls_tested
    assert (f"The test needs at least 15 rolls ({count} so far)." in html) is not faces_tested
    assert html.count("Chi-square test:") == rolls_tested + faces_tested
    french = dice_html(stats, "fr")
    assert (f"Le test demande au moins 180 lancers ({count} pour l’instant)." in french) is not rolls_tested
    assert (f"Le test demande au moins 15 lancers ({count} pour l’instant)." in french) is not faces_tested


def test_cochran_rule_at_its_edges() -> None:
    assert cochran_ok([1.0] + [5.0] * 4)  # one of five (20%) below 5, none below 1
    assert not cochran_ok([1.0] * 2 + [5.0] * 4)  # two of six (33%)
    assert not cochran_ok([0.999] + [100.0] * 20)  # one below 1
    assert cochran_ok([5.0] * 21)
    assert not cochran_ok([])
    assert throws_needed([r / 36 for r in [1] * 6 + [2] * 15]) == 180
    assert throws_needed([1 / 3] * 6) == 15
    assert throws_needed([0.5, 0.5]) == 10


@pytest.mark.parametrize(
    ("statistic", "df", "p"),
    [  # scipy.stats.chi2.sf
        (20.0, 20, 0.45792971447185),
        (11.07, 5, 0.05000961862240),
        (3.0, 20, 0.99999590249902),
        (60.0, 20, 7.12175086281559e-06),
        (0.5, 5, 0.99212329323266),
        (1.0, 1, 0.31731050786291),
    ],
)
def test_chi_square_tail(statistic: float, df: int, p: float) -> None:
    assert chi_square_p(statistic, df) == pytest.approx(p, rel=1e-9)


def test_fair_dice_pass_the_test() -> None:
    import random

    rng = random.Random(5)
    throws = [Throw((rng.randint(1, 6), rng.randint(1, 6)), 0, 0) for _ in range(3600)]
    stats = dice_stats(throws)
    assert stats.rolls_p is not None
    assert stats.rolls_p > 0.01
    assert stats.faces_p is not None
    assert stats.faces_p > 0.01


def test_paths() -> None:
    assert Path(MAT).is_file()


def test_the_move_list_of_every_imported_game(gnubg_match: Match) -> None:
    """The page's move list (movelog) replays each game, the backgammon resignation of game 6 included."""
    from app.page.screen.movelog import MoveLog

    for index, played in enumerate(gnubg_match.games):
        entries = MoveLog().entries(played.game, "en")
        assert [e.text for e in entries] == [frame_text(f, "en") for f in game_frames(gnubg_match, index)[1:]]
