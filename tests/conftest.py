"""Fixtures shared by the whole suite. Browser fixtures are in tests/browser/conftest.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Plain modules shared by tests: tests/protocol_checks.py (checks every game's engine must pass),
# tests/browser/harness.py (start Voilà and Chromium, open an app; also used by benchmarks/) and
# tests/fuzz/fuzzing.py (also run by `make fuzz`). pytest runs with --import-mode=importlib, which puts no test
# folder on sys.path, so this does.
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "fuzz")]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (where pyproject.toml, the Makefile and voila.json are)."""
    return ROOT


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    """notebooks/: the gallery index.ipynb and one notebook per game, as Voilà serves them."""
    return ROOT / "notebooks"
