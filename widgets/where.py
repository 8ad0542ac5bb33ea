"""Where a page runs, for the few widgets that link to a notebook: in Voilà the page is the notebook, so a link is
relative to it; in a Jupyter server's front end (JupyterLab, Notebook 7: `make lab`, Binder, a hub) the notebook
is a document, and the app it holds runs in a page of its own through Voilà's server extension
(``voila/render/<path under the server's root>``).

The browser knows the server's root (JupyterLab's page config, ``serverRoot``, ``~`` for home) and the kernel
knows its notebook's file (``JPY_SESSION_NAME``, set by the server's session) and the home folder: the widget
gets the last two as traits and ``widgets/js/where.js`` puts them together.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Callable

from .panels import log

# The static site (static_site/, docs/static.md): the browser's own Python runs the notebook, each notebook is a
# page of its own (napoletana.html), and no server is there to hold shared tables.
IN_BROWSER = sys.platform == "emscripten"


def page_of(notebook: str) -> str:
    """The address, beside this page, of the page that shows ``notebook`` ("napoletana"): its .ipynb in Voilà, its
    .html on the static site."""
    return notebook + (".html" if IN_BROWSER else ".ipynb")


def notebook_file() -> dict[str, str]:
    """The traits ``where.js`` needs: this kernel's notebook file and the home folder; both empty under Voilà alone,
    whose pages need neither (and a learner's page learns nothing of the server's folders)."""
    file = os.environ.get("JPY_SESSION_NAME", "")
    return {"file": file, "home": os.path.expanduser("~") if file else ""}


def page_query() -> str:
    """The query string of the page's address ("lang=it&position=..."; "" outside Voilà, and in a preheated kernel
    until a page takes it: ``when_page``)."""
    return os.environ.get("QUERY_STRING", "")


# A kernel Voilà preheated (``make classroom``) runs its notebook before any page asks for it, and learns the page's
# address only when one takes it (Voilà hands it over on a websocket, ``voila.utils.wait_for_request``). Its
# notebook is not made to wait for that: the page is built at once, in the pool's language (and its apps in the
# others, widgets/language.py), and what the address asks for (its language, a share link) is done in place once
# it is known, so a class that arrives together finds its pages built. The jobs that wait for the page, in the
# order they were asked for; None once a page has taken this kernel, or where the address was known from the start.
_waiting: list[Callable[[], None]] | None = (
    [] if os.environ.get("VOILA_PREHEAT") == "True" and "VOILA_KERNEL_ID" in os.environ else None
)


def waiting_for_page() -> bool:
    """A preheated kernel that no page has taken yet: its page's address is not known."""
    return _waiting is not None


def when_page(job: Callable[[], None]) -> None:
    """Run ``job`` once the page's address is known (``page_query``): at once where it is, else on the kernel's own
    thread once a page takes this preheated kernel."""
    if _waiting is None:
        job()
        return
    if not _waiting:
        _listen()
    _waiting.append(job)


def _listen() -> None:
    """Wait for the page in a thread of its own; the jobs then run on the kernel's event loop (the one running the
    cell that asked), between its messages, like a click."""
    from voila.utils import wait_for_request

    try:
        loop = asyncio.get_running_loop()  # a cell's: the kernel's own
    except RuntimeError:
        loop = asyncio.get_event_loop()

    def wait() -> None:
        try:
            wait_for_request()  # until a page takes the kernel; then its QUERY_STRING is in os.environ
        except Exception:
            log.exception("Voilà did not hand over the page's address")
        if "QUERY_STRING" not in os.environ:  # the page is shown as built: in the pool's language, no share link
            log.warning("A page took this kernel, but Voilà gave no address: its language and link are not known")
        loop.call_soon_threadsafe(_page_arrived)

    threading.Thread(target=wait, name="voila-page-request", daemon=True).start()


def _page_arrived() -> None:
    global _waiting
    jobs, _waiting = _waiting or [], None
    for job in jobs:
        try:
            job()
        except Exception:  # one part of the page that fails to follow must not keep the others from it
            log.exception("A part of the page could not follow its address")
