"""One scenario (or a few) per Pattuglia ruling, PAT-1..PAT-14, in prepared positions."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardlib import BadState, IllegalMove
from cardlib.games.pattuglia import GAME
from cardlib.games.pattuglia.cards import CARDS, COLOURS, DECK, KINDS, info
from cardlib.games.pattuglia.positions import position

RED = "RS1 RS2 RS3"
GREEN = "GS1 GS2 GS3 GK1"


def refused(state, move: str, rule: str, words: str = "") -> None:
    """``move`` is refused with ``rule`` (and a reason containing ``words``), and ``play`` changes nothing."""
    before = state.to_json()
    verdict = state.check(GAME.parse_move(move))
    assert not verdict and verdict.rule == rule, verdict
    assert words in str(verdict.reason), str(verdict.reason)
    with pytest.raises(IllegalMove):
        state.play(move)
    assert state.to_json() == before


def patrols(state, player="p1") -> list[list[str]]:
    return [patrol.cards for patrol in state.sides[player].patrols]


def test_pat_1_the_deck_has_100_cards_in_the_seeds_numbers():
    kinds = Counter(card.kind.code for card in CARDS.values())
    assert len(CARDS) == 100
    assert kinds == {"C": 8, "S": 40, "K": 16, "N": 6, "M": 4, "HB": 4, "DY": 2, "CS": 4, "BU": 6, "TL": 4, "MB": 6}
    assert sum(card.arsenal for card in CARDS.values()) == 26
    assert Counter(card.colour for card in CARDS.values())["red"] == 16
    refused(position(hands=("RS1 RS2", "YS1")), "discard ZZ9", "PAT-1", "not a card")


def test_pat_2_points_are_assumed_data_and_the_rule_says_so():
    assert {code: KINDS[code].points for code in "CSKNM"} == {"C": 5, "S": 2, "K": 3, "N": 3, "M": 3}
    assert all(KINDS[code].points == 0 for code in ("HB", "DY", "CS", "BU", "TL", "MB"))
    assert "assumed" in GAME.rules["PAT-2"].house


def test_pat_3_an_arsenal_card_drawn_is_set_aside_and_replaced():
    state = position(hands=("YS4 BS2 GK2 N1 M1", "YS5"), phase="draw", to_draw=1, deck="HB1 DY1 RS4")
    after = state.play("draw deck")
    assert after.sides["p1"].arsenal == ["HB1", "DY1"] and after.sides["p1"].hand[-1] == "RS4"
    assert [event.rule for event in after.events].count("PAT-3") == 4  # public and private, for each card
    public = [str(event.text) for event in after.events if event.only is None]
    assert not any("Hand Bomb" in text or "Dynamite" in text for text in public)


def test_pat_3_no_hand_ever_holds_an_arsenal_card_after_the_deal():
    for seed in range(40):
        state = GAME.new(seed=seed, players=4)
        assert all(not CARDS[card].arsenal for side in state.sides.values() for card in side.hand)
        assert all(len(side.hand) == 5 for side in state.sides.values())


def test_pat_4_the_dealer_plays_first_and_turns_go_in_seat_order():
    state = GAME.new(seed=1, players=3)
    assert state.dealer == "p1" and state.to_move == "p1"
    seen = []
    while len(seen) < 4:
        if state.to_move not in seen[-1:]:
            seen.append(state.to_move)
        state = state.play(state.legal_moves()[0])
    assert seen == ["p1", "p2", "p3", "p1"]


def test_pat_5_draw_first_discard_last_and_refill_to_five():
    state = position(hands=("YS4 BK2 GK2 N1", "YS5"), phase="draw", to_draw=1, deck="RS4 RS5")
    refused(state, "discard BK2", "PAT-5", "draw")
    refused(state, "draw discard", "PAT-5")
    state = state.play("draw deck").play("discard BK2")
    assert state.phase == "refill" and state.to_draw == 1
    refused(state, "discard GK2", "PAT-5", "Refill")
    state = state.play("draw deck")
    assert state.to_move == "p2" and len(state.sides["p1"].hand) == 5


def test_pat_5_the_top_discard_once_you_have_laid_a_patrol():
    start = dict(hands=("YS4 BK2", "YS5"), phase="draw", to_draw=1, discard="BS9 RS4")
    refused(position(**start), "draw discard", "PAT-5", "once you have laid a patrol")
    state = position(**start, patrols=[(RED,), ()]).play("draw discard")
    assert state.sides["p1"].hand[-1] == "RS4" and state.discard == ["BS9"]


def test_pat_5_a_card_taken_from_the_discard_pile_is_known_to_be_held_until_it_is_laid():
    """Everyone saw Player 1 take the red Soldier: every seat's view says so, a search's world for Player 2 leaves
    it in Player 1's hand, and once it is laid in sight it is no longer counted as hidden (issue 14)."""
    start = dict(hands=("YS4 BK2", "YS5"), phase="draw", to_draw=1, discard="BS9 RS4", patrols=[(RED,), ()])
    state = position(**start).play("draw discard")
    assert state.sides["p1"].shown == ["RS4"]
    assert all(view["sides"]["p1"]["shown"] == ["RS4"] for view in map(state.view, ("p1", "p2", None)))
    assert all("RS4" in state.determinize("p2", seed).sides["p1"].hand for seed in range(20))
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    laid = state.play("lay RS4 patrol:1")
    assert laid.sides["p1"].shown == [] and "RS4" in laid.sides["p1"].patrols[0].cards


