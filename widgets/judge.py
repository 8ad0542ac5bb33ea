"""The kernel's judge: the coach's review judged in a process of its own, so that no click waits for it.

The judge is forked from the kernel (its modules already imported, so it starts in milliseconds) into a session of
its own at the lowest CPU priority: every click's answer and bot's move, this page's and its classmates' (a class's
kernels share the cores), goes first. A thread would share the kernel's interpreter lock and hold it while it waited
for a core: 30 learners of `make run` on 2 cores waited 800 ms for a click's answer instead of 10 to 20
(docs/bots.md). A nice value alone is not enough either: where Linux groups each session's processes (autogroup),
it counts only inside the group, and every kernel is a session of its own.

The kernel sends one decision at a time over a pipe and hears the verdict on its event loop: no thread of the
kernel's waits for the judge. The judge is daemonic, so a kernel that shuts down ends it at once instead of waiting
for the decision it is on, and one that is killed takes it along (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from cardlib.core import Move, Player, State
from cardlib.review import Judged, judged

PR_SET_PDEATHSIG = 1  # prctl's option: the signal a process gets when the one that started it ends

Decision = tuple[int, State, Move]  # a decision taken from a Reviewer (``Reviewer.take``)


class JudgeGone(Exception):
    """The judge's process has ended (killed from outside): this decision is still to judge."""


class Judge:
    """A process judging decisions in the order they are sent; ``await judge.judged(...)`` gives the verdict."""

    def __init__(self) -> None:
        fork = multiprocessing.get_context("fork")
        self.pipe, theirs = fork.Pipe()
        # prctl is found here, before the fork: the child then loads nothing (a fork of a process with threads
        # must not take a lock another thread may have held, the dynamic loader's among them).
        self.process = fork.Process(target=_judging, args=(theirs, os.getpid(), _prctl()), name="judge", daemon=True)
        self.process.start()
        theirs.close()
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
            verdict = self.pipe.recv()
        except (EOFError, OSError):
            if self.loop is not None:
                self.loop.remove_reader(self.pipe.fileno())
            while self.waiting:
                waiting = self.waiting.popleft()
                if not (waiting.done() or waiting.get_loop().is_closed()):
                    waiting.set_exception(JudgeGone())
            return
        waiting = self.waiting.popleft()
        if waiting.done() or waiting.get_loop().is_closed():  # its coach has stopped waiting
            return
        if isinstance(verdict, BaseException):
            waiting.set_exception(verdict)
        else:
            waiting.set_result(verdict)


@functools.cache
def judge() -> Judge:
    """The kernel's judge, started when first needed."""
    return Judge()


def _prctl() -> Callable[..., int] | None:
    with contextlib.suppress(AttributeError, OSError):  # (Linux only)
        return ctypes.CDLL(None, use_errno=True).prctl
    return None


def _judging(pipe: Connection, kernel: int, prctl: Callable[..., int] | None) -> None:
    """The judge's life: in the background, each decision received judged and its verdict sent back, until the
    kernel has gone."""
    os.setsid()  # its own session, so its own scheduling group
    with contextlib.suppress(OSError):
        Path("/proc/self/autogroup").write_text("19")
    os.nice(19)
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != kernel:  # the kernel ended before prctl took effect
        return
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
