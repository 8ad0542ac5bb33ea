"""Small pieces of page shared by the tutor and the app: the rule card, the rules panel, the feedback line."""

from __future__ import annotations

import json
import logging
import sys
import traceback
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets
from ipywidgets.widgets.widget_description import DescriptionWidget

from cardlib.core import Game
from cardlib.core.i18n import Message, _

from .catch_up import catch_up

# Failures go to the kernel's own stderr, which Voilà prints in the terminal it runs in: the teacher's, never the
# page's (sys.stderr in a kernel is sent to the front end).
log = logging.getLogger(__name__)
log.addHandler(logging.StreamHandler(sys.__stderr__))
log.propagate = False

STYLE = "font-size: 1rem; line-height: 1.45; max-width: 60rem;"


def rule_card(game: Game, rule_id: str | None) -> str:
    """One ruling as the learner reads it, with the house note when our reading departs from the seed."""
    if not rule_id or rule_id not in game.rules:
        return ""
    rule = game.rules[rule_id]
    # The rule books hold English (their entries are catalog keys); they are translated here, where shown.
    house = f"<div class='cg-house'><b>{escape(_(rule.house))}</b></div>" if rule.house else ""
    return (
        f"<div class='cg-rule'><span class='cg-rule-id'>{rule.id}</span> <b>{escape(_(rule.title))}.</b> "
        f"{escape(_(rule.text))}{house}</div>"
    )


def rules_panel(game: Game) -> str:
    items = "".join(f"<li>{rule_card(game, rule_id)}</li>" for rule_id in game.rules)
    summary = escape(_("The rules"))
    return f"<details class='cg-rules'><summary>{summary}</summary><ul>{items}</ul></details>"


def element(tag: str, text: str) -> str:
    """``text`` as one HTML element: ``element("h2", _("The tables"))`` (a sentence is never inside an f-string,
    where `make messages` would not find it)."""
    return f"<{tag}>{escape(text)}</{tag}>"


def happened(lines: Sequence[Message | str]) -> str:
    """The log beside a board: what happened, the newest last, each line said here in the page's language."""
    items = "".join(f"<li>{escape(str(line))}</li>" for line in lines)
    summary = element("summary", _("What happened"))
    return f"<details open>{summary}<ol>{items}</ol></details>"


def feedback(kind: str, text: str, game: Game | None = None, rule: str | None = None) -> str:
    """A feedback line (kind: success | error | info), followed by the rule it is about."""
    icon = {"success": "✔", "error": "✘", "info": "ℹ"}.get(kind, "")
    card = rule_card(game, rule) if game else ""
    return f"<div class='cg-feedback cg-{kind}' style='{STYLE}'>{icon} {escape(text)}{card}</div>"


def error_panel(error: BaseException) -> str:
    """What a learner sees when something breaks: a calm sentence, and, folded away, the details a teacher can
    copy into a bug report (the exception and where it happened, without the word that alarms: no traceback
    header). The copy button is an inline handler because ipywidgets' HTML runs no <script>."""
    frames = traceback.extract_tb(error.__traceback__)
    where = "\n".join(f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in frames[-6:])
    what = traceback.format_exception_only(error)[-1].strip()
    details = f"{what}\n{where}".strip()
    copied, calm = _("Copied"), _("Something went wrong. The board is as it was: try again, or ask your teacher.")
    summary, button = _("Details for the teacher"), _("Copy details")
    copy = (
        "const pre = this.parentElement.querySelector('pre');"
        "navigator.clipboard.writeText(pre.textContent).then("
        f"() => {{ this.textContent = {json.dumps(copied)}; }},"
        "() => { const range = document.createRange(); range.selectNodeContents(pre);"
        " const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range); });"
    )
    return (
        f"<div class='cg-feedback cg-error cg-error-panel' role='alert' style='{STYLE}'>"
        f"✘ {escape(calm)}"
        f"<details><summary>{escape(summary)}</summary>"
        f"<pre class='cg-error-details' style='white-space:pre-wrap;font-size:.85rem'>{escape(details)}</pre>"
        f"<button type='button' class='cg-copy' onclick=\"{escape(copy)}\">{escape(button)}</button>"
        "</details></div>"
    )


def guarded(action: Callable[[], None], output: w.HTML) -> None:
    """Run a button's or a board's callback; if it fails, show the error panel in ``output`` (and log the whole
    traceback for the server's log) instead of losing it, or showing learners a traceback."""
    try:
        action()
    except Exception as error:  # the page must stay usable whatever went wrong
        log.exception("a callback failed")
        output.value = error_panel(error)


