"""Export a training checkpoint to the browser format (``core/bot/weights/net.json.gz``).

    python -m bot_training.export bot_training/runs/r1/ckpt.pkl [--out core/bot/weights/net.json.gz]
"""

from __future__ import annotations

import argparse
import pickle

from core.bot.encoding import NUM_INPUTS
from core.bot.net import to_json_bytes


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("--out", default="core/bot/weights/net.json.gz")
    ap.add_argument("--note", default="")
    args = ap.parse_args()
    with open(args.checkpoint, "rb") as f:
        st = pickle.load(f)
    w = st["net"]
    meta = {
        "inputs": NUM_INPUTS,
        "hidden": int(w["w1"].shape[1]),
        "outputs": ["win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"],
        "encoding": "core.bot.encoding v1",
        "training": {
            "games": st["games"],
            "plies": st["plies"],
            "cpu_hours": round(st["seconds"] / 3600, 3),
            "settings": st["settings"],
            "history": st.get("history", []),
            "note": args.note,
        },
    }
    raw = to_json_bytes(w["w1"], w["b1"], w["w2"], w["b2"], meta)
    with open(args.out, "wb") as f:
        f.write(raw)
    print(f"{args.out}: {len(raw)} bytes, {st['games']} games")


if __name__ == "__main__":
    main()
