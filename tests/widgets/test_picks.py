"""Picking a card up does not wait for the network (issue 15): the scene says, for every card the learner may pick
up, which places light up and which take a click, so the page draws the picked-up board at once (table.js,
``pickedUp``). That guess must be exactly what the kernel draws after the click, in every game, in positions
from seeded random games, or a learner would see the board jump."""

import random

import pytest

import cardlib
from cardlib.games import GAMES
from cardlib.games.napoletana.positions import position
from widgets.board import Board
from widgets.layouts import layout


def places_drawn(scene):
    """What a pick changes on the board: each zone's light, word and click, and which cards are picked up."""
    return {
        zone["id"]: (
            zone["target"],
            zone.get("verb") if zone["target"] else None,
            zone["drop"] or zone["target"],
            tuple(card["selected"] for card in zone["cards"]),
        )
        for area in scene["areas"]
        for zone in area["zones"]
    }


def page_guess(scene, card):
    """The scene as table.js draws it from ``scene["picks"]`` when ``card`` is picked up (None: put back)."""
    places = scene["picks"][card or ""]
    guess = {**scene, "areas": []}
    for area in scene["areas"]:
        zones = []
        for zone in area["zones"]:
            target = zone["id"] in places["targets"]
            cards = [{**c, "selected": card is not None and c.get("id") == card} for c in zone["cards"]]
            zones.append(
                {
                    **zone,
                    "target": target,
                    "verb": places["targets"].get(zone["id"], zone.get("verb")),
                    "drop": zone["id"] in places["drops"],
                    "cards": cards,
                }
            )
        guess["areas"].append({**area, "zones": zones})
    return guess


def positions(game_id, count=12):
    """Positions where the first seat is to move, from seeded random games."""
    game = cardlib.load(game_id)
    found = []
    for seed in range(count * 4):
        state, rng = game.new(seed=seed), random.Random(seed)
        for _move in range(rng.randrange(40)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            found.append(state)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_the_page_lights_a_picked_up_cards_places_as_the_kernel_then_draws_them(game_id):
    checked, picks_up = 0, False
    for state in positions(game_id):
        picks_up |= any(move.card and move.zone for move in state.candidate_moves())
        seat = state.to_move
        board = Board.showing(layout(game_id), state, seat)
        scene = board.table.scene
        assert "" in scene["picks"]  # nothing picked up: the board as it is drawn now
        assert places_drawn(page_guess(scene, None)) == places_drawn(scene)
        cards = {
            card["id"]: zone["id"]
            for area in scene["areas"]
            for zone in area["zones"]
            for card in zone["cards"]
            if card["selectable"] and card["id"] in scene["picks"]
        }
        for card, zone in cards.items():
            picked = Board.showing(layout(game_id), state, seat)
            picked.table.click(kind="card", card=card, zone=zone)
            assert picked.session.state is state  # a pick, not a move
            assert places_drawn(page_guess(scene, card)) == places_drawn(picked.table.scene), card
            # and putting it back, from the picked-up board, is the board as it was
            again = picked.table.scene
            picked.table.click(kind="card", card=card, zone=zone)
            assert places_drawn(page_guess(again, None)) == places_drawn(picked.table.scene)
            checked += 1
    # Njet!'s and NesPanini's cards are played with one click: nothing to pick up, only the board as it is
    assert checked >= 5 if picks_up else checked == 0, f"{checked} pick-ups checked in {game_id}"


def test_a_card_whose_click_is_the_whole_move_has_no_pick_and_a_bots_turn_none():
    state = cardlib.load("napoletana").new(seed=1)  # the mulligan: a click on a card changes it at once
    board = Board.showing(layout("napoletana"), state, state.to_move)
    hand = [card["id"] for card in board.table.scene["areas"][1]["zones"][3]["cards"]]
    assert hand and not set(hand) & set(board.table.scene["picks"])
    watching = Board.showing(layout("napoletana"), state, next(p for p in state.players if p != state.to_move))
    assert watching.table.scene["picks"] == {}


def test_a_clicks_scene_and_the_count_of_answered_clicks_reach_the_page_in_one_message(monkeypatch):
    # the page keeps a card it picked up itself until a scene comes with the count of that click (table.js)
    board, card, zone = next(
        (board, c["id"], z["id"])
        for state in positions("napoletana")
        for board in [Board.showing(layout("napoletana"), state, state.to_move)]
        for area in board.table.scene["areas"]
        for z in area["zones"]
        for c in z["cards"]
        if c["id"] in board.table.scene["picks"]
    )
    messages = []
    monkeypatch.setattr(board.table, "send_state", lambda key=None: messages.append(sorted(key or ())))
    board.table.click(kind="card", card=card, zone=zone)
    board.table.click(kind="idle")  # an answer that changes no scene still counts
    assert board.table.answered == 2
    assert messages[0] == ["answered", "scene"]


def test_a_row_that_decides_a_cards_role_says_which_NAP_10_NAP_11_NAP_12() -> None:
    """A King placed outside the front row is an emperor's order (NAP-11), in it a horde or an order (NAP-10); a
    Jack burns in the siege row and has agility elsewhere, an Ace spies on the opponent's front (NAP-12): the lit
    rows say so before the card is placed. A card whose row decides nothing says "Place here"."""
    state = position(red={"hand": "KH JH AH 7H"}, black={"hand": "2S 3S"})
    board = Board.showing(layout("napoletana"), state, "red")
    picks = board.table.scene["picks"]
    assert picks["KH"]["targets"] == {"red.front": "as:horde/order", "red.ranged": "as:order", "red.siege": "as:order"}
    assert picks["JH"]["targets"] == {"red.front": "as:agility", "red.ranged": "as:agility", "red.siege": "as:burn"}
    assert picks["AH"]["targets"] == {"black.front": "as:spy"}
    assert set(picks["7H"]["targets"].values()) == {"place_here"}
    words = board.table.scene["words"]
    assert words["as:order"] == "As an order" and words["as:horde/order"] == "Horde or order"
