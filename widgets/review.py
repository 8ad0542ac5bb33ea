"""The review of a game against the bots: the learner's costly decisions, each on its own board to try again.

``Coach`` follows the game app's match: it notes each of the learner's decisions for a ``cardlib.review.Reviewer``
and has them judged while the game is played, never in a click's answer: where threads exist (Voilà, JupyterLab)
by a worker task that judges one decision at a time in a thread while the bots pause and the learner thinks; where
they do not (the browser's Python, a script) at once after the bots' moves. So at the game's end at most the last
decisions are left to judge, and the review is ready at once. ``ReviewTutor`` shows a review: the tutor's board, one
costly decision a lesson, with the move played, the better one, its rulings and why.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from html import escape
from pathlib import Path

import ipywidgets as w

from cardlib.core import Move, Player, State
from cardlib.core.i18n import _, ngettext
from cardlib.review import Costly, Review, Reviewer, decisions, judged

from .language import said
from .panels import STYLE, Landmark, controls, guarded, rule_card
from .tutor import Tutor
from .where import IN_BROWSER

PR_SET_PDEATHSIG = 1  # prctl's option: the signal a process gets when the one that started it ends


@functools.cache
def judge() -> ProcessPoolExecutor:
    """The kernel's judge: a process of its own at the lowest CPU priority, forked from the kernel (its modules
    already imported), judging the learner's decisions one at a time. Every click's answer and bot's move, this
    page's and its classmates' (a class's kernels on the same cores), goes first. A thread would share the
    kernel's interpreter lock, and hold it while it waited for a core: 30 learners of `make run` on 2 cores waited
    800 ms for a click's answer instead of 10 to 20."""
    fork = multiprocessing.get_context("fork")
    return ProcessPoolExecutor(max_workers=1, mp_context=fork, initializer=_in_the_background)


def _in_the_background() -> None:
    # Its own session, so its own scheduling group: where Linux groups each session's processes (autogroup), a nice
    # value counts only inside the group, and every kernel is a session of its own.
    os.setsid()
    with contextlib.suppress(OSError):
        Path("/proc/self/autogroup").write_text("19")
    os.nice(19)
    with contextlib.suppress(AttributeError, OSError):  # (Linux) ended with its kernel, however that ends
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class ReviewTutor(Tutor):
    """The tutor on a review's costly decisions: each a lesson whose start is the position as it was, whose task is
    finding the better move; its text says the move played, the better one, the rulings behind it and why."""

    def __init__(self, game_id: str, costly: Sequence[Costly], lang: str | None = None):
        self.costly = tuple(costly)
        super().__init__(game_id, [c.lesson() for c in self.costly], lang=lang, landmark=None, record=False)
        said(self.board.table, name=lambda: _("Review board"))
        self.header.tabbable = False  # where the focus goes with Previous and Next (not a stop for Tab)

    def previous(self) -> None:
        super().previous()
        self.header.focus()

    def next(self) -> None:
        """The next costly decision, the focus on its heading: the learner hears which one, and the focus is not
        lost when Next greys at the last."""
        super().next()
        self.header.focus()

    def _describe(self) -> None:
        costly = self.costly[self.index]
        rules = " ".join(f"<span class='cg-rule-id'>{rule}</span>" for rule in costly.rules)
        title = _("Move {n} of {total} to look at again", n=self.index + 1, total=len(self.costly))
        self.header.value = f"<h4 style='margin:0.3em 0;font-size:1.1rem'>{escape(title)} {rules}</h4>"
        played = _("In your game you played: {move}.", move=costly.played_label)
        behind = ngettext("The rule behind the better move:", "The rules behind the better move:", len(costly.rules))
        cards = "".join(rule_card(self.game, rule) for rule in costly.rules)
        task = _("Try it: find the better move on this board.")
        self.text.value = (
            f"<div style='{STYLE}'><p>{escape(played)}</p><p>{escape(str(costly.why))}</p>"
            + (f"<p>{escape(behind)}</p>{cards}" if cards else "")
            + f"<p><b>{escape(task)}</b></p></div>"
        )
        self.feedback.value = ""
        self._progress()

    def _done_words(self) -> str:
        return ngettext(
            "{found} of {n} better move found",
            "{found} of {n} better moves found",
            len(self.costly),
            found=len(self.done),
        )


class Coach:
    """The review of the learner's game in the game app: fed as the game is played, shown in ``widget`` when asked.

    ``history`` gives the match's positions, ``seat`` is the learner's. The worker judges one decision at a time,
    so a bot's thinking shares the processor with one step at most."""

    def __init__(self, game_id: str, seat: Player, history: Callable[[], Sequence[State]], feedback: w.HTML):
        self.game_id, self.history, self.feedback = game_id, history, feedback
        self.reviewer = Reviewer(game_id, seat)
        self.worker: asyncio.Task | None = None
        self.asked: int | None = None  # the review asked while the worker judged: shown once it is done
        self.review: Review | None = None  # the review shown
        self.shown: ReviewTutor | None = None  # its board, where it has costly decisions
        self.summary = w.HTML()
        self.close = said(w.Button, icon="times", description=lambda: _("Close the review"))
        self.close_row = controls(self.close)  # a button as wide as its words, not the review's width
        self.widget = w.VBox([], layout=w.Layout(margin="0.5rem 0"))

    # -- fed as the game is played ------------------------------------------------------------------------------

    def restart(self, seat: Player) -> None:
        """A new game, or a position loaded: a new review, the old one hidden."""
        self.reviewer = Reviewer(self.game_id, seat)  # (a worker still judging the old one stops after its step)
        self.hide()

    def note(self, before: State, move: Move) -> None:
        """A move played in the match: queued if it was the learner's decision, then judged soon."""
        self.reviewer.note(before, move)
        self.soon()

    def follow(self) -> None:
        """After a jump (an undo, the teacher going on from an earlier position): the decisions undone are
        forgotten, and a review shown of a game that has changed goes."""
        kept = decisions(self.history(), self.reviewer.seat)
        if kept < self.reviewer.count:
            self.reviewer.undo(kept)
            self.hide()

    def soon(self) -> None:
        """Judge what is queued without holding up a click: in a thread, one decision at a time, where threads and
        an event loop exist; otherwise wait for ``between_bots``."""
        if IN_BROWSER or (self.worker is not None and not self.worker.done()) or not self.reviewer.pending:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.worker = loop.create_task(self._work())

    def between_bots(self) -> None:
        """After a bot's move, where no worker thread judges (the browser's Python, a script): what is queued, at
        once, while the learner waits for the bots anyway."""
        if self.worker is None or self.worker.done():
            while self.reviewer.work():
                pass

    def over(self) -> None:
        """The game is over (its last move answered): what is left is judged now, by the worker where there is
        one, at once where there is none, while the learner reads the end."""
        self.soon()
        self.between_bots()

    async def _work(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            # (a new game's reviewer, once the old one's decision is judged: that one goes to the old reviewer)
            while (item := (reviewer := self.reviewer).take()) is not None:
                try:
                    verdict = await loop.run_in_executor(judge(), judged, self.game_id, reviewer.seat, item)
                except BrokenProcessPool:  # the judge's process was killed: a new one for the next decision
                    judge.cache_clear()
                    verdict = await asyncio.to_thread(judged, self.game_id, reviewer.seat, item)
                reviewer.keep(item, verdict)
        finally:
            if self.asked is not None:
                upto, self.asked = self.asked, None
                guarded(lambda: self.show(upto), self.feedback)

    @property
    def ready(self) -> bool:
        """Nothing left to judge but, at most, the last of the learner's decisions."""
        return self.reviewer.pending <= 1 and (self.worker is None or self.worker.done())

    # -- shown when asked ---------------------------------------------------------------------------------------

    def ask(self, upto: int | None = None) -> None:
        """The review of the learner's decisions (the first ``upto`` only: a teacher's review up to a position);
        shown at once, or once the worker has judged the decision it is on."""
        if self.worker is not None and not self.worker.done():
            self.hide()
            self.asked = self.reviewer.count if upto is None else upto
            self._say(_("The review is almost ready…"))
            self.widget.children = [Landmark(name="review", take_focus=True), self.summary]
            return
        self.show(upto)

    def show(self, upto: int | None = None) -> None:
        """The review drawn, the focus taken to its heading (the learner asked for it: a press, or the worker done
        after one)."""
        self.review = review = self.reviewer.review(upto)
        self.shown = ReviewTutor(self.game_id, review.costly) if review.costly else None
        self._say(str(review.said))
        board = [self.shown.widget] if self.shown else []
        self.widget.children = [Landmark(name="review", take_focus=True), self.summary, self.close_row, *board]

    def _say(self, said: str) -> None:
        heading = _("The review of your game")
        self.summary.value = (
            f"<h3 style='margin:0.3em 0;font-size:1.3rem'>{escape(heading)}</h3><p style='{STYLE}'>{escape(said)}</p>"
        )

    def hide(self) -> None:
        self.review, self.shown, self.asked = None, None, None
        self.widget.children = []

    def redraw(self) -> None:
        """Said again in the language spoken now."""
        if self.review is not None and self.widget.children:
            self._say(str(self.review.said))
        if self.shown is not None:
            self.shown.redraw()
