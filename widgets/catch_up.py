"""A page catches up with its kernel once it has drawn its widgets.

As a page connects (Voilà's, or a notebook's in JupyterLab), it asks the kernel for the state of every widget
(ipywidgets' ``request_states``), then builds each widget's model, loading the model's code first. An update the
kernel sends in between reaches a model that is not listening yet, and the page drops it: a projector whose table
answers while its page is being built would show no list of seats until the next move. A kernel cannot tell when
the page is done, so the page tells it: a landmark (``widgets.panels.Landmark``), once drawn, says so, and by then
every widget of the part of the page around it has its model (a box is built only once all it holds is). The
kernel then sends that part's widgets again, once each time the page asked for every state. The parts of a page
without a landmark (the gallery, the words around a game's apps) are changed only in answer to their page, once it
is built, so they have nothing to catch up.

What the page sets itself (a trait tagged ``from_page``: the record the browser keeps, the secret of the page's
address) is not sent: the kernel's copy may be older than the page's, which the page is sending it meanwhile.
"""

from __future__ import annotations

from ipywidgets import Box, Widget
from ipywidgets.embed import dependency_state
from ipywidgets.widgets.widget import _instances

# A module's code (anywidget's), large, and the identity of the anywidget class: never changed once built
CODE = frozenset({"_esm", "_css", "_anywidget_id"})


def catch_up(landmark: Widget) -> None:
    """Send the page the widgets of the part around ``landmark`` again, unless they were sent since the page last
    asked for every state."""
    # ipywidgets (8.1, pinned) keeps the comm of the page's last request for every state, closed or not
    asked = Widget._control_comm
    part = outermost(landmark)
    if asked is None or getattr(part, "_caught_up_with", None) is asked:
        return
    part._caught_up_with = asked
    for model_id in dependency_state(part, drop_defaults=False):  # (ipywidgets' own: the part and all it holds)
        widget = _instances[model_id]
        if widget.comm is not None:
            widget.send_state(changeable(widget))


def outermost(widget: Widget) -> Widget:
    """The box that holds ``widget`` and is held by none: the output a cell displayed."""
    holder = {id(child): box for box in list(_instances.values()) if isinstance(box, Box) for child in box.children}
    while id(widget) in holder:
        widget = holder[id(widget)]
    return widget


def changeable(widget: Widget) -> list[str]:
    """The state of ``widget`` the kernel may have changed since it was built: not the names of its model and view,
    nor a module's code, nor what the page sets itself."""
    return [
        key
        for key in widget.keys
        if not key.startswith(("_model_", "_view_")) and key not in CODE and not widget.trait_metadata(key, "from_page")
    ]
