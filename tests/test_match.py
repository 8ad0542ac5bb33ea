"""The headless match (cardlib/match.py) in every game: the bots' turn as a step, undo to a person's decision, the
teacher's steps through the history, the hint and the log, with no widget anywhere."""

from __future__ import annotations

import doctest

import pytest

import cardlib.match
from cardlib import BadMove, load
from cardlib.core import retold, told
from cardlib.games import GAMES
from cardlib.match import LOG_LINES, LookingBack, Match


def to_learners_turn(match: Match, learner: str) -> None:
    match.bot_turn()
    assert match.state.is_over or match.state.to_move == learner


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bots_play_up_to_the_learners_turn_and_undo_takes_back_their_answers_too(game_id):
    match = Match.new(game_id, seed=3)
    (learner,) = match.people
    to_learners_turn(match, learner)
    decision = match.state
    assert match.bot_to_move() is None
    played = match.play(decision.legal_moves()[0])
    made = match.bot_turn()
    assert match.history[-len(made) - 2 :] == [decision, played, *made]
    assert all(state.to_move != learner for state in [played, *made][:-1])  # they answered, and only they
    assert match.undo(learner) and match.state is decision and match.latest
    assert match.history[-1] is decision  # the learner's move and the bots' answers are gone


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_replays_alike_from_the_same_deal_and_strength(game_id):
    def game(strength: str) -> list[str]:
        match = Match.new(game_id, seed=11)
        match.strength = strength
        (learner,) = match.people
        for _ in range(6):
            to_learners_turn(match, learner)
            if match.state.is_over:
                break
            match.play(match.bot().choose(match.state, learner))
        return [str(state.to_json()) for state in match.history]

    assert game("easy") == game("easy")


def test_an_illegal_move_is_refused_and_changes_nothing():
    match = Match.new("napoletana", seed=5)
    to_learners_turn(match, "red")
    history, cursor = list(match.history), match.cursor
    with pytest.raises(BadMove):
        match.play("play:XX:melee")
    assert match.history == history and match.cursor == cursor


def test_the_teacher_steps_back_and_forth_and_the_bots_never_play_on_from_an_earlier_position():
    match = Match.new("njet", seed=2, players=4)
    (learner,) = match.people
    match.bot_turn()
    while len(match.history) < 8 and not match.state.is_over:
        match.play(match.bot().choose(match.state, learner))
        match.bot_turn()
    latest = len(match.history) - 1
    assert not match.forward()
    while match.back():
        assert match.bot_to_move() is None  # an earlier position: nobody plays on from it
    assert match.cursor == 0 and len(match.history) == latest + 1  # nothing is lost by stepping back
    for _ in range(latest):
        assert match.forward()
    assert match.latest and match.state is match.history[-1]


def test_a_move_on_an_earlier_position_waits_for_the_choice_to_go_on_from_there_which_drops_the_later_moves():
    match = Match.new("senza_nome", seed=4)
    (learner,) = match.people
    to_learners_turn(match, learner)
    match.play(match.state.legal_moves()[0])
    match.bot_turn()
    while (match.latest or match.state.to_move != learner) and match.back():
        pass
    assert match.state.to_move == learner and not match.latest
    earlier, history = match.cursor, list(match.history)
    with pytest.raises(LookingBack, match="earlier position"):
        match.play(match.state.legal_moves()[-1])
    assert match.history == history and match.cursor == earlier  # refused: nothing changed
    assert match.undo(learner) is True and match.latest  # undo is of the latest decision, wherever one looks
    match.history, match.cursor = list(history), earlier
    assert match.play_from_here() == len(history) - 1 - earlier
    after = match.play(match.state.legal_moves()[-1])
    # what came after the earlier position is gone; the new move follows it
    assert match.history == [*history[: earlier + 1], after] and match.cursor == earlier + 1 and match.latest


def test_at_a_table_every_person_plays_their_own_seat_and_the_bots_only_the_others():
    match = Match(load("njet").new(seed=1, players=4), people=["north", "south"])
    seen = set()
    for _ in range(40):
        if match.state.is_over:
            break
        seat = match.bot_to_move()
        if seat is None:
            assert match.state.to_move in match.people
            seen.add(match.state.to_move)
            match.play(match.state.legal_moves()[0])
        else:
            assert seat not in match.people
            match.bot_move()
    assert seen == {"north", "south"}


def test_the_hint_is_for_the_seat_to_move_and_a_legal_move():
    match = Match.new("nespanini", seed=8)
    (learner,) = match.people
    to_learners_turn(match, learner)
    other = next(seat for seat in match.state.players if seat != learner)
    assert match.hint(other) is None
    advice = match.hint(learner)
    assert advice is not None and match.state.check(advice.move)


def test_the_log_is_what_the_learner_was_told_last_in_its_own_voice():
    match = Match.new("pattuglia", seed=6)
    (learner,) = match.people
    for _ in range(30):
        to_learners_turn(match, learner)
        if match.state.is_over:
            break
        match.play(match.bot().choose(match.state, learner))
    every = [line for state in match.history for line in told(state.events, learner)]
    shown = match.log(learner)
    # the newest lines, read back only as far as needed: the same as telling the whole game and keeping its end
    assert len(shown) == LOG_LINES and shown == retold(every)[-LOG_LINES:]
    assert any(str(line).startswith("You ") for line in shown)


def test_the_log_tells_every_move_since_the_learners_last_however_many_bots_play():
    match = Match.new("senza_nome", seed=3, players=6)
    (learner,) = match.people
    for _ in range(3):  # three whole turns of the learner's, each followed by the five bots'
        to_learners_turn(match, learner)
        while match.state.to_move == learner:
            match.play(match.bot().choose(match.state, learner))
    match.bot_turn()
    last = max(i for i, state in enumerate(match.history[:-1]) if state.to_move == learner)
    since = retold([line for state in match.history[last + 1 :] for line in told(state.events, learner)])
    shown = match.log(learner)
    assert len(since) > LOG_LINES  # five bots' turns tell more than a log's usual length ...
    assert shown[-len(since) :] == since and len(shown) == len(since)  # ... and the log tells them all


def test_a_loaded_position_tells_the_move_that_led_to_it():
    match = Match.new("napoletana", seed=5)
    match.play("keep")
    match.bot_turn()
    loaded = match.state
    match.restart(load("napoletana").from_json(loaded.to_json()))
    assert match.log("red") and match.log("red")[-1] == told(loaded.events, "red")[-1]


def test_a_match_refuses_an_unknown_strength_and_another_games_position_by_name():
    match = Match.new("napoletana", seed=1)
    with pytest.raises(ValueError, match="no bot strength 'expert'"):
        match.strength = "expert"
    with pytest.raises(ValueError, match="a position of njet cannot go on in a match of napoletana"):
        match.restart(load("njet").new(seed=1))
    assert match.strength == "medium" and match.game.id == "napoletana"


def test_no_bot_is_asked_to_move_on_a_persons_turn():
    match = Match.new("napoletana", seed=9)
    to_learners_turn(match, "red")
    with pytest.raises(ValueError, match="no bot is to move"):
        match.bot_move()


def test_each_seat_is_shown_only_its_own_hand():
    match = Match(load("njet").new(seed=3, players=4), people=["north", "south"])
    for seat in match.state.players:
        hands = match.view(seat)["hands"]
        assert hands[seat] and all(hands[other] is None for other in hands if other != seat)


def test_the_example_in_the_modules_docstring_runs():
    assert doctest.testmod(cardlib.match).failed == 0
