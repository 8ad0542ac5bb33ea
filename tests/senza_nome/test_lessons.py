"""Every Senza Nome lesson is sound as data: its solution solves it step by step, and every typical mistake fails
the way it says (``cardlib.core.lessons.problems``); and the lessons come in a newcomer's order."""

import pytest

from cardlib.core.lessons import problems
from cardlib.games.senza_nome import GAME
from cardlib.games.senza_nome.lessons import LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_is_sound(lesson):
    assert problems(lesson, GAME) == []
    assert lesson.seat == "p1" and lesson.start().legal_moves()


def test_lessons_follow_the_newcomers_order_and_teach_every_ruling():
    assert [lesson.id for lesson in LESSONS] == [
        "goal", "aces", "attach", "stock", "wilds", "swap", "draw", "discard", "finish",
    ]  # fmt: skip
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught >= {"SNO-2", "SNO-3", "SNO-4", "SNO-5", "SNO-6", "SNO-7", "SNO-9"}
