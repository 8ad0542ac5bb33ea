"""The one board widget: Python decides everything, the ES module only draws a *scene* and reports clicks.

A scene is plain JSON, the same for every game (the per-game ``boards`` modules build it from a player's
view, so no hidden card can reach the browser):

    scene = {
      "title": "La partita Napoletana",          "subtitle": "Battle 1 of 3",
      "areas": [                                  # drawn top to bottom: opponents, the middle, the learner
        {"id": "black", "label": "Black · bot", "active": False,          # active: it is this area's turn
         "place": "north",       # optional: north | west | east | south; areas with a place sit around a table
         "field": True,          # optional: its rows lie side by side with big cards (Napoletana's field)
         "info": ["Coins ● ●", "Deck 20", "Jolly ready"],                  # short facts beside the label
         "zones": [
           {"id": "black.siege", "label": "Siege", "kind": "row",         # kind: row | column | hand | pile | deck
            "total": 12,                     # a number shown in a badge, or None
            "note": "Agility",               # a short remark on the zone, or ""
            "target": False,                 # True: the selected card may go here (highlighted, clickable)
            "verb": "place_here",            # on a target: what a click does (place_here | take_here | choose_here)
            "drop": False,                   # True: clickable while a card is picked up, even if not a target
            "stack": True,                   # True: equal ranks are drawn overlapping (NAP-5)
            "cards": [CARD, ...]}]}],
      "prompt": "Your turn: place a card, or pass.",
      "buttons": [{"id": "pass", "label": "Pass", "enabled": True, "kind": "primary"}],
      "flash": {"kind": "error", "text": "A 7 goes in the ranged row.", "rule": "NAP-5",   # or None; shown
                "detail": "Rows. A 7 ... goes in the ranged row."},  # beside the prompt, announced (aria-live)
      "last": ["You place 7♥ in your ranged row.", "Black places 9♠ in its siege row."],  # the moves since
                          # the learner's own (a bot's whole turn), a sentence each, older first; or []
      "words": {"place_here": "Place here", ...},   # the table's own few words, translated (see board.WORDS)
      "picks": {"7H": {"targets": {"red.ranged": "place_here"}, "drops": ["red.front", "red.ranged", ...]},
                "": {...}},   # for each card the learner may pick up ("": none picked up), the places then lit,
                              # with their verb, and the places that take a click: the page draws a pick at once
    }
    CARD = {"id": "7H", "rank": "7", "suit": "H",      # rank A 2..10 J Q K or X (joker, suit R or B)
            "back": False,                              # True: face down; then id/rank/suit are None
            "value": 14, "tag": "army ×2",              # current value and a short note, or None / ""
            "selectable": True, "selected": False,      # the learner may pick it / has picked it
            "fresh": False, "label": "7 of hearts"}     # fresh: just arrived (animated); label: for screen readers
            # optional "turned": True draws a card lying sideways (Pattuglia's Captain of a Complete Patrol)

A column zone draws its cards top to bottom, each showing the top of the one above; consecutive columns of an
area stand side by side.

A card of another deck carries ``face`` instead of rank and suit: Njet!'s ``{"value": 5, "colour": "blue",
"suit": "S"}``, or a game's own card, recognised by its ``title`` and drawn as HTML so its text wraps::

    "face": {"title": "Capitano", "value": 5,        # name, and the big number in the corner (or None)
             "colour": "red",                        # red yellow green blue black grey purple orange brown
                                                     # pink teal gold, or a CSS colour
             "symbol": "★",                          # drawn large: the cue that is not colour
             "text": "Défausse : ...",               # an effect text, or absent
             "tags": ["Foule", "Rare"], "pennant": "Les Canards", "corner": "12/36"}   # all optional

``scene["card_size"] = "large"`` draws every card bigger, for faces whose text must be read: a normal-size rich
face shows its name, value, symbol and tags only (its text stays in the label and tooltip), so that no text on
the board is under 12 px. Face-up hands never overlap below half a card: they wrap onto more lines.

A card in ``picks`` is picked up (or put back) by the page itself, which draws the scene with its places lit and
then tells Python, whose next scene shows the same; only a move waits for Python. Until Python's ``answered``
count shows it has heard that click, a scene it sends (the echo of an earlier click, a bot's move) is drawn with the
page's pick applied.

Clicks come back as messages: ``{"kind": "card", "card": "7H", "zone": "red.hand"}``,
``{"kind": "zone", "zone": "red.ranged"}``, ``{"kind": "button", "id": "pass"}``, and ``{"kind": "idle"}`` for a
click on a card or place that does nothing now (Python answers with what would). Keys: Enter or Space on a
card, place or button; Escape puts a picked-up card back; Tab goes round the places it may go; arrow keys move
along a zone. A pile's ``count`` ("3 cards") is its size in words.
Nothing from the browser is trusted: a message of any other shape (a forged one, since our page sends none) is
dropped with a log line before a listener hears it, and a listener refuses a card, zone or button it does not know
as it refuses a wrong move.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardlib.core.protocol import excerpt

_STATIC = Path(__file__).parent / "static"
_LOG = logging.getLogger(__name__)

Click = dict[str, Any]
# What each kind of click carries: text, or null for a card drawn face down. Ids are short; a longer one is forged.
FIELDS = {"card": ("card", "zone"), "zone": ("zone",), "button": ("id",), "idle": ()}
LONGEST_ID = 200


def well_formed(content: Any) -> Click | None:
    """The click in ``content`` if it is one our page sends (see the module's docstring), else None."""
    if (
        not isinstance(content, dict)
        or content.get("kind") not in FIELDS
        or set(content) - {"kind", "card", "zone", "id"}
    ):
        return None
    fields = FIELDS[content["kind"]]
    values = {name: content.get(name) for name in fields}
    if not all(value is None or (isinstance(value, str) and len(value) <= LONGEST_ID) for value in values.values()):
        return None
    return {"kind": content["kind"], **values}


class Table(anywidget.AnyWidget):
    """Draws a scene; ``on_click`` registers who hears the learner's clicks."""

    _esm = _STATIC / "table.js"
    _css = _STATIC / "table.css"
    scene = traitlets.Dict().tag(sync=True)
    big = traitlets.Bool(False).tag(sync=True)  # larger cards and type, for a projector
    name = traitlets.Unicode("").tag(sync=True)  # the board's name on its page, e.g. "Lesson board"
    # How many clicks Python has answered, sent with the scene of the answer: the page knows from it which of its
    # clicks a scene has seen, so it keeps a card it picked up itself until the kernel has heard of the pick.
    answered = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._listeners: list[Callable[[Click], None]] = []
        self._after: list[Callable[[], None]] | None = None  # while a click is answered: what waits for the answer
        self.on_msg(self._received)

    def on_click(self, listener: Callable[[Click], None]) -> None:
        self._listeners.append(listener)

    def after_answer(self, job: Callable[[], None]) -> None:
        """Run ``job`` once the answer to the click being heard has gone to the page (at once outside a click).

        What else a move changes (a log, buttons, the bots' turn) then follows the learner's answer instead of
        holding it back: when a whole class clicks at once, every message sent before the answer is one more the
        server relays, for every learner, before the learner sees the move."""
        if self._after is None:
            job()
        else:
            self._after.append(job)

    def click(self, **message: Any) -> None:
        """Act as if the browser had sent ``message``: what the tests and the keyboard-free demos use."""
        self._received(self, message, [])

    def _received(self, _widget: object, content: Any, _buffers: object) -> None:
        click = well_formed(content)
        if click is None:
            _LOG.warning("The board ignored a message its page cannot have sent: %s", excerpt(content, 120))
            return
        self._after = []
        try:
            with self.hold_sync():  # the answer's scene and its count reach the page in one message
                try:
                    for listener in self._listeners:
                        listener(click)
                finally:
                    self.answered += 1
        finally:
            after, self._after = self._after, None
            for job in after:
                job()
