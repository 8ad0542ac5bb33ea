"""Simulated players at Njet! tables, each on a seat of its own (``tables.client.Seat``) as a learner's kernel holds
it: shared by benchmarks/tables.py (the service alone) and benchmarks/district.py (through a hub's proxy)."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from cardlib.games import describe
from tables.client import Seat

GAME = describe("njet").game()


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
        self.versions: dict[Seat, int] = {}  # the version each seat was last told

    def seat(self, seat: Seat) -> None:
        """Follow ``seat``'s table from now on."""
        self.turn[seat] = asyncio.Event()
        seat.told = lambda table: self.told(seat, table)
        self.told(seat, seat.table)

    def told(self, seat: Seat, table: dict[str, Any]) -> None:
        # The table after a move, new to this seat: not the table told again when a seat joins, nor after a reconnect.
        news = self.versions.get(seat) == table["version"] - 1
        self.versions[seat] = table["version"]
        move = self.sent.get((seat.code, table["version"] - 1))
        if news and move is not None:  # the others' news of a move, and the mover's own table after it
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
