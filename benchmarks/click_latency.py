"""How fast a click is answered in the browser when the kernel is a network round trip away (issue 15).

Headless Chromium plays Napoletana's game app in Voilà. Between the browser and Voilà stands a proxy on 127.0.0.1
that holds every chunk of data half the round trip in each direction, so the page's kernel messages (a websocket)
travel as over a real network; DevTools' network emulation would delay HTTP only. Measured in the page with
``performance.now()``, from the click to the board showing its effect:

- ``pick_ms``: a card picked up until its places are lit (drawn by the page itself from the scene: no round trip);
- ``move_ms``: a lit place clicked until the board tells the move ("You place ..."), which needs the kernel;
- ``answer_ms``: the same click until the page's script receives the kernel's answer, before any drawing (it
  waits while the page's main thread is busy, say drawing the answer to the pick before);
- ``frame_ms``: the same click until the answer's frame reaches the browser's network stack (DevTools' timestamps,
  from the click's frame leaving): what benchmarks/learners.py measures without a browser.

Prints one JSON object: per round trip (BENCH_RTT_MS, default "0,100"), p50 / p95 / max of each over BENCH_MOVES
moves (default 12), with the goals (pick under 50 ms; a move within the round trip plus 100 ms).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import platform
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from harness import delaying_proxy, launch_browser, open_app, running_voila  # noqa: E402
from plays import deal  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RTTS = [int(ms) for ms in os.environ.get("BENCH_RTT_MS", "0,100").split(",")]
MOVES = int(os.environ.get("BENCH_MOVES", "12"))
SEED = 7  # a deal where Red plays a card from its hand in each of its first turns

# Clicks the element ``selector`` and resolves with the milliseconds until ``done`` (a JS expression) holds,
# checked at every frame, or null after 10 s.
_TIMED_CLICK = """async ([selector, done]) => {
  const board = document.querySelector(".cg-table[aria-label^='Game board']");
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
# In the page, at the websocket: the time from a click the board sends until the frame that answers it (the board's
# count of answered clicks reaches it) arrives, before any drawing; benchmarks/learners.py measures the same.
_ANSWER_TIMES = """(() => {
  const text = (data) => (typeof data === "string" ? data : new TextDecoder().decode(data));
  const clicks = new Map(); // the board's comm id -> [clicks sent, when the last was sent, answered already]
  window.cgAnswerMs = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const sent = text(data);
    const board = /"method":\\s*"custom"/.test(sent) && /"kind":\\s*"(card|zone|button|idle)"/.test(sent)
      && sent.match(/"comm_id":\\s*"([^"]+)"/);
    if (board) clicks.set(board[1], [(clicks.get(board[1])?.[0] ?? 0) + 1, performance.now(), false]);
    if (!this.cgWatched) {
      this.cgWatched = true;
      this.addEventListener("message", (event) => {
        const got = text(event.data);
        const count = got.match(/"answered":\\s*(\\d+)/);
        const from = got.match(/"comm_id":\\s*"([^"]+)"/);
        const click = from && clicks.get(from[1]);
        if (!count || !click || click[2] || Number(count[1]) < click[0]) return;
        click[2] = true;
        window.cgAnswerMs.push(performance.now() - click[1]);
      });
    }
    return send.call(this, data);
  };
})()"""
PICKED = "board.querySelector('.cg-zone[data-target=\"true\"]') !== null"
MOVED = "((t) => t.includes('You place') && t !== before)(board.querySelector('.cg-last')?.textContent ?? '')"


def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "max": None}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": round(statistics.median(ordered), 1), "p95": round(p95, 1), "max": round(ordered[-1], 1)}


