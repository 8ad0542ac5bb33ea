"""The medium NesPanini bot plays sensibly: it keeps the best-scoring hand, uses Défausse effects when they are
worth more than the card, answers effects to its profit, says why, and beats random play."""

from __future__ import annotations

from cardlib.core.bots import RandomBot
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.bots import BOTS, NesPaniniBot
from cardlib.games.nespanini.positions import position

BOT = NesPaniniBot()


def test_it_discards_the_card_that_leaves_the_best_hand_and_says_so():
    state = position(hands=("usurier paysan paysan jacquerie marchand meunier", "mousse"), turns=(4, 5))
    decision = BOT.decide(state, "p1")
    assert str(decision.move) == "discard usurier" and "scores 18" in str(decision.reason)


def test_it_discards_a_defausse_card_when_the_effect_is_worth_more_than_keeping_it():
    state = position(hands=("pilleur chevalier chevalier paladin marchand", "mousse"), discards=("", "tresor"))
    decision = BOT.decide(state, "p1")
    assert str(decision.move) == "discard pilleur" and "Défausse" in str(decision.reason)
    assert str(BOT.choose(state.play("discard pilleur"), "p1")) == "take tresor"


def test_it_answers_a_forced_discard_with_the_card_whose_loss_costs_least():
    # the Ivrogne scores 1 beside a Marchand (4 - 3), but losing the Marchand puts him back to 4: 14 against 12
    waiting = position(hands=("sirene chevalier", "kraken marchand ivrogne")).play("discard sirene")
    decision = BOT.decide(waiting, "p2")
    assert str(decision.move) == "discard marchand" and "still scores 14" in str(decision.reason)


def test_it_leaves_a_good_card_on_top_and_sends_a_bad_one_under():
    good = position(hands=("epouvantail paysan paysan", "mousse"), decks=("jacquerie", "")).play("discard epouvantail")
    assert str(BOT.choose(good, "p1")) == "keep"
    bad = position(hands=("epouvantail paysan paysan", "mousse"), decks=("usurier", "")).play("discard epouvantail")
    assert str(BOT.choose(bad, "p1")) == "bottom"


def test_it_beats_random_play_most_of_the_time():
    wins = 0
    for seed in range(60):
        state, easy = GAME.new(seed=seed), RandomBot(seed)
        while not state.is_over:
            bot = BOT if state.to_move == "p1" else easy
            state = state.play(bot.choose(state, state.to_move))
        wins += state.result.winners == ("p1",)
    assert wins >= 45
    assert set(BOTS) == {"easy", "medium", "hard"} and isinstance(BOTS["medium"](seed=3), NesPaniniBot)
