"""A page catches up with its kernel once it has drawn its widgets.

As a page connects (Voilà's, or a notebook's in JupyterLab), it asks the kernel for the state of every widget
(ipywidgets' ``request_states``), then builds each widget's model, loading the model's code first. An update the
kernel sends in between reaches a model that is not listening yet, and the page drops it: a projector whose table
answered while its page was being built kept an empty list of seats until the next move. A kernel cannot tell when
the page is done, so the page tells it: a landmark (``widgets.panels.Landmark``), once drawn, says so, and by then
every widget of the page's part around it has its model (a box is built only once all it holds is). The kernel then
sends that part's widgets again, once each time the page asked for every state; what the page already has changes
nothing there.
"""

from __future__ import annotations

from collections.abc import Iterator

from ipywidgets import Box, Widget
from ipywidgets.widgets.widget import _instances


def catch_up(landmark: Widget) -> None:
    """Send the page the widgets of the part around ``landmark`` again, unless they were sent since the page last
    asked for every state."""
    asked = Widget._control_comm  # (ipywidgets: the comm of the page's last request for every state)
    if asked is None or getattr(landmark, "_caught_up_with", None) is asked:
        return
    landmark._caught_up_with = asked
    for widget in held(outermost(landmark)):
        if widget.comm is not None:
            widget.send_state(changeable(widget))


def outermost(widget: Widget) -> Widget:
    """The box that holds ``widget`` and is held by none: the output a cell displayed."""
    holder = {id(child): box for box in list(_instances.values()) if isinstance(box, Box) for child in box.children}
    while id(widget) in holder:
        widget = holder[id(widget)]
    return widget


def held(widget: Widget) -> Iterator[Widget]:
    """``widget`` and every widget it holds, its layout and style among them."""
    seen: set[int] = set()
    todo = [widget]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        for key in widget.keys:
            value = getattr(widget, key)
            items = value if isinstance(value, list | tuple) else [value]
            todo.extend(item for item in items if isinstance(item, Widget))


def changeable(widget: Widget) -> list[str]:
    """The state ``widget`` may have changed since it was built: not the names of its model and view, nor a module's
    code (anywidget's ``_esm``, ``_css``, which are large)."""
    return [key for key in widget.keys if key == "_dom_classes" or not key.startswith("_")]
