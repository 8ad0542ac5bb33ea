"""What our Voilà server does differently from a stock one. Voilà imports this module when it starts, because
voila.json names its websocket class here (as do the hub's, Kubernetes' and Binder's configurations); importing it
also keeps compiled page templates between pages.

**The kernel's websocket with Nagle's algorithm off** (``NoDelayConnection``). A click's answer leaves the server as
several small frames (the kernel busy, the board's new scene, the kernel idle). With Nagle's algorithm on, as
Tornado leaves a websocket, the server holds each frame after the first until the browser acknowledges that one,
and browsers delay their acknowledgements by up to 40 ms (Linux's minimum): on this machine one click in three or so
was answered 40 ms late (benchmarks/learners.py saw 5 ms or 45 ms for the same click), and over a network the wait
grows to a round trip. Browsers themselves send with Nagle off.

**Page templates compiled once per server, not once per page** (``CompiledTemplates``). Voilà renders every page
with a new nbconvert exporter, and so a new Jinja environment, which compiled the whole chain of templates (ours,
Voilà's lab template, nbconvert's) again: profiled while a class of 60 opened their pages, that was half of the
server's main thread, the thread that also relays every click. Jinja's bytecode cache keeps the compiled code; each
new environment still builds its own template objects from it, with its own filters, and a template whose source
has changed is compiled again.
"""

from __future__ import annotations

import asyncio

import jinja2
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from nbconvert.exporters import templateexporter


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    # typed as jupyter_server's own connect, which overrides an async one of its base class with this synchronous one
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        self.websocket_handler.set_nodelay(True)
        return super().connect()


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates in this process's memory, by name, file and whether they were compiled to run async (a
    Jupyter server also renders with synchronous exporters, whose code differs)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> jinja2.bccache.Bucket:
        key = f"{self.get_cache_key(name, filename)}:{'async' if environment.is_async else 'sync'}"
        bucket = jinja2.bccache.Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self._code:
            bucket.bytecode_from_string(self._code[bucket.key])  # ignored if the source's checksum differs

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


class _Environment(jinja2.Environment):
    """nbconvert's exporters create their environments with this class, and so share the compiled templates."""

    compiled = CompiledTemplates()

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("bytecode_cache", self.compiled)
        super().__init__(*args, **kwargs)


templateexporter.Environment = _Environment  # type: ignore[misc]  # the one name nbconvert's TemplateExporter creates environments by
