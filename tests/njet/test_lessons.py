"""Every Njet! lesson is sound as data: its solution solves it step by step, and every typical mistake fails the
way it says (``cardlib.core.lessons.problems``); and the lessons come in a newcomer's order."""

import pytest

from cardlib.core.lessons import Lesson, Mistake, problems
from cardlib.games.njet import GAME
from cardlib.games.njet.lessons import LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_is_sound(lesson):
    assert problems(lesson, GAME) == []
    assert lesson.seat == "south" and lesson.start().legal_moves()


def test_problems_finds_a_wrong_solution_and_a_wrong_ruling():
    board = LESSONS[0]
    broken = Lesson(
        **{name: getattr(board, name) for name in Lesson.__dataclass_fields__}
        | {"solution": ("stone trump:nowhere",), "mistakes": (Mistake("stone trump:green", "NJT-9", "?"),)}
    )
    found = problems(broken, GAME)
    assert any("solution move 'stone trump:nowhere' is refused" in problem for problem in found)
    assert any("mistake 'stone trump:green' is legal" in problem for problem in found)


def test_lessons_cover_the_board_to_the_score_in_order():
    assert [lesson.id for lesson in LESSONS] == [
        "board", "stones", "partner", "discards", "follow", "trumps", "super", "captured", "scoring",
    ]  # fmt: skip
