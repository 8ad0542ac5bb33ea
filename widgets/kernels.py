"""The kernel manager of every server the tutor runs (voila.json names it for `make run` and `make classroom`; the
hub and Binder name it too): kernels that come up, a pool of preheated kernels that hands out only whole pages, and
Voilà's preheated kernels culled without cutting a page off.

**Only whole pages.** Voilà (0.5.13) keeps a pool of kernels per notebook and gives each new page the first one,
even one still running its notebook (the page then waits for the rest) or one whose notebook lost an output: its
executor waits ``iopub_timeout`` seconds for a cell's last messages and then renders the page without them, and
notebooks running side by side on two cores overrun that wait: pages without their game board. Here a kernel joins
the pool's ready ones only once its notebook has run to the end, the rendered page shows no error, and the kernel
itself has answered that the page is whole (``widgets.preheated.problems``: every widget a cell displayed is in
the page, open, and every part built ahead was built). One that is not, or that takes longer than
``preheat_timeout``, is shut down and another is preheated in its place. A page is given a ready kernel, never one
still preheating; when none is ready it gets a kernel of its own, as under `make run` (its loading line says so in
its language).

**A fill the machine can bear.** At most ``preheat_at_once`` notebooks are preheating at any time (one per core by
default), the others wait their turn: filling a pool of 60, or refilling it after a class, never has more notebooks
running than the cores can run in good time. When a pool is full of ready kernels the log says so ("ready: 60
pages for napoletana"), and ``/voila/pool`` answers, as JSON, how many pages each notebook has ready.

**Culling.** Culling shuts down any kernel with no page connected and idle for longer than ``cull_idle_timeout``.
A pooled kernel's idle time counts from when it ran the notebook, which can be long before a learner arrives, so a
kernel handed out after waiting in the pool would be culled at the next check if its page had not yet opened its
websocket (we saw pages lose their kernel this way, with a short timeout and a class arriving on a busy machine).
The hand-out restarts the kernel's idle clock: its page has the whole timeout to connect. Idle kernels are culled
four at a time rather than one after the other (``cull_kernels``).

No page is given a kernel that never came up or has died. A kernel counts as started once it has answered a
request, not once its process exists; one that dies or stays silent first is shut down and another started in its
place (``start_attempts``, ``start_timeout``). A pooled kernel that dies while it waits (voila.json has dead
kernels removed, not restarted) leaves the pool at once, and another is started for it. A kernel that dies under a
page that already has it is the page's watchdog's to tell (widgets/watchdog.py).

Voilà builds its pooling manager on top of this class (``voila_kernel_manager_factory``, with
``--VoilaConfiguration.multi_kernel_manager_class``), so its pool's own methods would override ours: the three that
decide what a page is given are wrapped here when Voilà builds that class (``__init_subclass__``).
"""

from __future__ import annotations

import ast
import asyncio
import json
import os
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.web import RequestHandler
from traitlets import Float, Integer, List, Unicode

# A widget the rendered page shows (as an output's data, or a script of its own in nbconvert's templates), and the
# marks of a cell that failed or timed out there (Voilà's own words)
VIEW = re.compile(r'application/vnd\.jupyter\.widget-view\+json"[>:]\s*\{[^}]*?"model_id":\s*"([^"]+)"')
FAILED = ("Traceback", "There was an error when executing cell", "Cell execution timed out")
# What a preheated kernel's answer names (widgets/preheated.problems), as the log says it
NOT_WHOLE = {
    "lost": "a widget a cell displayed ({}) is not in the page: its output was lost",
    "closed": "the page shows a widget ({}) that is closed",
    "taken": "it took itself for taken by a page while it waited in the pool",
    "deaf": "it could not reach Voilà within {} s to hear of the page that takes it",
    "unbuilt": "a part of the page could not be built ahead in {}",
}


