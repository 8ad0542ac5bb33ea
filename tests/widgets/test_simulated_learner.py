"""benchmarks/learners.py plays through the widget protocol alone, reading what it may click from the scene as the
page does: every move it finds there must be a move the board takes (or refuses with a ruling), in every game,
and it must see whose turn it is and when the game is over."""

import importlib.util
import random
from pathlib import Path

import pytest

import cardlib
from cardlib.games import GAMES
from widgets.board import Board
from widgets.layouts import layout

_SPEC = importlib.util.spec_from_file_location("learners", Path(__file__).parents[2] / "benchmarks" / "learners.py")
learners = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(learners)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_simulated_learners_clicks_are_moves_the_board_takes(game_id):
    game, played = cardlib.load(game_id), 0
    for seed in range(4):
        state, rng = game.new(seed=seed), random.Random(seed)
        seat = state.players[0]
        for _ in range(40):
            scene = Board.showing(layout(game_id), state, seat).table.scene
            assert learners.over(scene) == state.is_over
            offered = learners.offers(scene)
            if state.is_over:
                break
            # the bots' turn offers nothing; the learner's always offers something
            assert bool(offered) == (state.to_move == seat), scene.get("prompt")
            if not offered:
                state = state.play(rng.choice(state.legal_moves()))
                continue
            landed = []
            for clicks in offered:
                board = Board.showing(layout(game_id), state, seat)
                for click in clicks:
                    board.table.click(**click)
                while asked := learners.choosing(board.table.scene):
                    board.table.click(**rng.choice(asked))
                flash = board.table.scene.get("flash") or {}
                if board.session.state is not state:
                    landed.append(board.session.state)
                else:  # not a move: a refusal that names its rule
                    assert flash.get("kind") == "error" and flash.get("rule"), (clicks, flash)
            assert landed, f"nothing the scene offers is a move: {scene.get('prompt')}"
            state = rng.choice(landed)
            played += 1
    assert played >= 10
