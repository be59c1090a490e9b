"""Where the tests find their data: the newspaper puzzles and the other
shared inputs in ../shared/data beside the repository (as CI lays it out),
the repository's own examples in crates/domino/data, and the command line
built in target/$DOMINO_PROFILE, release by default (for comparing JSON)."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "data"
EXAMPLES = ROOT / "crates" / "domino" / "data"
CLI = ROOT / "target" / os.environ.get("DOMINO_PROFILE", "release") / "domino"


@pytest.fixture
def shared():
    """The shared data folder; the test is skipped where it is missing."""
    if not SHARED.is_dir():
        pytest.skip("no shared data beside the repository")
    return SHARED


@pytest.fixture
def examples():
    return EXAMPLES


@pytest.fixture
def cli():
    """The command line, for comparing documents; skipped when not built."""
    if not os.access(CLI, os.X_OK):
        pytest.skip(f"{CLI} is not built")
    return str(CLI)