class Frames:
    """The browser's network stack (DevTools) timing the page's websocket frames: each click the board sends and the
    first frame that answers it (the board's count of answered clicks reaches it), whatever the page's main thread
    is doing meanwhile."""

    def __init__(self, page) -> None:
        self.clicks: dict[str, list] = {}  # the board's comm id -> [clicks sent, when the last was, answered yet]
        self.answer_ms: list[float] = []
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketFrameSent", self._sent)
        cdp.on("Network.webSocketFrameReceived", self._received)
        cdp.send("Network.enable")

    @staticmethod
    def _text(response: dict) -> str:
        data = response.get("payloadData", "")
        return data if response.get("opcode") == 1 else base64.b64decode(data).decode("utf-8", "replace")

    def _sent(self, event: dict) -> None:
        sent = self._text(event["response"])
        board = re.search(r'"comm_id":\s*"([^"]+)"', sent)
        if board and re.search(r'"method":\s*"custom"', sent) and re.search(r'"kind":\s*"(card|zone|button)"', sent):
            count = self.clicks.get(board[1], [0])[0] + 1
            self.clicks[board[1]] = [count, event["timestamp"], False]

    def _received(self, event: dict) -> None:
        got = self._text(event["response"])
        count, board = re.search(r'"answered":\s*(\d+)', got), re.search(r'"comm_id":\s*"([^"]+)"', got)
        click = board and self.clicks.get(board[1])
        if count and click and not click[2] and int(count[1]) >= click[0]:
            click[2] = True
            self.answer_ms.append((event["timestamp"] - click[1]) * 1000)

    def settle(self, page, limit_ms: float = 5_000) -> None:
        """Wait until every click sent has its answer (or ``limit_ms``)."""
        for _ in range(int(limit_ms / 10)):
            if all(click[2] for click in self.clicks.values()):
                return
            page.wait_for_timeout(10)


def measure(browser, base: str) -> dict[str, list[float]]:
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(90_000)
    page.add_init_script(_ANSWER_TIMES)
    frames = Frames(page)
    open_app(page, base, "napoletana.ipynb")
    war = page.locator(".cg-table[aria-label^='Game board']")  # not the lesson board above it
    deal(page, SEED)
    keep = war.get_by_role("button", name="Keep this hand")
    keep.click()
    keep.wait_for(state="hidden")  # the mulligan's cards are selectable too: wait until the war has begun
    card = '.cg-card[data-zone="red.hand"][data-selectable="true"]'
    your_turn = war.locator(card).first  # a card to play from the hand (the war's other steps are not timed)
    picks, moves, answers, frame_answers = [], [], [], []
    for _move in range(MOVES):
        try:
            your_turn.wait_for(timeout=30_000)  # the bot has answered, at its pace
        except PlaywrightTimeout:
            break  # the war is over
        picks.append(page.evaluate(_TIMED_CLICK, [card, PICKED]))
        frames.settle(page)  # the pick's answer is in, as benchmarks/learners.py waits for it
        answered, framed = page.evaluate("() => window.cgAnswerMs.length"), len(frames.answer_ms)
        moved = page.evaluate(_TIMED_CLICK, ['.cg-zone[data-target="true"]', MOVED])
        answers.extend(page.evaluate("(n) => window.cgAnswerMs.slice(n)", answered)[-1:])  # the move's answer
        page.wait_for_timeout(50)  # DevTools' events reach us between Playwright's calls
        frame_answers.extend(frames.answer_ms[framed:][-1:])
        choice = war.locator(".cg-button[data-button^='choice:']")
        if moved is None and choice.count():
            choice.first.click()  # a King's horde or order: no sample
            choice.first.wait_for(state="detached")  # answered: the hand is no longer the one before the move
        else:
            moves.append(moved)
    page.context.close()
    return {
        "pick_ms": [ms for ms in picks if ms is not None],
        "move_ms": [ms for ms in moves if ms is not None],
        "answer_ms": answers,
        "frame_ms": frame_answers,
    }


def main() -> None:
    results = []
    with running_voila() as (base, _proc), sync_playwright() as playwright:
        browser = launch_browser(playwright)
        port = int(base.rsplit(":", 1)[1])
        for rtt in RTTS:
            # no proxy for no round trip: the page talks to Voilà directly, as benchmarks/learners.py does
            with delaying_proxy(port, rtt / 2000) if rtt else contextlib.nullcontext(port) as proxied:
                measured = measure(browser, f"http://127.0.0.1:{proxied}")
            results.append(
                {
                    "rtt_ms": rtt,
                    "moves": len(measured["move_ms"]),
                    "pick_ms": percentiles(measured["pick_ms"]),
                    "move_ms": percentiles(measured["move_ms"]),
                    "answer_ms": percentiles(measured["answer_ms"]),
                    "frame_ms": percentiles(measured["frame_ms"]),
                    "goals": {"pick_ms_under": 50, "move_ms_under": rtt + 100},
                }
            )
        browser.close()
    machine = {"cpus": os.cpu_count(), "python": platform.python_version(), "load_1min": os.getloadavg()[0]}
    print(json.dumps({"benchmark": "click_latency", "game": "napoletana", "machine": machine, "runs": results}))


if __name__ == "__main__":
    main()
