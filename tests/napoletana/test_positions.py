"""Loading La partita Napoletana positions: bad data is refused with a BadState that names the problem;
bad move text with BadMove; bad game options with BadOption."""

from __future__ import annotations

import copy
import json

import pytest
from protocol_checks import random_game, refused_to_load

import cardlib
from cardlib import BadMove, BadOption, BadState, Move
from cardlib.games.napoletana.positions import position

GAME = cardlib.load("napoletana")


def fresh() -> dict:
    """A war in progress: both kept, Red has placed a card (so the field is not empty)."""
    state = GAME.new(seed=3).play("keep").play("keep")
    card = next(m for m in state.legal_moves() if m.action == "play" and m.card[0] in "23456789")
    return copy.deepcopy(state.play(card).to_json())


def take(data: dict, card: str) -> None:
    """Remove ``card`` from wherever it is (hand, deck, discard or a row)."""
    for side in data["sides"].values():
        for pile in (side["hand"], side["deck"], side["discard"]):
            if card in pile:
                pile.remove(card)
                return
        for cards in side["rows"].values():
            for placed in cards:
                if placed[0] == card:
                    cards.remove(placed)
                    return
    raise AssertionError(f"{card} is nowhere")


def refused(data, *words: str) -> str:
    return refused_to_load(GAME, data, *words)


def test_valid_positions_load():
    for data in (GAME.new(seed=3).to_json(), fresh()):
        assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data


def test_bad_state_is_a_value_error():
    assert issubclass(BadState, ValueError)


@pytest.mark.parametrize("data", [[], "napoletana", None, 7])
def test_not_an_object(data):
    with pytest.raises(BadState):
        GAME.from_json(data)


def test_wrong_game_id():
    data = fresh()
    data["game"] = "njet"
    refused(data, "njet", "napoletana")


def test_unknown_format():
    data = fresh()
    data["format"] = 99
    refused(data, "format", "99")


@pytest.mark.parametrize(
    "path",
    [
        ("game",),
        ("seed",),
        ("phase",),
        ("battle",),
        ("starter",),
        ("battles",),
        ("events",),
        ("sides",),
        ("sides", "red", "coins"),
        ("sides", "black", "hand"),
        ("sides", "black", "deck"),
        ("sides", "red", "discard"),
        ("sides", "red", "jolly"),
        ("sides", "black", "passed"),
        ("sides", "red", "agility"),
        ("sides", "black", "mulligans"),
        ("sides", "red", "kept"),
        ("sides", "red", "rows"),
        ("sides", "black", "rows", "siege"),
    ],
)
def test_missing_field(path):
    data = fresh()
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    refused(data, ".".join(path), "missing")


def test_missing_side():
    data = fresh()
    del data["sides"]["black"]
    refused(data, "red and black")


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("seed",), "seven", ("seed",)),
        (("phase",), "lunch", ("phase", "lunch")),
        (("turn",), "green", ("turn", "green")),
        (("battle",), 4, ("battle", "4")),
        (("starter",), "blue", ("starter",)),
        (("sides", "red", "coins"), "2", ("sides.red.coins",)),
        (("sides", "red", "jolly"), "maybe", ("sides.red.jolly", "maybe")),
        (("sides", "black", "passed"), "no", ("sides.black.passed",)),
        (("sides", "black", "mulligans"), 3, ("sides.black.mulligans",)),
    ],
)
def test_wrong_value(path, value, words):
    data = fresh()
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    refused(data, *words)


@pytest.mark.parametrize("text", ["ZZ", "1H", "11S", "H", "", "7X"])
def test_a_card_that_does_not_exist(text):
    data = fresh()
    data["sides"]["red"]["hand"][0] = text
    message = refused(data, "sides.red.hand[0]")
    assert repr(text) in message or text in message


def test_a_card_that_is_not_text():
    data = fresh()
    data["sides"]["black"]["deck"][2] = 7
    refused(data, "sides.black.deck[2]")


def test_a_duplicated_card():
    data = fresh()
    hand = data["sides"]["red"]["hand"]
    lost, hand[1] = hand[1], hand[0]
    refused(data, "red's cards do not add up", f"missing {lost}", f"repeated {hand[0]}")


def test_a_missing_card():
    data = fresh()
    lost = data["sides"]["black"]["deck"].pop()
    refused(data, "black's cards do not add up", f"missing {lost}")


def test_a_card_of_the_other_colour():
    data = fresh()
    card = data["sides"]["red"]["deck"].pop()
    data["sides"]["black"]["deck"].append(card)
    refused(data, "do not add up", card)


def test_a_ready_jolly_lies_beside_the_deck_not_in_a_pile():
    data = fresh()
    data["sides"]["red"]["discard"].append("XR")
    refused(data, "red's cards do not add up", "XR")


def test_a_used_jolly_must_be_in_the_discard_pile():
    data = fresh()
    data["sides"]["black"]["jolly"] = "used"
    refused(data, "black's cards do not add up", "missing XB")


