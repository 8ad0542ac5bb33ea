"""What every game's lessons share (``cardlib.core.lessons``): each is sound as data (its solution solves it step by
step, every typical mistake fails the way it says) and starts with the learner to move; and a learner's legal move
that is not the lesson's is never left at "that is legal, but not what this lesson asks": it is explained in words,
with the ruling."""

import pytest

import cardlib
from cardlib.core.lessons import problems, replay
from cardlib.games import describe

LESSONS = [(game, lesson) for game in cardlib.GAMES for lesson in describe(game).lessons()]


@pytest.mark.parametrize(("game_id", "lesson"), LESSONS, ids=lambda x: getattr(x, "id", x))
def test_every_lesson_is_sound_and_starts_with_the_learner_to_move(game_id, lesson):
    assert problems(lesson, cardlib.load(game_id)) == []
    start = lesson.start()
    assert start.to_move == lesson.seat and start.legal_moves()


@pytest.mark.parametrize(("game_id", "lesson"), LESSONS, ids=lambda x: getattr(x, "id", x))
def test_every_legal_wrong_move_is_explained_with_a_ruling(game_id, lesson):
    game = cardlib.load(game_id)
    for step in range(len(lesson.solution)):
        before = replay(lesson, lesson.solution[:step])
        for move in before.legal_moves():
            if lesson.judge(before.play(move)) != "wrong":
                continue
            text, rule = lesson.why_not(before, move)
            assert rule in game.rules, (str(move), rule)
            assert text and "That is legal, but it is not what this lesson asks" not in str(text)


def test_a_generated_explanation_says_what_the_lesson_asks_and_what_the_move_did():
    from cardlib.games.napoletana.lessons import LESSONS as NAPOLETANA

    rows = NAPOLETANA[0]
    before = rows.start()
    why, rule = rows.why_not(before, before.game.parse_move("play 6H ranged"))
    text = str(why)
    assert rule == "NAP-5"
    assert "The lesson asks: Place your 9♥" in text and "(NAP-5)" in text
    assert "Your move did this instead: You place 6♥ in your ranged row." in text
