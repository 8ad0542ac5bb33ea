"""The learner's record in the page (``cardlib/mastery.py`` is the record itself): kept in the learner's own browser,
in its ``localStorage`` under one key (``KEY``; under JupyterHub one key per hub user, since every learner's server
shares the hub's address), and sent nowhere else, on both faces: Voilà and the static site run the same widget.

A page has one learner (``learner()``). Its keeper, an invisible widget (``Kept``, ``widgets/js/kept.js``), is on
every game's page (``widgets/page.py``'s ``introduction``) and in the gallery; the page's tutor and game app make the
record hear the learner through their sessions (``follow``).

For the teacher, with consent built in: under JupyterHub only, the page reports the record's summary (per game, the
lessons done and the rules mastered, nothing else) to the class's table service, as the learner (the kernel's hub
token: ``tables.client``), a few seconds after it changes; the teacher's lobby lists it (docs/teachers.md).
Outside JupyterHub nothing is reported.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import anywidget
import traitlets

from cardlib.core.i18n import Message
from cardlib.core.lessons import Lesson
from cardlib.mastery import Mastery, read
from cardlib.session import Session

from .panels import log
from .preheated import when_page
from .where import IN_BROWSER, page_query

KEY = "cg-mastery"
REPORT_AFTER = 3.0  # seconds a report waits for more changes: a game's moves come quickly, one report for them


def key() -> str:
    """Where the browser keeps the record: one key, or under JupyterHub one per learner (a school's shared computer,
    where learners take turns in one browser, keeps each learner's apart)."""
    user = os.environ.get("JUPYTERHUB_USER", "")
    return f"{KEY}:{user}" if user else KEY


class Kept(anywidget.AnyWidget):
    """The record as the browser keeps it: its JSON text, read by the page when it draws this (``loaded``), written
    back whenever Python sets it, and taken again when another tab writes it."""

    _esm = Path(__file__).parent / "static" / "kept.js"  # built from widgets/js/kept.js (make js)
    key = traitlets.Unicode(KEY).tag(sync=True)
    record = traitlets.Unicode("").tag(sync=True, from_page=True)  # (widgets/catch_up.py)
    loaded = traitlets.Bool(False).tag(sync=True, from_page=True)


class Learner:
    """This page's learner: the record (``mastery``), what could not be read of the kept one (``problems``), and
    whoever wants to hear that it changed (``on_change``). ``keeper`` is the widget that keeps it in the browser."""

    def __init__(self, keeper: anywidget.AnyWidget | None = None) -> None:
        """``keeper``: a widget with ``Kept``'s traits (``key``, ``record``, ``loaded``) kept by ``kept.js``: by
        default a ``Kept`` of its own."""
        self.mastery = Mastery()
        self.problems: list[Message] = []
        self.loaded = False
        self.keeper = keeper if keeper is not None else Kept(key=key())
        self._listeners: list[Callable[[], None]] = []
        self._report: asyncio.Task[None] | None = None
        self.keeper.observe(self._kept, ["record", "loaded"])

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def _kept(self, change: dict[str, Any]) -> None:
        """The browser gave the record it keeps (the page drew the keeper, or another tab wrote it)."""
        if not self.keeper.loaded:
            return
        text = self.keeper.record
        if self.loaded and text == self.text():
            return  # our own write, come back
        heard, self.problems = read(text)
        if not self.loaded and self.mastery:  # heard before the browser answered: added to what it kept
            for game_id, record in self.mastery.games.items():
                for lesson in record.lessons:
                    if lesson not in heard.game(game_id).lessons:
                        heard.game(game_id).lessons.append(lesson)
                for rule, met in record.rulings.items():
                    into = heard.game(game_id).met(rule)
                    into.taught, into.applied, into.refused = (
                        into.taught + met.taught,
                        into.applied + met.applied,
                        into.refused + met.refused,
                    )
                    for mark in met.lately:
                        into.came_up(mark)
        # the same record, its contents taken: the sessions' hooks (``follow``) write to this one
        self.mastery.games, self.loaded = heard.games, True
        self.keeper.record = self.text()  # (what could not be read is no longer kept)
        self._changed(report=False)

    def text(self) -> str:
        """The record as the browser keeps it: its JSON, or nothing for an empty record."""
        return self.mastery.dumps() if self.mastery else ""

    def changed(self) -> None:
        """The record changed here: kept in the browser, reported, and told to whoever listens."""
        self.keeper.record = self.text()
        self._changed(report=True)

    def _changed(self, report: bool) -> None:
        for listener in self._listeners:
            listener()
        if report:
            self.report()

    # -- the hooks -----------------------------------------------------------------------------------------------

    def follow(self, session: Session, later: Callable[[Callable[[], None]], None] = lambda job: job()) -> None:
        """Hear the learner in ``session`` (a lesson's, a game's, a table seat's; not hot-seat's, whose moves are
        classmates'): ``cardlib.mastery.Mastery.follow``. ``later`` runs what a change sends the browser once the
        board's answer to the click has gone (``Tabletop.after_answer``): the learner sees the move first."""
        self.mastery.follow(session, lambda: later(self.changed))

    def lesson_done(self, game_id: str, lesson: Lesson) -> None:
        self.mastery.lesson_done(game_id, lesson)
        self.changed()

    def moved(self, game_id: str, events: Any) -> None:
        """A move of the learner's in a game did ``events`` (``state.events`` after it)."""
        self.mastery.applied(game_id, events)
        self.changed()

    def refused(self, game_id: str, rule: str | None) -> None:
        if rule:
            self.mastery.refused(game_id, rule)
            self.changed()

    def reset(self) -> None:
        """The learner starts again: the record forgotten here, in the browser and, under JupyterHub, by the class."""
        self.mastery.reset()
        self.changed()

    # -- the teacher's view ----------------------------------------------------------------------------------------

    def report(self) -> None:
        """Under JupyterHub, the record's summary to the class's service a few seconds from now (one report for a
        burst of changes); elsewhere nothing."""
        if IN_BROWSER:  # the static site: no hub, no class service
            return
        from tables.client import hub_token  # (here: the static site's pages carry no table client)

        from .sharing import tables_url

        service = tables_url()
        if service is None or hub_token() is None or (self._report is not None and not self._report.done()):
            return
        try:
            self._report = asyncio.ensure_future(self._send(service))
        except RuntimeError:  # no event loop (a script, a test): nothing to report from
            return

    async def _send(self, service: str) -> None:
        await asyncio.sleep(REPORT_AFTER)
        try:
            from tables.client import report_progress

            await report_progress(service, self.mastery.progress())
        except (OSError, ValueError):  # the class service away or refusing: the next change reports again
            log.warning("the learner's progress could not be reported", exc_info=True)


_learner: Learner | None = None


def learner() -> Learner:
    """This page's learner (a kernel serves one page)."""
    global _learner
    if _learner is None:
        _learner = Learner()
    return _learner


def follow(session: Session, later: Callable[[Callable[[], None]], None] = lambda job: job()) -> None:
    """The hook a page's tutor, game app and seat call once they have their session and its board:
    ``learner().follow(session, later)``."""
    learner().follow(session, later)


def when_lesson_asked(lessons: Sequence[Lesson], go: Callable[[int], None]) -> None:
    """Call ``go(index)`` with the lesson the page's address asks for (``?lesson=<id>``: the gallery's link to the
    next lesson), once the address is known (``preheated.when_page``); nothing if it asks for none of ``lessons``."""

    def take() -> None:
        asked = parse_qs(page_query()).get("lesson", [""])[0]
        index = next((index for index, lesson in enumerate(lessons) if lesson.id == asked), None)
        if index is not None:
            go(index)

    when_page(take)
