"""The one board widget: Python decides everything, the ES module only draws a *scene* and reports clicks.

A scene is plain JSON, the same for every game: its contract is the types in ``widgets/scene.py`` (``Scene``,
``Area``, ``Zone``, ``Card``, ...), which the per-game ``layouts`` modules build from a player's view, so no hidden
card can reach the browser. A face-up hand never overlaps below half a card: it wraps onto more lines; a rich face
(``Card.face`` with a ``title``) of normal size shows its name, value, symbol and tags only, its text staying in
the label and tooltip, so that no text on the board is under 12 px (``card_size: "large"`` draws them bigger).

A card in ``picks`` is picked up (or put back) by the page itself, which draws the scene with its places lit and
then tells Python, whose next scene shows the same; only a move waits for Python. Until Python's ``answered``
count shows it has heard that click, a scene it sends (the echo of an earlier click, a bot's move) is drawn with the
page's pick applied.

Clicks come back as messages: ``{"kind": "card", "card": "7H", "zone": "red.hand"}``,
``{"kind": "zone", "zone": "red.ranged"}``, ``{"kind": "button", "id": "pass"}``, and ``{"kind": "idle"}`` for a
click on a card or place that does nothing now (Python answers with what would). A press of the mouse, a finger or
a pen is acted on at its release from the page's own record of what was pressed, not from the browser's click
event, which never comes when a redraw moved the pressed node in between: every press on the board reaches Python,
which answers each in the order sent, with a sentence where it cannot be taken. Keys: Enter or Space on a
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


class Tabletop(anywidget.AnyWidget):
    """Draws a scene; ``on_click`` registers who hears the learner's clicks."""

    _esm = _STATIC / "table.js"  # built from widgets/js/table.js and the modules it imports (make js)
    _css = _STATIC / "table.css"
    scene = traitlets.Dict().tag(sync=True)
    big = traitlets.Bool(False).tag(sync=True)  # larger cards and type, for a projector
    # the room's board on a wall (widgets/projector.py): as large as the window holds it whole, never smaller than
    # its type can be read from the back of a class
    projector = traitlets.Bool(False).tag(sync=True)
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
