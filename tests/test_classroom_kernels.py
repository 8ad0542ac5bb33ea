"""widgets/kernels.py: a kernel handed out of Voilà's pool after waiting there longer than the cull timeout is not
culled before its page connects; it is culled once it has really been idle that long. The pool's kernels start one
at a time; idle kernels are culled a few at a time; a pooled kernel that dies leaves the pool. Those are driven with
stand-ins. A kernel that dies as it starts is replaced: that one starts real processes, from kernel specs that die."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server._tz import utcnow
from loops import run

from widgets.kernels import ClassroomKernelManager


def manager_with_old_kernel(idle_s: int) -> ClassroomKernelManager:
    manager = ClassroomKernelManager(cull_idle_timeout=idle_s)
    stale = utcnow() - timedelta(seconds=10 * idle_s)  # it ran its notebook long ago, then waited in the pool
    kernel = SimpleNamespace(
        last_activity=stale,
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
    )
    manager._kernels["k1"] = kernel
    manager._kernel_connections["k1"] = 0
    return manager


def test_a_kernel_just_out_of_the_pool_gets_the_whole_timeout_then_is_culled(monkeypatch) -> None:
    manager = manager_with_old_kernel(idle_s=300)
    shut: list[str] = []

    async def shutdown(self, kernel_id: str, *args, **kwargs) -> None:  # what Jupyter's would do, minus a process
        shut.append(kernel_id)
        self._kernels.pop(kernel_id)

    monkeypatch.setattr(
        "jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager.shutdown_kernel", shutdown
    )

    run(manager.cull_kernel_if_idle("k1"))  # first met outside the pool: just handed out
    assert shut == [] and utcnow() - manager._kernels["k1"].last_activity < timedelta(seconds=5)

    run(manager.cull_kernel_if_idle("k1"))  # its page has not come yet, but the timeout has not passed
    assert shut == []

    manager._kernels["k1"].last_activity = utcnow() - timedelta(seconds=301)  # really idle for the timeout
    run(manager.cull_kernel_if_idle("k1"))
    assert shut == ["k1"] and "k1" not in manager._met


def test_the_pools_kernels_start_one_at_a_time_in_order_and_a_pages_own_kernel_does_not_wait(monkeypatch) -> None:
    manager = ClassroomKernelManager(pool_start_gap=0.2)
    started: list[tuple[str, float]] = []

    async def start(self, *args, **kwargs) -> str:  # what Jupyter's would do, minus a process
        started.append((kwargs["kernel_id"], time.monotonic()))
        return kwargs["kernel_id"]

    async def answers(self, kernel_id: str) -> None:  # every stand-in kernel comes up
        return None

    monkeypatch.setattr("jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager.start_kernel", start)
    monkeypatch.setattr(ClassroomKernelManager, "_trouble_starting", answers)
    pool = {"env": {"VOILA_PREHEAT": "True"}}  # how Voilà marks the kernels it starts for its pool

    async def a_class_arrives() -> None:  # three refills asked for together, and a page that needs its own kernel
        await asyncio.gather(
            *(manager.start_kernel(kernel_id=f"pool{i}", **pool) for i in range(3)),
            manager.start_kernel(kernel_id="page", env={}),
        )

    run(a_class_arrives())
    order = [kernel_id for kernel_id, _ in started]
    assert order[0] in ("pool0", "page") and [k for k in order if k != "page"] == ["pool0", "pool1", "pool2"]
    times = dict(started)
    assert times["page"] - times["pool0"] < 0.1  # not behind the pool's line
    assert times["pool1"] - times["pool0"] >= 0.19 and times["pool2"] - times["pool1"] >= 0.19


def test_idle_kernels_are_culled_a_few_at_a_time_and_one_failing_spares_none_of_the_others(monkeypatch) -> None:
    manager = ClassroomKernelManager()
    for i in range(10):
        manager._kernels[f"k{i}"] = SimpleNamespace()
    checking, most, checked = 0, 0, []

    async def cull_if_idle(self, kernel_id: str) -> None:
        nonlocal checking, most
        checking += 1
        most = max(most, checking)
        await asyncio.sleep(0.05)  # a shutdown waits for the kernel's process to end
        checking -= 1
        if kernel_id == "k3":
            raise RuntimeError("this kernel's process would not answer")
        checked.append(kernel_id)

    monkeypatch.setattr(ClassroomKernelManager, "cull_kernel_if_idle", cull_if_idle)
    started = time.monotonic()
    run(manager.cull_kernels())
    assert sorted(checked) == sorted(f"k{i}" for i in range(10) if i != 3)
    assert 1 < most <= 4  # side by side, but not all at once
    assert time.monotonic() - started < 0.05 * 10  # faster than one after the other


def test_a_kernel_that_dies_in_the_pool_leaves_it_and_another_is_started(monkeypatch) -> None:
    manager = ClassroomKernelManager()
    refills: list[str] = []
    manager.fill_if_needed = lambda delay, notebook_name: refills.append(notebook_name)  # Voilà's pooling class's

    async def pool_of(*kernel_ids: str) -> list[asyncio.Future]:
        places = [asyncio.get_running_loop().create_future() for _ in kernel_ids]
        for place, kernel_id in zip(places, kernel_ids, strict=True):
            place.set_result({"kernel_id": kernel_id})
        return places

    async def one_dies() -> None:
        manager._pools = {"napoletana.ipynb": await pool_of("k1", "k2"), "index.ipynb": await pool_of("k3")}
        manager._kernels["k1"] = SimpleNamespace()
        manager._handle_kernel_died("k1")  # what Jupyter calls once it has found the process ended

    run(one_dies())
    assert "k1" not in manager._kernels
    assert [place.result()["kernel_id"] for place in manager._pools["napoletana.ipynb"]] == ["k2"]
    assert len(manager._pools["index.ipynb"]) == 1 and refills == ["napoletana.ipynb"]


def kernel_spec(folder: Path, name: str, argv: list[str]) -> None:
    (folder / name).mkdir(parents=True)
    spec = {"argv": argv, "display_name": name, "language": "python"}
    (folder / name / "kernel.json").write_text(json.dumps(spec))


@pytest.fixture
def kernels_that_die(tmp_path: Path) -> ClassroomKernelManager:
    """A manager with two kernel specs: "dies" never comes up; "dies-once" dies the first time it is started, then
    comes up as a real ipykernel."""
    specs = tmp_path / "kernels"
    kernel_spec(specs, "dies", [sys.executable, "-c", "raise SystemExit(3)", "{connection_file}"])
    once = tmp_path / "dies_once.py"
    once.write_text(
        "import pathlib, sys\n"
        f"mark = pathlib.Path({str(tmp_path / 'died')!r})\n"
        "if not mark.exists():\n"
        "    mark.touch()\n"
        "    raise SystemExit(3)\n"
        "from ipykernel import kernelapp\n"
        "kernelapp.launch_new_instance(argv=['-f', sys.argv[1]])\n"
    )
    kernel_spec(specs, "dies-once", [sys.executable, str(once), "{connection_file}"])
    return ClassroomKernelManager(
        root_dir=str(tmp_path),
        connection_dir=str(tmp_path),  # not the working directory, Jupyter's default
        kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(specs)]),
        start_timeout=30,
    )


@pytest.mark.parametrize("for_the_pool", [False, True], ids=["a page's", "the pool's, which never gives up"])
def test_a_kernel_that_dies_as_it_starts_is_replaced_by_one_that_answers(kernels_that_die, for_the_pool) -> None:
    env = {**os.environ, "VOILA_PREHEAT": str(for_the_pool)}
    kernels_that_die.start_attempts = 1  # a page's start would give up at once; the pool's tries on

    async def start() -> tuple[str, list[str]]:
        if not for_the_pool:
            with pytest.raises(RuntimeError):
                await kernels_that_die.start_kernel(kernel_name="dies-once", path="", env=env)
        kernel_id = await kernels_that_die.start_kernel(kernel_name="dies-once", path="", env=env)
        running = kernels_that_die.list_kernel_ids()
        await kernels_that_die.shutdown_all(now=True)
        return kernel_id, running

    kernel_id, running = run(start())
    assert running == [kernel_id]  # the dead one was removed, the one that answered is the page's


def test_a_page_is_not_given_a_kernel_that_never_comes_up(kernels_that_die) -> None:
    with pytest.raises(RuntimeError, match="no kernel started in 3 attempts"):
        run(kernels_that_die.start_kernel(kernel_name="dies", path=""))
    assert kernels_that_die.list_kernel_ids() == []
