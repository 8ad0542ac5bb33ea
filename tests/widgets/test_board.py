"""The board widget headless: click messages play moves, refusals show their rule and change nothing."""

import json

from cardlib.games.napoletana import GAME
from cardlib.games.napoletana.positions import position
from widgets.board import Board
from widgets.layouts import layout


def board_at(state, seat="red"):
    return Board.showing(layout("napoletana"), state, seat)


def zones(board):
    return {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}


def test_click_card_then_row_plays_the_move_and_updates_the_synced_scene():
    board = board_at(position(red={"hand": "9H 3D"}, black={"hand": "5S"}))
    board.table.click(kind="card", card="9H", zone="red.hand")
    assert [zone for zone, z in zones(board).items() if z["target"]] == ["red.siege"]
    board.table.click(kind="zone", zone="red.siege")
    assert [card["id"] for card in zones(board)["red.siege"]["cards"]] == ["9H"]
    assert zones(board)["red.siege"]["total"] == 9
    assert "You place 9♥" in " ".join(board.table.scene["last"])  # the learner's own move, in its voice
    assert board.session.state.to_move == "black"


def test_illegal_click_shows_the_ruling_and_changes_nothing():
    start = position(red={"hand": "9H 3D"}, black={"hand": "5S"})
    board = board_at(start)
    refusals = []
    board.session.on_refuse(lambda move, verdict: refusals.append((str(move), verdict.rule)))
    board.table.click(kind="card", card="9H", zone="red.hand")
    board.table.click(kind="zone", zone="red.front")
    assert board.session.state is start
    assert board.table.scene["flash"]["rule"] == "NAP-5"
    assert "siege" in board.table.scene["flash"]["text"]
    assert refusals == [("play 9H front", "NAP-5")]


def test_an_ace_on_your_own_front_row_is_refused_as_a_spy():
    board = board_at(position(red={"hand": "AH 3D"}, black={"hand": "5S"}))
    board.table.click(kind="card", card="AH", zone="red.hand")
    assert zones(board)["black.front"]["target"]
    board.table.click(kind="zone", zone="red.front")
    assert board.table.scene["flash"]["rule"] == "NAP-9"
    board.table.click(kind="card", card="AH", zone="red.hand")
    board.table.click(kind="zone", zone="black.front")
    assert "AH" in [card["id"] for card in zones(board)["black.front"]["cards"]]


def test_a_king_in_the_front_row_asks_horde_or_order():
    board = board_at(position(red={"hand": "KH 3D"}, black={"hand": "5S"}))
    board.table.click(kind="card", card="KH", zone="red.hand")
    board.table.click(kind="zone", zone="red.front")
    labels = [button["label"] for button in board.table.scene["buttons"]]
    assert any("horde" in label for label in labels) and any("order" in label for label in labels)
    board.table.click(kind="button", id="choice:0")
    assert board.session.state.sides["red"].rows["front"][0].role == "horde"


def test_card_less_moves_are_buttons_and_a_mulligan_is_one_click():
    board = board_at(GAME.new(seed=3))
    assert [button["id"] for button in board.table.scene["buttons"]] == ["keep"]
    card = board.table.scene["areas"][1]["zones"][3]["cards"][0]["id"]
    board.table.click(kind="card", card=card, zone="red.hand")
    assert board.session.state.sides["red"].mulligans == 1
    board.table.click(kind="button", id="keep")
    assert board.session.state.to_move == "black"


def test_the_opponents_hand_never_reaches_the_browser():
    state = GAME.new(seed=11)
    board = board_at(state)
    text = json.dumps(board.table.scene)
    assert not any(str(card) in text for card in state.sides["black"].hand)
    assert all(card["back"] for card in zones(board)["black.hand"]["cards"])


def test_clicks_out_of_turn_and_broken_clicks_say_so_on_the_page():
    board = board_at(position(red={"hand": "9H"}, black={"hand": "5S"}, turn="black"))
    board.table.click(kind="card", card="9H", zone="red.hand")
    assert board.table.scene["flash"]["kind"] == "info"
    board = board_at(position(red={"hand": "9H"}, black={"hand": "5S"}))
    before = board.session.state
    board.table.click(kind="button", id="choice:7")  # no such choice: a button the board did not draw
    flash = board.table.scene["flash"]
    assert (flash["kind"], flash["text"], flash["rule"]) == ("info", "That button is not available now.", None)
    assert board.session.state is before