def test_pat_5_laying_the_first_patrol_opens_the_discard_pile_and_says_so():
    state = position(hands=("RS1 RS2 RS3 YS1 GS1", "YS5"))
    assert not state.sides["p1"].laid_patrol
    state = state.play("lay RS1 new").play("lay RS2 new").play("lay RS3 new").play("form")
    assert state.sides["p1"].laid_patrol and "may also draw from the discard pile" in str(state.events[-1].text)
    assert all(view["sides"]["p1"]["laid_patrol"] for view in map(state.view, ("p1", "p2", None)))


def test_pat_5_the_right_to_the_discard_pile_lasts_after_the_only_patrol_is_destroyed():
    # Player 2 blows up Player 1's only patrol with a Hand Bomb and a Burst, then ends its turn
    state = position(
        hands=("YS1 BS2 GK2 N1 M1", "YS5 YS6 YS7 YS8 YS9 BK1"),
        patrols=[(RED,), (GREEN,)],
        arsenals=("", "HB1 BU1"),
        turn="p2",
    )
    state = state.play("attack HB1 patrol:1").play("attack BU1 patrol:1")
    assert not state.sides["p1"].patrols and "destroyed" in str(state.events[-1].text)
    state = state.play("discard BK1")
    assert state.to_move == "p1" and state.phase == "draw" and state.discard[-1] == "BK1"
    assert state.sides["p1"].laid_patrol and state.view("p2")["sides"]["p1"]["laid_patrol"]
    assert state.is_legal(GAME.parse_move("draw discard"))
    after = state.play("draw discard")
    assert after.sides["p1"].hand[-1] == "BK1"
    assert GAME.from_json(after.to_json()).to_json() == after.to_json()


def test_pat_5_the_right_to_the_discard_pile_ends_with_the_deal():
    closing = position(hands=("YS1", "YS5"), patrols=[("RC1",), (GREEN,)], closers=("p1",)).play("discard YS1")
    assert closing.deal == 2 and not any(side.laid_patrol for side in closing.sides.values())
    refused(closing, "draw discard", "PAT-5", "once you have laid a patrol this deal")


def test_pat_5_a_card_stays_in_hand_for_the_discard():
    state = position(hands=("RS4 YS1", "YS5"), patrols=[(RED,), ()]).play("lay RS4 patrol:1")
    refused(state, "lay YS1 new", "PAT-5", "Keep one card")


def test_pat_6_a_patrol_of_2_soldiers_and_a_cannon_cannot_be_laid():
    state = position(hands=("RS1 RS2 RS3 RK1 YS1", "YS5"))
    state = state.play("lay RS1 new").play("lay RS2 new").play("lay RK1 new")
    refused(state, "form", "PAT-6", "3 Soldiers, or a Captain and 2 Soldiers")
    state = state.play("lay RS3 new").play("form")
    assert patrols(state) == [["RS1", "RS2", "RK1", "RS3"]]


