"""Fixtures for the browser tests: one Voilà over notebooks/ and one headless Chromium per session, a fresh
page per test. Helpers live in harness.py (tests/conftest.py puts this folder on sys.path)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from harness import (
    CHROMIUM,
    NOTEBOOKS,
    ROOT,
    Site,
    chromium_missing_message,
    launch_browser,
    open_app,
    outside_of,
    running_voila,
    serving,
)
from playwright.sync_api import Browser, Page, expect, sync_playwright
from running_service import Running

PAGE_TIMEOUT_MS = 60_000  # a cold kernel plus the first render of a board on 2 cores
expect.set_options(timeout=PAGE_TIMEOUT_MS)  # expect() waits 5 s by default, too short for a cold kernel


@pytest.fixture(scope="session")
def tables_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """The table service beside Voilà, as `make run` starts it (its teacher's key: running_service.KEY)."""
    running = Running(tmp_path_factory.mktemp("tables") / "tables.sqlite")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory, tables_service: Running) -> Iterator[str]:
    """Base URL (``http://127.0.0.1:<port>``) of this environment's Voilà serving notebooks/, configured by
    voila.json and with the table service beside it, like ``make run``; stopped, with its kernels, at the end of the
    session."""
    if not NOTEBOOKS.is_dir():
        pytest.fail(f"{NOTEBOOKS} does not exist")
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    env = {"TABLES_URL": f"http://127.0.0.1:{tables_service.port}"}
    with running_voila(log=log, env=env) as (base, _proc):
        yield base


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The static site (docs/static.md) built by ``make site`` from this checkout, served on 127.0.0.1 by a plain
    static file server for the whole session."""
    out = tmp_path_factory.mktemp("static") / "site"
    built = subprocess.run(
        ["make", "--no-print-directory", "site", f"SITE={out}"], cwd=ROOT, capture_output=True, text=True
    )
    assert built.returncode == 0, f"make site failed:\n{built.stdout}\n{built.stderr}"
    with serving(out) as served:
        yield served


# Package scope: Playwright's sync API keeps an event loop running in the main thread while it lives, and the
# tests after tests/browser/ (a GameApp paces its bots on a running loop) must not find it there.
@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    # A missing browser is a broken set-up, not a reason to skip: `make test` installs it.
    if not CHROMIUM.exists():
        pytest.fail(chromium_missing_message())
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A new page in its own context (no cookies or cache shared between tests), which must end with no error
    thrown in its scripts (the table's own first: a redraw that throws leaves the board as it was), and having
    asked nothing of a server but ours (a school's network may block the rest: test_offline.py)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    thrown: list[str] = []
    page.on("pageerror", lambda error: thrown.append(f"{error.name}: {error.message}\n{error.stack}"))
    outside = outside_of(context)
    yield page
    context.close()
    assert not thrown, "the page's scripts threw:\n" + "\n".join(thrown)
    assert not outside, f"the page asked servers other than ours: {outside}"


@pytest.fixture(name="open_app")
def open_app_fixture() -> Callable[..., Any]:
    """``open_app(page, voila_url, "napoletana.ipynb")``: navigate and wait until the board is interactive."""
    return open_app
