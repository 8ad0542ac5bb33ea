"""The kernel's judge (widgets/judge.py): a process of its own that judges the learner's decisions in order, never in
the way of the kernel's exit, ended with its kernel however that ends; and the coach sends it nothing until the
learner has had a moment to think (widgets/review.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import psutil
import pytest
from reviewed_positions import prepared

from cardlib.review import Reviewer
from widgets import judge as judge_module
from widgets import review
from widgets.app import GameApp
from widgets.judge import Judge

pytestmark = pytest.mark.review  # (tests/conftest.py leaves the review out of the others)

ROOT = Path(__file__).resolve().parents[2]


def test_the_judge_answers_each_decision_in_turn_as_the_kernels_own_reviewer_would():
    state, worse, better, _rule = prepared("napoletana")
    game = state.game
    here = Reviewer("napoletana", state.to_move)
    decisions = [(1, state, game.parse_move(worse)), (2, state, game.parse_move(better))]

    async def both() -> list:
        judge = Judge()
        return await asyncio.gather(*(judge.judged("napoletana", state.to_move, d) for d in decisions))

    verdicts = asyncio.run(both())
    expected = [here._judge(*d) for d in decisions]
    assert [(v.number, v.played, v.clear) for v in verdicts] == [(e.number, e.played, e.clear) for e in expected]
    assert verdicts[0].clear and not verdicts[1].clear  # the worse move is found, the better one is not


SCRIPT = """
import asyncio, os, signal, sys
from reviewed_positions import prepared
import widgets.judge
state, worse, _better, _rule = prepared("napoletana")

async def main():
    judge = widgets.judge.judge()
    await judge.judged("napoletana", state.to_move, (1, state, worse))  # (it has settled in the background)
    asyncio.get_running_loop().create_task(judge.judged("napoletana", state.to_move, (2, state, worse)))
    await asyncio.sleep(0.1)
    os.kill(judge.process.pid, signal.SIGSTOP)  # as busy as can be: it answers nothing, ever
    print(judge.process.pid, flush=True)
    if sys.argv[1] == "killed":
        os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


@pytest.mark.parametrize("end", ["exit", "killed"])
def test_a_kernel_that_ends_while_its_judge_is_busy_ends_at_once_and_takes_the_judge_along(end):
    """A kernel shut down while its judge is on a decision does not wait for it (a Python exit would join a
    ProcessPoolExecutor's worker); one killed from outside leaves no judge behind."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    ran = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SCRIPT), end], capture_output=True, text=True, timeout=120, env=env
    )
    assert ran.returncode == (-signal.SIGKILL if end == "killed" else 0), ran.stderr
    judge = int(ran.stdout.split()[0])
    with contextlib.suppress(psutil.NoSuchProcess):  # (gone already)
        try:
            psutil.Process(judge).wait(timeout=20)
        except psutil.TimeoutExpired:
            pytest.fail(f"the judge outlived its kernel ({end})")


def test_a_judge_killed_from_outside_leaves_the_review_whole(monkeypatch):
    """The machine kills the judge (out of memory, say) during the game: the decision it was on is judged again
    in the kernel, a new judge takes the next ones, and the review still finds the costly move."""
    monkeypatch.setattr(review, "QUIET_S", 0)
    review.judge.cache_clear()
    state, worse, _better, _rule = prepared("napoletana")

    async def run() -> GameApp:
        app = GameApp("napoletana", position=state, seat=state.to_move, bot_delay=0)
        os.kill(review.judge().process.pid, signal.SIGKILL)
        app.board.try_move(state.game.parse_move(worse))
        while not app.state.is_over:
            app.board.try_move(app.coach.reviewer.bot.decide(app.state, app.seat).move)
        await app.coach.worker
        return app

    app = asyncio.run(run())
    app.review()
    assert "1 of your moves could have been better" in app.coach.summary.value
    assert app.feedback.value == ""  # nothing went wrong that the learner is told of


@pytest.mark.parametrize("why", ["moves keep coming", "the cores are taken"])
def test_decisions_wait_for_the_learners_thinking_time_and_free_cores_not_once_the_review_is_asked(monkeypatch, why):
    """While moves keep coming (the learner's, the bots') or every core is busy (a class clicking), nothing is sent
    to the judge: it would share the cores with the clicks' answers and the bots' thinking. Asking for the review
    ends the wait."""
    if why == "moves keep coming":
        monkeypatch.setattr(review, "QUIET_S", 3600)
    else:
        monkeypatch.setattr(review, "QUIET_S", 0)
        monkeypatch.setattr(review, "cores_free", lambda: False)
    state, worse, _better, _rule = prepared("napoletana")

    async def run() -> None:
        app = GameApp("napoletana", position=state, seat=state.to_move, bot_delay=0)
        app.board.try_move(state.game.parse_move(worse))
        for _turn in range(20):
            await asyncio.sleep(0.01)
        assert app.coach.reviewer.pending == 1 and app.coach.reviewer.working is None  # still waiting
        app.coach.ask()
        assert "The review is almost ready" in app.coach.summary.value
        await app.coach.worker
        assert "1 of your moves could have been better" in app.coach.summary.value

    asyncio.run(run())


def test_a_core_is_free_when_fewer_processes_are_ready_than_there_are_cores(monkeypatch):
    loadavg = {"value": ""}
    monkeypatch.setattr(judge_module.Path, "read_text", lambda self: loadavg["value"])
    monkeypatch.setattr(judge_module.os, "cpu_count", lambda: 2)
    for ready, free in ((1, True), (2, True), (3, False), (40, False)):  # (this process is one of them)
        loadavg["value"] = f"3.10 2.50 2.00 {ready}/812 4242\n"
        assert judge_module.cores_free() is free
    loadavg["value"] = ""  # no such count (not Linux): judging is never held back
    assert judge_module.cores_free()
