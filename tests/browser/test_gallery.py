"""The gallery, notebooks/index.ipynb, as a learner first sees it in Voilà."""

from __future__ import annotations

import re

import pytest
from harness import ERROR_MARKS, NOTEBOOKS, render_url, voila_shown
from playwright.sync_api import Browser, Page, expect

from cardlib.games import GAMES, describe
from cardlib.mastery import Mastery
from widgets.mastery import KEY

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

    # A card per game, whose Learn and Play links open a notebook beside it (relative links: the same under
    # Binder's /notebooks/). Widgets are drawn once the page has connected to its kernel, a little after Voilà
    # shows the cells.
    expect(page.locator(".cg-game")).to_have_count(len(GAMES))
    links = page.locator(".cg-game a.cg-go").evaluate_all("nodes => nodes.map(n => n.href)")
    assert len(links) == 2 * len(GAMES)
    prefix = render_url(voila_url, "")
    for link in links:
        notebook, _, anchor = link.removeprefix(prefix).partition("#")
        assert link.startswith(prefix) and (NOTEBOOKS / notebook).is_file() and anchor in ("learn", "play"), link
    # and the shared tables: a learner's way in and the teacher's lobby
    together = page.locator(".cg-together a.cg-go").evaluate_all("nodes => nodes.map(n => n.href)")
    assert [link.removeprefix(prefix) for link in together] == ["table.ipynb", "lobby.ipynb"]

    # The learner's progress, read from the browser: none yet, so every game's first lesson is next
    napoletana = page.locator(".cg-game[data-game='napoletana'] .cg-progress")
    total = len(describe("napoletana").lessons())
    expect(napoletana).to_contain_text(f"0 of {total} lessons done")
    mastery = Mastery()
    mastery.lesson_done("napoletana", describe("napoletana").lessons()[0])
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, mastery.dumps()])

    # The theme toggle: dark, and the links carry the theme to the games.
    page.locator(".cg-theme").click()
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
    expect(page.locator("a.cg-play").first).to_have_attribute("href", re.compile(r"\?theme=dark#play$"))
    # the page came again (a new kernel): the record the browser keeps survived it, and the reset forgets it
    expect(napoletana).to_contain_text(f"1 of {total} lessons done")
    second = describe("napoletana").lessons()[1]
    expect(napoletana.locator("a.cg-next")).to_have_attribute("href", re.compile(rf"\?lesson={second.id}#learn$"))
    page.locator(".cg-reset").click()
    page.locator(".cg-reset-no").click()  # asked first: No keeps it
    expect(napoletana).to_contain_text(f"1 of {total} lessons done")
    page.locator(".cg-reset").click()
    page.locator(".cg-reset-yes").click()
    expect(napoletana).to_contain_text(f"0 of {total} lessons done")
    assert page.evaluate("(key) => localStorage.getItem(key)", KEY) is None
    assert not page_errors, page_errors


# The games' notebooks are opened and played by test_apps.py, the shared tables' pages by test_tables.py, the gallery
# above; here every other notebook.
TESTED_ELSEWHERE = {*GAMES, "table", "lobby", "index"}


@pytest.mark.parametrize(
    "notebook", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.stem not in TESTED_ELSEWHERE)
)
def test_every_other_notebook_shows_without_errors(page: Page, voila_url: str, notebook: str) -> None:
    """Whatever else is served at least opens: Voilà runs every cell and shows no error."""
    response = page.goto(render_url(voila_url, notebook), wait_until="commit")
    assert response is not None and response.status == 200
    voila_shown(page)
    text = page.inner_text("body")
    assert not [mark for mark in ERROR_MARKS if mark in text]


def test_a_browser_that_prefers_dark_gets_a_dark_gallery_whose_links_leave_the_theme_to_the_game(
    browser: Browser, voila_url: str
) -> None:
    """The game's page follows the browser's preference by itself, and one whose address asks for a theme is never
    given a kernel of `make classroom`'s preheated pool (widgets/kernels.py): the links carry no theme."""
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(render_url(voila_url, "index.ipynb"), wait_until="commit")
    voila_shown(page)
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
    expect(page.locator("a.cg-play").first).to_have_attribute("href", re.compile(r"\.ipynb#play$"))
    page.locator("a.cg-play").first.click()
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")  # the game's page, dark too
    context.close()
