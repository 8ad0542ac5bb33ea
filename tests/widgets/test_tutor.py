"""The tutor's hint and "Show me" in a lesson: they follow the learner who left the lesson's solution, and after
success they point onwards."""

from cardlib.games.napoletana import GAME
from cardlib.games.napoletana.lessons import LESSONS
from widgets.tutor import Tutor


def test_lesson_hint_and_show_me_follow_the_learner_off_the_solution():
    tutor = Tutor("napoletana")
    tutor.go([lesson.id for lesson in LESSONS].index("agility"))
    tutor.board.try_move(GAME.parse_move("play JD front"))  # agility too, but not the solution's row
    assert tutor.session.state.sides["red"].agility
    tutor.hint()
    assert "6♥" in tutor.session.said
    tutor.show()
    assert tutor.lesson.success(tutor.session.state) and "agility" not in tutor.done  # shown, not done


def test_lesson_hint_after_success_points_onwards():
    tutor = Tutor("napoletana")
    tutor.show()
    tutor.hint()
    assert "next lesson" in tutor.session.said


def test_show_me_shows_the_way_but_only_the_learners_own_solution_counts_as_done():
    """Issue 33: "Show me" marked a lesson as done."""
    tutor = Tutor("napoletana")
    tutor.show()
    assert tutor.lesson.success(tutor.session.state) and not tutor.done and "Shown" in tutor.session.said
    tutor.restart()
    for move in tutor.lesson.solution:
        tutor.board.try_move(GAME.parse_move(move))
    assert tutor.done == {tutor.lesson.id} and "Well done" in tutor.session.said


def test_a_solved_lesson_takes_no_more_moves_and_says_so_whoever_is_to_move():
    """Issue 33: after Njet! lesson 3 was solved, the prompt asked for a discard, the game's next step."""
    tutor = Tutor("njet")
    for index, lesson in enumerate(tutor.lessons):
        tutor.go(index)
        for move in lesson.solution:
            tutor.board.try_move(tutor.game.parse_move(move))
        assert lesson.id in tutor.done
        scene = tutor.board.table.scene
        assert scene["prompt"] == "Solved. On to the next lesson!" and not scene["picks"], lesson.id
        tutor.board.table.click(kind="idle")
        assert "Solved" in tutor.session.said and tutor.lesson.success(tutor.session.state)
    tutor.go(0)
    assert tutor.board.table.scene["prompt"] != "Solved. On to the next lesson!"


def test_a_lesson_whose_task_is_finding_the_place_says_that_the_places_do_not_light_up():
    """Issue 33: the page says the right rows light up; in Napoletana's first lesson they do not, on purpose."""
    tutor = Tutor("napoletana")
    assert not tutor.lesson.targets and "do not light up" in tutor.text.value
    tutor.next()
    assert tutor.lesson.targets and "do not light up" not in tutor.text.value


def test_a_lessons_battle_already_fought_reads_like_a_battle_on_the_board():
    """Issue 33: the coins lesson's subtitle read "Battle 1 won by Red, 1 to 0"."""
    tutor = Tutor("napoletana")
    tutor.go([lesson.id for lesson in LESSONS].index("coins"))
    scene = str(tutor.board.table.scene)
    assert "Battle 1 won by Red, 24 to 19" in scene and "1 to 0" not in scene
