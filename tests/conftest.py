"""Fixtures shared by the whole suite. Browser fixtures are in tests/browser/conftest.py."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (where pyproject.toml, the Makefile and voila.json are)."""
    return ROOT


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    """notebooks/: the gallery index.ipynb and one notebook per game, as Voilà serves them."""
    return ROOT / "notebooks"
