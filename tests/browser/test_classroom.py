"""`make classroom` as a class meets it: every notebook has a preheated kernel waiting (its cells already run), a
learner's page takes one and is interactive, in the language its address asks for (issue 19: the kernel, started
before the page, reads ``?lang=`` as Voilà gives it to a preheated kernel), and when the tab closes its kernel is
culled, while pooled kernels and the kernels of open pages stay. A pooled kernel that dies is never handed to a
page: another takes its place.

Voilà 0.5.13 cannot shut a kernel down when its page closes (the page's shutdown POST is refused for want of an
_xsrf token), so voila.json has idle kernels culled; here with short timeouts. Voilà is started with the
options `make classroom POOL=1 REFILL_S=1` gives it (read from `make -n`), over a folder holding only the game app
under test, so that the test does not wait for a kernel per notebook.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from harness import (
    PLAY_READY,
    kernel_pid,
    kernel_pids,
    make_voila_args,
    one_notebook_folder,
    open_app,
    page_kernel_id,
    running_voila,
    wait_for_log,
)
from playwright.sync_api import Browser, expect

from widgets.tutor import Tutor

pytestmark = pytest.mark.browser

IDLE_S = 5  # stands in for voila.json's cull_idle_timeout (a page must connect within it)
APP = "napoletana.ipynb"


def test_a_preheated_page_is_interactive_and_its_kernel_is_culled_once_closed(browser: Browser, tmp_path: Path) -> None:
    log = tmp_path / "voila.log"
    folder = one_notebook_folder(tmp_path / "class", APP)
    args = (
        *make_voila_args("classroom", POOL="1", REFILL_S="1"),
        f"--MappingKernelManager.cull_idle_timeout={IDLE_S}",
        "--MappingKernelManager.cull_interval=1",
    )
    with running_voila(folder=folder, log=log, extra_args=args) as (base, voila):
        wait_for_log(log, "Kernel pool of napoletana.ipynb is filled")
        pooled = kernel_pids(voila.pid)
        assert len(pooled) == 1, f"expected one preheated kernel, found {pooled}"

        kernels, contexts = {}, {}
        for name, query in (("closed", ""), ("open", "?lang=fr")):
            contexts[name] = browser.new_context()
            page = contexts[name].new_page()
            page.set_default_timeout(60_000)
            open_app(page, base, APP + query, ready=PLAY_READY)
            kernels[name] = page_kernel_id(page)
            assert kernel_pid(voila.pid, kernels[name]), f"no process for the {name} page's kernel"
        assert f"Using pre-heated kernel: {kernels['closed']} for {APP}" in log.read_text()
        assert page.evaluate("() => document.documentElement.lang") == "fr"
        french = Tutor("napoletana", lang="fr").board.table.scene["prompt"]
        expect(page.locator(".cg-table .cg-prompt").first).to_have_text(french)
        assert f"Using pre-heated kernel: {kernels['open']} for {APP}" in log.read_text()

        contexts["closed"].close()
        deadline = time.monotonic() + IDLE_S + 20
        while kernel_pid(voila.pid, kernels["closed"]) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernel_pid(voila.pid, kernels["closed"]) is None, "the closed page's kernel was not culled"
        assert kernel_pid(voila.pid, kernels["open"]), "the open page's kernel was culled"
        time.sleep(IDLE_S + 1)  # long enough to cull an idle kernel that is not protected
        in_pool = set(kernel_pids(voila.pid)) - {kernel_pid(voila.pid, kernels["open"])}
        assert in_pool, "the pool was not refilled, or its kernel was culled"
        contexts["open"].close()


def test_a_pooled_kernel_that_dies_is_replaced_and_never_handed_to_a_page(browser: Browser, tmp_path: Path) -> None:
    log = tmp_path / "voila.log"
    with running_voila(
        folder=one_notebook_folder(tmp_path / "class", APP), log=log, extra_args=make_voila_args("classroom", POOL="1")
    ) as (base, voila):
        wait_for_log(log, "Kernel pool of napoletana.ipynb is filled")
        (dead,) = kernel_pids(voila.pid)
        os.kill(dead, signal.SIGKILL)  # as the machine running out of memory would
        wait_for_log(log, "died in the pool of napoletana.ipynb; starting another")
        wait_for_log(log, "Kernel pool of napoletana.ipynb is filled", times=2)

        page = browser.new_page()
        page.set_default_timeout(60_000)
        open_app(page, base, APP, ready=PLAY_READY)
        assert kernel_pid(voila.pid, page_kernel_id(page)) not in (None, dead)
        assert f"Using pre-heated kernel: {page_kernel_id(page)}" in log.read_text()
        page.close()