def test_a_message_the_page_cannot_send_is_dropped_with_a_log_line(caplog):
    board = board_at(position(red={"hand": "9H"}, black={"hand": "5S"}))
    before, scene = board.session.state, board.table.scene
    for message in (None, [], {"kind": "launch"}, {"kind": "card", "card": 9}, {"kind": "zone", "zone": "x" * 10**6}):
        board.table._received(board.table, message, [])
    assert board.session.state is before and board.table.scene == scene
    assert len([r for r in caplog.records if "cannot have sent" in r.getMessage()]) == 5
    assert all(len(record.getMessage()) < 300 for record in caplog.records)


def test_a_click_that_breaks_the_board_says_so_on_the_page(monkeypatch):
    board = board_at(position(red={"hand": "9H"}, black={"hand": "5S"}))
    board.table.click(kind="card", card="9H", zone="red.hand")
    monkeypatch.setattr(board.layout, "move_zone", lambda zone, seat: 1 / 0)  # a bug, not a bad message
    board.table.click(kind="zone", zone="black.siege")  # a row no move goes to: the board asks the layout
    assert board.table.scene["flash"]["kind"] == "error"
    assert "went wrong" in board.table.scene["flash"]["text"]


def test_wait_for_your_turn_is_taken_back_when_the_turn_comes():
    start = position(red={"hand": "9H 3D"}, black={"hand": "5S 4C"})
    board = board_at(start)
    board.table.click(kind="card", card="9H", zone="red.hand")
    board.table.click(kind="zone", zone="red.siege")
    assert board.session.state.to_move == "black"
    board.table.click(kind="card", card="3D", zone="red.hand")  # too early: the bot is to move
    assert board.table.scene["flash"]["text"] == "Wait for your turn."
    bot_move = board.session.state.legal_moves()[0]
    board.session.advance(board.session.state.play(bot_move))  # the bot plays: the learner's turn again
    board.redraw()
    assert board.session.state.to_move == "red"
    assert board.table.scene["flash"] is None  # the message would now say the opposite of the truth


def test_a_refusal_stays_when_the_board_redraws_the_same_turn():
    start = position(red={"hand": "9H 3D"}, black={"hand": "5S"})
    board = board_at(start)
    board.table.click(kind="card", card="9H", zone="red.hand")
    board.table.click(kind="zone", zone="red.front")
    board.redraw()  # a redraw of the same position (the app does this after a teacher's toggle)
    assert board.table.scene["flash"]["rule"] == "NAP-5"


def test_nap_13_while_healing_the_discard_pile_is_spread_out_to_pick_from():
    state = position(red={"hand": "QH 8D", "discard": "7H KD 9D"}, black={"hand": "6C"}).play("play QH ranged")
    board = Board.showing(layout("napoletana"), state, "red")
    zones = {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}
    assert zones["red.discard"]["kind"] == "hand"
    assert {card["id"] for card in zones["red.discard"]["cards"] if card["selectable"]} >= {"7H", "9D"}


def test_nap_5_number_cards_of_one_value_lie_together_and_figures_and_aces_alone():
    # The rule text: "all cards of the same value must be placed on top of each other, with the exception of
    # jokers, J, Q, K, A". The row keeps the order cards were placed in, except that a number card joins the
    # first card of its value, wherever that lies.
    state = position(red={"hand": "9H", "ranged": "5H QH 6D 5D QD 6H", "front": "AS:spy 3H AC:spy"})
    row = zones(board_at(state))["red.ranged"]
    assert [card["id"] for card in row["cards"]] == ["5H", "5D", "QH", "6D", "6H", "QD"]
    assert row["stack"]
    front = zones(board_at(state))["red.front"]
    assert [card["id"] for card in front["cards"]] == ["AS", "3H", "AC"]
