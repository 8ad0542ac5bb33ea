"""The Pattuglia board headless: a patrol is gathered card by card and laid, extended by a click on it, an attack is a
click on an Arsenal card then an enemy patrol, the defender answers with one click; refusals show their rule and
change nothing, and no hidden card (other hands, New patrols, Arsenals, the deck) ever reaches the browser."""

import json

from cardlib.games.pattuglia import GAME
from cardlib.games.pattuglia.positions import position
from widgets.board import Board
from widgets.layouts import layout

GREEN = "GS1 GS2 GS3 GK1"


def board_at(state, seat="p1"):
    return Board.showing(layout("pattuglia"), state, seat)


def zones(board):
    return {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}


def ids(zone):
    return [card["id"] for card in zone["cards"]]


def click(board, card, where="p1.hand", then=None):
    board.table.click(kind="card", card=card, zone=where)
    if then:
        board.table.click(kind="zone", zone=then)


def test_a_patrol_is_gathered_card_by_card_then_laid_with_its_captain_on_top():
    board = board_at(position(hands=("RS1 RS2 RC1 YS3 BS9", "YS5"), patrols=[(), (GREEN,)]))
    click(board, "RS1")
    assert {zone for zone, z in zones(board).items() if z["target"]} == {"new", "discard"}
    board.table.click(kind="zone", zone="new")
    click(board, "YS3", then="new")
    assert board.table.scene["flash"]["rule"] == "PAT-6" and ids(zones(board)["new"]) == ["RS1"]
    for card in ("RS2", "RC1"):
        click(board, card, then="new")
    assert [b["id"] for b in board.table.scene["buttons"]] == ["form"] and board.table.scene["buttons"][0]["enabled"]
    board.table.click(kind="button", id="form")
    patrol = zones(board)["patrol:2"]
    assert ids(patrol) == ["RC1", "RS1", "RS2"] and patrol["total"] == 9 and patrol["label"] == "Your red patrol"
    assert patrol["cards"][0]["face"]["symbol"] == "★" and patrol["cards"][0]["label"] == "red Captain, 5 points"
    assert "You lay a new red patrol" in " ".join(board.table.scene["last"])


def test_a_gathered_card_goes_back_with_one_click():
    board = board_at(position(hands=("RS1 RS2 RS3 YS3", "YS5")))
    click(board, "RS1", then="new")
    assert zones(board)["new"]["cards"][0]["selectable"]
    click(board, "RS1", where="new")
    assert ids(zones(board)["new"]) == [] and "RS1" in ids(zones(board)["p1.hand"])


def test_faces_name_colour_and_kind_in_more_than_colour():
    board = board_at(position(hands=("RS1 N1 M1 YK1", "YS5"), arsenals=("HB1", "")))
    faces = {
        card["id"]: card["face"] for card in zones(board)["p1.hand"]["cards"] + zones(board)["p1.arsenal"]["cards"]
    }
    assert faces["RS1"]["colour"] == "red" and faces["RS1"]["tags"] == ["red"] and faces["RS1"]["value"] == 2
    assert faces["N1"]["colour"] == faces["M1"]["colour"] == "grey" and faces["N1"]["symbol"] != faces["M1"]["symbol"]
    assert faces["HB1"]["colour"] == "black" and faces["HB1"]["value"] is None
    assert len({face["symbol"] for face in faces.values()}) == len(faces)


def test_an_attack_is_a_card_then_an_enemy_patrol_and_the_defender_answers():
    state = position(hands=("YS1 BS2", "YS5"), patrols=[("RS1 RS2 RS3",), (GREEN + " N1",)], arsenals=("HB1", "MB1"))
    board = board_at(state)
    click(board, "HB1", where="p1.arsenal")
    assert [zone for zone, z in zones(board).items() if z["target"]] == ["patrol:2"]
    board.table.click(kind="zone", zone="patrol:1")  # own patrol: refused with its rule
    assert board.session.state is state and board.table.scene["flash"]["rule"] == "PAT-9"
    click(board, "HB1", where="p1.arsenal", then="patrol:2")
    assert board.session.state.to_move == "p2" and "under attack: 2 Soldiers" in zones(board)["patrol:2"]["note"]
    assert "answering the attack" in board.table.scene["prompt"]
    defender = board_at(board.session.state, "p2")
    assert zones(defender)["p2.arsenal"]["cards"][0]["selectable"]
    click(defender, "MB1", where="p2.arsenal")
    assert defender.session.state.to_move == "p1" and ids(zones(defender)["patrol:2"]) == ["GS1", "GS2", "GK1", "N1"]
    assert "a Soldier is saved" in " ".join(defender.table.scene["last"]) and "You lose a green Soldier" in " ".join(
        defender.table.scene["last"]
    )


