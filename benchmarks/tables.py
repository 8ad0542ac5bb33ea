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
sys.path[0:1] = [str(ROOT), str(ROOT / "tests")]

from running_service import Running  # noqa: E402  (the tests' way of running the service)

from cardlib.games import describe  # noqa: E402
from tables.client import Seat  # noqa: E402
from tables.store import Store  # noqa: E402

GAME = describe("njet").game()


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


class Players:
    """Seats playing Njet! as kernels would: each reads the world it is told after every move (its board), and on
    its turn, after thinking 0 to twice ``thinking`` seconds, plays a random legal move; until ``stop`` (a
    ``time.monotonic()``, which may be set later). What it measures of each move: the time to its acknowledgement
    (``acks``), to each other seat of the table being told (``updates``) and to the mover's own table after it
    (``own``: what the mover's board waits for)."""

    def __init__(self, thinking: float, stop: float = float("inf")):
        self.thinking, self.stop = thinking, stop
        self.acks: list[float] = []
        self.updates: list[float] = []
        self.own: list[float] = []
        self.sent: dict[tuple[str, int], tuple[float, str]] = {}  # (table, version played on) -> when, by which seat
        self.acknowledged: dict[tuple[str, int], str] = {}  # (table, version played on) -> the move acknowledged
        self.moves = 0
        self.turn: dict[Seat, asyncio.Event] = {}  # set when the seat's world says it is to move
        self.worlds: dict[Seat, Any] = {}

    def seat(self, seat: Seat) -> None:
        """Follow ``seat``'s table from now on."""
        self.turn[seat] = asyncio.Event()
        seat.told = lambda table: self.told(seat, table)
        self.told(seat, seat.table)

    def told(self, seat: Seat, table: dict[str, Any]) -> None:
        move = self.sent.get((seat.code, table["version"] - 1))
        if move is not None:  # the others' news of a move, and the mover's own table after it
            (self.updates if move[1] != seat.seat else self.own).append(time.monotonic() - move[0])
        self.worlds[seat] = world = GAME.from_json(table["world"])  # what a seat's kernel does with it: its board
        if not world.is_over and world.to_move == seat.seat:
            self.turn[seat].set()

    async def play(self, seat: Seat, rng: random.Random) -> None:
        while (left := self.stop - time.monotonic()) > 0:
            try:
                await asyncio.wait_for(self.turn[seat].wait(), timeout=min(left, 1.0))
            except TimeoutError:
                continue
            self.turn[seat].clear()
            await asyncio.sleep(self.thinking * rng.random() * 2)  # thinking, 0 to twice the mean
            version, world = seat.table["version"], self.worlds[seat]
            started = time.monotonic()
            self.sent[(seat.code, version)] = started, str(seat.seat)
            move = str(rng.choice(world.legal_moves()))
            answer = await seat.play(move)
            if answer["ok"]:
                self.acks.append(time.monotonic() - started)
                self.acknowledged[(seat.code, version)] = move
                self.moves += 1


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
