"""Every scene the boards draw keeps the contract in widgets/scene.py: each layout over seeded random games, with a
card picked up and a move refused along the way, and the deck builder's two tables."""

from __future__ import annotations

import random

import pytest

import cardlib
from cardlib.core.bots import RandomBot
from widgets.board import Board
from widgets.deckbuilder import DeckBuilder
from widgets.layouts import layout
from widgets.scene import problems

SEEDS = range(4)
MOVES = 90  # per game: past the opening, into every phase the first deal or round has
EVERY = 3  # a scene every third position


def scenes(game_id: str, seed: int):
    """The scenes of one random game, as its first seat sees them: as dealt, after a card is picked up, after a
    click the rules refuse, and at the end."""
    game, rng = cardlib.load(game_id), random.Random(seed)
    state = game.new(seed=seed, players=game.player_counts[-1] if game_id == "senza_nome" else game.player_counts[0])
    bot = RandomBot(seed)
    for number in range(MOVES):
        if state.is_over:
            break
        if number % EVERY == 0:
            board = Board.showing(layout(game_id), state, state.players[0])
            yield f"{game_id} seed {seed} move {number}", board.table.scene
            picks = [card for card in board.table.scene["picks"] if card]
            if picks:
                board.table.click(kind="card", card=rng.choice(picks), zone="")
                yield f"{game_id} seed {seed} move {number}, a card picked up", board.table.scene
            zones = [z["id"] for area in board.table.scene["areas"] for z in area["zones"]]
            board.table.click(kind="zone", zone=rng.choice(zones))
            yield f"{game_id} seed {seed} move {number}, a click on a place", board.table.scene
        state = state.play(bot.decide(state, state.to_move).move)
    yield f"{game_id} seed {seed} at the end", Board.showing(layout(game_id), state, state.players[0]).table.scene


@pytest.mark.parametrize("game_id", list(cardlib.GAMES))
def test_every_scene_a_layout_draws_keeps_the_contract(game_id: str) -> None:
    flashed = 0
    for seed in SEEDS:
        for where, scene in scenes(game_id, seed):
            assert problems(scene) == [], where
            flashed += scene["flash"] is not None
            # the page docks the learner's own hand above the panel: one zone, the seat's hand (NAP-13's healing
            # spreads a discard pile as a hand too; it is not the learner's hand)
            own = [zone for area in scene["areas"] for zone in area["zones"] if zone.get("own")]
            assert [(zone["id"], zone["kind"]) for zone in own] == [(f"{scene_seat(game_id)}.hand", "hand")], where
    assert flashed  # a refusal's flash was among the scenes checked


def scene_seat(game_id: str) -> str:
    game = cardlib.load(game_id)
    return game.new(seed=0, players=game.player_counts[0]).players[0]


def test_the_deck_builders_tables_keep_the_contract() -> None:
    builder = DeckBuilder()
    builder.remove("roi")
    for table in (builder.set_table, builder.deck_table):
        assert problems(table.scene) == []


def test_a_scene_off_the_contract_is_told_where_and_how() -> None:
    board = Board.showing(layout("napoletana"), cardlib.load("napoletana").new(seed=1), "red")
    scene = board.table.scene
    zone = scene["areas"][0]["zones"][0]
    zone["kind"] = "heap"
    zone["cards"].append({"id": "7H", "rank": "7", "suit": "H", "back": False, "value": True, "tag": "", "label": ""})
    scene["glow"] = 1
    del scene["prompt"]
    said = problems(scene)
    assert "scene: glow is not part of a Scene" in said and "scene: a Scene needs prompt" in said
    assert any(line.startswith("scene.areas[0].zones[0].kind: 'heap' is none of") for line in said)
    assert any(line.startswith("scene.areas[0].zones[0].cards[") and ".value:" in line for line in said)
