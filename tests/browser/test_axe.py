"""axe-core (the standard accessibility engine, from npm) finds nothing on the gallery, light and dark. Every rule,
every impact: contrast, landmarks, names, labels. A game's page is checked in the dark theme after a few moves and
a refused click by test_apps.py, and in the light theme by test_learner.py."""

from __future__ import annotations

import pytest
from harness import axe_violations, render_url, voila_shown
from playwright.sync_api import Page, expect

from cardlib.games import GAMES

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_gallery_has_no_accessibility_violations(page: Page, voila_url: str, theme: str) -> None:
    page.goto(render_url(voila_url, f"index.ipynb?theme={theme}"), wait_until="commit")
    voila_shown(page)
    expect(page.locator(".cg-game")).to_have_count(len(GAMES))
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", str(theme == "light").lower())
    # the learner's progress in each card and below them, its reset asking
    expect(page.locator(".cg-progress a.cg-next")).to_have_count(len(GAMES))
    page.locator(".cg-reset").click()
    expect(page.locator(".cg-reset-ask")).to_be_visible()
    violations = axe_violations(page)
    assert not violations, violations
