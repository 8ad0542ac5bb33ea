"""Every Napoletana lesson is sound as data: its solution solves it step by step, and every typical mistake
fails the way it says (``cardlib.core.lessons.problems``); and the lessons come in a newcomer's order."""

import pytest

from cardlib.core.lessons import problems
from cardlib.games.napoletana import GAME
from cardlib.games.napoletana.lessons import LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_is_sound(lesson):
    assert problems(lesson, GAME) == []
    assert lesson.start().legal_moves()


def test_lessons_follow_the_newcomers_order():
    assert [lesson.id for lesson in LESSONS] == [
        "rows", "passing", "coins", "armies", "spy", "kings", "healer", "burn", "agility", "jolly", "mulligan",
    ]  # fmt: skip
