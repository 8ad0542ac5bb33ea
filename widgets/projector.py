"""A shared table on the projector (issue 35): the public view while the game goes on, every hand hidden; every
hand once it is over. The projector is a spectator of the table service: it is sent no card a seat holds until the
game ends (``tables.table.sent_to``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import ipywidgets as w

import cardlib
from cardlib.core import retold
from cardlib.core.i18n import _, current_language
from tables.client import Seat
from tables.table import teacher_ended

from .board import WORDS, Board, count_words
from .boards import layout
from .language import PagePart, speak
from .panels import feedback, guarded, rules_panel
from .roles import played_by
from .sharing import away, roles, seats_html
from .table import Table


class Projector(PagePart):
    """A table on the projector: the public view while the game goes on (every hand hidden), every hand once it is
    over; the seats and whose turn it is above it."""

    def __init__(self, service: str, code: str, lang: str | None = None):
        speak(lang)
        self.service, self.code = service, code
        self.who = w.HTML()
        self.feedback = w.HTML()
        self.board = Table(name=_("Projector board"), big=True)
        self.rules = w.HTML()
        # what the projector has to say (the teacher ended the table, the service is away) above the board, where
        # the class looks
        self.widget = w.VBox([self.who, self.feedback, self.board, self.rules], layout=w.Layout(max_width="1400px"))
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
        first = next(iter(table["seats"]))
        if "world" in table:  # over: every hand face up
            state = game.from_json(table["world"])
            board = Board(layout(game.id), state, first)
            board.reveal, board.roles = True, roles(table, None)
            board.redraw()
            scene = board.table.scene
        else:
            with played_by(roles(table, None)):
                scene = spectator_scene(game.id, table["view"], first)
        self.board.scene = scene
        if not self.rules.value:
            self.rules.value = rules_panel(game)
        self.who.value = seats_html(table, None, game.seat_name)
        if table.get("ended"):
            self.feedback.value = feedback("info", teacher_ended())

    def stop(self) -> None:
        if self.watching is not None:
            self.watching.close()


def spectator_scene(game_id: str, view: dict[str, Any], seat: str) -> dict[str, Any]:
    """The board as a spectator sees it: the public view drawn from ``seat``'s side, nothing to pick up."""
    scene = layout(game_id).scene(view, seat)
    for area in scene["areas"]:
        for zone in area["zones"]:
            zone |= {"target": False, "drop": False, "own": False}
            if zone.get("kind") in ("pile", "deck"):
                zone["count"] = count_words(len(zone["cards"]))
            for card in zone["cards"]:
                card |= {"selectable": False, "selected": False, "fresh": False}
    return scene | {
        "words": {key: _(text) for key, text in WORDS.items()} | scene.get("words", {}),
        "prompt": "",
        "buttons": [],
        "flash": None,
        "last": retold([event["text"] for event in view["events"]]),
        "picks": {},
    }
