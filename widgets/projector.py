"""A shared table on the projector (issue 35): the room's view of it, on a wall. While the game goes on it shows
what everybody may see, each hidden hand only as its count; once it is over, every hand, and who won, large. The
projector is a spectator of the table service: it is sent no card a seat holds until the game ends
(``tables.table.sent_to``).

The page speaks for the room, not for a seat: each layout draws its scene for no seat (``scene(view, None)``),
naming every seat by its name. Above the board stand the table's code and how to join it, large enough to read from
the back of a class; the board (``Tabletop(projector=True)``) is as large as the window holds it whole.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

import cardlib
from cardlib.core import retold
from cardlib.core.i18n import _, current_language
from cardlib.core.serial import message
from tables.client import Seat
from tables.table import teacher_ended

from .board import WORDS, count_words
from .language import PagePart, speak
from .layouts import layout
from .panels import feedback, guarded, rules_panel
from .roles import played_by
from .scene import LayoutScene, Scene
from .sharing import away, roles, seats_html
from .tabletop import Tabletop

_STATIC = Path(__file__).parent / "static"


class Heading(anywidget.AnyWidget):
    """The projector's heading: the game and its table, and how to join it, the code large. The address is the
    learners' page (this page's own, without its query): only the browser knows it as the class reaches the server,
    so the page fills in ``{address}``, and ``{code}`` with the code in large letters."""

    _esm = _STATIC / "projector.js"  # built from widgets/js/projector.js (make js)
    _css = _STATIC / "projector.css"
    title = traitlets.Unicode("").tag(sync=True)
    join = traitlets.Unicode("").tag(sync=True)  # the sentence, with {address} and {code} for the page to fill
    code = traitlets.Unicode("").tag(sync=True)


class Projector(PagePart):
    """A table on the projector: the room's view while the game goes on (every hand a count), every hand and who
    won once it is over; how to join above it, and who sits where."""

    def __init__(self, service: str, code: str, lang: str | None = None):
        speak(lang)
        self.service, self.code = service, code
        self.heading = Heading(code=code, join=_("Join this table: open {address} and type the code {code}."))
        self.who = w.HTML()
        self.feedback = w.HTML()
        self.board = Tabletop(name=_("Projector board"), projector=True)
        self.rules = w.HTML()
        # what the projector has to say (the teacher ended the table, the service is away) right above the board,
        # where the class looks; who sits where below it: the board names every seat, and the window is the board's
        self.widget = w.VBox([self.heading, self.feedback, self.board, self.who, self.rules])
        self.widget.add_class("cg-projector-page")
        self.watching: Seat | None = None
        self.task = asyncio.ensure_future(self._watch())

    async def _watch(self) -> None:
        try:
            self.watching = await Seat.watch(self.service, self.code, lang=current_language())
        except ValueError as refused:  # the service's sentence: no such table
            self.feedback.value = feedback("error", str(refused))
            return
        except Exception:  # (refused, reset, a proxy's error page): the projector says so and waits for a reload
            self.feedback.value = feedback("error", away())
            return
        self.watching.told = lambda table: guarded(lambda: self.show(table), self.feedback)
        self.show(self.watching.table)

    def show(self, table: dict[str, Any]) -> None:
        game = cardlib.load(table["game"])
        view = table["view"]
        if "world" in table:  # over: every hand face up, as its own player sees it
            state = game.from_json(table["world"])
            view = layout(game.id).reveal(state.view(None), {who: state.view(who) for who in state.players})
        self.board.scene = dict(room_scene(game.id, view, roles(table, None)))
        self.heading.title = _("{game}, table {code}", game=_(game.title), code=self.code)
        if not self.rules.value:
            self.rules.value = rules_panel(game)
        self.who.value = seats_html(table, None, game.seat_name)
        if table.get("ended"):
            self.feedback.value = feedback("info", teacher_ended())

    def stop(self) -> None:
        if self.watching is not None:
            self.watching.close()


def room_scene(game_id: str, view: dict[str, Any], played: dict[str, str] | None = None) -> Scene:
    """The board as the room sees it: the layout's scene for no seat, nothing to pick up; once the game is over,
    who won, said for everyone and marked on the winners' places. ``played``: who plays each seat (widgets/roles.py)."""
    with played_by(played):
        scene: LayoutScene = layout(game_id).scene(view, None)
    result = view["result"]
    for area in scene["areas"]:
        if result and area["id"] in result["winners"]:
            area["winner"] = True
        # a hand shown empty at the end says nothing a count does not: the room's board keeps the room for the rest
        area["zones"] = [zone for zone in area["zones"] if zone["kind"] != "hand" or zone["cards"]]
        for zone in area["zones"]:
            zone |= {"target": False, "drop": False, "own": False}
            if zone.get("kind") in ("pile", "deck"):
                zone["count"] = count_words(len(zone["cards"]))
            for card in zone["cards"]:
                card |= {"selectable": False, "selected": False, "fresh": False}
    # the view's messages are data (the table service's JSON): said here, in the projector page's language
    said = [message(event["text"], "events.text") for event in view["events"]]
    return {
        **scene,
        "words": {key: _(text) for key, text in WORDS.items()} | scene.get("words", {}),
        # the game's end in words nobody is "you" in
        "prompt": str(message(result["reason"], "result.reason")) if result else "",
        "buttons": [],
        "flash": None,
        "last": [str(line) for line in retold(said)],
        "picks": {},
    }
