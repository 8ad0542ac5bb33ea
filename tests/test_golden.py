"""The golden playthroughs (tests/golden/, recorded by `make golden`) replay exactly: the same moves give the same
states, and the bots still choose the same moves. A failure names the first move where the game went another way;
if the change was meant, record them again and review the diff."""

from __future__ import annotations

import json

import pytest
from golden.playthroughs import bots_for, path

import cardlib

RECORDED = [
    pytest.param(game_id, index, id=f"{game_id}-{index}")
    for game_id in cardlib.GAMES
    for index in range(len(json.loads(path(game_id).read_text())["games"]))
]


def recorded(game_id: str, index: int) -> dict:
    return json.loads(path(game_id).read_text())["games"][index]


@pytest.mark.parametrize(("game_id", "index"), RECORDED)
def test_the_recorded_moves_give_the_recorded_states(game_id: str, index: int) -> None:
    game = recorded(game_id, index)
    rules = cardlib.load(game_id)
    state = rules.new(seed=game["seed"], players=game["players"], **game["options"])
    assert state.to_json() == game["states"]["0"], "the deal itself changed"
    for number, move in enumerate(game["moves"], start=1):
        verdict = state.check(rules.parse_move(move))
        assert verdict, f"move {number}, {move}, is refused now: {verdict.reason} ({verdict.rule})"
        state = state.play(move)
        if str(number) in game["states"]:
            assert state.to_json() == game["states"][str(number)], f"the state after move {number} ({move}) changed"
    assert state.is_over, "the recorded game no longer ends where it did"


@pytest.mark.parametrize(("game_id", "index"), RECORDED)
def test_the_bots_still_choose_the_recorded_moves(game_id: str, index: int) -> None:
    game = recorded(game_id, index)
    state = cardlib.load(game_id).new(seed=game["seed"], players=game["players"], **game["options"])
    bots = dict(zip(state.players, bots_for(game_id, tuple(game["bots"]), game["seed"]), strict=True))
    for number, move in enumerate(game["moves"], start=1):
        chosen = str(bots[state.to_move].decide(state, state.to_move).move)
        assert chosen == move, f"move {number}: the {state.to_move} bot now plays {chosen}, not {move}"
        state = state.play(move)
