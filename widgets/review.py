"""The review of a game against the bots: the learner's costly decisions, each on its own board to try again.

``Coach`` follows the game app's match: it notes each of the learner's decisions for a ``cardlib.review.Reviewer``
and has them judged while the game is played, in the learner's thinking time and never in a click's answer: where an
event loop runs, by a worker task that waits until the bots have played and the learner has had a moment, then sends
one decision at a time to the kernel's judge (``widgets.judge``, a process of its own) or, on the static site, whose
page has one Python, judges it there; elsewhere (a script) at once after the bots' moves. So at the game's end at
most the last decisions are left to judge, and the review is ready at once. ``ReviewTutor`` shows a review: the
tutor's board, one costly decision a lesson, with the move played, the better one, its rulings and why.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from cardlib.core import Move, Player, State
from cardlib.core.i18n import _, ngettext
from cardlib.review import Costly, Judged, Review, Reviewer, decisions, judged

from .judge import JudgeGone, cores_free, judge
from .language import said
from .panels import STYLE, Landmark, controls, guarded, rule_card
from .tutor import Tutor
from .where import IN_BROWSER

# The learner's thinking time: judging starts once this long has passed without a move. On the static site the page
# has one Python, so a click that comes during a judgement waits for it: there judging waits for a longer pause
# than picking a card and putting it down.
QUIET_S = 2.0 if IN_BROWSER else 0.5
BUSY_S = 0.25  # when the cores are taken, how long before the coach looks again


class ReviewTutor(Tutor):
    """The tutor on a review's costly decisions: each a lesson whose start is the position as it was, whose task is
    finding the better move; its text says the move played, the better one, the rulings behind it and why."""

    def __init__(self, game_id: str, costly: Sequence[Costly], lang: str | None = None):
        self.costly = tuple(costly)
        super().__init__(game_id, [c.lesson() for c in self.costly], lang=lang, landmark=None, record=False)
        said(self.board.table, name=lambda: _("Review board"))

    def _keep_focus(self, pressed: str) -> None:
        """With Previous and Next the focus goes to the decision's heading: the learner hears which one it is."""
        self.landmark.focus()

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
        self.moved = 0.0  # when the last move was played (time.monotonic)
        self.wake = asyncio.Event()  # a move, the review asked, the game over: a waiting worker looks again
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
        """A move played in the match, the bots' too: queued if it was the learner's decision, then judged soon;
        the learner's thinking time starts again."""
        self.reviewer.note(before, move)
        self.moved = time.monotonic()
        self.wake.set()  # (a worker waiting counts the time again from now)
        self.soon()

    def follow(self) -> None:
        """After a jump (an undo, the teacher going on from an earlier position): the decisions undone are
        forgotten, and a review shown of a game that has changed goes."""
        kept = decisions(self.history(), self.reviewer.seat)
        if kept < self.reviewer.count:
            self.reviewer.undo(kept)
            self.hide()

    def soon(self) -> None:
        """Judge what is queued in the learner's thinking time, by a worker task, where an event loop runs (a
        kernel, the static site's page); otherwise wait for ``between_bots``."""
        if (self.worker is not None and not self.worker.done()) or not self.reviewer.pending:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.worker = loop.create_task(self._work())

    def between_bots(self) -> None:
        """After the bots' moves, where no worker judges (a script, a test): what is queued, at once."""
        if self.worker is None or self.worker.done():
            while self.reviewer.work():
                pass

    def over(self) -> None:
        """The game is over (its last move answered): what is left is judged now, by the worker where there is
        one, at once where there is none, while the learner reads the end."""
        self.wake.set()
        self.soon()
        self.between_bots()

    async def _work(self) -> None:
        try:
            while self.reviewer.pending:
                await self._thinking_time()
                reviewer = self.reviewer  # (a new game's, maybe: a decision taken from the old one goes to the old)
                if IN_BROWSER:  # the page's one Python: a click that comes meanwhile waits for this one decision
                    reviewer.work()
                elif (item := reviewer.take()) is not None:
                    reviewer.keep(item, await self._judged(reviewer.seat, item))
        finally:
            if self.asked is not None:
                upto, self.asked = self.asked, None
                guarded(lambda: self.show(upto), self.feedback)

    async def _thinking_time(self) -> None:
        """Until QUIET_S has passed since the last move, the bots' included (they have played, the learner
        thinks), and a core is free (not a class clicking), so that judging holds up no click's answer and no bot's
        move; at once when the game is over or the review asked."""
        await asyncio.sleep(0)  # (what came meanwhile, a click on the static site's page, is answered first)
        while self.asked is None and not self.history()[-1].is_over:
            left = self.moved + QUIET_S - time.monotonic()
            if left <= 0:
                if IN_BROWSER or cores_free():
                    return
                left = BUSY_S
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), left)

    async def _judged(self, seat: Player, item: tuple[int, State, Move]) -> Judged | None:
        """One decision judged by the kernel's judge, a process of its own."""
        try:
            return await judge().judged(self.game_id, seat, item)
        except JudgeGone:  # its process was killed: a new one for the next decision, this one in a thread
            judge.cache_clear()
            return await asyncio.to_thread(judged, self.game_id, seat, item)

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
            self.wake.set()
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
