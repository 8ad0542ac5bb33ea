"""Regressions for what an independent review found: each test names the promise it keeps."""

import pytest

from cardlib import BadState
from cardlib.games.napoletana import GAME
from cardlib.games.napoletana.bots import NapoletanaBot
from cardlib.games.napoletana.lessons import LESSONS
from cardlib.games.napoletana.positions import position
from widgets.board import Board
from widgets.boards import layout
from widgets.tutor import Tutor


def test_views_and_json_share_nothing_with_the_state():
    state = position(red={"hand": "9H 8H"}, black={"hand": "9S 8S"}, battle=2, battles=("red",))
    state.view("red")["battles"][0]["winner"] = "black"
    state.to_json()["battles"][0]["winner"] = "black"
    assert state.battles[0]["winner"] == "red"
    data = state.to_json()
    loaded = GAME.from_json(data)
    data["battles"].append({"totals": {"red": 1, "black": 0}, "winner": "red"})
    assert len(loaded.battles) == 1


def test_determinize_drops_the_opponents_private_events():
    state = position(red={"hand": "9H 8H"}, black={"hand": "AS 8S 7S"}, turn="black").play("play AS enemy-front")
    assert any(event.only == "black" for event in state.events)
    guess = state.determinize("red", seed=1)
    assert all(event.only in (None, "red") for event in guess.events)


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


def test_nap_16_reds_jolly_in_the_last_battle_promises_nothing():
    state = position(red={"hand": "9H 8H"}, black={"hand": "9S"}, battle=3, battles=("red", "black"))
    text = " ".join(event.text for event in state.play("jolly").events)
    assert "last battle" in text and "draws a card" not in text


def test_nap_16_the_bot_keeps_reds_jolly_when_it_can_no_longer_pay():
    state = position(
        red={"hand": "9H 8H", "siege": "10H"}, black={"hand": "2S", "passed": True}, battle=3, battles=("red", "black")
    )
    assert NapoletanaBot().choose(state, "red").action != "jolly"


def test_nap_13_while_healing_the_discard_pile_is_spread_out_to_pick_from():
    state = position(red={"hand": "QH 8D", "discard": "7H KD 9D"}, black={"hand": "6C"}).play("play QH ranged")
    board = Board(layout("napoletana"), state, "red")
    zones = {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}
    assert zones["red.discard"]["kind"] == "hand"
    assert {card["id"] for card in zones["red.discard"]["cards"] if card["selectable"]} >= {"7H", "9D"}


def test_lesson_hint_and_show_me_follow_the_learner_off_the_solution():
    tutor = Tutor("napoletana")
    tutor.go([lesson.id for lesson in LESSONS].index("agility"))
    tutor.board.try_move(GAME.parse_move("play JD front"))  # agility too, but not the solution's row
    assert tutor.board.state.sides["red"].agility
    tutor.hint()
    assert "6♥" in tutor.board.said
    tutor.show()
    assert "agility" in tutor.done


def test_lesson_hint_after_success_points_onwards():
    tutor = Tutor("napoletana")
    tutor.show()
    tutor.hint()
    assert "next lesson" in tutor.board.said


def test_nap_13_healing_a_card_not_in_the_discard_pile_names_the_healer_rule():
    state = position(red={"hand": "QH 8D", "discard": "7H"}, black={"hand": "6C"}).play("play QH ranged")
    assert state.check(GAME.parse_move("heal 5H ranged")).rule == "NAP-13"


def test_nap_2_changing_a_card_not_in_hand_names_the_mulligan_rule():
    state = GAME.new(seed=1)
    missing = next(card for card in state.sides["red"].deck)
    assert state.check(GAME.parse_move(f"mulligan {missing}")).rule == "NAP-2"
