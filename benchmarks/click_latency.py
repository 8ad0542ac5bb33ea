"""How fast a click is answered in the browser when the kernel is a network round trip away (issue 15).

Headless Chromium plays Napoletana's game app in Voilà. Between the browser and Voilà stands a proxy on 127.0.0.1
that holds every chunk of data half the round trip in each direction, so the page's kernel messages (a websocket)
travel as over a real network; DevTools' network emulation would delay HTTP only. Measured in the page with
``performance.now()``, from the click to the board showing its effect:

- ``pick_ms``: a card picked up until its places are lit (drawn by the page itself from the scene: no round trip);
- ``move_ms``: a lit place clicked until the board tells the move ("You place ..."), which needs the kernel.

Prints one JSON object: per round trip (BENCH_RTT_MS, default "0,100"), p50 / p95 / max of both over BENCH_MOVES
moves (default 12), with the goals (pick under 50 ms; a move within the round trip plus 100 ms).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import platform
import statistics
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from harness import free_port, launch_browser, open_app, running_voila  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RTTS = [int(ms) for ms in os.environ.get("BENCH_RTT_MS", "0,100").split(",")]
MOVES = int(os.environ.get("BENCH_MOVES", "12"))

# Clicks the element ``selector`` and resolves with the milliseconds until ``done`` (a JS expression) holds,
# checked at every frame, or null after 10 s.
_TIMED_CLICK = """async ([selector, done]) => {
  const board = [...document.querySelectorAll(".cg-table")].at(-1);
  const holds = new Function("board", "before", "return " + done);
  const before = board.querySelector(".cg-last")?.textContent ?? "";
  const t0 = performance.now();
  board.querySelector(selector).click();
  return await new Promise((resolve) => {
    const check = () => {
      const ms = performance.now() - t0;
      if (holds(board, before)) resolve(ms);
      else if (ms > 10000) resolve(null);
      else requestAnimationFrame(check);
    };
    check();
  });
}"""
PICKED = "board.querySelector('.cg-zone[data-target=\"true\"]') !== null"
MOVED = "((t) => t.includes('You place') && t !== before)(board.querySelector('.cg-last')?.textContent ?? '')"


@contextlib.contextmanager
def delaying_proxy(port: int, one_way_s: float) -> Iterator[int]:
    """A TCP proxy on 127.0.0.1 to ``port`` that delivers every chunk ``one_way_s`` late, both ways; yields its port.
    The delay is a latency, not a queue: chunks keep their order and are not slowed by each other."""
    listen = free_port()
    loop = asyncio.new_event_loop()

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        queue: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while (item := await queue.get()) is not None:
                due, data = item
                await asyncio.sleep(max(0.0, due - loop.time()))
                writer.write(data)
                await writer.drain()
            writer.close()

        sender = loop.create_task(deliver())
        with contextlib.suppress(ConnectionError):
            while data := await reader.read(65536):
                queue.put_nowait((loop.time() + one_way_s, data))
        queue.put_nowait(None)
        with contextlib.suppress(ConnectionError):
            await sender

    async def connect(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))

    async def shutdown() -> None:
        server.close()
        tasks = asyncio.all_tasks() - {asyncio.current_task()}
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    thread = threading.Thread(target=loop.run_forever, daemon=True)  # Playwright's loop has the main thread
    thread.start()
    server = asyncio.run_coroutine_threadsafe(asyncio.start_server(connect, "127.0.0.1", listen), loop).result(10)
    try:
        yield listen
    finally:
        asyncio.run_coroutine_threadsafe(shutdown(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "max": None}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": round(statistics.median(ordered), 1), "p95": round(p95, 1), "max": round(ordered[-1], 1)}


def measure(browser, base: str) -> dict[str, list[float]]:
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(90_000)
    open_app(page, base, "napoletana.ipynb")
    war = page.locator(".cg-table").last
    page.get_by_role("button", name="Keep this hand").last.click()
    your_turn = war.locator(".cg-prompt", has_text="Your turn")
    card = '.cg-card[data-zone="red.hand"][data-selectable="true"]'
    picks, moves = [], []
    for _move in range(MOVES):
        try:
            your_turn.wait_for(timeout=30_000)  # the bot has answered, at its pace
        except PlaywrightTimeout:
            break  # the war is over
        picks.append(page.evaluate(_TIMED_CLICK, [card, PICKED]))
        moved = page.evaluate(_TIMED_CLICK, ['.cg-zone[data-target="true"]', MOVED])
        if moved is None and war.locator(".cg-button[data-button^='choice:']").count():
            war.locator(".cg-button[data-button^='choice:']").first.click()  # a King's horde or order: no sample
        else:
            moves.append(moved)
    page.context.close()
    return {"pick_ms": [ms for ms in picks if ms is not None], "move_ms": [ms for ms in moves if ms is not None]}


def main() -> None:
    results = []
    with running_voila() as (base, _proc), sync_playwright() as playwright:
        browser = launch_browser(playwright)
        port = int(base.rsplit(":", 1)[1])
        for rtt in RTTS:
            with delaying_proxy(port, rtt / 2000) as proxied:
                measured = measure(browser, f"http://127.0.0.1:{proxied}")
            results.append(
                {
                    "rtt_ms": rtt,
                    "moves": len(measured["move_ms"]),
                    "pick_ms": percentiles(measured["pick_ms"]),
                    "move_ms": percentiles(measured["move_ms"]),
                    "goals": {"pick_ms_under": 50, "move_ms_under": rtt + 100},
                }
            )
        browser.close()
    machine = {"cpus": os.cpu_count(), "python": platform.python_version(), "load_1min": os.getloadavg()[0]}
    print(json.dumps({"benchmark": "click_latency", "game": "napoletana", "machine": machine, "runs": results}))


if __name__ == "__main__":
    main()
