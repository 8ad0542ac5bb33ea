"""A kernel Voilà preheated (``make classroom``): it runs its notebook before any page asks for it, learns the page's
address only when one takes it, and answers the server, before that, whether its page is whole.

**The page comes later.** Voilà hands the page's address over on a websocket once a page takes the kernel
(``voila.utils.wait_for_request``). The notebook is not made to wait for it: the page is built at once, in the
pool's language (and its apps in the others, widgets/language.py), and what the address asks for (its language, a
share link) is done in place once it is known (``when_page``), so a class that arrives together finds its pages
built.

**Whole, or not handed out.** Once the notebook has run to its end, the server's kernel manager
(widgets/kernels.py) asks this kernel ``problems(views)``, with the widgets the rendered page shows: every widget a
cell displayed must be among them (an output the server did not wait for is a page without its board) and still
open, every part of the page built ahead must have been built, and the kernel must be listening for its page. A
kernel with a problem is never given to a page: the manager replaces it.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from .panels import log

VIEW = "application/vnd.jupyter.widget-view+json"  # how a displayed widget travels in a display message
LISTENING_S = 10  # how long the server's question waits for this kernel to be connected to hear of its page

# The jobs that wait for the page, in the order they were asked for; None once a page has taken this kernel, or
# where the address was known from the start (a kernel started for its page, JupyterLab, a test).
_waiting: list[Callable[[], None]] | None = (
    [] if os.environ.get("VOILA_PREHEAT") == "True" and "VOILA_KERNEL_ID" in os.environ else None
)
_PREHEATED = _waiting is not None
_listening = threading.Event()  # connected to Voilà, to hear of the page that takes this kernel
_displayed: list[str] = []  # the model ids of the widgets this kernel's cells displayed, in order
_troubles: list[tuple[str, str]] = []  # what went wrong while the page was built, though no cell failed


def waiting_for_page() -> bool:
    """A preheated kernel that no page has taken yet: its page's address is not known."""
    return _waiting is not None


def when_page(job: Callable[[], None]) -> None:
    """Run ``job`` once the page's address is known (``where.page_query``): at once where it is, else on the
    kernel's own thread once a page takes this preheated kernel."""
    if _waiting is None:
        job()
        return
    if not _waiting:
        _listen()
    _waiting.append(job)


def trouble(kind: str, about: str) -> None:
    """Note that a part of the page is not as it should be: a ``kind`` of ``problems`` and what it is ``about``."""
    _troubles.append((kind, about))


def problems(views: list[str]) -> list[tuple[str, str]]:
    """What keeps this kernel's page from being whole, each as a kind and what it is about (the server says them in
    its log: widgets/kernels.py ``NOT_WHOLE``); none when it is whole. ``views``: the model ids of the widgets the
    page Voilà rendered shows."""
    from ipywidgets.widgets.widget import _instances

    shown = set(views)
    found = [("lost", model) for model in _displayed if model not in shown]
    for model in views:
        widget = _instances.get(model)
        if widget is None or widget.comm is None:
            found.append(("closed", model))
    if _PREHEATED and _waiting is None:
        found.append(("taken", ""))
    elif _waiting and not _listening.wait(LISTENING_S):
        found.append(("deaf", str(LISTENING_S)))
    return [*found, *_troubles]


def _note_display(message: dict[str, Any]) -> dict[str, Any]:
    """A display message on its way to the server (ipykernel's hook): note the widget it shows, pass it on."""
    view = message.get("content", {}).get("data", {}).get(VIEW)
    if isinstance(view, dict) and view.get("model_id"):
        _displayed.append(view["model_id"])
    return message


def _watch_displays() -> None:
    """Note every widget a cell displays, whether by ``display()`` or as the cell's value."""
    from IPython import get_ipython

    shell: Any = get_ipython()  # type: ignore[func-returns-value]  # typed as returning None; it is the shell
    publishers: list[Any] = [getattr(shell, "display_pub", None), getattr(shell, "displayhook", None)]
    for publisher in publishers:
        if hasattr(publisher, "register_hook"):  # ipykernel's; a plain IPython has none, and no server asks it
            publisher.register_hook(_note_display)


def _listen() -> None:
    """Wait for the page in a thread of its own; the jobs then run on the kernel's event loop (the one running the
    cell that asked), between its messages, like a click."""
    try:
        loop = asyncio.get_running_loop()  # a cell's: the kernel's own
    except RuntimeError:
        loop = asyncio.get_event_loop()

    def wait() -> None:
        pause = 1.0
        while True:  # a server too busy to answer at once, or one that dropped the line, is asked again
            try:
                os.environ.update(asyncio.run(_page_request()))
                break
            except Exception as error:
                _listening.clear()
                log.warning("Waiting for the page's address from Voilà failed (%s); asking again", error)
                time.sleep(pause)
                pause = min(30.0, 2 * pause)
        loop.call_soon_threadsafe(_page_arrived)

    threading.Thread(target=wait, name="voila-page-request", daemon=True).start()


async def _page_request() -> dict[str, str]:
    """The request of the page that took this kernel, as Voilà hands it over on ``voila/query/<kernel id>``: what
    ``voila.utils.wait_for_request`` does, without importing the ``voila`` package, which imports Jupyter's whole
    server (about four CPU-seconds of every pooled kernel's preheat, most of it its cost), and without its five
    seconds' limit on the connection (a pool filling on two cores passed it, and the kernel then took itself for
    taken while it waited in the pool)."""
    import websockets

    env = os.environ
    address = f"{env.get('VOILA_APP_IP', '127.0.0.1')}:{env.get('VOILA_APP_PORT', '8866')}"
    path = f"{env.get('VOILA_WS_BASE_URL', env.get('VOILA_SERVER_URL', '/'))}voila/query/{env['VOILA_KERNEL_ID']}"
    async with websockets.connect(f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{address}{path}") as socket:
        _listening.set()
        request = json.loads(await socket.recv())
    return {str(name): str(value) for name, value in request.items()}


def _page_arrived() -> None:
    global _waiting
    jobs, _waiting = _waiting or [], None
    for job in jobs:
        try:
            job()
        except Exception:  # one part of the page that fails to follow must not keep the others from it
            log.exception("A part of the page could not follow its address")


if _waiting is not None:
    _watch_displays()
