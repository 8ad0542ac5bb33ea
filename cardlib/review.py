"""The review of a finished game for one seat: the learner's decisions where the strongest bot finds a clearly better
move, the most costly first, each with the ruling behind the better move, why in words, and a lesson to try it.

Like a chess site's game review, but judged from the learner's own view only: at each of the seat's decisions the
game's hard bot (``cardlib.core.search.SearchBot``) makes its own decision, as its hint would have, and if the
learner played another move, plays both out in the same worlds (deals the seat cannot tell from the real one, the
same random moves), so the two are compared on paired samples (``advantage``). The work is done decision by
decision while the game is played (``note`` queues, ``work`` judges one, from a worker or between the bots' moves),
so that ``review`` at the end only judges what is still queued and puts the rest into words.

The budget of a decision is bounded and stated here: the hard bot's own decision at its game's budget, then
``ROLLOUTS`` rollouts for the two moves compared, each search capped at ``SECONDS``. A decision the game leaves to
its heuristic (a budget of 0: Njet!'s stones, the draws) is not judged: the search cannot see its worth in time.
"""

from __future__ import annotations

import copy
import functools
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .core import Move, Player, State
from .core.bots import Decision, consequences
from .core.i18n import N_, NOTHING, Message, sentences
from .core.i18n import lazy_gettext as _
from .core.i18n import lazy_ngettext as ngettext
from .core.lessons import Lesson
from .core.search import SearchBot, advantage
from .games import describe

ROLLOUTS = 48  # rollouts a decision's comparison plays: half with the move played, half with the bot's
SECONDS = 5.0  # a safety net only a very slow machine reaches: the budget is in rollouts, so a review replays alike
# "Clearly better": the bot's move gains at least MARGIN in expected reward (0.8 a win, 0.2 the score's share:
# docs/bots.md) over the move played, and more than CONFIDENCE standard errors, over the same worlds.
MARGIN = 0.05
CONFIDENCE = 2.0
MOST = 5  # the costly decisions a review shows at most


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision of the seat, judged: the position before it, the move played, the bot's decision there, and
    how much better the bot's move did on the same worlds (``gap`` in expected reward, its standard error, how
    many worlds); ``clear`` when it passes the review's threshold."""

    number: int  # the order of the decision among the seat's, from 1
    before: State
    played: Move
    decision: Decision
    gap: float = 0.0
    error: float = 0.0
    worlds: int = 0

    @property
    def clear(self) -> bool:
        return clearly_better(self.gap, self.error)


def clearly_better(gap: float, error: float) -> bool:
    """The review's threshold on ``advantage``'s mean and standard error (see MARGIN and CONFIDENCE)."""
    return gap >= MARGIN and gap > CONFIDENCE * error


@dataclass(frozen=True)
class Costly:
    """A decision the review shows: the position as it was, the move played and the better one (each with its
    label), the rulings that allow or reward the better move, and why in words."""

    number: int
    before: State
    seat: Player
    played: Move
    played_label: Message
    better: Move
    better_label: Message
    rules: tuple[str, ...]
    why: Message
    gap: float

    def lesson(self) -> Lesson:
        """Try it: this position as a small lesson in which the learner finds the better move (the tutor's
        ``LessonSession`` runs it, with its hint and "show me")."""
        return FromGame.made(self)


@dataclass(frozen=True)
class Review:
    """The review of a game for ``seat``: the most costly decisions (at most ``MOST``, the costliest first), how
    many decisions were judged, and what the review says of the game as a whole."""

    seat: Player
    costly: tuple[Costly, ...]
    judged: int

    @property
    def as_well(self) -> bool:
        """Whether the learner played as well as the bot: no decision came out clearly worse."""
        return not self.costly

    @property
    def said(self) -> Message:
        if not self.judged:
            return _("There is nothing to review yet: none of your moves so far was a choice the strongest bot weighs.")
        if self.as_well:
            return _(
                "You played as well as the strongest bot: looking ahead, none of your moves came out clearly worse "
                "than its own."
            )
        return ngettext(
            "Looking ahead, {n} of your moves could have been better. Here it is.",
            "Looking ahead, {n} of your moves could have been better. Here they are, the most costly first.",
            len(self.costly),
        )


