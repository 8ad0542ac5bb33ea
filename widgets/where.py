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
