"""La partita Napoletana, one ruling at a time (docs/rules/napoletana.md, NAP-1..NAP-18).

Each test builds the position its ruling talks about with ``position`` (JSON through ``GAME.from_json``, every
card not named filled into its owner's deck) and checks the behaviour through the public protocol only.
"""

from __future__ import annotations

from collections import Counter

import pytest

import cardlib
from cardlib import BadState, IllegalMove, Move
from cardlib.core.cards import Card, french_deck
from cardlib.games.napoletana.bots import NapoletanaBot
from cardlib.games.napoletana.positions import position as prepared  # battles given by their winners

GAME = cardlib.load("napoletana")
PLAYERS = ("red", "black")
ROWS = ("front", "ranged", "siege")
JOLLY = {"red": "XR", "black": "XB"}


# -- building positions ------------------------------------------------------------------------------------


def colour(card: str) -> str:
    return "red" if Card.parse(card).is_red else "black"


def _cards(text: str | list[str] | None) -> list[str]:
    return text.split() if isinstance(text, str) else list(text or [])


def _placed(token: str, row: str) -> list:
    """``5H``, ``KH:horde``, ``JS`` (role by row), ``AH`` (a spy, owned by its colour)."""
    card, _, role = token.partition(":")
    rank = Card.parse(card).rank
    role = {"A": "spy", "J": role or ("burn" if row == "siege" else "agility"), "K": role or "order"}.get(rank)
    return [card, role, colour(card)]


def position(*, turn="red", phase="battle", battle=1, starter=None, battles=(), red=None, black=None):
    """A position from a compact description of each side.

    A side takes ``hand``, ``deck`` (top first), ``discard`` and the rows ``front``, ``ranged``, ``siege`` as
    space-separated cards (a row card may carry its role: ``KH:horde``); ``coins``, ``jolly``, ``passed``,
    ``agility``, ``mulligans``, ``kept``; and ``rest``: where the cards not named go, "deck" (default,
    under the named deck cards) or "discard". The starter is, unless given, the one the battles fought make (NAP-3).
    """
    specs = {"red": red or {}, "black": black or {}}
    named: dict[str, list[str]] = {player: [] for player in PLAYERS}
    sides = {}
    for player, spec in specs.items():
        rows = {row: [_placed(token, row) for token in _cards(spec.get(row))] for row in ROWS}
        for row in rows.values():
            for card, _role, owner in row:
                named[owner].append(card)
        jolly = spec.get("jolly", "ready")
        discard = _cards(spec.get("discard"))
        if jolly != "ready" and JOLLY[player] not in discard:
            discard.append(JOLLY[player])
        hand, deck = _cards(spec.get("hand")), _cards(spec.get("deck"))
        named[player] += hand + deck + discard
        sides[player] = {
            "hand": hand,
            "deck": deck,
            "discard": discard,
            "rows": rows,
            "coins": spec.get("coins", 2),
            "jolly": jolly,
            "passed": spec.get("passed", False),
            "agility": spec.get("agility", False),
            "mulligans": spec.get("mulligans", 0),
            "kept": spec.get("kept", True),
        }
    for player, spec in specs.items():
        rest = [str(card) for card in french_deck("HD" if player == "red" else "SC") if str(card) not in named[player]]
        sides[player][spec.get("rest", "deck")] += rest
    # Battles fought before this one: ties by default, which leave the coins as they are.
    battles = list(battles) or [{"totals": {"red": 0, "black": 0}, "winner": None}] * (battle - 1)
    if starter is None:
        starter = "red"
        for record in battles:
            starter = record["winner"] or ("black" if starter == "red" else "red")
    data = {
        "game": "napoletana",
        "format": 1,
        "seed": 0,
        "phase": phase,
        "turn": turn,
        "battle": battle,
        "starter": starter,
        "battles": battles,
        "result": None,
        "events": [],
        "sides": sides,
    }
    return GAME.from_json(data)


def play(state, *moves: str):
    for move in moves:
        state = state.play(move)
    return state


def refused(state, move: str, rule: str):
    """``move`` is refused by ``check`` with ``rule``, and ``play`` raises with the same verdict, changing nothing."""
    before = state.to_json()
    verdict = state.check(GAME.parse_move(move))
    assert not verdict.ok, f"'{move}' should be refused"
    assert verdict.rule == rule, f"'{move}': {verdict.reason} ({verdict.rule}), expected {rule}"
    assert verdict.reason
    with pytest.raises(IllegalMove) as raised:
        state.play(move)
    assert raised.value.verdict == verdict
    assert state.to_json() == before
    return verdict


def legal(state, move: str) -> bool:
    verdict = state.check(GAME.parse_move(move))
    assert verdict.ok == (GAME.parse_move(move) in state.legal_moves())
    return verdict.ok


def side(state, player: str) -> dict:
    return state.to_json()["sides"][player]


def row(state, player: str, name: str) -> list[str]:
    return [card for card, _role, _owner in side(state, player)["rows"][name]]


def values(state, player: str, name: str) -> list[int]:
    return [placed["value"] for placed in state.view(player)["sides"][player]["rows"][name]]


def kinds(state) -> list[str]:
    return [event.kind for event in state.events]


# -- NAP-1 sides -------------------------------------------------------------------------------------------


