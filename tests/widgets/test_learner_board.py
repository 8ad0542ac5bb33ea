"""What the board tells a learner, headless: a lit place says what a click on it does, a click that does nothing
says what would, only usable buttons are drawn, a refusal carries its ruling written out, symbols have words, a
finished battle or trick stays in sight with its winner, and Njet!'s seats sit around a table."""

from cardlib.games.napoletana import GAME as NAPOLETANA
from cardlib.games.napoletana.positions import position as napoletana_at
from cardlib.games.nespanini.positions import position as nespanini_at
from cardlib.games.njet.positions import position as njet_at
from cardlib.games.pattuglia.positions import position as pattuglia_at
from widgets.board import Board
from widgets.layouts import layout
from widgets.tutor import Tutor


def zones(board):
    return {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}


def test_a_lit_place_says_place_take_or_choose():
    board = Board.showing(layout("napoletana"), napoletana_at(red={"hand": "9H 3D"}, black={"hand": "5S"}), "red")
    board.table.click(kind="card", card="9H", zone="red.hand")
    assert zones(board)["red.siege"]["verb"] == "place_here"
    draw = Board.showing(
        layout("pattuglia"), pattuglia_at(hands=("RS1", "YS5"), phase="draw", to_draw=1, deck="BS1 BS2"), "p1"
    )
    assert zones(draw)["deck"]["verb"] == "take_here"
    partner = Board.showing(layout("njet"), njet_at(rules={"start": "south", "discards": "1"}), "south")
    assert {zones(partner)[f"{p}.hand"]["verb"] for p in ("west", "north", "east")} == {"choose_here"}
    assert partner.table.scene["words"]["take_here"] == "Take"


def test_pattuglia_pile_that_is_not_yet_allowed_still_answers_a_click_with_its_rule():
    state = pattuglia_at(hands=("RS1", "YS5"), phase="draw", to_draw=1, deck="BS1 BS2", discard="YS1")
    board = Board.showing(layout("pattuglia"), state, "p1")
    assert zones(board)["discard"]["drop"] and not zones(board)["discard"]["target"]
    board.table.click(kind="zone", zone="discard")
    assert (
        board.session.state is state
        and board.table.scene["flash"]["kind"] == "error"
        and board.table.scene["flash"]["rule"]
    )


def test_a_click_that_does_nothing_says_what_to_do_instead():
    state = pattuglia_at(hands=("RS1", "YS5"), phase="draw", to_draw=1, deck="BS1 BS2")
    board = Board.showing(layout("pattuglia"), state, "p1")
    board.table.click(kind="idle")
    assert (
        board.table.scene["flash"]["kind"] == "info"
        and "click the deck" in board.session.said
        and board.session.state is state
    )
    board = Board.showing(layout("napoletana"), napoletana_at(red={"hand": "9H 3D"}, black={"hand": "5S"}), "red")
    board.table.click(kind="card", card="9H", zone="red.hand")
    board.table.click(kind="idle")
    assert "put it back" in board.session.said and board.session.selected == "9H"


def test_only_buttons_that_can_be_used_now_are_drawn():
    board = Board.showing(layout("nespanini"), nespanini_at(hands=("chevalier marchand", "paysan")), "p1")
    board.table.click(kind="zone", zone="p1.deck")
    assert board.session.state.phase == "discard" and "reveal" in map(str, board.session.state.candidate_moves())
    assert [button["id"] for button in board.table.scene["buttons"]] == []  # Reveal: only when every card is Légendaire


def test_a_refusal_writes_its_ruling_out_beside_the_prompt():
    board = Board.showing(layout("napoletana"), napoletana_at(red={"hand": "9H 3D"}, black={"hand": "5S"}), "red")
    board.table.click(kind="card", card="9H", zone="red.hand")
    board.table.click(kind="zone", zone="red.front")
    flash = board.table.scene["flash"]
    rule = NAPOLETANA.rules[flash["rule"]]
    assert flash["detail"].startswith(rule.title) and rule.text in flash["detail"]


def test_napoletana_keeps_the_last_battle_and_its_winner_in_sight_and_counts_coins_in_words():
    board = Board.showing(layout("napoletana"), NAPOLETANA.new(seed=3), "red")
    state = board.session.state
    while not state.view("red")["battles"]:
        moves = state.legal_moves()
        state = state.play(next((m for m in moves if str(m) in ("keep", "pass")), moves[0]))  # a quick battle
    board.session.show(state)
    board.redraw()
    last = state.view("red")["battles"][-1]
    subtitle = board.table.scene["subtitle"]
    assert "Battle 1 " in subtitle and str(max(last["totals"].values())) in subtitle
    chips = [fact for area in board.table.scene["areas"] for fact in area["info"]]
    assert any(fact.startswith("Coins ") and fact[-1].isdigit() for fact in chips) and not any("●" in f for f in chips)


def test_njet_seats_around_the_table_with_the_learner_at_the_bottom_and_the_last_trick_in_sight():
    board = Board.showing(layout("njet"), njet_at(rules={"start": "south", "discards": "1"}), "south")
    places = {area["id"]: area.get("place") for area in board.table.scene["areas"]}
    assert places["south"] == "south" and places["north"] == "north"
    assert {places["west"], places["east"]} == {"west", "east"}


def test_lesson_progress_says_in_words_what_each_dot_means():
    tutor = Tutor("napoletana")
    for move in tutor.lesson.solution:  # solved by the learner ("Show me" shows, it does not count)
        tutor.board.try_move(tutor.game.parse_move(move))
    tutor.next()
    html = tutor.progress.value
    assert f"aria-label='{tutor.lessons[0].title}: done'" in html and "this lesson" in html
    assert f"1 of {len(tutor.lessons)} lessons done" in html
    assert tutor.board.table.name == "Lesson board"
