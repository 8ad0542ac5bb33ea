"""Lessons are data: a prepared position, the learner's seat, a task, what counts as success, the moves
that solve it and the typical mistakes with the rule each one breaks (docs/design.md, "Bots, hints and lessons").

Because they are data, tests play every solution and every mistake, and the hint can never disagree with
the lesson.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot, Decision
from .i18n import NOTHING, Message, sentences
from .i18n import lazy_gettext as _
from .i18n import lazy_ngettext as ngettext
from .protocol import Game, Move, Player, State, told

Check = Callable[[Any], bool]  # written for its own game's state: NapoletanaState, NjetState, ...


def never(state: State) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Mistake:
    move: str
    rule: str  # the ruling the move breaks, or (for a legal but wrong move) the ruling it forgets
    feedback: str = ""  # said on top of the refusal; for a legal move, the whole reason it is wrong
    at: int = 0  # how many moves of the solution come before it


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    rules: tuple[str, ...]
    text: str  # two or three short sentences: the idea
    task: str  # what to do now, one sentence
    start: Callable[[], State]
    seat: str
    solution: tuple[str, ...]  # the moves that solve it, in order ("show me" plays them)
    success: Check
    on_track: Check = never  # a move that leaves this true waits for the learner's next move
    mistakes: tuple[Mistake, ...] = ()
    also: tuple[str, ...] = ()  # other moves just as right (either of two Nurses): the slip check accepts them
    targets: bool = True  # whether a picked-up card lights up where it may go (off where finding that is the task)

    def judge(self, after: State) -> str:
        """After a learner's legal move: "success", "continue" (more to do) or "wrong"."""
        if self.success(after):
            return "success"
        return "continue" if self.on_track(after) else "wrong"

    def mistake(self, move: Move) -> Mistake | None:
        return next((m for m in self.mistakes if m.move == str(move)), None)

    def why_not(self, before: State, move: Move) -> tuple[Message, str]:
        """Why a legal ``move`` from ``before`` is not this lesson's move, in words, and the ruling that says so:
        the lesson's own words for a typical mistake, otherwise what the lesson asks and what the move did
        instead, with the first ruling the lesson teaches."""
        mistake = self.mistake(move)
        if mistake and mistake.feedback:
            return _(mistake.feedback), mistake.rule
        rule = mistake.rule if mistake else self.rules[0]
        did = sentences(*told(before.play(move).events, self.seat))
        asks = _(
            "{move} is allowed, but it is not what this lesson teaches ({rule}). The lesson asks: {task}",
            move=before.label(move),
            rule=rule,
            task=_(self.task),
        )
        return sentences(asks, _("Your move did this instead: {what}", what=did) if did else NOTHING), rule

    def way_from(self, state: State) -> list[Move] | None:
        """The moves that solve the lesson from ``state`` (the learner may have taken a path of its own),
        or None if none does: the shortest way, and among those the solution's own, so hints teach the intended
        way. Lessons are a few moves deep, so an iterative deepening search is quick."""
        intended = self._intended(state)
        for depth in range(1, len(self.solution) + 1):  # the shortest way first
            way = self._search(state, depth, intended)
            if way is not None:
                return way
        return None

    def _intended(self, state: State) -> Move | None:
        """The solution's next move, if ``state`` is on the solution's own path."""
        here = state.to_json()
        for done in range(len(self.solution)):
            if replay(self, self.solution[:done]).to_json() == here:
                return state.game.parse_move(self.solution[done])
        return None

    def _search(self, state: State, depth: int, first: Move | None = None) -> list[Move] | None:
        if depth == 0 or state.is_over or state.to_move != self.seat:
            return None
        moves = state.legal_moves()
        if first in moves:
            moves = [first] + [move for move in moves if move != first]
        for move in moves:
            after = state.play(move)
            if self.success(after):
                return [move]
            if self.on_track(after):
                rest = self._search(after, depth - 1)
                if rest is not None:
                    return [move, *rest]
        return None


