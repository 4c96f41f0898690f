"""Position IDs that other programs wrote, decoded and encoded back unchanged (#55).

``tests/data/real_ids.txt``: 500 distinct gnubg IDs (Position ID and Match ID) from GNU Backgammon's
text exports of real Backgammon Studio and Galaxy matches, and 11 XGIDs, all from a public repository named in
the file. The IDs' encoding must stay as it is: every one reads, and writes back the same text.
"""

from __future__ import annotations

from pathlib import Path

from core.ids import decode_gnubg_id, decode_xgid, encode_gnubg_id, encode_xgid

IDS = [
    line.strip()
    for line in (Path(__file__).resolve().parents[1] / "data" / "real_ids.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]


def test_real_gnubg_ids_read_and_write_back_unchanged() -> None:
    gnubg = [i for i in IDS if not i.startswith("XGID=")]
    assert len(gnubg) == 500 and len(set(gnubg)) == 500
    for text in gnubg:
        position, info = decode_gnubg_id(text)
        assert encode_gnubg_id(position, info) == text


def test_real_xgids_read_and_write_back_unchanged() -> None:
    xgids = [i for i in IDS if i.startswith("XGID=")]
    assert len(xgids) == 11
    for text in xgids:
        position, info = decode_xgid(text)
        assert encode_xgid(position, info) == text
