"""Regressions for what an independent review of Senza Nome found."""

import pytest

from cardlib import BadState
from cardlib.games.senza_nome import GAME


@pytest.mark.parametrize(("key", "value"), [("next_run", -5), ("reshuffles", -3)])
def test_the_loader_refuses_impossible_counters(key, value):
    data = GAME.new(seed=1).to_json()
    data[key] = value
    with pytest.raises(BadState, match=key):
        GAME.from_json(data)


def test_determinize_neither_keeps_the_true_seed_nor_others_private_events():
    state = GAME.new(seed=1)
    while not any(event.only for event in state.events):
        state = state.play(state.legal_moves()[0])
    owner = next(event.only for event in state.events if event.only)
    other = next(player for player in state.players if player != owner)
    guess = state.determinize(other, seed=99)
    assert guess.seed == 99
    assert all(event.only in (None, other) for event in guess.events)
