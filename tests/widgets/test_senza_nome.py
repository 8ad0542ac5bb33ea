"""The Senza Nome board headless: click a card then a run to attach it, refusals show their rule and change
nothing, and no hidden card (other hands, face-down stock cards, the draw pile) ever reaches the browser."""

import json

from cardlib.games.senza_nome import GAME
from cardlib.games.senza_nome.positions import position
from widgets.app import GameApp
from widgets.board import Board
from widgets.layouts import layout


def board_at(state, seat="p1"):
    return Board.showing(layout("senza_nome"), state, seat)


def zones(board):
    return {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}


def ids(zone):
    return [card["id"] for card in zone["cards"]]


def test_click_a_card_then_a_run_attaches_it():
    board = board_at(position(hands=("4H 9C", "9S"), stocks=("QC", "5S"), runs=("AH 2H 3H", "AD")))
    assert zones(board)["run:1"]["note"] == "needs 4" and zones(board)["run:1"]["label"] == "♥ run"
    board.table.click(kind="card", card="4H", zone="p1.hand")
    assert sorted(zone for zone, z in zones(board).items() if z["target"]) == ["run:1"]
    board.table.click(kind="zone", zone="run:1")
    assert ids(zones(board)["run:1"]) == ["AH", "2H", "3H", "4H"]
    assert "You attach 4♥" in " ".join(board.table.scene["last"])
    assert board.session.state.to_move == "p1"


def test_a_wrong_run_and_an_attachable_discard_are_refused_with_their_rule():
    start = position(hands=("4H 9C", "9S"), stocks=("QC", "5S"), runs=("AH 2H 3H", "AD"))
    board = board_at(start)
    board.table.click(kind="card", card="4H", zone="p1.hand")
    board.table.click(kind="zone", zone="run:2")
    assert board.session.state is start and board.table.scene["flash"]["rule"] == "SNO-3"
    board.table.click(kind="card", card="4H", zone="p1.hand")
    board.table.click(kind="zone", zone="discard")
    assert board.session.state is start and board.table.scene["flash"]["rule"] == "SNO-7"
    board.table.click(kind="card", card="9C", zone="p1.hand")
    assert zones(board)["discard"]["target"]
    board.table.click(kind="zone", zone="discard")
    assert ids(zones(board)["discard"]) == ["9C"] and board.session.state.to_move == "p2"


def test_the_stock_card_is_picked_from_the_stock_and_wilds_say_what_they_stand_for():
    board = board_at(position(hands=("9C", "9S"), stocks=("3H 7D", "5S"), runs=("AH KS",)))
    assert zones(board)["run:1"]["cards"][1]["tag"] == "= 2"
    stock = zones(board)["p1.stock"]
    assert stock["cards"][-1]["id"] == "3H" and stock["cards"][-1]["selectable"]
    assert stock["cards"][0]["back"] and len(stock["cards"]) == 2
    board.table.click(kind="card", card="3H", zone="p1.stock")
    board.table.click(kind="zone", zone="run:1")
    assert zones(board)["p1.stock"]["cards"][-1]["id"] == "7D"


def test_an_ace_goes_to_a_new_run_and_the_draw_is_a_click_on_a_pile():
    state = position(hands=("9C", "9S"), stocks=("QC", "5S"), phase="draw", to_draw=1, draw="AD", discard="4C")
    board = board_at(state)
    assert {zone for zone, z in zones(board).items() if z["target"]} == {"deck", "discard"}
    board.table.click(kind="zone", zone="deck")
    assert "Lay your Aces" in board.table.scene["prompt"]
    board.table.click(kind="card", card="AD", zone="p1.hand")
    board.table.click(kind="zone", zone="new")
    assert ids(zones(board)["run:1"]) == ["AD"]


def test_other_hands_face_down_stocks_and_the_draw_pile_never_reach_the_browser():
    state = GAME.new(seed=11, players=6)
    board = board_at(state)
    text = json.dumps(board.table.scene)
    data = state.to_json()
    hidden = set(data["draw"]) | {c for seat in data["sides"].values() for c in seat["stock"][1:]}
    hidden |= {c for who, seat in data["sides"].items() if who != "p1" for c in seat["hand"]}
    assert not [card for card in hidden if f'"{card}"' in text]
    assert len(board.table.scene["areas"]) == 7
    assert all(card["back"] for card in zones(board)["p4.hand"]["cards"])


def test_show_me_solves_every_lesson_and_a_wrong_discard_names_its_rule():
    from cardlib.games.senza_nome.lessons import LESSONS
    from widgets.tutor import Tutor

    tutor = Tutor("senza_nome")
    for index, lesson in enumerate(LESSONS):
        tutor.go(index)
        tutor.show()
        assert tutor.lesson.success(tutor.session.state) and lesson.id not in tutor.done, lesson.id
    tutor.go([lesson.id for lesson in LESSONS].index("discard"))
    tutor.board.table.click(kind="card", card="4H", zone="p1.hand")
    tutor.board.table.click(kind="zone", zone="discard")
    assert "SNO-7" in tutor.session.said and "fits the hearts run" in tutor.session.said


def test_a_whole_race_can_be_played_through_the_app():
    from widgets.app import GameApp

    app = GameApp("senza_nome", seed=3, bot_delay=0)
    app.hint()
    assert app.session.said
    while not app.state.is_over:
        app.board.try_move(app.match.bot().decide(app.state, app.state.to_move).move)
    assert str(app.state.result.reason) in app.board.table.scene["prompt"]


def test_face_down_cards_are_never_drawn_as_picked_up():
    board = board_at(position(hands=("9C", "9S"), stocks=("5H 7D", "5S 6S"), runs=("AC",)))
    stock = zones(board)["p2.stock"]["cards"]
    assert [card["back"] for card in stock] == [True, False] and not any(card["selected"] for card in stock)


def test_the_teachers_view_shows_every_hand():
    state = position(hands=("9C", "9S 4D"), stocks=("5H", "5S"), runs=("AC",))
    board = board_at(state)
    assert all(card["back"] for card in zones(board)["p2.hand"]["cards"])
    board.reveal = True
    board.redraw()
    assert ids(zones(board)["p2.hand"]) == ["4D", "9S"]  # sorted by suit, as a player holds them


def test_sno_7_no_end_your_turn_button_while_the_turn_ends_with_a_discard():
    """Issue 12: "End your turn" was shown disabled while the prompt said to end the turn with a discard."""
    app = GameApp("senza_nome", seed=3, bot_delay=0)
    while app.state.phase == "draw":
        app.board.try_move(app.state.legal_moves()[0])
    assert app.state.sides[app.state.turn].hand
    labels = [button["label"] for button in app.board.table.scene["buttons"]]
    assert "End your turn" not in labels


def test_the_draw_prompt_offers_the_discard_pile_only_when_it_has_a_card():
    empty = board_at(position(hands=("4H", "9S"), stocks=("QC", "5S"), phase="draw", to_draw=1))
    assert empty.table.scene["prompt"] == "Draw 1 card: click the draw pile."
    some = board_at(position(hands=("4H", "9S"), stocks=("QC", "5S"), discard="7D", phase="draw", to_draw=2))
    assert some.table.scene["prompt"] == "Draw 2 cards: click the draw pile, or the discard pile to take its top card."
