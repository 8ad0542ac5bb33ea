"""widgets/kernels.py: a page is given only a pooled kernel that ran its notebook to the end and is whole, one that
is not is replaced, and at most ``preheat_at_once`` notebooks preheat at a time. A kernel handed out of Voilà's pool
after waiting there longer than the cull timeout is not culled before its page connects; it is culled once it has
really been idle that long. Idle kernels are culled a few at a time; a pooled kernel that dies leaves the pool.
Those are driven with stand-ins of Voilà's pool. A kernel that dies as it starts is replaced, and a preheated kernel
answers whether its page is whole (widgets/preheated.py): those start real processes."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from harness import free_port
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server._tz import utcnow
from loops import run

from widgets.kernels import ClassroomKernelManager

ROOT = Path(__file__).resolve().parents[1]


class Pool:
    """Voilà's pooling class as it stands on ours, minus processes and notebooks: its three methods that ours wrap
    (``_initialize`` preheats a place, ``get_rendered_notebook`` gives the first, ``get_pool_size``), each kernel
    "k1", "k2", ... rendering a page that shows one widget, whose render ends when the test says (``finish``)."""

    def __init__(self, manager: ClassroomKernelManager) -> None:
        self.manager, self.renders, self.started, self.shut = manager, {}, [], []
        self.at_once = self.most_at_once = 0
        self.pages: dict[str, str] = {}  # kernel -> its rendered page, if not the whole one
        self.problems: dict[str, list[str]] = {}  # kernel -> what it says is wrong
        self.fail_to_start: set[str] = set()  # kernels whose start gives up (start_kernel's RuntimeError)
        manager._pools = {}
        manager._voilas = {"_initialize": Pool._initialize, "get_rendered_notebook": Pool._hand_out}
        manager._pool = self  # type: ignore[attr-defined]
        manager.log.disabled = True

        async def says(kernel_id: str, views: list[str]) -> list[str]:
            assert views == [f"model-{kernel_id}"]  # the widget its page shows, read from the page
            return self.problems.get(kernel_id, [])

        async def shutdown(kernel_id: str, now: bool = False) -> None:
            self.shut.append(kernel_id)

        manager._kernel_says = says  # type: ignore[method-assign]
        manager.shutdown_kernel = shutdown  # type: ignore[method-assign]

    @staticmethod
    async def _initialize(manager: ClassroomKernelManager, notebook: str, kernel_id: None, **kwargs) -> dict:
        self = manager._pool  # type: ignore[attr-defined]
        kernel_id = f"k{len(self.started) + 1}"
        self.started.append(kernel_id)
        if kernel_id in self.fail_to_start:
            raise RuntimeError("no kernel started in 3 attempts: Kernel died before replying to kernel_info")
        manager._kernels[kernel_id] = SimpleNamespace()
        self.at_once += 1
        self.most_at_once = max(self.most_at_once, self.at_once)
        self.renders[kernel_id] = asyncio.get_running_loop().create_future()

        async def render() -> tuple[list[str], None]:
            try:
                await self.renders[kernel_id]
            finally:
                self.at_once -= 1
            view = (
                f'<script type="application/vnd.jupyter.widget-view+json">{{"model_id": "model-{kernel_id}"}}</script>'
            )
            return [self.pages.get(kernel_id, view)], None

        return {"kernel_id": kernel_id, "task": asyncio.ensure_future(render())}

    @staticmethod
    async def _hand_out(manager: ClassroomKernelManager, notebook: str, **kwargs) -> tuple[None, list[str], str]:
        content = await manager._pools[notebook].pop(0)  # type: ignore[attr-defined]
        return None, [], content["kernel_id"]  # as Voilà's: the render, its cells, the kernel's id

    def fill(self, notebook: str, places: int) -> None:
        pool = self.manager._pools.setdefault(notebook, [])  # type: ignore[attr-defined]
        pool += [asyncio.ensure_future(self.manager._preheat(notebook)) for _ in range(places)]

    async def finish(self, kernel_id: str) -> None:
        while kernel_id not in self.renders:
            await asyncio.sleep(0.001)
        self.renders[kernel_id].set_result(None)
        for _ in range(5):
            await asyncio.sleep(0)


def test_voilas_pooling_class_built_on_ours_gives_pages_through_ours() -> None:
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    pooling = voila_kernel_manager_factory(ClassroomKernelManager, True, 1)
    assert pooling.get_rendered_notebook is ClassroomKernelManager._hand_out
    assert pooling.get_pool_size is ClassroomKernelManager.ready
    assert pooling._initialize is ClassroomKernelManager._preheat
    assert pooling._voilas["get_rendered_notebook"].__qualname__.startswith("voila_kernel_manager_factory")
    assert voila_kernel_manager_factory(ClassroomKernelManager, False, 1).get_pool_size(None, "x.ipynb") == 0


def test_a_page_is_given_the_first_whole_kernel_never_one_still_running_its_notebook() -> None:
    manager = ClassroomKernelManager(preheat_at_once=3)

    async def a_class() -> tuple[int, ...]:
        pool = Pool(manager)
        pool.fill("napoletana.ipynb", 3)
        await asyncio.sleep(0.01)
        counted = [manager.ready("napoletana.ipynb")]  # all three still running their notebooks
        await pool.finish("k2")  # the second one is whole first
        counted.append(manager.ready("napoletana.ipynb"))
        *_, given = await manager._hand_out("napoletana.ipynb")
        counted.append(manager.ready("napoletana.ipynb"))
        await pool.finish("k1")
        await pool.finish("k3")
        return (*counted, given, manager.ready("napoletana.ipynb"))

    assert run(a_class()) == (0, 1, 0, "k2", 2)


@pytest.mark.parametrize(
    "wrong",
    ["the kernel says an output was lost", "a cell failed", "its notebook never ends", "its kernel never started"],
)
def test_a_kernel_whose_page_is_not_whole_is_replaced_before_any_page_gets_it(wrong: str) -> None:
    manager = ClassroomKernelManager(preheat_timeout=0.2, preheat_at_once=1)

    async def preheat() -> tuple[list[str], list[str], int]:
        pool = Pool(manager)
        if wrong == "the kernel says an output was lost":
            pool.problems["k1"] = ["a widget a cell displayed (model-x) is not in the page: its output was lost"]
        elif wrong == "a cell failed":
            pool.pages["k1"] = "<pre>There was an error when executing cell [3].</pre>"
        elif wrong == "its kernel never started":
            pool.fail_to_start.add("k1")
        pool.fill("napoletana.ipynb", 1)
        if wrong not in ("its notebook never ends", "its kernel never started"):
            await pool.finish("k1")
        await pool.finish("k2")
        *_, given = await manager._hand_out("napoletana.ipynb")
        return [given], pool.shut, len(pool.started)

    shut = [] if wrong == "its kernel never started" else ["k1"]
    assert run(preheat()) == (["k2"], shut, 2)


def test_at_most_preheat_at_once_notebooks_run_while_a_pool_fills_and_it_says_when_it_is_ready(caplog) -> None:
    manager = ClassroomKernelManager(preheat_at_once=2)

    async def fill() -> tuple[int, int]:
        pool = Pool(manager)
        manager.log.disabled = False
        pool.fill("napoletana.ipynb", 5)
        for kernel_id in ("k1", "k2", "k3", "k4", "k5"):
            await pool.finish(kernel_id)
        await asyncio.sleep(0.01)
        return pool.most_at_once, manager.ready("napoletana.ipynb")

    with caplog.at_level("INFO"):
        assert run(fill()) == (2, 5)
    said = [record.getMessage() for record in caplog.records]
    assert said.count("ready: 5 pages for napoletana") == 1
    assert manager.pages_ready() == {"napoletana.ipynb": {"ready": 5, "places": 5}}


def test_a_kernel_handed_out_after_waiting_in_the_pool_gets_the_whole_timeout_then_is_culled() -> None:
    manager = ClassroomKernelManager(cull_idle_timeout=300)

    async def waits_then_a_page_comes() -> tuple[list[str], list[str]]:
        pool = Pool(manager)
        pool.fill("napoletana.ipynb", 1)
        while "k1" not in manager._kernels:
            await asyncio.sleep(0.001)
        kernel = manager._kernels["k1"]
        kernel.__dict__.update(execution_state="busy", kernel_name="python3", kernel_spec=SimpleNamespace(metadata={}))
        kernel.last_activity = utcnow()
        manager._kernel_connections["k1"] = 0  # no page has opened its websocket
        await manager.cull_kernel_if_idle("k1")  # the culler meets it while it runs its notebook
        await pool.finish("k1")
        kernel.execution_state = "idle"
        kernel.last_activity = utcnow() - timedelta(seconds=3000)  # it ran its notebook long ago, then waited
        await manager._hand_out("napoletana.ipynb")
        await manager.cull_kernel_if_idle("k1")
        kept = list(pool.shut)
        kernel.last_activity = utcnow() - timedelta(seconds=301)  # really idle for the timeout since
        await manager.cull_kernel_if_idle("k1")
        return kept, pool.shut

    assert run(waits_then_a_page_comes()) == ([], ["k1"])


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
    run(manager.cull_kernels())
    assert sorted(checked) == sorted(f"k{i}" for i in range(10) if i != 3)
    assert 1 < most <= 4  # side by side (faster than one after the other), but not all at once


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


def test_a_kernel_that_dies_as_it_starts_is_replaced_by_one_that_answers(kernels_that_die) -> None:
    kernels_that_die.start_attempts = 2

    async def start() -> tuple[str, list[str]]:
        kernel_id = await kernels_that_die.start_kernel(kernel_name="dies-once", path="", env=dict(os.environ))
        running = kernels_that_die.list_kernel_ids()
        await kernels_that_die.shutdown_all(now=True)
        return kernel_id, running

    kernel_id, running = run(start())
    assert running == [kernel_id]  # the dead one was removed, the one that answered is the page's


def test_a_page_is_not_given_a_kernel_that_never_comes_up(kernels_that_die) -> None:
    with pytest.raises(RuntimeError, match="no kernel started in 3 attempts"):
        run(kernels_that_die.start_kernel(kernel_name="dies", path=""))
    assert kernels_that_die.list_kernel_ids() == []


def test_a_preheated_kernel_says_which_widget_its_page_lost_and_which_it_shows_closed(tmp_path: Path) -> None:
    """The real question to a real kernel, as the pool asks it once the notebook has run: the kernel noted each
    widget its cells displayed (ipykernel's display hooks), so a page that lacks one is not whole. The kernel waits
    for its page on Voilà's ``voila/query`` websocket, played here by the test, which comes up only after the
    kernel first asked: the kernel asks again; once a page takes it, it is no pool's kernel any more."""
    import websockets

    manager = ClassroomKernelManager(connection_dir=str(tmp_path))
    port = free_port()
    # what Voilà gives a pool's kernel
    preheated = {**os.environ, "VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k", "VOILA_APP_PORT": str(port)}
    asked: list[str] = []

    async def voilas_query(socket) -> None:  # Voilà's RequestInfoSocketHandler: the page's request, once it comes
        asked.append(socket.request.path)
        await page_came.wait()
        await socket.send(json.dumps({"QUERY_STRING": "lang=fr"}))

    async def ask() -> tuple[str, list[list[str]]]:
        kernel_id = await manager.start_kernel(kernel_name="python3", path=str(ROOT), env=preheated)
        client = manager.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=30)
            client.execute('from widgets.page import section\nsection("napoletana", "lessons")')  # a cell's value
            reply = await client.get_iopub_msg(timeout=30)
            while reply["msg_type"] != "execute_result":
                reply = await client.get_iopub_msg(timeout=30)
            shown = reply["content"]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
            await asyncio.sleep(0.5)  # the kernel has asked for its page, and found no Voilà
            async with websockets.serve(voilas_query, "127.0.0.1", port):
                answers = [await manager._kernel_says(kernel_id, views) for views in ([shown], [], [shown, "gone"])]
                page_came.set()
                for _ in range(100):
                    client.execute("import os; os.environ.get('QUERY_STRING')")
                    if await manager._kernel_says(kernel_id, [shown]):
                        break
                    await asyncio.sleep(0.1)
                answers.append(await manager._kernel_says(kernel_id, [shown]))
        finally:
            client.stop_channels()
            await manager.shutdown_all(now=True)
        return shown, answers

    page_came = asyncio.Event()
    shown, (whole, lost, closed, taken) = run(ask())
    assert whole == [] and asked == ["/voila/query/k"]
    assert lost == [f"a widget a cell displayed ({shown}) is not in the page: its output was lost"]
    assert closed == ["the page shows a widget (gone) that is closed"]
    assert taken == ["it took itself for taken by a page while it waited in the pool"]
