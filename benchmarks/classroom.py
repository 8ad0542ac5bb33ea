"""A class of 30 on one laptop: concurrent browser sessions open a game app, play five moves each by clicking, and
close; then the culler must free every kernel they used.

Voilà runs as `make classroom GAME=<game> SEATS=<sessions>` runs it (its options read from `make -n`: SEATS
preheated kernels for the game, two for every other notebook, the classroom kernel manager), with a short cull
timeout so that the end is seen within the benchmark. Sessions are headless Chromium contexts spread over a few
browser processes, all on 127.0.0.1, arriving BENCH_ARRIVAL_S apart. Each session: open ``<game>.ipynb#play``, wait
until the board is interactive (time to interactive), type its own seed and start a new game, play five legal
moves by clicking (found by tests/browser/plays.py from the same seed), waiting each time for the bots' answers.

Prints one JSON object:
- tti_s: time until interactive, median / p95 / max, of the crowd and of one session alone (before the crowd),
  and of an empty notebook alone in a plain Voilà (the floor: what Voilà itself costs);
- session_s: a whole session (open, five moves, close), crowd;
- failures: sessions that did not finish (with why) — must be 0;
- memory_mib: Voilà server RSS (peak, sampled) and per-kernel RSS of the sessions' kernels (median / max at the
  end of their moves), and the peak total of server plus all kernels;
- kernels: pooled kernels, session kernels, and session kernels left after culling (must reach 0) with the time.

Bounded: BENCH_SESSIONS (30), BENCH_BROWSERS (3), BENCH_GAME (napoletana), BENCH_DEADLINE_S (1200),
BENCH_ARRIVAL_S (2: one learner every 2 s), BENCH_LOAD_TIMEOUT_S (300).
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    ERROR_MARKS,
    PLAY_READY,
    kernel_pid,
    kernel_pids,
    make_voila_args,
    render_url,
    rss_bytes,
    running_voila,
)
from measure import Samples, mib, settle, stats  # noqa: E402
from plays import BOTS, Step, legal_moves, opening, presses  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

SESSIONS = int(os.environ.get("BENCH_SESSIONS", 30))
BROWSERS = int(os.environ.get("BENCH_BROWSERS", 3))
GAME = os.environ.get("BENCH_GAME", "napoletana")
DEADLINE_S = float(os.environ.get("BENCH_DEADLINE_S", 1200))
MOVES = 5
# Learners do not click at the same instant: one arrives every ARRIVAL_S seconds (0: all at once), and the
# sessions overlap (each lasts well over a minute).
ARRIVAL_S = float(os.environ.get("BENCH_ARRIVAL_S", 2))
REFILL_S = 30  # the Makefile's default: a used kernel is replaced that much later
CULL_IDLE_S, CULL_INTERVAL_S = (
    90,
    5,
)  # voila.json: 300 / 60. Shorter, to see the end; longer than a page under load takes to connect
LOAD_TIMEOUT_MS = float(os.environ.get("BENCH_LOAD_TIMEOUT_S", 300)) * 1000  # thirty pages on two cores
STEP_TIMEOUT_MS = 120_000

# textContent, not innerText as in the harness: innerText lays the page out, and thirty pages polling it would
# measure the benchmark itself.
VERDICT_JS = """([ready, marks]) => {
  if (document.querySelector(ready)) return "ready";
  const text = document.body ? document.body.textContent : "";
  for (const mark of marks) if (text.includes(mark)) return "error: " + mark;
  return false;
}"""
KERNEL_ID_JS = """() => {
  const node = document.getElementById("jupyter-config-data");
  return node ? JSON.parse(node.textContent).kernelId : null;
}"""
EMPTY_NOTEBOOK = {
    "cells": [],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


async def wait_ready(page: Any, ready: str, timeout_ms: float = LOAD_TIMEOUT_MS) -> None:
    handle = await page.wait_for_function(VERDICT_JS, arg=[ready, list(ERROR_MARKS)], polling=500, timeout=timeout_ms)
    verdict = await handle.json_value()
    if verdict != "ready":
        raise AssertionError(verdict)


async def session(
    browser: Any, base: str, seed: int, plan: list[Step], record: dict[str, Any], arrive_s: float = 0
) -> None:
    """One learner: arrive after ``arrive_s``, open the app, deal ``seed``, play ``plan``, close. Fills ``record``."""
    await asyncio.sleep(arrive_s)
    context = await browser.new_context()
    page = await context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    started = time.perf_counter()
    try:
        await page.goto(render_url(base, f"{GAME}.ipynb#play"), wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        await wait_ready(page, PLAY_READY, LOAD_TIMEOUT_MS)
        record["tti_s"] = time.perf_counter() - started
        record["kernel_id"] = await page.evaluate(KERNEL_ID_JS)
        app = page.locator(".cg-table").last
        await page.get_by_role("combobox", name="Bot", exact=True).select_option(BOTS)
        seed_box = page.locator(".widget-inline-hbox", has=page.get_by_text("Deal number", exact=True)).locator("input")
        await seed_box.fill(str(seed))
        await seed_box.press("Enter")
        await page.get_by_role("button", name="New game").click()
        step_line = page.locator(".cg-step")
        bots_first = opening(GAME, seed)
        if bots_first:  # a click while the bots still play would be ignored: wait for the learner's turn
            await step_line.filter(has_text=f"Move {bots_first} of {bots_first}").wait_for()
        for step in plan:
            for target, then in presses(step):
                await app.locator(target).first.click()
                if then:
                    await app.locator(then).wait_for()
            await step_line.filter(has_text=f"Move {step.moves_after} of {step.moves_after}").wait_for()
            record["moves"] = record.get("moves", 0) + 1
        record["ok"] = record.get("moves", 0) == len(plan)
    except Exception as error:  # a failed session is counted and described, the others go on
        record["error"] = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
        try:  # what the learner was looking at
            record["page"] = (await page.evaluate("document.body.innerText", timeout=5_000))[:300]
        except Exception:
            record["page"] = "(unreadable)"
    finally:
        record["session_s"] = time.perf_counter() - started
        await context.close()


async def empty_notebook_tti(browser: Any, tmp: Path, loads: int = 3) -> list[float]:
    """An empty notebook in a plain Voilà (no pool): how long Voilà itself takes to show a page."""
    folder = tmp / "empty"
    folder.mkdir()
    (folder / "empty.ipynb").write_text(json.dumps(EMPTY_NOTEBOOK))
    times = []
    with running_voila(folder=folder, log=tmp / "empty.log") as (base, _):
        for _ in range(loads):
            context = await browser.new_context()
            page = await context.new_page()
            started = time.perf_counter()
            await page.goto(render_url(base, "empty.ipynb"), wait_until="commit")
            await wait_ready(page, "body:not(:has(#loading)) #rendered_cells:not([style*='none'])")
            times.append(time.perf_counter() - started)
            await context.close()
    return times


async def main() -> None:
    started = time.monotonic()
    plans = {seed: legal_moves(GAME, seed, MOVES) for seed in range(100, 100 + SESSIONS + 1)}
    result: dict[str, Any] = {
        "benchmark": "classroom",
        "game": GAME,
        "sessions": SESSIONS,
        "browsers": BROWSERS,
        "arrival_every_s": ARRIVAL_S,
    }
    with tempfile.TemporaryDirectory(prefix="classroom-bench-") as tmp_name:
        tmp = Path(tmp_name)
        log = tmp / "voila.log"
        args = (
            *make_voila_args("classroom", GAME=GAME, SEATS=str(SESSIONS)),
            f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_S}",
            f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
        )
        async with async_playwright() as playwright:
            browsers = [
                await playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
                for _ in range(BROWSERS)
            ]
            result["machine"] = {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "chromium": browsers[0].version,
            }
            empty = await empty_notebook_tti(browsers[0], tmp)
            with running_voila(log=log, extra_args=args) as (base, voila):
                # The pools fill in the background: wait for them, as a teacher starts the server before class.
                notebooks = len(list((ROOT / "notebooks").glob("*.ipynb")))
                while log.read_text().count("is filled with") < notebooks and time.monotonic() - started < 300:
                    await asyncio.sleep(1)
                await settle(voila.pid)  # "filled" means started: the kernels are still running their notebooks
                pooled = set(kernel_pids(voila.pid))

                alone: dict[str, Any] = {}
                await session(browsers[0], base, 100, plans[100], alone)
                await asyncio.sleep(REFILL_S + 1)  # its kernel is replaced in the pool
                await settle(voila.pid)

                samples = Samples()
                stop = asyncio.Event()
                sampler = asyncio.create_task(samples.take(voila.pid, stop))
                records: list[dict[str, Any]] = [{} for _ in range(SESSIONS)]
                crowd_started = time.perf_counter()
                crowd = asyncio.gather(
                    *(
                        session(browsers[i % BROWSERS], base, 101 + i, plans[101 + i], records[i], i * ARRIVAL_S)
                        for i in range(SESSIONS)
                    )
                )
                remaining = DEADLINE_S - (time.monotonic() - started)
                try:
                    await asyncio.wait_for(crowd, max(remaining, 1))
                except TimeoutError:
                    result["deadline_hit"] = True
                crowd_s = time.perf_counter() - crowd_started
                # Per-kernel memory at the end of the moves: the kernels still alive right after the crowd.
                session_ids = [r.get("kernel_id") for r in [alone, *records] if r.get("kernel_id")]
                kernel_rss = [rss_bytes(pid) for kid in session_ids if (pid := kernel_pid(voila.pid, kid))]
                stop.set()
                await sampler

                # Every tab is closed: the culler must now free every session's kernel.
                cull_started = time.monotonic()
                left = [kid for kid in session_ids if kernel_pid(voila.pid, kid)]
                while left and time.monotonic() - cull_started < CULL_IDLE_S + 10 * CULL_INTERVAL_S + 30:
                    await asyncio.sleep(1)
                    left = [kid for kid in session_ids if kernel_pid(voila.pid, kid)]
                result["kernels"] = {
                    "pooled_at_start": len(pooled),
                    "session_kernels": len(session_ids),
                    "session_kernels_left_after_culling": len(left),
                    "culled_within_s": round(time.monotonic() - cull_started, 1),
                    "cull_idle_timeout_s": CULL_IDLE_S,
                    "cull_interval_s": CULL_INTERVAL_S,
                    "all_kernels_now": len(kernel_pids(voila.pid)),
                }
            for browser in browsers:
                await browser.close()

    failures = [
        {"session": i, "why": r.get("error", "unfinished"), "page": r.get("page")}
        for i, r in enumerate(records)
        if not r.get("ok")
    ]
    if not alone.get("ok"):
        failures.append({"session": "alone", "why": alone.get("error", "unfinished")})
    result["tti_s"] = {
        "crowd": stats([r["tti_s"] for r in records if "tti_s" in r]),
        "alone": round(alone["tti_s"], 2) if "tti_s" in alone else None,
        "empty_notebook_alone": stats(empty),
    }
    result["session_s"] = {"crowd": stats([r["session_s"] for r in records]), "crowd_wall_s": round(crowd_s, 1)}
    result["failures"] = len(failures)
    result["failure_details"] = failures[-10:]
    result["memory_mib"] = {
        "server_peak": mib(max((s[0] for s in samples.memory), default=None)),
        "kernel_per_session": {
            "median": mib(statistics.median(kernel_rss)) if kernel_rss else None,
            "max": mib(max(kernel_rss, default=None)),
        },
        "peak_kernels": max((s[1] for s in samples.memory), default=None),
        "peak_server_plus_kernels": mib(max((s[2] for s in samples.memory), default=None)),
    }
    result["wall_s"] = round(time.monotonic() - started, 1)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