def test_nap_1_each_side_owns_its_colours_and_two_coins():
    state = GAME.new(seed=11)
    for player in PLAYERS:
        cards = side(state, player)["hand"] + side(state, player)["deck"]
        assert len(cards) == 26 == len(set(cards))
        assert all(colour(card) == player for card in cards)
        assert JOLLY[player] not in cards  # the Jolly lies beside the deck
        ranks = Counter(Card.parse(card).rank for card in cards)
        assert len(ranks) == 13 and set(ranks.values()) == {2}  # each value exactly twice per side
        assert state.view(player)["sides"][player]["jolly"] == "ready"
        assert state.view(player)["sides"][player]["coins"] == 2
    assert state.players == PLAYERS


# -- NAP-2 setup and mulligan ------------------------------------------------------------------------------


def test_nap_2_each_side_draws_ten_then_red_may_mulligan():
    state = GAME.new(seed=5)
    for player in PLAYERS:
        assert len(side(state, player)["hand"]) == 10
        assert len(side(state, player)["deck"]) == 16
    assert state.to_move == "red"
    assert {m.action for m in state.legal_moves()} == {"keep", "mulligan"}
    refused(state, "pass", "NAP-2")
    refused(state, "play " + side(state, "red")["hand"][0] + " front", "NAP-2")


def test_nap_2_mulligan_puts_the_card_at_the_bottom_and_draws_the_top():
    state = GAME.new(seed=5)
    hand, deck = side(state, "red")["hand"], side(state, "red")["deck"]
    after = state.play(f"mulligan {hand[3]}")
    assert side(after, "red")["deck"] == [*deck[1:], hand[3]]
    assert sorted(side(after, "red")["hand"]) == sorted([*hand[:3], *hand[4:], deck[0]])
    assert after.to_move == "red"  # a second change is still allowed
    private = [event for event in after.events if event.only]
    assert private and all(event.only == "red" for event in private)


def test_nap_2_at_most_two_mulligans_then_the_war_starts():
    state = GAME.new(seed=5)
    state = play(state, f"mulligan {side(state, 'red')['hand'][0]}")
    state = play(state, f"mulligan {side(state, 'red')['hand'][0]}")
    assert state.to_move == "black"  # red used both changes
    assert side(state, "red")["mulligans"] == 2
    state = play(state, "keep")
    assert state.view("red")["phase"] == "battle" and state.to_move == "red"
    card = side(state, "red")["hand"][0]
    refused(state, f"mulligan {card}", "NAP-2")
    refused(state, "keep", "NAP-2")


def test_nap_2_keep_hands_the_mulligan_to_black():
    state = play(GAME.new(seed=5), "keep")
    assert state.to_move == "black"
    assert side(state, "red")["mulligans"] == 0
    assert (
        state.check(Move("mulligan", side(state, "red")["hand"][0])).rule == "NAP-2"
    )  # not black's card: changing cards is NAP-2


def test_nap_2_no_mulligan_once_the_war_started():
    state = position(red={"hand": "5H 9H"}, black={"hand": "5S"})
    refused(state, "mulligan 5H", "NAP-2")
    refused(state, "keep", "NAP-2")


# -- NAP-3 who starts --------------------------------------------------------------------------------------


def test_nap_3_red_starts_battle_one():
    state = play(GAME.new(seed=8), "keep", "keep")
    assert state.to_move == "red"
    assert any(event.rule == "NAP-3" for event in state.events)


@pytest.mark.parametrize(("red_row", "black_row", "next_starter"), [("9H", "8S", "red"), ("8H", "9S", "black")])
def test_nap_3_the_winner_starts_the_next_battle(red_row, black_row, next_starter):
    state = position(
        turn="black",
        red={"hand": "2H", "siege": red_row, "passed": True},
        black={"hand": "2S", "siege": black_row},
    )
    state = state.play("pass")
    assert state.view(None)["battle"] == 2
    assert state.view(None)["starter"] == next_starter
    assert state.to_move == next_starter


@pytest.mark.parametrize(("battle", "starter", "won"), [(1, "red", None), (2, "black", None), (2, "red", "red")])
def test_nap_3_after_a_tie_the_player_who_did_not_start_starts(battle, starter, won):
    # Red starts battle 2 after winning battle 1, so it has Black's coin
    battles = [{"totals": {"red": 1, "black": 0}, "winner": won}] if won else ()
    coins = {"red": 3, "black": 1} if won else {"red": 2, "black": 2}
    state = position(
        battle=battle,
        battles=battles,
        starter=starter,
        turn="black",
        red={"hand": "2H", "siege": "9H", "passed": True, "coins": coins["red"]},
        black={"hand": "2S", "siege": "9S", "coins": coins["black"]},
    )
    state = state.play("pass")
    assert state.view(None)["battle"] == battle + 1
    nonstarter = "black" if starter == "red" else "red"
    assert state.view(None)["starter"] == nonstarter == state.to_move


# -- NAP-4 turns and passing -------------------------------------------------------------------------------


def test_nap_4_one_card_per_turn_then_the_other_player():
    state = position(red={"hand": "9H 8H"}, black={"hand": "9S"})
    state = state.play("play 9H siege")
    assert state.to_move == "black"
    assert row(state, "red", "siege") == ["9H"]


def test_nap_4_passing_is_final_and_the_other_goes_on_alone():
    state = position(red={"hand": "9H 8H 10H"}, black={"hand": "9S 8S"})
    state = state.play("pass")
    assert side(state, "red")["passed"] and state.view(None)["battle"] == 1
    state = state.play("play 9S siege")
    assert state.to_move == "black"  # red passed: black goes on alone
    state = state.play("play 8S siege")  # black runs out of cards: its automatic pass ends the battle
    assert state.view(None)["battle"] == 2
    assert side(state, "red")["hand"] == ["9H", "8H", "10H"]  # red never moved again


