"""Regressions for what the independent review of Pattuglia found: each test failed before its fix."""

from __future__ import annotations

import pytest

from cardlib import BadState
from cardlib.games.pattuglia import GAME
from cardlib.games.pattuglia.cards import COLOURS, DECK, info
from cardlib.games.pattuglia.positions import position


def test_pat_5_a_position_with_the_player_on_turn_holding_no_card_is_refused():
    # it had no legal move at all (nothing to lay, nothing to discard), yet it loaded
    with pytest.raises(BadState, match=r"sides\.p1\.hand.*PAT-5"):
        position(hands=("", "YS5"))
    with pytest.raises(BadState, match=r"sides\.p2\.hand.*PAT-5"):
        position(hands=("YS1", ""), turn="p2", closers=("p2",))


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
    assert len(refill.play("draw deck").side["p1"].hand) == 5


def test_pat_5_no_hand_holds_more_than_five_cards_six_between_the_draw_and_the_discard():
    # a hand of 9 loaded; the player then never refilled and played on with 8
    with pytest.raises(BadState, match=r"sides\.p1\.hand: 9 cards.*PAT-5"):
        position(hands=("RS1 RS2 RS3 RS4 RS5 RS6 RS7 RS8 RS9", "YS5"))
    with pytest.raises(BadState, match=r"sides\.p2\.hand: 6 cards.*PAT-5"):
        position(hands=("RS1", "YS1 YS2 YS3 YS4"), forming=("", "YS5 YS6"))  # the New patrol counts too
    assert len(position(hands=("RS1 RS2 RS3 RS4 RS5 RS6", "YS1 YS2 YS3 YS4 YS5")).side["p1"].hand) == 6


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
        return event.text, state.discard

    text, discard = destroyed("")
    assert text == "The yellow patrol is destroyed." and discard == ["YS1", "BU1"]
    text, discard = destroyed("N1")
    assert text.endswith("its Nurse goes under the discard pile too.") and discard[0] == "N1"
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
    said = next(event.text for event in after.events if event.kind == "deck_out")
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
    assert result.reason == "Player 1, Player 2 share the win with 101 points each."
