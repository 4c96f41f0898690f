"""Embeds with the bot (issue #15): a quiz answered by the bot (``answer=best``) that tells the
reader what their play loses, the ``hint`` mode's ranked plays, and the bot loaded only there."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.embed.fragment import parse_fragment
from app.embed.host import act, open_embed, present
from app.embed.snippet import embed_snippet
from app.embed.values import FragmentError
from tests.web.embed_cases import clicks

ROOT = Path(__file__).resolve().parents[2]


def test_a_quiz_answered_by_the_bot_tells_the_reader_what_a_worse_play_loses() -> None:
    state, _ = open_embed("mode=quiz&dice=31&answer=best&lang=en")
    assert [str(p) for p in state.config.answers] == ["<Play 8/5 6/5>"]
    assert present(state)["status"] == "White to play 3-1: find the right play."
    wrong, events = clicks(state, "24", "21", "6", "5")
    moved = events[-1]
    assert moved["event"] == "moved" and moved["correct"] is False and moved["play"] == "24/21 6/5"
    assert moved["loss"] > 0.08
    shown = present(wrong)
    loss = f"{moved['loss']:.3f}"
    assert shown["status"] == f"24/21 6/5 is legal, but it loses {loss} against the best play. Undo, or start over."
    assert shown["status_kind"] == "refused"
    again, _ = act(wrong, {"action": "reset"})
    solved, events = clicks(again, "8", "5", "6", "5")
    assert [e["event"] for e in events][-2:] == ["moved", "solved"] and solved.solved
    assert "loss" not in events[-2]


def test_the_loss_is_said_in_french_with_a_decimal_comma() -> None:
    state, _ = open_embed("mode=quiz&dice=31&answer=best&lang=fr")
    wrong, events = clicks(state, "24", "21", "6", "5")
    loss = f"{events[-1]['loss']:.3f}".replace(".", ",")
    assert present(wrong)["status"] == (
        f"24/21 6/5 est permis, mais il perd {loss} par rapport au meilleur coup. Annulez, ou recommencez."
    )


def test_a_quiz_with_its_own_answer_says_no_loss() -> None:
    state, _ = open_embed("mode=quiz&dice=31&answer=8/5 6/5&lang=en")
    assert state.ranking is None
    wrong, events = clicks(state, "24", "21", "6", "5")
    assert "loss" not in events[-1]
    assert present(wrong)["status"] == "24/21 6/5 is legal, but it is not the answer. Undo, or start over."


def test_hint_mode_ranks_the_plays_and_draws_the_best() -> None:
    state, _ = open_embed("mode=hint&dice=31&lang=en")
    shown = present(state)
    rows = shown["ranking"]
    assert rows[0]["play"] == "8/5 6/5" and rows[0]["best"] and rows[0]["diff"] == ""
    assert len(rows) == 6 and all(r["diff"].startswith("−0.") for r in rows[1:])
    assert all(r["win"].endswith("%") for r in rows)
    assert shown["ranking_head"] == ["#", "Play", "Equity", "Diff.", "Win", "Gammon"]
    assert shown["svg"].count('class="arrow arrow--0"') == 2
    assert shown["status"].startswith("White to play 3-1: the best play is 8/5 6/5")
    assert shown["controls"] == []
    french = present(open_embed("mode=hint&dice=31&lang=fr")[0])
    assert french["ranking_head"][1] == "Coup" and french["ranking"][0]["win"].endswith("\u202f%")


def test_fragments_wrong_for_the_bot_are_refused_with_a_reason() -> None:
    with pytest.raises(FragmentError, match="best stands alone"):
        parse_fragment("mode=quiz&dice=31&answer=best|8/5 6/5")
    with pytest.raises(FragmentError, match="mode=hint needs dice"):
        parse_fragment("mode=hint")
    with pytest.raises(FragmentError, match="answer: only for mode=quiz"):
        parse_fragment("mode=hint&dice=31&answer=best")


def test_the_hint_snippet_leaves_room_for_the_ranking() -> None:
    def height(mode: str) -> int:
        return int(embed_snippet("start", {"mode": mode, "dice": 31}).split('height="')[1].split('"')[0])

    assert height("hint") > height("try") + 100


PROBE = """
import json, sys
from app.embed.host import HOST
before = {m for m in sys.modules if m.startswith(("core.bot", "core.analysis"))}
for i, fragment in enumerate(sys.argv[1:]):
    answer = json.loads(HOST.handle(json.dumps({"op": "open", "session": str(i), "fragment": fragment})))
    assert answer["ok"], answer
after = sorted(m for m in sys.modules if m.startswith(("core.bot", "core.analysis")))
print(json.dumps([sorted(before), after]))
"""


def _bot_modules(*fragments: str) -> list[list[str]]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *fragments],
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'web'}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    result: list[list[str]] = json.loads(out.stdout)
    return result


def test_only_the_embeds_that_need_the_bot_load_it() -> None:
    plain = _bot_modules("#mode=try&dice=31", "#mode=quiz&dice=31&answer=8/5 6/5", "#start&play=8/5 6/5&dice=31")
    assert plain == [[], []]
    before, after = _bot_modules("#mode=try&dice=31", "#mode=hint&dice=31")
    assert before == [] and "core.bot" in after and "core.analysis.hint" in after