def test_nap_4_a_passed_player_is_never_to_move():
    # The engine skips a player who passed; a hand-written position that says otherwise is refused.
    with pytest.raises(BadState, match="NAP-4"):
        position(red={"hand": "9H", "passed": True}, black={"hand": "9S", "passed": False})
    state = position(red={"hand": "9H 8H"}, black={"hand": "9S 8S"}).play("pass")
    assert state.to_move == "black"
    state = state.play("play 9S siege")
    assert state.to_move == "black"  # Red passed: Black goes on alone


def test_nap_4_a_player_with_no_card_passes_automatically():
    state = position(red={"hand": "9H 8H"}, black={"hand": ""})
    state = state.play("play 9H siege")
    assert side(state, "black")["passed"]
    assert state.to_move == "red"
    assert any(event.kind == "pass" and event.player == "black" for event in state.events)
    assert state.view(None)["battle"] == 1  # red has not passed yet
    state = state.play("pass")
    assert state.view(None)["battle"] == 2


def test_nap_4_a_starter_with_no_card_passes_at_once():
    state = position(turn="black", red={"siege": "9H", "passed": True}, black={"hand": "2S 3S"})
    state = state.play("pass")  # red wins battle 1 and starts battle 2 with an empty hand
    assert state.view(None)["battle"] == 2
    assert side(state, "red")["passed"] and state.to_move == "black"
    assert any(event.kind == "pass" and event.player == "red" for event in state.events)


def test_nap_4_the_battle_ends_when_both_passed():
    state = position(red={"hand": "9H 8H"}, black={"hand": "9S 8S"})
    state = state.play("pass")
    assert state.view(None)["battle"] == 1
    state = state.play("pass")
    assert state.view(None)["battle"] == 2
    assert state.view(None)["battles"] == [{"totals": {"red": 0, "black": 0}, "winner": None}]


def test_nap_4_a_card_not_in_hand_or_no_move_at_all_is_refused():
    state = position(red={"hand": "9H"}, black={"hand": "9S"})
    assert refused(state, "play 8H siege", "NAP-4").reason
    refused(state, "play 9S siege", "NAP-4")
    assert not state.check(Move("dance")).ok
    assert state.check(Move("dance")).rule == "NAP-4"
    assert state.check(Move("play", "ZZ", "front")).rule == "NAP-4"


# -- NAP-5 rows --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        "play 2H front",
        "play 3H front",
        "play 4H front",
        "play 5H ranged",
        "play 6H ranged",
        "play 7H ranged",
        "play QH ranged",
        "play 8H siege",
        "play 9H siege",
        "play 10H siege",
        "play JH siege",
        "play JH front",
        "play JH ranged",
        "play KH front horde",
        "play KH front order",
        "play KH ranged",
        "play KH siege",
        "play AH enemy-front",
    ],
)
def test_nap_5_each_card_goes_to_its_row(move):
    hand = "2H 3H 4H 5H 6H 7H QH 8H 9H 10H JH KH AH"
    state = position(red={"hand": hand}, black={"hand": "9S"})
    assert legal(state, move)
    state.play(move)


@pytest.mark.parametrize(
    "move",
    [
        "play 2H siege",
        "play 4H siege",
        "play 5H siege",
        "play 7H siege",
        "play QH siege",
        "play 8H front",
        "play 9H ranged",
        "play 10H front",
        "play KH ranged horde",
        "play KH siege horde",
        "play 2H nowhere",
    ],
)
def test_nap_5_a_card_in_a_wrong_row_is_refused(move):
    state = position(red={"hand": "2H 4H 5H 7H QH 8H 9H 10H KH"}, black={"hand": "9S"})
    refused(state, move, "NAP-5")


def test_nap_5_a_move_without_a_row_is_refused():
    state = position(red={"hand": "2H"}, black={"hand": "9S"})
    assert state.check(Move("play", "2H")).rule == "NAP-5"


def test_nap_5_equal_number_cards_share_a_row():
    state = position(red={"hand": "5D", "ranged": "5H"}, black={"hand": "9S"})
    state = state.play("play 5D ranged")
    assert row(state, "red", "ranged") == ["5H", "5D"]


# -- NAP-6 values ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "player", "name", "value"),
    [
        ("play 9H siege", "red", "siege", 9),
        ("play 2H front", "red", "front", 2),
        ("play 10H siege", "red", "siege", 10),
        ("play AH enemy-front", "black", "front", 1),
        ("play QH ranged", "red", "ranged", 10),
        ("play JH siege", "red", "siege", 10),
        ("play JH front", "red", "front", 10),
        ("play KH ranged", "red", "ranged", 0),
        ("play KH front order", "red", "front", 0),
    ],
)
def test_nap_6_card_values(move, player, name, value):
    state = position(red={"hand": "9H 2H 10H AH QH JH KH", "discard": "KD"}, black={"hand": "9S"})
    state = state.play(move)
    assert state.row_total(player, name) == value
    assert state.total(player) == value


def test_nap_6_the_jolly_never_enters_the_field():
    state = position(red={"hand": "9H"}, black={"hand": "9S"})
    for zone in ROWS:
        refused(state, f"play XR {zone}", "NAP-6")
    used = position(red={"hand": "9H", "jolly": "used"}, black={"hand": "9S"})
    refused(used, "play XR front", "NAP-6")
    assert not any(m.card == "XR" for m in used.legal_moves())


# -- NAP-7 figures are immune ------------------------------------------------------------------------------


def test_nap_7_figures_are_not_doubled_by_an_order():
    state = position(red={"hand": "KH", "ranged": "QH 5H"}, black={"hand": "9S"})
    state = state.play("play KH ranged")
    assert values(state, "red", "ranged") == [10, 10, 0]


