"""Where a page runs, for the few widgets that link to a notebook: in Voilà the page is the notebook, so a link is
relative to it; in a Jupyter server's front end (JupyterLab, Notebook 7: `make lab`, Binder, a hub) the notebook
is a document, and the app it holds runs in a page of its own through Voilà's server extension
(``voila/render/<path under the server's root>``).

The browser knows the server's root (JupyterLab's page config, ``serverRoot``, ``~`` for home) and the kernel
knows its notebook's file (``JPY_SESSION_NAME``, set by the server's session) and the home folder: the widget
gets the last two as traits and ``widgets/js/where.js`` puts them together.
"""

from __future__ import annotations

import os
import sys
from urllib.parse import urlsplit

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


def page_address(page: str) -> str | None:
    """The whole address of ``page`` ("table.ipynb?table=BCDFG") beside this one, as another device opens it (a
    phone that scans it): built from what Voilà told this kernel of its page's request, the host and port the
    browser asked (``SERVER_NAME``, ``SERVER_PORT``) and the page's path (``SCRIPT_NAME``), which follow the page
    that takes a preheated kernel too, and the scheme of ``VOILA_REQUEST_URL``. None where the kernel was told none
    (JupyterLab, a test)."""
    host, path = os.environ.get("SERVER_NAME", ""), os.environ.get("SCRIPT_NAME", "")
    if not host or not path.startswith("/"):
        return None
    scheme = urlsplit(os.environ.get("VOILA_REQUEST_URL", "")).scheme or "http"
    port = os.environ.get("SERVER_PORT", "")
    if ":" in host and not host.startswith("["):  # an IPv6 address
        host = f"[{host}]"
    where = host if port in ("", {"http": "80", "https": "443"}.get(scheme)) else f"{host}:{port}"
    return f"{scheme}://{where}{path.rsplit('/', 1)[0]}/{page}"


def on_this_computer(address: str) -> bool:
    """Whether ``address`` names this computer's own loopback (127.0.0.1, localhost, ::1): no other device opens it."""
    host = urlsplit(address).hostname or ""
    return host == "localhost" or host == "::1" or host.startswith("127.")
