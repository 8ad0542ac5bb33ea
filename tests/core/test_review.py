"""The review of a finished game (cardlib/review.py), in every game: it finds a clearly worse move, names the better
one and its ruling, says nothing of a game played as the strongest bot would, and turns a costly decision into a
lesson whose judge takes the better move and refuses the one played.

Each prepared position has one move that loses what the other wins (a battle, a trick, the race, the game), so
the paired gap is far above the review's threshold whatever the worlds: a second or less per game.
"""

from __future__ import annotations

import pytest
from reviewed_positions import prepared

import cardlib
from cardlib.core import Move
from cardlib.core.bots import hint
from cardlib.core.lessons import LessonBot, problems
from cardlib.games import describe
from cardlib.games.pattuglia.positions import position as pattuglia_position
from cardlib.review import MARGIN, Reviewer, decisions, played
from cardlib.session import LessonSession, Mode
from widgets.layouts import layout

pytestmark = pytest.mark.review  # (tests/conftest.py leaves the review out of the others)


def reviewed(game_id: str):
    state, worse, _better, _rule = prepared(game_id)
    reviewer = Reviewer(game_id, state.to_move)
    reviewer.note(state, worse)
    return reviewer.review()


@pytest.mark.parametrize("game_id", cardlib.GAMES)
def test_the_review_finds_the_clearly_worse_move_and_names_the_better_one_and_its_ruling(game_id):
    state, worse, better, rule = prepared(game_id)
    review = reviewed(game_id)
    assert not review.as_well
    (costly,) = review.costly
    assert (str(costly.played), str(costly.better)) == (worse, better)
    assert costly.before.to_json() == state.to_json() and costly.seat == state.to_move
    assert costly.gap >= MARGIN
    assert rule in costly.rules and set(costly.rules) <= set(state.game.rules)
    assert str(costly.better_label) == str(state.label(state.game.parse_move(better)))
    assert str(costly.better_label) in str(costly.why)


@pytest.mark.parametrize("game_id", cardlib.GAMES)
def test_a_game_played_as_the_strongest_bot_would_is_reviewed_as_well_played(game_id):
    """The learner's seat plays the hard bot's own choices (the review's bot, as the hint has it) for a stretch of
    a seeded game, the others the medium bot: no decision is costly, and the review says so."""
    state = cardlib.load(game_id).new(seed=3)
    seat = state.players[0]
    reviewer = Reviewer(game_id, seat)
    medium = describe(game_id).bots()["medium"](seed=0)
    for _ in range(400):
        if state.is_over or len(reviewer.judged) >= 3:
            break
        mover = state.to_move
        assert mover is not None
        if mover == seat:
            move = reviewer.bot.decide(state, seat).move
            reviewer.note(state, move)
            reviewer.work()
        else:
            move = medium.decide(state, mover).move
        state = state.play(move)
    review = reviewer.review()
    assert review.judged >= 1
    assert review.as_well and review.costly == ()
    assert str(review.said).startswith("You played as well as the strongest bot")


@pytest.mark.parametrize("game_id", cardlib.GAMES)
def test_try_it_is_a_sound_lesson_whose_judge_takes_the_better_move_and_refuses_the_played_one(game_id):
    state, worse, better, _rule = prepared(game_id)
    costly = reviewed(game_id).costly[0]
    lesson = costly.lesson()
    game = state.game
    assert problems(lesson, game) == []
    start = lesson.start()
    assert start.to_json() == state.to_json() and lesson.seat == state.to_move
    assert lesson.judge(start.play(better)) == "success"
    assert lesson.judge(start.play(worse)) == "wrong"
    why, rule = lesson.why_not(start, game.parse_move(worse))
    assert str(why).startswith("That is the move you played in your game.") and rule in lesson.rules
    # the lesson runner's hint and "show me" lead to the better move
    assert hint(start, LessonBot(lesson)).move == game.parse_move(better)
    session = LessonSession(layout(game_id), lesson)
    session.try_move(game.parse_move(worse))
    assert session.answer is not None and session.answer.kind == "error"
    assert session.state.to_json() == state.to_json()  # refused: the position is kept
    session.show_way()
    assert session.mode is Mode.SHOWN


def test_the_review_is_the_same_for_the_same_seed():
    """Two reviews of one seeded game, the learner played by the medium bot: the same decisions, gaps and words."""

    def review_once():
        state = cardlib.load("napoletana").new(seed=11)
        reviewer = Reviewer("napoletana", "red", rollouts=24)
        medium = describe("napoletana").bots()["medium"](seed=0)
        while not state.is_over and reviewer.count < 4:
            move = medium.decide(state, state.to_move).move
            reviewer.note(state, move)
            state = state.play(move)
        review = reviewer.review()
        judged = [(j.number, j.played, j.decision.move, j.gap, j.error) for j in reviewer.judged]
        costly = [(c.number, c.played, c.better, c.rules, c.why, c.before.to_json()) for c in review.costly]
        return judged, costly

    first, again = review_once(), review_once()
    assert first == again and first[0] and first[1]  # (this stretch has a costly decision: the words are compared)


def test_a_decision_with_one_legal_move_or_another_seats_is_not_judged():
    state, _worse, _better, _rule = prepared("pattuglia")
    reviewer = Reviewer("pattuglia", "p2")
    reviewer.note(state, "discard YS1")  # p1's decision, not the reviewed seat's
    assert reviewer.pending == 0
    only = pattuglia_position(
        hands=("YS1", "YS5"), patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2",), ()], closers=("p1",), scores=(90, 40)
    )
    assert len(only.legal_moves()) == 1
    reviewer = Reviewer("pattuglia", "p1")
    reviewer.note(only, "discard YS1")
    assert reviewer.review().judged == 0


def test_a_teacher_reviews_a_history_of_positions_the_moves_read_back_from_them():
    state, worse, better, _rule = prepared("napoletana")
    after = state.play(worse)
    assert played(state, after) == Move("play", "JH", "front")
    reviewer = Reviewer("napoletana", "red")
    reviewer.note_history([state, after])
    (costly,) = reviewer.review().costly
    assert str(costly.better) == better


def test_an_undo_forgets_the_undone_decisions_and_a_review_up_to_a_decision_leaves_out_the_later_ones():
    """NAP-14: the Jack's worse row, played as the learner's second decision: a review of the first decision only
    finds nothing; an undo of the second forgets it, judged or still queued, and the decision played instead is
    the second."""
    state, worse, better, _rule = prepared("napoletana")
    reviewer = Reviewer("napoletana", "red")
    reviewer.note(state, better)  # the first decision, as the bot would
    reviewer.note(state, worse)  # the second, clearly worse
    assert reviewer.review(upto=1).costly == () and reviewer.pending == 1  # the second is not judged for it
    assert reviewer.review().costly[0].number == 2
    reviewer.undo(1)
    assert reviewer.count == 1 and reviewer.review().costly == () and reviewer.review().judged == 1
    reviewer.note(state, worse)
    reviewer.undo(1)  # undone while still queued
    assert reviewer.pending == 0 and reviewer.review().costly == ()
    history = [state, state.play(better)]
    assert decisions(history, "red") == 1 and decisions(history, "black") == 0


def test_a_review_before_any_decision_says_there_is_nothing_to_review_yet():
    review = Reviewer("napoletana", "red").review()
    assert review.judged == 0 and str(review.said).startswith("There is nothing to review yet")
