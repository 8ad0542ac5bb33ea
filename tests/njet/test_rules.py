"""Njet! scenario by scenario, one or more tests per ruling NJT-1..NJT-10 (docs/rules/njet.md)."""

from __future__ import annotations

import pytest

from cardlib import BadState, IllegalMove, Move
from cardlib.games.njet import GAME
from cardlib.games.njet.board import PLAYERS, STONES, rules_in_force
from cardlib.games.njet.cards import DECK, SYMBOLS, NjetCard
from cardlib.games.njet.positions import position
from cardlib.games.njet.tricks import trick_winner

PLAY = {"start": "south", "discards": "0", "trump": "blue", "super": "red", "multiplier": "2"}


def cards(text: str) -> list[tuple[str, NjetCard]]:
    """``"south:R7 west:R9"`` -> the trick as (player, card) pairs."""
    return [(word.split(":")[0], NjetCard.parse(word.split(":")[1])) for word in text.split()]


def play_all(state, *moves: str):
    for move in moves:
        state = state.play(move)
    return state


def test_njt_1_forty_cards_four_colours_two_ones_each_with_a_symbol():
    assert len(DECK) == len(set(DECK)) == 40
    for colour in ("red", "black", "blue", "green"):
        values = sorted(card.value for card in DECK if card.colour == colour)
        assert values == [1, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert len(set(SYMBOLS.values())) == 4
    assert NjetCard.parse("b1A") == NjetCard("blue", 1, "a") and str(NjetCard("black", 7)) == "K7"
    state = GAME.new(seed=3)
    assert all(len(hand) == 10 for hand in state.hands.values())
    assert sorted(map(str, (c for hand in state.hands.values() for c in hand))) == sorted(map(str, DECK))
    assert state.players == PLAYERS and len(GAME.rules) == 10


def test_njt_1_a_card_that_does_not_exist_is_no_card():
    with pytest.raises(ValueError, match="not a Njet"):
        NjetCard.parse("R10")
    with pytest.raises(ValueError):
        NjetCard.parse("R1")  # which of the two 1s must be said


def test_njt_2_five_rows_twenty_spaces():
    state = GAME.new(seed=1)
    spaces = [move.zone for move in state.legal_moves()]
    assert len(spaces) == 20 and STONES == 15
    assert {space.split(":")[0] for space in spaces} == {"start", "discards", "trump", "super", "multiplier"}
    assert "super:none" in spaces and "trump:none" not in spaces
    verdict = state.check(Move("stone", zone="trump:none"))
    assert not verdict and verdict.rule == "NJT-2"


def test_njt_3_stones_go_clockwise_from_the_dealers_left():
    state = GAME.new(seed=1)
    assert state.dealer == "east" and state.to_move == "south"
    order = []
    for space in ("trump:red", "trump:black", "discards:2", "multiplier:1", "super:none"):
        order.append(state.to_move)
        state = state.play(Move("stone", zone=space))
    assert order == ["south", "west", "north", "east", "south"]
    assert state.events[0].rule == "NJT-3" and "South says Njet!" in str(state.events[0].text)


def test_njt_3_a_rows_last_free_space_can_never_be_blocked():
    state = position(stones="trump:red trump:black trump:blue")
    verdict = state.check(Move("stone", zone="trump:green"))
    assert not verdict and verdict.rule == "NJT-3" and "last free space" in str(verdict.reason)
    with pytest.raises(IllegalMove):
        state.play("stone trump:green")
    taken = state.check(Move("stone", zone="trump:red"))
    assert not taken and taken.rule == "NJT-3"


def test_njt_3_exactly_fifteen_stones_then_the_free_spaces_are_the_rules():
    state = GAME.new(seed=2)
    placed = 0
    while state.phase == "stones":
        state = state.play(state.legal_moves()[0])
        placed += 1
    assert placed == 15 and len(state.stones) == 15
    assert state.rules == rules_in_force(state.stones)
    assert all(len([s for s in state.stones if s.startswith(row)]) == n for row, n in
               (("start", 3), ("discards", 2), ("trump", 3), ("super", 4), ("multiplier", 3)))  # fmt: skip
    assert state.events[-1].kind == "board" and "The board is complete" in str(state.events[-1].text)


def test_njt_4_the_start_player_names_any_other_player_as_partner():
    state = position(rules={"start": "west", "discards": "1"})
    assert state.phase == "partner" and state.to_move == "west"
    own = state.check(Move("partner", zone="west"))
    assert not own and own.rule == "NJT-4"
    assert {m.zone for m in state.legal_moves()} == {"south", "north", "east"}
    after = state.play("partner south")
    assert after.team("west") == ("west", "south") and set(after.team("north")) == {"north", "east"}
    assert after.events[0].rule == "NJT-4" and "West names South as partner" in str(after.events[0].text)


def test_njt_9_the_heuristic_names_a_partner_who_is_not_ahead_and_leaves_the_leaders_to_beat():
    # Partners score alike (NJT-8) and one player wins (NJT-9): naming the leader keeps the leader ahead
    from cardlib.games.njet.bots import Beginner, NjetBot

    scores = {"south": 84, "west": 82, "north": 74, "east": 76}
    state = position(rules={"start": "east", "discards": "1"}, round=8, scores=scores)
    decision = NjetBot().decide(state, "east")
    assert str(decision.move) == "partner north"
    assert str(decision.reason) == "North is not ahead of you: play against the leaders to catch them up."
    assert str(Beginner().decide(state, "east").move) == "partner south"  # the learner's habit: the leader
    leading = position(rules={"start": "east", "discards": "1"}, round=8, scores={**scores, "east": 90})
    decision = NjetBot().decide(leading, "east")  # everyone is behind: the stones say who wants what East wants
    assert str(decision.move) == "partner west" and "blocked the colours you are weak in" in str(decision.reason)


def test_njt_5_everyone_lays_aside_exactly_n_cards_unseen_by_the_others():
    state = position(rules={"start": "north", "discards": "2"}, partner="east", laid_aside=False)
    order = []
    while state.phase == "discard":
        order.append(state.to_move)
        state = state.play(state.legal_moves()[0])
    assert order == ["north", "north", "east", "east", "south", "south", "west", "west"]
    assert all(len(state.discards[p]) == 2 and len(state.hands[p]) == 8 for p in PLAYERS)
    assert state.phase == "play" and state.to_move == "north"
    view = state.view("south")
    assert view["discards"]["north"] is None and len(view["discards"]["south"]) == 2
    assert view["discard_sizes"]["north"] == 2


def test_njt_5_no_discards_goes_straight_to_the_tricks_and_ten_minus_n_are_played():
    state = position(rules={"start": "south", "discards": "0"}).play("partner north")
    assert state.phase == "play" and "No discards this round." in [str(e.text) for e in state.events]
    wrong = state.check(Move("discard", str(state.hands["south"][0])))
    assert not wrong and wrong.rule == "NJT-6"
    tricks = 0
    while state.round == 1:
        state = state.play(state.legal_moves()[0])
        tricks += any(event.kind == "trick" for event in state.events)
    assert tricks == 10


def test_njt_6_you_must_follow_the_colour_led_and_a_1_keeps_its_colour():
    state = position(
        hands={"south": "R1a G5 G9", "west": "B2 B3 B4"}, rules=PLAY, partner="north", won="south " * 7, trick=""
    )
    state = state.play("play G5")  # south leads green
    verdict = state.check(Move("play", "B2"))
    assert verdict.ok  # West holds no green: any card
    led_red = position(hands={"south": "R5 G9 B9", "west": "R1a G3 B3"}, rules=PLAY, partner="north", won="south " * 7)
    led_red = led_red.play("play R5")
    refused = led_red.check(Move("play", "G3"))
    assert not refused and refused.rule == "NJT-6" and "follow" in str(refused.reason)
    assert led_red.legal_moves() == [Move("play", "R1a")]  # the red 1 (even as super trump) is red


def test_njt_6_a_void_player_may_discard_off_colour_without_trumping():
    state = position(hands={"south": "G9 K2 K3", "west": "B9 R3 R4"}, rules=PLAY, partner="north", won="south " * 7)
    state = state.play("play G9")
    assert {str(m.card) for m in state.legal_moves()} == {"B9", "R3", "R4"}
    state = state.play("play R3")  # no obligation to trump with the blue 9
    assert state.trick[-1][1] == NjetCard("red", 3)


def test_njt_6_the_winner_of_a_trick_leads_the_next():
    state = position(
        hands={"south": "G5 G6", "west": "G9 G2", "north": "G3 G4", "east": "G7 G8"},
        rules=PLAY,
        partner="north",
        won="south " * 8,
    )
    state = play_all(state, "play G5", "play G9", "play G3", "play G7")
    assert state.taken[-1][0] == "west" and state.to_move == "west"


def test_njt_7_two_identical_super_trumps_the_later_wins():
    assert trick_winner(cards("south:R9 west:R1a north:R1b east:R8"), "blue", "red") == 2
    assert trick_winner(cards("south:R9 west:R1b north:B9 east:R1a"), "blue", "red") == 3


def test_njt_7_super_trump_beats_trumps_trumps_beat_the_colour_led():
    assert trick_winner(cards("south:G9 west:B2 north:G8 east:K9"), "blue", "red") == 1
    assert trick_winner(cards("south:G9 west:B2 north:B9 east:R1a"), "blue", "red") == 3
    assert trick_winner(cards("south:G2 west:G9 north:K9 east:R9"), "blue", "red") == 1  # off-colour never wins


def test_njt_7_a_1_is_lowest_in_its_colour_unless_super_trump():
    assert trick_winner(cards("south:G1a west:G2 north:K9 east:B3"), "red", "blue") == 1
    assert trick_winner(cards("south:G2 west:G1a north:G1b east:K3"), "red", "none") == 0
    assert trick_winner(cards("south:G1a west:G1b north:K2 east:K3"), "red", "none") == 1  # identical: later
    assert trick_winner(cards("south:K5 west:B1a north:B1b east:B2"), "blue", "none") == 3  # trump 1s are low


def test_njt_7_when_super_trump_and_trump_colour_are_the_same_its_1s_are_still_highest():
    assert trick_winner(cards("south:B9 west:B1a north:B8 east:K9"), "blue", "blue") == 1


def test_njt_8_both_teams_score_tricks_and_captured_ones_times_the_multiplier():
    # Seven tricks already won by the start team (south + north), then a last trick won by West with a
    # captured 1 from North: (7 + 0) x 3 = 21 for South and North, (1 + 1) x 3 = 6 for West and East.
    rules = {"start": "south", "discards": "2", "trump": "blue", "super": "red", "multiplier": "3"}
    state = position(
        hands={"south": "K5", "west": "K9", "north": "K1a", "east": "K2"},
        rules=rules,
        partner="north",
        won="south north south north south north south",
    )
    assert not [card for _w, t in state.taken for _who, card in t if card.value == 1]  # fillers hold no 1
    state = play_all(state, "play K5", "play K9", "play K1a", "play K2")
    record = state.rounds[0]
    assert record["points"] == {"south": 21, "north": 21, "west": 6, "east": 6}
    assert state.scores == record["points"] and state.round == 2
    assert [e.rule for e in state.events if e.kind == "score"] == ["NJT-8", "NJT-8"]
    assert "captures 1♠" in " ".join(str(e.text) for e in state.events)


def test_njt_8_a_1_played_into_your_own_teams_trick_is_not_captured():
    rules = {"start": "south", "discards": "2", "trump": "blue", "super": "red", "multiplier": "1"}
    state = position(
        hands={"south": "K9", "west": "K5", "north": "K1a", "east": "K2"}, rules=rules, partner="north",
        won="west " * 7,
    )  # fmt: skip
    state = play_all(state, "play K5", "play K1a", "play K2", "play K9")
    teams = {tuple(t["players"]): t for t in state.rounds[0]["teams"]}
    assert teams[("south", "north")]["ones"] == 0 and teams[("south", "north")]["tricks"] == 1


def test_njt_9_eight_rounds_the_deal_passes_clockwise_highest_total_wins():
    state, dealers = GAME.new(seed=4), []
    while not state.is_over:
        if not dealers or dealers[-1][0] != state.round:
            dealers.append((state.round, state.dealer))
        state = state.play(state.legal_moves()[-1])
    assert [d for _r, d in dealers] == ["east", "south", "west", "north", "east", "south", "west", "north"]
    assert len(state.rounds) == 8 and state.to_move is None
    top = max(state.scores.values())
    assert set(state.result.winners) == {p for p in PLAYERS if state.scores[p] == top}
    over = state.check(Move("play", "R5"))
    assert not over and over.rule == "NJT-9"


def test_njt_9_equal_totals_share_the_win():
    rules = {"start": "south", "discards": "2", "trump": "blue", "super": "red", "multiplier": "1"}
    state = position(
        hands={"south": "K9", "west": "K5", "north": "K3", "east": "K2"},
        rules=rules,
        partner="north",
        won="west east west east west east west",
        round=8,
        dealer="north",
        scores={"south": 10, "north": 3, "west": 5, "east": 9},
    )
    state = play_all(state, "play K5", "play K3", "play K2", "play K9")  # South and North: 1 trick; the others 7
    assert state.scores == {"south": 11, "north": 4, "west": 12, "east": 16}
    assert state.result.winners == ("east",)
    shared = position(
        hands={"south": "K9", "west": "K5", "north": "K3", "east": "K2"}, rules=rules, partner="north",
        won="west east west east west east west", round=8, dealer="north",
        scores={"south": 15, "north": 3, "west": 5, "east": 9},
    ).play("play K5").play("play K3").play("play K2").play("play K9")  # fmt: skip
    assert set(shared.result.winners) == {"south", "east"} and "share" in str(shared.result.reason)


def test_njt_10_four_players_only():
    assert GAME.player_counts == (4,)
    with pytest.raises(ValueError, match="4 players"):
        GAME.new(seed=1, players=3)
    assert GAME.rules["NJT-10"].house


def test_bad_positions_are_refused_with_the_rule():
    with pytest.raises(BadState, match="keep one free space"):
        position(stones="trump:red trump:black trump:blue trump:green")
    with pytest.raises(BadState, match="do not add up"):
        position(hands={"south": "R5"})
