"""The kernel manager of every server the tutor runs (voila.json names it for `make run` and `make classroom`; the
hub and Binder name it too): kernels that come up, and Voilà's preheated kernels culled without cutting a page off.

Voilà (0.5.13) keeps a pool of kernels that have already run a notebook and hands one to each new page; culling
then shuts down any kernel with no page connected and idle for longer than ``cull_idle_timeout``. A pooled
kernel's idle time counts from when it ran the notebook, which can be long before a learner arrives, so a kernel
handed out after waiting in the pool would be culled at the next check if its page had not yet opened its
websocket (we saw pages lose their kernel this way when the timeout was short). This manager restarts a kernel's
idle clock the first time the culler meets it outside the pool, i.e. once it has been handed out: its page then
has the whole timeout to connect. Kernels started for a page (no pool) get at most one cull interval more.

Voilà builds its pooling manager on top of this class (``--VoilaConfiguration.multi_kernel_manager_class``) and
skips pooled kernels before asking it, so ``cull_kernel_if_idle`` here only ever sees kernels in use.

It also paces the pool's kernels: Voilà schedules a refill for each kernel handed out, ``fill_delay`` seconds later,
so a class that arrived together had all its refills start together, while it played (60 learners: 60 kernels
starting and running the notebook at once, clicks waiting up to 19 s). Here the pool's kernels start one at a time,
``pool_start_gap`` seconds apart, so a refill takes about half of two cores at most and the class keeps the rest.
A learner who finds the pool empty waits for the next kernel in line, not behind all of them. And idle kernels are
culled four at a time rather than one after the other (``cull_kernels``).

No page is given a kernel that never came up or has died (issue "A whole class clicking Play at once"). A kernel
counts as started once it has answered a request, not once its process exists; one that dies or stays silent first
is shut down and another started in its place (``start_attempts``, ``start_timeout``). A pooled kernel that dies
while it waits (voila.json has dead kernels removed, not restarted) leaves the pool at once, and another is started
for it. A kernel that dies under a page that already has it is the page's watchdog's to tell (widgets/watchdog.py).
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, List, Unicode


class ClassroomKernelManager(AsyncMappingKernelManager):
    pool_start_gap = Float(
        1.5,
        config=True,
        help="Seconds between two kernels started for the pool (a page costs about 1.3 CPU-seconds to start).",
    )

    start_attempts = Integer(
        3, config=True, help="Kernels started in turn for one page before it is given up (the pool never gives up)."
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
        self._met: set[str] = set()  # kernels the culler has met outside the pool
        self._pool_starts = asyncio.Lock()  # the pool's kernels start in line, in the order they were asked for
        self._next_pool_start = 0.0  # monotonic time before which the next one waits

    # jupyter_client types the manager's methods as synchronous; jupyter_server's async manager, this one's base,
    # makes them coroutines
    async def start_kernel(self, *args, **kwargs) -> str:  # type: ignore[override]
        for_pool = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"  # Voilà's mark of a kernel for the pool
        attempt = 0
        while True:
            attempt += 1
            if for_pool:
                async with self._pool_starts:
                    await asyncio.sleep(max(0.0, self._next_pool_start - time.monotonic()))
                    self._next_pool_start = time.monotonic() + self.pool_start_gap
            kernel_id = await super().start_kernel(*args, **kwargs)
            trouble = await self._trouble_starting(kernel_id)
            if trouble is None:
                return kernel_id
            # A pool must not keep a failed start: Voilà would hand it to a page, and its own shutdown_kernel stops
            # at the first pool entry that failed. So the pool tries on, in line; a page's start gives up.
            giving_up = attempt >= self.start_attempts and not for_pool
            self.log.error(
                "Kernel %s did not start (%s); %s", kernel_id, trouble, "giving up" if giving_up else "starting another"
            )
            if kernel_id in self:
                await self.shutdown_kernel(kernel_id, now=True)
            if giving_up:
                raise RuntimeError(f"no kernel started in {attempt} attempts: {trouble}")
            if attempt >= self.start_attempts:  # only the pool gets here: a server that cannot start kernels
                await asyncio.sleep(min(60.0, 2.0 ** (attempt - self.start_attempts)))  # is not made to spin

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
                ready = place.done() and not place.cancelled() and place.exception() is None
                if ready and place.result()["kernel_id"] == kernel_id:
                    pool.remove(place)
                    self.log.warning("Kernel %s died in the pool of %s; starting another", kernel_id, notebook)
                    self.fill_if_needed(delay=0, notebook_name=notebook)  # type: ignore[attr-defined]  # Voilà's
                    return

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is not None and kernel_id not in self._met and hasattr(kernel, "last_activity"):
            self._met.add(kernel_id)
            kernel.last_activity = datetime.now(UTC)  # handed out just now, as far as idleness goes
            return
        await super().cull_kernel_if_idle(kernel_id)

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

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs) -> None:  # type: ignore[override]
        self._met.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