def whole_labels(*controls: w.DOMWidget) -> None:
    """Show each control's whole label: a button as wide as its label, a field's description as wide as its words.
    ipywidgets gives every button 148 px and every description 80, which cut French and Italian labels ("Coup
    suivant du …", "Parola chi…") where the English fitted."""
    for control in controls:
        if isinstance(control, w.Button | w.ToggleButton):
            control.layout.width = "auto"
        elif isinstance(control, DescriptionWidget):  # (a FileButton draws its own, whole)
            control.style.description_width = "initial"


def controls(*children: w.DOMWidget) -> w.HBox:
    """A row of buttons and fields, each label whole, that wraps onto more lines where the window is narrow (a phone)
    instead of cutting them."""
    whole_labels(*children)
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap"))


class FileButton(anywidget.AnyWidget):
    """A button that opens the browser's file chooser and gives ``on_file`` the file's name, its text and its size
    (of a file over ``max_bytes`` bytes only the first come: the reader refuses it by its size). Only the browser
    can open a chooser, on the click itself; ipywidgets' FileUpload would also say how many files it holds beside
    its label ("Load a file (0)")."""

    _esm = Path(__file__).parent / "static" / "filebutton.js"  # built from widgets/js/filebutton.js (make js)
    label = traitlets.Unicode().tag(sync=True)
    tip = traitlets.Unicode().tag(sync=True)
    accept = traitlets.Unicode().tag(sync=True)
    max_bytes = traitlets.Int().tag(sync=True)

    def __init__(self, accept: str, max_bytes: int, on_file: Callable[[str, str, int], None], **traits: Any):
        """``traits``: the button's ``label`` and ``tip``."""
        super().__init__(accept=accept, max_bytes=max_bytes, **traits)
        self.on_msg(lambda _widget, file, _buffers: on_file(*self._read(file)))

    @staticmethod
    def _read(file: Any) -> tuple[str, str, int]:
        """The name, text and size (in bytes, as the browser measured it) of what the page sent, read as such."""
        file = file if isinstance(file, dict) else {}
        size = file.get("size")
        return str(file.get("name")), str(file.get("text") or ""), size if type(size) is int else 0


class Landmark(anywidget.AnyWidget):
    """An invisible place on the page that the gallery links to (``napoletana.ipynb#play``).

    Voilà shows the cells only once they have all run, and the widgets even later, so the browser's own jump
    to the ``#fragment`` finds nothing to jump to. The landmark scrolls itself into view when it is drawn, and
    again while the widgets above it are still growing, unless the learner has scrolled meanwhile.

    ``take_focus``: drawn in answer to a press (a review asked for), it takes the focus to the first heading drawn
    after it, so a keyboard or screen reader user goes where the press led and hears its heading (a widget's own
    ``focus()`` would be lost there, sent before the page has drawn the new widget). Its ``focus()`` does the same
    later (a lesson's title when the button the focus was on greys): an HTML widget's own would focus nothing.
    Without a ``name`` it is only that.

    Once drawn, it tells the kernel, which sends the page again what it may have missed while it was being built
    (widgets/catch_up.py), and does what was waiting for the page (``when_drawn``).
    """

    _esm = Path(__file__).parent / "static" / "landmark.js"  # built from widgets/js/landmark.js (make js)
    name = traitlets.Unicode().tag(sync=True)
    take_focus = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._drawn = False
        self._waiting: list[Callable[[], None]] = []
        self.on_msg(self._told)

    def when_drawn(self, job: Callable[[], None]) -> None:
        """Do ``job`` once the page has drawn the landmark, at once if it has: a button's ``focus()`` asked before
        its page is drawn is lost."""
        if self._drawn:
            job()
        else:
            self._waiting.append(job)

    def _told(self, _widget: Any, message: Any, _buffers: Any) -> None:
        if message != {"drawn": True}:
            return
        self._drawn = True
        jobs, self._waiting = [lambda: catch_up(self), *self._waiting], []
        for job in jobs:
            try:  # each on its own: one that fails keeps no other from the page
                job()
            except Exception:
                log.exception("a job waiting for the page's landmark failed")


class Fragment(anywidget.AnyWidget):
    """A secret the page's address carries after its "#" (``lobby.ipynb#key=...``), as ``value`` once the page has
    drawn it; the page takes it out of its address bar at once, and no server is ever sent it."""

    _esm = Path(__file__).parent / "static" / "fragment.js"  # built from widgets/js/fragment.js (make js)
    name = traitlets.Unicode().tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True, from_page=True)  # (widgets/catch_up.py)
