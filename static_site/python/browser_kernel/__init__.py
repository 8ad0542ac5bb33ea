"""What a Jupyter kernel does for a notebook's widgets, done in the browser's own Python (Pyodide, in a Web Worker;
static_site/worker.js): run the notebook's cells and carry the widgets' comm messages to the page's widget manager
(static_site/page.js) and back. ipywidgets and anywidget run unchanged: ipywidgets asks ``comm.create_comm`` for
each widget's comm when there is no IPython kernel, so replacing that hook is the whole of the connection.

Messages, both ways, are the JSON of a kernel's comm message (``msg_type``: comm_open, comm_msg, comm_close;
``comm_id``, ``data``, ``metadata``) with its binary buffers beside it.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from typing import Any

import comm
from comm.base_comm import BaseComm

log = logging.getLogger(__name__)

Send = Callable[[str, list[bytes]], None]
_send: Send | None = None


class PageComm(BaseComm):
    """A comm whose other end is the page: what Python publishes goes to ``send``."""

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        if _send is None:
            raise RuntimeError("the page is not connected: browser_kernel.connect(send) first")
        msg = {"msg_type": msg_type, "comm_id": self.comm_id, "data": data or {}, "metadata": metadata or {}}
        if msg_type == "comm_open":
            msg["target_name"] = keys.get("target_name") or self.target_name
        _send(json.dumps(msg), [bytes(buffer) for buffer in buffers or ()])


def connect(send: Send) -> None:
    """Every comm made from now on talks to the page through ``send(json_text, buffers)``."""
    global _send
    _send = send
    comm.create_comm = PageComm


def receive(text: str, buffers: list[bytes] | None = None) -> None:
    """A message from a widget's model on the page (a changed value, a click on a board), given to its comm as a
    kernel would give it. A message for a comm already closed is dropped, as a kernel drops it."""
    msg = json.loads(text)
    target = comm.get_comm_manager().get_comm(msg["comm_id"])
    if target is None:
        log.info("A message for a closed comm %s was dropped", msg["comm_id"])
        return
    kernel_msg = {
        "header": {"msg_type": msg["msg_type"]},
        "parent_header": {},
        "content": {"comm_id": msg["comm_id"], "data": msg.get("data", {})},
        "metadata": msg.get("metadata", {}),
        "buffers": [memoryview(buffer) for buffer in buffers or ()],
    }
    if msg["msg_type"] == "comm_close":
        target.handle_close(kernel_msg)
    else:
        target.handle_msg(kernel_msg)


def open_page(query: str) -> None:
    """The page's address, as Voilà gives it to a kernel: its query string (``?lang=it&position=...``), read by
    widgets/where.py."""
    os.environ["QUERY_STRING"] = query


_namespace: dict[str, Any] = {"__name__": "__main__"}


def run_cell(source: str) -> list[str]:
    """Run one code cell of the notebook, as Voilà's kernel does, and return the model ids of the widgets it shows
    (its value, and what it displayed), in order."""
    from IPython.display import display, shown
    from pyodide.code import eval_code

    shown.clear()
    value = eval_code(source, _namespace)
    if value is not None:
        display(value)
    return list(shown)


def evaluate(source: str) -> str:
    """The value of Python ``source`` (statements, then an expression) as JSON, in the cells' namespace: for the
    tests and the benchmark, which ask the browser's own Python what CPython answers (tests/browser/test_site.py)."""
    from pyodide.code import eval_code

    return json.dumps(eval_code(source, _namespace))