def test_nap_7_figures_are_not_boosted_by_a_horde_except_horde_kings():
    state = position(red={"hand": "KH", "front": "JH 2H"}, black={"hand": "9S"})
    state = state.play("play KH front horde")
    assert values(state, "red", "front") == [10, 3, 11]


def test_nap_7_figures_are_not_burned():
    state = position(red={"hand": "JH", "ranged": "QH", "siege": "10H"}, black={"hand": "9S", "front": "KS:horde"})
    state = state.play("play JH siege")
    assert row(state, "red", "siege") == ["JH"]  # 10 burned, not the Jack
    assert row(state, "red", "ranged") == ["QH"]
    assert row(state, "black", "front") == ["KS"]  # the 11-point horde King survives


# -- NAP-8 armies ------------------------------------------------------------------------------------------


def test_nap_8_two_fives_in_ranged_are_ten_and_ten():
    state = position(red={"hand": "5D", "ranged": "5H"}, black={"hand": "9S"})
    state = state.play("play 5D ranged")
    assert values(state, "red", "ranged") == [10, 10]
    assert state.row_total("red", "ranged") == 20
    assert "army" in kinds(state)


def test_nap_8_an_army_counts_every_card_of_its_value():
    state = position(red={"front": "3H 3D 2H"}, black={"hand": "9S", "front": "3S"})
    assert values(state, "red", "front") == [6, 6, 2]
    assert values(state, "black", "front") == [3]  # the other side's 3 is not in red's army


@pytest.mark.parametrize("pair", ["8H 8D", "9H 9D", "10H 10D"])
def test_nap_8_eights_nines_and_tens_never_form_an_army(pair):
    first, second = pair.split()
    state = position(red={"hand": second, "siege": first}, black={"hand": "9S"})
    state = state.play(f"play {second} siege")
    assert values(state, "red", "siege") == [Card.parse(first).number] * 2
    assert "army" not in kinds(state)


def test_nap_8_spy_aces_never_form_an_army():
    state = position(red={"hand": "AD 9H", "deck": "2H 3H 4H"}, black={"hand": "9S", "front": "AH"})
    state = state.play("play AD enemy-front")
    assert values(state, "black", "front") == [1, 1]


def test_nap_8_an_army_is_one_row_of_one_side():
    state = position(red={"front": "2H", "ranged": "2D", "agility": True}, black={"hand": "9S"})
    assert state.total("red") == 4


# -- NAP-9 ace spy -----------------------------------------------------------------------------------------


def test_nap_9_an_ace_goes_to_the_opponents_front_and_its_player_draws_two():
    state = position(red={"hand": "AH 9H", "deck": "2H 3H 4H"}, black={"hand": "9S"})
    after = state.play("play AH enemy-front")
    assert row(after, "black", "front") == ["AH"]
    assert side(after, "black")["rows"]["front"][0] == ["AH", "spy", "red"]
    assert after.total("black") == 1 and after.total("red") == 0
    assert sorted(side(after, "red")["hand"]) == sorted(["9H", "2H", "3H"])
    assert side(after, "red")["deck"][0] == "4H"
    draws = [event for event in after.events if event.kind == "draw"]
    assert draws and all(event.only == "red" for event in draws)
    assert after.to_move == "black"


@pytest.mark.parametrize(("deck", "drawn"), [("2H", 1), ("", 0)])
def test_nap_9_a_short_deck_draws_fewer(deck, drawn):
    state = position(red={"hand": "AH 9H", "deck": deck, "rest": "discard"}, black={"hand": "9S"})
    after = state.play("play AH enemy-front")
    assert len(side(after, "red")["hand"]) == 1 + drawn
    assert side(after, "red")["deck"] == []


@pytest.mark.parametrize("zone", ["front", "ranged", "siege", "enemy-ranged", "enemy-siege"])
def test_nap_9_an_ace_goes_nowhere_else(zone):
    state = position(red={"hand": "AH"}, black={"hand": "9S"})
    refused(state, f"play AH {zone}", "NAP-9")


@pytest.mark.parametrize("move", ["play 2H enemy-front", "play KH enemy-front horde", "play JH enemy-siege"])
def test_nap_9_only_an_ace_goes_on_the_opponents_side(move):
    state = position(red={"hand": "2H KH JH"}, black={"hand": "9S"})
    refused(state, move, "NAP-9")


@pytest.mark.parametrize(("black_front", "ace_value"), [("KS:horde", 2), ("KS:order", 2), ("KS:horde KC:order", 4)])
def test_nap_9_a_spy_takes_the_effects_of_the_row_it_lies_in(black_front, ace_value):
    state = position(red={"hand": "AH 9H"}, black={"hand": "9S", "front": black_front})
    state = state.play("play AH enemy-front")
    assert values(state, "black", "front")[-1] == ace_value


def test_nap_9_a_spy_can_be_burned_and_goes_back_to_its_player():
    state = position(red={"hand": "9H"}, black={"hand": "JS", "front": "AH KS:horde"}, turn="black")
    state = state.play("play JS siege")
    assert row(state, "black", "front") == ["KS"]
    assert "AH" in side(state, "red")["discard"]
    assert "AH" not in side(state, "black")["discard"]


# -- NAP-10 horde ------------------------------------------------------------------------------------------


def test_nap_10_one_horde_king_is_eleven():
    state = position(red={"hand": "KH"}, black={"hand": "9S"})
    state = state.play("play KH front horde")
    assert state.total("red") == 11


