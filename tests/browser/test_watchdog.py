"""No page hangs (issue "A whole class clicking Play at once"): a page whose kernel dies says so in words, next to a
button that starts the game again, and a page whose kernel dies before it came up starts again by itself, once.
The kernel is killed from outside, as the machine running out of memory would (widgets/watchdog.py says how the
page finds out)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from harness import BOARD_READY, axe_violations, kernel_pid, page_kernel_id, render_url, running_voila, wait_for
from playwright.sync_api import Page, expect

from widgets.watchdog import catalogs

pytestmark = pytest.mark.browser

SAYS = catalogs()["en"]
TOLD_WITHIN_MS = 15_000  # Jupyter notices the death within 3 s, the page asks every 2 s while loading


def open_loading(page: Page, voila_url: str) -> tuple[str, int]:
    """Open the game; once Voilà has started its kernel (the notebook is still running): its id and process."""
    page.goto(render_url(voila_url, "napoletana.ipynb"), wait_until="commit")
    page.wait_for_selector("#jupyter-config-data", state="attached")
    kernel_id = page_kernel_id(page)
    pid = kernel_pid(None, kernel_id)
    assert pid, "no process for the page's kernel"
    return kernel_id, pid


def kill_the_kernel_as_it_starts(page: Page, voila_url: str) -> str:
    """Open the game and kill its kernel as soon as Voilà has started it."""
    kernel_id, pid = open_loading(page, voila_url)
    os.kill(pid, signal.SIGKILL)
    return kernel_id


def test_a_page_whose_kernel_dies_as_it_loads_starts_again_by_itself_then_says_so(page: Page, voila_url: str) -> None:
    watchdog = page.locator("#cg-watchdog")
    first = kill_the_kernel_as_it_starts(page, voila_url)
    expect(watchdog).to_have_text(SAYS["retrying"], timeout=TOLD_WITHIN_MS)
    page.wait_for_function(
        "(first) => document.getElementById('jupyter-config-data') === null || "
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId !== first",
        arg=first,
    )
    # the page started again by itself; its new kernel dies too: now the learner is told, and offered a button
    page.wait_for_selector("#jupyter-config-data", state="attached")
    second = page_kernel_id(page)
    assert second != first
    os.kill(kernel_pid(None, second), signal.SIGKILL)
    expect(watchdog.locator("p")).to_have_text(SAYS["failed"], timeout=TOLD_WITHIN_MS)
    again = watchdog.get_by_role("button", name=SAYS["again"])
    expect(again).to_be_focused()
    again.click()
    wait_for(page, BOARD_READY)  # a new kernel, and the game is there
    assert page_kernel_id(page) not in (first, second)
    expect(watchdog).to_be_empty()


def test_a_game_whose_kernel_dies_says_so_next_to_a_button_that_starts_it_again(
    page: Page, voila_url: str, open_app
) -> None:
    page.clock.install()  # the page's clock, driven by the test: the settling seconds below pass at once
    open_app(page, voila_url, "napoletana.ipynb")
    watchdog = page.locator("#cg-watchdog")
    expect(watchdog).to_be_empty()
    page.clock.fast_forward(6_000)  # the game has come up and been played: a death now is not retried by itself
    gone = page_kernel_id(page)
    os.kill(kernel_pid(None, gone), signal.SIGKILL)
    page.locator(BOARD_READY).first.click()  # the learner's click goes unanswered, and the page asks why
    expect(watchdog.locator("p")).to_have_text(SAYS["stopped"], timeout=TOLD_WITHIN_MS)
    expect(watchdog).to_have_attribute("role", "alert")  # read out at once
    again = watchdog.get_by_role("button", name=SAYS["again"])
    expect(again).to_be_focused()
    assert watchdog.bounding_box()["y"] >= 0 and again.is_visible()  # seen without scrolling
    assert axe_violations(page) == []
    again.click()
    wait_for(page, BOARD_READY)
    assert page_kernel_id(page) != gone


def test_a_page_whose_server_stops_answering_says_so_and_quiets_once_it_answers_again(
    page: Page, tmp_path: Path
) -> None:
    """A server that hangs (here frozen) leaves the page's questions unanswered, not refused: each is given up after
    a few seconds, and after three the learner is told. The page's clock is driven by the test, so the seconds the
    watchdog waits for its answers pass at once."""
    page.clock.install()
    with running_voila(log=tmp_path / "voila.log") as (base, voila):
        open_loading(page, base)
        watchdog = page.locator("#cg-watchdog")
        os.kill(voila.pid, signal.SIGSTOP)
        try:
            for _ in range(12):  # three polls of watchdog.js, each given up after ANSWER_MS
                page.clock.fast_forward(2_500)
                page.wait_for_timeout(100)  # the page's own promises settle between the ticks
            expect(watchdog.locator("p")).to_have_text(SAYS["unreachable"], timeout=TOLD_WITHIN_MS)
            expect(watchdog.get_by_role("button", name=SAYS["again"])).to_be_focused()
        finally:
            os.kill(voila.pid, signal.SIGCONT)
        page.clock.resume()  # the server answers again, and the page goes on at its own pace
        expect(watchdog).to_be_empty(timeout=TOLD_WITHIN_MS)
        wait_for(page, BOARD_READY)


def test_a_page_whose_kernel_hangs_as_it_loads_says_the_server_is_busy_then_starts_again(
    page: Page, tmp_path: Path
) -> None:
    """A kernel that stops answering while the notebook runs (here frozen) keeps the page loading: after 15 s the
    learner reads that the server is busy, and after two minutes the page starts again by itself. The page's clock
    is driven by the test, so the two minutes pass at once."""
    page.clock.install()
    with running_voila(log=tmp_path / "voila.log") as (base, _):
        _kernel_id, pid = open_loading(page, base)
        os.kill(pid, signal.SIGSTOP)
        try:
            watchdog = page.locator("#cg-watchdog")
            page.clock.fast_forward(16_000)  # past watchdog.js's SLOW_MS
            expect(watchdog.locator("p")).to_have_text(SAYS["slow"], timeout=TOLD_WITHIN_MS)
            expect(watchdog.get_by_role("button")).to_have_count(0)  # nothing to do yet but wait
            page.clock.fast_forward(110_000)  # past its LIMIT_MS, two minutes after the page was asked for
            expect(watchdog.locator("p")).to_have_text(SAYS["retrying"], timeout=TOLD_WITHIN_MS)
        finally:
            os.kill(pid, signal.SIGKILL)
