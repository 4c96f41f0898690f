"""``bench/results.py``: a bench script rewrites its own section of bench/RESULTS.md, and no other text.

And bench/RESULTS.md itself: the current figures only (under 300 lines), every section written by
a script that can record it.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# bench/ is not put on sys.path (its module names, analysis or startup, are too common to share)
_spec = importlib.util.spec_from_file_location("bench_results", ROOT / "bench" / "results.py")
assert _spec is not None and _spec.loader is not None
results = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = results
_spec.loader.exec_module(results)

PAGE = """# Benchmark results

Hand-written notes.

<!-- speed:start -->
### Speed
old figure
<!-- speed:end -->

Between the sections.

<!-- size:start -->
### Size
12 KB
<!-- size:end -->
"""


def test_a_section_is_rewritten_and_the_rest_kept() -> None:
    new = results.rewrite_section(PAGE, "speed", "### Speed\nnew figure\n")
    assert "new figure" in new and "old figure" not in new
    assert new.replace("new figure", "old figure") == PAGE  # nothing else changed, byte for byte
    assert results.section_body(new, "size") == "### Size\n12 KB"
    assert results.rewrite_section(new, "speed", "### Speed\nold figure") == PAGE  # and back


def test_rewriting_twice_gives_the_same_text() -> None:
    once = results.rewrite_section(PAGE, "size", "### Size\n13 KB")
    assert results.rewrite_section(once, "size", "### Size\n13 KB") == once


def test_a_new_section_is_appended_with_its_markers() -> None:
    new = results.rewrite_section(PAGE, "cube-money", "### Cube\n90.9%")
    assert new.startswith(PAGE.rstrip("\n"))
    assert new.endswith("\n\n<!-- cube-money:start -->\n### Cube\n90.9%\n<!-- cube-money:end -->\n")
    assert results.section_body(new, "cube-money") == "### Cube\n90.9%"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (PAGE.replace("<!-- speed:end -->\n", ""), "1 start and 0 end markers"),
        (PAGE + "<!-- speed:start -->\n", "2 start and 1 end markers"),
        ("<!-- speed:end -->\nx\n<!-- speed:start -->\n", "its end marker comes before its start"),
    ],
)
def test_broken_markers_are_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"section 'speed': {message}"):
        results.rewrite_section(text, "speed", "figure")


@pytest.mark.parametrize("name", ["Speed", "bot speed", "", "speed-", "a:b"])
def test_bad_section_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="section name"):
        results.markers(name)


def test_record_writes_the_figure_its_goal_command_machine_and_date(tmp_path: Path) -> None:
    path = tmp_path / "RESULTS.md"
    path.write_text(PAGE)
    argv = [str(ROOT / "bench" / "bot_speed.py"), "--positions", "60", "--record", "--levels", "a b"]
    figure = results.record("speed", "Bot speed", "at most 150 ms", "| a | b |", path=path, argv=argv)
    text = path.read_text()
    body = results.section_body(text, "speed")
    assert body == figure.markdown()
    assert body.startswith("### Bot speed\n\n- Goal: at most 150 ms\n")
    assert "- Command: `python bench/bot_speed.py --positions 60 --levels 'a b'`\n" in body
    assert f"- Machine: {figure.machine}\n" in body and f"{os_cores()} cores" in figure.machine
    assert re.search(r"- Date: \d{4}-\d\d-\d\d \d\d:\d\d UTC\n", body)
    assert body.endswith("\n\n| a | b |")
    assert results.section_body(text, "size") == "### Size\n12 KB"
    assert text.startswith("# Benchmark results\n\nHand-written notes.\n")


def os_cores() -> int | None:
    import os

    return os.cpu_count()


def test_the_results_page_holds_current_figures_each_recorded_by_its_script() -> None:
    text = results.RESULTS.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 300
    found = re.findall(r"<!-- ([a-z0-9-]+):start -->", text)
    assert sorted(found) == sorted(results.SECTIONS), "RESULTS.md's sections and results.SECTIONS differ"
    for name, script in results.SECTIONS.items():
        body = results.section_body(text, name)  # also: both markers there
        for field in ("- Goal: ", "- Command: `python ", "- Machine: ", "- Date: "):
            assert field in body, f"section {name}: no {field.strip()!r} line"
        source = (ROOT / script).read_text(encoding="utf-8")
        assert "--record" in source and "import results" in source, f"{script} cannot record section {name}"
