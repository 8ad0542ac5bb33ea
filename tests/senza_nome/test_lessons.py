"""Senza Nome's lessons come in a newcomer's order and teach every ruling (every lesson's soundness is checked in
tests/core/test_lessons.py)."""

from cardlib.games.senza_nome.lessons import LESSONS


def test_lessons_follow_the_newcomers_order_and_teach_every_ruling():
    assert [lesson.id for lesson in LESSONS] == [
        "goal", "aces", "attach", "stock", "wilds", "swap", "draw", "discard", "finish",
    ]  # fmt: skip
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught >= {"SNO-2", "SNO-3", "SNO-4", "SNO-5", "SNO-6", "SNO-7", "SNO-9"}
