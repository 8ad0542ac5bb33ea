"""What the server benchmarks measure of a Voilà server and its kernels, from /proc: CPU time, resident memory,
quiet; and how they summarise a list of timings."""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "tests" / "browser")]

from harness import kernel_pids, rss_bytes  # noqa: E402


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that are still running."""
    try:
        return [int(child) for child in (Path("/proc") / str(pid) / "task" / str(pid) / "children").read_text().split()]
    except OSError:
        return []


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    return total


async def settle(voila_pid: int, quiet: float = 0.05, limit_s: float = 180) -> None:
    """Wait until the server and its kernels use less than ``quiet`` of a CPU (over one second)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        pids = [voila_pid, *kernel_pids(voila_pid)]
        before = cpu_seconds(pids)
        await asyncio.sleep(1)
        if cpu_seconds(pids) - before < quiet:
            return


@dataclass
class Samples:
    """Every half second: the server's and its kernels' memory, and each process's CPU time as last seen (a
    kernel's CPU time still counts once the culler has stopped it); a kernel's children (the review's judge) count
    with the kernels."""

    memory: list[tuple[int, int, int]] = field(default_factory=list)  # (server RSS, kernels, server + kernels RSS)
    cpu: dict[int, float] = field(default_factory=dict)  # pid -> CPU-seconds when last seen

    async def take(self, voila_pid: int, stop: asyncio.Event) -> None:
        while True:
            kernels = kernel_pids(voila_pid)
            sizes = [rss_bytes(pid) or 0 for pid in kernels]
            server = rss_bytes(voila_pid) or 0
            self.memory.append((server, len(kernels), server + sum(sizes)))
            for pid in (voila_pid, *kernels, *(child for kernel in kernels for child in children(kernel))):
                self.cpu[pid] = cpu_seconds([pid]) or self.cpu.get(pid, 0.0)
            if stop.is_set():
                return
            await asyncio.sleep(0.5)


def stats(values: list[float], digits: int = 2) -> dict[str, Any]:
    """n, median, p95 (nearest rank) and max."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    p95 = ordered[max(int(0.95 * len(ordered) + 0.999999) - 1, 0)]
    return {
        "n": len(values),
        "median": round(statistics.median(values), digits),
        "p95": round(p95, digits),
        "max": round(ordered[-1], digits),
    }


def mib(n: float | None) -> float | None:
    return None if n is None else round(n / 2**20, 1)
