"""The easy bot of every game is a beginner (issue 14): it plays by a learner's habits, not by coin flips. Each plays
only legal moves with a reason in words, is reproducible, decides from what its seat sees, and makes the mistake
its game's learners make, where the medium bot does not. How strong they are is measured in benchmarks/strength.py
(the ladder's easy-random and medium-easy steps)."""

from __future__ import annotations

import pytest

import cardlib
from cardlib.core.search import EasyBot
from cardlib.games import describe

GAME_IDS = list(cardlib.GAMES)
OPTIONS = {"pattuglia": {"target": 1}}  # a match of one deal: short enough for a test


def module_of(game_id: str):
    return describe(game_id).part("bots")


def game_of(game_id: str, seed: int):
    """A seeded game as the benchmark deals it: Njet! for four, Senza Nome for two, Pattuglia one deal."""
    return cardlib.load(game_id).new(seed=seed, **OPTIONS.get(game_id, {}))


def against_medium(game_id: str, seed: int, beginner_first: bool = True) -> list:
    """A whole game, the beginner in every other seat and the medium bot in the rest: the beginner's positions and
    decisions, in order."""
    bots = module_of(game_id).BOTS
    state = game_of(game_id, seed)
    seats = {
        player: bots["easy" if (index % 2 == 0) == beginner_first else "medium"](seed=seed)
        for index, player in enumerate(state.players)
    }
    played = []
    while not state.is_over:
        player = state.to_move
        decision = seats[player].decide(state, player)
        if seats[player].name == "beginner":
            played.append((state, decision))
        state = state.play(decision.move)
    return played


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_games_easy_bot_is_its_beginner(game_id):
    module = module_of(game_id)
    bot = module.BOTS["easy"](seed=3)  # the app's strength menu calls exactly this
    assert isinstance(bot, module.Beginner) and not isinstance(bot, EasyBot)
    assert bot.name == "beginner"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_beginner_plays_only_legal_moves_and_says_why_in_a_sentence(game_id):
    for seed, first in ((1, True), (1, False)):  # the same deal from both sides
        played = against_medium(game_id, seed, first)
        assert played
        for state, decision in played:
            assert state.is_legal(decision.move), (state, decision.move)
            reason = str(decision.reason)
            assert reason[:1].isupper() and reason.endswith("."), reason
            assert "{" not in reason, reason  # every placeholder filled


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_beginner_is_reproducible_and_reads_only_its_own_view(game_id):
    played = against_medium(game_id, seed=4)
    assert [decision for _state, decision in played] == [decision for _state, decision in against_medium(game_id, 4)]
    game = cardlib.load(game_id)
    for state, decision in played[:: max(1, len(played) // 6)]:
        player = state.to_move
        bot = module_of(game_id).BOTS["easy"](seed=9)
        assert bot.decide(game.from_json(state.to_json()), player) == decision
        for world in range(2):  # the hidden cards redrawn: a seat cannot tell these from the real deal
            assert bot.decide(state.determinize(player, world), player).move == decision.move


# -- each game's learner's mistake, where the medium bot plays well ------------------------------------------------


def test_napoletana_beginner_spends_its_jolly_and_its_strongest_card_at_once_and_never_passes_to_wait():
    from cardlib.games.napoletana.bots import Beginner, NapoletanaBot, face
    from cardlib.games.napoletana.legality import card_of

    beginner, medium = Beginner(), NapoletanaBot()
    state = game_of("napoletana", 0).play("keep").play("keep")  # Red to place the first card of the war
    assert str(beginner.choose(state, "red")) == "jolly"
    assert str(medium.choose(state, "red")) == "play AH enemy-front"  # a spy first; the Jolly waits
    after = state.play("jolly")
    move = beginner.choose(after, "red")
    hand = after.sides["red"].hand
    assert face(card_of(move.card)) == max(map(face, hand)) and str(move) == "play KD front horde"
    assert str(medium.choose(after, "red")) == "play AH enemy-front"
    # well ahead while the opponent still plays, the medium bot passes to make it spend cards; the beginner plays on
    ahead = [
        (state, decision)
        for state, decision in against_medium("napoletana", 2)
        if str(medium.decide(state, state.to_move).reason).startswith("You are well ahead: pass")
    ]
    assert ahead and all(decision.move.action == "play" for _state, decision in ahead)


def test_njet_beginner_takes_the_trick_from_its_own_partner_and_leads_its_highest_card():
    from cardlib.games.njet.bots import Beginner, NjetBot
    from cardlib.games.njet.positions import position

    rules = {"start": "south", "discards": "0", "trump": "blue", "super": "none", "multiplier": "2"}
    hands = {"north": "R9 R2 K5 G3 B4 K7 G8 B2 K3 G2"}
    state = position(rules=rules, partner="north", hands=hands, trick="south:R8 west:R3")
    beginner, medium = Beginner(), NjetBot()
    assert str(medium.choose(state, "north")) == "play R2"  # the partner's 8 wins: play low
    decision = beginner.decide(state, "north")
    assert str(decision.move) == "play R9" and "9♥" in str(decision.reason)  # over its partner's card
    lead = position(rules=rules, partner="north", hands={"south": "B9 R4 K5 G3 B3 K7 G5 B2 K3 G2"})
    assert str(beginner.choose(lead, "south")) == "play B9"  # its highest card, a trump
    assert str(medium.choose(lead, "south")) != "play B9"


def test_senza_nome_beginner_plays_its_hand_first_and_lets_a_run_pass_its_stock_card():
    from cardlib.games.senza_nome.bots import Beginner, SenzaNomeBot
    from cardlib.games.senza_nome.positions import position

    state = position(hands=("9H 4D", "9S"), stocks=("4D.1 7C", "5S"), runs=("AH 2H 3H 4H 5H 6H 7H 8H", "AD 2D 3D"))
    assert str(SenzaNomeBot().choose(state, "p1")) == "play 4D.1 run:2"  # bury the stock card: that is the race
    beginner = Beginner()
    for _step in range(2):
        state = state.play(beginner.choose(state, "p1"))
    assert [str(card) for card in state.sides["p1"].stock] == ["4D.1", "7C"]  # its 4♦ from hand took the place
    assert state.run("run:2").next == 5
    drawing = position(
        hands=("9C 9D", "9S"), stocks=("5H", "5S"), runs=("AH 2H",), phase="draw", to_draw=3, discard="3H"
    )
    assert str(SenzaNomeBot().choose(drawing, "p1")) == "draw discard"
    assert str(beginner.choose(drawing, "p1")) == "draw deck"  # it never looks at the discard pile


def test_pattuglia_beginner_attacks_first_whoever_is_nearest():
    from cardlib.games.pattuglia.bots import Beginner, PattugliaBot
    from cardlib.games.pattuglia.positions import position

    state = position(
        hands=("RS4 YS5 GK1 BS9 YC1 BK2", "YS6", "GS6"),
        patrols=[("RS1 RS2 RS3",), ("GS1 GS2 GS3",), ("BC1 BS1 BS2 BS3 BS4 BS5",)],
        arsenals=("BU1", "", ""),
    )
    assert str(PattugliaBot().choose(state, "p1")) == "lay RS4 patrol:1"  # grow the patrol first
    decision = Beginner().decide(state, "p1")
    assert str(decision.move) == "attack BU1 patrol:2" and "Attack" in str(decision.reason)  # not the leader's patrol:3


def test_nespanini_beginner_ignores_defausse_effects_and_keeps_every_top_card():
    from cardlib.games.nespanini.bots import Beginner, NesPaniniBot
    from cardlib.games.nespanini.positions import position

    beginner, medium = Beginner(), NesPaniniBot()
    state = position(hands=("sirene chevalier chevalier paladin marchand", "mousse"))
    assert str(medium.choose(state, "p1")) == "discard sirene"  # its Défausse makes the opponent discard
    decision = beginner.decide(state, "p1")
    assert str(decision.move) == "discard marchand" and "scores 19" in str(decision.reason)  # one point more, kept
    shown = position(hands=("epouvantail paysan paysan", "mousse"), decks=("usurier", "")).play("discard epouvantail")
    assert str(medium.choose(shown, "p1")) == "bottom"  # the Moneylender loses 2 per Peasant in hand
    decision = beginner.decide(shown, "p1")  # and keeps it
    assert str(decision.move) == "keep" and "Moneylender" in str(decision.reason)
