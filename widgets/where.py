"""Where a page runs, for the few widgets that link to a notebook: in Voilà the page is the notebook, so a link is
relative to it; in a Jupyter server's front end (JupyterLab, Notebook 7: `make lab`, Binder, a hub) the notebook
is a document, and the app it holds runs in a page of its own through Voilà's server extension
(``voila/render/<path under the server's root>``).

The browser knows the server's root (JupyterLab's page config, ``serverRoot``, ``~`` for home) and the kernel
knows its notebook's file (``JPY_SESSION_NAME``, set by the server's session) and the home folder: the widget
gets the last two as traits and ``WHERE_JS`` puts them together.
"""

from __future__ import annotations

import os
from functools import cache

WHERE_JS = r"""
function inVoila() {
  return document.body.dataset.voila === "voila";
}
// The address in Voilà of `target`, a notebook beside this one ("napoletana.ipynb#play"; "" for this notebook),
// or null if it cannot be known.
function voilaAddress(file, home, target) {
  const [name, hash] = target.split("#");
  if (inVoila()) return new URL(target, location.href);
  const node = document.getElementById("jupyter-config-data");
  const config = node ? JSON.parse(node.textContent) : {};
  const root = (config.serverRoot || "").replace(/^~/, home).replace(/\/+$/, "");
  if (!file || !root || !file.startsWith(root + "/")) return null;
  const parts = file.slice(root.length + 1).split("/");
  if (name) parts[parts.length - 1] = name;
  const path = parts.map(encodeURIComponent).join("/");
  const url = new URL((config.baseUrl || "/") + "voila/render/" + path, location.href);
  if (hash) url.hash = hash;
  return url;
}
"""


def notebook_file() -> dict[str, str]:
    """The traits ``WHERE_JS`` needs: this kernel's notebook file and the home folder; both empty under Voilà alone,
    whose pages need neither (and a learner's page learns nothing of the server's folders)."""
    file = os.environ.get("JPY_SESSION_NAME", "")
    return {"file": file, "home": os.path.expanduser("~") if file else ""}


@cache
def page_query() -> str:
    """The query string of the page's address ("lang=it&position=..."; "" outside Voilà).

    A kernel Voilà started for the page has it in its environment. A kernel Voilà preheated ran its notebook before
    any page asked for it: the notebook waits here, the way Voilà means it (``voila.utils.get_query_string``), until
    a page takes the kernel; asked once, as Voilà answers only the first to wait."""
    if os.environ.get("VOILA_PREHEAT") == "True" and "VOILA_KERNEL_ID" in os.environ:
        from voila.utils import get_query_string

        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")