@pytest.mark.parametrize("where", ["hand", "deck", "front"])
def test_a_used_jolly_lies_nowhere_but_the_discard_pile(where):
    data = fresh()
    side = data["sides"]["red"]
    side["jolly"] = "used"
    if where == "front":
        side["rows"]["front"].append(["XR", None, "red"])
        refused(data, "Jolly never enters the field", "NAP-6")
    else:
        side[where].append("XR")
        refused(data, "Jolly", "discard")


@pytest.mark.parametrize(("red", "black"), [(3, 2), (2, 1), (0, 0), (4, 4)])
def test_coins_must_add_up_to_four(red, black):
    data = fresh()
    data["sides"]["red"]["coins"], data["sides"]["black"]["coins"] = red, black
    refused(data, "coins")


def test_coins_out_of_range():
    data = fresh()
    data["sides"]["red"]["coins"], data["sides"]["black"]["coins"] = 5, -1
    refused(data, "sides.red.coins")


@pytest.mark.parametrize(
    ("side", "row"),
    [("red", "front"), ("black", "ranged"), ("black", "siege")],
)
def test_a_spy_on_the_wrong_side(side, row):
    data = fresh()
    take(data, "AH")
    data["sides"][side]["rows"][row].append(["AH", "spy", "red"])
    refused(data, f"sides.{side}.rows.{row}[", "spy")


def test_a_spy_on_the_right_side_loads():
    data = fresh()
    take(data, "AH")
    data["sides"]["black"]["rows"]["front"].append(["AH", "spy", "red"])
    assert GAME.from_json(data).total("black") >= 1


def test_a_card_on_the_other_players_side_that_is_no_spy():
    data = fresh()
    take(data, "5H")
    data["sides"]["black"]["rows"]["ranged"].append(["5H", None, "red"])
    refused(data, "sides.black.rows.ranged[", "spy")


@pytest.mark.parametrize("row", ["ranged", "siege"])
def test_a_horde_king_outside_the_front_row(row):
    data = fresh()
    take(data, "KS")
    data["sides"]["black"]["rows"][row].append(["KS", "horde", "black"])
    refused(data, f"sides.black.rows.{row}[", "horde")


def test_two_orders_in_one_row():
    data = fresh()
    take(data, "KS")
    take(data, "KC")
    data["sides"]["black"]["rows"]["siege"] += [["KS", "order", "black"], ["KC", "order", "black"]]
    refused(data, "sides.black.rows.siege", "order")


@pytest.mark.parametrize(
    ("card", "role"),
    [("KS", None), ("KS", "burn"), ("JS", "horde"), ("JS", None), ("5S", "horde"), ("AS", None), ("QS", "heal")],
)
def test_a_role_the_card_cannot_take(card, role):
    data = fresh()
    take(data, card)
    data["sides"]["black"]["rows"]["front"].append([card, role, "black"])
    refused(data, "sides.black.rows.front[", "role")


@pytest.mark.parametrize("item", ["5S", ["5S"], ["5S", None], {"card": "5S"}])
def test_a_malformed_row_entry(item):
    data = fresh()
    take(data, "5S")
    data["sides"]["black"]["rows"]["ranged"].append(item)
    refused(data, "sides.black.rows.ranged[0]")


def test_a_result_while_the_war_is_not_over():
    data = fresh()
    data["result"] = {"scores": {"red": 2, "black": 2}, "winners": [], "reason": "made up"}
    refused(data, "result")


def finished() -> dict:
    """A war played to its end by seeded random moves."""
    return copy.deepcopy(random_game(GAME, 5, 2000)[-1].to_json())


def test_a_finished_war_without_a_result():
    data = finished()
    data["result"] = None
    refused(data, "result", "over")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("scores", {}, ("result.scores",)),
        ("scores", {"red": 2}, ("result.scores",)),
        ("scores", {"red": 2, "black": 2, "white": 0}, ("result.scores",)),
        ("scores", {"red": float("nan"), "black": 2}, ("result.scores", "nan")),
        ("scores", {"red": 1e308, "black": 2}, ("result.scores", "1e+308")),
        ("scores", {"red": True, "black": 2}, ("result.scores",)),
        ("winners", [["x"]], ("result.winners",)),
        ("winners", [[]], ("result.winners",)),
    ],
)
def test_nap_18_a_result_is_the_one_the_coins_make(field, value, words):
    data = finished()
    data["result"][field] = value
    refused(data, *words)


def test_nap_18_the_winners_are_those_with_more_coins():
    data = finished()
    coins = data["result"]["scores"]
    data["result"]["winners"] = [] if coins["red"] != coins["black"] else ["red"]
    refused(data, "result.winners")


def test_nap_17_a_battle_won_moves_a_coin():
    data = json.loads(json.dumps(GAME.new(seed=3).play("keep").play("keep").to_json()))
    data["battle"], data["battles"] = 2, [{"totals": {"red": 5, "black": 3}, "winner": "red"}]
    refused(data, "sides.red.coins", "NAP-17")  # both still have two coins


