"""Njet! on the board widget, headless: stones by clicking spaces, a partner by clicking a hand, cards by one
click; refusals show their rule; no other seat's hand or discards ever reach the scene."""

import json

from cardlib.games.njet import GAME
from cardlib.games.njet.board import PLAYERS
from cardlib.games.njet.lessons import LESSONS
from cardlib.games.njet.positions import position
from widgets.app import GameApp
from widgets.board import Board
from widgets.layouts import layout
from widgets.tutor import Tutor

PLAY = {"start": "east", "discards": "0", "trump": "blue", "super": "none", "multiplier": "1"}


def board_at(state, seat="south"):
    return Board.showing(layout("njet"), state, seat)


def zones(board):
    return {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}


def test_a_stone_is_placed_by_clicking_a_space():
    board = board_at(GAME.new(seed=1))
    assert all(zones(board)[m.zone]["target"] for m in board.session.state.legal_moves())
    board.table.click(kind="zone", zone="trump:green")
    assert board.session.state.stones == ["trump:green"]
    space = zones(board)["trump:green"]
    assert space["space"]["blocked"] and "South" in space["note"] and not space["target"]
    assert "You say Njet! to green ♣ as trump." in " ".join(board.table.scene["last"])  # from the learner's seat


def test_the_last_free_space_refuses_a_stone_with_its_rule():
    start = position(stones="trump:red trump:black trump:blue super:none")  # South places the 5th stone
    board = board_at(start)
    assert zones(board)["trump:green"]["space"]["rule"] and not zones(board)["trump:green"]["target"]
    assert zones(board)["trump:green"]["drop"]  # clickable all the same, so the learner hears why
    board.table.click(kind="zone", zone="trump:green")
    assert board.session.state is start
    assert board.table.scene["flash"]["rule"] == "NJT-3" and "last free space" in board.table.scene["flash"]["text"]


def test_a_partner_is_named_by_clicking_a_hand():
    board = board_at(position(rules={"start": "south", "discards": "1"}))
    assert {z for z, zone in zones(board).items() if zone["target"]} == {"west.hand", "north.hand", "east.hand"}
    board.table.click(kind="zone", zone="north.hand")
    assert board.session.state.partner == "north"
    labels = {area["id"]: area["label"] for area in board.table.scene["areas"]}
    assert "your partner" in labels["north"] and "opponent, with East" in labels["west"]


def test_a_card_is_played_with_one_click_and_a_wrong_colour_is_refused():
    start = position(rules=PLAY, partner="north", hands={"south": "R3 R9 K5 K8 B2 B6 G4 G9 G1a K1a"}, trick="east:R7")
    board = board_at(start)
    board.table.click(kind="card", card="G9", zone="south.hand")
    assert board.session.state is start and board.table.scene["flash"]["rule"] == "NJT-6"
    board.table.click(kind="card", card="R9", zone="south.hand")
    trick = zones(board)["trick"]["cards"]
    assert [(c["id"], c["tag"]) for c in trick] == [("R7", "East"), ("R9", "South")]
    assert trick[1]["face"] == {"value": "9", "colour": "red", "suit": "H"}


def test_other_hands_and_discards_never_reach_the_scene():
    state = position(rules={"start": "west", "discards": "2"}, partner="east")
    board = board_at(state)
    text = json.dumps(board.table.scene)
    for player in PLAYERS[1:]:
        assert not any(f'"{card}"' in text for card in state.hands[player] + state.discards[player])
        assert all(card["back"] for card in zones(board)[f"{player}.hand"]["cards"])
    assert [c["id"] for c in zones(board)["south.aside"]["cards"]] == [str(c) for c in state.discards["south"]]


def test_the_tutor_solves_every_lesson_with_show_me():
    tutor = Tutor("njet")
    for index, lesson in enumerate(LESSONS):
        tutor.go(index)
        tutor.show()
        assert (
            tutor.lesson.success(tutor.session.state) and lesson.id not in tutor.done and "Shown" in tutor.session.said
        )


def test_a_whole_eight_round_game_through_the_app_with_a_score_table():
    app = GameApp("njet", seed=3, bot_delay=0)
    while not app.state.is_over:
        app.board.try_move(app.state.legal_moves()[0])
    scene = app.board.table.scene
    assert str(app.state.result.reason) in scene["prompt"]
    scores = next(area for area in scene["areas"] if area["id"] == "scores")["info"]
    assert len(scores) == 9 and scores[0].startswith("Round 1:") and scores[-1].startswith("Totals:")
    app.undo()
    assert app.state.to_move == "south"


def test_hint_names_the_njet_ruling():
    app = GameApp("njet", seed=3, bot_delay=0)
    app.hint()
    assert "Njet!" in app.session.said and "NJT-3" in app.session.said


def test_the_teachers_view_shows_every_hand_in_njet():
    app = GameApp("njet", seed=4, bot_delay=0)
    west = {str(card) for card in app.state.hands["west"]}

    def shown() -> set:
        return {
            card["id"] for area in app.board.table.scene["areas"] for zone in area["zones"] for card in zone["cards"]
        }

    assert not west & shown()
    app.reveal.value = True
    assert west <= shown()
