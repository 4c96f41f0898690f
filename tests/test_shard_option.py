"""The ``--shard K/N`` option of the root conftest.py (./build.sh splits the Pyodide run with it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest


def _root_conftest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("root_conftest", Path(__file__).parents[1] / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shard_of_reads_k_of_n_and_refuses_the_rest() -> None:
    shard_of = _root_conftest().shard_of
    assert shard_of("0/2") == (0, 2) and shard_of("3/4") == (3, 4)
    for text in ("2/2", "1", "a/2", "-1/2", "1/0", ""):
        with pytest.raises(ValueError, match="expected K/N"):
            shard_of(text)


def test_the_shards_split_the_tests_once_each() -> None:
    hook = _root_conftest().pytest_collection_modifyitems

    class Config:
        def __init__(self, shard: str) -> None:
            self.shard = shard
            self.deselected: list[object] = []
            self.hook = self

        def getoption(self, name: str) -> str:
            assert name == "--shard"
            return self.shard

        def pytest_deselected(self, items: list[object]) -> None:
            self.deselected += items

    tests = list(range(7))
    kept = []
    for k in range(3):
        items: list[object] = list(tests)
        config = Config(f"{k}/3")
        hook(config, items)
        assert sorted(items + config.deselected) == tests
        kept += items
    assert sorted(kept) == tests
    with pytest.raises(pytest.UsageError, match="--shard 3/3"):
        hook(Config("3/3"), list(tests))
