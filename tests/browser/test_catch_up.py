"""A page misses nothing its kernel says while the page is being built (widgets/catch_up.py): an update sent right
after the kernel has answered the page's request for every widget's state reaches a model still loading its code,
which drops it; once the page's landmark is drawn, the kernel sends it again. Without that, a projector whose table
answers in that moment would show no list of seats until the next move."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from harness import render_url, running_voila
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# The kernel changes a widget at the worst moment, every time: as soon as it has answered the page's request.
LATE_CHANGE = """
import asyncio

import ipywidgets as w
from ipywidgets.widgets.widget import Widget

from widgets.panels import Landmark

late = w.HTML("<p>Nothing yet.</p>")
answer = Widget._handle_control_comm_msg.__func__


def answer_then_change(cls, message):
    answer(cls, message)
    asyncio.get_running_loop().call_soon(setattr, late, "value", "<p>Changed once the page asked.</p>")


Widget._handle_control_comm_msg = classmethod(answer_then_change)
w.VBox([Landmark(), w.HTML("<h1>A page</h1>"), late])
"""


@pytest.fixture(scope="module")
def late_voila(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("late")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(LATE_CHANGE)])
    nbformat.write(notebook, folder / "late.ipynb")
    with running_voila(folder=folder, log=Path(folder) / "voila.log") as (base, _proc):
        yield base


def test_a_change_the_kernel_sends_while_the_page_is_built_is_shown(page: Page, late_voila: str) -> None:
    for _load in range(3):  # (the moment is the same each time: each load must show it)
        page.goto(render_url(late_voila, "late.ipynb"), wait_until="commit")
        expect(page.get_by_role("heading", name="A page")).to_be_visible()
        expect(page.get_by_text("Changed once the page asked.")).to_be_visible(timeout=10_000)
