"""Save, load and share in the page: the buttons, the file chooser and the share link's box. The format itself, its
checks and its limits are ``cardlib.saves``.

Voilà passes a page's query string to the kernel (``where.page_query``): as the environment variable
``QUERY_STRING`` when the page starts its kernel, and, for a preheated kernel (``make classroom``), once a page
takes it (``preheated.when_page``); a share link's position is read from there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from cardlib.core import Game, State
from cardlib.core.i18n import _
from cardlib.saves import (
    MAX_FILE_BYTES,
    SaveError,
    dumps,
    from_link_code,
    link_code,
    loads,
    shared_code,
    too_big,
)
from cardlib.session import Kind

from .language import said
from .panels import guarded
from .preheated import when_page
from .where import notebook_file, page_query

_taken = threading.Lock()  # the link's position is for the first app the notebook makes, not for one made later


def when_shared(callback: Callable[[str], None]) -> None:
    """Call ``callback(code)`` with the share link's position the page was opened with, once per kernel (in a
    preheated kernel, once a page has taken it: ``preheated.when_page``). Outside Voilà (JupyterLab, tests) there is
    no link, and nothing happens."""

    def take() -> None:
        if not _taken.acquire(blocking=False):
            return
        code = shared_code(page_query())
        if code:
            callback(code)

    when_page(take)


# -- in the page ------------------------------------------------------------------------------------------------

_STATIC = Path(__file__).parent / "static"


def _words() -> dict[str, str]:
    """The bar's own words, for its page to show."""
    return {
        "save": _("Save"),
        "save_tip": _("Download this game as a JSON file"),
        "load": _("Load"),
        "load_tip": _("Open a saved game (a JSON file of at most 100 kB)"),
        "share": _("Share"),
        "share_tip": _("A link that opens this position in this app"),
        "link": _("Link to this position:"),
        "copy": _("Copy link"),
        "copied": _("Copied"),
    }


class SaveBar(anywidget.AnyWidget):
    """The app's Save, Load and Share. ``current()`` gives the position and the learner's seat to save; ``start``
    puts a loaded one on the board. What happens is said by ``say`` (on the board, beside the prompt, announced to
    screen readers); a refused file or link changes nothing and says which field and why. ``errors`` shows what
    breaks unexpectedly (the app's error panel).

    A share link is made in the browser, since only the page knows its address: in Voilà, the page itself; in
    JupyterLab, the same notebook in Voilà (widgets/where.py)."""

    # The buttons are drawn by widgets/js/saves.js, not by ipywidgets, because only the browser can open a file
    # chooser (on the click itself) and hand a file to the learner; they wear ipywidgets' button classes so they
    # look like the app's others.
    _esm = _STATIC / "saves.js"
    _css = _STATIC / "saves.css"
    code = traitlets.Unicode("").tag(sync=True)  # the position of the link shown, or "" for no link
    max_bytes = traitlets.Int(MAX_FILE_BYTES).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    file = traitlets.Unicode("").tag(sync=True)  # widgets/where.py
    home = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        game: Game,
        current: Callable[[], tuple[State, str]],
        start: Callable[[State, str], None],
        say: Callable[[Kind, str], None],
        errors: w.HTML,
    ):
        super().__init__(words=_words(), **notebook_file())
        said(self, words=_words)  # said again if a preheated kernel's page asks for another language
        self.game, self.current, self.start, self.say, self.errors = game, current, start, say, errors
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        actions = {
            "save": self.save,
            "share": self.share,
            "load": lambda: self.load_file(str(content.get("name")), content.get("text") or "", content.get("size")),
        }
        if content.get("do") in actions:
            guarded(actions[content["do"]], self.errors)

    def save(self) -> None:
        state, seat = self.current()
        self.send({"kind": "download", "text": dumps(state, seat), "filename": f"{self.game.id}-position.json"})
        self.say("success", _("The game is saved as a file: Load opens it again."))

    def share(self) -> None:
        try:
            self.code = link_code(*self.current())
        except SaveError as error:
            self.code = ""
            self.say("error", str(error))
            return
        self.say("success", _("The link below opens this position in this app: copy it and send it."))

    def load_file(self, name: str, content: bytes | str, size: int | None = None) -> None:
        """A file the learner chose (``size`` as the browser measured it: a file over the limit is not sent)."""
        size = len(content.encode("utf-8") if isinstance(content, str) else content) if size is None else size
        try:
            if size > MAX_FILE_BYTES:
                raise SaveError(too_big(size))
            state, seat = loads(content, self.game, self.current()[1])
        except SaveError as error:
            text = _("{file} cannot be loaded; the game is as it was. {why}", file=name, why=error)
            self.say("error", text)
            return
        self.start(state, seat)
        self.say("success", _("{file} is loaded: the game goes on from there.", file=name))

    def load_link(self, code: str) -> None:
        try:
            state, seat = from_link_code(code, self.game, self.current()[1])
        except SaveError as error:
            text = _("The shared link's position cannot be opened, so a new game starts: {why}", why=error)
            self.say("error", text)
            return
        self.start(state, seat)
        self.say("success", _("This is the position of the link you opened."))
