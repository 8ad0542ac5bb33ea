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


@pytest.fixture(autouse=True)
def fresh_page():
    """Every test starts and ends in English: an app made with ``lang=`` switches the whole process's language."""
    from cardlib.core.i18n import set_language

    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def unreviewed(request, monkeypatch):
    """The coach's review is left out of the tests that do not look at it: in a script it judges each of the
    learner's decisions at once, between the bots' moves, with the strongest bot's search, half the CPU of the
    widget tests. The review's own tests are marked ``review``."""
    if request.node.get_closest_marker("review") is None:
        monkeypatch.setattr("cardlib.review.Reviewer.note", lambda self, before, move: None)
