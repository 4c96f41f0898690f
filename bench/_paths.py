"""The benchmarks' imports, however they are started (``python bench/x.py`` from anywhere, or
pytest collecting their doctests): the repository's root (``core``, ``bot_training``, ``tests``)
and this folder (the benchmarks' shared modules) on ``sys.path``. Import it first."""

from __future__ import annotations

import os
import sys

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
for _path in (ROOT, BENCH):
    if _path not in sys.path:
        sys.path.insert(0, _path)
