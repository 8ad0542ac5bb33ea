"""Njet!'s lessons come in a newcomer's order, and the lesson check finds a broken lesson (every lesson's soundness
is checked in tests/core/test_lessons.py)."""

from cardlib.core.lessons import Lesson, Mistake, problems
from cardlib.games.njet import GAME
from cardlib.games.njet.lessons import LESSONS


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


def test_njt_7_the_trumps_lesson_wins_the_trick_it_promises():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "trumps")
    after = lesson.start().play("play B2")
    winner, cards = after.taken[-1]
    assert winner == "south" and "B2" in map(str, dict(cards).values())
