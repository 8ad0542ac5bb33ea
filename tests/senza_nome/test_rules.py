"""Senza Nome, one ruling at a time (docs/rules/senza_nome.md, SNO-1..SNO-9).

Each test builds the position its ruling talks about with ``position`` (every card not named waits in the draw
pile, in deck order) and checks the behaviour through the public protocol only.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardlib import BadOption, IllegalMove
from cardlib.games.senza_nome import GAME
from cardlib.games.senza_nome.positions import position


def play(state, *moves: str):
    for move in moves:
        state = state.play(move)
    return state


def refused(state, move: str, rule: str, *words: str):
    """``move`` is refused by ``check`` with ``rule``; ``play`` raises with the same verdict, changing nothing."""
    before = state.to_json()
    verdict = state.check(GAME.parse_move(move))
    assert not verdict.ok, f"'{move}' should be refused"
    assert verdict.rule == rule, f"'{move}': {verdict.reason} ({verdict.rule}), expected {rule}"
    for word in words:
        assert word in str(verdict.reason)
    with pytest.raises(IllegalMove) as raised:
        state.play(move)
    assert raised.value.verdict == verdict
    assert state.to_json() == before
    return verdict


def hand(state, player="p1") -> list[str]:
    return state.to_json()["sides"][player]["hand"]


def stock(state, player="p1") -> list[str]:
    return state.to_json()["sides"][player]["stock"]


def runs(state) -> list[list[str]]:
    return [run["cards"] for run in state.to_json()["runs"]]


# -- SNO-1 players and decks --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks"), [(2, 2), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_sno_1_decks_by_players_with_two_jokers_each(players, decks):
    state = GAME.new(seed=1, players=players)
    data = state.to_json()
    assert data["decks"] == decks == state.view(None)["decks"]
    everything = data["draw"] + [card for seat in data["sides"].values() for card in seat["hand"] + seat["stock"]]
    assert len(everything) == 54 * decks == len(set(everything))
    assert sum(card.startswith("X") for card in everything) == 2 * decks
    assert state.players == tuple(f"p{n}" for n in range(1, players + 1))


def test_sno_1_the_number_of_decks_is_an_option():
    assert GAME.new(seed=1, players=2, decks=3).to_json()["decks"] == 3
    assert GAME.new(seed=1, players=6, decks=2).to_json()["decks"] == 2
    with pytest.raises(BadOption):
        GAME.new(seed=1, players=2, decks=4)
    with pytest.raises(BadOption):
        GAME.new(seed=1, players=7)


# -- SNO-2 deal ------------------------------------------------------------------------------------------------


def test_sno_2_stock_of_ten_top_face_up_hand_of_five_player_one_starts():
    state = GAME.new(seed=4, players=3)
    data = state.to_json()
    for player in state.players:
        assert len(data["sides"][player]["stock"]) == 10 and len(data["sides"][player]["hand"]) == 5
    assert len(data["draw"]) == 108 - 3 * 15
    assert state.to_move == "p1" and state.view("p1")["phase"] == "draw"
    view = state.view("p2")
    assert view["sides"]["p1"]["stock_top"] == data["sides"]["p1"]["stock"][0]
    assert view["sides"]["p1"]["stock_size"] == 10 and view["sides"]["p1"]["hand"] is None
    assert state.events[0].rule == "SNO-2"


def test_sno_2_play_goes_clockwise_from_the_dealers_left():
    state = position(hands=("9C", "9D", "9S"), stocks=("5H", "5D", "5S"), runs=("AH",))
    state = state.play("discard 9C")
    assert state.to_move == "p2"
    state = play(state, "draw deck", "draw deck", "draw deck", "draw deck")
    discard = next(card for card in hand(state, "p2") if state.check(GAME.parse_move(f"discard {card}")))
    assert play(state, f"discard {discard}").to_move == "p3"


# -- SNO-3 runs ----------------------------------------------------------------------------------------------


def test_sno_3_only_a_natural_ace_starts_a_run():
    state = position(hands=("AH KH XR 2H", "9C"), stocks=("9S", "9D"))
    refused(state, "play KH new", "SNO-5")  # the Ace in hand comes first
    state = state.play("play AH new")
    refused(state, "play KH new", "SNO-3", "wild")
    refused(state, "play XR new", "SNO-3", "wild")
    refused(state, "play 2H new", "SNO-3", "Ace")
    assert runs(state) == [["AH"]]


def test_sno_3_same_suit_upward_and_wilds_stand_for_the_next_value():
    state = position(hands=("2H 3S 4H KS XB", "9C"), stocks=("9S", "9D"), runs=("AH",))
    refused(state, "play 3S run:1", "SNO-3", "♥")
    refused(state, "play 4H run:1", "SNO-3", "needs 2")
    state = play(state, "play 2H run:1", "play KS run:1", "play 4H run:1", "play XB run:1")
    assert runs(state) == [["AH", "2H", "KS", "4H", "XB"]]
    assert "as 5" in str(state.events[0].text)
    assert state.view("p1")["runs"][0]["next"] == 6


def test_sno_3_a_run_completes_at_the_queen_and_is_set_aside_then_reshuffled():
    state = position(hands=("QH 9C", "9D"), stocks=("9S", "8D"), runs=("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",), draw="")
    state = state.play("play QH run:1")
    assert runs(state) == [] and state.view(None)["set_aside"] == 1
    assert [event.kind for event in state.events] == ["attach", "complete"]
    assert state.events[1].rule == "SNO-3"
    data = state.to_json()
    data["discard"], data["draw"] = data["discard"] + data["draw"], []  # every other card waits in the discards
    state = GAME.from_json(data).play("discard 9C")
    state = state.play("draw deck")
    assert "reshuffle" in [event.kind for event in state.events]
    assert "QH" in state.to_json()["draw"] + hand(state, "p2")
    assert state.view(None)["set_aside"] == 0


# -- SNO-4 draw ------------------------------------------------------------------------------------------------


def test_sno_4_draw_up_to_five_one_card_at_a_time():
    state = position(hands=("9C 9D", "9S"), stocks=("5H", "5D"), phase="draw", to_draw=3, draw="2C 3C 4C")
    refused(state, "discard 9C", "SNO-4", "3 more")
    state = play(state, "draw deck", "draw deck")
    refused(state, "discard 9C", "SNO-4", "your card")
    state = state.play("draw deck")
    assert hand(state) == ["9C", "9D", "2C", "3C", "4C"] and state.view("p1")["phase"] == "play"
    refused(state, "draw deck", "SNO-4")


def test_sno_4_holding_five_or_more_draws_one():
    state = position(hands=("9C", "2D 3D 4D 5D 6D 7D"), stocks=("5H", "5S"), runs=("AC",))
    state = state.play("discard 9C")
    assert state.to_move == "p2" and state.view("p2")["to_draw"] == 1
    state = position(hands=("9C", "2D 3D"), stocks=("5H", "5S"), runs=("AC",)).play("discard 9C")
    assert state.view("p2")["to_draw"] == 3


def test_sno_4_discards_come_top_down_skipping_none():
    state = position(hands=("", "9S"), stocks=("5H", "5D"), phase="draw", to_draw=5, discard="2C 3C 4C")
    assert str(state.label(GAME.parse_move("draw discard"))) == "Take 4♣ from the discard pile"
    state = play(state, "draw discard", "draw discard")
    assert hand(state) == ["4C", "3C"] and state.to_json()["discard"] == ["2C"]
    taken = position(hands=("", "9S"), stocks=("5H", "5D"), phase="draw", to_draw=5, discard="2C 3C 4C")
    assert "4♣" in str(taken.play("draw discard").events[0].text)
    state = play(state, "draw deck", "draw discard")
    assert hand(state)[-1] == "2C" and state.to_json()["discard"] == []
    refused(state, "draw discard", "SNO-4", "empty")


def test_sno_4_a_card_drawn_blind_is_told_only_to_its_player():
    state = position(hands=("", "9S"), stocks=("5H", "5D"), phase="draw", to_draw=5, draw="7C").play("draw deck")
    private = [event for event in state.events if event.only]
    assert private and private[0].only == "p1" and "7♣" in str(private[0].text)
    assert not any("7♣" in event["text"] for event in state.view("p2")["events"])


# -- SNO-5 aces ------------------------------------------------------------------------------------------------


def test_sno_5_every_ace_in_hand_is_laid_before_anything_else():
    state = position(hands=("9C 9D", "9S"), stocks=("5H", "5S"), phase="draw", to_draw=2, draw="AD AC")
    state = play(state, "draw deck", "draw deck")
    assert {str(move) for move in state.legal_moves()} == {"play AD new", "play AC new"}
    refused(state, "discard 9C", "SNO-5", "A♦ and A♣")
    refused(state, "play AD run:1", "SNO-5")
    state = play(state, "play AC new", "play AD new")
    assert runs(state) == [["AC"], ["AD"]]
    assert state.events[0].rule == "SNO-5"


def test_sno_5_an_ace_on_top_of_the_stock_is_laid_at_once():
    state = position(hands=("2H 9C", "9S"), stocks=("AH 3H", "5S"))
    assert [str(move) for move in state.legal_moves()] == ["play AH new"]
    state = state.play("play AH new")
    assert stock(state) == ["3H"] and runs(state) == [["AH"]]
    assert "turns up: 3♥" in str(state.events[-1].text)
    state = play(state, "play 2H run:1", "play 3H run:1")
    assert stock(state) == [] and runs(state) == [["AH", "2H", "3H"]]


# -- SNO-6 play ------------------------------------------------------------------------------------------------


def test_sno_6_attach_the_stock_card_then_the_next_one_turns_up():
    state = position(hands=("9C", "9S"), stocks=("2H 7D 4S", "5S"), runs=("AH",))
    view = state.view("p2")
    assert view["sides"]["p1"]["stock_top"] == "2H" and "7D" not in str(view)
    state = state.play("play 2H run:1")
    assert stock(state) == ["7D", "4S"] and state.view("p2")["sides"]["p1"]["stock_top"] == "7D"
    assert [event.kind for event in state.events] == ["attach", "stock"]
    refused(state, "play 4S run:1", "SNO-6")  # a face-down stock card is not playable
    refused(state, "discard 7D", "SNO-7", "Stock")


def test_sno_6_a_wild_from_hand_bridges_to_the_stock_card():
    state = position(hands=("XR 9C", "9S"), stocks=("3H", "5S"), runs=("AH",))
    state = play(state, "play XR run:1", "play 3H run:1")
    assert runs(state) == [["AH", "XR", "3H"]] and stock(state) == []


def test_sno_6_a_swap_gives_the_wild_to_the_swapper():
    state = position(hands=("2H 9C", "9S"), stocks=("9D", "5S"), runs=("AH KS 3H",))
    assert str(state.label(GAME.parse_move("swap 2H run:1"))) == "Put 2♥ in the ♥ run in place of its wild"
    state = state.play("swap 2H run:1")
    assert runs(state) == [["AH", "2H", "3H"]] and sorted(hand(state)) == ["9C", "KS"]
    assert "K♠" in str(state.events[0].text)


def test_sno_6_a_swap_needs_the_natural_card_the_wild_stands_for():
    state = position(hands=("3H 2D 2H.1 XR", "9S"), stocks=("9D 5C", "5S"), runs=("AH KS 3H.1", "AD"))
    refused(state, "swap 3H run:1", "SNO-6", "3♥")
    refused(state, "swap 2D run:1", "SNO-6")
    refused(state, "swap XR run:1", "SNO-6", "wild")
    refused(state, "swap 2D run:2", "SNO-6")
    refused(state, "swap 9D run:1", "SNO-6", "hand")  # the stock card never swaps
    assert state.play("swap 2H.1 run:1").to_move == "p1"


def test_sno_6_cards_you_do_not_hold_and_runs_that_do_not_exist():
    state = position(hands=("2H 9C", "5H"), stocks=("9D", "5S"), runs=("AH",))
    refused(state, "play 5H run:1", "SNO-6", "not in your hand")
    refused(state, "play 2H run:7", "SNO-6")
    refused(state, "play 2H nowhere", "SNO-6")


# -- SNO-7 discard -----------------------------------------------------------------------------------------------


def test_sno_7_the_discard_of_an_attachable_card_is_refused():
    state = position(hands=("2H 9C KS", "9S"), stocks=("9D", "5S"), runs=("AH",))
    refused(state, "discard 2H", "SNO-7", "♥ run")
    refused(state, "discard KS", "SNO-7", "wild")
    state = state.play("discard 9C")
    assert state.to_move == "p2" and state.to_json()["discard"] == ["9C"]


def test_sno_7_a_wild_may_be_discarded_when_no_run_is_open():
    state = position(hands=("KS 9C", "9S"), stocks=("9D", "5S"))
    assert state.play("discard KS").to_json()["discard"] == ["KS"]


def test_sno_7_if_every_card_fits_you_must_keep_playing():
    state = position(hands=("2H XR", "9S"), stocks=("9D", "5S"), runs=("AH",))
    assert {move.action for move in state.legal_moves()} == {"play"}
    refused(state, "end", "SNO-7")
    state = play(state, "play 2H run:1", "play XR run:1")
    assert state.to_move == "p2"  # the hand is empty and the stock card fits nowhere: no discard
    assert state.events[-1].rule == "SNO-7"


def test_sno_7_an_empty_hand_may_still_bury_the_stock_then_end():
    state = position(hands=("2H", "9S"), stocks=("3H 9D", "5S"), runs=("AH",))
    state = state.play("play 2H run:1")
    assert state.to_move == "p1" and state.legal_moves()[-1].action == "end"
    state = state.play("play 3H run:1")
    assert state.to_move == "p2" and stock(state) == ["9D"]


# -- SNO-8 empty draw pile ----------------------------------------------------------------------------------------


def test_sno_8_an_empty_draw_pile_is_refilled_from_the_discards():
    state = position(hands=("9C", "9S"), stocks=("5H", "5D"), runs=("AC",))
    data = state.to_json()
    data["discard"], data["draw"] = data["draw"], []
    state = GAME.from_json(data).play("discard 9C")
    assert state.view("p2")["draw_size"] == 0
    after = state.play("draw deck")
    assert after.events[0].rule == "SNO-8" and after.view("p2")["reshuffles"] == 1
    total = after.view("p2")["draw_size"] + len(after.view("p2")["discard"]) + len(hand(after, "p2"))
    assert total == len(data["discard"]) + 1 + 1
    assert after.to_json()["draw"] == state.play("draw deck").to_json()["draw"]  # seeded: the same shuffle


def test_sno_8_a_stuck_race_ends_with_the_fewest_stock_cards_winning():
    state = position(hands=("9C", "9S"), stocks=("5H 2C", "5D"), runs=("AC",))
    data = state.to_json()
    data["discard"], data["draw"], data["stale"] = data["draw"], [], 3
    state = GAME.from_json(data).play("discard 9C").play("draw deck")
    assert state.is_over and state.result.winners == ("p2",)
    assert state.events[-1].rule == "SNO-8" and "stuck" in str(state.result.reason)


# -- SNO-9 victory ----------------------------------------------------------------------------------------------


def test_sno_9_burying_the_stock_then_emptying_the_hand_wins():
    state = position(hands=("3H 9C", "9S"), stocks=("2H", "5S"), runs=("AH",))
    state = play(state, "play 2H run:1", "play 3H run:1")
    assert not state.is_over
    state = state.play("discard 9C")
    assert state.is_over and state.result.winners == ("p1",) and state.to_move is None
    assert state.events[-1].rule == "SNO-9" and state.legal_moves() == []
    refused(state, "draw deck", "SNO-9")


def test_sno_9_attaching_the_last_card_wins_too():
    state = position(hands=("3H", "9S"), stocks=("2H", "5S"), runs=("AH",))
    state = play(state, "play 2H run:1", "play 3H run:1")
    assert state.result.winners == ("p1",)


def test_sno_9_strict_finish_the_last_card_must_be_attached():
    state = position(hands=("9C", "9S"), stocks=("", "5S"), runs=("AH",), strict_finish=True)
    state = state.play("discard 9C")
    assert not state.is_over and state.to_move == "p2"
    assert any(event.kind == "strict" and event.rule == "SNO-9" for event in state.events)
    state = position(hands=("2H", "9S"), stocks=("", "5S"), runs=("AH",), strict_finish=True)
    assert state.play("play 2H run:1").result.winners == ("p1",)


def test_sno_9_strict_finish_is_an_option():
    assert GAME.new(seed=1, strict_finish=True).to_json()["strict_finish"] is True
    assert Counter(option.default for option in GAME.options.values()) == Counter([None, False])
