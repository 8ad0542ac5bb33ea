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
        (lambda d: d["rounds"].append({"round": 1}), "points is missing"),
        (lambda d: d.update(result={"scores": {}, "winners": [], "reason": "?"}), "8th round"),
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
