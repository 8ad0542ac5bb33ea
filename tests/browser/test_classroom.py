"""`make classroom` as a class meets it: every notebook has a preheated kernel waiting (its cells already run), a
learner's page takes one and is interactive, in the language its address asks for (issue 19: the kernel, started
before the page, reads ``?lang=`` as Voilà gives it to a preheated kernel), and when the tab closes its kernel is
culled, while pooled kernels and the kernels of open pages stay. A pooled kernel that dies is never handed to a
page: another takes its place. A small class arriving together (six pages in the same second, in English, Italian,
French and from a share link, light and dark) each gets a whole page from the pool: a game board that answers a card
picked up with the places it may go.

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
    render_url,
    running_voila,
    wait_for,
    wait_for_log,
)
from playwright.sync_api import Browser, expect

import cardlib
from cardlib.core.i18n import _, speaking
from cardlib.saves import link_code
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
        wait_for_log(log, "ready: 1 page for napoletana")
        pooled = kernel_pids(voila.pid)
        assert len(pooled) == 1, f"expected one preheated kernel, found {pooled}"

        kernels, contexts = {}, {}
        for n, (name, query) in enumerate((("closed", ""), ("open", "?lang=fr")), start=1):
            wait_for_log(log, "ready: 1 page for napoletana", times=n)  # the second page, once the pool refilled
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
        wait_for_log(log, "ready: 1 page for napoletana")
        (dead,) = kernel_pids(voila.pid)
        os.kill(dead, signal.SIGKILL)  # as the machine running out of memory would
        wait_for_log(log, "died in the pool of napoletana.ipynb; starting another")
        wait_for_log(log, "ready: 1 page for napoletana", times=2)

        page = browser.new_page()
        page.set_default_timeout(60_000)
        open_app(page, base, APP, ready=PLAY_READY)
        assert kernel_pid(voila.pid, page_kernel_id(page)) not in (None, dead)
        assert f"Using pre-heated kernel: {page_kernel_id(page)}" in log.read_text()
        page.close()


def test_a_class_opening_the_game_together_each_gets_a_whole_page_that_answers_a_pick(
    browser: Browser, tmp_path: Path
) -> None:
    log = tmp_path / "voila.log"
    shared = cardlib.load("napoletana").new(seed=7)
    link = f"?position={link_code(shared, shared.players[0])}"
    pages = [  # (language, address, the browser's colour scheme)
        ("en", "", "light"),
        ("it", "?lang=it", "light"),
        ("fr", "?lang=fr", "dark"),
        ("en", link, "light"),
        ("it", "?lang=it", "dark"),
        ("fr", "?lang=fr", "light"),
    ]
    args = make_voila_args("classroom", GAME="napoletana", SEATS=str(len(pages)), POOL="0")
    folder = one_notebook_folder(tmp_path / "class", APP)
    with running_voila(folder=folder, log=log, extra_args=args) as (base, _server):
        wait_for_log(log, f"ready: {len(pages)} pages for napoletana", timeout_s=180)
        contexts = {scheme: browser.new_context(color_scheme=scheme) for scheme in ("light", "dark")}
        opened = []
        for lang, query, scheme in pages:  # every learner clicks the link in the same second
            page = contexts[scheme].new_page()
            page.set_default_timeout(60_000)
            page.goto(render_url(base, APP + query), wait_until="commit")
            opened.append((lang, page))
        for lang, page in opened:
            with speaking(lang):
                board_name, keep = _("Game board"), _("Keep this hand")
                war = _("Your turn: pick a card, then the row where it goes. Or pass.")
            wait_for(page, PLAY_READY)
            kernel = page_kernel_id(page)
            assert f"Using pre-heated kernel: {kernel} for {APP}" in log.read_text(), f"{page.url}: not from the pool"
            board = page.locator(f".cg-table[aria-label^='{board_name}']")
            board.get_by_role("button", name=keep).click()
            expect(board.locator(".cg-prompt")).to_have_text(war)  # the war: a card picked up, then its row
            card = board.locator('.cg-card[data-zone="red.hand"][data-selectable="true"]').first
            card.click()
            expect(board).to_have_attribute("aria-busy", "false")  # the kernel has answered the pick
            expect(board.locator('.cg-zone[data-target="true"]').first).to_be_visible()
            expect(board.locator('.cg-card[data-selected="true"]')).to_have_count(1)
        for context in contexts.values():
            context.close()
