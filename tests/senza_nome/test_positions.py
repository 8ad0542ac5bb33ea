"""Loading Senza Nome positions: bad data is refused with a BadState that names the problem; bad move text with
BadMove; bad options with BadOption. The ``position`` builder writes complete, loadable positions."""

from __future__ import annotations

import copy
import json

import pytest
from protocol_checks import refused_to_load

from cardlib import BadMove, BadOption, BadState, Move
from cardlib.core.protocol import LARGEST_ZONE_NUMBER
from cardlib.games.senza_nome import GAME
from cardlib.games.senza_nome.positions import position


def fresh() -> dict:
    """A game under way: Player 1 has drawn and laid or attached what it could."""
    state = GAME.new(seed=3, players=3)
    while state.to_move == "p1":
        state = state.play(state.legal_moves()[0])
    return copy.deepcopy(state.to_json())


def refused(data, *words: str) -> str:
    return refused_to_load(GAME, data, *words)


def test_valid_positions_load():
    for data in (GAME.new(seed=3).to_json(), fresh(), position(hands=("9C", "9S"), stocks=("5H", "")).to_json()):
        assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data


def test_the_builder_fills_the_draw_pile_in_deck_order_and_numbers_the_runs():
    state = position(hands=("9C", "9S"), stocks=("5H", "5S"), runs=("AH 2H", "AD"), draw="7C")
    data = state.to_json()
    assert data["draw"][:3] == ["7C", "3H", "4H"]
    assert [run["id"] for run in data["runs"]] == [1, 2] and data["next_run"] == 3
    assert len(data["draw"]) == 108 - 2 - 2 - 3 and state.to_move == "p1"


def test_sno_8_the_builder_writes_an_empty_draw_pile_runs_set_aside_and_the_shuffles_so_far():
    clubs = "AC.1 2C.1 3C.1 4C.1 5C.1 6C.1 7C.1 8C.1 9C.1 10C.1 JC.1 QC.1"
    empty = {"discard": "QD", "rest": "discard", "phase": "draw", "to_draw": 1, "reshuffles": 2, "stale": 2}
    state = position(hands=("9C", "9S"), stocks=("5H", "5S"), set_aside=(clubs,), **empty)
    data = state.to_json()
    assert data["draw"] == [] and data["discard"][:3] == ["AH", "2H", "3H"] and data["discard"][-1] == "QD"
    assert len(data["discard"]) == 108 - 2 - 2 - 12 and data["set_aside"] == [clubs.split()]
    assert (data["reshuffles"], data["stale"], data["next_run"]) == (2, 2, 2)
    with pytest.raises(BadState, match="rest: the cards not named go under the 'draw' or the 'discard' pile"):
        position(hands=("9C", "9S"), rest="stock")


@pytest.mark.parametrize("data", [[], "senza_nome", None, 7])
def test_not_an_object(data):
    with pytest.raises(BadState):
        GAME.from_json(data)


@pytest.mark.parametrize(
    "key", ["game", "seed", "players", "decks", "strict_finish", "phase", "to_draw", "sides", "runs", "draw", "stale"]
)
def test_missing_field(key):
    data = fresh()
    del data[key]
    refused(data, key, "missing")


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("players", 7, ("players", "7")),
        ("decks", 4, ("decks", "4")),
        ("phase", "lunch", ("phase", "lunch")),
        ("turn", "p9", ("turn", "p9")),
        ("to_draw", 9, ("to_draw",)),
        ("game", "napoletana", ("napoletana", "senza_nome")),
        ("format", 2, ("format",)),
    ],
)
def test_wrong_value(key, value, words):
    data = fresh()
    data[key] = value
    refused(data, *words)


def test_a_card_missing_or_repeated_is_refused():
    data = fresh()
    card = data["draw"].pop()
    refused(data, "missing", card)
    data = fresh()
    data["discard"].append(data["draw"][0])
    refused(data, "repeated", data["draw"][0])
    data = fresh()
    data["sides"]["p1"]["hand"].append("ZZ")
    refused(data, "sides.p1.hand", "ZZ")


def test_runs_must_be_runs():
    with pytest.raises(BadState, match="natural Ace"):
        position(hands=("9C", "9S"), stocks=("5H", "5S"), runs=("KH 2H",))
    with pytest.raises(BadState, match="place 3"):
        position(hands=("9C", "9S"), stocks=("5H", "5S"), runs=("AH 2H 4H",))
    with pytest.raises(BadState, match="set aside"):
        position(hands=("9C", "9S"), stocks=("5H", "5S"), runs=("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",))


def test_the_draw_phase_and_the_cards_to_draw_agree():
    with pytest.raises(BadState, match="to_draw"):
        position(hands=("9C", "9S"), stocks=("5H", "5S"), phase="draw", to_draw=0)
    with pytest.raises(BadState, match="to_draw"):
        position(hands=("9C", "9S"), stocks=("5H", "5S"), phase="play", to_draw=2)


def test_a_player_who_has_already_won_is_not_still_playing():
    with pytest.raises(BadState, match="SNO-9"):
        position(hands=("", "9S"), stocks=("", "5S"))
    assert position(hands=("", "9S"), stocks=("", "5S"), strict_finish=True).to_move == "p1"


def test_bad_moves_and_options():
    with pytest.raises(BadMove):
        GAME.parse_move("fly 7H")
    with pytest.raises(BadMove):
        GAME.parse_move("play 7H")
    assert str(GAME.parse_move("play 7H.1 run:2")) == "play 7H.1 run:2"
    with pytest.raises(BadOption):
        GAME.new(seed=1, jokers=4)
    with pytest.raises(BadOption):
        GAME.new(seed=1, strict_finish="yes")


@pytest.mark.parametrize(
    "zone", ["run:²", "run:٣", "run:𝟕", "run:-1", "run:" + "9" * 40, "run:", "run:1\x00", "run:01"]
)
def test_sno_6_a_run_number_in_other_digits_is_refused_not_a_crash(zone):
    state = position(hands=("7H 8H", "2C"), runs=("AH 2H 3H 4H 5H 6H",))
    verdict = state.check(Move("play", "7H", zone))
    assert not verdict and verdict.rule and verdict.reason
    assert state.check(Move("play", "7H", "run:1"))


@pytest.mark.parametrize(("key", "value"), [("next_run", -5), ("next_run", 1_000_000), ("reshuffles", -3)])
def test_the_loader_refuses_impossible_counters(key, value):
    data = GAME.new(seed=1).to_json()
    data[key] = value
    with pytest.raises(BadState, match=key):
        GAME.from_json(data)


def test_the_largest_next_run_the_loader_takes_names_a_run_a_move_can_name_sno_6():
    data = position(hands=("AH 2H", "2C")).to_json()
    data["next_run"] = LARGEST_ZONE_NUMBER
    state = GAME.from_json(data).play("play AH new")
    assert state.runs[-1].id == LARGEST_ZONE_NUMBER
    attach = Move("play", "2H", f"run:{LARGEST_ZONE_NUMBER}")
    assert attach in state.legal_moves() and state.check(attach)
