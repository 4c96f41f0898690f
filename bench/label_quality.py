"""Which training label is closest to the truth, for its cost (issue #16, "Better labels"; not run in CI).

    python bench/label_quality.py --per-class 100 --cache gnubg_probs2.jsonl

The positions of ``bench/bot_cube.py`` (seed 78: games of the shipped net against itself and
against pubeval, distinct positions, side on roll before its roll), ``--per-class`` of each class
(contact, race, bear-off). Each label our own engine can make for them, with the shipped net as
the teacher: 0-ply, 1-ply (the rounds so far), 2-ply (``bot_training.batches.two_ply_targets``)
and truncated rollouts (``bot_training.rollout``) with and without (``plain``) variance reduction; each is
compared with GNU Backgammon 2-ply's cubeless probabilities of the same position, the yardstick
(never a training target): mean absolute error of the cubeless money equity and of P(win), by
class, and the CPU seconds a position costs. ``--cache`` keeps gnubg's answers (JSON lines, as
``bench/bot_cube.py --probs-cache``).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np  # noqa: E402
from _paths import ROOT
from bot_cube import gnubg_probs  # noqa: E402
from bot_loss import CLASSES, position_class, sample_cases  # noqa: E402

from bot_training.batches import teacher_bot, two_ply_targets  # noqa: E402
from bot_training.distill import one_ply_targets  # noqa: E402
from bot_training.npbot import NumpyBot  # noqa: E402
from bot_training.rollout import rollout_targets  # noqa: E402
from core.ids import MatchInfo, encode_gnubg_id  # noqa: E402
from core.position import Position  # noqa: E402

Label = Callable[[NumpyBot, list[Position]], np.ndarray]


def equity(p: np.ndarray) -> np.ndarray:
    """Cubeless money equity of (N, 5) probabilities."""
    out: np.ndarray = 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]
    return out


def rollout(trials: int, horizon: int, reduce: bool = True) -> Label:
    def label(bot: NumpyBot, positions: list[Position]) -> np.ndarray:
        return np.concatenate([
            rollout_targets(bot, positions[i : i + 8], trials, horizon, np.random.default_rng([78, i]), reduce)
            for i in range(0, len(positions), 8)
        ])

    return label


LABELS: dict[str, Label] = {
    "0-ply": lambda bot, ps: bot.probs(np.array([p.player for p in ps]), np.array([p.opponent for p in ps])),
    "1-ply": lambda bot, ps: one_ply_targets(bot, ps),
    "2-ply": lambda bot, ps: np.concatenate([two_ply_targets(bot, ps[i : i + 4]) for i in range(0, len(ps), 4)]),
    "rollout 36x4 plain": rollout(36, 4, reduce=False),
    "rollout 12x4": rollout(12, 4),
    "rollout 12x8": rollout(12, 8),
    "rollout 36x4": rollout(36, 4),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-class", type=int, default=100, help="positions of each class")
    ap.add_argument("--labels", default=",".join(LABELS), help="which labels, comma-separated")
    ap.add_argument("--cache", help="gnubg's 2-ply probabilities of bot_cube's 2,000 positions (JSON lines)")
    ap.add_argument("--workers", type=int, default=2, help="gnubg processes (when not cached)")
    ap.add_argument("--weights", default=os.path.join(ROOT, "core/bot/weights/net_v2.json.gz"), help="the teacher")
    args = ap.parse_args()
    names = [n.strip() for n in args.labels.split(",")]
    unknown = [n for n in names if n not in LABELS]
    if unknown:
        raise SystemExit(f"unknown labels {unknown}: expected some of {list(LABELS)}")

    positions = [pos for pos, _dice in sample_cases(2000, 78, distinct_positions=True)]
    ids = [encode_gnubg_id(pos, MatchInfo()) for pos in positions]
    truth_all = np.array(gnubg_probs(ids, args.workers, 2, args.cache))
    chosen: list[int] = []
    for cls in CLASSES:
        chosen += [i for i, p in enumerate(positions) if position_class(p) == cls][: args.per_class]
    subset = [positions[i] for i in chosen]
    truth = truth_all[chosen]
    classes = np.array([position_class(p) for p in subset])
    bot = teacher_bot(args.weights)
    print(f"{len(subset)} positions ({', '.join(f'{c} {(classes == c).sum()}' for c in CLASSES)}); "
          f"mean |equity error| against gnubg 2-ply (|P(win) error|), CPU s per position")
    head = "| label | " + " | ".join(CLASSES) + " | all | CPU s / position |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for name in names:
        t0 = time.process_time()
        ours = LABELS[name](bot, subset)
        cpu = (time.process_time() - t0) / len(subset)
        eq_err = np.abs(equity(ours) - equity(truth))
        win_err = np.abs(ours[:, 0] - truth[:, 0])
        cells = [f"{eq_err[classes == c].mean():.4f} ({win_err[classes == c].mean():.4f})" for c in CLASSES]
        print(f"| {name} | " + " | ".join(cells) + f" | **{eq_err.mean():.4f}** ({win_err.mean():.4f}) | {cpu:.3f} |",
              flush=True)


if __name__ == "__main__":
    main()
