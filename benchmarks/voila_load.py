"""How fast the Napoletana app is in Voilà, beside an empty notebook measured in the same run.

Prints one JSON object:
- load_s: seconds from navigation to (a) Voilà showing the cells and (b) the board being interactive (a
  ``.cg-table`` holding a selectable card), median of LOADS cold loads (a fresh browser context each),
  napoletana and empty interleaved so both see the same machine state;
- click_ms: milliseconds from a click to the DOM change it causes, timed inside the page: "select" (a
  selectable card of ``red.hand`` -> some zone has ``data-target="true"``) and "place" (that zone -> the card
  drawn in it, ``data-zone`` = the zone), over up to CLICKS moves of one game;
- kernel_rss_mib: resident memory of the kernel behind the napoletana page after those moves, and of an
  empty notebook's kernel, read from /proc.

Everything runs on 127.0.0.1 with Debian's Chromium; counts and waits are bounded (DEADLINE_S).
BENCH_LOADS=1 makes a quick trial run.
"""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from harness import (
    BOARD_READY,
    kernel_pid,
    kernel_pids,
    launch_browser,
    open_app,
    page_kernel_id,
    render_url,
    rss_bytes,
    running_voila,
    voila_shown,
    wait_for,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

APP = "napoletana.ipynb"
LOADS = int(os.environ.get("BENCH_LOADS", 5))
CLICKS = 10
DEADLINE_S = 600  # the whole benchmark
LOAD_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 15_000  # one click's effect, or the bot's reply
HAND = "red.hand"
# Napoletana opens with a mulligan ("click up to 2 cards ... or keep your hand"): keep, then play.
KEEP = '.cg-button[data-button="keep"]:not([disabled])'
PASS = '.cg-button[data-button="pass"]:not([disabled])'

EMPTY_NOTEBOOK = {
    "cells": [],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}

# Arms a one-shot timer on the idx-th board. It starts at the next click inside the board (capture phase, so
# before the board's own handler) and stops at the first DOM change after which one of ``conditions`` holds:
# ["present", selector] (something matches) or ["absent", selector] (nothing matches). window.__cgBench gets
# {ms, which} (which: the index of the condition). Returns false if a condition already holds.
ARM_JS = """([idx, conditions]) => {
  const root = document.querySelectorAll(".cg-table")[idx];
  const holds = ([kind, sel]) => (root.querySelector(sel) !== null) === (kind === "present");
  const holding = () => conditions.findIndex(holds);
  if (!root || holding() !== -1) return false;
  window.__cgBench = undefined;
  let clickedAt = null;
  root.addEventListener("click", () => { clickedAt = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    const which = clickedAt === null ? -1 : holding();
    if (which !== -1) {
      observer.disconnect();
      window.__cgBench = { ms: performance.now() - clickedAt, which };
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  return true;
}"""
# The learner may act: a card of the hand is selectable, or the board offers "keep" or "pass" (the board
# shows buttons only on the learner's turn).
MY_TURN_JS = """([idx, selectors]) => {
  const root = document.querySelectorAll(".cg-table")[idx];
  return Boolean(root) && selectors.some((sel) => root.querySelector(sel) !== null);
}"""


def main() -> None:
    started = time.monotonic()
    errors: list[str] = []
    result: dict[str, Any] = {"benchmark": "voila_load", "notebook": APP, "loads": LOADS}
    with tempfile.TemporaryDirectory(prefix="voila-bench-") as tmp:
        empty_dir = Path(tmp) / "empty"
        empty_dir.mkdir()
        (empty_dir / "empty.ipynb").write_text(json.dumps(EMPTY_NOTEBOOK))
        with (
            running_voila(log=Path(tmp) / "app.log") as (app_url, app_voila),
            running_voila(folder=empty_dir, log=Path(tmp) / "empty.log") as (empty_url, empty_voila),
            sync_playwright() as playwright,
        ):
            browser = launch_browser(playwright)
            result["machine"] = {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "chromium": browser.version,
            }
            result["load_s"] = measure_loads(browser, app_url, empty_url, errors)

            context = browser.new_context()
            page = context.new_page()
            page.set_default_timeout(LOAD_TIMEOUT_MS)
            open_app(page, app_url, APP)
            remaining = DEADLINE_S - (time.monotonic() - started)
            result["click_ms"] = measure_clicks(page, remaining, errors)
            result["kernel_rss_mib"] = {
                "napoletana_after_clicks": kernel_rss_mib(app_voila.pid, page_kernel_id(page)),
                "empty": empty_kernel_rss_mib(browser, empty_url, empty_voila.pid),
                "napoletana_all_kernels": [mib(rss_bytes(pid)) for pid in kernel_pids(app_voila.pid)],
            }
            context.close()
            browser.close()
    result["errors"] = errors
    result["wall_s"] = round(time.monotonic() - started, 1)
    print(json.dumps(result, indent=2))


def measure_loads(browser: Any, app_url: str, empty_url: str, errors: list[str]) -> dict[str, Any]:
    times: dict[str, list[float]] = {"napoletana_shown": [], "napoletana_interactive": [], "empty_shown": []}
    for _ in range(LOADS):
        for url, ready in (
            (render_url(app_url, APP), ("napoletana_shown", "napoletana_interactive")),
            (render_url(empty_url, "empty.ipynb"), ("empty_shown",)),
        ):
            context = browser.new_context()
            page = context.new_page()
            page.set_default_timeout(LOAD_TIMEOUT_MS)
            try:
                t0 = time.perf_counter()
                page.goto(url, wait_until="commit")
                voila_shown(page)
                times[ready[0]].append(time.perf_counter() - t0)
                if len(ready) > 1:
                    wait_for(page, BOARD_READY)
                    times[ready[1]].append(time.perf_counter() - t0)
            except (PlaywrightError, AssertionError) as error:
                errors.append(f"load {url}: {error}")
            finally:
                context.close()
    return {name: summary(values, digits=2) for name, values in times.items()}


def measure_clicks(page: Any, budget_s: float, errors: list[str]) -> dict[str, Any]:
    """Play up to CLICKS moves in the last board of the page (the full game; the lessons come first).

    A move is: click a selectable card of the hand ("select": until a zone is a target), then the first
    target zone ("place": until the card is drawn there or has left the hand). A card with several ways to be
    played asks first (choice buttons); then "place" is timed from the click on the first choice. The
    mulligan ("keep") and passing, when no card can be played, are clicked untimed.
    """
    deadline = time.monotonic() + max(budget_s, 0)
    idx = page.locator(".cg-table").count() - 1
    board = page.locator(".cg-table").nth(idx)
    mine = f'.cg-card[data-zone="{HAND}"][data-selectable="true"]'
    target = '.cg-zone[data-target="true"]'
    choice = '.cg-button[data-button="choice:0"]'
    select_ms: list[float] = []
    place_ms: list[float] = []
    try:
        while len(place_ms) < CLICKS and time.monotonic() < deadline:
            page.wait_for_function(MY_TURN_JS, arg=[idx, [mine, KEEP, PASS]], timeout=STEP_TIMEOUT_MS)
            if board.locator(KEEP).count():
                board.locator(KEEP).click()
                board.locator(KEEP).wait_for(state="detached", timeout=STEP_TIMEOUT_MS)
                continue
            if not board.locator(mine).count():
                board.locator(PASS).click()
                board.locator(PASS).wait_for(state="detached", timeout=STEP_TIMEOUT_MS)
                continue
            card_node = board.locator(mine).first
            card = card_node.get_attribute("data-card")
            in_hand = f'.cg-card[data-card="{card}"][data-zone="{HAND}"]'

            ms, which = timed_click(page, idx, card_node, [("present", target), ("absent", in_hand)])
            if which == 1:  # played at once, no row to choose: that click completed the move
                place_ms.append(ms)
                continue
            select_ms.append(ms)
            zone_node = board.locator(target).first
            zone = zone_node.get_attribute("data-zone")
            placed = [("present", f'.cg-card[data-card="{card}"][data-zone="{zone}"]'), ("absent", in_hand)]
            ms, which = timed_click(page, idx, zone_node, [*placed, ("present", choice)])
            if which == 2:
                ms, which = timed_click(page, idx, board.locator(choice), placed)
            place_ms.append(ms)
    except (PlaywrightError, AssertionError) as error:
        errors.append(f"clicks stopped after {len(place_ms)} moves ({board_state(board)}): {error}")
    return {"select": summary(select_ms, digits=1), "place": summary(place_ms, digits=1)}


def board_state(board: Any) -> str:
    """The prompt and the enabled buttons: what the board was waiting for when the clicks stopped."""
    try:
        return board.evaluate(
            """root => {
          const prompt = root.querySelector(".cg-prompt");
          const buttons = [...root.querySelectorAll(".cg-button:not([disabled])")].map((b) => b.dataset.button);
          return `prompt: ${prompt ? prompt.textContent : "-"}; buttons: ${buttons.join(", ") || "-"}`;
        }""",
            timeout=5_000,
        )
    except PlaywrightError as error:
        return f"board unreadable: {error.message}"


def timed_click(page: Any, idx: int, node: Any, conditions: list[tuple[str, str]]) -> tuple[float, int]:
    """Click ``node``; return the milliseconds until the board changed so that a condition holds, and which."""
    if not page.evaluate(ARM_JS, [idx, [list(c) for c in conditions]]):
        raise AssertionError(f"{conditions} already held before the click")
    node.click()
    page.wait_for_function("() => window.__cgBench !== undefined", timeout=STEP_TIMEOUT_MS, polling=20)
    outcome = page.evaluate("() => window.__cgBench")
    return outcome["ms"], outcome["which"]


def kernel_rss_mib(voila_pid: int, kernel_id: str | None) -> float | None:
    pid = kernel_pid(voila_pid, kernel_id)
    return None if pid is None else mib(rss_bytes(pid))


def empty_kernel_rss_mib(browser: Any, empty_url: str, voila_pid: int) -> float | None:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    try:
        page.goto(render_url(empty_url, "empty.ipynb"), wait_until="commit")
        voila_shown(page)
        return kernel_rss_mib(voila_pid, page_kernel_id(page))
    finally:
        context.close()


def mib(n: int | None) -> float | None:
    return None if n is None else round(n / 2**20, 1)


def summary(values: list[float], digits: int) -> dict[str, Any]:
    """n, median, p95 (nearest rank) and the values themselves."""
    if not values:
        return {"n": 0, "median": None, "p95": None, "values": []}
    ordered = sorted(values)
    p95 = ordered[max(math.ceil(0.95 * len(ordered)) - 1, 0)]
    return {
        "n": len(values),
        "median": round(statistics.median(values), digits),
        "p95": round(p95, digits),
        "values": [round(v, digits) for v in values],
    }


if __name__ == "__main__":
    main()
