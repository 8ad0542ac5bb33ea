"""Pattuglia's lessons come in a newcomer's order and teach every ruling (every lesson's soundness is checked in
tests/core/test_lessons.py)."""

from dataclasses import replace

from cardlib.core.lessons import problems, replay
from cardlib.games.pattuglia import GAME
from cardlib.games.pattuglia.lessons import LESSONS, _mine


def test_lessons_follow_the_newcomers_order_and_teach_every_ruling():
    assert [lesson.id for lesson in LESSONS] == [
        "deck", "turn", "form", "cannons", "support", "discard_pile", "attack", "defend", "losses", "complete",
        "close", "super",
    ]  # fmt: skip
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught == set(GAME.rules)


def test_pat_2_the_assumed_points_are_said_once_in_the_house_ruling_not_to_a_child_in_the_lesson():
    """Issue 33: the deck lesson told a learner the "printed points are not known, so these are assumed"."""
    assert not any("assumed" in str(lesson.text) for lesson in LESSONS)
    assert "assumed" in (GAME.rules["PAT-2"].house or "")


def test_pat_5_the_lesson_check_catches_a_success_test_that_any_discard_meets():
    """Issue 12: the turn lesson asked for the blue Cannon while discarding any card was praised. The shared check
    plays every other move in the solution's place and finds the loose test."""
    turn = next(lesson for lesson in LESSONS if lesson.id == "turn")
    loose = replace(turn, success=lambda state: state.to_move == "p2" and len(state.sides["p1"].hand) == 5)
    loose = replace(loose, on_track=_mine)
    found = problems(loose, GAME)
    assert any("discard YS4 in place of 'discard BK2' succeeds too" in problem for problem in found)
    assert problems(turn, GAME) == []


def test_pat_5_discarding_a_card_that_fits_is_explained_with_the_ruling():
    turn = next(lesson for lesson in LESSONS if lesson.id == "turn")
    before = replay(turn, turn.solution[:1])
    why, rule = turn.why_not(before, GAME.parse_move("discard YS4"))
    text = str(why)
    assert rule == "PAT-5" and "blue Cannon goes with none of your cards" in text
