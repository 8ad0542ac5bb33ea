"""Napoletana's lessons come in a newcomer's order (every lesson's soundness is checked in
tests/core/test_lessons.py)."""

from cardlib.core import told
from cardlib.core.lessons import replay
from cardlib.games.napoletana.lessons import LESSONS


def test_lessons_follow_the_newcomers_order():
    assert [lesson.id for lesson in LESSONS] == [
        "rows", "passing", "starts", "coins", "armies", "spy", "kings", "healer", "burn", "agility", "jolly",
        "mulligan",
    ]  # fmt: skip


def test_nap_3_the_lesson_on_who_starts_ends_with_the_winner_starting_battle_2():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "starts")
    start = lesson.start()
    assert start.battle == 1 and start.starter == "red"  # NAP-3: Red starts battle 1
    won = replay(lesson)
    assert won.battles[0]["winner"] == "red" and won.battle == 2 and won.starter == won.to_move == "red"
    assert "Battle 2 begins. You start." in [str(line) for line in told(won.events, "red")]


def test_nap_3_the_pass_the_lesson_refuses_ties_and_black_starts_as_it_says():
    """NAP-3 after a tie: the player who did not start the tied battle starts the next, here Black."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == "starts")
    start = lesson.start()
    tied = start.play("pass")
    assert tied.battles[0]["winner"] is None and tied.battle == 2 and tied.starter == tied.to_move == "black"
    assert lesson.judge(tied) == "wrong"
    why, rule = lesson.why_not(start, start.game.parse_move("pass"))
    text = str(why)
    assert rule == "NAP-3" and "you started battle 1, so Black would start battle 2" in text
