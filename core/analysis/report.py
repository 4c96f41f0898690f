"""An analysis as JSON (one object) or as a readable text report.

>>> from core.match import Match
>>> from core.analysis import analyse_match
>>> analysis = analyse_match(Match.new(0, names=("Ann", "Bob")).opening_with(3, 1).play("8/5 6/5"))
>>> data = to_json(analysis)
>>> data["players"], data["decisions"][0]["played"], data["decisions"][0]["loss"]
(['Ann', 'Bob'], '8/5 6/5', 0.0)
>>> print(format_report(analysis).splitlines()[0])
Analysis: Ann - Bob, money session
"""

from __future__ import annotations

from typing import Any

from .analyse import Decision, MatchAnalysis, luck_mark

__all__ = ["format_report", "to_json"]


def _decision_json(d: Decision) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": d.game,
        "move": d.move,
        "player": d.player,
        "kind": d.kind,
        "dice": None if d.dice is None else [d.dice[0], d.dice[1]],
        "played": d.played,
        "best": d.best,
        "loss": round(d.loss, 6),
        "mark": d.mark,
        "counted": d.counted,
        "cube": d.cube,
    }
    if d.luck is not None:
        out["luck"] = round(d.luck, 6)
    if d.win is not None:
        out["win"] = round(d.win, 6)
    if d.equities:
        out["equities"] = [{"action": text, "equity": round(eq, 6), "plies": plies} for text, eq, plies in d.equities]
    return out


def to_json(analysis: MatchAnalysis) -> dict[str, Any]:
    """The analysis as one JSON-ready object: ``players``, ``decisions``, ``summary`` (and more)."""
    return {
        "players": list(analysis.players),
        "length": analysis.length,
        "decisions": [_decision_json(d) for d in analysis.decisions if d.counted],
        "summary": [
            {
                "player": s.player,
                "name": s.name,
                "decisions": s.decisions,
                "moves": s.moves,
                "cube_decisions": s.cube_decisions,
                "total_loss": round(s.total_loss, 6),
                "error_rate_mEMG": round(s.error_rate, 3),
                "rating": s.rating,
                "luck": round(s.luck, 6),
                "marks": dict(s.marks),
            }
            for s in analysis.summary
        ],
        "rolls": [
            {"game": d.game, "move": d.move, "player": d.player, "dice": list(d.dice), "luck": round(d.luck, 6)}
            for d in analysis.decisions
            if d.luck is not None and d.dice is not None
        ],
    }


def _tag(d: Decision) -> str:
    return {"doubtful": "?!", "bad": "?", "very bad": "??"}.get(d.mark, "")


def format_report(analysis: MatchAnalysis, *, every: bool = False) -> str:
    """A readable report: the marked decisions (every decision with ``every``), lucky rolls, totals."""
    kind = f"{analysis.length}-point match" if analysis.length else "money session"
    names = analysis.players
    lines = [f"Analysis: {names[0]} - {names[1]}, {kind}", ""]
    game = 0
    for d in analysis.decisions:
        luck = luck_mark(d.luck) if d.luck is not None else ""
        if not (every and d.counted) and not d.mark and not luck:
            continue
        if d.game != game:
            game = d.game
            lines.append(f"Game {game}")
        dice = f"{d.dice[0]}{d.dice[1]}: " if d.dice else ""
        what = f"{d.played or '(no move)'} {_tag(d)}".rstrip()
        text = f"  {d.move:3d}. {names[d.player]}: {dice}{what}"
        if d.loss > 0 or d.mark:
            text += f"  best {d.best}, loses {d.loss:.3f}"
        if luck:
            text += f"  [{luck} {d.luck:+.3f}]"
        lines.append(text)
    lines.append("")
    width = max(len(n) for n in names)
    lines.append(f"{'':{width}}  decisions  loss     error rate  rating         luck")
    for s in analysis.summary:
        lines.append(
            f"{s.name:{width}}  {s.decisions:9d}  {s.total_loss:7.3f}  {s.error_rate:6.1f} mEMG  {s.rating:13}"
            f"  {s.luck:+.3f}"
        )
        marks = ", ".join(
            f"{n} {s.marks[k]}" for k, n in (("very bad", "very bad"), ("bad", "bad"), ("doubtful", "doubtful"))
        )
        lines.append(f"{'':{width}}  ({s.moves} moves, {s.cube_decisions} cube decisions; {marks})")
    return "\n".join(lines)
