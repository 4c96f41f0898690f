"""Export a training checkpoint to the browser format (``core/bot/weights/*.json.gz``).

    python -m bot_training.export bot_training/runs/r1/ckpt.pkl [--out bot_training/weights/net_v1.json.gz]
    # a net fitted with the expert features (``bot_training.fitx``, variant ``all``): encoder 2,
    # its training record taken from the net it was fine-tuned from (--base), the fit appended
    python -m bot_training.export bot_training/runs/fx2/all.pkl --base bot_training/weights/net_v1.json.gz \\
        --out core/bot/weights/net_v2.json.gz --note "..."
"""

from __future__ import annotations

import argparse
import pickle
from typing import Any

from core.bot.encoding import ENCODERS
from core.bot.features import FEATURE_NAMES
from core.bot.net import Net, to_json_bytes


def encoder_of(features: list[str]) -> int:
    """The encoder version of a net fitted with these expert features (none, or all in order).

    >>> encoder_of([]), encoder_of(list(FEATURE_NAMES))
    (1, 2)
    """
    if not features:
        return 1
    if list(features) == list(FEATURE_NAMES):
        return 2
    raise ValueError(f"no encoder for the feature subset {features}: only none or all of {FEATURE_NAMES}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("--out", required=True)
    ap.add_argument("--base", help="exported weights the checkpoint was fine-tuned from (for fitx checkpoints)")
    ap.add_argument("--note", default="")
    args = ap.parse_args()
    with open(args.checkpoint, "rb") as f:
        st = pickle.load(f)
    w = st["net"]
    version = encoder_of(st.get("features", []))
    training: dict[str, Any]
    if "games" in st:
        training = {
            "games": st["games"],
            "plies": st["plies"],
            "cpu_hours": round(st["seconds"] / 3600, 3),
            "settings": st["settings"],
            "history": st.get("history", []),
            "note": args.note,
        }
    else:
        if not args.base:
            ap.error("this checkpoint has no training record of its own: give --base")
        with open(args.base, "rb") as f:
            training = dict(Net.from_json_bytes(f.read()).meta["training"])
        fit = {"fit": args.checkpoint, "features": st.get("features", []), "note": args.note,
               "validation": st.get("history", [])[-1:]}
        training["history"] = list(training.get("history", [])) + [fit]
        training["note"] = args.note
    meta = {
        "inputs": ENCODERS[version][1],
        "encoder": version,
        "hidden": int(w["w1"].shape[1]),
        "outputs": ["win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"],
        "encoding": f"core.bot.encoding v{version}",
    }
    meta["training"] = training
    if int(w["w1"].shape[0]) != meta["inputs"]:
        raise SystemExit(f"{args.checkpoint}: {w['w1'].shape[0]} inputs, encoder {version} has {meta['inputs']}")
    raw = to_json_bytes(w["w1"], w["b1"], w["w2"], w["b2"], meta)
    with open(args.out, "wb") as f:
        f.write(raw)
    print(f"{args.out}: {len(raw)} bytes, encoder {version}, {training['games']} games")


if __name__ == "__main__":
    main()