class Reviewer:
    """Judges one seat's decisions as a game is played, for its review at the end.

    Feed it each decision of the seat as it is made (``note(before, move)``: quick, it only queues); have a worker
    call ``work()`` (one decision judged; False when nothing is queued) while the bots play, never in the way of a
    click; ``review()`` at the end judges what is still queued and puts the most costly decisions into words.
    ``bot`` is the game's hard bot as the hint has it (seed 0), its cap raised to ``seconds``."""

    def __init__(self, game_id: str, seat: Player, rollouts: int = ROLLOUTS, seconds: float = SECONDS):
        bot = describe(game_id).bots()["hard"](seed=0)
        assert isinstance(bot, SearchBot), "a game's hard bot is the search (cardlib.core.search.strengths)"
        bot.seconds = seconds
        self.bot, self.seat = bot, seat
        self.judge = copy.copy(bot)  # the comparison: the same bot, at the review's own budget
        self.judge.iterations = rollouts
        self.queued: deque[tuple[int, State, Move]] = deque()
        self.judged: list[Judged] = []
        self.count = 0  # the seat's decisions noted so far
        self.working: tuple[int, State, Move] | None = None  # the decision being judged (by a worker's thread)

    def note(self, before: State, move: Move | str) -> None:
        """The seat played ``move`` in ``before``: queue it to be judged. A decision with one legal move, or
        another seat's, is none."""
        if before.to_move != self.seat or before.is_over:
            return
        if isinstance(move, str):
            move = before.game.parse_move(move)
        self.count += 1
        self.queued.append((self.count, before, move))

    def note_history(self, history: Sequence[State]) -> None:
        """Every decision of the seat along ``history`` (a match's positions, as a teacher looks back at them)."""
        for before, after in pairwise(history):
            if before.to_move == self.seat:
                move = played(before, after)
                if move is not None:
                    self.note(before, move)

    def undo(self, keep: int) -> None:
        """Forget the seat's decisions after its first ``keep`` (an undo, a teacher going on from an earlier
        position): the next one noted is number ``keep + 1``. One being judged meanwhile by a worker is dropped
        when it is done."""
        if keep >= self.count:
            return
        self.queued = deque(item for item in self.queued if item[0] <= keep)
        self.judged = [judged for judged in self.judged if judged.number <= keep]
        if self.working is not None and self.working[0] > keep:
            self.working = None
        self.count = keep

    @property
    def pending(self) -> int:
        return len(self.queued)

    def work(self) -> bool:
        """Judge the oldest queued decision; False if none was queued."""
        item = self.take()
        if item is None:
            return False
        self.keep(item, self._judge(*item))
        return True

    def take(self) -> tuple[int, State, Move] | None:
        """The oldest queued decision, now being judged (here by ``work``, or by ``judged`` in a judge's process);
        None if none is queued."""
        self.working = self.queued.popleft() if self.queued else None
        return self.working

    def keep(self, item: tuple[int, State, Move], judged: Judged | None) -> None:
        """``item``, taken, has been judged: kept, unless it was undone meanwhile."""
        if judged is not None and self.working is item:
            self.judged.append(judged)
        self.working = None

    def _judge(self, number: int, before: State, move: Move) -> Judged | None:
        moves = before.legal_moves()
        if len(moves) < 2 or self.bot.budget(before) == 0:  # no choice, or one the game leaves to its heuristic
            return None
        decision = self.bot.decide(before, self.seat)
        if decision.move == move:
            return Judged(number, before, move, decision)
        analysis = self.judge.analyse(before, self.seat, focus=(decision.move, move))
        best, mine = analysis.of(decision.move), analysis.of(move)
        if analysis.cut or best is None or mine is None:
            return None  # too few worlds to say anything
        gap, error = advantage(best, mine)
        return Judged(number, before, move, decision, gap, error, min(best.visits, mine.visits))

    def review(self, upto: int | None = None) -> Review:
        """The review: what is still queued judged, then the most costly decisions put into words. ``upto``: of
        the seat's first ``upto`` decisions only (a teacher's review up to a position of the game)."""
        last = self.count if upto is None else upto
        while self.queued and self.queued[0][0] <= last:
            self.work()
        judged = [j for j in self.judged if j.number <= last]
        costly = sorted((j for j in judged if j.clear), key=lambda j: (-j.gap, j.number))[:MOST]
        return Review(self.seat, tuple(self._word(j) for j in costly), len(judged))

    def _word(self, judged: Judged) -> Costly:
        before, seat, better, mine = judged.before, self.seat, judged.decision.move, judged.played
        effects, changes, rules = consequences(before, better, seat)
        mine_effects, mine_changes, mine_rules = consequences(before, mine, seat)
        rules = rules or mine_rules or _own_rule(before, better) or _own_rule(before, mine)
        better_label, played_label = before.label(better), before.label(mine)
        # what the two moves change differently: the same sentence said of both tells nothing
        better_lines, mine_lines = [*effects, *changes], [*mine_effects, *mine_changes]
        does = sentences(*(line for line in better_lines if line not in mine_lines))
        did = sentences(*(line for line in mine_lines if line not in better_lines))
        heuristic = self.bot.heuristic
        # the heuristic's reason is in a child's words; the search's says what the first sentence already says
        plain = heuristic is not None and heuristic.decide(before, seat).move == better
        why = sentences(
            ngettext(
                "The better move: {better}. Played out {n} time from here, the hidden cards guessed, it did better "
                "than yours.",
                "The better move: {better}. Played out {n} times from here, the hidden cards guessed each time, it did "
                "better than yours.",
                judged.worlds,
                better=better_label,
            ),
            judged.decision.reason if plain else NOTHING,
            _("It does this: {what}", what=does) if does else NOTHING,
            _("Your move did this instead: {what}", what=did) if did else NOTHING,
        )
        return Costly(judged.number, before, seat, mine, played_label, better, better_label, rules, why, judged.gap)


