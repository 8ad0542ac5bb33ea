"""Every Pattuglia lesson is sound as data: its solution solves it step by step, and every typical mistake fails the
way it says (``cardlib.core.lessons.problems``); and the lessons come in a newcomer's order."""

import pytest

from cardlib.core.lessons import problems
from cardlib.games.pattuglia import GAME
from cardlib.games.pattuglia.lessons import LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_is_sound(lesson):
    assert problems(lesson, GAME) == []
    assert lesson.seat == "p1" and lesson.start().legal_moves()


def test_lessons_follow_the_newcomers_order_and_teach_every_ruling():
    assert [lesson.id for lesson in LESSONS] == [
        "deck", "turn", "form", "cannons", "support", "discard_pile", "attack", "defend", "losses", "complete",
        "close", "super",
    ]  # fmt: skip
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught == set(GAME.rules)


def test_the_deck_lesson_says_the_points_are_assumed():
    assert "assumed" in LESSONS[0].text