def test_pat_6_a_new_patrol_is_one_colour_with_at_most_one_captain():
    state = position(hands=("RC1 RC2 RS1 RS2 YS1 GK1", "YS5")).play("lay RC1 new")
    refused(state, "lay YS1 new", "PAT-6", "one colour")
    refused(state, "lay RC2 new", "PAT-6", "at most one Captain")
    refused(position(hands=("GK1 RS1 YS1", "YS5")), "lay GK1 new", "PAT-6", "cannot make a new patrol")
    state = state.play("lay RS1 new").play("lay RS2 new").play("form")
    assert state.sides["p1"].patrols[0].shown()[0] == "RC1"


def test_pat_6_a_fourth_cannon_with_three_soldiers_is_refused():
    state = position(hands=("RK4 RS4 YS1", "YS5"), patrols=[("RS1 RS2 RS3 RK1 RK2 RK3",), ()])
    refused(state, "lay RK4 patrol:1", "PAT-6", "one Cannon per Soldier")
    assert "RK4" in patrols(state.play("lay RS4 patrol:1").play("lay RK4 patrol:1"))[0]


def test_pat_6_one_nurse_one_mechanic_any_colour_own_patrols_only():
    state = position(hands=("N1 N2 M1 YS1 GS4", "YS5"), patrols=[(RED,), (GREEN,)])
    state = state.play("lay N1 patrol:1")
    refused(state, "lay N2 patrol:1", "PAT-6", "at most one Nurse")
    refused(state, "lay GS4 patrol:2", "PAT-6", "own patrols")
    refused(state, "lay YS1 patrol:1", "PAT-6", "one colour")
    state = state.play("lay M1 patrol:1")
    assert patrols(state)[0] == ["RS1", "RS2", "RS3", "N1", "M1"] and state.sides["p1"].patrols[0].fighters == 3


def test_pat_7_a_captain_and_six_make_a_complete_patrol_that_keeps_its_right():
    state = position(hands=("RS4 YS1 BS2", "YS5"), patrols=[("RC1 RS1 RS2 RS3 RK1 RK2",), (GREEN,)])
    state = state.play("lay RS4 patrol:1")
    assert state.sides["p1"].closer and state.events[-1].rule == "PAT-7"
    state = state.play("discard BS2")
    assert state.to_move == "p2" and len(state.sides["p1"].hand) == 1  # no refill once complete (PAT-5)
    shrunk = position(hands=("YS1", "YS5"), patrols=[("RC1",), (GREEN,)], closers=("p1",)).play("discard YS1")
    assert shrunk.deal == 2 and shrunk.last_deal["p1"]["closing"] == 10


