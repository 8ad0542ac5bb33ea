"""Nothing from outside: the gallery, every game, the teachers' notebook and Voilà's own pages load every asset
from our own server.

On a school network that blocks outside sites, or offline, a page that asks a CDN for something loses it (the
buttons' icons were the first casualty). Here every request to a host other than 127.0.0.1 is answered by the
test, recorded and refused; the test fails on any. It also checks the icons really come from our server: the
buttons' Font Awesome glyphs are drawn in Font Awesome, not in a fallback font.
"""

from __future__ import annotations

import pytest
from harness import NOTEBOOKS, icons_drawn_in_font_awesome, ours, render_url, voila_shown
from playwright.sync_api import Browser, Route, expect

from cardlib.games import GAMES

pytestmark = pytest.mark.browser

FONT_AWESOME = "5.15.4"  # share/jupyter/voila/templates/cardgame/static/fontawesome/README.md


def outside_requests(browser: Browser, url: str, ready) -> list[str]:
    """Open ``url`` with every request outside 127.0.0.1 refused, run ``ready(page)``, return the refused URLs."""
    context = browser.new_context()
    refused: list[str] = []

    def guard(route: Route) -> None:
        if ours(route.request.url):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", guard)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(url, wait_until="commit")
        ready(page)
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
    return refused


def test_the_gallery_asks_nothing_from_outside(browser: Browser, voila_url: str) -> None:
    def ready(page) -> None:
        voila_shown(page)
        expect(page.locator(".cg-game").first).to_be_visible()

    assert outside_requests(browser, render_url(voila_url, "index.ipynb"), ready) == []


# The games' apps and the shared tables' pages are watched so by every test that opens them (conftest.py's page,
# test_tables.py), and each game's icons checked by test_apps.py: here the notebooks no other test opens.
@pytest.mark.parametrize(
    "notebook",
    sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.stem not in ("index", "table", "lobby", *GAMES)),
)
def test_every_app_asks_nothing_from_outside_and_has_its_icons(browser: Browser, voila_url: str, notebook: str) -> None:
    def ready(page) -> None:
        voila_shown(page)
        expect(page.locator(".cg-table").first).to_be_visible()
        icons_drawn_in_font_awesome(page)

    assert outside_requests(browser, render_url(voila_url, notebook), ready) == []


def test_voilas_own_pages_ask_nothing_from_outside(browser: Browser, voila_url: str) -> None:
    """The file tree `make run` shows at / and Voilà's error page (voila.json names our template for them)."""

    def tree(page) -> None:
        expect(page.get_by_text("index.ipynb")).to_be_visible()

    def missing(page) -> None:
        expect(page.get_by_text("404")).to_be_visible()

    assert outside_requests(browser, f"{voila_url}/", tree) == []
    assert outside_requests(browser, render_url(voila_url, "no-such-notebook.ipynb"), missing) == []


def test_the_icons_are_served_by_our_server(voila_url: str) -> None:
    import urllib.request

    base = f"{voila_url}/voila/templates/cardgame/static/fontawesome"
    with urllib.request.urlopen(f"{base}/css/all.min.css") as reply:
        assert f"Font Awesome Free {FONT_AWESOME}" in reply.read(300).decode()
    with urllib.request.urlopen(f"{base}/webfonts/fa-solid-900.woff2") as reply:
        assert reply.status == 200 and reply.read(4) == b"wOF2"
