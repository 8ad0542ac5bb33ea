"""The golden playthroughs (tests/golden/, recorded by `make golden`) replay exactly: the same moves give the same
states, and the bots still choose the same moves. A failure names the first move where the game went another way
(``first_difference``); if the change was meant, record them again and review the diff."""

from __future__ import annotations

import json

import pytest
from golden.playthroughs import first_difference, path

import cardlib

RECORDED = [
    pytest.param(game_id, index, id=f"{game_id}-{index}")
    for game_id in cardlib.GAMES
    for index in range(len(json.loads(path(game_id).read_text())["games"]))
]


def recorded(game_id: str, index: int) -> dict:
    return json.loads(path(game_id).read_text())["games"][index]


@pytest.mark.parametrize(("game_id", "index"), RECORDED)
def test_the_recorded_moves_give_the_recorded_states_and_the_bots_still_choose_them(game_id: str, index: int) -> None:
    assert first_difference(game_id, recorded(game_id, index)) is None
