"""Napoletana's lessons come in a newcomer's order (every lesson's soundness is checked in
tests/core/test_lessons.py)."""

from cardlib.games.napoletana.lessons import LESSONS


def test_lessons_follow_the_newcomers_order():
    assert [lesson.id for lesson in LESSONS] == [
        "rows", "passing", "coins", "armies", "spy", "kings", "healer", "burn", "agility", "jolly", "mulligan",
    ]  # fmt: skip