def test_pat_8_discarding_the_last_card_closes_only_with_a_complete_patrol():
    plain = position(hands=("YS1 BS2", "YS5"), patrols=[(RED,), ()]).play("discard YS1")
    assert plain.phase == "refill" and plain.deal == 1
    state = position(hands=("YS1", "YS5"), patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2",), (GREEN,)], closers=("p1",))
    state = state.play("discard YS1")
    assert [event.rule for event in state.events][:3] == ["PAT-5", "PAT-8", "PAT-13"]
    assert state.last_deal["p1"] == {"patrols": 19, "complete": 1, "closing": 10, "total": 39}


def test_pat_9_an_attack_without_a_soldier_on_the_table_is_refused():
    state = position(hands=("YS1 BS2", "YS5"), patrols=[("RC1 RK1",), (GREEN,)], arsenals=("HB1 CS1", ""))
    refused(state, "attack HB1 patrol:2", "PAT-9", "Soldier")
    no_cannon = position(hands=("YS1 BS2", "YS5"), patrols=[(RED,), (GREEN,)], arsenals=("CS1 MB1", ""))
    refused(no_cannon, "attack CS1 patrol:2", "PAT-9", "Cannon Shot")
    refused(no_cannon, "attack MB1 patrol:2", "PAT-10")


def test_pat_9_each_weapon_kills_the_most_recent_cards_of_its_kind():
    start = dict(hands=("YS1 BS2", "YS5"), patrols=[("RS1 RS2 RS3 RK1",), ("GC1 GS1 GS2 GS3 GK1 GK2",)])
    for weapon, left in {
        "HB1": ["GC1", "GS1", "GK1", "GK2"],
        "DY1": ["GC1", "GS1", "GS2", "GS3", "GK1"],
        "CS1": ["GC1", "GS1", "GS2", "GK1"],
        "BU1": ["GC1", "GS1", "GS2", "GK1", "GK2"],
    }.items():
        state = position(**start, arsenals=(weapon, "")).play(f"attack {weapon} patrol:2")
        assert patrols(state, "p2") == [left], weapon
        assert state.to_move == "p1" and weapon in state.discard[:3]  # used at once, under the pile (PAT-11)
    refused(position(**start, arsenals=("BU1", "")), "attack BU1 patrol:1", "PAT-9", "not your own")


def test_pat_10_the_defender_answers_then_the_attacker_goes_on():
    state = position(
        hands=("YS1 BS2", "YS5"), patrols=[(RED + " N1",), (GREEN,)], arsenals=("MB1 TL1 BU1", "HB1"), turn="p2"
    ).play("attack HB1 patrol:1")
    assert state.to_move == "p1" and state.phase == "defend"
    refused(state, "discard YS1", "PAT-10", "answer the attack")
    refused(state, "save TL1", "PAT-10", "Mechanic")
    refused(state, "save BU1", "PAT-10", "Only Medical Bags and Tools")
    state = state.play("save MB1")
    assert state.phase == "defend" and state.attack["kills"] == {"S": 1}  # one more Soldier could still be saved
    state = state.play("take")
    assert state.to_move == "p2" and patrols(state)[0] == ["RS1", "RS2", "N1"]


def test_pat_10_a_medical_bag_needs_a_nurse():
    state = position(
        hands=("YS1 BS2", "YS5"), patrols=[(RED + " M1",), (GREEN,)], arsenals=("MB1", "HB1"), turn="p2"
    ).play("attack HB1 patrol:1")
    assert state.phase == "play" and patrols(state)[0] == ["RS1", "M1"]  # nothing could save: not even asked
    with_mechanic = position(
        hands=("YS1 BS2", "YS5"), patrols=[("RS1 RS2 RK1 M1",), (GREEN,)], arsenals=("MB1 TL1", "CS1"), turn="p2"
    ).play("attack CS1 patrol:1")
    refused(with_mechanic, "save MB1", "PAT-10", "needs a Nurse")
    assert patrols(with_mechanic.play("save TL1"))[0] == ["RS1", "RK1", "M1"]


def test_pat_11_losses_go_under_the_discard_pile_and_empty_patrols_are_destroyed():
    state = position(
        hands=("YS1 BS2", "YS5"), patrols=[(RED,), ("GS1 GS2 N1",)], arsenals=("HB1", ""), discard="BS9"
    ).play("attack HB1 patrol:2")
    assert patrols(state, "p2") == [] and state.discard[-1] == "BS9"
    assert set(state.discard[:4]) == {"GS1", "GS2", "N1", "HB1"}
    assert "destroyed" in [event.kind for event in state.events]


def test_pat_11_a_patrol_reduced_to_cannons_takes_a_soldier_first():
    state = position(hands=("RK3 RS5 N1 YS1", "YS5"), patrols=[("RK1 RK2",), ()])
    refused(state, "lay RK3 patrol:1", "PAT-11", "Soldier or a Captain first")
    refused(state, "lay N1 patrol:1", "PAT-11")
    state = state.play("lay RS5 patrol:1")
    refused(state, "lay RK3 patrol:1", "PAT-11", "no more Cannons")


def test_pat_12_the_deck_is_rebuilt_twice_and_the_third_reshuffle_does_not_happen():
    rest = " ".join(card for card in CARDS if card not in {"YS1", "BS2", "YS5", "RS4", "GS9"})
    first = position(hands=("YS1 BS2", "YS5"), phase="draw", to_draw=1, deck="RS4", discard=rest + " GS9")
    state = first.play("draw deck")
    assert state.reshuffles == 1 and state.discard == ["GS9"] and len(state.deck) == 95
    last = position(hands=("YS1 BS2", "YS5"), phase="draw", to_draw=1, deck="RS4", discard=rest + " GS9", reshuffles=2)
    state = last.play("draw deck")
    assert state.deal == 2 and state.reshuffles == 0  # the deal ended instead of a third reshuffle
    assert [event.kind for event in state.events if event.rule == "PAT-12"] == ["deck_out"]
    assert state.last_deal["p1"]["closing"] == 0


def living_on_the_discard_pile(**more: Any):
    """Two players with patrols may live on the discard pile (PAT-5): taking the top discard and throwing it back
    never empties the deck, so without PAT-12's house ruling the deal would never end (a seeded bot game did)."""
    return position(
        hands=("BS1 BS2 GS1 GS2 YS3", "BS3 BS4 GS3 GS4 YS4"),
        patrols=[("RC1 RS1 RS2",), ("YC1 YS1 YS2",)],
        discard="GS9",
        phase="draw",
        to_draw=1,
        **more,
    )


def test_pat_12_house_ruling_five_rounds_with_no_card_from_the_deck_end_the_deal():
    state = living_on_the_discard_pile()
    for turn in range(9):
        state = state.play("draw discard").play("discard GS9")
        assert state.deal == 1 and state.idle == turn + 1
        warned = [str(event.text) for event in state.events if event.kind == "stall"]
        warning = "No card has been drawn from the deck for 4 rounds: if nobody draws one this round, the deal ends."
        assert warned == ([warning] if turn + 1 == 8 else [])
    assert GAME.from_json(state.to_json()).idle == 9  # the count is part of the position
    drawn = state.play("draw deck")
    assert drawn.idle == 0  # a card from the deck starts the count again
    state = state.play("draw discard").play("discard GS9")
    assert state.deal == 2 and state.idle == 0 and state.last_deal["p1"]["closing"] == 0
    ending = [str(event.text) for event in state.events if event.rule == "PAT-12"]
    assert ending == ["No card has been drawn from the deck for 5 rounds: the deal ends, with no closing bonus."]


def test_pat_12_house_ruling_a_stalled_deal_that_ends_the_game_can_be_saved_and_loaded():
    # the stall's count belongs to the deal: a game it ended holds none, so its save loads
    state = living_on_the_discard_pile(scores=(95, 10))
    for _turn in range(10):
        state = state.play("draw discard").play("discard GS9")
    assert state.is_over and state.idle == 0
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


def test_pat_13_scores_add_up_over_deals_until_100():
    state = position(
        hands=("YS1", "YS5"),
        patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2 N1",), (GREEN,)],
        closers=("p1",),
        scores=(40, 95),
    ).play("discard YS1")
    assert state.last_deal == {
        "p1": {"patrols": 22, "complete": 1, "closing": 10, "total": 42},
        "p2": {"patrols": 9, "complete": 0, "closing": 0, "total": 9},
    }
    assert state.is_over and state.result.winners == ("p2",) and dict(state.result.scores) == {"p1": 82, "p2": 104}
    refused(state, "draw deck", "PAT-13")


def test_pat_14_super_capitano_needs_eight_and_takes_the_enemy_patrols_of_its_colour():
    start = dict(hands=("RS8 YS1", "YS5"), patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2",), ("RS5 RS6 RS7", "YS2 YS3 YS4")])
    plain = position(**start)
    assert plain.sides["p1"].patrols[0].complete(plain.complete_size)
    state = position(**start, super_capitano=True)
    assert state.complete_size == 8 and not state.sides["p1"].closer
    state = state.play("lay RS8 patrol:1")
    assert state.sides["p1"].closer and patrols(state)[1] == ["RS5", "RS6", "RS7"]
    assert patrols(state, "p2") == [["YS2", "YS3", "YS4"]]
    assert GAME.new(seed=1, players=4, super_capitano=True).complete_size == 7


def test_pat_5_a_turn_starts_with_one_draw_only():
    # to_draw 3 in the draw phase loaded, and the player then drew 3 cards before playing
    with pytest.raises(BadState, match=r"to_draw.*PAT-5"):
        position(hands=("RS1", "YS5"), phase="draw", to_draw=3)
    assert position(hands=("RS1", "YS5"), phase="draw", to_draw=1).play("draw deck").phase == "play"


def test_pat_5_a_refill_draws_up_to_five_and_never_for_a_closer():
    with pytest.raises(BadState, match=r"to_draw.*PAT-5"):
        position(hands=("RS1 RS2 RS3 RS4", "YS5"), phase="refill", to_draw=4)  # would end with 8 cards
    with pytest.raises(BadState, match=r"to_draw.*PAT-5"):
        position(hands=("RS1 RS2 RS3 RS4", "YS5"), phase="refill", to_draw=1, closers=("p1",))
    refill = position(hands=("RS1 RS2 RS3 RS4", "YS5"), phase="refill", to_draw=1)
    assert len(refill.play("draw deck").sides["p1"].hand) == 5


def test_pat_5_no_hand_holds_more_than_five_cards_six_between_the_draw_and_the_discard():
    # a hand of 9 loaded; the player then never refilled and played on with 8
    with pytest.raises(BadState, match=r"sides\.p1\.hand: 9 cards.*PAT-5"):
        position(hands=("RS1 RS2 RS3 RS4 RS5 RS6 RS7 RS8 RS9", "YS5"))
    with pytest.raises(BadState, match=r"sides\.p2\.hand: 6 cards.*PAT-5"):
        position(hands=("RS1", "YS1 YS2 YS3 YS4"), forming=("", "YS5 YS6"))  # the New patrol counts too
    assert len(position(hands=("RS1 RS2 RS3 RS4 RS5 RS6", "YS1 YS2 YS3 YS4 YS5")).sides["p1"].hand) == 6


def test_pat_6_next_patrol_below_1_is_refused_because_its_patrol_would_have_no_zone():
    # next_patrol -3 loaded; the next patrol laid became patrol:-3, a zone no move can name, and the state no
    # longer loaded from its own JSON
    data = position(hands=("RS1 RS2 RS3 RS4 YS1", "YS5")).to_json()
    for number in (0, -3):
        data["next_patrol"] = number
        with pytest.raises(BadState, match="next_patrol"):
            GAME.from_json(data)


def test_pat_11_the_destroyed_patrol_says_which_nurse_or_mechanic_follows_it():
    # every destroyed patrol said "its Nurse and Mechanic go under the discard pile too", even with neither
    def destroyed(support: str) -> tuple[str, list[str]]:
        state = position(
            hands=("GS4 GS5", "YS9"), patrols=[("GS1",), (f"YS1 {support}".strip(),)], arsenals=("BU1", "")
        ).play("attack BU1 patrol:2")
        event = next(event for event in state.events if event.kind == "destroyed")
        return str(event.text), state.discard

    text, discard = destroyed("")
    assert text == "The yellow patrol is destroyed." and discard == ["YS1", "BU1"]
    text, discard = destroyed("N1")
    assert text.endswith("the Nurse goes under the discard pile too.") and discard[0] == "N1"
    text, discard = destroyed("N1 M1")
    assert text.endswith("its Nurse and Mechanic go under the discard pile too.") and discard[:2] == ["N1", "M1"]


def test_pat_12_a_deck_that_cannot_be_rebuilt_ends_the_deal_without_saying_last_time():
    # the deal ended with "The deck is empty for the last time" although no reshuffle had happened yet
    kept = {"YS1", "BS2", "GS9", "RS4"}  # p1's hand, the one discard, the one card left in the deck
    nurses, mechanics = (iter([card for card in DECK if info(card).code == code]) for code in "NM")
    patrols = []  # everything else on p2's table: two patrols a colour, a Captain each, Nurses and Mechanics
    for letter, colour in COLOURS.items():
        cards = [card for card in DECK if info(card).colour == colour and info(card).code != "C" and card not in kept]
        for captain in (f"{letter}C1", f"{letter}C2"):
            half = [card for card in cards if int(card[2:]) % 2 == int(captain[-1]) % 2]
            patrols.append(" ".join(filter(None, [captain, *half, next(nurses, ""), next(mechanics, "")])))
    arsenal = " ".join(card for card in DECK if info(card).arsenal)
    state = position(
        hands=("YS1 BS2", ""), patrols=[(), patrols], arsenals=("", arsenal), phase="draw", to_draw=1, deck="RS4",
        discard="GS9",
    )  # fmt: skip
    assert state.deck == ["RS4"] and state.reshuffles == 0
    after = state.play("draw deck")
    said = next(str(event.text) for event in after.events if event.kind == "deck_out")
    assert "last time" not in said and "rebuild" in said
    assert all(row["closing"] == 0 for row in after.last_deal.values())  # the deal is scored, with no closer


def test_pat_13_equal_highest_totals_share_the_win_and_say_so():
    # the tie was announced as "Player 1, Player 2 reaches 129 points and wins the battle."
    closing = position(
        hands=("YS1", "YS5 YS6"),
        patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2",), ("GS1 GS2 GS3 GK1",)],
        closers=("p1",),
        scores=(62, 92),  # both under the target, 100: the battle goes on until this deal ends
    )
    result = closing.play("discard YS1").result
    assert result.scores == {"p1": 101, "p2": 101} and result.winners == ("p1", "p2")
    assert str(result.reason) == "Player 1 and Player 2 share the win with 101 points each."
