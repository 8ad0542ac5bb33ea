"""The kernel manager of `make classroom`: Voilà's preheated kernels, culled without cutting a page off.

Voilà (0.5.13) keeps a pool of kernels that have already run a notebook and hands one to each new page; culling
then shuts down any kernel with no page connected and idle for longer than ``cull_idle_timeout``. A pooled
kernel's idle time counts from when it ran the notebook, which can be long before a learner arrives, so a kernel
handed out after waiting in the pool would be culled at the next check if its page had not yet opened its
websocket (we saw pages lose their kernel this way when the timeout was short). This manager restarts a kernel's
idle clock the first time the culler meets it outside the pool, i.e. once it has been handed out: its page then
has the whole timeout to connect. Kernels started for a page (no pool) get at most one cull interval more.

Voilà builds its pooling manager on top of this class (``--VoilaConfiguration.multi_kernel_manager_class``) and
skips pooled kernels before asking it, so ``cull_kernel_if_idle`` here only ever sees kernels in use.
"""

from __future__ import annotations

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class ClassroomKernelManager(AsyncMappingKernelManager):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._met: set[str] = set()  # kernels the culler has met outside the pool

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is not None and kernel_id not in self._met and hasattr(kernel, "last_activity"):
            self._met.add(kernel_id)
            kernel.last_activity = utcnow()  # handed out just now, as far as idleness goes
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs) -> None:
        self._met.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
