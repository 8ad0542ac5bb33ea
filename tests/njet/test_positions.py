"""Loading Njet! positions: what to_json wrote loads back; anything else is refused with a BadState naming it."""

from __future__ import annotations

import copy

import pytest

from cardlib import BadState
from cardlib.games.njet import GAME
from cardlib.games.njet.positions import position

PLAY = {"start": "south", "discards": "1", "trump": "blue", "super": "red", "multiplier": "2"}


@pytest.fixture(scope="module")
def mid_round():
    """A position with stones, a partner, discards, finished tricks and a trick on the table."""
    state = position(rules=PLAY, partner="north", won="west east")
    return state.play(state.legal_moves()[0])


def broken(state, change):
    data = copy.deepcopy(state.to_json())
    change(data)
    return data


def test_a_written_position_loads_back_exactly(mid_round):
    assert GAME.from_json(mid_round.to_json()).to_json() == mid_round.to_json()
    assert mid_round.phase == "play" and len(mid_round.trick) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="napoletana"), "not of 'njet'"),
        (lambda d: d.update(format=9), "format 9"),
        (lambda d: d.pop("seed"), "seed is missing"),
        (lambda d: d.update(round=9), "round must be one of"),
        (lambda d: d.update(dealer="nobody"), "dealer must be one of"),
        (lambda d: d["stones"].append("trump:none"), "not a space"),
        (lambda d: d["stones"].append(d["stones"][0]), "at most one Njet stone"),
        (lambda d: d["stones"].append("trump:blue"), "keep one free space"),
        (lambda d: d.update(partner="south"), "partner must be one of"),
        (lambda d: d["hands"].pop("west"), "hands must name exactly"),
        (lambda d: d["hands"]["south"].append("R10"), "not a Njet"),
        (lambda d: d["hands"]["south"].append(d["hands"]["west"][0]), "do not add up"),
        (lambda d: d["hands"]["south"].pop(), "do not add up"),
        (lambda d: d["discards"]["south"].append(d["hands"]["south"].pop()), "exactly 1 cards"),
        (lambda d: d["trick"].append(["north", d["hands"]["north"].pop()]), "clockwise"),
        (lambda d: d["taken"][0].update(winner="south"), "leads this trick"),
        (lambda d: d["taken"][0]["cards"].reverse(), "clockwise order"),
        (lambda d: d.update(trick="R5"), "trick must be a list"),
        (lambda d: d["scores"].update(south="many"), "whole number"),
        (lambda d: d["events"].append({"nonsense": 1}), "events"),
        (lambda d: d["rounds"].append({"round": 1}), "rules is missing"),
        (lambda d: d.update(result={"scores": {}, "winners": [], "reason": "?"}), "is not over"),
    ],
)
def test_bad_positions_are_refused(mid_round, change, message):
    with pytest.raises(BadState, match=message):
        GAME.from_json(broken(mid_round, change))


def test_a_partner_before_the_board_is_complete_is_refused():
    state = GAME.new(seed=1)
    with pytest.raises(BadState, match="once the board is complete"):
        GAME.from_json(broken(state, lambda d: d.update(partner="west")))


def test_cards_played_before_the_partner_is_named_are_refused():
    state = position(rules=PLAY)

    def play_early(data):
        data["discards"]["south"].append(data["hands"]["south"].pop())

    with pytest.raises(BadState, match="before the partner is named"):
        GAME.from_json(broken(state, play_early))


def test_a_view_and_the_json_are_copies_the_game_cannot_be_changed_through():
    state = GAME.new(seed=5)
    while not state.rounds:
        state = state.play(state.legal_moves()[0])
    state.view("south")["rounds"][0]["points"]["south"] = 999
    state.to_json()["rounds"][0]["teams"][0]["score"] = 999
    assert 999 not in state.rounds[0]["points"].values() and state.rounds[0]["teams"][0]["score"] != 999
    data = state.to_json()
    loaded = GAME.from_json(data)
    data["rounds"][0]["points"]["south"] = 999
    assert loaded.rounds[0]["points"]["south"] != 999


def test_njt_7_a_finished_trick_belongs_to_the_card_that_wins_it():
    data = copy.deepcopy(position(rules=PLAY, partner="north", won="west").to_json())
    data["taken"][0]["winner"] = "north"  # west's card won it
    with pytest.raises(BadState, match=r"taken\[0\]\.winner: west wins this trick, not north \(NJT-7\)"):
        GAME.from_json(data)


def nested(depth: int) -> list:
    value: list = []
    for _level in range(depth):
        value = [value]
    return value


@pytest.fixture(scope="module")
def finished():
    """A whole game played by seeded random moves."""
    from protocol_checks import random_game

    return random_game(GAME, 11, 5000)[-1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["result"].update(scores={}), "result.scores"),
        (lambda d: d["result"]["scores"].pop("west"), "result.scores"),
        (lambda d: d["result"]["scores"].update(west=float("inf")), "not a number"),
        (lambda d: d["result"]["scores"].update(west=1e308), "not a number"),
        (lambda d: d["result"].update(winners=[["x"]]), "result.winners"),
        (lambda d: d["result"].update(winners=["south", "west", "north", "east"]), "result.winners"),
        (lambda d: d["rounds"][0]["teams"][0].update(score=999), "rounds[0].teams[0].score"),
        (lambda d: d["rounds"][0].update(rules=nested(500)), "nested"),
        (lambda d: d["rounds"][1].update(round=1), "rounds[1].round must be 2"),
        (lambda d: d["scores"].update(south=d["scores"]["south"] + 1), "scores.south"),
    ],
)
def test_njt_9_a_finished_game_is_the_one_its_rounds_make(finished, change, message):
    with pytest.raises(BadState, match=message.replace("[", r"\[").replace(".", r"\.")):
        GAME.from_json(broken(finished, change))


def test_njt_9_the_finished_game_loads_back_exactly(finished):
    assert GAME.from_json(finished.to_json()).to_json() == finished.to_json()
