"""Once a page has drawn a landmark, the kernel sends that part of the page again (widgets/catch_up.py): every
widget it holds, without the modules' code, once each time the page asked for every state. The browser test
(tests/browser/test_catch_up.py) shows a page that would otherwise miss a change."""

from __future__ import annotations

from typing import Any

from ipywidgets import Widget

from widgets.app import GameApp
from widgets.panels import Landmark
from widgets.tutor import Tutor


def drawn(landmark: Landmark) -> None:
    """What the landmark's view says once the page has drawn it."""
    landmark._handle_msg({"content": {"data": {"method": "custom", "content": {"drawn": True}}}, "buffers": []})


def test_a_drawn_landmark_has_its_part_of_the_page_sent_again_once_each_time_the_page_asks(monkeypatch) -> None:
    app, tutor = GameApp("napoletana", seed=4, bot_delay=0), Tutor("napoletana")
    (landmark,) = [child for child in app.widget.children if isinstance(child, Landmark)]
    sent: dict[str, dict[str, Any]] = {}

    def publish(comm, kind, data=None, **_rest) -> None:
        if kind == "comm_msg" and data["method"] == "update":
            sent[comm.comm_id] = data["state"]

    monkeypatch.setattr(type(app.widget.comm), "publish_msg", publish)
    drawn(landmark)
    assert sent == {}, "no page has asked for the widgets' states: nothing to catch up with"

    monkeypatch.setattr(Widget, "_control_comm", object())  # a page asked for every state
    drawn(landmark)
    assert app.board.table.model_id in sent and app.widget.layout.model_id in sent
    assert sent[app.board.table.model_id]["scene"] == app.board.table.scene
    assert not {tutor.widget.model_id, tutor.landmark.model_id} & set(sent), "another part of the page is not sent"
    assert "_esm" not in sent[landmark.model_id] and "name" in sent[landmark.model_id]

    sent.clear()
    drawn(landmark)  # drawn again (another view of it) before the page asks again
    assert sent == {}
    monkeypatch.setattr(Widget, "_control_comm", object())  # the page reloaded in JupyterLab
    drawn(landmark)
    assert app.board.table.model_id in sent
