"""widgets/kernels.py: a kernel handed out of Voilà's pool after waiting there longer than the cull timeout is not
culled before its page connects; it is culled once it has really been idle that long. No kernel is started: the
manager's bookkeeping is driven with a stand-in kernel."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

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