def _own_rule(state: State, move: Move) -> tuple[str, ...]:
    """The ruling of the move's own telling, if it has one."""
    rule = next((event.rule for event in state.play(move).events if event.rule), None)
    return (rule,) if rule else ()


def decisions(history: Sequence[State], seat: Player) -> int:
    """How many of ``seat``'s decisions made ``history`` (a match's positions): as ``Reviewer.note`` counts them."""
    return sum(1 for state in history[:-1] if state.to_move == seat and not state.is_over)


def played(before: State, after: State) -> Move | None:
    """The legal move that made ``after`` from ``before`` (a match keeps positions, not moves), or None."""
    target = after.to_json()
    return next((move for move in before.legal_moves() if before.play_unchecked(move).to_json() == target), None)


@dataclass(frozen=True)
class FromGame(Lesson):
    """A position of the learner's own game as a lesson: find the better move. The move played there is judged
    wrong with the review's words for it."""

    played: Move | None = None
    played_why: Message = NOTHING

    @classmethod
    def made(cls, costly: Costly) -> FromGame:
        before = costly.before
        after = before.play(costly.better).to_json()
        return cls(
            id=f"review-{costly.number}",
            title=N_("A move from your game"),
            rules=costly.rules,
            text=N_("This is a position from your game, as you saw it. Looking ahead, a better move was possible."),
            task=N_("Find the better move."),
            start=lambda: before,
            seat=costly.seat,
            solution=(str(costly.better),),
            success=lambda state: _same(state, after),
            targets=True,
            played=costly.played,
            played_why=costly.why,
        )

    def why_not(self, before: State, move: Move) -> tuple[Message, str]:
        if move == self.played and before.to_json() == self.start().to_json():
            said = _("That is the move you played in your game. {why}", why=self.played_why)
            return said, self.rules[0]
        return Lesson.why_not(self, before, move)


def _same(state: Any, after: dict[str, Any]) -> bool:
    return bool(state.to_json() == after)


@functools.cache
def _reviewer(game_id: str, seat: Player) -> Reviewer:
    return Reviewer(game_id, seat)


def judged(game_id: str, seat: Player, item: tuple[int, State, Move]) -> Judged | None:
    """A decision taken from a Reviewer (``Reviewer.take``) judged by this process's own reviewer of that game and
    seat: where a judge process judges for a kernel (``widgets.review``), the result goes back to ``keep``."""
    return _reviewer(game_id, seat)._judge(*item)
