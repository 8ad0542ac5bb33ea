"""NesPanini's lessons come in a newcomer's order and together teach every ruling of play (every lesson's soundness
is checked in tests/core/test_lessons.py)."""

from __future__ import annotations

from cardlib.core.lessons import replay
from cardlib.games.nespanini.bots import hand_score
from cardlib.games.nespanini.lessons import LESSONS


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


def test_nes_6_the_foule_lesson_says_the_scores_the_hand_really_makes():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "foule")
    hand = ["paysan", "paysan", "paysan", "meunier", "chevalier", "paysan"]  # after the draw

    def left(code):
        rest = list(hand)
        rest.remove(code)
        return hand_score(rest, [code])

    said = lesson.mistakes[0].feedback
    assert f"leaves {left('paysan')} points" in said and f"Knight-errant {left('chevalier')}" in said
    assert "each Peasant scores 5" in said and "other Peasant card" in lesson.text
