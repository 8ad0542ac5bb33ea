"""The gallery, notebooks/index.ipynb, as a learner first sees it in Voilà."""

from __future__ import annotations

import re

import pytest
from harness import ERROR_MARKS, NOTEBOOKS, render_url, voila_shown
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_gallery_renders(page: Page, voila_url: str) -> None:
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))

    response = page.goto(render_url(voila_url, "index.ipynb"), wait_until="commit")
    assert response is not None and response.status == 200
    voila_shown(page)

    expect(page.get_by_role("heading", name=re.compile("card-game rules tutor", re.IGNORECASE))).to_be_visible()
    text = page.inner_text("body")
    assert not [mark for mark in ERROR_MARKS if mark in text]

    # Every game it links to is a notebook beside it (relative links: the same under Binder's /notebooks/).
    # Widgets are drawn once the page has connected to its kernel, a little after Voilà shows the cells.
    notebook_links = page.locator("a[href$='.ipynb']")
    expect(notebook_links.first).to_be_attached()
    links = notebook_links.evaluate_all("nodes => nodes.map(n => n.href)")
    prefix = render_url(voila_url, "")
    for link in links:
        assert link.startswith(prefix) and (NOTEBOOKS / link.removeprefix(prefix)).is_file(), link
    assert not page_errors, page_errors


@pytest.mark.parametrize("notebook", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_every_notebook_shows_without_errors(page: Page, voila_url: str, notebook: str) -> None:
    """Whatever the gallery links to at least opens: Voilà runs every cell and shows no error."""
    response = page.goto(render_url(voila_url, notebook), wait_until="commit")
    assert response is not None and response.status == 200
    voila_shown(page)
    text = page.inner_text("body")
    assert not [mark for mark in ERROR_MARKS if mark in text]
