"""IPython as ipywidgets and anywidget use it, for the static site: the four names they import (``get_ipython``,
``display``, ``clear_output``, ``InteractiveShell``), so the site ships none of IPython (1.9 MB with Pygments,
docs/static.md). There is no shell in the browser: ``get_ipython()`` is None, as in a plain Python, and ipywidgets
then asks ``comm.create_comm`` (browser_kernel) for its comms.
"""

from .display import clear_output, display


def get_ipython() -> None:
    return None


__all__ = ["clear_output", "display", "get_ipython"]