def test_nap_10_two_horde_kings_are_twelve_each_and_boost_every_number_card():
    state = position(red={"hand": "KD", "front": "2H 3H KH:horde"}, black={"hand": "9S", "front": "2S"})
    assert values(state, "red", "front") == [3, 4, 11]
    state = state.play("play KD front horde")
    assert values(state, "red", "front") == [4, 5, 12, 12]
    assert values(state, "black", "front") == [2]  # only its own row of its own side


def test_nap_10_horde_adds_after_an_army_and_only_in_its_row():
    state = position(red={"front": "2H 2D KH:horde", "ranged": "5H"}, black={"hand": "9S"})
    assert values(state, "red", "front") == [5, 5, 11]
    assert values(state, "red", "ranged") == [5]


# -- NAP-11 emperor's order --------------------------------------------------------------------------------


def test_nap_11_order_is_worth_nothing_and_doubles_its_row():
    state = position(red={"hand": "KH", "ranged": "5H 6H", "siege": "9H"}, black={"hand": "9S"})
    state = state.play("play KH ranged")
    assert values(state, "red", "ranged") == [10, 12, 0]
    assert values(state, "red", "siege") == [9]


def test_nap_11_an_army_under_an_order_is_four_times():
    state = position(red={"hand": "KH", "ranged": "5H 5D"}, black={"hand": "9S"})
    state = state.play("play KH ranged")
    assert values(state, "red", "ranged") == [20, 20, 0]


def test_nap_11_order_doubles_after_army_and_horde():
    state = position(red={"hand": "KD", "front": "5H 5D KH:horde", "agility": True}, black={"hand": "9S"})
    assert legal(state, "play KD front order")  # NAP-11: allowed with a horde in the row
    state = state.play("play KD front order")
    assert values(state, "red", "front") == [22, 22, 11, 0]  # (2x5 + 1) x 2; the horde King is not doubled
    assert state.row_total("red", "front") == 55


def test_nap_11_at_most_one_order_per_row_per_side():
    state = position(red={"hand": "KD 9H", "ranged": "KH"}, black={"hand": "9S", "siege": "KS", "front": "KC:order"})
    refused(state, "play KD ranged", "NAP-11")
    assert legal(state, "play KD siege")  # black's order does not count
    assert legal(state, "play KD front order")
    front = position(red={"hand": "KD", "front": "KH:order"}, black={"hand": "9S"})
    refused(front, "play KD front order", "NAP-11")
    assert legal(front, "play KD front horde")


# -- NAP-12 choosing a role --------------------------------------------------------------------------------


def test_nap_12_a_king_in_the_front_row_needs_a_role():
    state = position(red={"hand": "KH"}, black={"hand": "9S"})
    refused(state, "play KH front", "NAP-12")
    refused(state, "play KH front emperor", "NAP-12")
    assert legal(state, "play KH front horde") and legal(state, "play KH front order")
    labels = {str(state.label(m)) for m in state.legal_moves()}
    assert any("horde" in text for text in labels) and any("order" in text for text in labels)


@pytest.mark.parametrize(("zone", "role"), [("siege", "burn"), ("front", "agility"), ("ranged", "agility")])
def test_nap_12_a_jacks_role_is_its_row(zone, role):
    state = position(red={"hand": "JH"}, black={"hand": "9S"})
    state = state.play(f"play JH {zone}")
    assert side(state, "red")["rows"][zone] == [["JH", role, "red"]]


@pytest.mark.parametrize(
    "move",
    [
        "play JH siege agility",
        "play JH front burn",
        "play JH siege burn",  # the row already says burn: one move, one way to write it
        "play KH ranged order",
        "play KH siege order",
        "play 5H ranged horde",
        "play AH enemy-front spy",
    ],
)
def test_nap_12_only_a_front_king_takes_a_chosen_role(move):
    state = position(red={"hand": "JH 5H KH AH"}, black={"hand": "9S"})
    refused(state, move, "NAP-12")


def test_nap_12_roles_never_change():
    state = position(red={"hand": "KD 9H JH", "front": "KH:horde 2H"}, black={"hand": "9S 8S 2S"})
    state = play(state, "play KD front order", "play 9S siege", "play JH siege", "play 8S siege")
    assert side(state, "red")["rows"]["front"] == [["KH", "horde", "red"], ["2H", None, "red"], ["KD", "order", "red"]]
    assert "9S" in side(state, "black")["discard"]  # burned at 9, above red's (2 + 1) x 2 = 6
    assert side(state, "red")["rows"]["siege"] == [["JH", "burn", "red"]]


# -- NAP-13 healer -----------------------------------------------------------------------------------------


def healer_position(**red):
    spec = {"hand": "QH 9H", "discard": "5H 8H JH KH AH", "deck": "2H 3H 4H"} | red
    return position(red=spec, black={"hand": "9S 8S"})


def test_nap_13_a_queen_opens_healing_for_the_same_player():
    state = healer_position().play("play QH ranged")
    assert state.view(None)["phase"] == "heal" and state.to_move == "red"
    actions = {m.action for m in state.legal_moves()}
    assert actions == {"heal", "skip"}
    for move in ("pass", "jolly", "play 9H siege"):
        refused(state, move, "NAP-13")


def test_nap_13_healing_is_optional():
    state = healer_position().play("play QH ranged").play("skip")
    assert state.to_move == "black"
    assert state.view(None)["phase"] == "battle"
    assert sorted(side(state, "red")["discard"]) == sorted(["5H", "8H", "JH", "KH", "AH"])