class ClassroomKernelManager(AsyncMappingKernelManager):
    preheat_at_once = Integer(
        os.cpu_count() or 1,
        config=True,
        help="Notebooks preheating in the pool at once, at most (each runs its notebook; one per core by default).",
    )
    preheat_timeout = Float(
        120.0,
        config=True,
        help="Seconds a pooled kernel has to run its notebook to the end before another replaces it.",
    )
    start_attempts = Integer(
        3,
        config=True,
        help="Kernels started in turn before a start gives up (the pool then preheats another, without end).",
    )
    start_timeout = Float(60.0, config=True, help="Seconds a new kernel has to answer before another replaces it.")

    # A kernel's own widget updates are not a learner's activity: a shared table's moves (widgets/seat.py) and a
    # paced bots' turn reach a page as comm messages the kernel sends by itself, and counted, a closed page's kernel
    # at a table would never be culled. A page that is open is never culled (cull_connected is off, voila.json), so
    # its clicks, also comm messages, need not count either.
    untracked_message_types = List(
        trait=Unicode(),
        config=True,
        default_value=[
            *AsyncMappingKernelManager.class_traits()["untracked_message_types"].default(),  # type: ignore[misc]
            "comm_msg",
        ],
        help="Kernel message types that are not activity, for the culler.",
    )

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._preheating = asyncio.Semaphore(self.preheat_at_once)
        self._status_served = False
        self._stopping = False

    # Voilà's own methods, wrapped when Voilà builds its pooling class on this one: name -> ours, which calls Voilà's
    WRAPPED = {"_initialize": "_preheat", "get_rendered_notebook": "_hand_out", "get_pool_size": "ready"}
    _voilas: dict[str, Callable[..., Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voilà's pooling class, built on this one: what a page is given is decided here (see the module)."""
        super().__init_subclass__(**kwargs)
        if all(name in vars(cls) for name in cls.WRAPPED):
            cls._voilas = {name: vars(cls)[name] for name in cls.WRAPPED}
            for name, ours in cls.WRAPPED.items():
                setattr(cls, name, getattr(ClassroomKernelManager, ours))

    # -- the pool: only whole pages ------------------------------------------------------------------------------

    def ready(self, notebook: str) -> int:
        """How many pages of ``notebook`` are ready to be given: kernels preheated and found whole."""
        return sum(_whole(place) for place in getattr(self, "_pools", {}).get(notebook, ()))

    async def _hand_out(self, notebook_name: str, **kwargs: Any) -> Any:
        """Voilà's hand-out of the pool's first kernel, given the first ready one instead (one still preheating
        comes later in line)."""
        pool = self._pools.get(notebook_name, [])  # type: ignore[attr-defined]  # Voilà's pooling class's
        first = next((place for place in pool if _whole(place)), None)
        if first is not None:
            pool.remove(first)
            pool.insert(0, first)
        handed = await self._voilas["get_rendered_notebook"](self, notebook_name, **kwargs)
        kernel = self._kernels.get(handed[-1])  # (the render, its cells, the kernel's id)
        if kernel is not None:  # its page has the whole timeout to connect, however long it waited in the pool
            kernel.last_activity = datetime.now(UTC)
        return handed

    async def _preheat(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict[str, Any]:
        """A pool's place: a kernel that has run ``notebook_path`` to the end and is whole, preheated in turn with
        the others (``preheat_at_once``); one that is not is replaced, as often as it takes."""
        if kernel_id is not None:  # Voilà's restart of a kernel a page already has: nothing of the pool's
            return await self._voilas["_initialize"](self, notebook_path, kernel_id, **kwargs)
        self._serve_status()
        attempt = 0
        while True:
            attempt += 1
            async with self._preheating:
                content: dict[str, Any] | None = None
                try:
                    content = await self._voilas["_initialize"](self, notebook_path, None, **kwargs)
                    trouble = await self._trouble_preheating(content)
                except Exception as error:  # it did not start (start_kernel gave up), or died in its notebook
                    trouble = str(error)
            if self._stopping:  # Voilà's shutdown_all awaits every place: this one is given up
                raise RuntimeError("the server is stopping")
            if trouble is None:
                asyncio.get_running_loop().call_soon(self._say_if_ready, notebook_path)  # once this place is done
                return content  # type: ignore[return-value]
            self.log.error("A pooled kernel for %s is not whole (%s); preheating another", notebook_path, trouble)
            if content is not None:
                content["task"].cancel()
                if content["kernel_id"] in self:
                    await self.shutdown_kernel(content["kernel_id"], now=True)
            if attempt >= self.start_attempts:  # a notebook that never comes out whole is not made to spin
                await asyncio.sleep(min(60.0, 2.0 ** (attempt - self.start_attempts)))

    async def _trouble_preheating(self, content: dict[str, Any]) -> str | None:
        """None once the kernel has run its notebook to the end, the page shows no failed cell and the kernel says
        its page is whole; else what is wrong."""
        try:
            rendered, _rest = await asyncio.wait_for(asyncio.shield(content["task"]), self.preheat_timeout)
        except TimeoutError:
            return f"its notebook did not run to the end within {self.preheat_timeout:g} s"
        page = "".join(rendered)
        if failed := [mark for mark in FAILED if mark in page]:
            return f"its page shows a failed cell ({failed[0]})"
        views = VIEW.findall(page)
        problems = await self._kernel_says(content["kernel_id"], views)
        return "; ".join(problems) if problems else None

    async def _kernel_says(self, kernel_id: str, views: list[str]) -> list[str]:
        """What the kernel itself says keeps its page from being whole (widgets/preheated.py)."""
        question = f"__import__('widgets.preheated', fromlist=['problems']).problems({views!r})"
        client = self.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            asked = client.execute("", silent=True, store_history=False, user_expressions={"problems": question})
            async with asyncio.timeout(self.start_timeout):
                reply: dict[str, Any] = {}
                while reply.get("parent_header", {}).get("msg_id") != asked:
                    reply = await client.get_shell_msg()  # type: ignore[misc]  # an async manager's client
        except TimeoutError:
            return [f"it did not answer within {self.start_timeout:g} s"]
        finally:
            client.stop_channels()
        answer = reply["content"].get("user_expressions", {}).get("problems", {})
        if answer.get("status") != "ok":
            return [f"it could not answer: {answer.get('ename')}: {answer.get('evalue')}"]
        return [
            NOT_WHOLE.get(kind, kind + ": {}").format(about)
            for kind, about in ast.literal_eval(answer["data"]["text/plain"])
        ]

    def pages_ready(self) -> dict[str, dict[str, int]]:
        """Each pool's pages ready to be given, and its size."""
        pools = getattr(self, "_pools", {})
        return {notebook: {"ready": self.ready(notebook), "places": len(pool)} for notebook, pool in pools.items()}

    def _say_if_ready(self, notebook: str) -> None:
        pool = self._pools.get(notebook, [])  # type: ignore[attr-defined]
        if pool and self.ready(notebook) == len(pool):
            pages = f"{len(pool)} page" + ("s" if len(pool) > 1 else "")
            self.log.info("ready: %s for %s", pages, notebook.removesuffix(".ipynb"))

    def _serve_status(self) -> None:
        """``/voila/pool``, for a script: ``pages_ready()`` as JSON. Voilà's web application exists once its
        pools begin to fill, not when it makes this manager."""
        app = getattr(self.parent, "app", None)
        if self._status_served or app is None:
            return
        self._status_served = True
        route = url_path_join(getattr(self.parent, "server_url", "/"), "voila/pool")
        app.add_handlers(".*$", [(route, PoolStatus, {"manager": self})])

    # -- kernels that come up ------------------------------------------------------------------------------------

    # jupyter_client types the manager's methods as synchronous; jupyter_server's async manager, this one's base,
    # makes them coroutines
    async def start_kernel(self, *args, **kwargs) -> str:  # type: ignore[override]
        for attempt in range(1, self.start_attempts + 1):
            kernel_id = await super().start_kernel(*args, **kwargs)
            trouble = await self._trouble_starting(kernel_id)
            if trouble is None:
                return kernel_id
            giving_up = attempt >= self.start_attempts
            self.log.error(
                "Kernel %s did not start (%s); %s", kernel_id, trouble, "giving up" if giving_up else "starting another"
            )
            if kernel_id in self:
                await self.shutdown_kernel(kernel_id, now=True)
        raise RuntimeError(f"no kernel started in {self.start_attempts} attempts: {trouble}")

    async def _trouble_starting(self, kernel_id: str) -> str | None:
        """None once the new kernel has answered a kernel_info request; what went wrong if it died or stayed silent
        for ``start_timeout`` seconds. (Voilà's first request would wait for the same answer, so this costs a page
        no time.)"""
        if kernel_id not in self:
            return "it was removed as soon as it started"
        client = self.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=self.start_timeout)  # type: ignore[misc]  # an async manager's client
        except RuntimeError as error:  # "Kernel died before replying to kernel_info", or no answer in time
            return str(error)
        finally:
            client.stop_channels()
        return None

    def _handle_kernel_died(self, kernel_id: str) -> None:
        """A kernel's process ended: Jupyter forgets it; if it was waiting in Voilà's pool (``_pools``, kept by the
        pooling class Voilà builds on this one), it leaves the pool and another is started for it."""
        super()._handle_kernel_died(kernel_id)
        for notebook, pool in getattr(self, "_pools", {}).items():
            for place in pool:
                if _whole(place) and place.result()["kernel_id"] == kernel_id:
                    pool.remove(place)
                    self.log.warning("Kernel %s died in the pool of %s; starting another", kernel_id, notebook)
                    self.fill_if_needed(delay=0, notebook_name=notebook)  # type: ignore[attr-defined]  # Voilà's
                    return

    async def cull_kernels(self) -> None:
        """Check the kernels a few at a time, not one after the other: shutting a kernel down waits for its process
        to end, and with a class's kernels ending together a one-by-one pass took longer than a minute (all at once,
        the shutdowns took the CPU from the learners still playing)."""
        side_by_side = asyncio.Semaphore(4)

        async def cull(kernel_id: str) -> None:
            async with side_by_side:
                try:
                    await self.cull_kernel_if_idle(kernel_id)
                except Exception:  # one kernel's trouble must not spare the others, as in jupyter_server's own pass
                    self.log.exception("Checking whether kernel %s is idle failed", kernel_id)

        await asyncio.gather(*(cull(kernel_id) for kernel_id in list(self._kernels)))

    async def shutdown_all(self, *args, **kwargs) -> None:  # type: ignore[override]  # a coroutine, as above
        self._stopping = True  # kernels still preheating are not replaced as their notebooks fail
        await super().shutdown_all(*args, **kwargs)


def _whole(place: asyncio.Future) -> bool:
    """A pool's place whose kernel is preheated and whole (a place still preheating is not done yet)."""
    return place.done() and not place.cancelled() and place.exception() is None


class PoolStatus(RequestHandler):
    """``GET /voila/pool``: ``{"napoletana.ipynb": {"ready": 58, "places": 60}, ...}``."""

    def initialize(self, manager: ClassroomKernelManager) -> None:
        self.manager = manager

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(self.manager.pages_ready()))
