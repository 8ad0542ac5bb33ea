"""The notebooks in JupyterLab, as a teacher opens them with `make lab`: the gallery runs without reloading the page
and follows JupyterLab's theme, its Learn and Play links open the game in Voilà where it runs, a game's Share
link from JupyterLab opens the same position in Voilà, and a game played to its end in JupyterLab offers its review.

JupyterLab saves what it opens, so it runs on a copy of the notebooks, never on the committed ones.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import NOTEBOOKS, PLAY_READY, ROOT, free_port, running_server, wait_for
from plays import Step, clicks_for, press
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from reviewed_positions import prepared

from cardlib.games import GAMES

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(NOTEBOOKS, root / "notebooks")
    near_the_end(root / "notebooks" / "near_the_end.ipynb")
    port = free_port()
    args = [
        str(ROOT / ".venv" / "bin" / "jupyter"),
        "lab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--port={port}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        # its own workspace: JupyterLab would otherwise reopen the notebooks of the last run (kept in ~/.jupyter)
        f"--LabApp.workspaces_dir={root / 'workspaces'}",
        f"--LabApp.user_settings_dir={root / 'settings'}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp, as JupyterLab's own UI tests have it
    ]
    with running_server(args, f"http://127.0.0.1:{port}/api", cwd=ROOT, log=root / "lab.log"):
        yield f"http://127.0.0.1:{port}"


def near_the_end(path: Path) -> None:
    """A teacher's own notebook: the game app of Pattuglia at the prepared position near its end
    (tests/reviewed_positions.py), handed to it as a saved position is, the bots playing at once."""
    state, _worse, _better, _rule = prepared("pattuglia")
    source = (
        "import json\n\nfrom widgets.app import GameApp\n\n"
        f"GameApp('pattuglia', position=json.loads({json.dumps(json.dumps(state.to_json()))}), bot_delay=0)"
    )
    cell = {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    notebook = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(notebook))


# The notebook open in JupyterLab has a kernel, connected and idle, that has answered (window.jupyterapp: the app). A
# check, polled: it notes the kernel's first answer as it comes.
KERNEL_READY = """() => {
  const context = window.jupyterapp?.shell.currentWidget?.sessionContext;
  const kernel = context?.session?.kernel;
  if (!context?.isReady || context.hasNoKernel || !kernel) return false;
  kernel.info.then(() => { window.cgAnswered = kernel.id; });
  return window.cgAnswered === kernel.id && kernel.connectionStatus === "connected" && kernel.status === "idle";
}"""


def run_notebook(page: Page, lab_url: str, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab and run all its cells from the Run menu, as a teacher would."""
    # A workspace of its own, reset: this notebook is the only one open, so what is found on the page is its own
    # (a notebook opened before stays in the page, hidden, with its kernel idle and its cells run). The notebook is
    # opened from the file browser once the launcher offers Python: a notebook opened before JupyterLab knows its
    # kernels (a slow answer on a loaded machine) starts none and asks which kernel to start.
    page.goto(f"{lab_url}/lab/workspaces/{Path(notebook).stem}/tree/notebooks?reset")
    expect(page.locator(".jp-LauncherCard[data-category='Notebook']").first).to_be_visible(timeout=120_000)
    page.locator(".jp-DirListing-item", has=page.get_by_text(notebook, exact=True)).dblclick()
    expect(page.locator(".jp-NotebookPanel")).to_have_count(1)
    # Run All Cells before the notebook's kernel is up and connected runs nothing, or asks which kernel to start
    # (and the choice replaces the kernel): wait for JupyterLab's own word that it is, its kernel's first answer.
    page.wait_for_function(KERNEL_READY, timeout=120_000, polling=500)
    # Even then it sometimes runs nothing: then the teacher, and the test, click it again.
    ran = page.locator(".jp-InputPrompt").filter(has_text=re.compile(r"\[(\d+|\*)\]")).first  # [1]: or [*]:
    # On a loaded machine JupyterLab sometimes asks which kernel to start ("Select Kernel", the notebook's own
    # Python 3 chosen), over the Run menu: a teacher accepts it, and so does the test.
    choose_kernel = page.locator(".jp-Dialog").filter(has_text="Select Kernel")
    for _attempt in range(5):
        if choose_kernel.count():
            choose_kernel.locator(".jp-mod-accept").click()
        try:
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
        except PlaywrightTimeoutError:
            dialog = page.locator(".jp-Dialog")
            if choose_kernel.count():
                continue
            if dialog.count():  # another dialog: say its words
                raise AssertionError(
                    f"JupyterLab shows a dialog over {notebook}: {dialog.first.inner_text()!r}"
                ) from None
            raise
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        with contextlib.suppress(AssertionError):
            expect(ran).to_be_attached(timeout=10_000)
            return
    raise AssertionError(f"Run All Cells ran no cell of {notebook}")