class LessonBot(Bot):
    """The hint inside a lesson: the next move of ``way_from``, so a lesson's hint always leads to its success.

    ``cardlib.core.bots.hint(state, LessonBot(lesson), intended=move)`` explains it like any hint (effects,
    rulings, why the learner's move is refused or worse); a position with no way left raises ``NoWay``."""

    name = "lesson"

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def decide(self, state: State, player: Player) -> Decision:
        way = self.lesson.way_from(state)
        if not way:
            raise NoWay(f"lesson {self.lesson.id}: no way to its success from this position")
        # the lesson's task is on the page beside the board: the hint says the move, and where it leads
        if len(way) == 1:
            return Decision(way[0], _("That does what the lesson asks."))
        more = len(way) - 1
        return Decision(
            way[0],
            ngettext(
                "Then 1 more move does what the lesson asks.", "Then {n} more moves do what the lesson asks.", more
            ),
        )

    def why_not(self, state: State, move: Move) -> Message:
        """For the hint's comparison with the learner's move: the lesson's reason, never a score."""
        return self.lesson.why_not(state, move)[0]


class NoWay(LookupError):
    """The lesson cannot be solved from this position any more (the learner should restart it)."""


def replay(lesson: Lesson, moves: Sequence[str] | None = None) -> State:
    """The lesson's start position after ``moves`` (by default its whole solution)."""
    state = lesson.start()
    for move in lesson.solution if moves is None else moves:
        state = state.play(move)
    return state


def problems(lesson: Lesson, game: Game) -> list[str]:
    """What is wrong with ``lesson`` as data; empty when it names real rulings, starts on the learner's turn, its
    solution solves it step by step, and each typical mistake is refused with its ruling (or, if legal, is judged
    wrong and says why). One check for every game's lesson tests and for a lesson's author."""
    found = [f"names {rule}, which is not in the rule book" for rule in lesson.rules if rule not in game.rules]
    if not lesson.rules:
        found.append("teaches no ruling")
    if not (lesson.text and lesson.task):
        found.append("has no text or no task")
    state = lesson.start()
    if state.to_move != lesson.seat:
        found.append(f"starts with {state.to_move} to move, not the learner's seat {lesson.seat}")
    for step, move in enumerate(lesson.solution, start=1):
        verdict = state.check(game.parse_move(move))
        if not verdict:
            found.append(f"solution move {move!r} is refused: {verdict.reason} ({verdict.rule})")
            break
        state = state.play(move)
        expected = "success" if step == len(lesson.solution) else "continue"
        if lesson.judge(state) != expected:
            found.append(f"after solution move {move!r} the lesson says {lesson.judge(state)}, not {expected}")
            break
    way = lesson.way_from(lesson.start())
    if way is not None and len(way) < len(lesson.solution):
        # success does not need the idea taught: a hint would teach the shortcut instead
        found.append(f"a shorter way than the solution succeeds: {', '.join(map(str, way))}")
    found += _slips(lesson)
    for mistake in lesson.mistakes:
        if mistake.rule not in game.rules:
            found.append(f"mistake {mistake.move!r} names {mistake.rule}, which is not in the rule book")
        before = replay(lesson, lesson.solution[: mistake.at])
        verdict = before.check(game.parse_move(mistake.move))
        if verdict and (lesson.judge(before.play(mistake.move)) != "wrong" or not mistake.feedback):
            found.append(f"mistake {mistake.move!r} is legal, so it must be judged wrong and say why")
        elif not verdict and verdict.rule != mistake.rule:
            found.append(f"mistake {mistake.move!r} is refused with {verdict.rule}, not {mistake.rule}")
    return [f"lesson {lesson.id}: {problem}" for problem in found]


def _slips(lesson: Lesson) -> list[str]:
    """Moves played in place of one of the solution's (other than its ``also``) after which the rest of the
    solution still reaches the lesson's success: a success test that a wrong move also meets praises the very
    mistake the lesson is about (discarding any card where it asks for the blue Cannon). A different order of the
    same moves, or a detour the learner comes back from, is not a slip: the rest of the solution is then refused
    or does not succeed."""
    found = []
    for step, move in enumerate(lesson.solution):
        before = replay(lesson, lesson.solution[:step])
        for other in before.legal_moves():
            if str(other) in (move, *lesson.also):
                continue
            state = before.play(other)
            for rest in lesson.solution[step + 1 :]:
                if lesson.judge(state) != "continue" or not state.is_legal(state.game.parse_move(rest)):
                    break
                state = state.play(rest)
            if lesson.judge(state) == "success":
                found.append(f"{other} in place of {move!r} succeeds too: the success test lets a wrong move pass")
    return found
