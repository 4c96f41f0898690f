"""The gnubg oracle for the tests in this folder (all marked ``gnubg``).

Without gnubg the tests skip -- unless ``VIDEAU_REQUIRE_GNUBG=1`` (what
``./build.sh test``, which installs gnubg, should set), where a missing gnubg
is a failure rather than a silent pass.
"""

from __future__ import annotations

import os

import pytest

from tests.gnubg.oracle import GNUBG, GnubgOracle, gnubg_available

# Scripts that run inside gnubg's embedded Python (`import gnubg`): not importable here,
# so not collected for doctests either.
collect_ignore_glob = ["*_script.py"]


@pytest.fixture(scope="session")
def oracle() -> GnubgOracle:
    if not gnubg_available():
        message = f"GNU Backgammon not found at {GNUBG} (apt-get install gnubg)"
        if os.environ.get("VIDEAU_REQUIRE_GNUBG") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return GnubgOracle()
