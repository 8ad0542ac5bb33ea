"""Once a page has drawn a landmark, the kernel sends that part of the page again (widgets/catch_up.py): every
widget it holds, without the modules' code and what the page sets itself, once each time the page asked for every
state. The browser test (tests/browser/test_catch_up.py) shows a page that would otherwise miss a change."""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import pytest
from ipywidgets import Widget

from widgets.app import GameApp
from widgets.mastery import Kept
from widgets.panels import Landmark
from widgets.tutor import Tutor


def drawn(landmark: Landmark) -> None:
    """What the landmark's view says once the page has drawn it."""
    landmark._handle_msg({"content": {"data": {"method": "custom", "content": {"drawn": True}}}, "buffers": []})


@pytest.fixture
def sent(monkeypatch) -> dict[str, dict[str, Any]]:
    """Each widget's state the kernel sends as an update, by model id."""
    states: dict[str, dict[str, Any]] = {}

    def publish(comm, kind, data=None, **_rest) -> None:
        if kind == "comm_msg" and data["method"] == "update":
            states[comm.comm_id] = data["state"]

    monkeypatch.setattr(type(w.HTML().comm), "publish_msg", publish)
    return states


def a_page_asks(monkeypatch) -> None:
    """The page asks for every widget's state (it connected, or reloaded in JupyterLab)."""
    monkeypatch.setattr(Widget, "_control_comm", object())


def test_a_drawn_landmark_has_its_part_of_the_page_sent_again_once_each_time_the_page_asks(monkeypatch, sent) -> None:
    app, tutor = GameApp("napoletana", seed=4, bot_delay=0), Tutor("napoletana")
    (landmark,) = [child for child in app.widget.children if isinstance(child, Landmark)]
    sent.clear()  # (what building them sent)
    drawn(landmark)
    assert sent == {}, "no page has asked for the widgets' states: nothing to catch up with"

    a_page_asks(monkeypatch)
    drawn(landmark)
    assert app.board.table.model_id in sent and app.widget.layout.model_id in sent
    assert sent[app.board.table.model_id]["scene"] == app.board.table.scene
    assert not {tutor.widget.model_id, tutor.landmark.model_id} & set(sent), "another part of the page is not sent"
    assert "_esm" not in sent[landmark.model_id] and "name" in sent[landmark.model_id]
    assert not [key for state in sent.values() for key in state if key.startswith(("_model_", "_view_"))]
    menus = held_menus(app.widget)
    assert menus and all(list(sent[menu.model_id]["_options_labels"]) == list(menu._options_labels) for menu in menus)

    later = Landmark()
    app.widget.children = (*app.widget.children, later)
    sent.clear()
    drawn(landmark)  # drawn again (another view of it) before the page asks again
    drawn(later)  # one more landmark in the same part (the review's): its part is already sent
    assert sent == {}
    a_page_asks(monkeypatch)
    drawn(landmark)
    assert app.board.table.model_id in sent


def held_menus(box: w.Box) -> list[w.Dropdown]:
    found = []
    for child in box.children:
        if isinstance(child, w.Dropdown):
            found.append(child)
        elif isinstance(child, w.Box):
            found.extend(held_menus(child))
    return found


def test_what_the_page_sets_itself_is_not_sent_back(monkeypatch, sent) -> None:
    keeper, landmark = Kept(record='{"games": {}}', loaded=True), Landmark()
    w.VBox([landmark, keeper])
    sent.clear()
    a_page_asks(monkeypatch)
    drawn(landmark)
    assert "key" in sent[keeper.model_id]
    assert not {"record", "loaded"} & set(sent[keeper.model_id]), "the page's own record is never overwritten"


def test_what_waits_for_the_page_is_done_once_drawn_each_job_on_its_own() -> None:
    landmark, done = Landmark(), []
    landmark.when_drawn(lambda: 1 / 0)  # a job that fails: logged, and the next still runs
    landmark.when_drawn(lambda: done.append("first"))
    assert done == []
    drawn(landmark)
    drawn(landmark)
    assert done == ["first"]
    landmark.when_drawn(lambda: done.append("after"))  # the page has drawn it: at once
    assert done == ["first", "after"]
