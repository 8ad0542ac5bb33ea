"""The Senza Nome bots: the medium bot races sensibly and decides only on what its seat can see."""

from __future__ import annotations

import random

from cardlib.games.senza_nome import GAME
from cardlib.games.senza_nome.bots import BOTS, SenzaNomeBot
from cardlib.games.senza_nome.positions import position

BOT = SenzaNomeBot()


def decide(state, player="p1") -> str:
    return str(BOT.decide(state, player).move)


def test_it_buries_the_stock_card_first():
    state = position(hands=("9H 4D", "9S"), stocks=("4D.1 7C", "5S"), runs=("AH 2H 3H 4H 5H 6H 7H 8H", "AD 2D 3D"))
    assert decide(state) == "play 4D.1 run:2"


def test_it_builds_towards_its_stock_card_and_keeps_wilds_for_it():
    state = position(hands=("KS 3H 9C", "9S"), stocks=("5H 7C", "5S"), runs=("AH 2H",))
    assert decide(state) == "play 3H run:1"  # 3 natural, K as 4, then the 5 from the stock
    state = state.play("play 3H run:1")
    assert decide(state) == "play KS run:1"
    state = position(hands=("KS 9C", "9S"), stocks=("QD 7C", "5S"), runs=("AH 2H",))
    assert decide(state) == "discard 9C"  # no run of diamonds yet: the one King waits for the Queen
    state = position(hands=("KS XR 9C", "9S"), stocks=("QD 7C", "5S"), runs=("AH 2H",))
    assert decide(state) == "play KS run:1"  # a second wild is spare: it brings a run closer to completion


def test_it_does_not_feed_the_next_players_stock_card():
    state = position(hands=("3H 9C 10D", "9S"), stocks=("QC", "4H 5S"), runs=("AH 2H", "AD"))
    assert decide(state) != "play 3H run:1"  # the run would then need the 4♥ on top of Player 2's stock
    state = position(hands=("10H 5D", "9S"), stocks=("7C", "QH 5S"), runs=("AH", "AD 2D"))
    assert decide(state) == "discard 5D"  # the 10♥ is farther from any run, but on Player 2's way to the Q♥


def test_it_takes_a_useful_discard_and_otherwise_draws_blind():
    state = position(hands=("9C 9D", "9S"), stocks=("5H", "5S"), runs=("AH 2H",), phase="draw", to_draw=3, discard="3H")
    assert decide(state) == "draw discard"
    state = position(hands=("9C 9D", "9S"), stocks=("5H", "5S"), runs=("AH 2H",), phase="draw", to_draw=3, discard="8S")
    assert decide(state) == "draw deck"


def test_decisions_depend_only_on_what_the_seat_sees():
    rng = random.Random(1)
    for seed in range(12):
        state = GAME.new(seed=seed, players=(2, 4, 6)[seed % 3])
        for _ in range(rng.randrange(5, 80)):
            state = state.play(BOT.decide(state, state.to_move).move)
            if state.is_over:
                break
        if state.is_over:
            continue
        player = state.to_move
        for guess in range(3):
            assert BOT.decide(state.determinize(player, guess), player).move == BOT.decide(state, player).move


def test_bots_play_legal_moves_and_name_their_reasons():
    for name, make in BOTS.items():
        bot = make(seed=3)
        state = GAME.new(seed=3, players=3)
        for _ in range(60):
            decision = bot.decide(state, state.to_move)
            assert decision.move in state.legal_moves() and decision.reason, name
            state = state.play(decision.move)