def test_nap_13_a_healed_card_is_placed_at_once_with_its_own_effect():
    state = healer_position(ranged="5D").play("play QH ranged").play("heal 5H ranged")
    assert row(state, "red", "ranged") == ["5D", "QH", "5H"]
    assert values(state, "red", "ranged") == [10, 10, 10]  # the healed 5 forms an army
    assert "5H" not in side(state, "red")["discard"]
    assert state.to_move == "black"


def test_nap_13_a_revived_ace_is_a_spy_and_draws_two():
    state = healer_position().play("play QH ranged").play("heal AH enemy-front")
    assert side(state, "black")["rows"]["front"] == [["AH", "spy", "red"]]
    assert sorted(side(state, "red")["hand"]) == ["2H", "3H", "9H"]
    assert state.to_move == "black"


@pytest.mark.parametrize(
    "move", ["heal JH ranged", "heal JH siege", "heal KH front", "heal KH ranged", "heal XR front"]
)
def test_nap_13_figures_and_the_jolly_cannot_be_healed(move):
    state = healer_position(jolly="used").play("play QH ranged")
    refused(state, move, "NAP-13")


@pytest.mark.parametrize(
    ("move", "rule"), [("heal 5H front", "NAP-15"), ("heal 5H siege", "NAP-5"), ("heal 8H ranged", "NAP-5")]
)
def test_nap_13_healing_respects_the_rows(move, rule):
    state = healer_position().play("play QH ranged")
    refused(state, move, rule)


def test_nap_13_healing_uses_agility_when_its_owner_has_it():
    state = healer_position(agility=True).play("play QH front")
    assert state.view(None)["phase"] == "heal"
    state = state.play("heal 5H front")
    assert row(state, "red", "front") == ["QH", "5H"]


def test_nap_13_healing_only_right_after_a_queen():
    state = healer_position()
    refused(state, "heal 5H ranged", "NAP-13")
    refused(state, "skip", "NAP-13")


def test_nap_13_heal_only_from_your_own_discard_pile():
    state = position(red={"hand": "QH 9H", "discard": "5H"}, black={"hand": "9S", "discard": "5S"})
    state = state.play("play QH ranged")
    verdict = state.check(Move("heal", "5S", "ranged"))
    assert not verdict.ok and verdict.rule.startswith("NAP-")


@pytest.mark.parametrize("discard", ["", "JH KH"])
def test_nap_13_no_healing_when_nothing_can_be_healed(discard):
    state = position(red={"hand": "QH 9H", "discard": discard, "jolly": "used"}, black={"hand": "9S"})
    state = state.play("play QH ranged")
    assert state.view(None)["phase"] == "battle"
    assert state.to_move == "black"


# -- NAP-14 burn -------------------------------------------------------------------------------------------


def test_nap_14_burn_destroys_every_tie_on_both_sides_own_included():
    state = position(
        red={"hand": "JH", "ranged": "7H", "siege": "10H"},
        black={"hand": "9S", "siege": "10S", "front": "4S"},
    )
    state = state.play("play JH siege")
    assert row(state, "red", "siege") == ["JH"]
    assert row(state, "black", "siege") == []
    assert row(state, "red", "ranged") == ["7H"] and row(state, "black", "front") == ["4S"]
    assert "10H" in side(state, "red")["discard"] and "10S" in side(state, "black")["discard"]
    burn = [event for event in state.events if event.kind == "burn"]
    assert burn and burn[0].rule == "NAP-14" and sorted(burn[0].data["cards"]) == ["10H", "10S"]
    assert state.row_total("red", "siege") == 10  # the Jack stays as a 10-point figure


@pytest.mark.parametrize(
    ("black", "destroyed"),
    [
        ({"ranged": "6S 6C"}, {"6S", "6C"}),  # an army of 12 beats red's 10
        ({"ranged": "7S KS"}, {"7S"}),  # 7 under an order is 14
        ({"front": "4S 4C KS:horde KC:horde"}, {"4S", "4C", "10H"}),  # (4 x 2) + 2 = 10 ties red's 10
        ({"front": "3S", "ranged": "5S"}, {"10H"}),
    ],
)
def test_nap_14_burn_uses_current_values(black, destroyed):
    state = position(red={"hand": "JH", "siege": "10H 9H"}, black={"hand": "9S"} | black)
    state = state.play("play JH siege")
    discarded = set(side(state, "red")["discard"]) | set(side(state, "black")["discard"])
    assert discarded == destroyed


def test_nap_14_burn_with_only_figures_on_the_field_destroys_nothing():
    state = position(red={"hand": "JH", "ranged": "QH", "front": "KH:order"}, black={"hand": "9S", "front": "KS:horde"})
    state = state.play("play JH siege")
    assert row(state, "red", "ranged") == ["QH"] and row(state, "black", "front") == ["KS"]
    assert any(event.kind == "burn" and event.rule == "NAP-14" for event in state.events)


def test_nap_14_burn_on_an_empty_field():
    state = position(red={"hand": "JH"}, black={"hand": "9S"}).play("play JH siege")
    assert state.total("red") == 10
    assert any(event.kind == "burn" for event in state.events)


def test_nap_14_black_burns_its_own_cards_too():
    state = position(turn="black", red={"hand": "9H", "siege": "8H"}, black={"hand": "JS", "siege": "9S"})
    state = state.play("play JS siege")
    assert row(state, "black", "siege") == ["JS"]
    assert "9S" in side(state, "black")["discard"]
    assert row(state, "red", "siege") == ["8H"]


# -- NAP-15 agility ----------------------------------------------------------------------------------------