def test_nap_3_the_winner_of_a_battle_starts_the_next():
    data = json.loads(json.dumps(GAME.new(seed=3).play("keep").play("keep").to_json()))
    data["battle"], data["battles"] = 2, [{"totals": {"red": 3, "black": 5}, "winner": "black"}]
    data["sides"]["red"]["coins"], data["sides"]["black"]["coins"] = 1, 3
    refused(data, "starter", "NAP-3")  # Red is marked as starting battle 2
    data["starter"] = data["turn"] = "black"
    assert GAME.from_json(data).to_move == "black"


def test_nap_17_the_recorded_winner_has_the_higher_total():
    data = json.loads(json.dumps(GAME.new(seed=3).play("keep").play("keep").to_json()))
    data["battle"], data["battles"] = 2, [{"totals": {"red": 3, "black": 5}, "winner": "red"}]
    data["sides"]["red"]["coins"], data["sides"]["black"]["coins"], data["starter"] = 3, 1, "red"
    refused(data, "battles[0].winner", "NAP-17")


def test_nap_2_nobody_has_passed_while_hands_are_changed():
    """Red marked as passed in the mulligan would, after keep and keep, be stuck on a turn it cannot play."""
    data = GAME.new(seed=3).to_json()
    data["sides"]["red"]["passed"] = True
    refused(data, "sides.red", "NAP-2")


def test_an_event_without_text_is_refused():
    """It would load, then be dropped by to_json: a save the state could not read back."""
    data = fresh()
    data["events"] = [{"kind": "place", "text": None}]
    refused(data, "events[0].text")


def test_deep_nesting_is_refused_before_anything_recurses():
    data = fresh()
    deep: list = []
    for _level in range(100_000):
        deep = [deep]
    data["events"] = [{"kind": "place", "text": "x", "data": {"card": deep}}]
    message = refused(data, "events[0].data.card", "nested")
    assert len(message) < 200


def test_a_huge_text_is_quoted_only_in_part():
    data = fresh()
    data["phase"] = "x" * 900
    assert len(refused(data, "phase")) < 300


def test_a_finished_war_has_no_player_to_move():
    data = fresh()
    data["phase"] = "over"
    data["result"] = {"scores": {"red": 2, "black": 2}, "winners": [], "reason": "draw"}
    refused(data, "turn")


def test_an_event_with_unknown_fields():
    data = fresh()
    data["events"] = [{"kind": "pass", "text": "Red passes.", "colour": "red"}]
    refused(data, "events")


# -- move text ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "dance",
        "Play 7H ranged",
        "play",
        "play 7H",
        "play 7H front horde extra",
        "pass now",
        "mulligan",
        "heal 5H",
    ],
)
def test_parse_move_refuses_garbage(text):
    with pytest.raises(BadMove) as raised:
        GAME.parse_move(text)
    assert str(raised.value)


def test_play_refuses_garbage_text_with_bad_move_and_changes_nothing():
    state = GAME.new(seed=1)
    before = state.to_json()
    with pytest.raises(BadMove):
        state.play("shuffle the deck")
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play 7H ranged", Move("play", "7H", "ranged")),
        ("play KS front order", Move("play", "KS", "front", "order")),
        ("play AH enemy-front", Move("play", "AH", "enemy-front")),
        ("heal 5D ranged", Move("heal", "5D", "ranged")),
        ("mulligan 10C", Move("mulligan", "10C")),
        ("pass", Move("pass")),
        ("jolly", Move("jolly")),
        ("keep", Move("keep")),
        ("skip", Move("skip")),
    ],
)
def test_parse_move_reads_the_notation(text, move):
    assert GAME.parse_move(text) == move
    assert str(move) == text


# -- options -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 3, 4])
def test_napoletana_is_for_two_players(players):
    with pytest.raises(BadOption) as raised:
        GAME.new(seed=1, players=players)
    assert str(players) in str(raised.value)


def test_an_unknown_option():
    with pytest.raises(BadOption) as raised:
        GAME.new(seed=1, advanced=True)
    assert "advanced" in str(raised.value)


def test_two_players_by_default():
    assert GAME.new(seed=1, players=2).to_json() == GAME.new(seed=1).to_json()


@pytest.mark.parametrize(
    ("red", "problem"),
    [
        ({"front": "8H"}, "NAP-5"),
        ({"front": "6D"}, "NAP-15"),
        ({"siege": "JH:agility"}, "NAP-12"),
        ({"front": "JH:burn"}, "NAP-12"),
    ],
)
def test_the_loader_refuses_cards_where_they_can_never_stand(red, problem):
    with pytest.raises(BadState, match=problem):
        position(red={"hand": "9H", **red}, black={"hand": "9S"})


def test_the_loader_refuses_a_battle_number_without_its_history():
    with pytest.raises(BadState, match="finished battles"):
        position(red={"hand": "9H"}, black={"hand": "9S"}, battle=3)
