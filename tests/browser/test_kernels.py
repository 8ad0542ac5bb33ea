"""Voilà 0.5.13 cannot shut a kernel down when its page closes (the page's shutdown POST is refused for want
of an _xsrf token), so voila.json has idle kernels culled. This checks the policy with short timeouts: the
kernel of a closed page goes, the kernel of an open but idle page stays (cull_connected is false)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from harness import kernel_pid, page_kernel_id, render_url, running_voila, voila_shown
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

IDLE_S = 3  # stands in for voila.json's cull_idle_timeout


def test_closed_pages_lose_their_kernel_open_pages_keep_it(browser: Browser, tmp_path: Path) -> None:
    culling = (f"--MappingKernelManager.cull_idle_timeout={IDLE_S}", "--MappingKernelManager.cull_interval=1")
    with running_voila(log=tmp_path / "voila.log", extra_args=culling) as (base, voila):
        kernels = {}
        contexts = {}
        for name in ("closed", "open"):
            contexts[name] = browser.new_context()
            page = contexts[name].new_page()
            page.set_default_timeout(60_000)
            page.goto(render_url(base, "index.ipynb"), wait_until="commit")
            voila_shown(page)
            kernels[name] = page_kernel_id(page)
            assert kernel_pid(voila.pid, kernels[name]), f"no process for the {name} page's kernel"

        contexts["closed"].close()
        deadline = time.monotonic() + IDLE_S + 20
        while kernel_pid(voila.pid, kernels["closed"]) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernel_pid(voila.pid, kernels["closed"]) is None, "the closed page's kernel was not culled"
        assert kernel_pid(voila.pid, kernels["open"]), "the open page's kernel was culled"
        contexts["open"].close()
