"""Generate the shipped one-sided bear-off database (``core/bot/weights/bearoff.bin.gz``)."""

from __future__ import annotations

import time

from core.bot.bearoff import DB_FILE, BearoffDB


def main() -> None:
    t = time.perf_counter()
    db = BearoffDB.generate()
    gen = time.perf_counter() - t
    raw = db.to_bytes()
    path = f"core/bot/weights/{DB_FILE}"
    with open(path, "wb") as f:
        f.write(raw)
    print(f"{len(db.index)} positions generated in {gen:.1f} s; {path}: {len(raw)} bytes")


if __name__ == "__main__":
    main()