AGILE = ("play 5H front", "play 6H front", "play 7H front", "play QH front", "play 2H ranged", "play 4H ranged")


@pytest.mark.parametrize("move", AGILE)
def test_nap_15_without_agility_the_swapped_rows_are_refused(move):
    state = position(red={"hand": "5H 6H 7H QH 2H 4H"}, black={"hand": "9S", "agility": True})
    refused(state, move, "NAP-15")


@pytest.mark.parametrize("jack_row", ["front", "ranged"])
def test_nap_15_agility_opens_the_swapped_rows_for_the_rest_of_the_battle(jack_row):
    state = position(red={"hand": "JH 5H 6H 7H QH 2H 4H 8H AH KH"}, black={"hand": "9S 8S 7S 6S"})
    state = play(state, f"play JH {jack_row}", "play 9S siege")
    assert side(state, "red")["agility"] and not side(state, "black")["agility"]
    for move in AGILE:
        assert legal(state, move), move
    refused(state, "play 8H front", "NAP-5")
    refused(state, "play AH ranged", "NAP-9")
    refused(state, "play KH ranged horde", "NAP-5")
    state = play(state, "play 5H front", "play 8S siege", "play 2H ranged")
    assert row(state, "red", "front")[-1] == "5H" and row(state, "red", "ranged")[-1] == "2H"
    state = play(state, "pass", "pass")  # black passes, then red: battle 2
    assert state.view(None)["battle"] == 2
    assert not side(state, "red")["agility"]
    state = state if state.to_move == "red" else state.play("play 7S ranged")
    refused(state, "play 6H front", "NAP-15")


def test_nap_15_agility_belongs_to_its_owner_only():
    state = position(red={"hand": "9H", "agility": True}, black={"hand": "5S"}, turn="black")
    refused(state, "play 5S front", "NAP-15")


# -- NAP-16 Jolly ------------------------------------------------------------------------------------------


def test_nap_16_the_jolly_is_a_free_action():
    state = position(red={"hand": "9H"}, black={"hand": "9S"}).play("jolly")
    assert state.to_move == "red"
    assert side(state, "red")["jolly"] == "active"
    assert "XR" in side(state, "red")["discard"]
    assert state.events[-1].rule == "NAP-16"
    refused(state, "jolly", "NAP-16")
    assert play(state, "play 9H siege").to_move == "black"


def test_nap_16_once_per_war():
    state = position(battle=2, red={"hand": "9H", "jolly": "used"}, black={"hand": "9S"})
    refused(state, "jolly", "NAP-16")
    assert Move("jolly") not in state.legal_moves()


def test_nap_16_black_wins_a_tied_battle_with_its_jolly():
    state = position(
        turn="black",
        red={"hand": "2H", "siege": "9H", "passed": True},
        black={"hand": "2S", "siege": "9S"},
    )
    state = play(state, "jolly", "pass")
    assert side(state, "black")["coins"] == 3 and side(state, "red")["coins"] == 1
    assert state.view(None)["starter"] == "black"
    assert side(state, "black")["jolly"] == "used"


def test_nap_16_red_jolly_does_not_win_a_tie():
    state = position(red={"hand": "2H", "siege": "9H"}, black={"hand": "2S", "siege": "9S", "passed": True})
    state = play(state, "jolly", "pass")
    assert side(state, "red")["coins"] == side(state, "black")["coins"] == 2
    assert len(side(state, "red")["hand"]) == 1  # a tie is no win: no card drawn


def test_nap_16_red_draws_one_at_the_start_of_the_next_battle_if_it_won():
    state = position(red={"hand": "2H", "siege": "9H", "deck": "5H 6H"}, black={"hand": "2S", "passed": True})
    state = play(state, "jolly", "pass")
    assert state.view(None)["battle"] == 2
    assert sorted(side(state, "red")["hand"]) == ["2H", "5H"]
    assert any(event.kind == "draw" and event.rule == "NAP-16" for event in state.events)


def test_nap_16_red_draws_nothing_if_it_lost():
    state = position(red={"hand": "2H", "deck": "5H"}, black={"hand": "2S", "siege": "9S", "passed": True})
    state = play(state, "jolly", "pass")
    assert side(state, "red")["hand"] == ["2H"]


def test_nap_16_red_draws_nothing_when_the_war_is_over():
    state = position(battle=3, red={"hand": "2H", "siege": "9H", "deck": "5H"}, black={"hand": "2S", "passed": True})
    state = play(state, "jolly", "pass")
    assert state.is_over and side(state, "red")["hand"] == ["2H"]


def test_nap_16_black_jolly_draws_no_card():
    state = position(turn="black", red={"hand": "2H", "passed": True}, black={"hand": "2S", "siege": "9S"})
    state = play(state, "jolly", "pass")
    assert side(state, "black")["hand"] == ["2S"]
    assert side(state, "black")["coins"] == 3


def test_nap_16_no_jolly_while_healing():
    state = position(red={"hand": "QH 9H", "discard": "5H"}, black={"hand": "9S"}).play("play QH ranged")
    refused(state, "jolly", "NAP-13")


# -- NAP-17 end of a battle --------------------------------------------------------------------------------


def test_nap_17_the_higher_total_takes_a_coin_from_the_loser():
    state = position(
        red={"hand": "2H 3H", "siege": "10H", "front": "AS"},
        black={"hand": "2S", "ranged": "5S 5C", "passed": True},
    )
    assert state.total("red") == 11 and state.total("black") == 20  # black's spy counts for red
    state = state.play("pass")
    assert side(state, "black")["coins"] == 3 and side(state, "red")["coins"] == 1
    assert state.view(None)["battles"][-1] == {"totals": {"red": 11, "black": 20}, "winner": "black"}
    ends = [event for event in state.events if event.kind == "battle" and event.rule == "NAP-17"]
    assert ends and ends[0].player == "black"


