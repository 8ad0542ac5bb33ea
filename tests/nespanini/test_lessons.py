"""Every NesPanini lesson is sound as data (``cardlib.core.lessons.problems``), in a newcomer's order, and
together they teach every ruling of play."""

import pytest

from cardlib.core.lessons import problems, replay
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.lessons import LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_is_sound(lesson):
    assert problems(lesson, GAME) == []
    assert lesson.seat == "p1" and lesson.start().legal_moves()


def test_lessons_follow_the_newcomers_order_and_teach_every_ruling_of_play():
    assert [lesson.id for lesson in LESSONS] == [
        "turn",
        "defausse",
        "choice",
        "legendaire",
        "all_legendaire",
        "foule",
        "score",
    ]
    assert {rule for lesson in LESSONS for rule in lesson.rules} >= {"NES-3", "NES-4", "NES-5", "NES-6"}


def test_the_score_lesson_ends_the_game_with_the_breakdown_shown():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "score")
    over = replay(lesson)
    assert over.is_over and over.result.winners == ("p1",)
    assert any(event.kind == "score" and event.data["breakdown"]["p1"] for event in over.events)
