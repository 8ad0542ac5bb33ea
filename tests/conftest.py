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
    """Every test starts and ends in English, on a page whose address is read afresh: an app made with ``lang=``
    switches the whole process's language, and a kernel reads its page's address once (widgets/where.py)."""
    from cardlib.core.i18n import set_language
    from widgets.language import page_language
    from widgets.where import page_query

    set_language("en")
    page_query.cache_clear()
    page_language.cache_clear()
    yield
    set_language("en")
    page_query.cache_clear()
    page_language.cache_clear()
