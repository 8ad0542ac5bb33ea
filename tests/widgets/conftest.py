"""Fixtures of the widget tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def page(monkeypatch):
    """``page("lang=it&position=...")``: the apps made next are on a page opened with that query string, in a kernel
    Voilà started for it (not preheated)."""

    def opened(query: str) -> None:
        monkeypatch.setenv("QUERY_STRING", query)
        monkeypatch.delenv("VOILA_PREHEAT", raising=False)

    return opened
