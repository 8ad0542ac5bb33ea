"""NesPanini's lessons come in a newcomer's order and together teach every ruling of play (every lesson's soundness
is checked in tests/core/test_lessons.py)."""

from __future__ import annotations

from cardlib.core import told
from cardlib.core.lessons import replay
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.bots import hand_score
from cardlib.games.nespanini.lessons import LESSONS


def test_lessons_follow_the_newcomers_order_and_teach_every_ruling_of_play():
    assert [lesson.id for lesson in LESSONS] == [
        "turn",
        "deck",
        "defausse",
        "choice",
        "legendaire",
        "all_legendaire",
        "foule",
        "score",
    ]
    assert {rule for lesson in LESSONS for rule in lesson.rules} >= {"NES-3", "NES-4", "NES-5", "NES-6"}


def test_nes_3_nes_4_the_deck_lesson_is_a_real_deal_of_20_card_decks_and_its_draw_comes_from_the_15_left():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "deck")
    start = lesson.start()
    assert start.to_json() == GAME.new(seed=1).to_json()  # dealt as a game is, from the game's own decks
    for player in ("p1", "p2"):
        side = start.sides[player]
        assert len(start.decklists[player]) == 20 and sorted(side.hand + side.deck) == start.decklists[player]
        assert (len(side.hand), len(side.deck)) == (5, 15)
    assert start.first == start.to_move == "p1" and start.phase == "draw" and not start.cimetiere
    assert [str(line) for line in told(start.events, "p1")] == [
        "Each player shuffles its deck and draws 5 cards. You start."
    ]
    drawn = replay(lesson)
    assert drawn.sides["p1"].hand == [*start.sides["p1"].hand, start.sides["p1"].deck[0]]
    assert len(drawn.sides["p1"].deck) == 14 and drawn.phase == "discard"


def test_nes_4_the_deck_lesson_refuses_a_discard_before_the_draw():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "deck")
    start = lesson.start()
    (mistake,) = lesson.mistakes
    assert mistake.move.split()[1] in start.sides["p1"].hand  # a card the learner can click
    verdict = start.check(GAME.parse_move(mistake.move))
    assert not verdict and verdict.rule == "NES-4"


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
    assert "each Peasant scores 5" in said and "other Peasant card" in str(lesson.text)
