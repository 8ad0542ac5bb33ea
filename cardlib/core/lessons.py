"""Lessons are data: a prepared position, the learner's seat, a task, what counts as success, the moves
that solve it and the typical mistakes with the rule each one breaks (DESIGN.md, "Lessons").

Because they are data, tests play every solution and every mistake, and the hint can never disagree with
the lesson.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .protocol import Move, State

Check = Callable[[State], bool]


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

    def judge(self, after: State) -> str:
        """After a learner's legal move: "success", "continue" (more to do) or "wrong"."""
        if self.success(after):
            return "success"
        return "continue" if self.on_track(after) else "wrong"

    def mistake(self, move: Move) -> Mistake | None:
        return next((m for m in self.mistakes if m.move == str(move)), None)

    @property
    def hint(self) -> str:
        return self.solution[0]


def replay(lesson: Lesson, moves: Sequence[str] | None = None) -> State:
    """The lesson's start position after ``moves`` (by default its whole solution)."""
    state = lesson.start()
    for move in lesson.solution if moves is None else moves:
        state = state.play(move)
    return state
