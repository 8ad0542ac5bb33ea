"""The table service under a class (issue 35, deliverable 6): many tables of four seats, each seat a simulated
player on its own WebSocket, as kernels would be; the service a process of its own on 127.0.0.1. JSON printed.

    python benchmarks/tables.py                   # 50 tables of 4 (200 players): 0 s, 3 s, then chaos
    python benchmarks/tables.py --tables 10 --seconds 20 --thinking 0 --kills 0

For each move: the time from sending it to its acknowledgement, to each other seat of the table being told, and to
the mover's own table after it (median, p95, max); the service's CPU time per move and its memory (RSS) at the end.
Njet! (four seats, each told a world of its own after every move). The players all run in this one process,
reading every world they are sent (200 kernels would be 200 processes): on 2 cores they compete with the service,
so the latencies are an upper bound.

Then chaos: the service killed with SIGKILL ``--kills`` times across a run (players thinking 0 to 1 s) and started
again at once: how many acknowledged moves the log lost (the goal: none) and how long until every seat was
connected and told the table again. Bounded in time; measurements only: nothing here fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# The project and the tests first, instead of this script's folder: this file's name would hide the tables package.
sys.path[0:1] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks" / "helpers")]

from players import Players  # noqa: E402
from running_service import Running  # noqa: E402  (the tests' way of running the service)

from tables.client import Seat  # noqa: E402
from tables.store import Store  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def summary(values: list[float]) -> dict[str, float]:
    ms = [1000 * value for value in values]
    return {
        "median_ms": round(statistics.median(ms), 1) if ms else 0.0,
        "p95_ms": round(percentile(ms, 0.95), 1),
        "max_ms": round(max(ms), 1) if ms else 0.0,
    }


def process_cpu(pid: int) -> float:
    """The service's CPU seconds so far (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime, stime in clock ticks (100 a second on Linux)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


async def class_of(service: Running, tables: int, thinking: float, seconds: float, kills: int = 0) -> dict[str, Any]:
    base = f"http://127.0.0.1:{service.port}"
    players = Players(thinking, time.monotonic() + seconds)
    seats: list[Seat] = []
    for _n in range(tables):
        status, opened = service.http("POST", "/tables", {"game": "njet", "seats": ["person"] * 4})
        assert status == 201, opened
        for _seat in range(4):
            seat = await Seat.join(base, opened["code"])
            seats.append(seat)
    for seat in seats:
        players.seat(seat)

    back: list[float] = []

    async def chaos() -> None:
        """SIGKILL the service ``kills`` times across the run, start it again at once, and time how long until
        every seat is connected and told the table again."""
        loop = asyncio.get_running_loop()
        for _kill in range(kills):
            await asyncio.sleep(seconds / (kills + 1))
            killed = time.monotonic()
            service.kill()
            await loop.run_in_executor(None, service.start)
            while not all(seat.connected for seat in seats):
                await asyncio.sleep(0.01)
            back.append(time.monotonic() - killed)

    cpu_before = process_cpu(service.process.pid)  # type: ignore[union-attr]
    await asyncio.gather(*(players.play(seat, random.Random(index)) for index, seat in enumerate(seats)), chaos())
    cpu = process_cpu(service.process.pid) - cpu_before if not kills else None  # type: ignore[union-attr]
    for seat in seats:
        seat.close()
    if kills:
        logged = {
            (record.code, move.version): move.move for record in Store(service.db).tables() for move in record.moves
        }
        lost = sum(logged.get(key) != move for key, move in players.acknowledged.items())
        return {
            "tables": tables,
            "players": len(seats),
            "thinking_s": thinking,
            "seconds": seconds,
            "kills": kills,
            "moves": players.moves,
            "acknowledged_moves_lost": lost,
            "every_seat_back_s": {"median": round(statistics.median(back), 2), "max": round(max(back), 2)},
        }
    return {
        "tables": tables,
        "players": len(seats),
        "thinking_s": thinking,
        "seconds": seconds,
        "moves": players.moves,
        "ack": summary(players.acks),
        "every_other_seat_told": summary(players.updates),
        "mover_told": summary(players.own),
        "service_cpu_ms_per_move": round(1000 * cpu / players.moves, 2) if players.moves else None,
        "service_rss_mib": rss_mib(service.process.pid),  # type: ignore[union-attr]
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--thinking", type=float, nargs="*", default=[0.0, 3.0])
    parser.add_argument("--kills", type=int, default=10, help="then a run with the service killed this many times")
    args = parser.parse_args()
    results = []
    for thinking in args.thinking:
        with TemporaryDirectory() as folder:
            service = Running(Path(folder) / "tables.sqlite")
            service.start()
            try:
                results.append(asyncio.run(class_of(service, args.tables, thinking, args.seconds)))
            finally:
                service.stop()
    if args.kills:
        with TemporaryDirectory() as folder:
            service = Running(Path(folder) / "tables.sqlite")
            service.start()
            try:
                results.append(asyncio.run(class_of(service, args.tables, 0.5, args.seconds, args.kills)))
            finally:
                service.stop()
    print(json.dumps({"benchmark": "tables", "runs": results}, indent=1))


if __name__ == "__main__":
    main()
