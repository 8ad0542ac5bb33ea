"""``display`` and ``clear_output`` for the static site: a widget displayed in a cell is shown below that cell
(browser_kernel.run_cell collects them); anything else a notebook of ours never displays is refused by name."""

from typing import Any

shown: list[str] = []  # the model ids of the widgets displayed by the cell running now


def display(*objects: Any, **kwargs: Any) -> None:
    from ipywidgets import Widget

    for shown_object in objects:
        if isinstance(shown_object, Widget):
            shown.append(shown_object.model_id)
        elif hasattr(shown_object, "_ipython_display_"):
            shown_object._ipython_display_()
        else:
            raise TypeError(f"the static site shows widgets only, not {type(shown_object).__name__}")


def clear_output(wait: bool = False) -> None:
    raise NotImplementedError("the static site has no output areas to clear")