def test_taking_the_losses_is_a_button():
    state = position(
        hands=("YS1 BS2", "YS5"), patrols=[("RS1 RS2 RS3 N1",), (GREEN,)], arsenals=("MB1", "BU1"), turn="p2"
    ).play("attack BU1 patrol:1")
    board = board_at(state)
    assert [b["id"] for b in board.table.scene["buttons"]] == ["take"]
    board.table.click(kind="button", id="take")
    assert ids(zones(board)["patrol:1"]) == ["RS1", "RS2", "N1"] and board.session.state.to_move == "p2"


def test_complete_patrols_and_scores_are_shown():
    state = position(
        hands=("YS1", "YS5"), patrols=[("RC1 RS1 RS2 RS3 RS4 RK1 RK2",), (GREEN,)], closers=("p1",), scores=(20, 30)
    )
    board = board_at(state)
    patrol = zones(board)["patrol:1"]
    # a column, Captain on top, turned sideways as the seed marks a Complete Patrol; the other cards upright
    assert patrol["kind"] == "column" and "Complete" in patrol["note"]
    assert [card.get("turned", False) for card in patrol["cards"]] == [True] + [False] * 6
    assert "Discard your last card to close" in board.table.scene["prompt"]
    click(board, "YS1", then="discard")
    areas = {area["id"]: area for area in board.table.scene["areas"]}
    assert "Score 59" in areas["p1"]["info"] and any("Last deal" in line for line in areas["table"]["info"])
    assert "Deal 2" in board.table.scene["subtitle"]


def test_pat_5_the_board_says_who_may_draw_from_the_discard_pile():
    start = dict(hands=("YS1 BS2", "YS5"), phase="draw", to_draw=1, discard="BS9")
    board = board_at(position(**start))
    assert "once you have laid a patrol" in board.table.scene["prompt"]
    board = board_at(position(**start, destroyed=("p1",)))  # its only patrol was destroyed: the right stays
    assert "or the discard pile to take its top card" in board.table.scene["prompt"]
    areas = {area["id"]: area for area in board.table.scene["areas"]}
    assert "May still take the top discard" in areas["p1"]["info"]
    assert not [line for line in areas["p2"]["info"] if "discard pile" in line]
    board.table.click(kind="zone", zone="discard")
    assert board.session.state.sides["p1"].hand[-1] == "BS9"


def test_hidden_cards_never_reach_the_browser_and_the_teacher_sees_them():
    state = GAME.new(seed=5, players=4)
    board = board_at(state)
    text = json.dumps(board.table.scene)
    data = state.to_json()
    hidden = set(data["deck"]) | {
        c for who, side in data["sides"].items() if who != "p1" for c in side["hand"] + side["arsenal"]
    }
    assert not [card for card in hidden if f'"{card}"' in text]
    assert len(board.table.scene["areas"]) == 5
    board.reveal = True
    board.redraw()
    assert sorted(ids(zones(board)["p3.hand"])) == sorted(data["sides"]["p3"]["hand"])


def test_show_me_solves_every_lesson_and_a_wrong_move_names_its_rule():
    from cardlib.games.pattuglia.lessons import LESSONS
    from widgets.tutor import Tutor

    tutor = Tutor("pattuglia")
    for index, lesson in enumerate(LESSONS):
        tutor.go(index)
        tutor.show()
        assert tutor.lesson.success(tutor.session.state) and lesson.id not in tutor.done, lesson.id
    tutor.go([lesson.id for lesson in LESSONS].index("cannons"))
    click(tutor.board, "RK4", then="patrol:1")
    assert "PAT-6" in tutor.session.said and "Three Soldiers carry three Cannons" in tutor.session.said


def test_a_match_can_be_played_through_the_app():
    from widgets.app import GameApp

    app = GameApp("pattuglia", seed=3, bot_delay=0)
    app.hint()
    assert "PAT-5" in app.session.said
    while not app.state.is_over:
        app.board.try_move(app.match.bot().decide(app.state, app.state.to_move).move)
    assert str(app.state.result.reason) in app.board.table.scene["prompt"]
