"""Senza Nome's lessons come in a newcomer's order and teach every ruling (every lesson's soundness is checked in
tests/core/test_lessons.py)."""

from cardlib.core.lessons import replay
from cardlib.games.senza_nome import GAME
from cardlib.games.senza_nome.lessons import LESSONS


def test_lessons_follow_the_newcomers_order_and_teach_every_ruling():
    assert [lesson.id for lesson in LESSONS] == [
        "goal", "aces", "attach", "stock", "wilds", "swap", "draw", "discard", "reshuffle", "finish",
    ]  # fmt: skip
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught >= {"SNO-2", "SNO-3", "SNO-4", "SNO-5", "SNO-6", "SNO-7", "SNO-8", "SNO-9"}


def test_sno_8_the_lesson_on_the_empty_draw_pile_shuffles_the_discards_and_the_run_set_aside():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "reshuffle")
    start = lesson.start()
    seen = start.view("p1")
    assert seen["draw_size"] == 0 and seen["set_aside"] == 1 and seen["reshuffles"] == 2
    new_pile = len(seen["discard"]) + 12  # the discards and the clubs run set aside, A to Q
    drawn = start.play("draw deck")
    assert drawn.events[0].rule == "SNO-8" and "shuffled into a new one" in str(drawn.events[0].text)
    seen = drawn.view("p1")
    assert seen["discard"] == [] and seen["set_aside"] == 0 and seen["reshuffles"] == 3
    assert seen["draw_size"] == new_pile - 1  # the learner's card came from the new pile
    assert lesson.judge(drawn) == "continue" and lesson.judge(replay(lesson)) == "success"


def test_sno_8_the_lessons_warning_holds_a_fourth_empty_pile_with_no_stock_card_buried_is_a_stuck_race():
    """The lesson's reason to bury the 4♥: if nobody buries a stock card before the new pile runs out, the race is
    stuck and the opponent, with fewer stock cards, wins; with the 4♥ buried the pile is simply shuffled again."""
    lesson = next(lesson for lesson in LESSONS if lesson.id == "reshuffle")

    def pile_runs_out(state):
        data = state.to_json()
        data["discard"], data["draw"] = data["discard"] + data["draw"], []
        return GAME.from_json(data).play("draw deck")

    stuck = pile_runs_out(replay(lesson, ["draw deck", "discard 9C"]))
    assert stuck.is_over and stuck.result.winners == ("p2",) and stuck.events[-1].rule == "SNO-8"
    going_on = pile_runs_out(replay(lesson).play("discard 9C"))
    assert not going_on.is_over and going_on.view("p2")["reshuffles"] == 4
    before = replay(lesson, ["draw deck"])
    why, rule = lesson.why_not(before, GAME.parse_move("discard 9C"))
    text = str(why)
    assert rule == "SNO-8" and "the race is stuck" in text and "would win" in text
