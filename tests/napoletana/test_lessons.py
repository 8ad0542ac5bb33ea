"""Every Napoletana lesson is solvable by its solution, and every typical mistake fails the way it says."""

import pytest

from cardlib.core.lessons import replay
from cardlib.games.napoletana import GAME
from cardlib.games.napoletana.lessons import LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_solution_succeeds_step_by_step(lesson):
    state = lesson.start()
    assert state.to_move == lesson.seat
    for step, move in enumerate(lesson.solution, start=1):
        state = state.play(move)
        expected = "success" if step == len(lesson.solution) else "continue"
        assert lesson.judge(state) == expected, f"{lesson.id}: after {move}"


@pytest.mark.parametrize(
    ("lesson", "mistake"),
    [(lesson, mistake) for lesson in LESSONS for mistake in lesson.mistakes],
    ids=lambda item: getattr(item, "id", None) or getattr(item, "move", None),
)
def test_typical_mistake_is_refused_with_its_ruling(lesson, mistake):
    state = replay(lesson, lesson.solution[: mistake.at])
    move = GAME.parse_move(mistake.move)
    verdict = state.check(move)
    if verdict:  # a legal move that misses the point: the lesson judges it wrong and names the rule
        assert lesson.judge(state.play(move)) == "wrong"
        assert mistake.feedback
    else:
        assert verdict.rule == mistake.rule
    assert mistake.rule in GAME.rules


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_names_real_rulings_and_starts_legal(lesson):
    assert lesson.rules and all(rule in GAME.rules for rule in lesson.rules)
    assert lesson.start().legal_moves()
    assert lesson.text and lesson.task


def test_lessons_follow_the_newcomers_order():
    assert [lesson.id for lesson in LESSONS] == [
        "rows", "passing", "coins", "armies", "spy", "kings", "healer", "burn", "agility", "jolly", "mulligan",
    ]  # fmt: skip
