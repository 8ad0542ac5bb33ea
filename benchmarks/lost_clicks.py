"""Lost clicks under stress (issue 38): the impatient learner of tests/browser/impatient.py in every game's app in
Voilà and headless Chromium, with one core taken by a competing process and the kernel a round trip away (a
delaying proxy on 127.0.0.1). Real mouse presses, as fast as the board offers places, some held across a redraw,
some doubled, during the bots' turns too. A press on a card, place or button of the board that sent no click
message to the kernel is lost.

Prints one JSON object: per game and in all, the presses made, those that landed on the board, the messages the
page sent and the lost presses (goal: 0 over at least 2,000 presses). BENCH_PRESSES (default 420 a game) and
BENCH_RTT_MS (default 150) change the run.
"""

from __future__ import annotations

import json
import os
import platform
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from harness import PLAY_READY, delaying_proxy, launch_browser, open_app, running_voila  # noqa: E402
from impatient import NOTEBOOKS, busy_core, hammer  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PRESSES = int(os.environ.get("BENCH_PRESSES", "420"))
RTT_MS = int(os.environ.get("BENCH_RTT_MS", "150"))


def main() -> None:
    games = {}
    with running_voila() as (base, _proc), sync_playwright() as playwright:
        browser = launch_browser(playwright)
        port = int(base.rsplit(":", 1)[1])
        for game_id, notebook in NOTEBOOKS.items():
            with delaying_proxy(port, RTT_MS / 2000) as proxied, busy_core(900):
                context = browser.new_context(viewport={"width": 1400, "height": 900})
                page = context.new_page()
                page.set_default_timeout(120_000)
                open_app(page, f"http://127.0.0.1:{proxied}", notebook, ready=PLAY_READY)
                games[game_id] = hammer(page, PRESSES, random.Random(f"lost-clicks {game_id}"))
                context.close()
        browser.close()
    total = {key: sum(counts[key] for counts in games.values()) for key in next(iter(games.values()))}
    machine = {"cpus": os.cpu_count(), "python": platform.python_version(), "load_1min": os.getloadavg()[0]}
    print(
        json.dumps(
            {
                "benchmark": "lost_clicks",
                "rtt_ms": RTT_MS,
                "competing_process": "one core spinning",
                "machine": machine,
                "games": games,
                "total": total,
                "goal": {"lost": 0, "presses_at_least": 2000},
            }
        )
    )


if __name__ == "__main__":
    main()
