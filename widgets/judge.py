"""The kernel's judge: the coach's review judged in a process of its own, so that no click waits for it.

The judge is a new Python (``python -m widgets.judge``) in a session of its own at the lowest CPU priority: every
click's answer and bot's move, this page's and its classmates' (a class's kernels share the cores), goes first. A
thread would share the kernel's interpreter lock and hold it while it waited for a core: 30 learners of `make run`
on 2 cores waited 800 ms for a click's answer instead of 10 to 20 (docs/bots.md). A nice value alone is not enough
either: where Linux groups each session's processes (autogroup), it counts only inside the group, and every kernel
is a session of its own. Nor is a fork of the kernel: the kernel then copies each page of its memory that it writes
to while the fork lives, and a class of 60 waited twice as long for its clicks.

The kernel sends one decision at a time over a socket and hears the verdict on its event loop: no thread of the
kernel's waits for the judge. A kernel that ends, however it ends, takes the judge along at once, whatever decision
it is on (``PR_SET_PDEATHSIG``); with no such signal (not Linux), the judge ends once it finds the socket closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import os
import signal
import subprocess
import sys
from collections import deque
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (the judge's process imports the game's modules once it is in the background)
    from cardlib.core import Move, Player, State
    from cardlib.review import Judged

PR_SET_PDEATHSIG = 1  # prctl's option: the signal a process gets when the one that started it ends

Decision = tuple[int, "State", "Move"]  # a decision taken from a Reviewer (``Reviewer.take``)


class JudgeGone(Exception):
    """The judge's process has ended (killed from outside): this decision is still to judge."""


class Judge:
    """A process judging decisions in the order they are sent; ``await judge.judged(...)`` gives the verdict."""

    def __init__(self) -> None:
        self.pipe, theirs = Pipe()
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "widgets.judge", str(os.getpid()), str(theirs.fileno())],
                stdin=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
            )
        self.waiting: deque[asyncio.Future[Judged | None]] = deque()
        self.loop: asyncio.AbstractEventLoop | None = None

    async def judged(self, game_id: str, seat: Player, decision: Decision) -> Judged | None:
        """The verdict on ``decision`` (None: nothing to judge there); JudgeGone if the process has ended."""
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # (a new event loop: a script's or a test's asyncio.run)
            self.loop = loop
            loop.add_reader(self.pipe.fileno(), self._answered)
        verdict: asyncio.Future[Judged | None] = loop.create_future()
        try:
            self.pipe.send((game_id, seat, decision))
        except OSError as gone:
            raise JudgeGone from gone
        self.waiting.append(verdict)
        return await verdict

    def _answered(self) -> None:
        try:
            verdicts = [self.pipe.recv()]
        except (EOFError, OSError):  # the judge has ended: every decision still waiting is left to judge
            if self.loop is not None:
                self.loop.remove_reader(self.pipe.fileno())
            verdicts = [JudgeGone()] * len(self.waiting)
        for verdict in verdicts:
            waiting = self.waiting.popleft()
            if waiting.done() or waiting.get_loop().is_closed():  # its coach has stopped waiting
                continue
            if isinstance(verdict, BaseException):
                waiting.set_exception(verdict)
            else:
                waiting.set_result(verdict)


def cores_free() -> bool:
    """Whether a core is free now: fewer processes ready to run (this one aside) than there are cores (Linux's
    count in /proc/loadavg; elsewhere, always). Kernels judge only then, so their judges, however many, take the
    time the class leaves and not the time it clicks in."""
    try:
        ready = int(Path("/proc/loadavg").read_text().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return True
    return ready - 1 < (os.cpu_count() or 1)


@functools.cache
def judge() -> Judge:
    """The kernel's judge, started when first needed."""
    return Judge()


def main(kernel: int, fd: int) -> None:
    """The judge's life: in the background, each decision received judged and its verdict sent back, until the
    kernel has gone."""
    with contextlib.suppress(AttributeError, OSError):  # (Linux only)
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != kernel:  # the kernel ended before prctl took effect
        return
    os.setsid()  # its own session, so its own scheduling group
    with contextlib.suppress(OSError):
        Path("/proc/self/autogroup").write_text("19")
    os.nice(19)
    from cardlib.review import judged

    pipe = Connection(fd)
    while True:
        try:
            game_id, seat, decision = pipe.recv()
        except (EOFError, OSError):
            return
        verdict: Any
        try:
            verdict = judged(game_id, seat, decision)
        except Exception as error:  # the kernel's coach says it as any failure is said
            verdict = error
        pipe.send(verdict)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