def test_nap_17_a_tie_moves_no_coin():
    state = position(red={"hand": "2H", "siege": "9H"}, black={"hand": "2S", "siege": "9S", "passed": True})
    state = state.play("pass")
    assert side(state, "red")["coins"] == side(state, "black")["coins"] == 2
    assert state.view(None)["battles"][-1]["winner"] is None


def test_nap_17_field_cards_go_to_their_owners_discard_and_hands_carry_over():
    state = position(
        red={"hand": "2H 3H", "siege": "10H", "ranged": "JH", "discard": "7H"},
        black={"hand": "2S 9S", "front": "AH KS:horde", "passed": True},
    )
    decks = {player: side(state, player)["deck"] for player in PLAYERS}
    state = state.play("pass")
    for player in PLAYERS:
        assert all(not cards for cards in side(state, player)["rows"].values())
        assert side(state, player)["deck"] == decks[player]  # nobody draws between battles
        assert not side(state, player)["passed"] and not side(state, player)["agility"]
    assert sorted(side(state, "red")["discard"]) == sorted(["7H", "10H", "JH", "AH"])
    assert sorted(side(state, "black")["discard"]) == ["KS"]
    assert side(state, "red")["hand"] == ["2H", "3H"] and side(state, "black")["hand"] == ["2S", "9S"]


# -- NAP-18 end of the war ---------------------------------------------------------------------------------


def test_nap_18_a_player_with_no_coins_loses_at_once():
    state = position(
        battle=2,
        battles=[{"totals": {"red": 3, "black": 5}, "winner": "black"}],
        red={"hand": "2H", "coins": 1},
        black={"hand": "2S", "siege": "9S", "coins": 3, "passed": True},
    )
    state = state.play("pass")
    assert state.is_over and state.to_move is None
    assert state.result.winners == ("black",)
    assert dict(state.result.scores) == {"red": 0, "black": 4}
    assert state.result.reason
    assert state.legal_moves() == []
    refused(state, "pass", "NAP-18")


@pytest.mark.parametrize(
    ("red_siege", "black_siege", "winners", "scores"),
    [("9H", "8S", ("red",), (3, 1)), ("8H", "9S", ("black",), (1, 3)), ("9H", "9S", (), (2, 2))],
)
def test_nap_18_after_the_third_battle_more_coins_wins_equal_is_a_draw(red_siege, black_siege, winners, scores):
    state = position(
        battle=3,
        battles=[
            {"totals": {"red": 5, "black": 4}, "winner": "red"},
            {"totals": {"red": 4, "black": 5}, "winner": "black"},
        ],
        red={"hand": "2H", "siege": red_siege},
        black={"hand": "2S", "siege": black_siege, "passed": True},
    )
    state = state.play("pass")
    assert state.is_over and state.to_move is None
    assert state.result.winners == winners
    assert dict(state.result.scores) == dict(zip(PLAYERS, scores, strict=True))
    assert state.events[-1].rule == "NAP-18"


def test_nap_18_an_empty_deck_draws_nothing():
    state = position(red={"hand": "2H", "siege": "9H", "rest": "discard"}, black={"hand": "2S", "passed": True})
    assert side(state, "red")["deck"] == []
    state = play(state, "jolly", "pass")
    assert state.view(None)["battle"] == 2
    assert side(state, "red")["hand"] == ["2H"]


def test_nap_16_reds_jolly_in_the_last_battle_promises_nothing():
    state = prepared(red={"hand": "9H 8H"}, black={"hand": "9S"}, battle=3, battles=("red", "black"))
    text = " ".join(str(event.text) for event in state.play("jolly").events)
    assert "last battle" in text and "draws a card" not in text


def test_nap_16_the_bot_keeps_reds_jolly_when_it_can_no_longer_pay():
    state = prepared(
        red={"hand": "9H 8H", "siege": "10H"}, black={"hand": "2S", "passed": True}, battle=3, battles=("red", "black")
    )
    assert NapoletanaBot().choose(state, "red").action != "jolly"


def test_nap_13_healing_a_card_not_in_the_discard_pile_names_the_healer_rule():
    state = position(red={"hand": "QH 8D", "discard": "7H"}, black={"hand": "6C"}).play("play QH ranged")
    assert state.check(GAME.parse_move("heal 5H ranged")).rule == "NAP-13"


def test_nap_2_changing_a_card_not_in_hand_names_the_mulligan_rule():
    state = GAME.new(seed=1)
    missing = next(card for card in state.sides["red"].deck)
    assert state.check(GAME.parse_move(f"mulligan {missing}")).rule == "NAP-2"


def test_nap_2_and_nap_4_a_move_naming_more_than_its_action_takes_is_refused():
    """A click or a saved game can build ``keep 2D`` or ``pass 9H front``, which no text parses to: refused, with
    the phase's ruling, not taken for a keep or a pass."""
    mulligan = GAME.new(seed=1)
    card = mulligan.sides["red"].hand[0]
    assert mulligan.check(Move("keep", str(card))).rule == "NAP-2"
    assert mulligan.check(Move("keep")).ok
    battle = position(red={"hand": "9H 8H"}, black={"hand": "9S"})
    assert battle.check(Move("pass", "9H", "front")).rule == "NAP-4"
    assert battle.check(Move("jolly", option="spy")).rule == "NAP-4"
    assert battle.check(Move("pass")).ok
