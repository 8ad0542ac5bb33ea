"""The tutor's hint and "Show me" in a lesson: they follow the learner who left the lesson's solution, and after
success they point onwards."""

from cardlib.games.napoletana import GAME
from cardlib.games.napoletana.lessons import LESSONS
from widgets.tutor import Tutor


def test_lesson_hint_and_show_me_follow_the_learner_off_the_solution():
    tutor = Tutor("napoletana")
    tutor.go([lesson.id for lesson in LESSONS].index("agility"))
    tutor.board.try_move(GAME.parse_move("play JD front"))  # agility too, but not the solution's row
    assert tutor.board.state.sides["red"].agility
    tutor.hint()
    assert "6♥" in tutor.board.said
    tutor.show()
    assert "agility" in tutor.done


def test_lesson_hint_after_success_points_onwards():
    tutor = Tutor("napoletana")
    tutor.show()
    tutor.hint()
    assert "next lesson" in tutor.board.said
