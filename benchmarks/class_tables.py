"""A class at shared tables, the whole stack (issue 35): `make classroom` for the tables' page (its pool of
preheated kernels) with the table service beside it, the teacher's tables opened over its API, and simulated
learners (benchmarks/learners.py: what a page does, over HTTP and the kernel's websocket) who open the table page
with its code, take their seat by clicking its button, and play their moves as they come to them, thinking a few
seconds each. Every click is timed to the scene that answers it; a move waits for the other seats between.

    python benchmarks/class_tables.py                               # 32 learners at 8 Njet! tables of 4
    python benchmarks/class_tables.py --tables 2 --moves 4 --think 0

Prints one JSON object: learners, failures (each with its reason; must be 0), ready_s (request to the seat's
buttons), click_ms (median / p95 / max; goal p95 under 250 ms), moves played, the table service's CPU-seconds per
move and its memory, the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from harness import make_voila_args, running_voila  # noqa: E402
from learners import CLICK_TIMEOUT_S, Learner, Page, pools_filled, timings  # noqa: E402
from measure import mib, stats  # noqa: E402
from running_service import Running  # noqa: E402

import cardlib  # noqa: E402

GAME = "njet"  # four seats in two partnerships


class Classmate(Learner):
    """A learner at a shared table: opens its page with the table's code, sits at its seat, plays."""

    board_name = "Table board"

    def __init__(self, base: str, code: str, seat: str, seed: int, moves: int, think_s: float, played: dict[str, int]):
        super().__init__(base, "table", seed, moves, think_s)
        self.code, self.seat, self.played = code, seat, played

    def _more(self) -> bool:
        """Every seat plays on until its table has had ``moves`` moves a seat: a classmate who stopped earlier would
        leave the others waiting for a turn that never comes."""
        return self.played[self.code] < 4 * self.moves

    def moved(self) -> None:
        self.played[self.code] += 1

    def address(self) -> str:
        return f"table.ipynb?table={self.code}"

    def _sit(self, page: Page) -> str | None:
        return page.find("ButtonModel", description=self.words("Sit as {seat}").format(seat=self.seat))

    def _ready(self, page: Page) -> bool:
        return self._sit(page) is not None

    async def _play(self, page: Page) -> None:
        button = self._sit(page)
        assert button is not None
        sent = time.perf_counter()
        page.send_comm(button, {"method": "custom", "content": {"event": "click"}})
        await page.until(lambda: self._board(page) is not None, CLICK_TIMEOUT_S, "board once seated")
        self.record["seated_ms"] = (time.perf_counter() - sent) * 1000
        board = self._board(page)
        assert board is not None
        await self._moves(page, board)


async def run(options: argparse.Namespace) -> dict[str, Any]:
    game = cardlib.load(GAME)
    seats = [game.seat_name(seat) for seat in game.new(seed=0, players=4).players]
    learners = options.tables * len(seats)
    with tempfile.TemporaryDirectory() as folder:
        service = Running(Path(folder) / "tables.sqlite")
        service.start()
        try:
            env = {"TABLES_URL": f"http://127.0.0.1:{service.port}"}
            args = make_voila_args("classroom", GAME="table", SEATS=str(learners), POOL="1")
            log = Path(folder) / "voila.log"
            with running_voila(log=log, extra_args=tuple(args), env=env) as (base, _voila):
                await pools_filled(base)  # the pools of preheated pages are ready before the class comes
                codes = []
                for _n in range(options.tables):
                    status, opened = service.http("POST", "/tables", {"game": GAME, "seats": ["person"] * 4})
                    assert status == 201, opened
                    codes.append(opened["code"])
                assert service.process is not None
                process = psutil.Process(service.process.pid)
                cpu_before = sum(process.cpu_times()[:2])
                played = dict.fromkeys(codes, 0)  # each table's moves so far, as its learners count them
                class_ = [
                    Classmate(base, code, seat, 100 * t + s, options.moves, options.think, played)
                    for t, code in enumerate(codes)
                    for s, seat in enumerate(seats)
                ]
                records = await asyncio.gather(*(learner.run(0) for learner in class_))
                cpu = sum(process.cpu_times()[:2]) - cpu_before
                memory = process.memory_info().rss
                moves = sum(service.http("GET", f"/tables/{code}", key=None)[1]["version"] for code in codes)
        finally:
            service.stop()
    failures = [{"seat": r.get("seed"), "error": r["error"]} for r in records if "error" in r]
    return {
        "benchmark": "class_tables",
        "game": GAME,
        "tables": options.tables,
        "learners": learners,
        "moves_each": options.moves,
        "think_s": options.think,
        "failures": failures,
        "ready_s": stats([r["ready_s"] for r in records if "ready_s" in r], 2),
        "seated_ms": stats([r["seated_ms"] for r in records if "seated_ms" in r], 1),
        "click_ms": timings(records),
        "moves": moves,
        "service_cpu_ms_per_move": round(1000 * cpu / moves, 2) if moves else None,
        "service_rss_mib": mib(memory),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--moves", type=int, default=6, help="moves each learner plays")
    parser.add_argument("--think", type=float, default=3.0, help="seconds a learner thinks before a move (mean)")
    print(json.dumps(asyncio.run(run(parser.parse_args()))))


if __name__ == "__main__":
    main()