def test_the_gallery_runs_in_jupyterlab_without_reloading_and_opens_games_in_voila(
    browser: Browser, lab_url: str
) -> None:
    context = browser.new_context(color_scheme="dark", viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    run_notebook(page, lab_url, "index.ipynb")
    page.evaluate("() => { window.cgStillHere = true; }")  # gone if anything reloads the page
    expect(page.locator(".cg-game")).to_have_count(len(GAMES))
    page.wait_for_timeout(1000)  # what the old gallery did at once: redirect a dark browser to ?theme=dark
    assert page.evaluate("() => window.cgStillHere === true")
    assert "theme=" not in page.url
    expect(page.locator(".cg-theme")).to_have_count(0)  # JupyterLab's own theme setting rules

    for game_id in GAMES:
        for way, part in (("cg-learn", "learn"), ("cg-play", "play")):
            link = page.locator(f".cg-game[data-game='{game_id}'] a.{way}")
            href = f"{lab_url}/voila/render/notebooks/{game_id}.ipynb#{part}"
            expect(link).to_have_attribute("href", href)
            expect(link).to_have_attribute("target", "_blank")

    # A dark JupyterLab sends the games dark too (the theme is read at the click).
    page.evaluate("() => { document.body.dataset.jpThemeLight = 'false'; }")
    with context.expect_page() as opened:
        page.locator(".cg-game[data-game='napoletana'] a.cg-play").click()
    game = opened.value
    game.set_default_timeout(90_000)
    wait_for(game, PLAY_READY)
    assert re.search(r"/voila/render/notebooks/napoletana\.ipynb\?theme=dark#play$", game.url), game.url
    expect(game.locator("body")).to_have_attribute("data-jp-theme-light", "false")
    # The app's landmark (an empty element) scrolled to the top of the window.
    game.wait_for_function("() => Math.abs(document.getElementById('play').getBoundingClientRect().top) < 40")
    assert page.evaluate("() => window.cgStillHere === true") and not errors, errors
    context.close()


def test_share_in_jupyterlab_gives_a_voila_link_to_the_same_position(browser: Browser, lab_url: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(90_000)
    run_notebook(page, lab_url, "napoletana.ipynb")
    share = page.get_by_role("button", name="Share")
    # JupyterLab draws only the cells near the view: scroll to the last one (the game app) until it is drawn.
    page.wait_for_function(
        """() => {
          const panel = document.querySelector(".jp-NotebookPanel .jp-WindowedPanel-outer");
          if (panel) panel.scrollTop = panel.scrollHeight;
          return document.querySelector(".cg-save-buttons .cg-share") !== null;
        }""",
        polling=500,
    )
    expect(page.locator(".cg-share-link")).to_be_hidden()
    share.scroll_into_view_if_needed()
    share.click()
    link = page.locator(".cg-share-link")
    expect(link).to_have_value(re.compile(r"/voila/render/notebooks/napoletana\.ipynb\?position=[\w-]+#play$"))
    seed = page.locator(".widget-inline-hbox", has=page.get_by_text("Deal number", exact=True)).locator("input").last
    dealt = seed.input_value()

    shared = context.new_page()
    shared.set_default_timeout(90_000)
    shared.goto(link.input_value(), wait_until="commit")
    wait_for(shared, PLAY_READY)
    expect(shared.get_by_text("This is the position of the link you opened.")).to_be_visible()
    deal_number = shared.get_by_text("Deal number", exact=True)
    shared_seed = shared.locator(".widget-inline-hbox", has=deal_number).locator("input")
    expect(shared_seed).to_have_value(dealt)
    context.close()


def test_a_game_played_to_its_end_in_jupyterlab_offers_its_review(browser: Browser, lab_url: str) -> None:
    """PAT-6: the yellow Soldier discarded instead of laid in the patrol that closes the deal; the game over, Review
    this game (pressed with Enter) shows that costly move and its ruling on its own board, with the focus on the
    review's heading."""
    state, worse, _better, rule = prepared("pattuglia")
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    run_notebook(page, lab_url, "near_the_end.ipynb")
    wait_for(page, PLAY_READY)
    board = page.locator(".cg-table[aria-label^='Game board']")
    press(board, Step(clicks_for("pattuglia", state, str(state.to_move), state.game.parse_move(worse))))
    review = page.get_by_role("button", name="Review this game")
    review.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Looking ahead, 1 of your moves could have been better.")).to_be_visible()
    expect(page.locator(".cg-table[aria-label^='Review board']")).to_be_visible()
    expect(page.locator(".cg-rule:visible", has_text=rule)).to_have_count(1)
    expect(page.get_by_role("heading", name="The review of your game")).to_be_focused()
    assert not errors, errors
    context.close()
