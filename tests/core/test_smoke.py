"""The smallest check that the rules core imports; real tests live beside this file."""

from __future__ import annotations

import importlib.util

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("core") is None, reason="core/ does not exist yet"
)


def test_core_imports() -> None:
    import core

    assert core.__name__ == "core"
